// Float math as oneDNN 2.6's JIT eltwise kernels compute it, for ops that PyTorch 1.13
// hands to oneDNN (ideep) instead of its own kernels. PyTorch's gelu (approximate='none')
// on a contiguous float32 tensor of more than one element runs oneDNN's eltwise_gelu_erf,
// so to give the same bits wick evaluates the same operations in the same order: the
// Abramowitz-Stegun erf (formula 7.1.26) on top of oneDNN's exp polynomial, with fused
// multiply-adds exactly where oneDNN's code has vfmadd/vfnmadd. Checked bit for bit
// against Debian's torch 1.13 on 16M inputs (random floats, random bit patterns).
//
//   VecF y = onednn::GeluErf(x);      float s = onednn::GeluErf(1.5f);   // same bits
#ifndef WICK_TENSOR_KERNELS_ONEDNN_MATH_H_
#define WICK_TENSOR_KERNELS_ONEDNN_MATH_H_

#include <cmath>
#include <cstdint>
#include <cstring>

#include "tensor/kernels/simd.h"

namespace wick::tensor::kernels {
namespace onednn {

// oneDNN's table constants, by bit pattern.
inline constexpr uint32_t kLnFltMax = 0x42b17218;   // log(FLT_MAX)
inline constexpr uint32_t kLnFltMin = 0xc2aeac50;   // log(FLT_MIN)
inline constexpr uint32_t kLog2e = 0x3fb8aa3b;
inline constexpr uint32_t kLn2 = 0x3f317218;
inline constexpr uint32_t kExpPol[5] = {0x3f7ffffb, 0x3efffee3, 0x3e2aad40, 0x3d2b9d0d,
                                        0x3c07cfce};  // p1..p5 of exp(r) on [-ln2/2, ln2/2]
inline constexpr uint32_t kOneOverSqrt2 = 0x3f3504f3;
inline constexpr uint32_t kErfP = 0x3ea7ba05;  // 0.3275911
inline constexpr uint32_t kErfPol[5] = {0x3e827906, 0xbe91a98e, 0x3fb5f0e3, 0xbfba00e3,
                                        0x3f87dc22};  // a1..a5

inline float Bits(uint32_t b) {
  float f;
  std::memcpy(&f, &b, sizeof(f));
  return f;
}
inline VecF Splat(uint32_t b) { return VecF::Splat(Bits(b)); }
// a with its sign bit flipped where b's is set (oneDNN's xor with a sign mask).
inline float XorSign(float a, float b) {
  uint32_t ua, ub;
  std::memcpy(&ua, &a, sizeof(ua));
  std::memcpy(&ub, &b, sizeof(ub));
  return Bits(ua ^ (ub & 0x80000000u));
}

// oneDNN's exp: clamp to [log(FLT_MIN), log(FLT_MAX)], n = floor(x log2(e) + 1/2),
// r = x - n ln2 (fused), a degree-5 polynomial in r, times 2^(n-1) (built in the
// exponent bits; 0 below log(FLT_MIN)) and then by 2.
inline VecF Exp(VecF x) {
  const VecF underflow = CmpLt(x, Splat(kLnFltMin));
  x = RawMax(RawMin(x, Splat(kLnFltMax)), Splat(kLnFltMin));
  const VecF one = VecF::Splat(1.0f);
  const VecF n = Floor(x * Splat(kLog2e) + VecF::Splat(0.5f));
  const VecF r = {_mm256_fnmadd_ps(n.v, Splat(kLn2).v, x.v)};
  __m256i bits = _mm256_cvtps_epi32((n - one).v);
  bits = _mm256_slli_epi32(_mm256_add_epi32(bits, _mm256_set1_epi32(127)), 23);
  const VecF pow2 = Select(underflow, VecF::Splat(0.0f), VecF{_mm256_castsi256_ps(bits)});
  VecF p = Fma(Splat(kExpPol[4]), r, Splat(kExpPol[3]));
  p = Fma(p, r, Splat(kExpPol[2]));
  p = Fma(p, r, Splat(kExpPol[1]));
  p = Fma(p, r, Splat(kExpPol[0]));
  p = Fma(p, r, one);
  return p * pow2 * VecF::Splat(2.0f);
}

inline float Exp(float x) {
  const bool underflow = x < Bits(kLnFltMin);
  // x86 min/max semantics: a NaN x gives the bound.
  x = x < Bits(kLnFltMax) ? x : Bits(kLnFltMax);
  x = x > Bits(kLnFltMin) ? x : Bits(kLnFltMin);
  const float n = std::floor(x * Bits(kLog2e) + 0.5f);
  const float r = std::fma(-n, Bits(kLn2), x);
  const uint32_t bits = static_cast<uint32_t>(static_cast<int32_t>(n - 1.0f) + 127) << 23;
  const float pow2 = underflow ? 0.0f : Bits(bits);
  float p = Bits(kExpPol[4]);
  for (int k = 3; k >= 0; --k) p = std::fma(p, r, Bits(kExpPol[k]));
  p = std::fma(p, r, 1.0f);
  return p * pow2 * 2.0f;
}

// gelu(s) = S + S erf(x), S = s / 2, x = s / sqrt(2), with
// erf(x) = sign(x) (1 - t r(t) exp(-x^2)), t = 1 / (1 + p|x|).
inline VecF GeluErf(VecF s) {
  const VecF sign_bit = VecF::Splat(-0.0f);
  const VecF one = VecF::Splat(1.0f);
  const VecF x = s * Splat(kOneOverSqrt2);
  const VecF t = one / Fma(Splat(kErfP), Abs(x), one);
  const VecF neg_exp = onednn::Exp((x * x) ^ sign_bit) ^ sign_bit;
  VecF r = Fma(Splat(kErfPol[4]), t, Splat(kErfPol[3]));
  r = Fma(r, t, Splat(kErfPol[2]));
  r = Fma(r, t, Splat(kErfPol[1]));
  r = Fma(r, t, Splat(kErfPol[0]));
  const VecF erf = Fma(neg_exp * t, r, one) ^ (x & sign_bit);
  const VecF half_s = s * VecF::Splat(0.5f);
  return Fma(erf, half_s, half_s);
}

inline float GeluErf(float s) {
  const float x = s * Bits(kOneOverSqrt2);
  const float t = 1.0f / std::fma(Bits(kErfP), std::fabs(x), 1.0f);
  const float neg_exp = -onednn::Exp(-(x * x));  // Negation is the sign-bit xor.
  float r = Bits(kErfPol[4]);
  for (int k = 3; k >= 0; --k) r = std::fma(r, t, Bits(kErfPol[k]));
  const float erf = XorSign(std::fma(neg_exp * t, r, 1.0f), x);
  const float half_s = s * 0.5f;
  return std::fma(erf, half_s, half_s);
}

}  // namespace onednn
}  // namespace wick::tensor::kernels

#endif  // WICK_TENSOR_KERNELS_ONEDNN_MATH_H_
