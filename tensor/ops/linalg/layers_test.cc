// batch_norm, group_norm, upsample_*, im2col/col2im and pixel_shuffle: values against
// PyTorch 1.13 (recorded from /usr/bin/python3), the in-place running-statistics update,
// PyTorch's error messages, meta tensors, and the registry entries.
#include <vector>

#include "gtest/gtest.h"
#include "tensor/op_registry.h"
#include "tensor/ops/linalg/layers.h"
#include "tensor/ops/linalg/test_util.h"
#include "tensor/ops/ops.h"

namespace wick::tensor {
namespace {

using testing::FromValues;
using testing::Values;

constexpr DType kF = DType::kFloat32;

std::string ErrorOf(const absl::StatusOr<Tensor>& r) {
  EXPECT_FALSE(r.ok());
  return r.ok() ? "" : std::string(r.status().message());
}

void ExpectValues(const Tensor& t, const std::vector<double>& want, double tol = 1e-6) {
  const std::vector<double> got = Values(t);
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], tol) << "element " << i;
}

TEST(BatchNormTest, TrainingNormalisesAndUpdatesRunningStatsInPlace) {
  const Tensor x = FromValues({1, 2, 3, 5, 4, -1}, {3, 2});
  const Tensor rm = FromValues({0, 0}, {2}), rv = FromValues({1, 1}, {2});
  const uint64_t version = rm.version();
  absl::StatusOr<Tensor> y = BatchNorm(x, FromValues({2, 1}, {2}), FromValues({0, 1}, {2}), rm,
                                       rv, /*training=*/true, 0.1, 1e-5);
  ASSERT_TRUE(y.ok()) << y.status();
  ExpectValues(*y, {-2.6726036071777344, 1.0, 0.5345207452774048, 2.2247438430786133,
                    2.138082981109619, -0.22474384307861328});
  // momentum * batch mean + (1 - momentum) * old; the variance update is unbiased.
  EXPECT_EQ(Values(rm), (std::vector<double>{0.2666666805744171, 0.20000000298023224}));
  EXPECT_EQ(Values(rv), (std::vector<double>{1.1333333253860474, 1.7999999523162842}));
  EXPECT_GT(rm.version(), version);
  absl::StatusOr<Tensor> e = BatchNorm(x, Tensor(), Tensor(), rm, rv, false, 0.1, 1e-5);
  ASSERT_TRUE(e.ok());
  ExpectValues(*e, {0.6888436079025269, 1.341637134552002, 2.5675082206726074,
                    3.5776989459991455, 3.506840467453003, -0.8944247364997864});
}

TEST(BatchNormTest, ErrorsAndMeta) {
  const Tensor x = *Tensor::Empty({4, 3, 5}, kF);
  EXPECT_EQ(ErrorOf(BatchNorm(x, Tensor(), Tensor(), *Tensor::Empty({4}, kF),
                              *Tensor::Empty({3}, kF), false, 0.1, 1e-5)),
            "running_mean should contain 3 elements not 4");
  EXPECT_EQ(ErrorOf(BatchNorm(x, Tensor(), Tensor(), Tensor(), Tensor(), false, 0.1, 1e-5)),
            "running_mean must be defined in evaluation mode");
  EXPECT_EQ(ErrorOf(BatchNorm(*Tensor::Empty({3}, kF), Tensor(), Tensor(), Tensor(), Tensor(),
                              true, 0.1, 1e-5)),
            "Dimension out of range (expected to be in range of [-1, 0], but got 1)");
  EXPECT_EQ(ErrorOf(BatchNorm(*Tensor::Empty({2, 3}, DType::kInt64), Tensor(), Tensor(),
                              Tensor(), Tensor(), true, 0.1, 1e-5)),
            "\"batch_norm\" not implemented for 'Long'");
  absl::StatusOr<Tensor> m = BatchNorm(Tensor::Meta({2, 3, 4}, kF), Tensor(), Tensor(),
                                       Tensor::Meta({3}, kF), Tensor::Meta({3}, kF), true, 0.1,
                                       1e-5);
  ASSERT_TRUE(m.ok());
  EXPECT_TRUE(m->is_meta());
  EXPECT_EQ(m->sizes(), IntSpan(Shape{2, 3, 4}));
}

TEST(GroupNormTest, ValuesAndMessages) {
  std::vector<double> v;
  for (int i = 0; i < 8; ++i) v.push_back(i);
  absl::StatusOr<Tensor> y = GroupNorm(FromValues(v, {1, 4, 2}), 2, Tensor(), Tensor(), 1e-5);
  ASSERT_TRUE(y.ok());
  ExpectValues(*y, {-1.3416354656219482, -0.4472118318080902, 0.4472118318080902,
                    1.3416354656219482, -1.3416354656219482, -0.4472118318080902,
                    0.4472118318080902, 1.3416354656219482});
  EXPECT_EQ(ErrorOf(GroupNorm(*Tensor::Empty({4, 3, 5}, kF), 2, Tensor(), Tensor(), 1e-5)),
            "Expected number of channels in input to be divisible by num_groups, but got input "
            "of shape [4, 3, 5] and num_groups=2");
}

TEST(UpsampleTest, NearestAndLinearIndices) {
  const Tensor a = FromValues({0, 1, 2, 3, 4, 5}, {1, 1, 2, 3});
  const Shape size35 = {3, 5}, size25 = {2, 5};
  absl::StatusOr<Tensor> n = Upsample(a, 2, UpsampleMode::kNearest, IntSpan(size35), false,
                                      std::nullopt);
  ASSERT_TRUE(n.ok());
  EXPECT_EQ(Values(*n), (std::vector<double>{0, 0, 1, 1, 2, 0, 0, 1, 1, 2, 3, 3, 4, 4, 5}));
  absl::StatusOr<Tensor> ac = Upsample(a, 2, UpsampleMode::kLinear, IntSpan(size25), true,
                                       std::nullopt);
  ASSERT_TRUE(ac.ok());
  EXPECT_EQ(Values(*ac), (std::vector<double>{0, 0.5, 1, 1.5, 2, 3, 3.5, 4, 4.5, 5}));
  // A scale factor sets both the size (floor(3 * 1.5) = 4) and the index mapping.
  absl::StatusOr<Tensor> s = Upsample(a, 2, UpsampleMode::kLinear, std::nullopt, false,
                                      std::vector<double>{1.5, 1.5});
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->sizes(), IntSpan(Shape{1, 1, 3, 4}));
  ExpectValues(*s, {0.0, 0.5, 1.1666667461395264, 1.8333333730697632, 1.5, 2.0,
                    2.6666667461395264, 3.3333334922790527, 3.0, 3.5, 4.166666507720947,
                    4.8333330154418945});
  const Shape size0 = {0, 0};
  EXPECT_EQ(ErrorOf(Upsample(a, 2, UpsampleMode::kNearest, IntSpan(size0), false,
                             std::nullopt)),
            "Input and output sizes should be greater than 0, but got input (H: 2, W: 3) "
            "output (H: 0, W: 0)");
}

TEST(FoldTest, Im2ColCol2ImRoundTripCountsOverlaps) {
  std::vector<double> v(12, 1.0);
  const Tensor x = FromValues(v, {1, 1, 3, 4});
  const Shape k = {2, 2}, one = {1, 1}, zero = {0, 0}, out = {3, 4};
  absl::StatusOr<Tensor> cols = Im2Col(x, k, one, zero, one);
  ASSERT_TRUE(cols.ok());
  EXPECT_EQ(cols->sizes(), IntSpan(Shape{1, 4, 6}));
  absl::StatusOr<Tensor> back = Col2Im(*cols, out, k, one, zero, one);
  ASSERT_TRUE(back.ok());
  // Each pixel is the number of 2x2 blocks covering it.
  EXPECT_EQ(Values(*back), (std::vector<double>{1, 2, 2, 1, 2, 4, 4, 2, 1, 2, 2, 1}));
  const Shape k6 = {6, 6};
  EXPECT_EQ(ErrorOf(Im2Col(x, k6, one, zero, one)),
            "Given input with spatial size (3, 3), kernel_size=(6, 6), dilation=(1, 1), "
            "padding=(0, 0), calculated shape of the array of sliding blocks as (-2, -1), but "
            "its components must be at least one.");
}

TEST(PixelShuffleTest, RearrangesChannelsIntoBlocks) {
  std::vector<double> v;
  for (int i = 0; i < 8; ++i) v.push_back(i);
  absl::StatusOr<Tensor> y = PixelShuffle(FromValues(v, {1, 8, 1, 1}), 2);
  ASSERT_TRUE(y.ok());
  EXPECT_EQ(y->sizes(), IntSpan(Shape{1, 2, 2, 2}));
  EXPECT_EQ(Values(*y), v);
  absl::StatusOr<Tensor> u = PixelUnshuffle(*y, 2);
  ASSERT_TRUE(u.ok());
  EXPECT_EQ(Values(*u), v);
  EXPECT_EQ(ErrorOf(PixelShuffle(FromValues(v, {2, 4}), 2)),
            "pixel_shuffle expects input to have at least 3 dimensions, but got input with 2 "
            "dimension(s)");
}

TEST(LayerOpsTest, RegisteredUnderATenNames) {
  OpRegistry r;
  ASSERT_TRUE(ops::RegisterLayerOps(r).ok());
  for (const char* name : {"batch_norm", "group_norm", "upsample_nearest2d.vec",
                           "upsample_bilinear2d.vec", "upsample_bicubic2d.vec", "im2col",
                           "col2im", "pixel_shuffle", "pixel_unshuffle"}) {
    EXPECT_NE(r.Find(name), nullptr) << name;
  }
  // batch_norm declares its in-place running-statistics writes.
  const OpDef* bn = r.Find("batch_norm");
  ASSERT_NE(bn, nullptr);
  EXPECT_TRUE(bn->schema.arguments[3].is_write);
  EXPECT_TRUE(bn->schema.arguments[4].is_write);
  // Its inference twin (PyTorch 2.x's op) writes nothing.
  const OpDef* eval = r.Find("_native_batch_norm_legit_no_training");
  ASSERT_NE(eval, nullptr);
  for (const Argument& a : eval->schema.arguments) EXPECT_FALSE(a.is_write) << a.name;
  absl::StatusOr<Value> out =
      r.Call("_native_batch_norm_legit_no_training",
             {Value(FromValues({1, 2, 3, 5, 4, -1}, {3, 2})), Value(), Value(),
              Value(FromValues({0, 0}, {2})), Value(FromValues({1, 1}, {2})), Value(0.1),
              Value(1e-5)});
  ASSERT_TRUE(out.ok()) << out.status();
  ASSERT_EQ(out->to_tensor_list().size(), 3u);
  ExpectValues(out->to_tensor_list()[0], {0.99999499, 1.99998999, 2.99998498, 4.99997497,
                                          3.99997997, -0.99999499}, 1e-6);
  EXPECT_EQ(out->to_tensor_list()[1].numel(), 0);
}

}  // namespace
}  // namespace wick::tensor
