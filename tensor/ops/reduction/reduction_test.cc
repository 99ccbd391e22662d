// Tests for sum, mean, prod, all/any, count_nonzero, cumsum/cumprod and the reduction
// plan. Expected values were checked against PyTorch 1.13.
#include "tensor/ops/reduction/reduction.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "gtest/gtest.h"
#include "tensor/ops/reduction/internal/plan.h"
#include "tensor/ops/reduction/internal/test_util.h"

namespace wick::tensor {
namespace {

using reduce_testing::Arange;
using reduce_testing::ExpectError;
using reduce_testing::Make;
using reduce_testing::Permute;
using reduce_testing::Sizes;
using reduce_testing::Strides;
using reduce_testing::Values;
using V = std::vector<double>;
using I = std::vector<int64_t>;
constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

V First(const Tensor& t, size_t n) {
  const V v = Values(t);
  return V(v.begin(), v.begin() + n);
}

TEST(ReducePlan, PicksRunsOrRowsAndCoalesces) {
  const Tensor x = Arange({4, 5, 6});
  // Everything reduced: one contiguous run.
  reduce_internal::ReducePlan all = reduce_internal::MakeReducePlan(x, {true, true, true});
  EXPECT_FALSE(all.rows);
  ASSERT_EQ(all.reduced.size(), 1u);
  EXPECT_EQ(all.reduced[0].size, 120);
  EXPECT_TRUE(all.kept.empty());
  // Reducing dim 0 of a row-major tensor: rows across the (coalesced) kept dims.
  reduce_internal::ReducePlan outer = reduce_internal::MakeReducePlan(x, {true, false, false});
  EXPECT_TRUE(outer.rows);
  ASSERT_EQ(outer.kept.size(), 1u);
  EXPECT_EQ(outer.kept[0].size, 30);
  EXPECT_EQ(outer.num_outputs, 30);
  // Transposed input, reducing the dim that is contiguous in memory: runs.
  reduce_internal::ReducePlan t =
      reduce_internal::MakeReducePlan(Permute(x, {2, 0, 1}), {true, false, false});
  EXPECT_FALSE(t.rows);
  EXPECT_EQ(t.reduced.back().in_stride, 1);
  EXPECT_EQ(t.reduce_count, 6);
}

TEST(Sum, FullAndAlongDims) {
  const Tensor x = Arange({2, 3, 4});
  Tensor s = *Sum(x);
  EXPECT_EQ(s.dtype(), DType::kFloat32);
  EXPECT_EQ(s.dim(), 0);
  EXPECT_EQ(Values(s), V({276}));
  const int64_t d1[] = {1};
  s = *Sum(x, IntSpan(d1));
  EXPECT_EQ(Sizes(s), I({2, 4}));
  EXPECT_EQ(Values(s), V({12, 15, 18, 21, 48, 51, 54, 57}));
  s = *Sum(x, IntSpan(d1), /*keepdim=*/true);
  EXPECT_EQ(Sizes(s), I({2, 1, 4}));
  EXPECT_EQ(Strides(s), I({4, 4, 1}));
  const int64_t neg[] = {-1, 0};
  s = *Sum(x, IntSpan(neg));
  EXPECT_EQ(Values(s), V({60, 92, 124}));
  // An empty list means every dim in 1.13.
  s = *Sum(x, IntSpan(), true);
  EXPECT_EQ(Sizes(s), I({1, 1, 1}));
  EXPECT_EQ(Values(s), V({276}));
}

TEST(Sum, NonContiguousInputsGiveContiguousOutputs) {
  const Tensor xt = Permute(Arange({2, 3, 4}), {2, 0, 1});  // [4, 2, 3]
  const int64_t d1[] = {1};
  Tensor s = *Sum(xt, IntSpan(d1), true);
  EXPECT_EQ(Sizes(s), I({4, 1, 3}));
  EXPECT_EQ(Strides(s), I({3, 3, 1}));
  EXPECT_EQ(Values(s), V({12, 20, 28, 14, 22, 30, 16, 24, 32, 18, 26, 34}));
  const int64_t d0[] = {0};
  s = *Sum(xt, IntSpan(d0));  // Reduces the contiguous dim: runs.
  EXPECT_EQ(Values(s), V({6, 22, 38, 54, 70, 86}));
  // An expanded input (stride 0) sums each element once per repeat.
  const Tensor row = Arange({3});
  const Tensor expanded = Tensor::View(row, {4, 3}, {0, 1}, 0);
  EXPECT_EQ(Values(*Sum(expanded, IntSpan(d0))), V({0, 4, 8}));
  EXPECT_EQ(Values(*Sum(expanded)), V({12}));
}

TEST(Sum, DTypes) {
  const Tensor i32 = Arange({2, 3}, DType::kInt32);
  EXPECT_EQ(Sum(i32)->dtype(), DType::kInt64);
  EXPECT_EQ(Values(*Sum(i32)), V({15}));
  const Tensor b = Make({3}, {1, 0, 1}, DType::kBool);
  EXPECT_EQ(Sum(b)->dtype(), DType::kInt64);
  EXPECT_EQ(Values(*Sum(b)), V({2}));
  const Tensor f = Make({3}, {0.5, 1.5, 2.5});
  Tensor s = *Sum(f, std::nullopt, false, DType::kInt32);  // Converted first: 0 + 1 + 2.
  EXPECT_EQ(s.dtype(), DType::kInt32);
  EXPECT_EQ(Values(s), V({3}));
  s = *Sum(f, std::nullopt, false, DType::kFloat64);
  EXPECT_EQ(s.dtype(), DType::kFloat64);
  EXPECT_EQ(Values(s), V({4.5}));
  // int64 sums wrap like C++/PyTorch.
  const Tensor big = Make(
      {3}, {4611686018427387904.0, 4611686018427387904.0, 4611686018427387904.0}, DType::kInt64);
  EXPECT_EQ(Sum(big)->ElementAt(0).to_int(), -4611686018427387904LL);
}

TEST(Sum, EmptyAndZeroDim) {
  const Tensor e = *Tensor::Empty({0, 3}, DType::kFloat32);
  EXPECT_EQ(Values(*Sum(e)), V({0}));
  const int64_t d0[] = {0}, d1[] = {1};
  EXPECT_EQ(Values(*Sum(e, IntSpan(d0))), V({0, 0, 0}));
  EXPECT_EQ(Sizes(*Sum(e, IntSpan(d1))), I({0}));
  EXPECT_EQ(Sizes(*Sum(e, IntSpan(d0), true)), I({1, 3}));
  const Tensor s = Tensor::FromScalar(Scalar(5.0));
  const int64_t m1[] = {-1};
  EXPECT_EQ(Sum(s, IntSpan(d0))->dim(), 0);
  EXPECT_EQ(Sum(s, IntSpan(m1), true)->dim(), 0);
  EXPECT_EQ(Values(*Sum(s, IntSpan(d0))), V({5}));
}

TEST(Sum, Errors) {
  const Tensor x = Arange({2, 3, 4});
  const int64_t d3[] = {3};
  ExpectError(Sum(x, IntSpan(d3)), "IndexError",
              "Dimension out of range (expected to be in range of [-3, 2], but got 3)");
  const int64_t rep[] = {0, -3};
  ExpectError(Sum(x, IntSpan(rep)), "RuntimeError",
              "dim 0 appears multiple times in the list of dims");
  const int64_t rep0[] = {0, -1};
  ExpectError(Sum(Tensor::FromScalar(Scalar(1.0)), IntSpan(rep0)), "RuntimeError",
              "dim 0 appears multiple times in the list of dims");
}

TEST(Sum, MetaInputsGiveMetaOutputs) {
  const Tensor m = Tensor::Meta({5, 7}, DType::kInt32);
  const int64_t d0[] = {0};
  Tensor s = *Sum(m, IntSpan(d0), true);
  EXPECT_TRUE(s.is_meta());
  EXPECT_EQ(Sizes(s), I({1, 7}));
  EXPECT_EQ(s.dtype(), DType::kInt64);
  EXPECT_TRUE(Mean(Tensor::Meta({3}, DType::kFloat64))->is_meta());
  EXPECT_FALSE(Mean(m).ok());
}

// The float32 bits of element i of t.
uint32_t BitsAt(const Tensor& t, int64_t i = 0) {
  const float f = static_cast<float>(t.ElementAt(i).to_double());
  uint32_t b;
  std::memcpy(&b, &f, sizeof(b));
  return b;
}

// sin(0.37 i) (1 + i % 13) as float32: the same values in Python and C++ (glibc's sin).
Tensor Wave(int64_t n) {
  std::vector<double> v(n);
  for (int64_t i = 0; i < n; ++i) v[i] = std::sin(i * 0.37) * (1 + i % 13);
  return Make({n}, v);
}

// Float32 sums and means round exactly as in PyTorch 1.13 (its cascade order): short
// runs, a vector body with a tail, level carries, and strided runs. Expected bits from
// torch: x[:n*s:s].sum(), .mean(); x[:37000].view(37, 1000).sum(1).
TEST(Sum, Float32MatchesTorchBitForBit) {
  struct Case {
    int64_t n, stride;
    uint32_t sum, mean;
  };
  const Case cases[] = {{7, 1, 0x41b53718, 0x404f1a65},       {100, 1, 0x41d98a51, 0x3e8b39cd},
                        {4099, 1, 0x4210af2e, 0x3c109412},    {70001, 1, 0x415ecb14, 0x3950951b},
                        {150, 3, 0x3fdb2d84, 0x3c3b081f},     {70001, 3, 0x416e8840, 0x395f5147}};
  const Tensor x = Wave(70001 * 3);
  for (const Case& c : cases) {
    const int64_t sizes[] = {c.n}, strides[] = {c.stride};
    const Tensor v = Tensor::View(x, sizes, strides, 0);
    EXPECT_EQ(BitsAt(*Sum(v)), c.sum) << c.n << " stride " << c.stride;
    EXPECT_EQ(BitsAt(*Mean(v)), c.mean) << c.n << " stride " << c.stride;
  }
  const int64_t sizes[] = {37, 1000}, strides[] = {1000, 1}, d1[] = {1};
  const Tensor rows = *Sum(Tensor::View(x, sizes, strides, 0), IntSpan(d1));
  EXPECT_EQ(BitsAt(rows, 0), 0x400efb88u);
  EXPECT_EQ(BitsAt(rows, 17), 0x4084229eu);
  EXPECT_EQ(BitsAt(rows, 36), 0x41232b04u);
}

// PyTorch sums float32 with a cascade; ours must be as accurate (1e-6 relative).
TEST(Sum, Float32IsAccurateInBothLoops) {
  const int64_t rows = 4096, cols = 300;
  Tensor x = *Tensor::Empty({rows, cols}, DType::kFloat32);
  std::vector<double> col_ref(cols, 0.0), row_ref(rows, 0.0);
  double total = 0;
  uint64_t state = 12345;
  for (int64_t i = 0; i < rows * cols; ++i) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    const float v = static_cast<float>((state >> 40) % 100000) / 100000.0f + 0.1f;
    x.data<float>()[i] = v;
    col_ref[i % cols] += v;
    row_ref[i / cols] += v;
    total += v;
  }
  EXPECT_NEAR(Sum(x)->ElementAt(0).to_double(), total, total * 1e-6);
  const int64_t d0[] = {0}, d1[] = {1};
  const Tensor cs = *Sum(x, IntSpan(d0));  // Rows loop.
  for (int64_t j = 0; j < cols; ++j) {
    EXPECT_NEAR(cs.ElementAt(j).to_double(), col_ref[j], col_ref[j] * 1e-6);
  }
  const Tensor rs = *Sum(x, IntSpan(d1));  // Runs loop.
  for (int64_t i = 0; i < rows; i += 97) {
    EXPECT_NEAR(rs.ElementAt(i).to_double(), row_ref[i], row_ref[i] * 1e-6);
  }
}

TEST(Mean, ValuesDTypesAndErrors) {
  const Tensor x = Arange({2, 3, 4});
  EXPECT_EQ(Values(*Mean(x)), V({11.5}));
  const int64_t d02[] = {0, 2};
  Tensor m = *Mean(x, IntSpan(d02), true, DType::kFloat64);
  EXPECT_EQ(m.dtype(), DType::kFloat64);
  EXPECT_EQ(Sizes(m), I({1, 3, 1}));
  EXPECT_EQ(Values(m), V({7.5, 11.5, 15.5}));
  const Tensor i = Arange({2, 3}, DType::kInt64);
  ExpectError(Mean(i), "RuntimeError",
              "mean(): could not infer output dtype. Input dtype must be either a floating "
              "point or complex dtype. Got: Long");
  ExpectError(Mean(Make({2}, {1, 0}, DType::kBool)), "RuntimeError",
              "mean(): could not infer output dtype. Input dtype must be either a floating "
              "point or complex dtype. Got: Bool");
  ExpectError(Mean(x, std::nullopt, false, DType::kInt64), "RuntimeError",
              "mean(): could not infer output dtype. Optional dtype must be either a floating "
              "point or complex dtype. Got: Long");
  EXPECT_EQ(Values(*Mean(i, std::nullopt, false, DType::kFloat32)), V({2.5}));
  // Mean of nothing is nan; the sum overflows to inf before the division, as in PyTorch.
  const Tensor e = *Tensor::Empty({0, 3}, DType::kFloat32);
  const int64_t d0[] = {0};
  EXPECT_TRUE(std::isnan(Values(*Mean(e))[0]));
  EXPECT_TRUE(std::isnan(Values(*Mean(e, IntSpan(d0)))[2]));
  EXPECT_TRUE(std::isinf(Values(*Mean(Make({2}, {3e38, 3e38})))[0]));
}

TEST(Prod, ValuesAndDTypes) {
  const Tensor x = Make({2, 3}, {1, 2, 3, 4, 5, 6});
  EXPECT_EQ(Values(*Prod(x)), V({720}));
  EXPECT_EQ(Values(*Prod(x, 1)), V({6, 120}));
  EXPECT_EQ(Sizes(*Prod(x, 0, true)), I({1, 3}));
  EXPECT_EQ(Values(*Prod(x, -2)), V({4, 10, 18}));
  const Tensor i = Arange({2, 3}, DType::kInt32);
  EXPECT_EQ(Prod(i, 0)->dtype(), DType::kInt64);
  EXPECT_EQ(Values(*Prod(i, 0)), V({0, 4, 10}));
  EXPECT_EQ(Prod(Make({2}, {1, 1}, DType::kBool))->dtype(), DType::kInt64);
  EXPECT_EQ(Prod(x, std::nullopt, false, DType::kFloat64)->dtype(), DType::kFloat64);
  const Tensor e = *Tensor::Empty({2, 0}, DType::kFloat32);
  EXPECT_EQ(Values(*Prod(e, 1)), V({1, 1}));
  EXPECT_EQ(Values(*Prod(e)), V({1}));
  // Long enough for the vector loop, with a zero in the tail.
  std::vector<double> v(70, 1.0);
  v[3] = 2;
  v[40] = -3;
  EXPECT_EQ(Values(*Prod(Make({70}, v))), V({-6}));
  v[69] = 0;
  EXPECT_EQ(Values(*Prod(Make({70}, v))), V({0}));
}

TEST(AllAny, ValuesNanAndEmpty) {
  const Tensor x = Make({2, 3}, {0, 1, 2, 3, 4, 5});
  EXPECT_EQ(All(x)->dtype(), DType::kBool);
  EXPECT_EQ(Values(*All(x)), V({0}));
  EXPECT_EQ(Values(*Any(x)), V({1}));
  EXPECT_EQ(Values(*All(x, 1)), V({0, 1}));
  EXPECT_EQ(Values(*All(x, 0)), V({0, 1, 1}));
  EXPECT_EQ(Sizes(*Any(x, -1, true)), I({2, 1}));
  const Tensor n = Make({3}, {1, kNan, -3});
  EXPECT_EQ(Values(*All(n)), V({1}));
  EXPECT_EQ(Values(*Any(Make({2}, {0, kNan}))), V({1}));
  const Tensor i = Arange({2, 3}, DType::kInt64);
  EXPECT_EQ(All(i)->dtype(), DType::kBool);
  EXPECT_EQ(Values(*Any(i, 1)), V({1, 1}));
  const Tensor e = *Tensor::Empty({2, 0}, DType::kFloat32);
  EXPECT_EQ(Values(*All(e)), V({1}));
  EXPECT_EQ(Values(*Any(e)), V({0}));
  EXPECT_EQ(Values(*All(e, 1)), V({1, 1}));
  EXPECT_EQ(Values(*Any(e, 1)), V({0, 0}));
  // Long bool input through the byte-vector loops.
  std::vector<double> bits(100, 1.0);
  const Tensor ones = Make({100}, bits, DType::kBool);
  EXPECT_EQ(Values(*All(ones)), V({1}));
  bits[77] = 0;
  EXPECT_EQ(Values(*All(Make({100}, bits, DType::kBool))), V({0}));
}

TEST(CountNonzero, ValuesAndDims) {
  const Tensor x = Make({2, 3}, {0, 1, 2, 3, 0, kNan});
  EXPECT_EQ(CountNonzero(x)->dtype(), DType::kInt64);
  EXPECT_EQ(Values(*CountNonzero(x)), V({4}));
  const int64_t d0[] = {0}, d01[] = {0, 1}, rep[] = {0, 0};
  EXPECT_EQ(Values(*CountNonzero(x, IntSpan(d0))), V({1, 1, 2}));
  EXPECT_EQ(Values(*CountNonzero(x, IntSpan(d01))), V({4}));
  ExpectError(CountNonzero(x, IntSpan(rep)), "RuntimeError",
              "dim 0 appears multiple times in the list of dims");
  // 0.5 must count (no truncation before the test).
  EXPECT_EQ(Values(*CountNonzero(Make({2}, {0.5, 0}))), V({1}));
  EXPECT_EQ(Values(*CountNonzero(Make({3}, {1, 0, 1}, DType::kBool))), V({2}));
  EXPECT_EQ(Values(*CountNonzero(*Tensor::Empty({0, 3}, DType::kInt32))), V({0}));
}

TEST(Cumsum, AlongInnerAndOuterDims) {
  const Tensor x = Arange({2, 3, 4});
  Tensor c = *Cumsum(x, -1);
  EXPECT_EQ(Sizes(c), I({2, 3, 4}));
  EXPECT_EQ(First(c, 6), V({0, 1, 3, 6, 4, 9}));
  c = *Cumsum(x, 1);
  EXPECT_EQ(First(c, 6), V({0, 1, 2, 3, 4, 6}));
  // Transposed input: contiguous output.
  c = *Cumsum(Permute(x, {2, 0, 1}), 1);
  EXPECT_EQ(Strides(c), I({6, 3, 1}));
  EXPECT_EQ(First(c, 6), V({0, 4, 8, 12, 20, 28}));
  ExpectError(Cumsum(x, 3), "IndexError",
              "Dimension out of range (expected to be in range of [-3, 2], but got 3)");
}

TEST(Cumsum, DTypesZeroDimAndEmpty) {
  const Tensor i = Arange({2, 3}, DType::kInt32);
  EXPECT_EQ(Cumsum(i, 0)->dtype(), DType::kInt64);
  EXPECT_EQ(Values(*Cumsum(i, 0)), V({0, 1, 2, 3, 5, 7}));
  EXPECT_EQ(Cumsum(i, 1, DType::kInt32)->dtype(), DType::kInt32);
  EXPECT_EQ(Values(*Cumsum(i, 1, DType::kInt32)), V({0, 1, 3, 3, 7, 12}));
  const Tensor b = Make({3}, {1, 0, 1}, DType::kBool);
  EXPECT_EQ(Values(*Cumsum(b, 0)), V({1, 1, 2}));
  EXPECT_EQ(Values(*Cumsum(Make({3}, {0.5, 0.7, 1.9}), 0, DType::kInt64)), V({0, 0, 1}));
  const Tensor s = Tensor::FromScalar(Scalar(5.0));
  EXPECT_EQ(Cumsum(s, 0)->dim(), 0);
  EXPECT_EQ(Values(*Cumsum(s, -1)), V({5}));
  EXPECT_EQ(Sizes(*Cumsum(*Tensor::Empty({0, 3}, DType::kFloat32), 0)), I({0, 3}));
  // float32 runs accumulate in double, as PyTorch's CPU kernel does.
  const Tensor f = Make({3}, {16777216.0, 1.0, 1.0});
  EXPECT_EQ(Values(*Cumsum(f, 0)), V({16777216.0, 16777216.0, 16777218.0}));
}

TEST(Cumprod, Values) {
  EXPECT_EQ(Values(*Cumprod(Make({2, 2}, {1, 2, 3, 4}, DType::kInt64), 0)), V({1, 2, 3, 8}));
  EXPECT_EQ(Values(*Cumprod(Make({4}, {1, 2, 3, 4}), 0)), V({1, 2, 6, 24}));
  EXPECT_EQ(Values(*Cumprod(Make({3}, {1, 0, 1}, DType::kBool), 0)), V({1, 0, 0}));
  EXPECT_EQ(Cumprod(Make({3}, {1, 0, 1}, DType::kBool), 0)->dtype(), DType::kInt64);
  EXPECT_EQ(Cumprod(Arange({2, 3}), 1, DType::kFloat64)->dtype(), DType::kFloat64);
}

}  // namespace
}  // namespace wick::tensor
