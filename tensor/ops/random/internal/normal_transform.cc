// Box–Muller block transforms. The float32 one follows PyTorch's normal_fill_16_AVX2 with
// avx_mathfun.h's log256_ps / sincos256_ps as GCC compiled them for PyTorch (every
// `a*b + c` there became one FMA; the placement below is the one the RNG reference
// verified). The scalar and AVX2 versions are the same arithmetic, lane by lane.
#include "tensor/ops/random/internal/normal_transform.h"

#include <algorithm>
#include <bit>
#include <cstdint>

#if defined(__AVX2__) && defined(__FMA__)
#include <immintrin.h>
#define WICK_RANDOM_AVX2 1
#endif

namespace wick::tensor::random_internal {
namespace {

constexpr float F(uint32_t bits) { return std::bit_cast<float>(bits); }

// Cephes constants as float32 bit patterns (reference table A.6.3).
constexpr uint32_t kMinNormBits = 0x00800000u;
constexpr float kSqrtHf = F(0x3F3504F3u);
constexpr float kLogP[9] = {F(0x3D9021BBu), F(0xBDEBD1B8u), F(0x3DEF251Au),
                            F(0xBDFE5D4Fu), F(0x3E11E9BFu), F(0xBE2AAE50u),
                            F(0x3E4CCEACu), F(0xBE7FFFFCu), F(0x3EAAAAAAu)};
constexpr float kLogQ1 = F(0xB95E8083u);
constexpr float kLogQ2 = F(0x3F318000u);
constexpr float kFourOverPi = F(0x3FA2F983u);
constexpr float kDP1 = F(0xBF490000u);
constexpr float kDP2 = F(0xB97DA000u);
constexpr float kDP3 = F(0xB3222169u);
constexpr float kSin0 = F(0xB94CA1F9u), kSin1 = F(0x3C08839Eu), kSin2 = F(0xBE2AAAA3u);
constexpr float kCos0 = F(0x37CCF5CEu), kCos1 = F(0xBAB6061Au), kCos2 = F(0x3D2AAAA5u);
constexpr float kTwoPiF = F(0x40C90FDBu);

}  // namespace

float CephesLog(float a) {
  a = std::max(a, F(kMinNormBits));
  const uint32_t bits = std::bit_cast<uint32_t>(a);
  float e = static_cast<float>(static_cast<int32_t>(bits >> 23) - 127) + 1.0f;
  const float m = F((bits & 0x807FFFFFu) | 0x3F000000u);  // Mantissa in [0.5, 1).
  float x;
  if (m < kSqrtHf) {
    e = e - 1.0f;
    x = (m - 1.0f) + m;
  } else {
    x = m - 1.0f;
  }
  const float z = x * x;
  float y = kLogP[0];
  for (int k = 1; k < 9; ++k) y = std::fma(y, x, kLogP[k]);
  y = y * x;
  y = std::fma(y, z, e * kLogQ1);
  y = std::fma(-z, 0.5f, y);
  return std::fma(e, kLogQ2, x + y);
}

void CephesSinCos(float t, float* sin_out, float* cos_out) {
  int32_t j = static_cast<int32_t>(t * kFourOverPi);  // Truncates, as cvttps does.
  j = (j + 1) & ~1;
  const float y = static_cast<float>(j);
  float x = std::fma(y, kDP1, t);
  x = std::fma(y, kDP2, x);
  x = std::fma(y, kDP3, x);
  const float z = x * x;
  float cp = std::fma(std::fma(kCos0, z, kCos1), z, kCos2);
  cp = cp * z;
  cp = std::fma(cp, z, -(z * 0.5f));
  cp = cp + 1.0f;
  float sp = std::fma(std::fma(kSin0, z, kSin1), z, kSin2);
  sp = sp * z;
  sp = std::fma(sp, x, x);
  // The vector code selects by masking and adding +0.0, which turns -0.0 into +0.0.
  float s, c;
  if ((j & 2) == 0) {
    s = 0.0f + sp;
    c = cp + 0.0f;
  } else {
    s = cp + 0.0f;
    c = 0.0f + sp;
  }
  if ((j & 4) != 0) s = -s;
  if (((j - 2) & 4) == 0) c = -c;
  *sin_out = s;
  *cos_out = c;
}

void NormalTransform16Scalar(float* d, float mean, float std) {
  for (int j = 0; j < 8; ++j) {
    const float a = 1.0f - d[j];
    const float c = d[8 + j];
    const float radius = std::sqrt(-2.0f * CephesLog(a));
    const float theta = kTwoPiF * c;
    float s, co;
    CephesSinCos(theta, &s, &co);
    d[j] = std::fma(radius * co, std, mean);
    d[8 + j] = std::fma(radius * s, std, mean);
  }
}

#ifdef WICK_RANDOM_AVX2
namespace {

inline __m256 Set(float v) { return _mm256_set1_ps(v); }
inline __m256i SetI(int32_t v) { return _mm256_set1_epi32(v); }

__m256 CephesLog8(__m256 a) {
  a = _mm256_max_ps(a, _mm256_castsi256_ps(SetI(kMinNormBits)));
  const __m256i bits = _mm256_castps_si256(a);
  __m256 e = _mm256_cvtepi32_ps(_mm256_sub_epi32(_mm256_srli_epi32(bits, 23), SetI(127)));
  e = _mm256_add_ps(e, Set(1.0f));
  const __m256 m = _mm256_castsi256_ps(_mm256_or_si256(
      _mm256_and_si256(bits, SetI(static_cast<int32_t>(0x807FFFFFu))), SetI(0x3F000000)));
  const __m256 mask = _mm256_cmp_ps(m, Set(kSqrtHf), _CMP_LT_OS);
  __m256 x = _mm256_add_ps(_mm256_sub_ps(m, Set(1.0f)), _mm256_and_ps(m, mask));
  e = _mm256_sub_ps(e, _mm256_and_ps(Set(1.0f), mask));
  const __m256 z = _mm256_mul_ps(x, x);
  __m256 y = Set(kLogP[0]);
  for (int k = 1; k < 9; ++k) y = _mm256_fmadd_ps(y, x, Set(kLogP[k]));
  y = _mm256_mul_ps(y, x);
  y = _mm256_fmadd_ps(y, z, _mm256_mul_ps(e, Set(kLogQ1)));
  y = _mm256_fnmadd_ps(z, Set(0.5f), y);
  return _mm256_fmadd_ps(e, Set(kLogQ2), _mm256_add_ps(x, y));
}

void CephesSinCos8(__m256 t, __m256* s_out, __m256* c_out) {
  __m256i j = _mm256_cvttps_epi32(_mm256_mul_ps(t, Set(kFourOverPi)));
  j = _mm256_and_si256(_mm256_add_epi32(j, SetI(1)), SetI(~1));
  const __m256 y = _mm256_cvtepi32_ps(j);
  __m256 x = _mm256_fmadd_ps(y, Set(kDP1), t);
  x = _mm256_fmadd_ps(y, Set(kDP2), x);
  x = _mm256_fmadd_ps(y, Set(kDP3), x);
  const __m256 z = _mm256_mul_ps(x, x);
  __m256 cp = _mm256_fmadd_ps(_mm256_fmadd_ps(Set(kCos0), z, Set(kCos1)), z, Set(kCos2));
  cp = _mm256_mul_ps(cp, z);
  cp = _mm256_fmsub_ps(cp, z, _mm256_mul_ps(z, Set(0.5f)));
  cp = _mm256_add_ps(cp, Set(1.0f));
  __m256 sp = _mm256_fmadd_ps(_mm256_fmadd_ps(Set(kSin0), z, Set(kSin1)), z, Set(kSin2));
  sp = _mm256_mul_ps(sp, z);
  sp = _mm256_fmadd_ps(sp, x, x);
  const __m256 poly_mask =
      _mm256_castsi256_ps(_mm256_cmpeq_epi32(_mm256_and_si256(j, SetI(2)), SetI(0)));
  const __m256 s_sel = _mm256_and_ps(poly_mask, sp);     // sp where (j & 2) == 0
  const __m256 c_sel = _mm256_andnot_ps(poly_mask, cp);  // cp where (j & 2) != 0
  const __m256 s = _mm256_add_ps(c_sel, s_sel);
  const __m256 c = _mm256_add_ps(_mm256_sub_ps(cp, c_sel), _mm256_sub_ps(sp, s_sel));
  const __m256 sin_sign = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_and_si256(j, SetI(4)), 29));
  const __m256 cos_sign = _mm256_castsi256_ps(_mm256_slli_epi32(
      _mm256_andnot_si256(_mm256_sub_epi32(j, SetI(2)), SetI(4)), 29));
  *s_out = _mm256_xor_ps(s, sin_sign);
  *c_out = _mm256_xor_ps(c, cos_sign);
}

}  // namespace

void NormalTransform16(float* d, float mean, float std) {
  const __m256 u1 = _mm256_sub_ps(Set(1.0f), _mm256_loadu_ps(d));
  const __m256 u2 = _mm256_loadu_ps(d + 8);
  const __m256 radius = _mm256_sqrt_ps(_mm256_mul_ps(Set(-2.0f), CephesLog8(u1)));
  const __m256 theta = _mm256_mul_ps(Set(kTwoPiF), u2);
  __m256 s, c;
  CephesSinCos8(theta, &s, &c);
  _mm256_storeu_ps(d, _mm256_fmadd_ps(_mm256_mul_ps(radius, c), Set(std), Set(mean)));
  _mm256_storeu_ps(d + 8, _mm256_fmadd_ps(_mm256_mul_ps(radius, s), Set(std), Set(mean)));
}
#else
void NormalTransform16(float* d, float mean, float std) { NormalTransform16Scalar(d, mean, std); }
#endif

void NormalTransform16(double* d, double mean, double std) {
  for (int j = 0; j < 8; ++j) {
    const double u1 = 1.0 - d[j];  // (0, 1] for the log.
    const double u2 = d[8 + j];
    const double radius = std::sqrt(-2.0 * std::log(u1));
    const double theta = kTwoPi * u2;
    d[j] = std::fma(radius * std::cos(theta), std, mean);
    d[8 + j] = std::fma(radius * std::sin(theta), std, mean);
  }
}

}  // namespace wick::tensor::random_internal
