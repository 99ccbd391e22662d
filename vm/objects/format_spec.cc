// float repr (shortest round-tripping digits, Python's switch to exponent notation)
// and the format-spec mini-language for int, float and str, as Python 3.11's
// format() / f-strings / str.format apply it.
#include <charconv>
#include <cmath>
#include <cstdio>
#include <string>

#include "absl/strings/str_cat.h"
#include "vm/objects/internal/objects_internal.h"

namespace wick::vm::internal {
namespace {

// Shortest round-tripping digits of |d| (finite, nonzero or zero) and the decimal
// exponent: |d| = 0.DIGITS * 10**decpt.
void ShortestDigits(double d, std::string* digits, int* decpt) {
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof(buf), std::fabs(d), std::chars_format::scientific);
  std::string s(buf, res.ptr);
  size_t e = s.find('e');
  std::string mant = s.substr(0, e);
  int exp = std::stoi(s.substr(e + 1));
  digits->clear();
  for (char c : mant) {
    if (c != '.') digits->push_back(c);
  }
  *decpt = exp + 1;
}

// snprintf of one double with a precision argument, however long the result.
std::string PrintfDouble(const char* fmt, int precision, double d) {
  char small[512];
  const int n = std::snprintf(small, sizeof(small), fmt, precision, d);
  if (n < static_cast<int>(sizeof(small))) return std::string(small, n);
  std::string out(n + 1, '\0');
  std::snprintf(out.data(), out.size(), fmt, precision, d);
  out.resize(n);
  return out;
}

// Places `digits` with decimal exponent `decpt` the way repr / format('') do.
std::string PlaceDigits(const std::string& digits, int decpt, bool use_exp, bool add_dot_0) {
  std::string out;
  if (!use_exp) {
    if (decpt <= 0) {
      out = "0." + std::string(-decpt, '0') + digits;
    } else if (decpt >= static_cast<int>(digits.size())) {
      out = digits + std::string(decpt - digits.size(), '0');
      if (add_dot_0) out += ".0";
    } else {
      out = digits.substr(0, decpt) + "." + digits.substr(decpt);
    }
    return out;
  }
  out = digits.substr(0, 1);
  if (digits.size() > 1) out += "." + digits.substr(1);
  int exp = decpt - 1;
  char ebuf[16];
  std::snprintf(ebuf, sizeof(ebuf), "e%c%02d", exp < 0 ? '-' : '+', exp < 0 ? -exp : exp);
  return out + ebuf;
}

struct Spec {
  char fill = ' ';
  std::string fill_utf8 = " ";
  char align = 0;  // 0 = default
  char sign = 0;
  bool z = false;
  bool alt = false;
  bool zero = false;
  int64_t width = -1;
  char grouping = 0;
  int64_t precision = -1;
  char type = 0;
};

bool IsAlign(char c) { return c == '<' || c == '>' || c == '=' || c == '^'; }

// Parses a spec; false after raising ValueError.
bool ParseSpec(Runtime& rt, absl::string_view s, absl::string_view type_name, Spec* spec) {
  size_t i = 0;
  auto invalid = [&]() {
    rt.Raise(rt.exc().value_error, absl::StrCat("Invalid format specifier '", s,
                                                "' for object of type '", type_name, "'"));
    return false;
  };
  // A fill may be any (UTF-8) character followed by an align char.
  size_t first_len = 1;
  if (!s.empty() && (static_cast<unsigned char>(s[0]) & 0x80)) {
    while (first_len < s.size() && (static_cast<unsigned char>(s[first_len]) & 0xC0) == 0x80) {
      ++first_len;
    }
  }
  if (s.size() > first_len && IsAlign(s[first_len])) {
    spec->fill_utf8 = std::string(s.substr(0, first_len));
    spec->fill = s[0];
    spec->align = s[first_len];
    i = first_len + 1;
  } else if (!s.empty() && IsAlign(s[0])) {
    spec->align = s[0];
    i = 1;
  }
  if (i < s.size() && (s[i] == '+' || s[i] == '-' || s[i] == ' ')) spec->sign = s[i++];
  if (i < s.size() && s[i] == 'z') {
    spec->z = true;
    ++i;
  }
  if (i < s.size() && s[i] == '#') {
    spec->alt = true;
    ++i;
  }
  if (i < s.size() && s[i] == '0') {
    spec->zero = true;
    ++i;
  }
  auto read_number = [&](int64_t* out) {
    size_t start = i;
    int64_t v = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
      if (i - start >= 18) {
        rt.Raise(rt.exc().value_error, "Too many decimal digits in format string");
        return false;
      }
      v = v * 10 + (s[i++] - '0');
    }
    if (i > start) *out = v;
    return true;
  };
  if (!read_number(&spec->width)) return false;
  if (i < s.size() && (s[i] == ',' || s[i] == '_')) {
    spec->grouping = s[i++];
    if (i < s.size() && (s[i] == ',' || s[i] == '_')) {
      rt.Raise(rt.exc().value_error, absl::StrCat("Cannot specify '", std::string(1, s[i]),
                                                  "' with '", std::string(1, s[i - 1]), "'."));
      return false;
    }
  }
  if (i < s.size() && s[i] == '.') {
    ++i;
    size_t before = i;
    if (!read_number(&spec->precision)) return false;
    if (spec->precision > INT32_MAX) {  // CPython keeps it in a C int
      rt.Raise(rt.exc().value_error, "precision too big");
      return false;
    }
    if (i == before) {
      rt.Raise(rt.exc().value_error, "Format specifier missing precision");
      return false;
    }
  }
  if (i < s.size()) spec->type = s[i++];
  if (i != s.size()) return invalid();
  if (spec->zero && spec->align == 0) {
    spec->fill = '0';
    spec->fill_utf8 = "0";
    spec->align = '=';
  }
  return true;
}

bool CheckGrouping(Runtime& rt, const Spec& spec, absl::string_view allowed_comma,
                   absl::string_view allowed_underscore) {
  if (spec.grouping == 0 || spec.type == 0) return true;
  absl::string_view allowed = spec.grouping == ',' ? allowed_comma : allowed_underscore;
  if (allowed.find(spec.type) != absl::string_view::npos) return true;
  rt.Raise(rt.exc().value_error, absl::StrCat("Cannot specify '", std::string(1, spec.grouping),
                                              "' with '", std::string(1, spec.type), "'."));
  return false;
}

int64_t CodePoints(absl::string_view s) {
  int64_t n = 0;
  for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

// Inserts `sep` every `group` digits from the right, padding with zeros to reach
// min_width (CPython's grouping with zero padding puts separators into the padding).
std::string Group(absl::string_view digits, int group, char sep, int64_t min_width) {
  std::string out;
  int64_t remaining = static_cast<int64_t>(digits.size());
  bool first = true;
  while (true) {
    int64_t len = std::min<int64_t>(group, std::max<int64_t>(std::max(remaining, min_width), 1));
    int64_t zeros = std::max<int64_t>(0, len - remaining);
    int64_t chars = std::max<int64_t>(0, std::min(remaining, len));
    std::string piece(zeros, '0');
    absl::StrAppend(&piece, digits.substr(remaining - chars, chars));
    if (!first) piece.push_back(sep);
    out.insert(0, piece);
    remaining -= chars;
    min_width -= len;
    if (remaining <= 0 && min_width <= 0) break;
    min_width -= 1;
    first = false;
  }
  return out;
}

// Assembles sign + prefix + number body with alignment and padding. `body` is the
// digit string (integer part first); `int_len` the length of its integer-digit run
// eligible for grouping (0 = none); `group` the grouping size.
std::string Assemble(const Spec& spec, absl::string_view sign_prefix, absl::string_view body,
                     size_t int_len, int group, char default_align) {
  char align = spec.align ? spec.align : default_align;
  std::string number;
  int64_t width = spec.width;
  if (spec.grouping && int_len > 0) {
    int64_t min_width = 0;
    if (align == '=' && spec.fill == '0' && spec.fill_utf8 == "0") {
      min_width = width - static_cast<int64_t>(sign_prefix.size()) -
                  static_cast<int64_t>(body.size() - int_len);
    }
    number = Group(body.substr(0, int_len), group, spec.grouping, min_width);
    absl::StrAppend(&number, body.substr(int_len));
  } else {
    number = std::string(body);
  }
  int64_t len = static_cast<int64_t>(sign_prefix.size()) + CodePoints(number);
  int64_t pad = width > len ? width - len : 0;
  auto fill = [&](int64_t n) {
    // All of it at once: a width the machine cannot hold fails here (bad_alloc, which
    // the caller raises as MemoryError) instead of growing for minutes.
    if (spec.fill_utf8.size() == 1) return std::string(n, spec.fill_utf8[0]);
    std::string f;
    f.reserve(n * spec.fill_utf8.size());
    for (int64_t i = 0; i < n; ++i) f += spec.fill_utf8;
    return f;
  };
  switch (align) {
    case '<': return absl::StrCat(sign_prefix, number, fill(pad));
    case '^': return absl::StrCat(fill(pad / 2), sign_prefix, number, fill(pad - pad / 2));
    case '=': return absl::StrCat(sign_prefix, fill(pad), number);
    default: return absl::StrCat(fill(pad), sign_prefix, number);
  }
}

std::string SignText(const Spec& spec, bool negative) {
  if (negative) return "-";
  if (spec.sign == '+') return "+";
  if (spec.sign == ' ') return " ";
  return "";
}

}  // namespace

std::string FloatRepr(double d) {
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
  std::string digits;
  int decpt;
  ShortestDigits(d, &digits, &decpt);
  std::string body = d == 0.0 ? "0.0" : PlaceDigits(digits, decpt, decpt <= -4 || decpt > 16, true);
  return std::signbit(d) ? "-" + body : body;
}

Value FormatInt(Runtime& rt, int64_t v, absl::string_view spec_text) {
  Spec spec;
  if (!ParseSpec(rt, spec_text, "int", &spec)) return Value::Raised();
  char type = spec.type ? spec.type : 'd';
  spec.type = type;
  if (absl::string_view("eEfFgG%").find(type) != absl::string_view::npos) {
    return FormatFloat(rt, static_cast<double>(v), spec_text);
  }
  if (absl::string_view("dnbBoxXc").find(type) == absl::string_view::npos || type == 'B') {
    return rt.Raise(rt.exc().value_error,
                    absl::StrCat("Unknown format code '", std::string(1, type),
                                 "' for object of type 'int'"));
  }
  if (spec.precision >= 0) {
    return rt.Raise(rt.exc().value_error, "Precision not allowed in integer format specifier");
  }
  if (spec.z) {
    return rt.Raise(rt.exc().value_error,
                    "Negative zero coercion (z) not allowed in integer format specifier");
  }
  if (!CheckGrouping(rt, spec, "d", "dbxXo")) return Value::Raised();
  if (type == 'c') {
    if (spec.sign) return rt.Raise(rt.exc().value_error, "Sign not allowed with integer format specifier 'c'");
    if (spec.alt) {
      return rt.Raise(rt.exc().value_error,
                      "Alternate form (#) not allowed with integer format specifier 'c'");
    }
    if (v < 0 || v > 0x10FFFF) {
      return rt.Raise(rt.exc().overflow_error, "%c arg not in range(0x110000)");
    }
    std::string ch;
    uint32_t c = static_cast<uint32_t>(v);
    if (c < 0x80) {
      ch.push_back(static_cast<char>(c));
    } else if (c < 0x800) {
      ch.push_back(static_cast<char>(0xC0 | (c >> 6)));
      ch.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    } else if (c < 0x10000) {
      ch.push_back(static_cast<char>(0xE0 | (c >> 12)));
      ch.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
      ch.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    } else {
      ch.push_back(static_cast<char>(0xF0 | (c >> 18)));
      ch.push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
      ch.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
      ch.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    }
    return rt.NewStr(Assemble(spec, "", ch, 0, 3, '<'));
  }
  uint64_t mag = v < 0 ? ~static_cast<uint64_t>(v) + 1 : static_cast<uint64_t>(v);
  int base = 10;
  std::string prefix;
  switch (type) {
    case 'b': base = 2; prefix = "0b"; break;
    case 'o': base = 8; prefix = "0o"; break;
    case 'x': base = 16; prefix = "0x"; break;
    case 'X': base = 16; prefix = "0X"; break;
    default: break;
  }
  if (!spec.alt) prefix.clear();
  std::string digits;
  const char* alphabet = type == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
  do {
    digits.insert(digits.begin(), alphabet[mag % base]);
    mag /= base;
  } while (mag != 0);
  int group = base == 10 ? 3 : 4;
  return rt.NewStr(
      Assemble(spec, SignText(spec, v < 0) + prefix, digits, digits.size(), group, '>'));
}

Value FormatFloat(Runtime& rt, double v, absl::string_view spec_text) {
  Spec spec;
  if (!ParseSpec(rt, spec_text, "float", &spec)) return Value::Raised();
  char type = spec.type;
  if (type != 0 && absl::string_view("eEfFgGn%").find(type) == absl::string_view::npos) {
    return rt.Raise(rt.exc().value_error,
                    absl::StrCat("Unknown format code '", std::string(1, type),
                                 "' for object of type 'float'"));
  }
  if (!CheckGrouping(rt, spec, "eEfFgG%", "eEfFgG%")) return Value::Raised();
  bool negative = std::signbit(v);
  double mag = std::fabs(v);
  if (type == '%') mag *= 100.0;
  std::string body;
  bool upper = type == 'E' || type == 'F' || type == 'G';
  if (!std::isfinite(mag)) {
    body = std::isnan(mag) ? "nan" : "inf";
    if (upper) body = std::isnan(mag) ? "NAN" : "INF";
    if (type == '%') body += "%";
  } else if (type == 0 && spec.precision < 0) {
    std::string digits;
    int decpt;
    ShortestDigits(mag, &digits, &decpt);
    body = mag == 0.0 ? "0.0" : PlaceDigits(digits, decpt, decpt <= -4 || decpt > 16, true);
  } else if (type == 0) {
    // No type with a precision: 'g' rules, except that the switch to exponent notation
    // happens one digit earlier and fixed notation keeps a ".0" (CPython's
    // add_dot_0_if_integer in format_float_short).
    int p = static_cast<int>(std::max<int64_t>(spec.precision, 1));
    const std::string e = PrintfDouble("%.*e", p - 1, mag);  // any precision, any length
    size_t epos = e.find('e');
    int exp = std::stoi(e.substr(epos + 1));
    std::string digits;
    for (char c : e.substr(0, epos)) {
      if (c != '.') digits.push_back(c);
    }
    while (digits.size() > 1 && digits.back() == '0' && !spec.alt) digits.pop_back();
    int decpt = exp + 1;
    bool use_exp = decpt <= -4 || decpt > p - 1;
    body = PlaceDigits(digits, decpt, use_exp, true);
  } else {
    int64_t prec = spec.precision < 0 ? 6 : spec.precision;
    char conv = type == 0 || type == 'n' ? 'g' : type == '%' ? 'f' : type;
    if ((conv == 'g' || conv == 'G') && prec == 0) prec = 1;
    std::string fmt = absl::StrCat("%", spec.alt ? "#" : "", ".*", std::string(1, conv));
    body = PrintfDouble(fmt.c_str(), static_cast<int>(prec), mag);
    if (type == '%') body += "%";
  }
  if (spec.z && negative && std::isfinite(mag)) {
    // Negative zero coercion: "-0.00" becomes "0.00" when the rounded digits are zero.
    if (body.find_first_of("123456789") == std::string::npos) negative = false;
  }
  size_t int_len = 0;
  while (int_len < body.size() && body[int_len] >= '0' && body[int_len] <= '9') ++int_len;
  return rt.NewStr(Assemble(spec, SignText(spec, negative), body, int_len, 3, '>'));
}

Value FormatStr(Runtime& rt, absl::string_view v, absl::string_view spec_text) {
  Spec spec;
  if (!ParseSpec(rt, spec_text, "str", &spec)) return Value::Raised();
  if (spec.type != 0 && spec.type != 's') {
    return rt.Raise(rt.exc().value_error,
                    absl::StrCat("Unknown format code '", std::string(1, spec.type),
                                 "' for object of type 'str'"));
  }
  if (spec.sign) {
    return rt.Raise(rt.exc().value_error, "Sign not allowed in string format specifier");
  }
  if (spec.z) {
    return rt.Raise(rt.exc().value_error,
                    "Negative zero coercion (z) not allowed in string format specifier");
  }
  if (spec.alt) {
    return rt.Raise(rt.exc().value_error,
                    "Alternate form (#) not allowed in string format specifier");
  }
  if (spec.align == '=') {
    return rt.Raise(rt.exc().value_error,
                    "'=' alignment not allowed in string format specifier");
  }
  if (spec.grouping) {
    return rt.Raise(rt.exc().value_error,
                    absl::StrCat("Cannot specify '", std::string(1, spec.grouping), "' with 's'."));
  }
  std::string text(v);
  if (spec.precision >= 0) {
    // Truncate to `precision` code points.
    size_t i = 0;
    int64_t cps = 0;
    while (i < text.size()) {
      if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
        if (cps == spec.precision) break;
        ++cps;
      }
      ++i;
    }
    text.resize(i);
  }
  if (spec.width <= 0 && spec.precision < 0) return rt.NewStr(std::move(text));
  return rt.NewStr(Assemble(spec, "", text, 0, 3, '<'));
}

}  // namespace wick::vm::internal
