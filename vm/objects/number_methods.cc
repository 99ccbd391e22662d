// The named attributes and methods of int, bool and float beyond the operators:
// real / imag / numerator / denominator, conjugate(), bit_length(), bit_count(),
// as_integer_ratio() and float.is_integer(). bool inherits int's (`True.real` is 1).
#include <cmath>
#include <cstdint>

#include "vm/objects/internal/objects_internal.h"

namespace wick::vm::internal {
namespace {

// The value itself as a plain number: `True.real` is the int 1, not True.
Value AsPlainNumber(const Value& v) {
  return v.is_float() ? Value::Float(v.as_float()) : Value::Int(v.as_int());
}

Value NumberReal(Runtime&, const Value& self) { return AsPlainNumber(self); }
Value IntImag(Runtime&, const Value&) { return Value::Int(0); }
Value FloatImag(Runtime&, const Value&) { return Value::Float(0.0); }
Value IntDenominator(Runtime&, const Value&) { return Value::Int(1); }

Value NumberConjugate(Runtime& rt, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "conjugate", kw) || !CheckArgCount(rt, "conjugate", args, 1, 1)) {
    return Value::Raised();
  }
  return AsPlainNumber(args[0]);
}

// int.bit_count(): the number of ones in abs(self).
Value IntBitCount(Runtime& rt, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "bit_count", kw) || !CheckArgCount(rt, "bit_count", args, 1, 1)) {
    return Value::Raised();
  }
  int64_t v = args[0].as_int();
  uint64_t u = v < 0 ? ~static_cast<uint64_t>(v) + 1 : static_cast<uint64_t>(v);
  return Value::Int(__builtin_popcountll(u));
}

Value IntAsIntegerRatio(Runtime& rt, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "as_integer_ratio", kw) ||
      !CheckArgCount(rt, "as_integer_ratio", args, 1, 1)) {
    return Value::Raised();
  }
  return rt.NewTuple({Value::Int(args[0].as_int()), Value::Int(1)});
}

// float.as_integer_ratio(): the exact fraction in lowest terms. A double is
// mantissa * 2**exp with a 53-bit mantissa, so only the power of two needs reducing;
// ratios whose denominator passes 2**62 do not fit wick's 64-bit ints.
Value FloatAsIntegerRatio(Runtime& rt, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "as_integer_ratio", kw) ||
      !CheckArgCount(rt, "as_integer_ratio", args, 1, 1)) {
    return Value::Raised();
  }
  double d = args[0].as_float();
  if (std::isinf(d)) {
    return rt.Raise(rt.exc().overflow_error, "cannot convert Infinity to integer ratio");
  }
  if (std::isnan(d)) return rt.Raise(rt.exc().value_error, "cannot convert NaN to integer ratio");
  int exp;
  double frac = std::frexp(d, &exp);  // d = frac * 2**exp, 0.5 <= |frac| < 1
  int64_t mantissa = static_cast<int64_t>(std::ldexp(frac, 53));
  exp -= 53;
  while (mantissa != 0 && mantissa % 2 == 0 && exp < 0) {
    mantissa /= 2;
    ++exp;
  }
  if (mantissa == 0) return rt.NewTuple({Value::Int(0), Value::Int(1)});
  if (exp >= 0) {
    if (exp > 62 || std::abs(mantissa) > (INT64_MAX >> exp)) {
      return rt.Raise(rt.exc().overflow_error,
                      "integer overflow: result does not fit in 64 bits");
    }
    return rt.NewTuple({Value::Int(mantissa * (int64_t{1} << exp)), Value::Int(1)});
  }
  if (-exp > 62) {
    return rt.Raise(rt.exc().overflow_error, "integer overflow: result does not fit in 64 bits");
  }
  return rt.NewTuple({Value::Int(mantissa), Value::Int(int64_t{1} << -exp)});
}

}  // namespace

void InitNumberMethods(Runtime& rt) {
  Type* int_t = rt.types().int_;
  Type* float_t = rt.types().float_;
  AddGetter(rt, int_t, "real", &NumberReal);
  AddGetter(rt, int_t, "imag", &IntImag);
  AddGetter(rt, int_t, "numerator", &NumberReal);
  AddGetter(rt, int_t, "denominator", &IntDenominator);
  rt.AddMethod(int_t, "conjugate", &NumberConjugate);
  rt.AddMethod(int_t, "bit_count", &IntBitCount);
  rt.AddMethod(int_t, "as_integer_ratio", &IntAsIntegerRatio);
  AddGetter(rt, float_t, "real", &NumberReal);
  AddGetter(rt, float_t, "imag", &FloatImag);
  rt.AddMethod(float_t, "conjugate", &NumberConjugate);
  rt.AddMethod(float_t, "as_integer_ratio", &FloatAsIntegerRatio);
}

}  // namespace wick::vm::internal
