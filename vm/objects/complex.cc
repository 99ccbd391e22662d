// complex: the number type (`1j`, complex(re, im), complex("1+2j")) with CPython's
// repr (`(1+2j)`, `1j`, `(-0-1j)`), hash, equality with int and float, arithmetic with
// int, float and complex on either side (division and powers as complexobject.c
// computes them), abs, real/imag/conjugate.
#include <cmath>
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "vm/objects/internal/objects_internal.h"
#include "vm/objects/objects.h"
#include "vm/protocol.h"

namespace wick::vm {

Value NewComplex(Runtime& rt, double real, double imag) {
  return Value::Steal(rt.Alloc<Complex>(rt.types().complex, real, imag));
}

namespace internal {
namespace {

bool IsComplex(Runtime& rt, const Value& v) { return rt.TypeOf(v) == rt.types().complex; }

// Any number as a complex; false when `v` is not one.
bool ToComplex(Runtime& rt, const Value& v, double* re, double* im) {
  if (IsComplex(rt, v)) {
    *re = v.as<Complex>()->real;
    *im = v.as<Complex>()->imag;
    return true;
  }
  *im = 0;
  if (v.is_float()) {
    *re = v.as_float();
    return true;
  }
  if (v.is_int_like()) {
    *re = static_cast<double>(v.as_int());
    return true;
  }
  return false;
}

// A float part as complex's repr writes it: float repr without a forced ".0".
std::string Part(double d) {
  std::string s = FloatRepr(d);
  if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
  return s;
}

Value ComplexRepr(Runtime& rt, const Value& v) {
  const Complex* c = v.as<Complex>();
  std::string im = Part(c->imag);
  if (c->real == 0 && !std::signbit(c->real)) return rt.NewStr(absl::StrCat(im, "j"));
  std::string sign = im[0] == '-' ? "" : "+";
  return rt.NewStr(absl::StrCat("(", Part(c->real), sign, im, "j)"));
}

bool ComplexHash(Runtime&, const Value& v, int64_t* out) {
  const Complex* c = v.as<Complex>();
  uint64_t h = static_cast<uint64_t>(HashDouble(c->real)) +
               1000003ULL * static_cast<uint64_t>(HashDouble(c->imag));
  int64_t r = static_cast<int64_t>(h);
  *out = r == -1 ? -2 : r;
  return true;
}

Value ComplexCompare(Runtime& rt, const Value& a, const Value& b, CmpOp op) {
  double ar, ai, br, bi;
  if (op != CmpOp::kEq && op != CmpOp::kNe) return rt.NotImplemented();
  if (!ToComplex(rt, a, &ar, &ai) || !ToComplex(rt, b, &br, &bi)) return rt.NotImplemented();
  bool eq = ar == br && ai == bi;
  return Value::Bool(op == CmpOp::kEq ? eq : !eq);
}

// complexobject.c's _Py_c_quot: scale by the larger component of the divisor.
bool Divide(double ar, double ai, double br, double bi, double* qr, double* qi) {
  const double abs_br = std::fabs(br), abs_bi = std::fabs(bi);
  if (abs_br >= abs_bi) {
    if (abs_br == 0.0) return false;
    const double ratio = bi / br;
    const double denom = br + bi * ratio;
    *qr = (ar + ai * ratio) / denom;
    *qi = (ai - ar * ratio) / denom;
  } else if (abs_bi >= abs_br) {
    const double ratio = br / bi;
    const double denom = br * ratio + bi;
    *qr = (ar * ratio + ai) / denom;
    *qi = (ai * ratio - ar) / denom;
  } else {
    *qr = *qi = NAN;
  }
  return true;
}

// Integer powers by repeated squaring (CPython's c_powu / c_powi for |n| <= 100).
void PowUnsigned(double xr, double xi, int64_t n, double* rr, double* ri) {
  double r_re = 1, r_im = 0, p_re = xr, p_im = xi;
  for (int64_t mask = 1; mask > 0 && n >= mask; mask <<= 1) {
    if (n & mask) {
      const double t = r_re * p_re - r_im * p_im;
      r_im = r_re * p_im + r_im * p_re;
      r_re = t;
    }
    const double t = p_re * p_re - p_im * p_im;
    p_im = 2 * p_re * p_im;
    p_re = t;
  }
  *rr = r_re;
  *ri = r_im;
}

Value Power(Runtime& rt, double ar, double ai, double br, double bi) {
  double rr, ri;
  if (bi == 0 && br == std::floor(br) && std::fabs(br) <= 100) {
    const int64_t n = static_cast<int64_t>(br);
    if (n >= 0) {
      PowUnsigned(ar, ai, n, &rr, &ri);
    } else {
      double pr, pi;
      PowUnsigned(ar, ai, -n, &pr, &pi);
      if (!Divide(1, 0, pr, pi, &rr, &ri)) {
        return rt.Raise(rt.exc().zero_division_error, "0.0 to a negative or complex power");
      }
    }
    return NewComplex(rt, rr, ri);
  }
  if (br == 0 && bi == 0) return NewComplex(rt, 1, 0);
  if (ar == 0 && ai == 0) {
    if (bi != 0 || br < 0) {
      return rt.Raise(rt.exc().zero_division_error, "0.0 to a negative or complex power");
    }
    return NewComplex(rt, 0, 0);
  }
  const double vabs = std::hypot(ar, ai);
  double len = std::pow(vabs, br);
  const double at = std::atan2(ai, ar);
  double phase = at * br;
  if (bi != 0) {
    len /= std::exp(at * bi);
    phase += bi * std::log(vabs);
  }
  return NewComplex(rt, len * std::cos(phase), len * std::sin(phase));
}

template <BinOp kOp>
Value ComplexBinary(Runtime& rt, const Value& a, const Value& b) {
  double ar, ai, br, bi;
  if (!ToComplex(rt, a, &ar, &ai) || !ToComplex(rt, b, &br, &bi)) return rt.NotImplemented();
  switch (kOp) {
    case BinOp::kAdd: return NewComplex(rt, ar + br, ai + bi);
    case BinOp::kSub: return NewComplex(rt, ar - br, ai - bi);
    case BinOp::kMul: return NewComplex(rt, ar * br - ai * bi, ar * bi + ai * br);
    case BinOp::kTrueDiv: {
      double qr, qi;
      if (!Divide(ar, ai, br, bi, &qr, &qi)) {
        return rt.Raise(rt.exc().zero_division_error, "complex division by zero");
      }
      return NewComplex(rt, qr, qi);
    }
    case BinOp::kPow: return Power(rt, ar, ai, br, bi);
    default: return rt.NotImplemented();
  }
}

Value ComplexNeg(Runtime& rt, const Value& v) {
  return NewComplex(rt, -v.as<Complex>()->real, -v.as<Complex>()->imag);
}
Value ComplexPos(Runtime& rt, const Value& v) {
  return NewComplex(rt, v.as<Complex>()->real, v.as<Complex>()->imag);
}
int ComplexTruth(Runtime&, const Value& v) {
  return v.as<Complex>()->real != 0 || v.as<Complex>()->imag != 0;
}

Value ComplexAbs(Runtime& rt, Args args, const KwArgs& kw) {
  if (!CheckArgCount(rt, "__abs__", args, 1, 1)) return Value::Raised();
  const Complex* c = args[0].as<Complex>();
  const double r = std::hypot(c->real, c->imag);
  if (std::isinf(r) && std::isfinite(c->real) && std::isfinite(c->imag)) {
    return rt.Raise(rt.exc().overflow_error, "absolute value too large");
  }
  return Value::Float(r);
}

Value ComplexConjugate(Runtime& rt, Args args, const KwArgs& kw) {
  if (!CheckArgCount(rt, "conjugate", args, 1, 1)) return Value::Raised();
  return NewComplex(rt, args[0].as<Complex>()->real, -args[0].as<Complex>()->imag);
}

Value RealGetter(Runtime&, const Value& v) { return Value::Float(v.as<Complex>()->real); }
Value ImagGetter(Runtime&, const Value& v) { return Value::Float(v.as<Complex>()->imag); }

// complex("1+2j"), complex(" (3-4.5j) "), complex("2j"), complex("-1.5").
bool ParseComplex(absl::string_view s, double* re, double* im) {
  s = absl::StripAsciiWhitespace(s);
  if (s.size() >= 2 && s.front() == '(' && s.back() == ')') {
    s = absl::StripAsciiWhitespace(s.substr(1, s.size() - 2));
  }
  if (s.empty()) return false;
  *re = *im = 0;
  if (s.back() != 'j' && s.back() != 'J') return ParseFloat(s, re);
  s.remove_suffix(1);
  // The sign that starts the imaginary part: the last + or - not after an 'e'.
  size_t split = absl::string_view::npos;
  for (size_t i = s.size(); i-- > 1;) {
    if ((s[i] == '+' || s[i] == '-') && s[i - 1] != 'e' && s[i - 1] != 'E') {
      split = i;
      break;
    }
  }
  absl::string_view real_part = split == absl::string_view::npos ? "" : s.substr(0, split);
  absl::string_view imag_part = split == absl::string_view::npos ? s : s.substr(split);
  if (!real_part.empty() && !ParseFloat(real_part, re)) return false;
  if (imag_part.empty() || imag_part == "+") {
    *im = 1;
  } else if (imag_part == "-") {
    *im = -1;
  } else if (!ParseFloat(imag_part, im)) {
    return false;
  }
  return true;
}

Value ComplexConstruct(Runtime& rt, Type*, Args args, const KwArgs& kw) {
  Value a[2];
  if (!UnpackArgs(rt, "complex", args, kw, {"real", "imag"}, 0, a)) return Value::Raised();
  const bool has_real = !a[0].is_raised(), has_imag = !a[1].is_raised();
  double rr = 0, ri = 0, ir = 0, ii = 0;
  if (!has_real) a[0] = Value::Int(0);
  if (rt.IsStr(a[0])) {
    if (has_imag) {
      return rt.Raise(rt.exc().type_error,
                      "complex() can't take second arg if first is a string");
    }
    if (!ParseComplex(StrView(a[0]), &rr, &ri)) {
      return rt.Raise(rt.exc().value_error, "complex() arg is a malformed string");
    }
    return NewComplex(rt, rr, ri);
  }
  if (!ToComplex(rt, a[0], &rr, &ri)) {
    return RaiseTypeName(rt, "complex() first argument must be a string or a number, not '",
                         a[0], "'");
  }
  if (has_imag) {
    if (rt.IsStr(a[1])) {
      return rt.Raise(rt.exc().type_error, "complex() second arg can't be a string");
    }
    if (!ToComplex(rt, a[1], &ir, &ii)) {
      return RaiseTypeName(rt, "complex() second argument must be a number, not '", a[1], "'");
    }
  }
  if (!has_imag && IsComplex(rt, a[0])) return a[0];
  // complex(a, b) is a + b*1j; only a complex part's cross term is added, so that
  // complex(1.0, -0.0) keeps its negative zero.
  double real = has_imag && IsComplex(rt, a[1]) ? rr - ii : rr;
  double imag = IsComplex(rt, a[0]) ? ri + ir : ir;
  return NewComplex(rt, real, imag);
}

Value ComplexFormat(Runtime& rt, const Value& v, absl::string_view spec) {
  if (spec.empty()) return ComplexRepr(rt, v);
  return rt.Raise(rt.exc().value_error,
                  "format specifications for complex numbers are not supported by wick");
}

}  // namespace

void InitComplexType(Runtime& rt) {
  Type* t = rt.types().complex;
  TypeSlots& s = t->slots();
  s.repr = &ComplexRepr;
  s.str = &ComplexRepr;
  s.hash = &ComplexHash;
  s.compare = &ComplexCompare;
  s.truth = &ComplexTruth;
  s.construct = &ComplexConstruct;
  s.format = &ComplexFormat;
  s.binary[static_cast<int>(BinOp::kAdd)] = &ComplexBinary<BinOp::kAdd>;
  s.binary[static_cast<int>(BinOp::kSub)] = &ComplexBinary<BinOp::kSub>;
  s.binary[static_cast<int>(BinOp::kMul)] = &ComplexBinary<BinOp::kMul>;
  s.binary[static_cast<int>(BinOp::kTrueDiv)] = &ComplexBinary<BinOp::kTrueDiv>;
  s.binary[static_cast<int>(BinOp::kPow)] = &ComplexBinary<BinOp::kPow>;
  s.unary[static_cast<int>(UnaryOp::kNeg)] = &ComplexNeg;
  s.unary[static_cast<int>(UnaryOp::kPos)] = &ComplexPos;
  rt.AddMethod(t, "__abs__", &ComplexAbs);
  rt.AddMethod(t, "conjugate", &ComplexConjugate);
  AddGetter(rt, t, "real", &RealGetter);
  AddGetter(rt, t, "imag", &ImagGetter);
}

}  // namespace internal
}  // namespace wick::vm
