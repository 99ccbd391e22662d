// Line index and CPython-style error location helpers (see source_lines.h).
#include "lang/source_lines.h"

#include <algorithm>
#include <utility>

namespace wick::lang {

SourceLines::SourceLines(absl::string_view source) : source_(source) {
  starts_.push_back(0);
  for (size_t i = 0; i < source.size(); ++i) {
    if (source[i] == '\n' && i + 1 < source.size()) starts_.push_back(i + 1);
  }
}

absl::string_view SourceLines::Line(int n) const {
  if (n < 1 || n > count()) return {};
  size_t start = starts_[n - 1];
  size_t end = source_.find('\n', start);
  if (end == absl::string_view::npos) end = source_.size();
  return source_.substr(start, end - start);
}

int ByteToCharOffset(absl::string_view line, int byte_offset) {
  if (byte_offset <= 0) return byte_offset;
  // CPython reads the line with its '\n' and clips to strlen + 1.
  int size = static_cast<int>(line.size());
  int n = std::min(byte_offset, size + 2);
  int chars = 0;
  for (int i = 0; i < std::min(n, size); ++i) {
    if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80) ++chars;
  }
  if (n > size) chars += n - size;
  return chars;
}

int CharCount(absl::string_view s) {
  int chars = 0;
  for (char c : s) {
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++chars;
  }
  return chars;
}

SyntaxError MakeError(const SourceLines& lines, absl::string_view filename,
                      SyntaxError::Type type, std::string message, int line, int col,
                      int end_line, int end_col) {
  SyntaxError e;
  e.type = type;
  e.message = std::move(message);
  e.filename = std::string(filename);
  e.line = line;
  e.end_line = end_line;
  e.text = std::string(lines.Line(line));
  // CPython 3.11 leaves parser and compiler columns in bytes when it reads a file
  // (only its tokenizer counts characters).
  e.offset = col;
  e.end_offset = end_col;
  return e;
}

}  // namespace wick::lang
