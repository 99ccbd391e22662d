// Code-point helpers for str: wick keeps str as UTF-8 bytes and gives Python's
// code-point semantics (len, indexing, widths, find offsets) by decoding where text
// is not ASCII. Character properties cover the scripts programs print (Latin with
// its extensions, Greek, Cyrillic, Armenian, fullwidth forms, CJK, kana, Hangul);
// outside those, characters count as printable non-letters. A full Unicode database
// would replace the tables in unicode.cc without changing this interface.
#ifndef WICK_VM_OBJECTS_UNICODE_H_
#define WICK_VM_OBJECTS_UNICODE_H_

#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"

namespace wick::vm::internal {

bool IsAsciiText(absl::string_view s);
// Decodes the code point at byte `*i` and advances `*i` past it. wick only creates
// valid UTF-8; a stray byte decodes as itself so no input can loop or overrun.
char32_t DecodeUtf8At(absl::string_view s, size_t* i);
std::u32string DecodeUtf8(absl::string_view s);
void AppendUtf8(std::string* out, char32_t c);
std::string EncodeUtf8(const std::u32string& s);
int64_t CountCodePoints(absl::string_view s);
// The byte offset of code point `index` (0 <= index <= CountCodePoints(s)).
size_t CodePointToByte(absl::string_view s, int64_t index);
// The code point index of byte offset `byte` (a character boundary).
int64_t ByteToCodePoint(absl::string_view s, size_t byte);

// Simple (one-to-one) case mappings; characters without one map to themselves.
char32_t ToUpperChar(char32_t c);
char32_t ToLowerChar(char32_t c);
// Full mappings Python applies where one character becomes several ("ß" -> "SS").
// `title` selects the title-case form ("ß" -> "Ss").
void AppendUpper(std::u32string* out, char32_t c, bool title);
void AppendLower(std::u32string* out, char32_t c);

bool IsUpperChar(char32_t c);
bool IsLowerChar(char32_t c);
bool IsCasedChar(char32_t c);
bool IsAlphaChar(char32_t c);
bool IsDecimalChar(char32_t c);  // str.isdecimal: 0-9 and other decimal digits
bool IsDigitChar(char32_t c);    // str.isdigit: decimals plus superscripts
bool IsNumericChar(char32_t c);  // str.isnumeric: digits plus vulgar fractions
bool IsSpaceChar(char32_t c);
bool IsPrintableChar(char32_t c);  // repr() prints it as is

}  // namespace wick::vm::internal

#endif  // WICK_VM_OBJECTS_UNICODE_H_
