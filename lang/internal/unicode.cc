// UTF-8, and the character classes of unicode.h from the Unicode database (ICU).
#include "lang/internal/unicode.h"

#include "base/unicode.h"

namespace wick::lang::internal {

char32_t DecodeUtf8(absl::string_view s, size_t* len) {
  auto byte = [&](size_t i) { return static_cast<unsigned char>(s[i]); };
  unsigned char b0 = byte(0);
  *len = 1;
  if (b0 < 0x80) return b0;
  size_t n = b0 >= 0xF0 ? 4 : b0 >= 0xE0 ? 3 : b0 >= 0xC0 ? 2 : 0;
  if (n == 0 || n > s.size() || b0 > 0xF4) return 0xFFFD;
  char32_t cp = b0 & (0x7F >> n);
  for (size_t i = 1; i < n; ++i) {
    if ((byte(i) & 0xC0) != 0x80) return 0xFFFD;
    cp = (cp << 6) | (byte(i) & 0x3F);
  }
  // Overlong forms, surrogates and values past U+10FFFF are malformed.
  static constexpr char32_t kMin[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < kMin[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0xFFFD;
  *len = n;
  return cp;
}


bool ValidUtf8(absl::string_view s, size_t* bad_offset) {
  size_t i = 0;
  while (i < s.size()) {
    if (static_cast<unsigned char>(s[i]) < 0x80) {
      ++i;
      continue;
    }
    size_t len = 0;
    char32_t cp = DecodeUtf8(s.substr(i), &len);
    if (cp == 0xFFFD && len == 1) {
      *bad_offset = i;
      return false;
    }
    i += len;
  }
  return true;
}

bool IsPrintableCodePoint(char32_t cp) { return base::IsPrintable(cp); }

bool IsIdentifierCodePoint(char32_t cp) { return base::IsXidContinue(cp); }

bool IsIdentifierStartCodePoint(char32_t cp) { return base::IsXidStart(cp); }

}  // namespace wick::lang::internal
