// Text encodings shared across packages: JSON string and float text as Python's
// json.dumps writes them (the structured trace, the report's data), and UTF-8 encoding
// of one code point (the lexer, JSON \u escapes).
#ifndef WICK_BASE_TEXT_H_
#define WICK_BASE_TEXT_H_

#include <string>

#include "absl/strings/string_view.h"

namespace wick::base {

// JSON text of a string as Python's json.dumps writes it (ASCII only: other characters
// as \uXXXX escapes, astral ones as surrogate pairs). With `ascii` false, non-ASCII bytes
// are copied as they are, as serde_json (and so tlparse) writes strings.
std::string JsonQuote(absl::string_view s, bool ascii = true);
// JSON text of a float as json.dumps writes it (Python's repr: the shortest text that
// reads back to the same double, "0.0012", "1764763628.123456", "1e-05"; NaN, Infinity).
std::string JsonFloat(double x);

// Appends the UTF-8 encoding of `cp` (<= 0x10FFFF) to `out`.
void AppendUtf8(char32_t cp, std::string* out);

}  // namespace wick::base

#endif  // WICK_BASE_TEXT_H_
