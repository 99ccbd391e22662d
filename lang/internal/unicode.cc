// UTF-8 and the approximate character classes of unicode.h.
#include "lang/internal/unicode.h"

namespace wick::lang::internal {
namespace {

struct Range {
  char32_t lo, hi;
};

bool InRanges(char32_t cp, const Range* ranges, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    if (cp >= ranges[i].lo && cp <= ranges[i].hi) return true;
  }
  return false;
}

// Spaces, format and control characters: not printable (categories Zs, Zl, Zp, Cc, Cf,
// Co, Cs as far as source text meets them).
constexpr Range kNonPrintable[] = {
    {0x0080, 0x00A0}, {0x00AD, 0x00AD}, {0x1680, 0x1680}, {0x180E, 0x180E},
    {0x2000, 0x200F}, {0x2028, 0x202F}, {0x205F, 0x206F}, {0x3000, 0x3000},
    {0xD800, 0xF8FF}, {0xFEFF, 0xFEFF}, {0xFFF9, 0xFFFB}, {0xF0000, 0x10FFFF},
};

// Punctuation and symbols that are not identifier characters.
constexpr Range kNotIdentifier[] = {
    {0x00A1, 0x00A9}, {0x00AB, 0x00B4}, {0x00B6, 0x00B6}, {0x00B8, 0x00B9},
    {0x00BB, 0x00BF}, {0x00D7, 0x00D7}, {0x00F7, 0x00F7}, {0x2010, 0x2027},
    {0x2030, 0x203E}, {0x2041, 0x2053}, {0x2055, 0x205E}, {0x20A0, 0x20CF},
    {0x2190, 0x23FF}, {0x2400, 0x24FF}, {0x2500, 0x27BF}, {0x27C0, 0x2BFF},
    {0x2E00, 0x2E7F}, {0x3001, 0x3003}, {0x3008, 0x3020}, {0xFD3E, 0xFD3F},
    {0xFE10, 0xFE1F}, {0xFE30, 0xFE4C}, {0xFE50, 0xFE6F}, {0xFF01, 0xFF0F},
    {0xFF1A, 0xFF20}, {0xFF3B, 0xFF3E}, {0xFF40, 0xFF40}, {0xFF5B, 0xFF65},
    {0xFFFC, 0xFFFD}, {0x1F000, 0x1FAFF},
};

}  // namespace

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

bool IsPrintableCodePoint(char32_t cp) {
  if (cp < 0x80) return cp >= 0x20 && cp < 0x7F;
  return !InRanges(cp, kNonPrintable, sizeof(kNonPrintable) / sizeof(Range));
}

bool IsIdentifierCodePoint(char32_t cp) {
  if (cp < 0x80) {
    return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') ||
           (cp >= '0' && cp <= '9') || cp == '_';
  }
  return IsPrintableCodePoint(cp) &&
         !InRanges(cp, kNotIdentifier, sizeof(kNotIdentifier) / sizeof(Range));
}

bool IsIdentifierStartCodePoint(char32_t cp) {
  if (cp >= '0' && cp <= '9') return false;
  // Combining marks continue an identifier but cannot start one.
  if (cp >= 0x0300 && cp <= 0x036F) return false;
  return IsIdentifierCodePoint(cp);
}

}  // namespace wick::lang::internal
