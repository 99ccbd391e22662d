// Scalar helpers that element functions share: two's-complement integer arithmetic
// (PyTorch's integer kernels wrap around; signed overflow in C++ would be undefined),
// integer powers, and Python-style (floor) division and remainder.
#ifndef WICK_TENSOR_KERNELS_SCALAR_MATH_H_
#define WICK_TENSOR_KERNELS_SCALAR_MATH_H_

#include <cmath>
#include <cstdint>
#include <type_traits>

namespace wick::tensor::kernels {

// int32_t / int64_t, but not bool.
template <typename T>
inline constexpr bool kIsInt = std::is_integral_v<T> && !std::is_same_v<T, bool>;

template <typename T>
inline T WrapAdd(T a, T b) {
  if constexpr (kIsInt<T>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
  } else {
    return a + b;
  }
}

template <typename T>
inline T WrapSub(T a, T b) {
  if constexpr (kIsInt<T>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(a) - static_cast<U>(b));
  } else {
    return a - b;
  }
}

template <typename T>
inline T WrapMul(T a, T b) {
  if constexpr (kIsInt<T>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(a) * static_cast<U>(b));
  } else {
    return a * b;
  }
}

template <typename T>
inline T WrapNeg(T a) {
  if constexpr (kIsInt<T>) return WrapSub(T(0), a);
  else return -a;  // Not 0 - a: -(+0.0) is -0.0.
}

// a ** b for integers by squaring; negative exponents give 0 except for bases 1 and -1
// (PyTorch's powi). Overflow wraps.
template <typename T>
inline T IntPow(T base, T exp) {
  if (exp < 0) {
    if (base == 1) return 1;
    if (base == -1) return (exp % 2 == 0) ? 1 : -1;
    return 0;
  }
  T result = 1;
  while (exp != 0) {
    if (exp & 1) result = WrapMul(result, base);
    exp /= 2;
    base = WrapMul(base, base);
  }
  return result;
}

// Integer division rounding toward zero; callers rule out b == 0. INT_MIN / -1 wraps
// (the hardware would trap).
template <typename T>
inline T IntDivTrunc(T a, T b) {
  return b == -1 ? WrapNeg(a) : a / b;
}

template <typename T>
inline T IntDivFloor(T a, T b) {
  if (b == -1) return WrapNeg(a);
  const T q = a / b;
  const T r = a % b;
  return (r != 0 && ((r < 0) != (b < 0))) ? q - 1 : q;
}

// C's %: the sign follows the dividend.
template <typename T>
inline T IntFmod(T a, T b) {
  return b == -1 ? T(0) : a % b;
}

// Python's %: the sign follows the divisor.
template <typename T>
inline T IntRemainder(T a, T b) {
  if (b == -1) return 0;
  const T r = a % b;
  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}

// Python's // for floats, as c10::div_floor_floating: floor of the exact quotient, with
// the sign of zero results kept and IEEE results for division by zero.
template <typename T>
inline T FloatDivFloor(T a, T b) {
  if (b == 0) return a / b;
  const T mod = std::fmod(a, b);
  T div = (a - mod) / b;
  if (mod != 0 && ((b < 0) != (mod < 0))) div -= T(1);
  if (div == 0) return std::copysign(T(0), a / b);
  T floordiv = std::floor(div);
  if (div - floordiv > T(0.5)) floordiv += T(1);
  return floordiv;
}

template <typename T>
inline T FloatRemainder(T a, T b) {
  T mod = std::fmod(a, b);
  if (mod != 0 && ((b < 0) != (mod < 0))) mod += b;
  return mod;
}

}  // namespace wick::tensor::kernels

#endif  // WICK_TENSOR_KERNELS_SCALAR_MATH_H_
