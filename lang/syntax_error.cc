// SyntaxError: CPython 3.11's rendering of an uncaught SyntaxError (pythonrun.c's
// print_exception + print_error_text), and its round trip through an absl::Status.
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "lang/parser.h"

namespace wick::lang {
namespace {

constexpr absl::string_view kPayloadKey = "wick/lang/syntax_error";

}  // namespace

absl::string_view SyntaxError::TypeName() const {
  switch (type) {
    case Type::kSyntaxError:
      return "SyntaxError";
    case Type::kIndentationError:
      return "IndentationError";
    case Type::kTabError:
      return "TabError";
  }
  return "SyntaxError";
}

std::string SyntaxError::Render() const {
  // Without a line (e.g. undecodable source) CPython prints only the message.
  if (line <= 0) return absl::StrCat(TypeName(), ": ", message, "\n");
  std::string out = absl::StrCat("  File \"", filename, "\", line ", line, "\n");
  // CPython ignores the end position of SyntaxError subclasses.
  bool subclass = type != Type::kSyntaxError;
  int end_ln = subclass ? line : end_line;
  int end_off = subclass ? -1 : end_offset;
  // The line CPython reads back from the file still has its newline.
  int line_size = static_cast<int>(text.size()) + 1;
  if (end_ln > line) end_off = line_size;
  if (end_off > line_size + 1) end_off = line_size + 1;

  int carets = (end_off > 0 && end_off > offset) ? end_off - offset : 1;
  int col = offset - 1;
  // Leading whitespace is not printed; the caret moves left with it. (CPython mixes
  // character offsets with byte lengths here; so do we.)
  size_t start = 0;
  while (start < text.size() &&
         (text[start] == ' ' || text[start] == '\t' || text[start] == '\f')) {
    ++start;
    --col;
  }
  absl::string_view shown = absl::string_view(text).substr(start);
  if (col > static_cast<int>(shown.size())) col = static_cast<int>(shown.size());
  absl::StrAppend(&out, "    ", shown, "\n");
  if (col >= 0) {
    absl::StrAppend(&out, "    ", std::string(col, ' '), std::string(carets, '^'), "\n");
  }
  absl::StrAppend(&out, TypeName(), ": ", message, "\n");
  return out;
}

// The payload is the fields, each as "<length>:<bytes>" (text may hold any byte).
absl::Status SyntaxError::ToStatus() const {
  absl::Status status = PythonError(TypeName(), message);
  const std::string fields[] = {std::string(TypeName()),   message,
                                filename,                   absl::StrCat(line),
                                absl::StrCat(offset),       absl::StrCat(end_line),
                                absl::StrCat(end_offset),   text};
  std::string payload;
  for (const std::string& f : fields) absl::StrAppend(&payload, f.size(), ":", f);
  status.SetPayload(kPayloadKey, absl::Cord(payload));
  return status;
}

std::optional<SyntaxError> GetSyntaxError(const absl::Status& status) {
  auto payload = status.GetPayload(kPayloadKey);
  if (!payload) return std::nullopt;
  std::string data(*payload);
  std::vector<std::string> f;
  size_t at = 0;
  while (at < data.size()) {
    size_t colon = data.find(':', at);
    size_t len = 0;
    if (colon == std::string::npos ||
        !absl::SimpleAtoi(absl::string_view(data).substr(at, colon - at), &len) ||
        colon + 1 + len > data.size()) {
      return std::nullopt;
    }
    f.push_back(data.substr(colon + 1, len));
    at = colon + 1 + len;
  }
  if (f.size() != 8) return std::nullopt;
  SyntaxError e;
  if (f[0] == "IndentationError") {
    e.type = SyntaxError::Type::kIndentationError;
  } else if (f[0] == "TabError") {
    e.type = SyntaxError::Type::kTabError;
  }
  e.message = f[1];
  e.filename = f[2];
  if (!absl::SimpleAtoi(f[3], &e.line) || !absl::SimpleAtoi(f[4], &e.offset) ||
      !absl::SimpleAtoi(f[5], &e.end_line) || !absl::SimpleAtoi(f[6], &e.end_offset)) {
    return std::nullopt;
  }
  e.text = f[7];
  return e;
}

}  // namespace wick::lang
