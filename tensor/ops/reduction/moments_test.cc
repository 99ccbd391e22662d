// Tests for var/std (+ _mean), the vector and Frobenius norms and logsumexp. Expected
// values come from PyTorch 1.13 on the same inputs (reduce_testing::Varied is the parity V()).
#include <cmath>
#include <limits>
#include <vector>

#include "gtest/gtest.h"
#include "tensor/ops/reduction/internal/test_util.h"
#include "tensor/ops/reduction/reduction.h"

namespace wick::tensor {
namespace {

using reduce_testing::Arange;
using reduce_testing::ExpectError;
using reduce_testing::Make;
using reduce_testing::Permute;
using reduce_testing::Sizes;
using reduce_testing::Values;
using reduce_testing::Varied;
using V = std::vector<double>;
using I = std::vector<int64_t>;
constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// Element-wise closeness at float32 precision (relative 1e-6, absolute 1e-6).
void ExpectClose(const Tensor& t, const V& expected) {
  const V got = Values(t);
  ASSERT_EQ(got.size(), expected.size());
  for (size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(expected[i])) {
      EXPECT_TRUE(std::isnan(got[i])) << i;
    } else if (std::isinf(expected[i])) {
      EXPECT_EQ(got[i], expected[i]) << i;
    } else {
      EXPECT_NEAR(got[i], expected[i], 1e-6 + 1e-6 * std::fabs(expected[i])) << i;
    }
  }
}

TEST(Var, UnbiasedBiasedAndCorrection) {
  const Tensor x = Varied({4, 5});
  const int64_t d0[] = {0}, d1[] = {1};
  ExpectClose(*Var(x, IntSpan(d1)),
              {10.380443572998047, 0.2889999449253082, 0.2889999747276306, 0.2890000343322754});
  ExpectClose(*Std(x, IntSpan(d0), 0), {2.3279612064361572, 1.9006577730178833, 1.9006577730178833,
                                        1.9006577730178833, 1.9006577730178833});
  ExpectClose(*Var(x), {4.527840614318848});
  // Transposed input, reduced along its contiguous dim (runs loop).
  ExpectClose(*Var(Permute(x, {1, 0}), IntSpan(d0), 0),
              {8.304354667663574, 0.2311999648809433, 0.23119999468326569, 0.23120002448558807});
  const auto [var, mean] = *VarMean(x, IntSpan(d1), 2, true);
  EXPECT_EQ(Sizes(var), I({4, 1}));
  EXPECT_EQ(Sizes(mean), I({4, 1}));
  ExpectClose(var, {13.8405904770, 0.3853332698, 0.3853332996, 0.3853333890});
  ExpectClose(mean, {1.7231999636, 1.6239999533, -0.0760000050, -1.7760000229});
  const auto [s, m] = *StdMean(Arange({2, 3, 4}));
  ExpectClose(s, {7.071067810058594});
  ExpectClose(m, {11.5});
  EXPECT_EQ(Std(Arange({2, 3}, DType::kFloat64))->dtype(), DType::kFloat64);
}

TEST(Var, DegenerateCounts) {
  EXPECT_TRUE(std::isnan(Values(*Var(Make({1}, {1})))[0]));  // 0 / 0
  EXPECT_TRUE(std::isnan(Values(*Std(Tensor::FromScalar(Scalar(5.0))))[0]));
  EXPECT_EQ(Values(*Var(Make({2}, {1, 2}), std::nullopt, 2))[0], kInf);  // x / 0
  EXPECT_TRUE(std::isnan(Values(*Var(Make({2}, {1, 1}), std::nullopt, 2))[0]));
  EXPECT_EQ(Values(*Var(Make({2}, {1, 2}), std::nullopt, 3))[0], kInf);
  const Tensor e = *Tensor::Empty({0, 3}, DType::kFloat32);
  const int64_t d0[] = {0}, d1[] = {1};
  EXPECT_TRUE(std::isnan(Values(*Var(e))[0]));
  ExpectClose(*Var(e, IntSpan(d0)), {kNan, kNan, kNan});
  EXPECT_EQ(Sizes(*Std(e, IntSpan(d1))), I({0}));
  const auto [v, m] = *VarMean(e, IntSpan(d0), 0);
  ExpectClose(m, {kNan, kNan, kNan});
}

TEST(Var, IntegerInputsAreErrors) {
  ExpectError(Var(Arange({2, 3}, DType::kInt64)), "RuntimeError",
              "std and var only support floating point and complex dtypes");
  ExpectError(Std(Make({2}, {1, 0}, DType::kBool)), "RuntimeError",
              "std and var only support floating point and complex dtypes");
}

TEST(Var, AccurateOnLargeOffsetData) {
  // A large mean with a small spread: a naive sum-of-squares formula loses everything.
  std::vector<double> v(10000);
  for (int i = 0; i < 10000; ++i) v[i] = 10000.0 + (i % 7);
  double mean = 0, m2 = 0;
  for (double e : v) mean += e;
  mean /= v.size();
  for (double e : v) m2 += (e - mean) * (e - mean);
  ExpectClose(*Var(Make({10000}, v)), {m2 / (v.size() - 1)});
  const Tensor cols = Make({10000, 1}, v);
  const Tensor wide = Tensor::View(cols, {10000, 8}, {1, 0}, 0);
  const int64_t d0[] = {0};
  ExpectClose(*Var(*wide.Contiguous(), IntSpan(d0)), V(8, m2 / (v.size() - 1)));
}

TEST(VectorNorm, EveryP) {
  const Tensor x = Varied({4, 5});
  const int64_t d0[] = {0}, d1[] = {1};
  ExpectClose(*VectorNorm(x, 2), {9.424622535705566});
  ExpectClose(*VectorNorm(x, 1), {35.73200988769531});
  ExpectClose(*VectorNorm(x, kInf), {4.0});
  ExpectClose(*VectorNorm(x, -kInf, IntSpan(d1)),
              {2.6440000534057617, 0.9440000057220459, 0.07599999755620956, 1.0959999561309814});
  ExpectClose(*VectorNorm(x, 0), {20.0});
  ExpectClose(*VectorNorm(x, 3, IntSpan(d0)),
              {4.26840877532959, 3.909294605255127, 3.5988717079162598, 3.3688464164733887,
               3.257654905319214});
  ExpectClose(*VectorNorm(x, 0.5), {628.5079345703125});
  ExpectClose(*VectorNorm(x, -1, IntSpan(d1)),
              {0.6505742073059082, 0.2943691909313202, 0.044786810874938965, 0.3276962339878082});
  const Tensor y = Varied({3, 1000}, 1);
  ExpectClose(*VectorNorm(y, 2, IntSpan(d1)),
              {73.3168716430664, 72.84505462646484, 73.25231170654297});
  ExpectClose(*VectorNorm(Permute(y, {1, 0}), 2, IntSpan(d0)),
              {73.3168716430664, 72.84505462646484, 73.25231170654297});
  EXPECT_EQ(Sizes(*VectorNorm(x, 2, IntSpan(d1), true)), I({4, 1}));
}

TEST(VectorNorm, NanNegativeZeroEmptyAndDTypes) {
  const Tensor n = Make({3}, {1, kNan, -3});
  EXPECT_TRUE(std::isnan(Values(*VectorNorm(n, kInf))[0]));
  EXPECT_TRUE(std::isnan(Values(*VectorNorm(n, -kInf))[0]));
  EXPECT_EQ(Values(*VectorNorm(n, 0)), V({3}));
  EXPECT_FALSE(std::signbit(Values(*VectorNorm(Make({1}, {-0.0}), kInf))[0]));
  const Tensor e = *Tensor::Empty({2, 0}, DType::kFloat32);
  const int64_t d1[] = {1};
  for (double p : {2.0, 1.0, kInf, -kInf, 0.0, -1.0, 0.5}) {
    EXPECT_EQ(Values(*VectorNorm(e, p, IntSpan(d1))), V({0, 0})) << p;
    EXPECT_EQ(Values(*VectorNorm(e, p)), V({0})) << p;
  }
  const Tensor i = Arange({2, 3}, DType::kInt64);
  ExpectError(VectorNorm(i, 2), "RuntimeError",
              "norm(): input dtype should be either floating point or complex. Got Long "
              "instead.");
  ExpectClose(*VectorNorm(i, 2, std::nullopt, false, DType::kFloat32), {7.416198253631592});
  ExpectError(VectorNorm(Varied({3}), 2, std::nullopt, false, DType::kInt64), "RuntimeError",
              "norm(): the desired output dtype should be either floating point or complex. "
              "Got Long instead.");
  const Tensor d = *VectorNorm(Arange({2, 3, 4}), 2, std::nullopt, false, DType::kFloat64);
  EXPECT_EQ(d.dtype(), DType::kFloat64);
  EXPECT_NEAR(Values(d)[0], 65.75712889109438, 1e-12);
}

TEST(FrobeniusNorm, DimsAndErrors) {
  const Tensor x = Arange({2, 3, 4});
  ExpectClose(*FrobeniusNorm(x), {65.75712585449219});
  const int64_t d01[] = {0, 1}, d012[] = {0, 1, 2}, same[] = {1, 1}, bad[] = {0, 5};
  ExpectClose(*FrobeniusNorm(x, IntSpan(d01), true),
              {29.664793014526367, 31.71750259399414, 33.82307052612305, 35.97220993041992});
  ExpectError(FrobeniusNorm(x, IntSpan(d012)), "RuntimeError",
              "Expected at most 2 dimensions, but got 3 dimensions instead.");
  ExpectError(FrobeniusNorm(x, IntSpan(same)), "RuntimeError",
              "Expected dims to be different, got [1, 1] instead");
  ExpectError(FrobeniusNorm(x, IntSpan(bad)), "IndexError",
              "Dimension out of range (expected to be in range of [-3, 2], but got 5)");
}

TEST(Logsumexp, ValuesAndLayouts) {
  const Tensor x = Varied({4, 5});
  const int64_t d1[] = {1}, d01[] = {0, 1};
  ExpectClose(*Logsumexp(x, d1),
              {4.611577033996582, 3.346268653869629, 1.6462687253952026, -0.05373120307922363});
  ExpectClose(*Logsumexp(Permute(x, {1, 0}), d1),
              {2.5011162757873535, 3.864614486694336, 3.5246143341064453, 3.184614419937134,
               2.8446145057678223});
  ExpectClose(*Logsumexp(x, d01), {4.906567096710205});
  const Tensor y = Varied({3, 1000}, 1);
  ExpectClose(*Logsumexp(y, d1), {8.832313537597656, 8.827581405639648, 8.828710556030273});
  const int64_t d0[] = {0};
  ExpectClose(*Logsumexp(Permute(y, {1, 0}), d0),  // Rows loop.
              {8.832313537597656, 8.827581405639648, 8.828710556030273});
  EXPECT_EQ(Sizes(*Logsumexp(Arange({2, 3, 4}), {-1}, true)), I({2, 3, 1}));
}

TEST(Logsumexp, InfNanIntsAndEdges) {
  const int64_t d0[] = {0}, d1[] = {1};
  ExpectClose(*Logsumexp(Make({2}, {kInf, 1}), d0), {kInf});
  ExpectClose(*Logsumexp(Make({2}, {-kInf, -kInf}), d0), {-kInf});
  ExpectClose(*Logsumexp(Make({2}, {-kInf, 1}), d0), {1});
  ExpectClose(*Logsumexp(Make({2}, {kInf, -kInf}), d0), {kInf});
  ExpectClose(*Logsumexp(Make({2}, {kNan, 1}), d0), {kNan});
  const Tensor i = *Logsumexp(Arange({2, 3}, DType::kInt64), d1);
  EXPECT_EQ(i.dtype(), DType::kFloat32);
  ExpectClose(i, {2.4076058864593506, 5.40760612487793});
  const Tensor e = *Tensor::Empty({0, 3}, DType::kFloat32);
  ExpectClose(*Logsumexp(e, d0), {-kInf, -kInf, -kInf});
  EXPECT_EQ(Sizes(*Logsumexp(e, d1)), I({0}));
  ExpectClose(*Logsumexp(Tensor::FromScalar(Scalar(5.0)), d0), {5});
  // 1.13 fails on dim=[] without keepdim (see Logsumexp).
  ExpectError(Logsumexp(Arange({2, 3, 4}), {}), "RuntimeError",
              "output with shape [] doesn't match the broadcast shape [1, 1, 1]");
  ExpectClose(*Logsumexp(Make({2}, {0, 0}), {}, true), {std::log(2.0)});
}

TEST(Logsumexp, LargeValuesDoNotOverflow) {
  std::vector<double> v(64);
  for (int i = 0; i < 64; ++i) v[i] = 1000.0 + (i % 4);
  const int64_t d0[] = {0};
  const double expected =
      1003.0 + std::log(16 * (1 + std::exp(-1.0) + std::exp(-2.0) + std::exp(-3.0)));
  ExpectClose(*Logsumexp(Make({64}, v), d0), {expected});
  ExpectClose(*Logsumexp(Make({64}, v, DType::kFloat64), d0), {expected});
}

}  // namespace
}  // namespace wick::tensor
