// The math module: float functions with CPython's error rules ("math domain error"
// when a finite input gives NaN, "math range error" when it overflows), floor/ceil
// returning ints, log with an optional base, isclose, prod, and the constants.
#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "vm/builtins/args.h"
#include "vm/builtins/internal/builtins_internal.h"
#include "vm/objects/objects.h"
#include "vm/protocol.h"

namespace wick::vm::builtins {
namespace {

// A real number as a double: int, bool, float, or an object with __float__.
bool ToDouble(Runtime& rt, const Value& v, double* out) {
  if (v.is_float()) {
    *out = v.as_float();
    return true;
  }
  if (v.is_int_like()) {
    *out = static_cast<double>(v.as_int());
    return true;
  }
  if (rt.TypeOf(v)->Lookup(rt.names().float_) != nullptr) {
    Value f = CallMethod(rt, v, "__float__", {});
    if (f.is_raised()) return false;
    if (f.is_float()) {
      *out = f.as_float();
      return true;
    }
  }
  RaiseTypeName(rt, "must be real number, not ", v, "");
  return false;
}

Value DomainError(Runtime& rt) { return rt.Raise(rt.exc().value_error, "math domain error"); }
Value RangeError(Runtime& rt) { return rt.Raise(rt.exc().overflow_error, "math range error"); }

// CPython's math_1: NaN from a non-NaN input is a domain error; an infinite result from
// a finite input is a range error when `can_overflow`, else a domain error.
Value CheckedResult(Runtime& rt, double x, double r, bool can_overflow) {
  if (std::isnan(r) && !std::isnan(x)) return DomainError(rt);
  if (std::isinf(r) && std::isfinite(x)) return can_overflow ? RangeError(rt) : DomainError(rt);
  return Value::Float(r);
}

struct UnaryEntry {
  const char* name;
  double (*fn)(double);
  bool can_overflow;
};

double Degrees(double x) { return x * (180.0 / M_PI); }
double Radians(double x) { return x * (M_PI / 180.0); }

constexpr UnaryEntry kUnary[] = {
    {"sqrt", [](double x) { return std::sqrt(x); }, false},
    {"exp", [](double x) { return std::exp(x); }, true},
    {"expm1", [](double x) { return std::expm1(x); }, true},
    {"log1p", [](double x) { return std::log1p(x); }, false},
    {"sin", [](double x) { return std::sin(x); }, false},
    {"cos", [](double x) { return std::cos(x); }, false},
    {"tan", [](double x) { return std::tan(x); }, false},
    {"asin", [](double x) { return std::asin(x); }, false},
    {"acos", [](double x) { return std::acos(x); }, false},
    {"atan", [](double x) { return std::atan(x); }, false},
    {"sinh", [](double x) { return std::sinh(x); }, true},
    {"cosh", [](double x) { return std::cosh(x); }, true},
    {"tanh", [](double x) { return std::tanh(x); }, false},
    {"fabs", [](double x) { return std::fabs(x); }, false},
    {"erf", [](double x) { return std::erf(x); }, false},
    {"erfc", [](double x) { return std::erfc(x); }, false},
    {"degrees", &Degrees, true},
    {"radians", &Radians, false},
    {"acosh", [](double x) { return std::acosh(x); }, false},
    {"asinh", [](double x) { return std::asinh(x); }, false},
    {"atanh", [](double x) { return std::atanh(x); }, false},
    {"cbrt", [](double x) { return std::cbrt(x); }, false},
    {"exp2", [](double x) { return std::exp2(x); }, true},
};

template <int kIndex>
Value MathUnary(Runtime& rt, Args args, const KwArgs& kw) {
  const UnaryEntry& e = kUnary[kIndex];
  if (!OneArg(rt, absl::StrCat("math.", e.name), args, kw)) return Value::Raised();
  double x;
  if (!ToDouble(rt, args[0], &x)) return Value::Raised();
  return CheckedResult(rt, x, e.fn(x), e.can_overflow);
}

template <int... kIndices>
void AddUnary(Runtime& rt, const Value& m, std::integer_sequence<int, kIndices...>) {
  (AddModuleFunction(rt, m, kUnary[kIndices].name, &MathUnary<kIndices>), ...);
}

// log(x) for the log family: x <= 0 is a domain error (CPython's m_log).
bool LogOf(Runtime& rt, const Value& v, double (*fn)(double), double* out) {
  double x;
  if (!ToDouble(rt, v, &x)) return false;
  if (std::isnan(x) || std::isinf(x)) {
    *out = x > 0 || std::isnan(x) ? x : std::numeric_limits<double>::quiet_NaN();
    if (std::isnan(*out) && !std::isnan(x)) {
      DomainError(rt);
      return false;
    }
    return true;
  }
  if (x <= 0) {
    DomainError(rt);
    return false;
  }
  *out = fn(x);
  return true;
}

double NaturalLog(double x) { return std::log(x); }

// log(x[, base])
Value Log(Runtime& rt, Args args, const KwArgs& kw) {
  if (!kw.empty()) return rt.Raise(rt.exc().type_error, "math.log() takes no keyword arguments");
  if (args.empty() || args.size() > 2) {
    return rt.Raise(rt.exc().type_error, "math.log requires 1 to 2 arguments");
  }
  double num;
  if (!LogOf(rt, args[0], &NaturalLog, &num)) return Value::Raised();
  if (args.size() == 1) return Value::Float(num);
  double den;
  if (!LogOf(rt, args[1], &NaturalLog, &den)) return Value::Raised();
  if (den == 0) return rt.Raise(rt.exc().zero_division_error, "float division by zero");
  return Value::Float(num / den);
}

template <int kBase>
Value LogBase(Runtime& rt, Args args, const KwArgs& kw) {
  if (!OneArg(rt, kBase == 2 ? "math.log2" : "math.log10", args, kw)) return Value::Raised();
  double r;
  auto fn = kBase == 2 ? +[](double x) { return std::log2(x); }
                       : +[](double x) { return std::log10(x); };
  if (!LogOf(rt, args[0], fn, &r)) return Value::Raised();
  return Value::Float(r);
}

// floor/ceil: ints pass through; floats become ints (errors for inf and NaN); other
// objects use __floor__/__ceil__.
template <bool kCeil>
Value FloorCeil(Runtime& rt, Args args, const KwArgs& kw) {
  const char* name = kCeil ? "math.ceil" : "math.floor";
  if (!OneArg(rt, name, args, kw)) return Value::Raised();
  const Value& v = args[0];
  if (v.is_int_like()) return Value::Int(v.as_int());
  if (!v.is_float()) {
    const char* dunder = kCeil ? "__ceil__" : "__floor__";
    if (rt.TypeOf(v)->Lookup(dunder) != nullptr) return CallMethod(rt, v, dunder, {});
  }
  double x;
  if (!ToDouble(rt, v, &x)) return Value::Raised();
  if (std::isnan(x)) return rt.Raise(rt.exc().value_error, "cannot convert float NaN to integer");
  if (std::isinf(x)) {
    return rt.Raise(rt.exc().overflow_error, "cannot convert float infinity to integer");
  }
  double r = kCeil ? std::ceil(x) : std::floor(x);
  if (r < -9.2233720368547758e18 || r >= 9.2233720368547758e18) {
    return rt.Raise(rt.exc().overflow_error, "int too large to convert to int64");
  }
  return Value::Int(static_cast<int64_t>(r));
}

Value Trunc(Runtime& rt, Args args, const KwArgs& kw) {
  if (!OneArg(rt, "math.trunc", args, kw)) return Value::Raised();
  return Call(rt, Value::Borrow(rt.types().int_), args);
}

// Two-float functions: pow, atan2, hypot, fmod, copysign.
template <int kOp>
Value MathBinary(Runtime& rt, Args args, const KwArgs& kw) {
  static constexpr const char* kNames[] = {"pow", "atan2", "hypot", "fmod", "copysign"};
  if (!ArgCount(rt, kNames[kOp], args, kw, 2, 2)) return Value::Raised();
  double x, y;
  if (!ToDouble(rt, args[0], &x) || !ToDouble(rt, args[1], &y)) return Value::Raised();
  double r = 0;
  switch (kOp) {
    case 0:
      if (x == 0 && y < 0) return DomainError(rt);
      if (x < 0 && std::isfinite(y) && y != std::floor(y)) return DomainError(rt);
      r = std::pow(x, y);
      if (std::isinf(r) && std::isfinite(x) && std::isfinite(y)) return RangeError(rt);
      return Value::Float(r);
    case 1: return Value::Float(std::atan2(x, y));
    case 2: return Value::Float(std::hypot(x, y));
    case 3:
      if (std::isinf(x) || y == 0) return DomainError(rt);
      return Value::Float(std::fmod(x, y));
    default: return Value::Float(std::copysign(x, y));
  }
}

template <int kWhich>
Value FloatPredicate(Runtime& rt, Args args, const KwArgs& kw) {
  static constexpr const char* kNames[] = {"math.isnan", "math.isinf", "math.isfinite"};
  if (!OneArg(rt, kNames[kWhich], args, kw)) return Value::Raised();
  double x;
  if (!ToDouble(rt, args[0], &x)) return Value::Raised();
  bool r = kWhich == 0 ? std::isnan(x) : kWhich == 1 ? std::isinf(x) : std::isfinite(x);
  return Value::Bool(r);
}

// isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0)
Value IsClose(Runtime& rt, Args args, const KwArgs& kw) {
  Value a[4];
  if (!BindArgs(rt, "isclose", args, kw, {"a", "b", "rel_tol", "abs_tol"}, 2, a)) {
    return Value::Raised();
  }
  double x, y, rel = 1e-9, abs_tol = 0.0;
  if (!ToDouble(rt, a[0], &x) || !ToDouble(rt, a[1], &y)) return Value::Raised();
  if (!a[2].is_raised() && !ToDouble(rt, a[2], &rel)) return Value::Raised();
  if (!a[3].is_raised() && !ToDouble(rt, a[3], &abs_tol)) return Value::Raised();
  if (rel < 0 || abs_tol < 0) {
    return rt.Raise(rt.exc().value_error, "tolerances must be non-negative");
  }
  if (x == y) return Value::Bool(true);
  if (std::isinf(x) || std::isinf(y)) return Value::Bool(false);
  double diff = std::fabs(y - x);
  return Value::Bool(diff <= std::fabs(rel * y) || diff <= std::fabs(rel * x) ||
                     diff <= abs_tol);
}

// prod(iterable, *, start=1)
Value Prod(Runtime& rt, Args args, const KwArgs& kw) {
  if (args.size() != 1) {
    return rt.Raise(rt.exc().type_error, absl::StrCat("prod() takes exactly 1 positional argument (",
                                                      args.size(), " given)"));
  }
  if (!CheckKwNames(rt, "prod", kw, {"start"})) return Value::Raised();
  Value total = Value::Int(1);
  if (const Value* s = kw.Find("start")) total = *s;
  Value it = GetIter(rt, args[0]);
  if (it.is_raised()) return it;
  while (true) {
    Value item = Next(rt, it);
    if (item.is_raised()) return rt.HasPending() ? item : total;
    total = BinaryOp(rt, BinOp::kMul, total, item);
    if (total.is_raised()) return total;
  }
}

Value Gcd(Runtime& rt, Args args, const KwArgs& kw) {
  if (!NoKeywords(rt, "gcd", kw)) return Value::Raised();
  int64_t g = 0;
  for (const Value& v : args) {
    int64_t x;
    if (!AsIndex(rt, v, &x, absl::StrCat("'", TypeName(rt, v),
                                          "' object cannot be interpreted as an integer"))) {
      return Value::Raised();
    }
    x = x < 0 ? -x : x;
    while (x != 0) {
      int64_t t = g % x;
      g = x;
      x = t;
    }
  }
  return Value::Int(g);
}

// An int argument of the integer functions (factorial, comb, perm, isqrt, lcm).
bool IntArg(Runtime& rt, const Value& v, int64_t* out) {
  return AsIndex(rt, v, out,
                 absl::StrCat("'", TypeName(rt, v), "' object cannot be interpreted as an integer"));
}

Value IntOverflow(Runtime& rt) {
  return rt.Raise(rt.exc().overflow_error, "integer overflow: result does not fit in 64 bits");
}

Value Lcm(Runtime& rt, Args args, const KwArgs& kw) {
  if (!NoKeywords(rt, "lcm", kw)) return Value::Raised();
  int64_t l = 1;
  for (const Value& v : args) {
    int64_t x;
    if (!IntArg(rt, v, &x)) return Value::Raised();
    x = x < 0 ? -x : x;
    if (x == 0 || l == 0) {
      l = 0;
      continue;
    }
    int64_t a = l, b = x;
    while (b != 0) {
      int64_t t = a % b;
      a = b;
      b = t;
    }
    if (__builtin_mul_overflow(l / a, x, &l)) return IntOverflow(rt);
  }
  return Value::Int(l);
}

Value Factorial(Runtime& rt, Args args, const KwArgs& kw) {
  if (!OneArg(rt, "math.factorial", args, kw)) return Value::Raised();
  int64_t n;
  if (!IntArg(rt, args[0], &n)) return Value::Raised();
  if (n < 0) return rt.Raise(rt.exc().value_error, "factorial() not defined for negative values");
  int64_t r = 1;
  for (int64_t i = 2; i <= n; ++i) {
    if (__builtin_mul_overflow(r, i, &r)) return IntOverflow(rt);
  }
  return Value::Int(r);
}

// perm(n, k) = n! / (n-k)!, comb(n, k) = perm(n, k) / k!, computed so that every
// intermediate is an exact integer (comb multiplies then divides one factor at a time).
template <bool kComb>
Value PermComb(Runtime& rt, Args args, const KwArgs& kw) {
  const char* name = kComb ? "comb" : "perm";
  if (!ArgCount(rt, name, args, kw, kComb ? 2 : 1, 2)) return Value::Raised();
  int64_t n, k;
  if (!IntArg(rt, args[0], &n)) return Value::Raised();
  bool whole = args.size() == 1 || args[1].is_none();
  if (whole) {
    k = n;
  } else if (!IntArg(rt, args[1], &k)) {
    return Value::Raised();
  }
  if (n < 0) return rt.Raise(rt.exc().value_error, "n must be a non-negative integer");
  if (k < 0) return rt.Raise(rt.exc().value_error, "k must be a non-negative integer");
  if (k > n) return Value::Int(0);
  if (kComb && k > n - k) k = n - k;
  int64_t r = 1;
  for (int64_t i = 0; i < k; ++i) {
    __int128 wide = static_cast<__int128>(r) * (n - i);
    if (kComb) wide /= (i + 1);
    if (wide > INT64_MAX) return IntOverflow(rt);
    r = static_cast<int64_t>(wide);
  }
  return Value::Int(r);
}

Value Isqrt(Runtime& rt, Args args, const KwArgs& kw) {
  if (!OneArg(rt, "math.isqrt", args, kw)) return Value::Raised();
  int64_t n;
  if (!IntArg(rt, args[0], &n)) return Value::Raised();
  if (n < 0) return rt.Raise(rt.exc().value_error, "isqrt() argument must be nonnegative");
  int64_t r = static_cast<int64_t>(std::sqrt(static_cast<double>(n)));
  while (r > 0 && static_cast<__int128>(r) * r > n) --r;
  while (static_cast<__int128>(r + 1) * (r + 1) <= n) ++r;
  return Value::Int(r);
}

// gamma and lgamma: poles at the non-positive integers are domain errors.
template <bool kLog>
Value Gamma(Runtime& rt, Args args, const KwArgs& kw) {
  if (!OneArg(rt, kLog ? "math.lgamma" : "math.gamma", args, kw)) return Value::Raised();
  double x;
  if (!ToDouble(rt, args[0], &x)) return Value::Raised();
  if (std::isnan(x)) return Value::Float(x);
  if (std::isinf(x)) {
    if (x < 0 && !kLog) return DomainError(rt);
    return Value::Float(std::numeric_limits<double>::infinity());
  }
  if (x <= 0 && x == std::floor(x)) return DomainError(rt);
  double r = kLog ? std::lgamma(x) : std::tgamma(x);
  if (std::isinf(r)) return RangeError(rt);
  return Value::Float(r);
}

Value Frexp(Runtime& rt, Args args, const KwArgs& kw) {
  if (!OneArg(rt, "math.frexp", args, kw)) return Value::Raised();
  double x;
  if (!ToDouble(rt, args[0], &x)) return Value::Raised();
  int e = 0;
  double m = std::isfinite(x) && x != 0 ? std::frexp(x, &e) : x;
  return rt.NewTuple({Value::Float(m), Value::Int(e)});
}

Value Ldexp(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "ldexp", args, kw, 2, 2)) return Value::Raised();
  double x;
  if (!ToDouble(rt, args[0], &x)) return Value::Raised();
  if (!args[1].is_int_like()) {
    return rt.Raise(rt.exc().type_error, "Expected an int as second argument to ldexp.");
  }
  int64_t e = args[1].as_int();
  if (x == 0 || !std::isfinite(x)) return Value::Float(x);
  int clamped = e > 100000 ? 100000 : e < -100000 ? -100000 : static_cast<int>(e);
  double r = std::ldexp(x, clamped);
  if (std::isinf(r)) return RangeError(rt);
  return Value::Float(r);
}

Value Modf(Runtime& rt, Args args, const KwArgs& kw) {
  if (!OneArg(rt, "math.modf", args, kw)) return Value::Raised();
  double x;
  if (!ToDouble(rt, args[0], &x)) return Value::Raised();
  if (std::isinf(x)) return rt.NewTuple({Value::Float(std::copysign(0.0, x)), Value::Float(x)});
  double ip;
  double frac = std::modf(x, &ip);
  return rt.NewTuple({Value::Float(frac), Value::Float(ip)});
}

// remainder (IEEE 754), nextafter: two floats each.
template <bool kNext>
Value FloatPair(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, kNext ? "nextafter" : "remainder", args, kw, 2, 2)) return Value::Raised();
  double x, y;
  if (!ToDouble(rt, args[0], &x) || !ToDouble(rt, args[1], &y)) return Value::Raised();
  if (kNext) return Value::Float(std::nextafter(x, y));
  if (std::isnan(x) || std::isnan(y)) return Value::Float(std::numeric_limits<double>::quiet_NaN());
  if (std::isinf(x) || y == 0) return DomainError(rt);
  if (std::isinf(y)) return Value::Float(x);
  return Value::Float(std::remainder(x, y));
}

Value Ulp(Runtime& rt, Args args, const KwArgs& kw) {
  if (!OneArg(rt, "math.ulp", args, kw)) return Value::Raised();
  double x;
  if (!ToDouble(rt, args[0], &x)) return Value::Raised();
  if (std::isnan(x) || std::isinf(x)) return Value::Float(std::fabs(x));
  x = std::fabs(x);
  double up = std::nextafter(x, std::numeric_limits<double>::infinity());
  if (std::isinf(up)) return Value::Float(x - std::nextafter(x, 0.0));
  return Value::Float(up - x);
}

// A sequence of floats (dist's points, fsum's input) read through the iterator protocol.
bool FloatsOf(Runtime& rt, const Value& seq, std::vector<double>* out) {
  Value it = GetIter(rt, seq);
  if (it.is_raised()) return false;
  while (true) {
    Value item = Next(rt, it);
    if (item.is_raised()) return !rt.HasPending();
    double d;
    if (!ToDouble(rt, item, &d)) return false;
    out->push_back(d);
  }
}

Value Dist(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "dist", args, kw, 2, 2)) return Value::Raised();
  std::vector<double> p, q;
  if (!FloatsOf(rt, args[0], &p) || !FloatsOf(rt, args[1], &q)) return Value::Raised();
  if (p.size() != q.size()) {
    return rt.Raise(rt.exc().value_error, "both points must have the same number of dimensions");
  }
  double r = 0;
  for (size_t i = 0; i < p.size(); ++i) r = std::hypot(r, p[i] - q[i]);
  return Value::Float(r);
}

// fsum: exact sum of the inputs rounded once (Shewchuk's non-overlapping partials, with
// the half-way correction of the final rounding).
Value Fsum(Runtime& rt, Args args, const KwArgs& kw) {
  if (!OneArg(rt, "math.fsum", args, kw)) return Value::Raised();
  std::vector<double> xs;
  if (!FloatsOf(rt, args[0], &xs)) return Value::Raised();
  std::vector<double> partials;
  double special = 0, inf_sum = 0;
  bool has_special = false;
  for (double x : xs) {
    if (!std::isfinite(x)) {
      if (std::isinf(x)) inf_sum += x;
      special += x;
      has_special = true;
      continue;
    }
    size_t n = 0;
    for (double y : partials) {
      if (std::fabs(x) < std::fabs(y)) std::swap(x, y);
      double hi = x + y;
      double lo = y - (hi - x);
      if (lo != 0) partials[n++] = lo;
      x = hi;
    }
    if (!std::isfinite(x)) {
      return rt.Raise(rt.exc().overflow_error, "intermediate overflow in fsum");
    }
    partials.resize(n);
    if (x != 0) partials.push_back(x);
  }
  if (has_special) {
    if (std::isnan(inf_sum)) return rt.Raise(rt.exc().value_error, "-inf + inf in fsum");
    return Value::Float(special);
  }
  double hi = 0;
  if (!partials.empty()) {
    size_t n = partials.size();
    hi = partials[--n];
    double lo = 0;
    while (n > 0) {
      double x = hi, y = partials[--n];
      hi = x + y;
      lo = y - (hi - x);
      if (lo != 0) break;
    }
    if (n > 0 && ((lo < 0 && partials[n - 1] < 0) || (lo > 0 && partials[n - 1] > 0))) {
      double y = lo * 2, x = hi + y;
      if (y == x - hi) hi = x;
    }
  }
  return Value::Float(hi);
}

}  // namespace

bool InitMathModule(Runtime& rt, const Value& m) {
  AddUnary(rt, m, std::make_integer_sequence<int, sizeof(kUnary) / sizeof(kUnary[0])>());
  AddModuleFunction(rt, m, "log", &Log);
  AddModuleFunction(rt, m, "log2", &LogBase<2>);
  AddModuleFunction(rt, m, "log10", &LogBase<10>);
  AddModuleFunction(rt, m, "floor", &FloorCeil<false>);
  AddModuleFunction(rt, m, "ceil", &FloorCeil<true>);
  AddModuleFunction(rt, m, "trunc", &Trunc);
  AddModuleFunction(rt, m, "pow", &MathBinary<0>);
  AddModuleFunction(rt, m, "atan2", &MathBinary<1>);
  AddModuleFunction(rt, m, "hypot", &MathBinary<2>);
  AddModuleFunction(rt, m, "fmod", &MathBinary<3>);
  AddModuleFunction(rt, m, "copysign", &MathBinary<4>);
  AddModuleFunction(rt, m, "isnan", &FloatPredicate<0>);
  AddModuleFunction(rt, m, "isinf", &FloatPredicate<1>);
  AddModuleFunction(rt, m, "isfinite", &FloatPredicate<2>);
  AddModuleFunction(rt, m, "isclose", &IsClose);
  AddModuleFunction(rt, m, "prod", &Prod);
  AddModuleFunction(rt, m, "gcd", &Gcd);
  AddModuleFunction(rt, m, "lcm", &Lcm);
  AddModuleFunction(rt, m, "factorial", &Factorial);
  AddModuleFunction(rt, m, "comb", &PermComb<true>);
  AddModuleFunction(rt, m, "perm", &PermComb<false>);
  AddModuleFunction(rt, m, "isqrt", &Isqrt);
  AddModuleFunction(rt, m, "gamma", &Gamma<false>);
  AddModuleFunction(rt, m, "lgamma", &Gamma<true>);
  AddModuleFunction(rt, m, "frexp", &Frexp);
  AddModuleFunction(rt, m, "ldexp", &Ldexp);
  AddModuleFunction(rt, m, "modf", &Modf);
  AddModuleFunction(rt, m, "remainder", &FloatPair<false>);
  AddModuleFunction(rt, m, "nextafter", &FloatPair<true>);
  AddModuleFunction(rt, m, "ulp", &Ulp);
  AddModuleFunction(rt, m, "dist", &Dist);
  AddModuleFunction(rt, m, "fsum", &Fsum);
  SetModuleAttr(rt, m, "pi", Value::Float(M_PI));
  SetModuleAttr(rt, m, "e", Value::Float(M_E));
  SetModuleAttr(rt, m, "tau", Value::Float(2 * M_PI));
  SetModuleAttr(rt, m, "inf", Value::Float(std::numeric_limits<double>::infinity()));
  SetModuleAttr(rt, m, "nan", Value::Float(std::numeric_limits<double>::quiet_NaN()));
  return true;
}

}  // namespace wick::vm::builtins
