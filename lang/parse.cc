// lang::Parse: source normalization (BOM, line endings, final newline, encoding
// checks), then tokenizer -> parser -> the compile-time checks of validate.h.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "base/status_macros.h"
#include "lang/internal/parser.h"
#include "lang/source_lines.h"
#include "lang/internal/tokenizer.h"
#include "lang/internal/unicode.h"
#include "lang/internal/validate.h"
#include "lang/parser.h"

namespace wick::lang {
namespace {

// Universal newlines, as CPython reads a file: "\r\n" and "\r" become "\n", and a last
// line without one gets one (its tokens are positioned as if it had been there).
std::string Normalize(absl::string_view source) {
  if (source.size() >= 3 && source.substr(0, 3) == "\xEF\xBB\xBF") source.remove_prefix(3);
  std::string out;
  out.reserve(source.size() + 1);
  for (size_t i = 0; i < source.size(); ++i) {
    char c = source[i];
    if (c == '\r') {
      out.push_back('\n');
      if (i + 1 < source.size() && source[i + 1] == '\n') ++i;
    } else {
      out.push_back(c);
    }
  }
  if (!out.empty() && out.back() != '\n') out.push_back('\n');
  return out;
}

int LineOf(absl::string_view text, size_t offset) {
  int line = 1;
  for (size_t i = 0; i < offset; ++i) line += text[i] == '\n';
  return line;
}

}  // namespace

absl::StatusOr<std::unique_ptr<Module>> Parse(absl::string_view source,
                                              absl::string_view filename) {
  auto module = std::make_unique<Module>();
  module->filename = std::make_shared<const std::string>(filename);
  module->source = Normalize(source);
  const std::string& text = module->source;
  SourceLines lines(text);

  size_t bad = 0;
  if (!internal::ValidUtf8(text, &bad)) {
    // CPython reports this before tokenizing, without a location.
    SyntaxError e;
    e.filename = std::string(filename);
    e.message = absl::StrFormat(
        "Non-UTF-8 code starting with '\\x%02x' in file %s on line %d, but no encoding "
        "declared; see https://peps.python.org/pep-0263/ for details",
        static_cast<unsigned char>(text[bad]), filename, LineOf(text, bad));
    return e.ToStatus();
  }
  size_t nul = text.find('\0');
  if (nul != std::string::npos) {
    // CPython 3.11 cuts the line at the NUL and reports whatever that breaks; 3.12's
    // message is clearer.
    int line = LineOf(text, nul);
    return MakeError(lines, filename, SyntaxError::Type::kSyntaxError,
                               "source code cannot contain null bytes", line, 0, line, -1)
        .ToStatus();
  }

  internal::TokenStream tokens = internal::Tokenize(lines, filename, {}, &module->arena);
  internal::Parser parser(module.get(), lines, tokens);
  std::vector<Stmt*> body;
  if (!parser.ParseFile(&body)) return parser.error().ToStatus();
  module->body = module->arena.Copy(body);
  RETURN_IF_ERROR(internal::Validate(*module, lines));
  return module;
}

}  // namespace wick::lang
