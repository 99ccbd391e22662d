// The SIMD layer of wick's tensor kernels, shared by the eager op groups (tensor/ops/)
// and codegen's fused loops. Three parts, one header, one namespace:
//
//  - Vec<T>: float and double AVX2 registers (the build targets x86-64-v3, AVX2 + FMA)
//    with the few operations element functions need and SLEEF's vectorized libm;
//  - Lanes<T>: a 32-byte GCC/Clang vector of any arithmetic type (8 floats, 4 int64, 32
//    bytes, ...) for kernels that need integer lanes or lane-wise C operators
//    (reductions); each operation is one AVX2 instruction here, split elsewhere;
//  - AVX-512F kernels in an x86-64-v3 build: WICK_AVX512 marks a function compiled for
//    AVX-512F, HasAvx512() says at run time whether it may be called, TailMask(n) masks
//    the last partial vector.
//
//   VecF y = Exp(VecF::Load(p));          Lanes<int64_t> s = LoadLanes(q) + SplatLanes(k);
//   if (HasAvx512()) Kernel(...);         // WICK_AVX512 void Kernel(...) { ... TailMask(n - j) }
//
// Header-only: generated kernels include it as well as the eager ones.
#ifndef WICK_TENSOR_KERNELS_SIMD_H_
#define WICK_TENSOR_KERNELS_SIMD_H_

#if !defined(__AVX2__) || !defined(__FMA__)
#error "wick's tensor kernels need AVX2 and FMA (build with -march=x86-64-v3)"
#endif

// GCC 12's AVX-512 intrinsics start from `__m512 __Y = __Y` (_mm512_undefined_ps), which
// its own -W(maybe-)uninitialized reports once they are inlined into kernels (GCC bug
// 105593, fixed in 13). Off for the header's lines only, so a kernel that uses AVX-512
// includes this header before anything else that includes <immintrin.h>.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include <immintrin.h>
#pragma GCC diagnostic pop
#include <sleef.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

// sleef.h leaves two generic macro names behind; nothing after it needs them.
#undef CONST
#undef IMPORT

#define WICK_AVX512 __attribute__((target("avx512f")))
#define WICK_AVX512_INLINE __attribute__((target("avx512f"), always_inline)) inline
#define WICK_AVX512_LAMBDA __attribute__((target("avx512f"), always_inline))

namespace wick::tensor::kernels {

// ---------------------------------------------------------------------------------------
// Vec<T>: AVX2 float and double registers.


// Only float and double have vector forms; integer and bool kernels are plain loops that
// the compiler vectorizes itself (`#pragma omp simd`).
template <typename T>
struct Vec {};

template <typename T>
inline constexpr bool kHasVec = std::is_same_v<T, float> || std::is_same_v<T, double>;

template <>
struct Vec<float> {
  static constexpr int kWidth = 8;
  __m256 v;
  static Vec Load(const float* p) { return {_mm256_loadu_ps(p)}; }
  static Vec Splat(float x) { return {_mm256_set1_ps(x)}; }
  void Store(float* p) const { _mm256_storeu_ps(p, v); }
};

template <>
struct Vec<double> {
  static constexpr int kWidth = 4;
  __m256d v;
  static Vec Load(const double* p) { return {_mm256_loadu_pd(p)}; }
  static Vec Splat(double x) { return {_mm256_set1_pd(x)}; }
  void Store(double* p) const { _mm256_storeu_pd(p, v); }
};

using VecF = Vec<float>;
using VecD = Vec<double>;

// One definition per element type from the matching _ps / _pd intrinsic.
#define WICK_VEC_BINARY(name, ps, pd)                                         \
  inline VecF name(VecF a, VecF b) { return {ps(a.v, b.v)}; }                 \
  inline VecD name(VecD a, VecD b) { return {pd(a.v, b.v)}; }
#define WICK_VEC_UNARY(name, ps, pd)                                          \
  inline VecF name(VecF a) { return {ps(a.v)}; }                              \
  inline VecD name(VecD a) { return {pd(a.v)}; }

WICK_VEC_BINARY(operator+, _mm256_add_ps, _mm256_add_pd)
WICK_VEC_BINARY(operator-, _mm256_sub_ps, _mm256_sub_pd)
WICK_VEC_BINARY(operator*, _mm256_mul_ps, _mm256_mul_pd)
WICK_VEC_BINARY(operator/, _mm256_div_ps, _mm256_div_pd)
WICK_VEC_BINARY(operator&, _mm256_and_ps, _mm256_and_pd)
WICK_VEC_BINARY(operator|, _mm256_or_ps, _mm256_or_pd)
WICK_VEC_BINARY(operator^, _mm256_xor_ps, _mm256_xor_pd)
// x86 min/max: return the second operand when either is NaN or both are zero.
WICK_VEC_BINARY(RawMin, _mm256_min_ps, _mm256_min_pd)
WICK_VEC_BINARY(RawMax, _mm256_max_ps, _mm256_max_pd)
WICK_VEC_UNARY(Sqrt, _mm256_sqrt_ps, _mm256_sqrt_pd)

// Comparisons give all-ones lanes where true (ordered, non-signalling, like C's < on NaN).
#define WICK_VEC_CMP(name, pred)                                              \
  inline VecF name(VecF a, VecF b) { return {_mm256_cmp_ps(a.v, b.v, pred)}; } \
  inline VecD name(VecD a, VecD b) { return {_mm256_cmp_pd(a.v, b.v, pred)}; }
WICK_VEC_CMP(CmpEq, _CMP_EQ_OQ)
WICK_VEC_CMP(CmpNe, _CMP_NEQ_UQ)
WICK_VEC_CMP(CmpLt, _CMP_LT_OQ)
WICK_VEC_CMP(CmpLe, _CMP_LE_OQ)
WICK_VEC_CMP(CmpGt, _CMP_GT_OQ)
WICK_VEC_CMP(CmpGe, _CMP_GE_OQ)
WICK_VEC_CMP(CmpUnord, _CMP_UNORD_Q)
#undef WICK_VEC_CMP

inline VecF IsNan(VecF a) { return CmpUnord(a, a); }
inline VecD IsNan(VecD a) { return CmpUnord(a, a); }

// Lanes of `if_true` where `mask` is set, else `if_false`.
inline VecF Select(VecF mask, VecF if_true, VecF if_false) {
  return {_mm256_blendv_ps(if_false.v, if_true.v, mask.v)};
}
inline VecD Select(VecD mask, VecD if_true, VecD if_false) {
  return {_mm256_blendv_pd(if_false.v, if_true.v, mask.v)};
}

// a * b + c with one rounding.
inline VecF Fma(VecF a, VecF b, VecF c) { return {_mm256_fmadd_ps(a.v, b.v, c.v)}; }
inline VecD Fma(VecD a, VecD b, VecD c) { return {_mm256_fmadd_pd(a.v, b.v, c.v)}; }

inline VecF Neg(VecF a) { return a ^ VecF::Splat(-0.0f); }
inline VecD Neg(VecD a) { return a ^ VecD::Splat(-0.0); }
inline VecF Abs(VecF a) { return {_mm256_andnot_ps(_mm256_set1_ps(-0.0f), a.v)}; }
inline VecD Abs(VecD a) { return {_mm256_andnot_pd(_mm256_set1_pd(-0.0), a.v)}; }

// Rounding without raising inexact, as C's floor/ceil/trunc/nearbyint.
#define WICK_VEC_ROUND(name, mode)                                             \
  inline VecF name(VecF a) { return {_mm256_round_ps(a.v, mode | _MM_FROUND_NO_EXC)}; } \
  inline VecD name(VecD a) { return {_mm256_round_pd(a.v, mode | _MM_FROUND_NO_EXC)}; }
WICK_VEC_ROUND(Floor, _MM_FROUND_TO_NEG_INF)
WICK_VEC_ROUND(Ceil, _MM_FROUND_TO_POS_INF)
WICK_VEC_ROUND(Trunc, _MM_FROUND_TO_ZERO)
WICK_VEC_ROUND(Rint, _MM_FROUND_TO_NEAREST_INT)  // Half to even.
#undef WICK_VEC_ROUND

// SLEEF, AVX2 entry points. u10 = at most 1.0 ULP error (what PyTorch's AVX2 build uses).
WICK_VEC_UNARY(Exp, Sleef_expf8_u10avx2, Sleef_expd4_u10avx2)
WICK_VEC_UNARY(Expm1, Sleef_expm1f8_u10avx2, Sleef_expm1d4_u10avx2)
WICK_VEC_UNARY(Log, Sleef_logf8_u10avx2, Sleef_logd4_u10avx2)
WICK_VEC_UNARY(Log2, Sleef_log2f8_u10avx2, Sleef_log2d4_u10avx2)
WICK_VEC_UNARY(Log10, Sleef_log10f8_u10avx2, Sleef_log10d4_u10avx2)
WICK_VEC_UNARY(Log1p, Sleef_log1pf8_u10avx2, Sleef_log1pd4_u10avx2)
WICK_VEC_UNARY(Sin, Sleef_sinf8_u10avx2, Sleef_sind4_u10avx2)
WICK_VEC_UNARY(Cos, Sleef_cosf8_u10avx2, Sleef_cosd4_u10avx2)
WICK_VEC_UNARY(Tan, Sleef_tanf8_u10avx2, Sleef_tand4_u10avx2)
WICK_VEC_UNARY(Asin, Sleef_asinf8_u10avx2, Sleef_asind4_u10avx2)
// float tanh: the 3.5-ULP variant (2e-7 relative), three times faster than u10 and as fast
// as PyTorch's u10 call is slow; still well inside the 1e-6 agreement wick promises.
WICK_VEC_UNARY(Tanh, Sleef_tanhf8_u35avx2, Sleef_tanhd4_u10avx2)
WICK_VEC_UNARY(Erf, Sleef_erff8_u10avx2, Sleef_erfd4_u10avx2)
WICK_VEC_BINARY(Pow, Sleef_powf8_u10avx2, Sleef_powd4_u10avx2)

#undef WICK_VEC_BINARY
#undef WICK_VEC_UNARY

// C's fmod (exact). SLEEF's returns NaN when x / y overflows (a huge x over a tiny y),
// where the true remainder is finite; those rare lanes are redone with libm.
template <typename T>
inline Vec<T> Fmod(Vec<T> x, Vec<T> y) {
  Vec<T> r;
  int bad_lanes;
  if constexpr (std::is_same_v<T, float>) {
    r.v = Sleef_fmodf8_avx2(x.v, y.v);
  } else {
    r.v = Sleef_fmodd4_avx2(x.v, y.v);
  }
  const Vec<T> inf = Vec<T>::Splat(std::numeric_limits<T>::infinity());
  const Vec<T> bad = IsNan(r) & CmpLt(Abs(x), inf) & CmpNe(y, Vec<T>::Splat(0)) & CmpEq(y, y);
  if constexpr (std::is_same_v<T, float>) {
    bad_lanes = _mm256_movemask_ps(bad.v);
  } else {
    bad_lanes = _mm256_movemask_pd(bad.v);
  }
  if (__builtin_expect(bad_lanes != 0, 0)) {
    T xs[Vec<T>::kWidth], ys[Vec<T>::kWidth], rs[Vec<T>::kWidth];
    x.Store(xs);
    y.Store(ys);
    r.Store(rs);
    for (int k = 0; k < Vec<T>::kWidth; ++k) {
      if ((bad_lanes >> k) & 1) rs[k] = std::fmod(xs[k], ys[k]);
    }
    r = Vec<T>::Load(rs);
  }
  return r;
}

// ---------------------------------------------------------------------------------------
// Lanes<T>: fixed-width vectors on GCC/Clang vector extensions. Explicit vectors because
// -O2's cost model does not vectorize loops with a runtime trip count, and float
// reductions never auto-vectorize.

template <typename T>
struct LanesType {
  typedef T type __attribute__((vector_size(32)));
};
template <typename T>
using Lanes = typename LanesType<T>::type;
template <typename T>
inline constexpr int64_t kLanes = 32 / static_cast<int64_t>(sizeof(T));

// The signed integer of T's width: what a lane comparison yields, and per-lane indices.
template <typename T>
using LaneInt = std::conditional_t<
    sizeof(T) == 8, int64_t,
    std::conditional_t<sizeof(T) == 4, int32_t,
                       std::conditional_t<sizeof(T) == 2, int16_t, int8_t>>>;

// bool elements are read as their bytes (0 or 1) so that they can be vector lanes.
template <typename T>
using LaneElem = std::conditional_t<std::is_same_v<T, bool>, uint8_t, T>;

template <typename T>
inline Lanes<T> LoadLanes(const T* p) {
  Lanes<T> v;
  __builtin_memcpy(&v, p, sizeof(v));
  return v;
}
template <typename T>
inline void StoreLanes(T* p, Lanes<T> v) {
  __builtin_memcpy(p, &v, sizeof(v));
}
template <typename T>
inline Lanes<T> SplatLanes(T x) {
  Lanes<T> v = {};
  return v + x;
}

// Four lanes of S widened to one vector of the 8-byte type A (int32 -> int64,
// float -> double, bool bytes -> int64).
template <typename S>
struct QuadType {
  typedef S type __attribute__((vector_size(4 * sizeof(S))));
};
template <typename A, typename S>
inline Lanes<A> LoadWiden4(const S* p) {
  static_assert(sizeof(A) == 8);
  typename QuadType<S>::type q;
  __builtin_memcpy(&q, p, sizeof(q));
  return __builtin_convertvector(q, Lanes<A>);
}

// Sum of the lanes of a float or double vector, added in double.
template <typename T>
inline double SumLanes(Lanes<T> v) {
  Lanes<double> d;
  if constexpr (std::is_same_v<T, float>) {
    T lanes[8];
    __builtin_memcpy(lanes, &v, sizeof(lanes));
    d = LoadWiden4<double>(lanes) + LoadWiden4<double>(lanes + 4);
  } else {
    d = v;
  }
  return (d[0] + d[2]) + (d[1] + d[3]);
}

// ---------------------------------------------------------------------------------------
// AVX-512F in an x86-64-v3 build.

// Whether this machine has AVX-512F (checked once).
inline bool HasAvx512() {
  static const bool has = __builtin_cpu_supports("avx512f");
  return has;
}

// The lanes of a 16-float vector that hold the `left` elements still to go.
WICK_AVX512_INLINE __mmask16 TailMask(int64_t left) {
  return left >= 16 ? __mmask16{0xFFFF} : static_cast<__mmask16>((1u << left) - 1);
}

}  // namespace wick::tensor::kernels

#endif  // WICK_TENSOR_KERNELS_SIMD_H_
