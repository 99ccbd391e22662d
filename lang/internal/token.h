// Tokens as CPython's tokenizer produces them for the parser: NAME, NUMBER, STRING,
// NEWLINE, INDENT, DEDENT, operators, and (classified here rather than in the parser)
// hard keywords. Comments and non-logical newlines (NL) are dropped.
#ifndef WICK_LANG_INTERNAL_TOKEN_H_
#define WICK_LANG_INTERNAL_TOKEN_H_

#include <cstdint>

#include "absl/strings/string_view.h"

namespace wick::lang::internal {

enum class Tok : uint8_t {
  kEndMarker, kName, kNumber, kString, kNewline, kIndent, kDedent,
  kError,  // the tokenizer stopped here; TokenStream::error says why
  // Operators and delimiters.
  kLPar, kRPar, kLSqb, kRSqb, kLBrace, kRBrace, kColon, kComma, kSemi, kPlus, kMinus,
  kStar, kSlash, kVBar, kAmper, kLess, kGreater, kEqual, kDot, kPercent, kEqEqual,
  kNotEqual, kLessEqual, kGreaterEqual, kTilde, kCircumflex, kLeftShift, kRightShift,
  kDoubleStar, kPlusEqual, kMinEqual, kStarEqual, kSlashEqual, kPercentEqual,
  kAmperEqual, kVBarEqual, kCircumflexEqual, kLeftShiftEqual, kRightShiftEqual,
  kDoubleStarEqual, kDoubleSlash, kDoubleSlashEqual, kAt, kAtEqual, kRArrow, kEllipsis,
  kColonEqual,
  kUnknownChar,  // `$`, `?`, `!`, backquote: CPython passes them on as OP; no rule matches
  // Hard keywords (soft ones, `match`/`case`/`_`, stay kName).
  kFalse, kNone, kTrue, kAnd, kAs, kAssert, kAsync, kAwait, kBreak, kClass, kContinue,
  kDef, kDel, kElif, kElse, kExcept, kFinally, kFor, kFrom, kGlobal, kIf, kImport, kIn,
  kIs, kLambda, kNonlocal, kNot, kOr, kPass, kRaise, kReturn, kTry, kWhile, kWith,
  kYield,
};

inline bool IsKeyword(Tok t) { return t >= Tok::kFalse; }

// The keyword a name spells, or kName.
Tok KeywordKind(absl::string_view name);

// How the token is written ("'('", "'if'", "NAME", ...), for debugging and tests.
absl::string_view TokName(Tok t);

struct Token {
  Tok kind = Tok::kEndMarker;
  // Bracket nesting after this token (CPython's tok->level): an opening bracket counts
  // itself, a closing one does not.
  uint16_t level = 0;
  // CPython's token positions: 1-based lines, 0-based byte columns, end exclusive.
  // INDENT spans the indentation; DEDENT and ENDMARKER are empty.
  int32_t line = 0;
  int32_t col = 0;
  int32_t end_line = 0;
  int32_t end_col = 0;
  absl::string_view text;  // the source bytes (empty for INDENT/DEDENT/ENDMARKER)
};

}  // namespace wick::lang::internal

#endif  // WICK_LANG_INTERNAL_TOKEN_H_
