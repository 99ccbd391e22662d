// Number conversions and hashing: Python's numeric hash (ints modulo 2**61 - 1, floats
// by CPython's algorithm so hash(1.0) == hash(1)), int()/float() from text and
// objects, and round() with round-half-even and ndigits.
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "vm/objects/internal/objects_internal.h"
#include "vm/protocol.h"

namespace wick::vm::internal {
namespace {

constexpr int kHashBits = 61;
constexpr uint64_t kHashModulus = (uint64_t{1} << kHashBits) - 1;

// Python's whitespace for int()/float() text (ASCII subset).
absl::string_view StripSpace(absl::string_view s) {
  return absl::StripAsciiWhitespace(s);
}

}  // namespace

int64_t HashInt(int64_t v) {
  uint64_t mag = v < 0 ? ~static_cast<uint64_t>(v) + 1 : static_cast<uint64_t>(v);
  int64_t h = static_cast<int64_t>(mag % kHashModulus);
  if (v < 0) h = -h;
  return h == -1 ? -2 : h;
}

int64_t HashDouble(double v) {
  if (!std::isfinite(v)) {
    if (std::isinf(v)) return v > 0 ? 314159 : -314159;
    return 0;  // CPython 3.11 hashes NaN by identity; any constant is valid here
  }
  int e;
  double m = std::frexp(v, &e);
  int sign = 1;
  if (m < 0) {
    sign = -1;
    m = -m;
  }
  // Accumulate 28 bits of mantissa at a time, reducing modulo 2**61 - 1.
  uint64_t x = 0;
  while (m != 0.0) {
    x = ((x << 28) & kHashModulus) | x >> (kHashBits - 28);
    m *= 268435456.0;
    e -= 28;
    uint64_t y = static_cast<uint64_t>(m);
    m -= static_cast<double>(y);
    x += y;
    if (x >= kHashModulus) x -= kHashModulus;
  }
  e = e >= 0 ? e % kHashBits : kHashBits - 1 - ((-1 - e) % kHashBits);
  x = ((x << e) & kHashModulus) | x >> (kHashBits - e);
  int64_t h = static_cast<int64_t>(x) * sign;
  return h == -1 ? -2 : h;
}

bool ParseInt(absl::string_view s, int base, int64_t* out, bool* overflow) {
  *overflow = false;
  s = StripSpace(s);
  bool neg = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    neg = s[0] == '-';
    s.remove_prefix(1);
  }
  auto has_prefix = [&](char lower) {
    return s.size() >= 2 && s[0] == '0' && absl::ascii_tolower(s[1]) == lower;
  };
  if (base == 0) {
    if (has_prefix('x')) base = 16;
    else if (has_prefix('o')) base = 8;
    else if (has_prefix('b')) base = 2;
    else {
      base = 10;
      // "010" is not a valid base-0 literal (only all zeros may lead with 0).
      if (s.size() > 1 && s[0] == '0' && s.find_first_not_of("0_") != absl::string_view::npos) {
        return false;
      }
    }
    if (base != 10) {
      s.remove_prefix(2);
      if (!s.empty() && s[0] == '_') s.remove_prefix(1);
    }
  } else if ((base == 16 && has_prefix('x')) || (base == 8 && has_prefix('o')) ||
             (base == 2 && has_prefix('b'))) {
    s.remove_prefix(2);
    if (!s.empty() && s[0] == '_') s.remove_prefix(1);
  }
  if (s.empty()) return false;
  // Accumulate as a negative number so INT64_MIN parses.
  int64_t acc = 0;
  bool prev_underscore = true;  // no leading underscore
  for (char c : s) {
    if (c == '_') {
      if (prev_underscore) return false;
      prev_underscore = true;
      continue;
    }
    prev_underscore = false;
    int d;
    if (c >= '0' && c <= '9') d = c - '0';
    else if (c >= 'a' && c <= 'z') d = c - 'a' + 10;
    else if (c >= 'A' && c <= 'Z') d = c - 'A' + 10;
    else return false;
    if (d >= base) return false;
    if (__builtin_mul_overflow(acc, base, &acc) || __builtin_sub_overflow(acc, d, &acc)) {
      *overflow = true;
    }
  }
  if (prev_underscore) return false;
  if (*overflow) return true;
  if (!neg) {
    if (acc == std::numeric_limits<int64_t>::min()) {
      *overflow = true;
      return true;
    }
    acc = -acc;
  }
  *out = acc;
  return true;
}

bool ParseFloat(absl::string_view text, double* out) {
  absl::string_view s = StripSpace(text);
  std::string clean;
  // Underscores are allowed only between digits.
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '_') {
      if (i == 0 || i + 1 == s.size() || !absl::ascii_isdigit(s[i - 1]) ||
          !absl::ascii_isdigit(s[i + 1])) {
        return false;
      }
      continue;
    }
    clean.push_back(c);
  }
  if (clean.empty()) return false;
  std::string lower = absl::AsciiStrToLower(clean);
  absl::string_view body = lower;
  bool neg = false;
  if (body[0] == '+' || body[0] == '-') {
    neg = body[0] == '-';
    body.remove_prefix(1);
  }
  if (body == "inf" || body == "infinity") {
    *out = neg ? -HUGE_VAL : HUGE_VAL;
    return true;
  }
  if (body == "nan") {
    *out = neg ? -NAN : NAN;
    return true;
  }
  // strtod also accepts hex floats and "infinity" spellings Python rejects; only
  // digits, '.', 'e' and signs after 'e' get through.
  for (char c : body) {
    if (!absl::ascii_isdigit(c) && c != '.' && c != 'e' && c != '+' && c != '-') return false;
  }
  char* end = nullptr;
  errno = 0;
  double d = std::strtod(clean.c_str(), &end);
  if (end != clean.c_str() + clean.size()) return false;
  *out = d;
  return true;
}

Value IntFromValue(Runtime& rt, const Value& v, int64_t base, bool has_base) {
  bool is_text = rt.IsInstance(v, rt.types().str);
  if (has_base && !is_text) {
    return rt.Raise(rt.exc().type_error, "int() can't convert non-string with explicit base");
  }
  if (has_base && (base != 0 && (base < 2 || base > 36))) {
    return rt.Raise(rt.exc().value_error, "int() base must be >= 2 and <= 36, or 0");
  }
  if (v.is_int_like()) return Value::Int(v.as_int());
  if (v.is_float()) {
    double d = v.as_float();
    if (std::isnan(d)) return rt.Raise(rt.exc().value_error, "cannot convert float NaN to integer");
    if (std::isinf(d)) {
      return rt.Raise(rt.exc().overflow_error, "cannot convert float infinity to integer");
    }
    double t = std::trunc(d);
    if (t < -9223372036854775808.0 || t >= 9223372036854775808.0) {
      return rt.Raise(rt.exc().overflow_error,
                      "int too large: wick ints are 64-bit");
    }
    return Value::Int(static_cast<int64_t>(t));
  }
  if (is_text) {
    int64_t out;
    bool overflow;
    absl::string_view s = StrView(v);
    if (!ParseInt(s, static_cast<int>(base), &out, &overflow)) {
      return rt.Raise(rt.exc().value_error,
                      absl::StrCat("invalid literal for int() with base ", base, ": ",
                                   StrRepr(s)));
    }
    if (overflow) {
      return rt.Raise(rt.exc().overflow_error, "int too large: wick ints are 64-bit");
    }
    return Value::Int(out);
  }
  Type* t = rt.TypeOf(v);
  for (absl::string_view dunder : {"__int__", "__index__"}) {
    if (t->Lookup(dunder) != nullptr) {
      Value r = CallMethod(rt, v, dunder, {});
      if (r.is_raised() || r.is_int_like()) return r.is_bool() ? Value::Int(r.as_int()) : r;
      return RaiseTypeName(rt, absl::StrCat(dunder, " returned non-int (type "), r, ")");
    }
  }
  return RaiseTypeName(
      rt, "int() argument must be a string, a bytes-like object or a real number, not '", v,
      "'");
}

Value FloatFromValue(Runtime& rt, const Value& v) {
  if (v.is_float()) return v;
  if (v.is_int_like()) return Value::Float(static_cast<double>(v.as_int()));
  if (rt.IsInstance(v, rt.types().str)) {
    double d;
    if (!ParseFloat(StrView(v), &d)) {
      return rt.Raise(rt.exc().value_error,
                      absl::StrCat("could not convert string to float: ", StrRepr(StrView(v))));
    }
    return Value::Float(d);
  }
  Type* t = rt.TypeOf(v);
  if (t->Lookup("__float__") != nullptr) {
    Value r = CallMethod(rt, v, "__float__", {});
    if (r.is_raised() || r.is_float()) return r;
    return RaiseTypeName(rt, "__float__ returned non-float (type ", r, ")");
  }
  if (t->Lookup("__index__") != nullptr) {
    Value r = CallMethod(rt, v, "__index__", {});
    if (r.is_raised()) return r;
    if (r.is_int_like()) return Value::Float(static_cast<double>(r.as_int()));
    return RaiseTypeName(rt, "__index__ returned non-int (type ", r, ")");
  }
  return RaiseTypeName(rt, "float() argument must be a string or a real number, not '", v,
                       "'");
}

double RoundDouble(double x, int64_t ndigits) {
  if (!std::isfinite(x) || x == 0.0) return x;
  if (ndigits > 323) return x;
  if (ndigits < -308) return std::copysign(0.0, x);
  if (ndigits >= 0) {
    // printf rounds the exact binary value correctly (ties to even), as CPython's
    // dtoa-based round() does; parsing back gives the nearest double.
    char buf[400];
    std::snprintf(buf, sizeof(buf), "%.*f", static_cast<int>(ndigits), x);
    return std::strtod(buf, nullptr);
  }
  // Negative ndigits: round the exact decimal expansion of the integer part plus
  // fraction at 10**-ndigits, half to even.
  char buf[2000];
  std::snprintf(buf, sizeof(buf), "%.1100f", std::fabs(x));
  std::string s(buf);
  size_t dot = s.find('.');
  std::string ip = s.substr(0, dot), frac = s.substr(dot + 1);
  size_t k = static_cast<size_t>(-ndigits);
  if (ip.size() < k) ip.insert(0, k - ip.size() + 1, '0');
  std::string head = ip.substr(0, ip.size() - k);
  std::string tail = ip.substr(ip.size() - k) + frac;
  // Compare the dropped part with one half.
  int cmp = tail[0] > '5' ? 1 : tail[0] < '5' ? -1 : 0;
  if (cmp == 0 && tail.find_first_not_of('0', 1) != std::string::npos) cmp = 1;
  bool round_up = cmp > 0 || (cmp == 0 && (head.back() - '0') % 2 == 1);
  double h = std::strtod(head.c_str(), nullptr);
  if (round_up) h += 1.0;
  double r = h * std::pow(10.0, static_cast<double>(k));
  return std::copysign(r, x);
}

}  // namespace wick::vm::internal

namespace wick::vm {

Value RoundNumber(Runtime& rt, const Value& x, const Value* ndigits) {
  int64_t nd = 0;
  bool has_nd = ndigits != nullptr && !ndigits->is_none();
  if (has_nd && !AsIndex(rt, *ndigits, &nd,
                         absl::StrCat("'", rt.TypeOf(*ndigits)->name(),
                                      "' object cannot be interpreted as an integer"))) {
    return Value::Raised();
  }
  if (x.is_int_like()) {
    if (!has_nd || nd >= 0) return Value::Int(x.as_int());
    if (nd < -18) return Value::Int(0);
    int64_t p = 1;
    for (int64_t i = 0; i < -nd; ++i) p *= 10;
    // Round half to even at 10**-nd.
    int64_t v = x.as_int();
    int64_t q = v / p, r = v % p;
    if (r < 0) {
      r += p;
      q -= 1;
    }
    if (2 * r > p || (2 * r == p && (q & 1))) q += 1;
    int64_t out;
    if (__builtin_mul_overflow(q, p, &out)) {
      return rt.Raise(rt.exc().overflow_error, "integer overflow: result does not fit in 64 bits");
    }
    return Value::Int(out);
  }
  if (x.is_float()) {
    double d = x.as_float();
    if (has_nd) return Value::Float(internal::RoundDouble(d, nd));
    if (std::isnan(d)) return rt.Raise(rt.exc().value_error, "cannot convert float NaN to integer");
    if (std::isinf(d)) {
      return rt.Raise(rt.exc().overflow_error, "cannot convert float infinity to integer");
    }
    return internal::IntFromValue(rt, Value::Float(std::nearbyint(d)), 10, false);
  }
  if (rt.TypeOf(x)->Lookup(rt.names().round) != nullptr) {
    if (has_nd) return CallMethod(rt, x, "__round__", {*ndigits});
    return CallMethod(rt, x, "__round__", {});
  }
  return RaiseTypeName(rt, "type ", x, " doesn't define __round__ method");
}

}  // namespace wick::vm
