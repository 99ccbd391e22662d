// UTF-8 coding and the character tables behind str's code-point operations (see
// unicode.h for the coverage and what would replace the tables).
#include "vm/objects/unicode.h"

#include <initializer_list>

#include "base/text.h"

namespace wick::vm::internal {

bool IsAsciiText(absl::string_view s) {
  for (unsigned char c : s) {
    if (c >= 0x80) return false;
  }
  return true;
}

char32_t DecodeUtf8At(absl::string_view s, size_t* i) {
  unsigned char c = static_cast<unsigned char>(s[*i]);
  int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
  if (extra == 0 || *i + extra >= s.size()) {
    ++*i;
    return c;
  }
  char32_t cp = c & (0x3F >> extra);
  for (int k = 1; k <= extra; ++k) {
    cp = (cp << 6) | (static_cast<unsigned char>(s[*i + k]) & 0x3F);
  }
  *i += extra + 1;
  return cp;
}

std::u32string DecodeUtf8(absl::string_view s) {
  std::u32string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) out.push_back(DecodeUtf8At(s, &i));
  return out;
}

void AppendUtf8(std::string* out, char32_t c) {
  base::AppendUtf8(c, out);
}

std::string EncodeUtf8(const std::u32string& s) {
  std::string out;
  out.reserve(s.size());
  for (char32_t c : s) AppendUtf8(&out, c);
  return out;
}

int64_t CountCodePoints(absl::string_view s) {
  int64_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;  // count non-continuation bytes
  return n;
}

size_t CodePointToByte(absl::string_view s, int64_t index) {
  size_t i = 0;
  for (int64_t k = 0; k < index && i < s.size(); ++k) DecodeUtf8At(s, &i);
  return i;
}

int64_t ByteToCodePoint(absl::string_view s, size_t byte) {
  return CountCodePoints(s.substr(0, byte));
}

namespace {

// Uppercase letters and their lowercase partners: every `step`-th character from
// `first` to `last` is uppercase and lowercases to itself + `delta`.
struct CaseRange {
  char32_t first, last;
  int32_t delta;
  int step;
};

constexpr CaseRange kCaseRanges[] = {
    {0x41, 0x5A, 32, 1},       {0xC0, 0xD6, 32, 1},       {0xD8, 0xDE, 32, 1},
    {0x100, 0x12E, 1, 2},      {0x132, 0x136, 1, 2},      {0x139, 0x147, 1, 2},
    {0x14A, 0x176, 1, 2},      {0x178, 0x178, -121, 1},   {0x179, 0x17D, 1, 2},
    {0x1CD, 0x1DB, 1, 2},      {0x1DE, 0x1EE, 1, 2},      {0x1F8, 0x21E, 1, 2},
    {0x222, 0x232, 1, 2},      {0x246, 0x24E, 1, 2},      {0x386, 0x386, 38, 1},
    {0x388, 0x38A, 37, 1},     {0x38C, 0x38C, 64, 1},     {0x38E, 0x38F, 63, 1},
    {0x391, 0x3A1, 32, 1},     {0x3A3, 0x3AB, 32, 1},     {0x3D8, 0x3EE, 1, 2},
    {0x400, 0x40F, 80, 1},     {0x410, 0x42F, 32, 1},     {0x460, 0x480, 1, 2},
    {0x48A, 0x4BE, 1, 2},      {0x4C1, 0x4CD, 1, 2},      {0x4D0, 0x52E, 1, 2},
    {0x531, 0x556, 48, 1},     {0x1E00, 0x1E94, 1, 2},    {0x1EA0, 0x1EFE, 1, 2},
    {0xFF21, 0xFF3A, 32, 1},
};

bool InRanges(char32_t c, std::initializer_list<std::pair<char32_t, char32_t>> ranges) {
  for (const auto& [lo, hi] : ranges) {
    if (c >= lo && c <= hi) return true;
  }
  return false;
}

}  // namespace

char32_t ToLowerChar(char32_t c) {
  if (c < 0x80) return c >= 'A' && c <= 'Z' ? c + 32 : c;
  for (const CaseRange& r : kCaseRanges) {
    if (c >= r.first && c <= r.last && (c - r.first) % r.step == 0) return c + r.delta;
  }
  if (c == 0x130) return 'i';
  if (c == 0x1E9E) return 0xDF;
  return c;
}

char32_t ToUpperChar(char32_t c) {
  if (c < 0x80) return c >= 'a' && c <= 'z' ? c - 32 : c;
  for (const CaseRange& r : kCaseRanges) {
    char32_t upper = c - r.delta;
    if (upper >= r.first && upper <= r.last && (upper - r.first) % r.step == 0) return upper;
  }
  switch (c) {
    case 0xB5: return 0x39C;
    case 0x131: return 'I';
    case 0x17F: return 'S';
    case 0x3C2: return 0x3A3;
    default: return c;
  }
}

void AppendUpper(std::u32string* out, char32_t c, bool title) {
  if (c == 0xDF) {  // ß
    out->append(title ? U"Ss" : U"SS");
  } else if (c == 0x149) {  // ŉ
    out->append(U"\u02BCN");
  } else {
    out->push_back(ToUpperChar(c));
  }
}

void AppendLower(std::u32string* out, char32_t c) {
  if (c == 0x130) {  // İ lowercases to i + combining dot above
    out->append(U"i\u0307");
  } else {
    out->push_back(ToLowerChar(c));
  }
}

bool IsUpperChar(char32_t c) { return ToLowerChar(c) != c || c == 0x130; }

bool IsLowerChar(char32_t c) {
  return ToUpperChar(c) != c || c == 0xDF || c == 0x138 || c == 0x149 || c == 0xAA ||
         c == 0xBA;
}

bool IsCasedChar(char32_t c) { return IsUpperChar(c) || IsLowerChar(c); }

bool IsAlphaChar(char32_t c) {
  if (c < 0x80) return (c | 32) >= 'a' && (c | 32) <= 'z';
  if (IsCasedChar(c)) return true;
  return InRanges(c, {{0x1C4, 0x24F}, {0x250, 0x2C1}, {0x388, 0x3FF}, {0x400, 0x481},
                      {0x48A, 0x52F}, {0x531, 0x556}, {0x561, 0x587}, {0x5D0, 0x5EA},
                      {0x620, 0x64A}, {0x904, 0x939}, {0xE01, 0xE30}, {0x1E00, 0x1EFF},
                      {0x3041, 0x3096}, {0x30A1, 0x30FA}, {0x3400, 0x4DBF},
                      {0x4E00, 0x9FFF}, {0xAC00, 0xD7A3}, {0xF900, 0xFAFF},
                      {0xFF21, 0xFF3A}, {0xFF41, 0xFF5A}, {0x20000, 0x2A6DF}}) &&
         c != 0x3F6;
}

bool IsDecimalChar(char32_t c) {
  return InRanges(c, {{'0', '9'}, {0x660, 0x669}, {0x6F0, 0x6F9}, {0x966, 0x96F},
                      {0xFF10, 0xFF19}});
}

bool IsDigitChar(char32_t c) {
  return IsDecimalChar(c) ||
         InRanges(c, {{0xB2, 0xB3}, {0xB9, 0xB9}, {0x2070, 0x2070}, {0x2074, 0x2079},
                      {0x2080, 0x2089}, {0x2460, 0x2468}, {0x2474, 0x247C}});
}

bool IsNumericChar(char32_t c) {
  if (IsDigitChar(c)) return true;
  if (InRanges(c, {{0xBC, 0xBE}, {0x2150, 0x2189}, {0x2469, 0x2473}, {0x3007, 0x3007}})) {
    return true;
  }
  // The CJK numerals 一 二 三 四 五 六 七 八 九 十 百 千 万.
  for (char32_t n : {0x4E00, 0x4E8C, 0x4E09, 0x56DB, 0x4E94, 0x516D, 0x4E03, 0x516B, 0x4E5D,
                     0x5341, 0x767E, 0x5343, 0x4E07}) {
    if (c == n) return true;
  }
  return false;
}

bool IsSpaceChar(char32_t c) {
  return InRanges(c, {{0x09, 0x0D}, {0x1C, 0x20}, {0x85, 0x85}, {0xA0, 0xA0},
                      {0x1680, 0x1680}, {0x2000, 0x200A}, {0x2028, 0x2029},
                      {0x202F, 0x202F}, {0x205F, 0x205F}, {0x3000, 0x3000}});
}

bool IsPrintableChar(char32_t c) {
  if (c >= 0x20 && c < 0x7F) return true;
  return !InRanges(c, {{0x00, 0x1F}, {0x7F, 0xA0}, {0xAD, 0xAD}, {0x600, 0x605},
                       {0x61C, 0x61C}, {0x6DD, 0x6DD}, {0x70F, 0x70F}, {0x1680, 0x1680},
                       {0x180E, 0x180E}, {0x2000, 0x200F}, {0x2028, 0x202F},
                       {0x205F, 0x206F}, {0x3000, 0x3000}, {0xD800, 0xF8FF},
                       {0xFEFF, 0xFEFF}, {0xFFF0, 0xFFFB}, {0xFFFE, 0xFFFF},
                       {0xE0000, 0x10FFFF}});
}

}  // namespace wick::vm::internal
