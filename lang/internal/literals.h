// Literal values: number tokens to Constants, string-literal escape decoding with
// CPython's error messages, and Python's repr() of floats for the AST dump.
#ifndef WICK_LANG_INTERNAL_LITERALS_H_
#define WICK_LANG_INTERNAL_LITERALS_H_

#include <string>

#include "absl/strings/string_view.h"
#include "lang/ast.h"
#include "lang/arena.h"

namespace wick::lang::internal {

// Fills `out` from a NUMBER token the tokenizer accepted: kInt when the value fits in
// int64, kBigInt (decimal digits in the arena) when it does not, kFloat, or kComplex.
void ParseNumber(absl::string_view text, Arena* arena, Constant* out);

// Decodes the escapes of a non-raw string body (the text between the quotes). On a bad
// escape returns false with CPython's message in *error, e.g. "(unicode error)
// 'unicodeescape' codec can't decode bytes in position 0-2: truncated \xXX escape".
// `\N{name}` escapes are rejected: wick has no Unicode name database.
bool DecodeEscapes(absl::string_view body, bool bytes, std::string* out,
                   std::string* error);

// Python's repr(float): the shortest string that round-trips, in fixed notation for
// exponents in [-4, 16) and scientific otherwise ("1e-05", "0.5", "1e+16", "inf").
std::string FloatRepr(double v);

}  // namespace wick::lang::internal

#endif  // WICK_LANG_INTERNAL_LITERALS_H_
