// Tests for max/min (whole and along a dim), amax/amin and argmax/argmin: values, ties
// (first occurrence), NaN (wins, first NaN's index), layouts, dtypes and PyTorch's errors.
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

TEST(MaxAll, ValuesDTypesAndNan) {
  const Tensor x = Varied({4, 5});
  EXPECT_FLOAT_EQ(MaxAll(x)->ElementAt(0).to_double(), 3.664);
  EXPECT_FLOAT_EQ(MinAll(x)->ElementAt(0).to_double(), -4.0);
  EXPECT_EQ(MaxAll(x)->dim(), 0);
  EXPECT_EQ(MaxAll(Arange({2, 3}, DType::kInt64))->dtype(), DType::kInt64);
  EXPECT_EQ(Values(*MaxAll(Arange({2, 3}, DType::kInt32))), V({5}));
  const Tensor b = Make({3}, {1, 0, 1}, DType::kBool);
  EXPECT_EQ(MaxAll(b)->dtype(), DType::kBool);
  EXPECT_EQ(Values(*MaxAll(b)), V({1}));
  EXPECT_EQ(Values(*MinAll(b)), V({0}));
  // NaN wins wherever it sits: the vector body, between vectors, or the scalar tail.
  for (int64_t pos : {0, 5, 31, 64, 99}) {
    std::vector<double> v(100, 1.0);
    v[pos] = kNan;
    EXPECT_TRUE(std::isnan(MaxAll(Make({100}, v))->ElementAt(0).to_double())) << pos;
    EXPECT_TRUE(std::isnan(MinAll(Make({100}, v, DType::kFloat64))->ElementAt(0).to_double()));
  }
}

TEST(MaxAll, EmptyIsAnError) {
  const Tensor e = *Tensor::Empty({0}, DType::kFloat32);
  ExpectError(MaxAll(e), "RuntimeError",
              "max(): Expected reduction dim to be specified for input.numel() == 0. Specify "
              "the reduction dim with the 'dim' argument.");
  ExpectError(MinAll(e), "RuntimeError",
              "min(): Expected reduction dim to be specified for input.numel() == 0. Specify "
              "the reduction dim with the 'dim' argument.");
}

TEST(Amax, DimsKeepdimAndLayouts) {
  const Tensor x = Arange({2, 3, 4});
  const int64_t d01[] = {0, 1}, d0m1[] = {0, -1};
  EXPECT_EQ(Values(*Amax(x, IntSpan(d01))), V({20, 21, 22, 23}));
  const Tensor m = *Amin(x, IntSpan(d0m1), true);
  EXPECT_EQ(Sizes(m), I({1, 3, 1}));
  EXPECT_EQ(Values(m), V({0, 4, 8}));
  const Tensor xt = Permute(Varied({4, 5}), {1, 0});
  const int64_t d1[] = {1};
  const Tensor t = *Amin(xt, IntSpan(d1), true);
  EXPECT_EQ(Sizes(t), I({5, 1}));
  const V expected = {-4.0, -1.436, -1.776, -2.116, -2.456};
  for (int i = 0; i < 5; ++i) EXPECT_FLOAT_EQ(t.ElementAt(i).to_double(), expected[i]);
  EXPECT_EQ(Values(*Amax(x)), V({23}));
  EXPECT_EQ(Values(*Amax(x, IntSpan())), V({23}));
}

TEST(Amax, EmptyErrorsPrintTheDimAsGiven) {
  const Tensor e = *Tensor::Empty({0, 3}, DType::kFloat32);
  const int64_t m2[] = {-2}, d1[] = {1}, d10[] = {1, 0};
  ExpectError(Amax(e, IntSpan(m2)), "IndexError",
              "amax(): Expected reduction dim -2 to have non-zero size.");
  ExpectError(Amin(e, IntSpan(d10)), "IndexError",
              "amin(): Expected reduction dim 0 to have non-zero size.");
  ExpectError(Amax(e), "RuntimeError",
              "amax(): Expected reduction dim to be specified for input.numel() == 0. Specify "
              "the reduction dim with the 'dim' argument.");
  EXPECT_EQ(Sizes(*Amax(e, IntSpan(d1))), I({0}));
}

TEST(MaxDim, ValuesIndicesAndTies) {
  const Tensor x = Varied({4, 5});
  MaxResult r = *MaxDim(x, 0);  // Rows loop (reduced dim is strided).
  EXPECT_EQ(r.indices.dtype(), DType::kInt64);
  EXPECT_EQ(Values(r.indices), V({1, 0, 0, 0, 0}));
  EXPECT_FLOAT_EQ(r.values.ElementAt(0).to_double(), 2.304);
  r = *MinDim(x, 1);  // Runs loop.
  EXPECT_EQ(Values(r.indices), V({0, 4, 4, 4}));
  EXPECT_FLOAT_EQ(r.values.ElementAt(3).to_double(), -2.456);
  r = *MaxDim(x, -1, true);
  EXPECT_EQ(Sizes(r.values), I({4, 1}));
  EXPECT_EQ(Sizes(r.indices), I({4, 1}));
  // Ties report the first occurrence, in both loops.
  const Tensor ties = Make({3}, {3, 1, 3});
  EXPECT_EQ(Values(MaxDim(ties, 0)->indices), V({0}));
  const Tensor col_ties = Make({3, 2}, {5, 1, 5, 1, 2, 1});
  EXPECT_EQ(Values(MaxDim(col_ties, 0)->indices), V({0, 0}));
  EXPECT_EQ(Values(MinDim(col_ties, 0)->indices), V({2, 0}));
  EXPECT_EQ(Values(MaxDim(Make({3}, {3, 3, 1}, DType::kInt64), 0)->indices), V({0}));
}

TEST(MaxDim, NanWinsWithTheFirstNanIndex) {
  const Tensor n = Make({4}, {1, kNan, 3, kNan});
  MaxResult r = *MaxDim(n, 0);
  EXPECT_TRUE(std::isnan(r.values.ElementAt(0).to_double()));
  EXPECT_EQ(Values(r.indices), V({1}));
  EXPECT_EQ(Values(MinDim(Make({3}, {1, kNan, -3}), 0)->indices), V({1}));
  // Long runs (vector search) and the rows loop.
  std::vector<double> v(200);
  for (int i = 0; i < 200; ++i) v[i] = (i * 37) % 101;
  v[150] = kNan;
  v[170] = kNan;
  EXPECT_EQ(Values(MaxDim(Make({200}, v), 0)->indices), V({150}));
  const Tensor col = Make({200, 1}, v);
  const Tensor wide = Tensor::View(col, {200, 16}, {1, 0}, 0);  // Kept dim has stride 0.
  EXPECT_EQ(Values(MaxDim(wide, 0)->indices)[15], 150);
  std::vector<double> m(200 * 16);
  for (int i = 0; i < 200 * 16; ++i) m[i] = v[i / 16] + (i % 16 == 3 ? 1000 : 0);
  const MaxResult rows = *MaxDim(Make({200, 16}, m), 0);  // Rows loop, 16 lanes.
  EXPECT_EQ(Values(rows.indices)[0], 150);
  EXPECT_EQ(Values(rows.indices)[3], 150);  // NaN + 1000 is still NaN.
}

TEST(MaxDim, LargeRowsAndRunsAgree) {
  // argmax along dim 0 of [R, C] (rows loop) equals argmax along dim 1 of its transpose
  // copy (runs loop), including ties from the modular values.
  const int64_t r = 300, c = 37;
  std::vector<double> v(r * c);
  for (int64_t i = 0; i < r * c; ++i) v[i] = static_cast<double>((i * 7919) % 211);
  for (DType dt : {DType::kFloat32, DType::kFloat64, DType::kInt32, DType::kInt64}) {
    const Tensor x = Make({r, c}, v, dt);
    const Tensor xt = *Permute(x, {1, 0}).Contiguous();
    EXPECT_EQ(Values(MaxDim(x, 0)->indices), Values(MaxDim(xt, 1)->indices));
    EXPECT_EQ(Values(MinDim(x, 0)->values), Values(MinDim(xt, 1)->values));
    EXPECT_EQ(Values(*Argmin(x, 0)), Values(*Argmin(xt, 1)));
  }
}

TEST(MaxDim, BoolZeroDimAndErrors) {
  const Tensor b = Make({3}, {0, 1, 1}, DType::kBool);
  MaxResult r = *MaxDim(b, 0);
  EXPECT_EQ(r.values.dtype(), DType::kBool);
  EXPECT_EQ(Values(r.indices), V({1}));
  EXPECT_EQ(Values(MinDim(b, 0)->indices), V({0}));
  const Tensor s = Tensor::FromScalar(Scalar(3.0));
  r = *MaxDim(s, 0, true);
  EXPECT_EQ(r.values.dim(), 0);
  EXPECT_EQ(Values(r.indices), V({0}));
  ExpectError(MaxDim(s, 1), "IndexError",
              "Dimension out of range (expected to be in range of [-1, 0], but got 1)");
  const Tensor e = *Tensor::Empty({0, 3}, DType::kFloat32);
  ExpectError(MaxDim(e, -2), "IndexError",
              "max(): Expected reduction dim 0 to have non-zero size.");
  ExpectError(MinDim(e, 0), "IndexError", "min(): Expected reduction dim 0 to have non-zero size.");
  r = *MaxDim(e, 1, true);
  EXPECT_EQ(Sizes(r.values), I({0, 1}));
}

TEST(Argmax, FlattenedAndAlongDims) {
  const Tensor x = Varied({4, 5});
  const Tensor xt = Permute(x, {1, 0});
  Tensor a = *Argmax(xt);  // Flattens in logical (row-major) order.
  EXPECT_EQ(a.dtype(), DType::kInt64);
  EXPECT_EQ(a.dim(), 0);
  EXPECT_EQ(Values(a), V({4}));
  EXPECT_EQ(Values(*Argmin(xt)), V({0}));
  EXPECT_EQ(Values(*Argmax(xt, 0)), V({1, 0, 0, 0}));
  a = *Argmax(x, std::nullopt, true);
  EXPECT_EQ(Sizes(a), I({1, 1}));
  EXPECT_EQ(Values(a), V({1}));
  EXPECT_EQ(Sizes(*Argmax(x, 1, true)), I({4, 1}));
  const Tensor y = Varied({3, 70});
  EXPECT_EQ(Values(*Argmax(y, 1)), V({24, 48, 25}));
  EXPECT_EQ(Values(*Argmin(y, 1)), V({0, 24, 1}));
  EXPECT_EQ(Values(*Argmax(Permute(y, {1, 0}), 0)), V({24, 48, 25}));
  EXPECT_EQ(Values(*Argmax(Make({3}, {1, 3, 3}, DType::kInt64))), V({1}));
  EXPECT_EQ(Values(*Argmin(Make({3}, {1, 1, 0}))), V({2}));
  EXPECT_EQ(Values(*Argmax(Make({3}, {1, kNan, 3}))), V({1}));
  EXPECT_EQ(Values(*Argmax(Tensor::FromScalar(Scalar(5.0)), 0, true)), V({0}));
}

TEST(Argmax, Errors) {
  ExpectError(Argmax(Make({2}, {1, 0}, DType::kBool)), "RuntimeError",
              "\"argmax_cpu\" not implemented for 'Bool'");
  ExpectError(Argmin(Make({2}, {1, 0}, DType::kBool), 0), "RuntimeError",
              "\"argmin_cpu\" not implemented for 'Bool'");
  const Tensor e = *Tensor::Empty({0, 3}, DType::kFloat32);
  ExpectError(Argmax(e), "IndexError",
              "argmax(): Expected reduction dim to be specified for input.numel() == 0.");
  ExpectError(Argmin(e, -2), "IndexError",
              "argmin(): Expected reduction dim 0 to have non-zero size.");
  EXPECT_EQ(Sizes(*Argmax(e, 1)), I({0}));
  ExpectError(Argmax(Arange({2, 3}), 2), "IndexError",
              "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
}

TEST(Argmax, MetaInputs) {
  const Tensor m = Tensor::Meta({3, 4}, DType::kFloat32);
  const Tensor a = *Argmax(m, 1, true);
  EXPECT_TRUE(a.is_meta());
  EXPECT_EQ(Sizes(a), I({3, 1}));
  const MaxResult r = *MaxDim(m, 0);
  EXPECT_TRUE(r.values.is_meta() && r.indices.is_meta());
  EXPECT_EQ(r.indices.dtype(), DType::kInt64);
  EXPECT_TRUE(Amax(m)->is_meta());
}

}  // namespace
}  // namespace wick::tensor
