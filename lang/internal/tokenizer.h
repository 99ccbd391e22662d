// The tokenizer: source text -> the token stream the parser reads, following CPython
// 3.11's tokenizer.c (indentation stack with its tab/space consistency check, implicit
// line joining inside brackets, backslash continuations, number and string scanning, and
// the same error messages and caret positions).
//
// The whole file is tokenized up front, but an error is not reported here: the stream
// ends with a kError token and the parser reports the error when it reaches that token,
// or in place of its own error where CPython would (see TokenizerError), because CPython
// tokenizes lazily and reports whichever problem its parser meets first.
#ifndef WICK_LANG_INTERNAL_TOKENIZER_H_
#define WICK_LANG_INTERNAL_TOKENIZER_H_

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "lang/arena.h"
#include "lang/source_lines.h"
#include "lang/internal/token.h"
#include "lang/parser.h"

namespace wick::lang::internal {

struct TokenizerError {
  SyntaxError error;
  // CPython raised it from inside its tokenizer (unterminated string, bad number,
  // unmatched bracket, ...) rather than leaving a status code for the parser to report
  // (inconsistent dedent, TabError, EOF inside brackets): such an error replaces any
  // syntax error the parser reports earlier in the file.
  bool raised = false;
  // The innermost bracket still open where the tokenizer stopped (line 0: none) and
  // its "'(' was never closed" error, which replaces a parser error reported after
  // that line.
  int open_bracket_line = 0;
  SyntaxError unclosed;
};

struct TokenStream {
  std::vector<Token> tokens;  // ends with kEndMarker, or with kError when error is set
  std::optional<TokenizerError> error;
  // The NFKC forms of non-ASCII names that normalization changed, when Tokenize was
  // given no arena for them (a NAME token's text points here instead of the source).
  std::unique_ptr<Arena> names;
};

// Where a piece of source sits in its file. F-string expressions are tokenized on their
// own (as CPython does, from "(" + expr + ")"); their tokens are moved to the position
// of the expression: line L of the piece is file line first_line + L - 1, and columns on
// its first line are shifted by first_col_shift.
struct SourceOrigin {
  int first_line = 1;
  int first_col_shift = 0;
};

// Tokenizes `lines.source()`, which must end with '\n' unless it is empty or an
// f-string piece. Never fails; see TokenStream::error. A non-ASCII NAME's text is its
// NFKC form, as CPython's parser makes it ("ﬁ" is the name "fi"); where that differs from
// the source, it is kept in `names` (the module's arena), else in TokenStream::names.
TokenStream Tokenize(const SourceLines& lines, absl::string_view filename,
                     SourceOrigin origin = {}, Arena* names = nullptr);

}  // namespace wick::lang::internal

#endif  // WICK_LANG_INTERNAL_TOKENIZER_H_
