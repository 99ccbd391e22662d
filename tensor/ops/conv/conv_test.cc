// Convolution, pooling and padding: hand-checked values, oneDNN against the reference
// loops over many geometries, and PyTorch 1.13's messages.
#include "tensor/ops/conv/conv.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "gtest/gtest.h"
#include "tensor/ops/conv/internal/conv_kernels.h"

namespace wick::tensor {
namespace {

Tensor Iota(IntSpan sizes, DType dtype = DType::kFloat32, double scale = 1.0) {
  Tensor t = *Tensor::Empty(sizes, dtype);
  for (int64_t i = 0; i < t.numel(); ++i) {
    if (dtype == DType::kFloat32) t.data<float>()[i] = static_cast<float>(i * scale);
    else t.data<double>()[i] = i * scale;
  }
  return t;
}

Tensor Random(IntSpan sizes, uint32_t seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> u(-1.f, 1.f);
  Tensor t = *Tensor::Empty(sizes, DType::kFloat32);
  for (int64_t i = 0; i < t.numel(); ++i) t.data<float>()[i] = u(gen);
  return t;
}

std::vector<double> Values(const Tensor& t) {
  std::vector<double> v;
  for (int64_t i = 0; i < t.numel(); ++i) v.push_back(t.ElementAt(i).to_double());
  return v;
}

TEST(ConvTest, HandCheckedConv2d) {
  // x = 0..15 as [1,1,4,4], w = ones [1,1,2,2], stride 2: sums of 2x2 blocks.
  const Tensor x = Iota({1, 1, 4, 4});
  Tensor w = *Tensor::Empty({1, 1, 2, 2}, DType::kFloat32);
  for (int i = 0; i < 4; ++i) w.data<float>()[i] = 1.f;
  Tensor b = *Tensor::Empty({1}, DType::kFloat32);
  b.data<float>()[0] = 0.5f;
  ConvOptions o;
  o.stride = {2};
  absl::StatusOr<Tensor> y = Conv(x, w, b, o, "conv2d");
  ASSERT_TRUE(y.ok()) << y.status();
  EXPECT_EQ(y->sizes(), (Shape{1, 1, 2, 2}));
  EXPECT_EQ(Values(*y), (std::vector<double>{10.5, 18.5, 42.5, 50.5}));
}

TEST(ConvTest, SamePaddingOddTotalPadsTheEnd) {
  // conv1d, kernel 2 'same': output[i] = x[i] + x[i+1] (zero past the end).
  const Tensor x = Iota({1, 1, 4});
  Tensor w = *Tensor::Empty({1, 1, 2}, DType::kFloat32);
  w.data<float>()[0] = w.data<float>()[1] = 1.f;
  ConvOptions o;
  o.padding_mode = "same";
  absl::StatusOr<Tensor> y = Conv(x, w, Tensor(), o, "conv1d");
  ASSERT_TRUE(y.ok()) << y.status();
  EXPECT_EQ(Values(*y), (std::vector<double>{1, 3, 5, 3}));
}

TEST(ConvTest, TransposedHandChecked) {
  // conv_transpose1d of [1, 2] with kernel [1, 1, 1], stride 2: [1, 1, 3, 2, 2].
  Tensor x = *Tensor::Empty({1, 1, 2}, DType::kFloat32);
  x.data<float>()[0] = 1.f;
  x.data<float>()[1] = 2.f;
  Tensor w = *Tensor::Empty({1, 1, 3}, DType::kFloat32);
  for (int i = 0; i < 3; ++i) w.data<float>()[i] = 1.f;
  ConvOptions o;
  o.transposed = true;
  o.stride = {2};
  absl::StatusOr<Tensor> y = Conv(x, w, Tensor(), o, "conv_transpose1d");
  ASSERT_TRUE(y.ok()) << y.status();
  EXPECT_EQ(Values(*y), (std::vector<double>{1, 1, 3, 2, 2}));
}

struct Geometry {
  Shape in, w;
  Shape stride, padding, dilation, output_padding;
  int64_t groups;
  bool transposed;
};

TEST(ConvTest, OneDnnMatchesLoops) {
  const Geometry cases[] = {
      {{2, 4, 9, 7}, {6, 4, 3, 3}, {1}, {1}, {1}, {0}, 1, false},
      {{1, 4, 9, 7}, {6, 2, 3, 2}, {2, 1}, {1, 0}, {1, 2}, {0}, 2, false},
      {{1, 8, 10, 10}, {8, 1, 3, 3}, {2}, {1}, {1}, {0}, 8, false},  // depthwise
      {{2, 3, 11}, {5, 3, 4}, {3}, {2}, {2}, {0}, 1, false},
      {{1, 2, 5, 6, 4}, {4, 2, 3, 2, 2}, {1}, {1}, {1}, {0}, 1, false},
      {{2, 4, 5, 5}, {4, 3, 3, 3}, {2}, {1}, {1}, {1}, 1, true},
      {{1, 4, 5, 6}, {4, 2, 4, 3}, {2, 3}, {1, 0}, {1, 2}, {1, 0}, 2, true},
      {{2, 3, 7}, {3, 5, 3}, {3}, {0}, {1}, {2}, 1, true},
      // Above kBlockedMinMacs: oneDNN's blocked layouts, with reorders in and out.
      {{2, 16, 32, 30}, {32, 16, 3, 3}, {1}, {1}, {1}, {0}, 1, false},
      {{1, 24, 33, 31}, {48, 6, 3, 3}, {2}, {2}, {2}, {0}, 4, false},
      {{2, 64, 40, 40}, {64, 1, 3, 3}, {1}, {1}, {1}, {0}, 64, false},  // depthwise
      {{1, 3, 64, 64}, {16, 3, 7, 7}, {2}, {3}, {1}, {0}, 1, false},
      {{2, 32, 16, 16}, {32, 16, 4, 4}, {2}, {1}, {1}, {0}, 1, true},
      {{1, 16, 20, 20, 8}, {16, 16, 3, 3, 3}, {1}, {1}, {1}, {0}, 1, false},
  };
  uint32_t seed = 1;
  for (const Geometry& c : cases) {
    const Tensor x = Random(c.in, seed++), w = Random(c.w, seed++);
    const int64_t oc = c.transposed ? c.w[1] * c.groups : c.w[0];
    const Tensor b = Random({oc}, seed++);
    ConvOptions o;
    o.stride = c.stride;
    o.padding = c.padding;
    o.dilation = c.dilation;
    o.output_padding = c.output_padding;
    o.groups = c.groups;
    o.transposed = c.transposed;
    const int n = static_cast<int>(c.in.size()) - 2;
    const std::string op = c.transposed ? absl::StrCat("conv_transpose", n, "d")
                                        : absl::StrCat("conv", n, "d");
    absl::StatusOr<Tensor> y = Conv(x, w, b, o, op);
    ASSERT_TRUE(y.ok()) << y.status();
    // Same geometry through the loops.
    conv_internal::ConvGeometry g;
    auto expand = [&](const Shape& v) { return v.size() == 1 ? Shape(n, v[0]) : v; };
    g.stride = expand(c.stride);
    g.pad_l = g.pad_r = expand(c.padding);
    g.dilation = expand(c.dilation);
    g.output_padding = expand(c.output_padding);
    g.groups = c.groups;
    g.transposed = c.transposed;
    Tensor ref = *Tensor::Empty(y->sizes(), DType::kFloat32);
    ASSERT_TRUE(conv_internal::RunConv(x, w, b, ref, g, /*force_loops=*/true).ok());
    const std::vector<double> got = Values(*y), want = Values(ref);
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < got.size(); ++i) {
      ASSERT_NEAR(got[i], want[i], 1e-4) << op << " case " << seed << " at " << i;
    }
  }
}

TEST(ConvTest, MetaAndErrors) {
  ConvOptions o;
  absl::StatusOr<Tensor> y = Conv(Tensor::Meta({1, 4, 5, 5}, DType::kFloat32),
                                  Tensor::Meta({6, 3, 3, 3}, DType::kFloat32), Tensor(), o,
                                  "conv2d");
  ASSERT_FALSE(y.ok());
  EXPECT_EQ(y.status().message(),
            "Given groups=1, weight of size [6, 3, 3, 3], expected input[1, 4, 5, 5] to have 3 "
            "channels, but got 4 channels instead");
  y = Conv(Tensor::Meta({4, 5, 5}, DType::kFloat32), Tensor::Meta({6, 4, 3, 3}, DType::kFloat32),
           Tensor(), o, "conv2d");
  ASSERT_TRUE(y.ok()) << y.status();
  EXPECT_EQ(y->sizes(), (Shape{6, 3, 3}));
  EXPECT_TRUE(y->is_meta());
}

// conv -> eval batch norm -> activation, fused, against the three steps done by hand.
void CheckBatchNormFolding(int64_t cin, int64_t oc, int64_t side) {
  const Tensor x = Random({2, cin, side, side}, 11), w = Random({oc, cin, 3, 3}, 12);
  const Tensor b = Random({oc}, 13);
  const Tensor gamma = Random({oc}, 14), beta = Random({oc}, 15), mean = Random({oc}, 16);
  Tensor var = Random({oc}, 17);
  for (int i = 0; i < oc; ++i) var.data<float>()[i] = std::abs(var.data<float>()[i]) + 0.5f;
  ConvOptions o;
  o.padding = {1};
  for (ConvActivation act :
       {ConvActivation::kNone, ConvActivation::kRelu, ConvActivation::kRelu6}) {
    o.activation = ConvActivation::kNone;
    absl::StatusOr<Tensor> plain = Conv(x, w, b, o, "conv2d");
    ASSERT_TRUE(plain.ok()) << plain.status();
    o.activation = act;
    absl::StatusOr<Tensor> fused =
        ConvBatchNorm(x, w, b, gamma, beta, mean, var, 1e-5, o, "conv2d");
    ASSERT_TRUE(fused.ok()) << fused.status();
    const std::vector<double> p = Values(*plain), f = Values(*fused);
    for (size_t i = 0; i < p.size(); ++i) {
      const int64_t c = (i / (side * side)) % oc;
      double want = (p[i] - mean.data<float>()[c]) / std::sqrt(var.data<float>()[c] + 1e-5) *
                        gamma.data<float>()[c] +
                    beta.data<float>()[c];
      if (act != ConvActivation::kNone) want = std::max(want, 0.0);
      if (act == ConvActivation::kRelu6) want = std::min(want, 6.0);
      ASSERT_NEAR(f[i], want, 1e-4) << i;
    }
  }
}

// Small: oneDNN's plain layouts, the activation in a separate pass.
TEST(ConvTest, BatchNormFoldingPlain) { CheckBatchNormFolding(4, 6, 9); }
// Large: blocked layouts, the activation a oneDNN post-op.
TEST(ConvTest, BatchNormFoldingBlocked) { CheckBatchNormFolding(16, 32, 32); }

TEST(PoolTest, MaxAvgAdaptive) {
  const Tensor x = Iota({1, 1, 4, 4});
  PoolOptions o;
  o.kernel = {2};
  auto mx = MaxPool(x, o, 2, "max_pool2d");
  ASSERT_TRUE(mx.ok()) << mx.status();
  EXPECT_EQ(Values(mx->first), (std::vector<double>{5, 7, 13, 15}));
  EXPECT_EQ(Values(mx->second), (std::vector<double>{5, 7, 13, 15}));
  // Padding 1, count_include_pad: the corner window holds x[0,0] = 0 and x[0,1] = 1 ...
  o.kernel = {3};
  o.stride = {2};
  o.padding = {1};
  auto av = AvgPool(x, o, 2, "avg_pool2d");
  ASSERT_TRUE(av.ok()) << av.status();
  // Window (0,0): rows 0-1, cols 0-1 -> (0+1+4+5)/9.
  EXPECT_NEAR(Values(*av)[0], 10.0 / 9.0, 1e-6);
  o.count_include_pad = false;
  av = AvgPool(x, o, 2, "avg_pool2d");
  EXPECT_NEAR(Values(*av)[0], 10.0 / 4.0, 1e-6);
  // Adaptive 4 -> 3 along a row 0..3: windows [0,2), [1,3), [2,4).
  const Tensor row = Iota({1, 4});
  const Shape three = {3};
  auto aa = AdaptiveAvgPool(row, three, 1, "adaptive_avg_pool1d");
  ASSERT_TRUE(aa.ok()) << aa.status();
  EXPECT_EQ(Values(*aa), (std::vector<double>{0.5, 1.5, 2.5}));
}

TEST(PoolTest, CeilModeAndErrors) {
  const Tensor x = Iota({1, 5, 5});
  PoolOptions o;
  o.kernel = {2};
  o.ceil_mode = true;
  auto mx = MaxPool(x, o, 2, "max_pool2d");
  ASSERT_TRUE(mx.ok());
  EXPECT_EQ(mx->first.sizes(), (Shape{1, 3, 3}));
  EXPECT_EQ(Values(mx->first).back(), 24);
  o.kernel = {7};
  o.ceil_mode = false;
  mx = MaxPool(x, o, 2, "max_pool2d");
  ASSERT_FALSE(mx.ok());
  EXPECT_EQ(mx.status().message(),
            "Given input size: (1x5x5). Calculated output size: (1x0x0). Output size is too "
            "small");
}

TEST(PadTest, Modes) {
  const Tensor x = Iota({1, 1, 3});  // 0 1 2
  const Shape pad = {2, 1};
  auto r = PadNd(x, pad, PadMode::kReflect, "reflection_pad1d");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(Values(*r), (std::vector<double>{2, 1, 0, 1, 2, 1}));
  r = PadNd(x, pad, PadMode::kReplicate, "replication_pad1d");
  EXPECT_EQ(Values(*r), (std::vector<double>{0, 0, 0, 1, 2, 2}));
  r = PadNd(x, pad, PadMode::kCircular, "_pad_circular");
  EXPECT_EQ(Values(*r), (std::vector<double>{1, 2, 0, 1, 2, 0}));
  const Shape big = {3, 1};
  r = PadNd(x, big, PadMode::kReflect, "reflection_pad1d");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(),
            "Argument #4: Padding size should be less than the corresponding input dimension, "
            "but got: padding (3, 1) at dimension 2 of input [1, 1, 3]");
}

TEST(PadTest, ConstantCropsAndFills) {
  const Tensor x = Iota({2, 3});  // [[0 1 2] [3 4 5]]
  const Shape pad = {-1, 1, 1, 0};
  auto r = ConstantPadNd(x, pad, Scalar(9.0));
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->sizes(), (Shape{3, 3}));
  EXPECT_EQ(Values(*r), (std::vector<double>{9, 9, 9, 1, 2, 9, 4, 5, 9}));
  const Shape crop = {-2, -2};
  r = ConstantPadNd(x, crop, Scalar(0.0));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(), "start (0) + length (-1) exceeds dimension size (1).");
}

}  // namespace
}  // namespace wick::tensor
