// SourceLines indexes a source text by line, and the helpers here build SyntaxErrors
// the way CPython 3.11 fills one in: byte columns converted to 1-based character
// offsets against the offending line, which becomes the error's `text`.
#ifndef WICK_LANG_SOURCE_LINES_H_
#define WICK_LANG_SOURCE_LINES_H_

#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "lang/parser.h"

namespace wick::lang {

class SourceLines {
 public:
  // `source` must outlive this object.
  explicit SourceLines(absl::string_view source);

  // Line `n` (1-based) without its '\n'; empty when out of range.
  absl::string_view Line(int n) const;
  // Byte offset of the start of line `n` (1-based) in the source.
  size_t LineStart(int n) const { return starts_[n - 1]; }
  int count() const { return static_cast<int>(starts_.size()); }
  absl::string_view source() const { return source_; }

 private:
  absl::string_view source_;
  std::vector<size_t> starts_;
};

// Characters in the first `byte_offset` bytes of `line`, as CPython's
// _PyPegen_byte_offset_to_character_offset counts them (a partial UTF-8 sequence counts
// as one; offsets past the end are clipped to the line plus its newline, plus one).
int ByteToCharOffset(absl::string_view line, int byte_offset);

// Characters in `s` (UTF-8).
int CharCount(absl::string_view s);

// An error located the way the parser locates one: `col` and `end_col` are 1-based byte
// offsets (<= 0: none) into line `line` resp. `end_line` of `lines`, kept in bytes as
// CPython 3.11 keeps them for a file.
SyntaxError MakeError(const SourceLines& lines, absl::string_view filename,
                      SyntaxError::Type type, std::string message, int line, int col,
                      int end_line, int end_col);

}  // namespace wick::lang

#endif  // WICK_LANG_SOURCE_LINES_H_
