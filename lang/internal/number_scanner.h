// Scanning a NUMBER token the way CPython 3.11's tokenizer does: decimal, hex, octal,
// binary, float and imaginary literals with `_` separators, and its exact errors
// ("invalid decimal literal", "invalid digit '8' in octal literal", leading zeros).
#ifndef WICK_LANG_INTERNAL_NUMBER_SCANNER_H_
#define WICK_LANG_INTERNAL_NUMBER_SCANNER_H_

#include <string>

#include "absl/strings/string_view.h"

namespace wick::lang::internal {

inline bool IsDigit(int c) { return c >= '0' && c <= '9'; }
inline bool IsXDigit(int c) {
  return IsDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
// Bytes that may start or continue a name (any non-ASCII byte may; unicode.h decides).
inline bool IsIdentifierStart(int c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 128;
}
inline bool IsIdentifierChar(int c) { return IsIdentifierStart(c) || IsDigit(c); }

struct NumberScan {
  size_t end = 0;      // one past the number, when `error` is empty
  std::string error;   // CPython's message
  size_t cursor = 0;   // where CPython's cursor stops: the caret goes just before it
  size_t range_end = 0;  // for leading zeros: the error spans the number up to here
};

// Scans the number starting at src[start] (a digit, or '.' before a digit).
NumberScan ScanNumber(absl::string_view src, size_t start);

}  // namespace wick::lang::internal

#endif  // WICK_LANG_INTERNAL_NUMBER_SCANNER_H_
