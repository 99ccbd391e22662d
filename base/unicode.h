// The Unicode database where wick needs it exactly (Debian's ICU): identifier
// characters, printability and NFKC normalization, as CPython's tokenizer and parser apply them.
#ifndef WICK_BASE_UNICODE_H_
#define WICK_BASE_UNICODE_H_

#include <string>

#include "absl/strings/string_view.h"

namespace wick::base {

// Python's identifier classes: XID_Start plus '_', and XID_Continue.
bool IsXidStart(char32_t cp);
bool IsXidContinue(char32_t cp);
// Python's str.isprintable() for one character: not a control, format, surrogate,
// private-use, unassigned, line/paragraph separator or space character, except ' '.
bool IsPrintable(char32_t cp);

// The NFKC normal form of UTF-8 text (CPython normalizes every non-ASCII identifier so;
// "ﬁ" becomes "fi"). ASCII text is returned as it is; malformed UTF-8 is returned
// unchanged.
std::string NormalizeNfkc(absl::string_view utf8);

}  // namespace wick::base

#endif  // WICK_BASE_UNICODE_H_
