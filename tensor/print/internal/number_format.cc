// std::to_chars is used instead of snprintf: it is exact like glibc's printf, but it
// ignores LC_NUMERIC (a program that calls setlocale must not print "1,5000").
#include "tensor/print/internal/number_format.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>

namespace wick::tensor::internal {
namespace {

// Non-finite values spelled as Python spells them.
bool NonFinite(double v, std::string* out) {
  if (std::isnan(v)) {
    *out = "nan";
    return true;
  }
  if (std::isinf(v)) {
    *out = v < 0 ? "-inf" : "inf";
    return true;
  }
  return false;
}

std::string ToChars(double v, std::chars_format fmt, int precision) {
  // Fixed notation of 1.8e308 has 309 integer digits; the rest is the fraction.
  std::string buf(static_cast<size_t>(precision) + 330, '\0');
  auto [end, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), v, fmt, precision);
  buf.resize(ec == std::errc() ? end - buf.data() : 0);
  return buf;
}

}  // namespace

std::string FormatFixed(double v, int precision) {
  std::string s;
  if (NonFinite(v, &s)) return s;
  return ToChars(v, std::chars_format::fixed, precision);
}

std::string FormatScientific(double v, int precision) {
  std::string s;
  if (NonFinite(v, &s)) return s;
  return ToChars(v, std::chars_format::scientific, precision);
}

std::string PythonFloatRepr(double v) {
  std::string s;
  if (NonFinite(v, &s)) return s;
  // Shortest round-trip digits in scientific form, "-1.2345e-07", then re-laid out by
  // CPython's float_repr_style rules.
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof(buf), v, std::chars_format::scientific);
  const std::string sci(buf, ec == std::errc() ? end : buf);
  size_t pos = 0;
  std::string out;
  if (sci[pos] == '-') {
    out.push_back('-');
    ++pos;
  }
  const size_t e_pos = sci.find('e');
  std::string digits;
  for (size_t i = pos; i < e_pos; ++i) {
    if (sci[i] != '.') digits.push_back(sci[i]);
  }
  const int exponent = std::atoi(sci.c_str() + e_pos + 1);
  const int n = static_cast<int>(digits.size());
  if (exponent < -4 || exponent >= 16) {
    out += digits.substr(0, 1);
    if (n > 1) out += "." + digits.substr(1);
    out += exponent < 0 ? "e-" : "e+";
    const int a = std::abs(exponent);
    if (a < 10) out.push_back('0');
    out += std::to_string(a);
    return out;
  }
  const int point = exponent + 1;  // Digits before the decimal point.
  if (point <= 0) {
    out += "0." + std::string(-point, '0') + digits;
  } else if (point >= n) {
    out += digits + std::string(point - n, '0') + ".0";
  } else {
    out += digits.substr(0, point) + "." + digits.substr(point);
  }
  return out;
}

}  // namespace wick::tensor::internal
