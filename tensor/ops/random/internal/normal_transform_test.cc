// The float32 Box–Muller block transform: the AVX2 and scalar forms agree bit for bit
// (including the uniform edge values 0 and 1 - 2^-24), the Cephes constants are the
// float32 roundings of avx_mathfun.h's decimal literals, and the polynomials are close to
// libm (a sanity check of the transcription, not the bit-exact requirement).
#include "tensor/ops/random/internal/normal_transform.h"

#include <bit>
#include <cmath>
#include <cstdint>

#include "gtest/gtest.h"

namespace wick::tensor::random_internal {
namespace {

uint32_t B(float f) { return std::bit_cast<uint32_t>(f); }

TEST(NormalTransform, ConstantsAreTheFloatRoundingsOfAvxMathfun) {
  // Spot checks of the table in the reference against the literals of avx_mathfun.h.
  EXPECT_EQ(B(static_cast<float>(0.707106781186547524)), 0x3F3504F3u);
  EXPECT_EQ(B(7.0376836292E-2f), 0x3D9021BBu);
  EXPECT_EQ(B(3.3333331174E-1f), 0x3EAAAAAAu);
  EXPECT_EQ(B(-2.12194440e-4f), 0xB95E8083u);
  EXPECT_EQ(B(static_cast<float>(1.27323954473516)), 0x3FA2F983u);
  EXPECT_EQ(B(static_cast<float>(-3.77489497744594108e-8)), 0xB3222169u);
  EXPECT_EQ(B(-1.9515295891E-4f), 0xB94CA1F9u);
  EXPECT_EQ(B(static_cast<float>(2.443315711809948E-005)), 0x37CCF5CEu);
  EXPECT_EQ(B(static_cast<float>(2.0 * 3.141592653589793)), 0x40C90FDBu);
}

TEST(NormalTransform, PolynomialsTrackLibm) {
  for (float a : {1.0f, 0.999f, 0.75f, 0.5f, 0.3f, 1e-3f, 1e-7f, 5.9604645e-8f}) {
    EXPECT_NEAR(CephesLog(a), std::log(a), 2e-7f * std::max(1.0f, std::fabs(std::log(a)))) << a;
  }
  for (float t = 0; t < 6.3f; t += 0.01f) {
    float s, c;
    CephesSinCos(t, &s, &c);
    EXPECT_NEAR(s, std::sin(t), 3e-7f) << t;
    EXPECT_NEAR(c, std::cos(t), 3e-7f) << t;
  }
}

TEST(NormalTransform, VectorAndScalarFormsAgreeBitForBit) {
  // A cheap deterministic stream of 24-bit uniforms, plus the edge values.
  uint32_t x = 12345;
  auto next = [&] {
    x = x * 1664525u + 1013904223u;
    return static_cast<float>(x >> 8) * 0x1p-24f;
  };
  const float means[] = {0.0f, 1.5f, -3.25f};
  const float stds[] = {1.0f, 2.0f, 0.1f};
  for (int block = 0; block < 200000; ++block) {
    float a[16], b[16];
    for (int j = 0; j < 16; ++j) a[j] = b[j] = next();
    if (block == 0) {
      for (int j = 0; j < 16; ++j) a[j] = b[j] = (j % 2) ? 0.0f : 1.0f - 0x1p-24f;
    }
    const float mean = means[block % 3], std = stds[block % 3];
    NormalTransform16(a, mean, std);
    NormalTransform16Scalar(b, mean, std);
    for (int j = 0; j < 16; ++j) ASSERT_EQ(B(a[j]), B(b[j])) << block << " " << j;
  }
}

TEST(NormalTransform, KnownBlockFromPyTorch) {
  // randn(16) after manual_seed(0): uniforms are the first 16 draws' low 24 bits.
  Generator g(0);
  float d[16];
  for (float& v : d) v = g.UniformFloat();
  NormalTransform16(d, 0.0f, 1.0f);
  // torch.randn(16) after torch.manual_seed(0), elements 0 and 8.
  EXPECT_EQ(B(d[0]), 0xbf901b85u);  // -1.1258398294448853
  EXPECT_EQ(B(d[8]), 0x3ea50138u);  // 0.32227492332458496
}

TEST(NormalTransform, ScalarPathCachesTheSineHalf) {
  Generator g(0);
  const double z0 = StandardNormalScalar(g);
  EXPECT_EQ(z0, 1.5409961082440433);  // randn(1, dtype=float64) after seed 0
  ASSERT_TRUE(g.next_double_normal().has_value());
  EXPECT_EQ(*g.next_double_normal(), -0.2934289057609464);
  EXPECT_EQ(StandardNormalScalar(g), -0.2934289057609464);
  EXPECT_FALSE(g.next_double_normal().has_value());
}

}  // namespace
}  // namespace wick::tensor::random_internal
