// int, bool and float arithmetic: 64-bit ints that raise OverflowError instead of
// wrapping, Python's floor division and modulo signs, true division and negative
// powers giving floats, bit operations (bool & bool stays bool), and the float
// operators with CPython's ZeroDivisionError texts.
#include <cmath>
#include <limits>

#include "absl/strings/str_cat.h"
#include "vm/objects/internal/objects_internal.h"
#include "vm/protocol.h"

namespace wick::vm::internal {
namespace {

Value Overflow(Runtime& rt) {
  return rt.Raise(rt.exc().overflow_error, "integer overflow: result does not fit in 64 bits");
}

// Operand as double for float arithmetic; false when it is not a number.
bool ToDouble(const Value& v, double* out) {
  if (v.is_float()) {
    *out = v.as_float();
    return true;
  }
  if (v.is_int_like()) {
    *out = static_cast<double>(v.as_int());
    return true;
  }
  return false;
}

// ---- float ------------------------------------------------------------------------

Value FloatPow(Runtime& rt, double x, double y) {
  if (x == 0.0 && y < 0.0) {
    return rt.Raise(rt.exc().zero_division_error,
                    "0.0 cannot be raised to a negative power");
  }
  if (x < 0.0 && std::isfinite(x) && std::isfinite(y) && y != std::floor(y)) {
    // CPython returns a complex number here; wick has no complex type.
    return rt.Raise(rt.exc().value_error,
                    "negative number cannot be raised to a fractional power "
                    "(complex results are not supported)");
  }
  double r = std::pow(x, y);
  if (std::isinf(r) && std::isfinite(x) && std::isfinite(y)) {
    return rt.Raise(rt.exc().overflow_error, "(34, 'Numerical result out of range')");
  }
  return Value::Float(r);
}

// Python's float floor-division and modulo (floatobject.c's float_divmod rules).
void FloatDivMod(double vx, double wx, double* floordiv, double* mod) {
  double m = std::fmod(vx, wx);
  double div = (vx - m) / wx;
  if (m != 0.0) {
    if ((wx < 0) != (m < 0)) {
      m += wx;
      div -= 1.0;
    }
  } else {
    m = std::copysign(0.0, wx);
  }
  double fd;
  if (div != 0.0) {
    fd = std::floor(div);
    if (div - fd > 0.5) fd += 1.0;
  } else {
    fd = std::copysign(0.0, vx / wx);
  }
  *floordiv = fd;
  *mod = m;
}

Value FloatBinary(Runtime& rt, BinOp op, const Value& a, const Value& b) {
  double x, y;
  if (!ToDouble(a, &x) || !ToDouble(b, &y)) return rt.NotImplemented();
  switch (op) {
    case BinOp::kAdd: return Value::Float(x + y);
    case BinOp::kSub: return Value::Float(x - y);
    case BinOp::kMul: return Value::Float(x * y);
    case BinOp::kTrueDiv:
      if (y == 0.0) return rt.Raise(rt.exc().zero_division_error, "float division by zero");
      return Value::Float(x / y);
    case BinOp::kFloorDiv: {
      if (y == 0.0) {
        return rt.Raise(rt.exc().zero_division_error, "float floor division by zero");
      }
      double fd, m;
      FloatDivMod(x, y, &fd, &m);
      return Value::Float(fd);
    }
    case BinOp::kMod: {
      if (y == 0.0) return rt.Raise(rt.exc().zero_division_error, "float modulo");
      double fd, m;
      FloatDivMod(x, y, &fd, &m);
      return Value::Float(m);
    }
    case BinOp::kPow: return FloatPow(rt, x, y);
    default: return rt.NotImplemented();
  }
}

// ---- int --------------------------------------------------------------------------

Value IntPow(Runtime& rt, int64_t base, int64_t exp) {
  if (exp < 0) {
    if (base == 0) {
      return rt.Raise(rt.exc().zero_division_error,
                      "0.0 cannot be raised to a negative power");
    }
    return FloatPow(rt, static_cast<double>(base), static_cast<double>(exp));
  }
  int64_t result = 1;
  while (exp > 0) {
    if (exp & 1) {
      if (__builtin_mul_overflow(result, base, &result)) return Overflow(rt);
    }
    exp >>= 1;
    if (exp > 0 && __builtin_mul_overflow(base, base, &base)) return Overflow(rt);
  }
  return Value::Int(result);
}

Value IntBinary(Runtime& rt, BinOp op, const Value& a, const Value& b) {
  if (!a.is_int_like() || !b.is_int_like()) {
    // int op float is float's business; anything else is not ours.
    return rt.NotImplemented();
  }
  int64_t x = a.as_int(), y = b.as_int(), r;
  switch (op) {
    case BinOp::kAdd:
      if (__builtin_add_overflow(x, y, &r)) return Overflow(rt);
      return Value::Int(r);
    case BinOp::kSub:
      if (__builtin_sub_overflow(x, y, &r)) return Overflow(rt);
      return Value::Int(r);
    case BinOp::kMul:
      if (__builtin_mul_overflow(x, y, &r)) return Overflow(rt);
      return Value::Int(r);
    case BinOp::kTrueDiv:
      if (y == 0) return rt.Raise(rt.exc().zero_division_error, "division by zero");
      return Value::Float(static_cast<double>(x) / static_cast<double>(y));
    case BinOp::kFloorDiv:
    case BinOp::kMod: {
      if (y == 0) {
        return rt.Raise(rt.exc().zero_division_error,
                        op == BinOp::kMod ? "integer modulo by zero"
                                          : "integer division or modulo by zero");
      }
      if (x == std::numeric_limits<int64_t>::min() && y == -1) {
        if (op == BinOp::kMod) return Value::Int(0);
        return Overflow(rt);
      }
      int64_t q = x / y, m = x % y;
      if (m != 0 && ((m < 0) != (y < 0))) {
        q -= 1;
        m += y;
      }
      return Value::Int(op == BinOp::kMod ? m : q);
    }
    case BinOp::kPow: return IntPow(rt, x, y);
    case BinOp::kLShift:
      if (y < 0) return rt.Raise(rt.exc().value_error, "negative shift count");
      if (x == 0) return Value::Int(0);
      if (y >= 63 || (x > 0 ? x > (std::numeric_limits<int64_t>::max() >> y)
                            : x < (std::numeric_limits<int64_t>::min() >> y))) {
        return Overflow(rt);
      }
      return Value::Int(static_cast<int64_t>(static_cast<uint64_t>(x) << y));
    case BinOp::kRShift:
      if (y < 0) return rt.Raise(rt.exc().value_error, "negative shift count");
      return Value::Int(y >= 64 ? (x < 0 ? -1 : 0) : x >> y);
    case BinOp::kAnd:
    case BinOp::kOr:
    case BinOp::kXor: {
      int64_t v = op == BinOp::kAnd ? (x & y) : op == BinOp::kOr ? (x | y) : (x ^ y);
      if (a.is_bool() && b.is_bool()) return Value::Bool(v != 0);
      return Value::Int(v);
    }
    default: return rt.NotImplemented();
  }
}

template <BinOp kOp>
Value IntSlot(Runtime& rt, const Value& a, const Value& b) {
  return IntBinary(rt, kOp, a, b);
}
template <BinOp kOp>
Value FloatSlot(Runtime& rt, const Value& a, const Value& b) {
  return FloatBinary(rt, kOp, a, b);
}

Value NumberCompare(Runtime& rt, const Value& a, const Value& b, CmpOp op) {
  bool num_a = a.is_int_like() || a.is_float();
  bool num_b = b.is_int_like() || b.is_float();
  if (!num_a || !num_b) return rt.NotImplemented();
  return Compare(rt, a, b, op);
}

Value IntNeg(Runtime& rt, const Value& v) {
  if (v.as_int() == std::numeric_limits<int64_t>::min()) return Overflow(rt);
  return Value::Int(-v.as_int());
}
Value IntPos(Runtime&, const Value& v) { return Value::Int(v.as_int()); }
Value IntInvert(Runtime&, const Value& v) { return Value::Int(~v.as_int()); }
Value FloatNeg(Runtime&, const Value& v) { return Value::Float(-v.as_float()); }
Value FloatPos(Runtime&, const Value& v) { return v; }

bool NumberHash(Runtime& rt, const Value& v, int64_t* out) { return Hash(rt, v, out); }
Value NumberRepr(Runtime& rt, const Value& v) { return Repr(rt, v); }

// ---- methods ----------------------------------------------------------------------

Value FloatIsInteger(Runtime& rt, Args args, const KwArgs& kw) {
  if (!CheckArgCount(rt, "is_integer", args, 1, 1) || !NoKwargs(rt, "is_integer", kw)) {
    return Value::Raised();
  }
  double d = args[0].as_float();
  return Value::Bool(std::isfinite(d) && d == std::floor(d));
}

Value IntBitLength(Runtime& rt, Args args, const KwArgs& kw) {
  if (!CheckArgCount(rt, "bit_length", args, 1, 1)) return Value::Raised();
  int64_t v = args[0].as_int();
  uint64_t u = v < 0 ? ~static_cast<uint64_t>(v) + 1 : static_cast<uint64_t>(v);
  return Value::Int(u == 0 ? 0 : 64 - __builtin_clzll(u));
}

Value IntConstruct(Runtime& rt, Type* type, Args args, const KwArgs& kw) {
  Value x[2];
  if (!UnpackArgs(rt, "int", args, kw, {"x", "base"}, 0, x)) return Value::Raised();
  if (x[0].is_raised()) {
    if (!x[1].is_raised()) return rt.Raise(rt.exc().type_error, "int() missing string argument");
    return Value::Int(0);
  }
  int64_t base = 10;
  if (!x[1].is_raised() && !AsIndex(rt, x[1], &base, "'str' object cannot be interpreted as an integer")) {
    return Value::Raised();
  }
  return IntFromValue(rt, x[0], base, !x[1].is_raised());
}

Value FloatConstruct(Runtime& rt, Type* type, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "float", kw) || !CheckArgCount(rt, "float", args, 0, 1)) {
    return Value::Raised();
  }
  if (args.empty()) return Value::Float(0.0);
  return FloatFromValue(rt, args[0]);
}

Value BoolConstruct(Runtime& rt, Type* type, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "bool", kw) || !CheckArgCount(rt, "bool", args, 0, 1)) {
    return Value::Raised();
  }
  if (args.empty()) return Value::Bool(false);
  int t = Truthy(rt, args[0]);
  return t < 0 ? Value::Raised() : Value::Bool(t);
}

Value NoneConstruct(Runtime& rt, Type*, Args args, const KwArgs& kw) {
  if (!args.empty() || !kw.empty()) {
    return rt.Raise(rt.exc().type_error, "NoneType takes no arguments");
  }
  return Value::None();
}

Value NumberFormat(Runtime& rt, const Value& v, absl::string_view spec) {
  return Format(rt, v, spec);
}

}  // namespace

void InitNumberTypes(Runtime& rt) {
  Type* int_t = rt.types().int_;
  Type* float_t = rt.types().float_;
  TypeSlots& is = int_t->slots();
  TypeSlots& fs = float_t->slots();
#define WICK_NUM_SLOT(op)                                                  \
  is.binary[static_cast<int>(BinOp::op)] = &IntSlot<BinOp::op>;            \
  fs.binary[static_cast<int>(BinOp::op)] = &FloatSlot<BinOp::op>;
  WICK_NUM_SLOT(kAdd) WICK_NUM_SLOT(kSub) WICK_NUM_SLOT(kMul) WICK_NUM_SLOT(kTrueDiv)
  WICK_NUM_SLOT(kFloorDiv) WICK_NUM_SLOT(kMod) WICK_NUM_SLOT(kPow)
#undef WICK_NUM_SLOT
  is.binary[static_cast<int>(BinOp::kLShift)] = &IntSlot<BinOp::kLShift>;
  is.binary[static_cast<int>(BinOp::kRShift)] = &IntSlot<BinOp::kRShift>;
  is.binary[static_cast<int>(BinOp::kAnd)] = &IntSlot<BinOp::kAnd>;
  is.binary[static_cast<int>(BinOp::kOr)] = &IntSlot<BinOp::kOr>;
  is.binary[static_cast<int>(BinOp::kXor)] = &IntSlot<BinOp::kXor>;
  is.unary[static_cast<int>(UnaryOp::kNeg)] = &IntNeg;
  is.unary[static_cast<int>(UnaryOp::kPos)] = &IntPos;
  is.unary[static_cast<int>(UnaryOp::kInvert)] = &IntInvert;
  fs.unary[static_cast<int>(UnaryOp::kNeg)] = &FloatNeg;
  fs.unary[static_cast<int>(UnaryOp::kPos)] = &FloatPos;
  for (TypeSlots* s : {&is, &fs}) {
    s->compare = &NumberCompare;
    s->hash = &NumberHash;
    s->repr = &NumberRepr;
    s->format = &NumberFormat;
  }
  is.construct = &IntConstruct;
  fs.construct = &FloatConstruct;
  rt.AddMethod(float_t, "is_integer", &FloatIsInteger);
  rt.AddMethod(int_t, "bit_length", &IntBitLength);
  InitNumberMethods(rt);
  // bool: int's slots (inherited), its own constructor; & | ^ already keep bools.
  rt.types().bool_->slots() = is;
  rt.types().bool_->slots().construct = &BoolConstruct;
  rt.types().none->slots().construct = &NoneConstruct;
  rt.types().none->slots().repr = &NumberRepr;
  rt.types().none->slots().hash = &NumberHash;
}

}  // namespace wick::vm::internal
