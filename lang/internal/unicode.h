// The little Unicode the front end needs: UTF-8 decoding/encoding and the character
// classes of identifiers (XID_Start/XID_Continue, as CPython's tokenizer checks them) and
// of error messages (str.isprintable), from the Unicode database (base/unicode.h).
#ifndef WICK_LANG_INTERNAL_UNICODE_H_
#define WICK_LANG_INTERNAL_UNICODE_H_

#include <string>

#include "absl/strings/string_view.h"
#include "base/text.h"

namespace wick::lang::internal {

// Decodes the code point at the start of `s` (non-empty) and sets *len to its length in
// bytes. A malformed sequence decodes as U+FFFD with length 1.
char32_t DecodeUtf8(absl::string_view s, size_t* len);

// Appends the UTF-8 encoding of `cp` (<= 0x10FFFF) to `out`.
using ::wick::base::AppendUtf8;

// Whether `s` is well-formed UTF-8; if not, *bad_offset is the first bad byte.
bool ValidUtf8(absl::string_view s, size_t* bad_offset);

bool IsIdentifierStartCodePoint(char32_t cp);
bool IsIdentifierCodePoint(char32_t cp);
// Python's str.isprintable() for one character.
bool IsPrintableCodePoint(char32_t cp);

}  // namespace wick::lang::internal

#endif  // WICK_LANG_INTERNAL_UNICODE_H_
