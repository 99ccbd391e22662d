// See text.h.
#include "base/text.h"

#include <cstdio>
#include <cstdlib>
#include <limits>

namespace wick::base {

std::string JsonQuote(absl::string_view s, bool ascii) {
  std::string out = "\"";
  size_t i = 0;
  auto hex4 = [&](uint32_t u) {
    static constexpr char kHex[] = "0123456789abcdef";
    out += "\\u";
    for (int k = 12; k >= 0; k -= 4) out.push_back(kHex[(u >> k) & 15]);
  };
  while (i < s.size()) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        default:
          if (c < 0x20) hex4(c);
          else out.push_back(static_cast<char>(c));
      }
      ++i;
      continue;
    }
    if (!ascii) {  // the byte goes out as it is (UTF-8 stays UTF-8)
      out.push_back(static_cast<char>(c));
      ++i;
      continue;
    }
    // A UTF-8 sequence: decode, then \uXXXX (a surrogate pair above the BMP).
    int extra = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc0 ? 1 : 0;
    uint32_t cp = extra == 3 ? c & 0x07 : extra == 2 ? c & 0x0f : extra == 1 ? c & 0x1f : 0xfffd;
    size_t j = i + 1;
    for (int k = 0; k < extra && j < s.size(); ++k, ++j) {
      cp = (cp << 6) | (static_cast<unsigned char>(s[j]) & 0x3f);
    }
    i = extra == 0 ? i + 1 : j;
    if (cp >= 0x10000) {
      cp -= 0x10000;
      hex4(0xd800 + (cp >> 10));
      hex4(0xdc00 + (cp & 0x3ff));
    } else {
      hex4(cp);
    }
  }
  out += "\"";
  return out;
}

std::string JsonFloat(double x) {
  if (x != x) return "NaN";
  if (x == std::numeric_limits<double>::infinity()) return "Infinity";
  if (x == -std::numeric_limits<double>::infinity()) return "-Infinity";
  // The shortest precision that reads back to x, then Python's layout rules.
  char buf[40];
  int precision = 1;
  for (; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof(buf), "%.*e", precision - 1, x);
    if (std::strtod(buf, nullptr) == x) break;
  }
  // buf is d.ddde[+-]XX: take the digits and the decimal exponent.
  std::string s(buf);
  const size_t e = s.find('e');
  const int exponent = std::atoi(s.c_str() + e + 1);
  std::string digits;
  const bool negative = s[0] == '-';
  for (size_t i = negative ? 1 : 0; i < e; ++i) {
    if (s[i] != '.') digits.push_back(s[i]);
  }
  std::string out = negative ? "-" : "";
  if (exponent < -4 || exponent >= 16) {
    out += digits.substr(0, 1);
    if (digits.size() > 1) out += "." + digits.substr(1);
    char exp[8];
    std::snprintf(exp, sizeof(exp), "e%c%02d", exponent < 0 ? '-' : '+', std::abs(exponent));
    return out + exp;
  }
  if (exponent < 0) return out + "0." + std::string(-exponent - 1, '0') + digits;
  if (static_cast<int>(digits.size()) <= exponent + 1) {
    return out + digits + std::string(exponent + 1 - digits.size(), '0') + ".0";
  }
  return out + digits.substr(0, exponent + 1) + "." + digits.substr(exponent + 1);
}

void AppendUtf8(char32_t cp, std::string* out) {
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

}  // namespace wick::base
