// The Mersenne Twister stream, bulk draws, seeding and PyTorch's get/set_rng_state layout.
#include "tensor/ops/random/generator.h"

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "base/python_error.h"
#include "gtest/gtest.h"

namespace wick::tensor {
namespace {

template <typename T>
T At(const std::vector<uint8_t>& b, size_t off) {
  T v;
  std::memcpy(&v, b.data() + off, sizeof(T));
  return v;
}

TEST(Generator, MatchesPyTorchAndStdMt19937) {
  Generator g(0);
  // The first outputs for seed 0 quoted by the RNG reference.
  EXPECT_EQ(g.Random(), 0x8c7f0aacu);
  EXPECT_EQ(g.Random(), 0x97c4aa2fu);
  EXPECT_EQ(g.Random(), 0xb716a675u);
  EXPECT_EQ(g.Random(), 0xd821ccc0u);
  // std::mt19937 seeded with the low 32 bits is the same stream, across many twists.
  Generator h(5489);
  std::mt19937 ref(5489);
  for (int i = 0; i < 9999; ++i) ASSERT_EQ(h.Random(), ref()) << i;
  EXPECT_EQ(h.Random(), 4123659995u);  // The standard's 10000th output.
}

TEST(Generator, OnlyLow32BitsOfTheSeedReachTheTwister) {
  Generator a(7), b((uint64_t{1} << 32) + 7);
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(a.Random(), b.Random());
  EXPECT_EQ(b.initial_seed(), (uint64_t{1} << 32) + 7);
  Generator fresh;
  EXPECT_EQ(fresh.initial_seed(), 67280421310721u);
}

TEST(Generator, Random64TakesTheHighWordFirst) {
  Generator a(3), b(3);
  const uint64_t hi = b.Random(), lo = b.Random();
  EXPECT_EQ(a.Random64(), (hi << 32) | lo);
}

TEST(Generator, BulkFillsEqualScalarDraws) {
  // Chunk sizes straddle twist boundaries and the partially consumed state.
  for (int64_t chunk : {1, 7, 623, 624, 625, 1000, 1249}) {
    Generator bulk(11), scalar(11);
    scalar.Random();
    bulk.Random();
    std::vector<uint32_t> got(chunk * 3);
    for (int k = 0; k < 3; ++k) bulk.Fill32(got.data() + k * chunk, chunk);
    for (int64_t i = 0; i < chunk * 3; ++i) ASSERT_EQ(got[i], scalar.Random()) << chunk << " " << i;
    EXPECT_EQ(bulk.GetState(), scalar.GetState());
  }
  Generator bulk(5), scalar(5);
  std::vector<uint64_t> got(700);
  bulk.Fill64(got.data(), 700);
  for (uint64_t v : got) ASSERT_EQ(v, scalar.Random64());
  EXPECT_EQ(bulk.GetState(), scalar.GetState());
}

TEST(Generator, UniformsUseTheLowMantissaBits) {
  Generator a(0), b(0);
  const uint32_t r = b.Random();
  EXPECT_EQ(a.UniformFloat(), static_cast<float>(r & 0xFFFFFF) / 16777216.0f);
  EXPECT_EQ(a.UniformFloat(), 0.7682217955589294f);  // rand(2)[1] after seed 0
  // rand(3, dtype=float64) after seed 0, element 0 (draws 0 and 1).
  Generator d(0);
  EXPECT_EQ(d.UniformDouble(), 0.9700530018065531);
}

TEST(Generator, StateLayoutMatchesGetRngState) {
  Generator g(0);
  std::vector<uint8_t> s = g.GetState();
  ASSERT_EQ(s.size(), 5056u);
  EXPECT_EQ(At<uint64_t>(s, 0), 0u);
  EXPECT_EQ(At<int32_t>(s, 8), 1);       // left
  EXPECT_EQ(At<int32_t>(s, 12), 1);      // seeded
  EXPECT_EQ(At<uint64_t>(s, 16), 0u);    // next
  EXPECT_EQ(At<uint64_t>(s, 24), 0u);    // state words, untwisted
  EXPECT_EQ(At<uint64_t>(s, 32), 1u);
  EXPECT_EQ(At<uint64_t>(s, 40), 1812433255u);
  EXPECT_EQ(At<int32_t>(s, 5040), 0);    // no cached normal

  // randn(1) after seed 0: 4 draws, the sine half cached (reference A.12).
  g.Random();
  g.Random();
  g.Random();
  g.Random();
  g.set_next_double_normal(-0.2934289057609464);
  s = g.GetState();
  EXPECT_EQ(At<int32_t>(s, 8), 621);
  EXPECT_EQ(At<uint64_t>(s, 16), 4u);
  EXPECT_EQ(At<double>(s, 5024), -0.2934289057609464);
  EXPECT_EQ(At<int32_t>(s, 5040), 1);
  EXPECT_EQ(s[5052], 0);
}

TEST(Generator, SetStateRoundTripsAndResumesTheStream) {
  Generator a(42);
  for (int i = 0; i < 1000; ++i) a.Random();
  a.set_next_double_normal(0.25);
  a.set_next_float_normal(-1.5f);
  const std::vector<uint8_t> saved = a.GetState();
  std::vector<uint32_t> expected(2000);
  a.Fill32(expected.data(), 2000);

  Generator b(1);
  ASSERT_TRUE(b.SetState(saved).ok());
  EXPECT_EQ(b.initial_seed(), 42u);
  EXPECT_EQ(b.next_double_normal(), 0.25);
  EXPECT_EQ(b.next_float_normal(), -1.5f);
  EXPECT_EQ(b.GetState(), saved);
  for (uint32_t v : expected) ASSERT_EQ(b.Random(), v);
}

TEST(Generator, SetStateAcceptsTheLegacyLayout) {
  Generator a(9);
  a.Random();
  std::vector<uint8_t> legacy = a.GetState();
  legacy.resize(Generator::kLegacyStateSize);
  // Legacy states cache (normal_x, normal_rho): the cached value is rho * sin(2 pi x).
  const double x = 0.125, rho = 2.0;
  std::memcpy(legacy.data() + 5016, &x, 8);
  std::memcpy(legacy.data() + 5032, &rho, 8);
  const int32_t valid = 1;
  std::memcpy(legacy.data() + 5040, &valid, 4);
  Generator b;
  ASSERT_TRUE(b.SetState(legacy).ok());
  EXPECT_EQ(b.next_double_normal(), rho * std::sin(2.0 * M_PI * x));
  EXPECT_EQ(b.Random(), a.Random());
}

TEST(Generator, SetStateRejectsBadStatesWithPyTorchsMessages) {
  Generator g(0);
  const std::vector<uint8_t> good = g.GetState();
  absl::Status s = g.SetState(std::vector<uint8_t>(100));
  EXPECT_EQ(s.message(),
            "Expected either a THGeneratorState of size 5048 or a THGeneratorStateNew of size "
            "5056 but found the input RNG state size to be 100");
  EXPECT_EQ(PythonErrorType(s), "RuntimeError");
  auto with = [&](size_t off, int64_t v, size_t n) {
    std::vector<uint8_t> b = good;
    std::memcpy(b.data() + off, &v, n);
    return g.SetState(b);
  };
  EXPECT_EQ(with(8, 0, 4).message(), "Invalid mt19937 state");    // left = 0
  EXPECT_EQ(with(8, 625, 4).message(), "Invalid mt19937 state");  // left > 624
  EXPECT_EQ(with(16, 625, 8).message(), "Invalid mt19937 state"); // next > 624
  EXPECT_EQ(with(12, 0, 4).message(), "Invalid mt19937 state");   // not seeded
  // next + left - 1 > 624 would read past the words.
  std::vector<uint8_t> b = good;
  const int32_t left = 600;
  const uint64_t next = 100;
  std::memcpy(b.data() + 8, &left, 4);
  std::memcpy(b.data() + 16, &next, 8);
  EXPECT_EQ(g.SetState(b).message(), "Invalid mt19937 state");
  // A rejected state leaves the generator as it was.
  Generator fresh(0);
  EXPECT_EQ(g.Random(), fresh.Random());
}

TEST(Generator, ManualSeedClearsTheNormalCaches) {
  Generator g(1);
  g.set_next_double_normal(1.0);
  g.set_next_float_normal(1.0f);
  g.ManualSeed(1);
  EXPECT_FALSE(g.next_double_normal().has_value());
  EXPECT_FALSE(g.next_float_normal().has_value());
}

TEST(Generator, DefaultGeneratorIsSeededByManualSeed) {
  ManualSeed(0);
  EXPECT_EQ(DefaultGenerator().initial_seed(), 0u);
  EXPECT_EQ(DefaultGenerator().Random(), 0x8c7f0aacu);
  ManualSeed(static_cast<uint64_t>(-1));
  EXPECT_EQ(DefaultGenerator().initial_seed(), 18446744073709551615u);
  const uint64_t s = DefaultGenerator().SeedNondeterministically();
  EXPECT_LT(s, uint64_t{1} << 53);
  EXPECT_EQ(DefaultGenerator().initial_seed(), s);
}

}  // namespace
}  // namespace wick::tensor
