// Unary element functions: one functor template per op, with the scalar form
// (`operator()`) that defines the op's semantics and, for float and double, a vector form
// (`Vector`) over Vec<T> that must give the same results (up to SLEEF's 1-ULP error for
// transcendentals). The eager kernels run them through tensor/ops/pointwise/internal/loops.h; a fused-kernel
// generator can instantiate the same functors.
//
//   ExpFn<float> exp;  float y = exp(1.0f);  VecF v = exp.Vector(VecF::Splat(1.0f));
#ifndef WICK_TENSOR_KERNELS_UNARY_FNS_H_
#define WICK_TENSOR_KERNELS_UNARY_FNS_H_

#include <cmath>
#include <limits>

#include "tensor/kernels/onednn_math.h"
#include "tensor/kernels/scalar_math.h"
#include "tensor/kernels/simd.h"

namespace wick::tensor::kernels {

// Declares a float-only transcendental: scalar libm, vector SLEEF.
#define WICK_FLOAT_UNARY_FN(Name, std_fn, VecFn)                               \
  template <typename T>                                                        \
  struct Name {                                                                \
    T operator()(T x) const { return std::std_fn(x); }                         \
    Vec<T> Vector(Vec<T> x) const requires kHasVec<T> { return VecFn(x); }     \
  };

WICK_FLOAT_UNARY_FN(ExpFn, exp, Exp)
WICK_FLOAT_UNARY_FN(Expm1Fn, expm1, Expm1)
WICK_FLOAT_UNARY_FN(LogFn, log, Log)
WICK_FLOAT_UNARY_FN(Log2Fn, log2, Log2)
WICK_FLOAT_UNARY_FN(Log10Fn, log10, Log10)
WICK_FLOAT_UNARY_FN(Log1pFn, log1p, Log1p)
WICK_FLOAT_UNARY_FN(SinFn, sin, Sin)
WICK_FLOAT_UNARY_FN(CosFn, cos, Cos)
WICK_FLOAT_UNARY_FN(TanFn, tan, Tan)
WICK_FLOAT_UNARY_FN(AsinFn, asin, Asin)
WICK_FLOAT_UNARY_FN(TanhFn, tanh, Tanh)
WICK_FLOAT_UNARY_FN(ErfFn, erf, Erf)
WICK_FLOAT_UNARY_FN(SqrtFn, sqrt, Sqrt)
#undef WICK_FLOAT_UNARY_FN

template <typename T>
struct IdentityFn {
  T operator()(T x) const { return x; }
  Vec<T> Vector(Vec<T> x) const requires kHasVec<T> { return x; }
};

template <typename T>
struct NegFn {
  T operator()(T x) const { return WrapNeg(x); }
  Vec<T> Vector(Vec<T> x) const requires kHasVec<T> { return Neg(x); }
};

template <typename T>
struct AbsFn {
  T operator()(T x) const {
    if constexpr (kIsInt<T>) return x < 0 ? WrapNeg(x) : x;
    else return std::fabs(x);
  }
  Vec<T> Vector(Vec<T> x) const requires kHasVec<T> { return Abs(x); }
};

// -1, 0 or 1 (0 for NaN and for both zeros; bool is its own sign).
template <typename T>
struct SignFn {
  T operator()(T x) const {
    if constexpr (std::is_same_v<T, bool>) return x;
    else return static_cast<T>((T(0) < x) - (x < T(0)));
  }
  Vec<T> Vector(Vec<T> x) const requires kHasVec<T> {
    const Vec<T> zero = Vec<T>::Splat(0), one = Vec<T>::Splat(1);
    return (CmpGt(x, zero) & one) - (CmpLt(x, zero) & one);
  }
};

template <typename T>
struct SquareFn {
  T operator()(T x) const { return WrapMul(x, x); }
  Vec<T> Vector(Vec<T> x) const requires kHasVec<T> { return x * x; }
};

// x * x * x: PyTorch's pow(x, 3).
template <typename T>
struct CubeFn {
  T operator()(T x) const { return WrapMul(WrapMul(x, x), x); }
  Vec<T> Vector(Vec<T> x) const requires kHasVec<T> { return x * x * x; }
};

template <typename T>
struct ReciprocalFn {
  T operator()(T x) const { return T(1) / x; }
  Vec<T> Vector(Vec<T> x) const requires kHasVec<T> { return Vec<T>::Splat(1) / x; }
};

// 1 / (x * x): PyTorch's pow(x, -2).
template <typename T>
struct InvSquareFn {
  T operator()(T x) const { return T(1) / (x * x); }
  Vec<T> Vector(Vec<T> x) const requires kHasVec<T> { return Vec<T>::Splat(1) / (x * x); }
};

template <typename T>
struct RsqrtFn {
  T operator()(T x) const { return T(1) / std::sqrt(x); }
  Vec<T> Vector(Vec<T> x) const requires kHasVec<T> { return Vec<T>::Splat(1) / Sqrt(x); }
};

// 1 / (1 + e^-x), the form PyTorch evaluates (saturates to exactly 0 and 1).
template <typename T>
struct SigmoidFn {
  T operator()(T x) const { return T(1) / (T(1) + std::exp(-x)); }
  Vec<T> Vector(Vec<T> x) const requires kHasVec<T> {
    const Vec<T> one = Vec<T>::Splat(1);
    return one / (one + Exp(Neg(x)));
  }
};

// x / (1 + e^-x).
template <typename T>
struct SiluFn {
  T operator()(T x) const { return x / (T(1) + std::exp(-x)); }
  Vec<T> Vector(Vec<T> x) const requires kHasVec<T> {
    return x / (Vec<T>::Splat(1) + Exp(Neg(x)));
  }
};

// x * 0.5 * (1 + erf(x / sqrt(2))): PyTorch's GeluKernel, which runs for doubles and for
// float tensors that are not contiguous or have one element (GeluOneDnnFn otherwise).
// Its erf must be accurate to 1 ulp: for x << 0 the sum 1 + erf cancels, so PyTorch's
// printed digits there depend on erf's last bits.
template <typename T>
struct GeluFn {
  static constexpr T kAlpha = static_cast<T>(M_SQRT1_2);
  T operator()(T x) const { return x * T(0.5) * (T(1) + std::erf(x * kAlpha)); }
  Vec<T> Vector(Vec<T> x) const requires kHasVec<T> {
    const Vec<T> erf = Erf(x * Vec<T>::Splat(kAlpha));
    return x * Vec<T>::Splat(0.5) * (Vec<T>::Splat(1) + erf);
  }
};

// float gelu as PyTorch 1.13 computes it for a contiguous float32 tensor of two or more
// elements: through oneDNN's eltwise_gelu_erf (internal/onednn_math.h), not GeluKernel.
template <typename T>
struct GeluOneDnnFn {
  static_assert(std::is_same_v<T, float>, "oneDNN's gelu is float only");
  T operator()(T x) const { return onednn::GeluErf(x); }
  Vec<T> Vector(Vec<T> x) const { return onednn::GeluErf(x); }
};

// 0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 x^3))).
template <typename T>
struct GeluTanhFn {
  static constexpr T kBeta = static_cast<T>(M_SQRT2 * M_2_SQRTPI * 0.5);
  static constexpr T kKappa = static_cast<T>(0.044715);
  T operator()(T x) const {
    const T inner = kBeta * (x + kKappa * (x * x * x));
    return T(0.5) * x * (T(1) + std::tanh(inner));
  }
  Vec<T> Vector(Vec<T> x) const requires kHasVec<T> {
    const Vec<T> inner = Vec<T>::Splat(kBeta) * (x + Vec<T>::Splat(kKappa) * (x * x * x));
    return Vec<T>::Splat(0.5) * x * (Vec<T>::Splat(1) + Tanh(inner));
  }
};

// max(x, 0) keeping NaN and -0.0 as they are (PyTorch's clamp_min(x, 0)).
template <typename T>
struct ReluFn {
  T operator()(T x) const { return x < T(0) ? T(0) : x; }
  Vec<T> Vector(Vec<T> x) const requires kHasVec<T> {
    const Vec<T> zero = Vec<T>::Splat(0);
    return Select(CmpLt(x, zero), zero, x);
  }
};

template <typename T>
struct LeakyReluFn {
  T slope;
  T operator()(T x) const { return x > T(0) ? x : x * slope; }
  Vec<T> Vector(Vec<T> x) const requires kHasVec<T> {
    return Select(CmpGt(x, Vec<T>::Splat(0)), x, x * Vec<T>::Splat(slope));
  }
};

// x > 0: x * scale; else (e^(x * input_scale) - 1) * alpha * scale. exp - 1 rather than
// expm1, as PyTorch 1.13 evaluates it (elu(-0.0) is +0.0).
template <typename T>
struct EluFn {
  T neg_coef;    // alpha * scale
  T pos_coef;    // scale
  T input_coef;  // input_scale
  T operator()(T x) const {
    return x <= T(0) ? (std::exp(x * input_coef) - T(1)) * neg_coef : x * pos_coef;
  }
  Vec<T> Vector(Vec<T> x) const requires kHasVec<T> {
    const Vec<T> neg =
        (Exp(x * Vec<T>::Splat(input_coef)) - Vec<T>::Splat(1)) * Vec<T>::Splat(neg_coef);
    return Select(CmpLe(x, Vec<T>::Splat(0)), neg, x * Vec<T>::Splat(pos_coef));
  }
};

// log(1 + e^(beta x)) / beta, linear above the threshold.
template <typename T>
struct SoftplusFn {
  T beta;
  T threshold;
  T operator()(T x) const {
    const T bx = x * beta;
    return bx > threshold ? x : std::log1p(std::exp(bx)) / beta;
  }
  Vec<T> Vector(Vec<T> x) const requires kHasVec<T> {
    const Vec<T> bx = x * Vec<T>::Splat(beta);
    const Vec<T> soft = Log1p(Exp(bx)) / Vec<T>::Splat(beta);
    return Select(CmpGt(bx, Vec<T>::Splat(threshold)), x, soft);
  }
};

template <typename T>
struct FloorFn {
  T operator()(T x) const {
    if constexpr (kIsInt<T>) return x;
    else return std::floor(x);
  }
  Vec<T> Vector(Vec<T> x) const requires kHasVec<T> { return Floor(x); }
};

template <typename T>
struct CeilFn {
  T operator()(T x) const {
    if constexpr (kIsInt<T>) return x;
    else return std::ceil(x);
  }
  Vec<T> Vector(Vec<T> x) const requires kHasVec<T> { return Ceil(x); }
};

template <typename T>
struct TruncFn {
  T operator()(T x) const {
    if constexpr (kIsInt<T>) return x;
    else return std::trunc(x);
  }
  Vec<T> Vector(Vec<T> x) const requires kHasVec<T> { return Trunc(x); }
};

// Round half to even.
template <typename T>
struct RoundFn {
  T operator()(T x) const {
    if constexpr (kIsInt<T>) return x;
    else return std::nearbyint(x);
  }
  Vec<T> Vector(Vec<T> x) const requires kHasVec<T> { return Rint(x); }
};

// round(x, decimals): scale by 10^|decimals|, round half to even, scale back.
template <typename T>
struct RoundDecimalsFn {
  T ten_pow;      // 10^|decimals| in T
  bool negative;  // decimals < 0
  T operator()(T x) const {
    return negative ? std::nearbyint(x / ten_pow) * ten_pow
                    : std::nearbyint(x * ten_pow) / ten_pow;
  }
  Vec<T> Vector(Vec<T> x) const requires kHasVec<T> {
    const Vec<T> p = Vec<T>::Splat(ten_pow);
    return negative ? Rint(x / p) * p : Rint(x * p) / p;
  }
};

// Scalar bounds (never NaN: the caller fills NaN instead). A NaN input stays NaN.
template <typename T>
struct ClampFn {
  T lo;
  T hi;
  T operator()(T x) const {
    const T t = x < lo ? lo : x;
    return hi < t ? hi : t;
  }
  Vec<T> Vector(Vec<T> x) const requires kHasVec<T> {
    const Vec<T> l = Vec<T>::Splat(lo), h = Vec<T>::Splat(hi);
    const Vec<T> t = Select(CmpLt(x, l), l, x);
    return Select(CmpLt(h, t), h, t);
  }
};

template <typename T>
struct ClampMinFn {
  T lo;
  T operator()(T x) const { return x < lo ? lo : x; }
  Vec<T> Vector(Vec<T> x) const requires kHasVec<T> {
    const Vec<T> l = Vec<T>::Splat(lo);
    return Select(CmpLt(x, l), l, x);
  }
};

template <typename T>
struct ClampMaxFn {
  T hi;
  T operator()(T x) const { return hi < x ? hi : x; }
  Vec<T> Vector(Vec<T> x) const requires kHasVec<T> {
    const Vec<T> h = Vec<T>::Splat(hi);
    return Select(CmpLt(h, x), h, x);
  }
};

// x ** exponent for a scalar exponent (the special exponents have their own functors).
template <typename T>
struct PowScalarFn {
  T exponent;
  T operator()(T x) const {
    if constexpr (kIsInt<T>) return IntPow(x, exponent);
    else return std::pow(x, exponent);
  }
  Vec<T> Vector(Vec<T> x) const requires kHasVec<T> {
    return Pow(x, Vec<T>::Splat(exponent));
  }
};

template <typename T>
struct NanToNumFn {
  T nan;
  T posinf;
  T neginf;
  T operator()(T x) const {
    constexpr T kInf = std::numeric_limits<T>::infinity();
    return x != x ? nan : (x == kInf ? posinf : (x == -kInf ? neginf : x));
  }
  Vec<T> Vector(Vec<T> x) const requires kHasVec<T> {
    const Vec<T> inf = Vec<T>::Splat(std::numeric_limits<T>::infinity());
    Vec<T> r = Select(CmpEq(x, inf), Vec<T>::Splat(posinf), x);
    r = Select(CmpEq(x, Neg(inf)), Vec<T>::Splat(neginf), r);
    return Select(IsNan(x), Vec<T>::Splat(nan), r);
  }
};

template <typename T>
struct BitwiseNotFn {
  T operator()(T x) const {
    if constexpr (std::is_same_v<T, bool>) return !x;
    else return static_cast<T>(~x);
  }
};

// Predicates: bool results (scalar forms only; the compiler vectorizes the loops).
template <typename T>
struct IsNanFn {
  bool operator()(T x) const {
    if constexpr (kHasVec<T>) return std::isnan(x);
    else return false;
  }
};

template <typename T>
struct IsInfFn {
  bool operator()(T x) const {
    if constexpr (kHasVec<T>) return std::fabs(x) == std::numeric_limits<T>::infinity();
    else return false;
  }
};

template <typename T>
struct IsFiniteFn {
  bool operator()(T x) const {
    if constexpr (kHasVec<T>) return std::fabs(x) < std::numeric_limits<T>::infinity();
    else return true;
  }
};

template <typename T>
struct LogicalNotFn {
  bool operator()(T x) const { return x == T(0); }
};

}  // namespace wick::tensor::kernels

#endif  // WICK_TENSOR_KERNELS_UNARY_FNS_H_
