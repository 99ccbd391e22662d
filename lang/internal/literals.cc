// Number and string literal decoding (literals.h).
#include "lang/internal/literals.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "lang/internal/unicode.h"

namespace wick::lang::internal {
namespace {

int DigitValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  return 99;
}

// Decimal digits of an arbitrarily large unsigned integer written in `base`.
std::string ToDecimal(absl::string_view digits, int base) {
  // Little-endian limbs of 10^9.
  std::vector<uint32_t> limbs = {0};
  for (char c : digits) {
    uint64_t carry = DigitValue(c);
    for (uint32_t& limb : limbs) {
      uint64_t v = static_cast<uint64_t>(limb) * base + carry;
      limb = static_cast<uint32_t>(v % 1000000000);
      carry = v / 1000000000;
    }
    if (carry != 0) limbs.push_back(static_cast<uint32_t>(carry));
  }
  std::string out = absl::StrCat(limbs.back());
  for (size_t i = limbs.size() - 1; i-- > 0;) {
    absl::StrAppend(&out, absl::Dec(limbs[i], absl::kZeroPad9));
  }
  return out;
}

}  // namespace

void ParseNumber(absl::string_view text, Arena* arena, Constant* out) {
  std::string clean;
  clean.reserve(text.size());
  for (char c : text) {
    if (c != '_') clean.push_back(c);
  }
  char last = clean.back();
  if (last == 'j' || last == 'J') {
    clean.pop_back();
    out->value_kind = ConstantKind::kComplex;
    out->float_value = std::strtod(clean.c_str(), nullptr);
    return;
  }
  int base = 10;
  absl::string_view digits = clean;
  if (clean.size() > 1 && clean[0] == '0') {
    char x = clean[1] | 0x20;
    if (x == 'x' || x == 'o' || x == 'b') {
      base = x == 'x' ? 16 : x == 'o' ? 8 : 2;
      digits.remove_prefix(2);
    }
  }
  if (base == 10 && clean.find_first_of(".eE") != std::string::npos) {
    // strtod rounds correctly and overflows to inf like Python's float().
    out->value_kind = ConstantKind::kFloat;
    out->float_value = std::strtod(clean.c_str(), nullptr);
    return;
  }
  uint64_t value = 0;
  bool overflow = false;
  for (char c : digits) {
    uint64_t d = DigitValue(c);
    if (value > (static_cast<uint64_t>(INT64_MAX) - d) / base) {
      overflow = true;
      break;
    }
    value = value * base + d;
  }
  if (!overflow) {
    out->value_kind = ConstantKind::kInt;
    out->int_value = static_cast<int64_t>(value);
    return;
  }
  out->value_kind = ConstantKind::kBigInt;
  out->str_value = arena->Copy(ToDecimal(digits, base));
}

bool DecodeEscapes(absl::string_view body, bool bytes, std::string* out,
                   std::string* error) {
  out->clear();
  out->reserve(body.size());
  // CPython reports positions in its intermediate buffer, where each non-ASCII
  // character has become a 10-byte \UXXXXXXXX escape.
  size_t pos = 0;
  auto codec_error = [&](size_t start, size_t end, absl::string_view what) {
    *error = absl::StrCat("(unicode error) 'unicodeescape' codec can't decode bytes in "
                          "position ", start, "-", end - 1, ": ", what);
    return false;
  };
  size_t i = 0;
  while (i < body.size()) {
    unsigned char c = body[i];
    if (c != '\\') {
      if (c < 0x80) {
        out->push_back(static_cast<char>(c));
        ++i;
        ++pos;
      } else {
        size_t len = 0;
        DecodeUtf8(body.substr(i), &len);
        out->append(body.data() + i, len);
        i += len;
        pos += 10;
      }
      continue;
    }
    size_t start = pos;
    if (i + 1 >= body.size()) {
      out->push_back('\\');
      break;
    }
    char e = body[i + 1];
    i += 2;
    pos += 2;
    switch (e) {
      case '\n': break;
      case '\\': out->push_back('\\'); break;
      case '\'': out->push_back('\''); break;
      case '"': out->push_back('"'); break;
      case 'a': out->push_back('\a'); break;
      case 'b': out->push_back('\b'); break;
      case 'f': out->push_back('\f'); break;
      case 'n': out->push_back('\n'); break;
      case 'r': out->push_back('\r'); break;
      case 't': out->push_back('\t'); break;
      case 'v': out->push_back('\v'); break;
      case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
        uint32_t v = e - '0';
        for (int n = 1; n < 3 && i < body.size() && body[i] >= '0' && body[i] <= '7';
             ++n) {
          v = v * 8 + (body[i] - '0');
          ++i;
          ++pos;
        }
        if (bytes) {
          out->push_back(static_cast<char>(v & 0xFF));
        } else {
          AppendUtf8(v, out);
        }
        break;
      }
      case 'x':
      case 'u':
      case 'U': {
        if (bytes && e != 'x') {
          out->push_back('\\');
          out->push_back(e);
          break;
        }
        int count = e == 'x' ? 2 : e == 'u' ? 4 : 8;
        uint32_t v = 0;
        for (int n = 0; n < count; ++n) {
          if (i >= body.size() || DigitValue(body[i]) >= 16) {
            if (bytes) {
              *error = absl::StrCat("(value error) invalid \\x escape at position ",
                                    start);
              return false;
            }
            return codec_error(start, pos,
                               e == 'x'   ? "truncated \\xXX escape"
                               : e == 'u' ? "truncated \\uXXXX escape"
                                          : "truncated \\UXXXXXXXX escape");
          }
          v = v * 16 + DigitValue(body[i]);
          ++i;
          ++pos;
        }
        if (bytes) {
          out->push_back(static_cast<char>(v));
        } else if (v > 0x10FFFF) {
          return codec_error(start, pos, "illegal Unicode character");
        } else {
          AppendUtf8(v, out);
        }
        break;
      }
      case 'N':
        if (!bytes) {
          *error = "(unicode error) \\N{...} escapes are not supported by wick";
          return false;
        }
        [[fallthrough]];
      default:
        // An unknown escape keeps its backslash (CPython only warns).
        out->push_back('\\');
        i -= 1;
        pos -= 1;
        break;
    }
  }
  return true;
}

std::string FloatRepr(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof(buf), v, std::chars_format::scientific);
  std::string s(buf, res.ptr);
  // s is [-]d[.ddd]e(+|-)XX
  std::string sign;
  if (s[0] == '-') {
    sign = "-";
    s.erase(0, 1);
  }
  size_t e = s.find('e');
  std::string digits = s.substr(0, e);
  int exp = std::atoi(s.c_str() + e + 1);
  digits.erase(std::remove(digits.begin(), digits.end(), '.'), digits.end());
  int decpt = exp + 1;  // digits d1d2... mean 0.d1d2... * 10^decpt
  std::string out;
  if (decpt <= -4 || decpt > 16) {
    out = digits.substr(0, 1);
    if (digits.size() > 1) absl::StrAppend(&out, ".", digits.substr(1));
    absl::StrAppend(&out, absl::StrFormat("e%c%02d", exp < 0 ? '-' : '+', std::abs(exp)));
  } else if (decpt <= 0) {
    out = absl::StrCat("0.", std::string(-decpt, '0'), digits);
  } else if (decpt >= static_cast<int>(digits.size())) {
    out = absl::StrCat(digits, std::string(decpt - digits.size(), '0'), ".0");
  } else {
    out = absl::StrCat(digits.substr(0, decpt), ".", digits.substr(decpt));
  }
  return sign + out;
}

}  // namespace wick::lang::internal
