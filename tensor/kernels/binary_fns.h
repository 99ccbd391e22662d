// Binary and ternary element functions, in the same shape as unary_fns.h: `operator()`
// defines the op (integers wrap around, NaN propagates where PyTorch propagates it) and
// `Vector` is the float/double form that must agree with it.
#ifndef WICK_TENSOR_KERNELS_BINARY_FNS_H_
#define WICK_TENSOR_KERNELS_BINARY_FNS_H_

#include <cmath>
#include <type_traits>
#include <limits>

#include "tensor/kernels/scalar_math.h"
#include "tensor/kernels/simd.h"

namespace wick::tensor::kernels {

template <typename T>
struct AddFn {
  T operator()(T a, T b) const {
    if constexpr (std::is_same_v<T, bool>) return a || b;
    else return WrapAdd(a, b);
  }
  Vec<T> Vector(Vec<T> a, Vec<T> b) const requires kHasVec<T> { return a + b; }
};

// a + alpha * b (sub is a + (-alpha) * b). Floats fuse the multiply-add into one
// rounding, as PyTorch's vectorized add does.
template <typename T>
struct AddAlphaFn {
  T alpha;
  T operator()(T a, T b) const {
    if constexpr (std::is_same_v<T, bool>) return a || (alpha && b);
    else if constexpr (kIsInt<T>) return WrapAdd(a, WrapMul(alpha, b));
    else return std::fma(b, alpha, a);
  }
  Vec<T> Vector(Vec<T> a, Vec<T> b) const requires kHasVec<T> {
    return Fma(b, Vec<T>::Splat(alpha), a);
  }
};

template <typename T>
struct SubFn {
  T operator()(T a, T b) const { return WrapSub(a, b); }
  Vec<T> Vector(Vec<T> a, Vec<T> b) const requires kHasVec<T> { return a - b; }
};

template <typename T>
struct MulFn {
  T operator()(T a, T b) const {
    if constexpr (std::is_same_v<T, bool>) return a && b;
    else return WrapMul(a, b);
  }
  Vec<T> Vector(Vec<T> a, Vec<T> b) const requires kHasVec<T> { return a * b; }
};

// True division (floating types only: integer inputs are promoted first).
template <typename T>
struct DivFn {
  T operator()(T a, T b) const { return a / b; }
  Vec<T> Vector(Vec<T> a, Vec<T> b) const requires kHasVec<T> { return a / b; }
};

// Integer inputs must not divide by zero (checked before the loop runs).
template <typename T>
struct DivTruncFn {
  T operator()(T a, T b) const {
    if constexpr (kIsInt<T>) return IntDivTrunc(a, b);
    else return std::trunc(a / b);
  }
  Vec<T> Vector(Vec<T> a, Vec<T> b) const requires kHasVec<T> { return Trunc(a / b); }
};

template <typename T>
struct DivFloorFn {
  T operator()(T a, T b) const {
    if constexpr (kIsInt<T>) return IntDivFloor(a, b);
    else return FloatDivFloor(a, b);
  }
  // FloatDivFloor with every branch turned into a select.
  Vec<T> Vector(Vec<T> a, Vec<T> b) const requires kHasVec<T> {
    const Vec<T> zero = Vec<T>::Splat(0), one = Vec<T>::Splat(1);
    const Vec<T> quot = a / b;
    const Vec<T> mod = Fmod(a, b);
    Vec<T> div = (a - mod) / b;
    const Vec<T> adjust = CmpNe(mod, zero) & (CmpLt(b, zero) ^ CmpLt(mod, zero));
    div = Select(adjust, div - one, div);
    Vec<T> floordiv = Floor(div);
    floordiv = Select(CmpGt(div - floordiv, Vec<T>::Splat(0.5)), floordiv + one, floordiv);
    const Vec<T> signed_zero = (quot & Vec<T>::Splat(-0.0)) | zero;  // copysign(0, quot)
    floordiv = Select(CmpEq(div, zero), signed_zero, floordiv);
    return Select(CmpEq(b, zero), quot, floordiv);
  }
};

// Python's %: the result takes the divisor's sign.
template <typename T>
struct RemainderFn {
  T operator()(T a, T b) const {
    if constexpr (kIsInt<T>) return IntRemainder(a, b);
    else return FloatRemainder(a, b);
  }
  Vec<T> Vector(Vec<T> a, Vec<T> b) const requires kHasVec<T> {
    const Vec<T> zero = Vec<T>::Splat(0);
    const Vec<T> mod = Fmod(a, b);
    const Vec<T> adjust = CmpNe(mod, zero) & (CmpLt(b, zero) ^ CmpLt(mod, zero));
    return Select(adjust, mod + b, mod);
  }
};

// C's fmod: the result takes the dividend's sign.
template <typename T>
struct FmodFn {
  T operator()(T a, T b) const {
    if constexpr (kIsInt<T>) return IntFmod(a, b);
    else return std::fmod(a, b);
  }
  Vec<T> Vector(Vec<T> a, Vec<T> b) const requires kHasVec<T> { return Fmod(a, b); }
};

template <typename T>
struct PowFn {
  T operator()(T a, T b) const {
    if constexpr (kIsInt<T>) return IntPow(a, b);
    else return std::pow(a, b);
  }
  Vec<T> Vector(Vec<T> a, Vec<T> b) const requires kHasVec<T> { return Pow(a, b); }
};

// NaN if either is NaN; on ties the first argument (so maximum(-0.0, 0.0) is -0.0).
template <typename T>
struct MaximumFn {
  T operator()(T a, T b) const {
    if constexpr (kHasVec<T>) {
      if (std::isnan(a) || std::isnan(b)) return a + b;
    }
    return a < b ? b : a;
  }
  Vec<T> Vector(Vec<T> a, Vec<T> b) const requires kHasVec<T> {
    return Select(CmpUnord(a, b), a + b, Select(CmpLt(a, b), b, a));
  }
};

template <typename T>
struct MinimumFn {
  T operator()(T a, T b) const {
    if constexpr (kHasVec<T>) {
      if (std::isnan(a) || std::isnan(b)) return a + b;
    }
    return b < a ? b : a;
  }
  Vec<T> Vector(Vec<T> a, Vec<T> b) const requires kHasVec<T> {
    return Select(CmpUnord(a, b), a + b, Select(CmpLt(b, a), b, a));
  }
};

// Comparisons and logical ops produce bool (scalar forms; the loops vectorize).
template <typename T>
struct EqFn {
  bool operator()(T a, T b) const { return a == b; }
};
template <typename T>
struct NeFn {
  bool operator()(T a, T b) const { return a != b; }
};
template <typename T>
struct LtFn {
  bool operator()(T a, T b) const { return a < b; }
};
template <typename T>
struct LeFn {
  bool operator()(T a, T b) const { return a <= b; }
};
template <typename T>
struct GtFn {
  bool operator()(T a, T b) const { return a > b; }
};
template <typename T>
struct GeFn {
  bool operator()(T a, T b) const { return a >= b; }
};
template <typename T>
struct LogicalAndFn {
  bool operator()(T a, T b) const { return (a != T(0)) && (b != T(0)); }
};
template <typename T>
struct LogicalOrFn {
  bool operator()(T a, T b) const { return (a != T(0)) || (b != T(0)); }
};
template <typename T>
struct LogicalXorFn {
  bool operator()(T a, T b) const { return (a != T(0)) != (b != T(0)); }
};

// Bitwise ops: integers and bool only.
template <typename T>
struct BitwiseAndFn {
  T operator()(T a, T b) const { return a & b; }
};
template <typename T>
struct BitwiseOrFn {
  T operator()(T a, T b) const { return a | b; }
};
template <typename T>
struct BitwiseXorFn {
  T operator()(T a, T b) const { return a ^ b; }
};
// Shifts: integers only. Like PyTorch 1.13's CPU kernels (a plain C++ shift on x86), the
// count is taken modulo the bit width, so x << 70 is x << 6 for int64 and a negative
// count shifts by width - 1 or so; left shifts wrap (done on the unsigned type).
template <typename T>
struct LShiftFn {
  T operator()(T a, T b) const {
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
      using U = std::make_unsigned_t<T>;
      const U count = static_cast<U>(b) & U(sizeof(T) * 8 - 1);
      return static_cast<T>(static_cast<U>(a) << count);
    } else {
      return a;  // not instantiated: the op's TypeSet is integers only
    }
  }
};
template <typename T>
struct RShiftFn {
  T operator()(T a, T b) const {
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
      using U = std::make_unsigned_t<T>;
      const U count = static_cast<U>(b) & U(sizeof(T) * 8 - 1);
      return static_cast<T>(a >> count);  // arithmetic for signed types, as on x86
    } else {
      return a;
    }
  }
};

// self + weight * (end - self), evaluated from the nearer end for accuracy (PyTorch's
// lerp). Floating types only.
template <typename T>
struct LerpFn {
  T operator()(T self, T end, T weight) const {
    return std::fabs(weight) < T(0.5) ? self + weight * (end - self)
                                      : end - (end - self) * (T(1) - weight);
  }
  Vec<T> Vector(Vec<T> self, Vec<T> end, Vec<T> weight) const requires kHasVec<T> {
    const Vec<T> diff = end - self;
    const Vec<T> low = self + weight * diff;
    const Vec<T> high = end - diff * (Vec<T>::Splat(1) - weight);
    return Select(CmpLt(Abs(weight), Vec<T>::Splat(0.5)), low, high);
  }
};

template <typename T>
struct LerpScalarFn {
  T weight;
  T operator()(T self, T end) const { return LerpFn<T>()(self, end, weight); }
  Vec<T> Vector(Vec<T> self, Vec<T> end) const requires kHasVec<T> {
    return LerpFn<T>().Vector(self, end, Vec<T>::Splat(weight));
  }
};

// addcmul: self + value * t1 * t2. Upstream's CPU kernels are compiled with GCC's default
// floating-point contraction, which fuses the last multiply and the add into one fma
// (the product value * t1 is rounded first): wick spells the fma out so the rounding is
// the same. Integers wrap like two's complement.
template <typename T>
struct AddcmulFn {
  T value;
  T operator()(T self, T t1, T t2) const {
    if constexpr (std::is_floating_point_v<T>) {
      return std::fma(value * t1, t2, self);
    } else {
      using U = std::make_unsigned_t<T>;
      return static_cast<T>(static_cast<U>(self) +
                            static_cast<U>(value) * static_cast<U>(t1) * static_cast<U>(t2));
    }
  }
  Vec<T> Vector(Vec<T> self, Vec<T> t1, Vec<T> t2) const requires kHasVec<T> {
    return Fma(Vec<T>::Splat(value) * t1, t2, self);
  }
};

// addcdiv: self + value * t1 / t2 for floating types (nothing to fuse: a division).
template <typename T>
struct AddcdivFn {
  T value;
  T operator()(T self, T t1, T t2) const { return self + value * t1 / t2; }
  Vec<T> Vector(Vec<T> self, Vec<T> t1, Vec<T> t2) const requires kHasVec<T> {
    return self + Vec<T>::Splat(value) * t1 / t2;
  }
};

// clamp(x, lo, hi) with tensor bounds: NaN anywhere gives NaN (PyTorch's clamp.Tensor).
template <typename T>
struct ClampTensorFn {
  T operator()(T x, T lo, T hi) const {
    if constexpr (kHasVec<T>) {
      if (std::isnan(lo) || std::isnan(hi)) return lo + hi;
    }
    const T t = x < lo ? lo : x;
    return hi < t ? hi : t;
  }
  Vec<T> Vector(Vec<T> x, Vec<T> lo, Vec<T> hi) const requires kHasVec<T> {
    const Vec<T> t = Select(CmpLt(x, lo), lo, x);
    return Select(CmpUnord(lo, hi), lo + hi, Select(CmpLt(hi, t), hi, t));
  }
};

template <typename T>
struct WhereFn {
  T operator()(bool c, T a, T b) const { return c ? a : b; }
};

}  // namespace wick::tensor::kernels

#endif  // WICK_TENSOR_KERNELS_BINARY_FNS_H_
