// softmax/log_softmax (every dim, special rows, bit-exactness with PyTorch along the last
// dim), layer_norm, embedding, linear and scaled_dot_product_attention against naive
// references, with PyTorch's error messages, meta tensors and the registry entries.
#include <cmath>
#include <cstring>
#include <limits>

#include "base/python_error.h"
#include "gtest/gtest.h"
#include "tensor/op_registry.h"
#include "tensor/ops/linalg/linalg.h"
#include "tensor/ops/linalg/test_util.h"
#include "tensor/ops/ops.h"
#include "tensor/shape.h"

namespace wick::tensor {
namespace {

using testing::ExpectClose;
using testing::FromValues;
using testing::Random;
using testing::Values;

constexpr DType kF = DType::kFloat32, kD = DType::kFloat64, kL = DType::kInt64, kI = DType::kInt32,
                kB = DType::kBool;
constexpr double kInf = std::numeric_limits<double>::infinity();

std::string ErrorOf(const absl::StatusOr<Tensor>& r) {
  EXPECT_FALSE(r.ok());
  return r.ok() ? "" : std::string(r.status().message());
}

// Softmax over `dim` of a contiguous tensor, in long double.
std::vector<double> NaiveSoftmax(const Tensor& t, int64_t dim, bool log) {
  const std::vector<double> v = Values(t);
  const int64_t n = t.size(dim);
  const int64_t inner = Numel(t.sizes().subspan(dim + 1));
  const int64_t outer = t.numel() / std::max<int64_t>(n * inner, 1);
  std::vector<double> out(v.size());
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      auto at = [&](int64_t d) { return o * n * inner + d * inner + i; };
      long double mx = -INFINITY;
      for (int64_t d = 0; d < n; ++d) mx = std::max<long double>(mx, v[at(d)]);
      long double sum = 0;
      for (int64_t d = 0; d < n; ++d) sum += std::exp(static_cast<long double>(v[at(d)]) - mx);
      for (int64_t d = 0; d < n; ++d) {
        const long double x = v[at(d)] - mx;
        out[at(d)] = static_cast<double>(log ? x - std::log(sum) : std::exp(x) / sum);
      }
    }
  }
  return out;
}

TEST(Softmax, EveryDimAndLayoutMatchesReference) {
  for (DType dt : {kF, kD}) {
    const double tol = dt == kF ? 2e-6 : 1e-12;
    for (const Shape& shape : {Shape{7}, Shape{3, 13}, Shape{4, 9, 5}, Shape{2, 3, 17, 2}}) {
      const Tensor x = Random(shape, dt, 42);
      for (int64_t dim = 0; dim < x.dim(); ++dim) {
        for (bool log : {false, true}) {
          absl::StatusOr<Tensor> r = log ? LogSoftmax(x, dim) : Softmax(x, dim);
          ASSERT_TRUE(r.ok()) << r.status();
          EXPECT_EQ(r->dtype(), dt);
          EXPECT_EQ(r->strides(), IntSpan(ContiguousStrides(shape)));
          ExpectClose(*r, NaiveSoftmax(x, dim, log), tol, tol, x.DebugString());
          // Negative dims and a permuted (non-contiguous) input give the same values.
          ExpectClose(*(log ? LogSoftmax(x, dim - x.dim()) : Softmax(x, dim - x.dim())),
                      NaiveSoftmax(x, dim, log), tol, tol);
          const Tensor nc = testing::WithLayout(x, [&] {
            std::vector<int64_t> p;
            for (int64_t i = x.dim() - 1; i >= 0; --i) p.push_back(i);
            return p;
          }());
          absl::StatusOr<Tensor> rn = log ? LogSoftmax(nc, dim) : Softmax(nc, dim);
          EXPECT_EQ(rn->strides(), IntSpan(ContiguousStrides(shape)));
          ExpectClose(*rn, NaiveSoftmax(x, dim, log), tol, tol);
        }
      }
    }
  }
}

std::vector<double> FromHex(std::initializer_list<uint32_t> bits) {
  std::vector<double> v;
  for (uint32_t b : bits) {
    float f;
    std::memcpy(&f, &b, sizeof(f));
    v.push_back(f);
  }
  return v;
}

TEST(Softmax, LastDimIsBitIdenticalToPyTorch) {
  // V-style inputs; expected bits printed by PyTorch 1.13 (torch.softmax(x, 1)).
  std::vector<double> xs;
  for (int i = 0; i < 26; ++i) xs.push_back(static_cast<float>(((i * 7919) % 2001 - 1000) / 250.0));
  const Tensor x = FromValues(xs, {2, 13});
  ExpectClose(
      *Softmax(x, 1),
      FromHex({0x39104b8b, 0x3e961749, 0x3e55a919, 0x3e1813c6, 0x3dd87cf8, 0x3d9a16fe, 0x3d5b5a68,
               0x3d1c210b, 0x3cde418d, 0x3c9e31fe, 0x3c61328b, 0x3c2049f0, 0x3be42d7c, 0x3c02fc19,
               0x3bba764b, 0x3b84b7d9, 0x3b3cee04, 0x3b06797e, 0x3abf6e1a, 0x3a884116, 0x3a41f6a2,
               0x3a0a0eb1, 0x39c487c0, 0x398be26b, 0x3f1180cf, 0x3ecf212f}),
      0, 0);
  ExpectClose(
      *LogSoftmax(x, 1),
      FromHex({0xc10e41e0, 0xbf9d1110, 0xbfc89630, 0xbff41b4e, 0xc00fd036, 0xc02592c6, 0xc03b5555,
               0xc05117e4, 0xc066da74, 0xc07c9d03, 0xc0892fc9, 0xc0941111, 0xc09ef258, 0xc09a8700,
               0xc0a56848, 0xc0b04990, 0xc0bb2ad7, 0xc0c60c1f, 0xc0d0ed66, 0xc0dbceae, 0xc0e6aff6,
               0xc0f1913e, 0xc0fc7286, 0xc103a9e7, 0xbf10a282, 0xbf67acc2}),
      0, 0);
  // Rows shorter than a vector take PyTorch's lane-by-lane path.
  std::vector<double> ys;
  for (int r = 0; r < 2; ++r) {
    for (int c = 0; c < 5; ++c) ys.push_back(xs[r * 13 + c]);
  }
  const Tensor y = FromValues(ys, {2, 5});
  ExpectClose(*Softmax(y, 1),
              FromHex({0x393ed3b0, 0x3ec67de7, 0x3e8d47d2, 0x3e491e5e, 0x3e0f2679, 0x3eb48f06,
                       0x3e80842d, 0x3e36f2bd, 0x3e023793, 0x3db95e8c}),
              0, 0);
  ExpectClose(*LogSoftmax(y, 1),
              FromHex({0xc109c905, 0xbf729465, 0xbfa4cf52, 0xbfd05470, 0xbffbd98e, 0xbf856910,
                       0xbfb0ee2e, 0xbfdc734d, 0xc003fc36, 0xc019bec6}),
              0, 0);
}

TEST(Softmax, SpecialRowsFollowPyTorch) {
  const double nan = NAN;
  // Rows: finite, all -inf, leading -inf, +inf, nan, mixed huge.
  const Tensor x = FromValues(
      {1, 2, 3, -kInf, -kInf, -kInf, -kInf, 0, 1, kInf, 1, 2, nan, 1, 2, 1e30, 1, -1e30}, {6, 3});
  ExpectClose(*Softmax(x, 1),
              {0.09003057330846786, 0.2447284758090973, 0.6652409434318542, nan, nan, nan, 0.0,
               0.2689414322376251, 0.7310585975646973, nan, nan, nan, nan, nan, nan, 1, 0, 0},
              1e-7, 1e-7);
  ExpectClose(
      *LogSoftmax(x, 1),
      {-2.4076058864593506, -1.4076058864593506, -0.40760594606399536, nan, nan, nan, -kInf,
       -1.31326162815094, -0.3132616877555847, nan, nan, nan, nan, nan, nan, 0, -1e30, -2e30},
      1e-7, 1e-7);
  // The same rows as columns (the non-last-dim kernel), wide enough for vectors + tail.
  Tensor wide = *Tensor::Empty({3, 10}, kF);
  for (int64_t c = 0; c < 10; ++c) {
    for (int64_t r = 0; r < 3; ++r)
      wide.data<float>()[r * 10 + c] = x.data<float>()[(c % 6) * 3 + r];
  }
  const std::vector<double> rows_sm = Values(*Softmax(x, 1));
  const std::vector<double> cols_sm = Values(*Softmax(wide, 0));
  for (int64_t c = 0; c < 10; ++c) {
    for (int64_t r = 0; r < 3; ++r) {
      const double want = rows_sm[(c % 6) * 3 + r], got = cols_sm[r * 10 + c];
      if (std::isnan(want)) {
        EXPECT_TRUE(std::isnan(got)) << r << "," << c;
      } else {
        EXPECT_NEAR(got, want, 1e-7) << r << "," << c;
      }
    }
  }
}

TEST(Softmax, LargeRowsOnOneDnnKeepPyTorchsNanRows) {
  // 64 x 512 floats takes the oneDNN path; plant every special kind of row.
  Tensor x = Random({64, 512}, kF, 5);
  float* p = x.data<float>();
  p[3 * 512 + 7] = NAN;                                       // NaN anywhere
  p[10 * 512 + 511] = INFINITY;                               // +inf at the tail
  for (int j = 0; j < 512; ++j) p[20 * 512 + j] = -INFINITY;  // only -inf
  for (int j = 0; j < 500; ++j) p[30 * 512 + j] = -INFINITY;  // -inf but a few finite
  p[40 * 512] = 1e30f;                                        // huge but finite
  const Tensor r = *Softmax(x, 1);
  ExpectClose(r, NaiveSoftmax(x, 1, false), 1e-6, 1e-7);
  for (int row : {3, 10, 20}) EXPECT_TRUE(std::isnan(r.data<float>()[row * 512 + 100])) << row;
  EXPECT_FALSE(std::isnan(r.data<float>()[30 * 512 + 505]));
  // log_softmax stays on wick's kernel at every size.
  ExpectClose(*LogSoftmax(x, 1), NaiveSoftmax(x, 1, true), 1e-6, 1e-6);
}

TEST(Softmax, DtypeArgumentZeroDimEmptyAndErrors) {
  const Tensor l = FromValues({1, 2, 3, 4, 5, 6}, {2, 3}, kL);
  const Tensor r = *Softmax(l, 1, kF);
  EXPECT_EQ(r.dtype(), kF);
  ExpectClose(r, NaiveSoftmax(FromValues({1, 2, 3, 4, 5, 6}, {2, 3}), 1, false));
  EXPECT_EQ(Softmax(Random({2, 3}, kF, 1), 1, kD)->dtype(), kD);
  EXPECT_EQ(LogSoftmax(Random({2, 3}, kD, 1), 0, kF)->dtype(), kF);
  ExpectClose(*Softmax(Tensor::FromScalar(3.0, kF), 0), {1});
  ExpectClose(*LogSoftmax(Tensor::FromScalar(3.0, kF), -1), {0});
  EXPECT_EQ(Softmax(Tensor::Meta({0, 3}, kL), 1)->dtype(), kL);  // empty: no kernel, no error
  EXPECT_EQ(Softmax(*Tensor::Empty({0, 3}, kF), 1)->sizes(), IntSpan(Shape{0, 3}));

  EXPECT_EQ(ErrorOf(Softmax(l, 1)), "\"softmax_lastdim_kernel_impl\" not implemented for 'Long'");
  EXPECT_EQ(ErrorOf(Softmax(l, 0)), "\"softmax_kernel_impl\" not implemented for 'Long'");
  EXPECT_EQ(ErrorOf(LogSoftmax(l, 1)),
            "\"log_softmax_lastdim_kernel_impl\" not implemented for 'Long'");
  EXPECT_EQ(ErrorOf(LogSoftmax(l, 0)), "\"softmax_kernel_impl\" not implemented for 'Long'");
  EXPECT_EQ(ErrorOf(Softmax(Random({2, 3}, kF, 1), 1, kI)),
            "\"softmax_lastdim_kernel_impl\" not implemented for 'Int'");
  EXPECT_EQ(ErrorOf(Softmax(FromValues({1, 1}, {1, 2}, kB), 1)),
            "\"softmax_lastdim_kernel_impl\" not implemented for 'Bool'");
  EXPECT_EQ(ErrorOf(Softmax(Random({2, 3}, kF, 1), 2)),
            "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
  EXPECT_EQ(PythonErrorType(Softmax(Random({2, 3}, kF, 1), -3).status()), "IndexError");
}

std::vector<double> NaiveLayerNorm(const Tensor& x, int64_t cols, const Tensor& w, const Tensor& b,
                                   double eps) {
  const std::vector<double> v = Values(x);
  const std::vector<double> wv = w.defined() ? Values(w) : std::vector<double>();
  const std::vector<double> bv = b.defined() ? Values(b) : std::vector<double>();
  std::vector<double> out(v.size());
  for (size_t r = 0; r < v.size() / cols; ++r) {
    long double mean = 0, var = 0;
    for (int64_t j = 0; j < cols; ++j) mean += v[r * cols + j];
    mean /= cols;
    for (int64_t j = 0; j < cols; ++j) var += (v[r * cols + j] - mean) * (v[r * cols + j] - mean);
    var /= cols;
    for (int64_t j = 0; j < cols; ++j) {
      long double y = (v[r * cols + j] - mean) / std::sqrt(var + eps);
      if (w.defined()) y *= wv[j];
      if (b.defined()) y += bv[j];
      out[r * cols + j] = static_cast<double>(y);
    }
  }
  return out;
}

TEST(LayerNorm, WithAndWithoutAffineMatchesReference) {
  for (DType dt : {kF, kD}) {
    const double tol = dt == kF ? 3e-6 : 1e-12;
    const Tensor x = Random({4, 3, 10}, dt, 7);
    const Tensor w = Random({3, 10}, dt, 8), b = Random({3, 10}, dt, 9);
    const Tensor w1 = Random({10}, dt, 10), b1 = Random({10}, dt, 11);
    ExpectClose(*LayerNorm(x, {10}, Tensor(), Tensor()), NaiveLayerNorm(x, 10, {}, {}, 1e-5), tol,
                tol);
    ExpectClose(*LayerNorm(x, {10}, w1, b1), NaiveLayerNorm(x, 10, w1, b1, 1e-5), tol, tol);
    ExpectClose(*LayerNorm(x, {10}, w1, Tensor()), NaiveLayerNorm(x, 10, w1, {}, 1e-5), tol, tol);
    ExpectClose(*LayerNorm(x, {10}, Tensor(), b1), NaiveLayerNorm(x, 10, {}, b1, 1e-5), tol, tol);
    ExpectClose(*LayerNorm(x, {3, 10}, w, b, 1e-3), NaiveLayerNorm(x, 30, w, b, 1e-3), tol, tol);
    // Non-contiguous input and parameters; the result is contiguous.
    const Tensor xt = testing::WithLayout(x, {2, 0, 1});
    const Tensor r = *LayerNorm(xt, {10}, testing::Strided(w1, 0, 2), b1);
    EXPECT_EQ(r.strides(), IntSpan(Shape{30, 10, 1}));
    ExpectClose(r, NaiveLayerNorm(x, 10, w1, b1, 1e-5), tol, tol);
  }
  // PyTorch's values for arange(12).reshape(2, 6).
  std::vector<double> xs(12);
  for (int i = 0; i < 12; ++i) xs[i] = i;
  ExpectClose(*LayerNorm(FromValues(xs, {2, 6}), {6}, Tensor(), Tensor()),
              {-1.4638476371765137, -0.8783085942268372, -0.29276955127716064, 0.29276949167251587,
               0.8783085346221924, 1.4638476371765137, -1.4638475179672241, -0.8783084750175476,
               -0.29276955127716064, 0.29276949167251587, 0.8783085346221924, 1.4638476371765137},
              1e-6, 1e-6);
  // Above 65536 elements float32 goes to oneDNN's primitive.
  const Tensor big = Random({80, 1024}, kF, 12);
  const Tensor bw = Random({1024}, kF, 13), bb = Random({1024}, kF, 14);
  ExpectClose(*LayerNorm(big, {1024}, bw, bb), NaiveLayerNorm(big, 1024, bw, bb, 1e-5), 3e-6, 3e-6);
  ExpectClose(*LayerNorm(big, {1024}, Tensor(), Tensor()), NaiveLayerNorm(big, 1024, {}, {}, 1e-5),
              3e-6, 3e-6);
  // eps = 0 over a constant row is 0/0.
  ExpectClose(*LayerNorm(testing::FromValues({1, 1, 1}, {1, 3}), {3}, Tensor(), Tensor(), 0.0),
              {NAN, NAN, NAN});
  EXPECT_EQ(LayerNorm(*Tensor::Empty({0, 6}, kF), {6}, Tensor(), Tensor())->sizes(),
            IntSpan(Shape{0, 6}));
}

TEST(LayerNorm, Float32IsBitIdenticalToPyTorch) {
  // Rows of 300 (chunks of Welford vectors, a cascade merge and a scalar tail) and of 5
  // (tail only); expected bits printed by PyTorch 1.13's F.layer_norm.
  std::vector<double> xs, ws, bs;
  for (int i = 0; i < 900; ++i)
    xs.push_back(static_cast<float>(((i * 7919) % 2001 - 1000) / 250.0 + 3.0));
  for (int i = 0; i < 300; ++i) {
    ws.push_back(static_cast<float>(((i * 104729) % 2001 - 1000) / 500.0));
    bs.push_back(static_cast<float>(((i * 7907) % 2001 - 1000) / 1000.0));
  }
  const Tensor x = FromValues(xs, {3, 300});
  const std::vector<double> y =
      Values(*LayerNorm(x, {300}, FromValues(ws, {300}), FromValues(bs, {300})));
  const std::vector<double> heads =
      FromHex({0x4021ac39, 0xbde53961, 0x3fe86778, 0xbfe224d6, 0xbd464d2d, 0x3fa274a2, 0x3f30e0f4,
               0x3fc5b076, 0x3ae6c0d0, 0x404cc5ba, 0x3fb9aac3, 0xbf3197d5, 0xbf8f3267, 0x3f75cb49,
               0x3f245587, 0x3fb91813, 0x3f6bc925, 0xb80b865a});
  for (int r = 0; r < 3; ++r) {
    for (int j = 0; j < 6; ++j) EXPECT_EQ(y[r * 300 + j], heads[r * 6 + j]) << r << "," << j;
  }
  const std::vector<double> tails =
      FromHex({0xbd5414a0, 0x3f34350d, 0x3f878a53, 0x3eb2bb1d, 0x3efd57c2, 0x3e758dd7,
               0x3f32590b, 0x3e6dfd66, 0xbf21f116, 0x3f7db12b, 0xbfb4974a, 0x3f0ae2e3,
               0x40067218, 0xbf7749a9, 0x3ec58ffc, 0x3fabd6d4, 0xbf12d7e0, 0x3e34e7dc,
               0x3f081fd2, 0xbe6f64d2, 0x401eb883, 0x3f807652, 0xbf5e6d16, 0x40318e9c,
               0x3f31ef77, 0x401d8a2e, 0xbfedff58, 0x3df68e3e, 0x3fda1efb, 0xbfbb5c78});
  for (int r = 0; r < 3; ++r) {
    for (int j = 0; j < 10; ++j)
      EXPECT_EQ(y[r * 300 + 290 + j], tails[r * 10 + j]) << r << "," << j;
  }
  std::vector<double> short_rows;
  for (int r = 0; r < 3; ++r) {
    for (int j = 0; j < 5; ++j) short_rows.push_back(xs[r * 300 + j]);
  }
  ExpectClose(*LayerNorm(FromValues(short_rows, {3, 5}), {5}, Tensor(), Tensor()),
              FromHex({0xbffe3638, 0x3f2c697c, 0x3f0e353c, 0x3ee001ff, 0x3ea3997f, 0x3fb503f4,
                       0x3f3503f5, 0x33c517ee, 0xbf3503f2, 0xbfb503f2, 0x3fb503fb, 0x3f3503fc,
                       0x350cd180, 0xbf3503ea, 0xbfb503f3}),
              0, 0);
}

TEST(LayerNorm, ErrorsInPyTorchsOrder) {
  const Tensor x = Random({2, 6}, kF, 1);
  EXPECT_EQ(ErrorOf(LayerNorm(x, {5}, Tensor(), Tensor())),
            "Given normalized_shape=[5], expected input with shape [*, 5], but got input of "
            "size[2, 6]");
  EXPECT_EQ(ErrorOf(LayerNorm(x, {3, 6}, Tensor(), Tensor())),
            "Given normalized_shape=[3, 6], expected input with shape [*, 3, 6], but got input "
            "of size[2, 6]");
  EXPECT_EQ(ErrorOf(LayerNorm(x, {}, Tensor(), Tensor())),
            "Expected normalized_shape to be at least 1-dimensional, i.e., containing at least "
            "one element, but got normalized_shape = []");
  EXPECT_EQ(ErrorOf(LayerNorm(x, {6}, Random({5}, kF, 1), Tensor())),
            "Expected weight to be of same shape as normalized_shape, but got weight of shape "
            "[5] and normalized_shape = [6]");
  EXPECT_EQ(ErrorOf(LayerNorm(x, {6}, Tensor(), Random({1, 6}, kF, 1))),
            "Expected bias to be of same shape as normalized_shape, but got bias of shape "
            "[1, 6] and normalized_shape = [6]");
  EXPECT_EQ(ErrorOf(LayerNorm(x, {6}, Random({6}, kD, 1), Tensor())),
            "expected scalar type Float but found Double");
  EXPECT_EQ(ErrorOf(LayerNorm(Random({2, 6}, kD, 1), {6}, Random({6}, kD, 1), Random({6}, kF, 1))),
            "expected scalar type Double but found Float");
  EXPECT_EQ(ErrorOf(LayerNorm(Random({2, 6}, kL, 1), {6}, Random({6}, kF, 1), Tensor())),
            "\"LayerNormKernelImpl\" not implemented for 'Long'");
}

TEST(Embedding, GathersRowsAndChecksIndices) {
  const Tensor w = Random({10, 3}, kF, 1);
  const std::vector<double> wv = Values(w);
  const Tensor idx = FromValues({1, 2, 9, 1}, {2, 2}, kL);
  const Tensor r = *Embedding(w, idx);
  EXPECT_EQ(r.sizes(), IntSpan(Shape{2, 2, 3}));
  std::vector<double> want;
  for (int i : {1, 2, 9, 1}) {
    for (int j = 0; j < 3; ++j) want.push_back(wv[i * 3 + j]);
  }
  ExpectClose(r, want, 0, 0);
  // Non-contiguous indices, int32 indices, transposed weight, 0-dim indices, bool weight.
  ExpectClose(*Embedding(w, testing::WithLayout(idx, {1, 0})), want, 0, 0);
  ExpectClose(*Embedding(testing::WithLayout(w, {1, 0}), FromValues({1, 2, 9, 1}, {2, 2}, kI)),
              want, 0, 0);
  EXPECT_EQ(Embedding(w, Tensor::FromScalar(int64_t{3}))->sizes(), IntSpan(Shape{3}));
  EXPECT_EQ(Embedding(FromValues({1, 0, 0, 1}, {2, 2}, kB), FromValues({1}, {1}, kL))->dtype(), kB);
  EXPECT_EQ(Embedding(*Tensor::Empty({0, 2}, kF), *Tensor::Empty({0}, kL))->sizes(),
            IntSpan(Shape{0, 2}));

  EXPECT_EQ(ErrorOf(Embedding(w, FromValues({1, 10}, {2}, kL))), "index out of range in self");
  EXPECT_EQ(PythonErrorType(Embedding(w, FromValues({-1}, {1}, kL)).status()), "IndexError");
  EXPECT_EQ(ErrorOf(Embedding(Random({3}, kF, 1), FromValues({0}, {1}, kL))),
            "'weight' must be 2-D");
  EXPECT_EQ(ErrorOf(Embedding(w, FromValues({1}, {1}, kF))),
            "Expected tensor for argument #1 'indices' to have one of the following scalar "
            "types: Long, Int; but got torch.FloatTensor instead (while checking arguments for "
            "embedding)");
  EXPECT_EQ(ErrorOf(Embedding(w, FromValues({1}, {1}, kB))),
            "Expected tensor for argument #1 'indices' to have one of the following scalar "
            "types: Long, Int; but got CPUBoolType instead (while checking arguments for "
            "embedding)");
  EXPECT_EQ(ErrorOf(Embedding(*Tensor::Empty({0, 2}, kF), FromValues({0}, {1}, kL))),
            "index_select(): self indexing axis dim should be positive");
  EXPECT_TRUE(Embedding(Tensor::Meta({10, 3}, kF), Tensor::Meta({4}, kL))->is_meta());
}

TEST(Linear, MatchesMatmulPlusBias) {
  for (DType dt : {kF, kD}) {
    const double tol = dt == kF ? 1e-5 : 1e-12;
    const Tensor w = Random({4, 3}, dt, 1), b = Random({4}, dt, 2);
    const std::vector<double> wv = Values(w), bv = Values(b);
    for (const Shape& in_shape : {Shape{3}, Shape{2, 3}, Shape{5, 2, 3}, Shape{2, 2, 2, 3}}) {
      const Tensor x = Random(in_shape, dt, 3);
      const std::vector<double> xv = Values(x);
      std::vector<double> want, want_nb;
      for (size_t r = 0; r < xv.size() / 3; ++r) {
        for (int o = 0; o < 4; ++o) {
          double acc = 0;
          for (int k = 0; k < 3; ++k) acc += xv[r * 3 + k] * wv[o * 3 + k];
          want.push_back(acc + bv[o]);
          want_nb.push_back(acc);
        }
      }
      const Tensor y = *Linear(x, w, b);
      Shape out_shape(in_shape.begin(), in_shape.end() - 1);
      out_shape.push_back(4);
      EXPECT_EQ(y.sizes(), IntSpan(out_shape));
      EXPECT_EQ(y.strides(), IntSpan(ContiguousStrides(out_shape)));
      ExpectClose(y, want, tol, tol);
      ExpectClose(*Linear(x, w, Tensor()), want_nb, tol, tol);
      if (x.dim() == 3) {  // non-contiguous 3-D input takes matmul + add_
        ExpectClose(*Linear(testing::WithLayout(x, {1, 0, 2}), w, b), want, tol, tol);
      }
    }
  }
  // A [64, 1024] x [1024, 1024] layer goes through oneDNN with the bias fused.
  const Tensor x = Random({64, 256}, kF, 4), w = Random({128, 256}, kF, 5),
               b = Random({128}, kF, 6);
  const std::vector<double> xv = Values(x), wv = Values(w), bv = Values(b);
  std::vector<double> want;
  for (int r = 0; r < 64; ++r) {
    for (int o = 0; o < 128; ++o) {
      double acc = bv[o];
      for (int k = 0; k < 256; ++k) acc += xv[r * 256 + k] * wv[o * 256 + k];
      want.push_back(acc);
    }
  }
  ExpectClose(*Linear(x, w, b), want, 1e-4, 1e-4);
}

TEST(Linear, ErrorsLikePyTorch) {
  const auto O = [](Shape s, DType d = kF) { return Random(s, d, 1); };
  EXPECT_EQ(ErrorOf(Linear(O({2, 3}), O({4, 3}), O({3}))),
            "The expanded size of the tensor (4) must match the existing size (3) at "
            "non-singleton dimension 1.  Target sizes: [2, 4].  Tensor sizes: [3]");
  EXPECT_EQ(ErrorOf(Linear(O({2, 3}), O({4, 5}), Tensor())),
            "mat1 and mat2 shapes cannot be multiplied (2x3 and 5x4)");
  EXPECT_EQ(ErrorOf(Linear(O({2, 3}), O({2, 4, 3}), Tensor())),
            "t() expects a tensor with <= 2 dimensions, but self is 3D");
  EXPECT_EQ(ErrorOf(Linear(O({5, 2, 3}), O({4, 3}), O({2, 4}))),
            "The expanded size of the tensor (10) must match the existing size (2) at "
            "non-singleton dimension 0.  Target sizes: [10, 4].  Tensor sizes: [2, 4]");
  EXPECT_EQ(ErrorOf(Linear(O({3}), O({4, 3}), O({2, 4}))),
            "output with shape [4] doesn't match the broadcast shape [2, 4]");
  EXPECT_EQ(ErrorOf(Linear(testing::WithLayout(O({5, 2, 3}), {1, 0, 2}), O({4, 3}), O({3}))),
            "The size of tensor a (4) must match the size of tensor b (3) at non-singleton "
            "dimension 2");
  EXPECT_EQ(ErrorOf(Linear(O({2, 3}), O({4, 3}), O({4}, kD))),
            "self and mat2 must have the same dtype");
  EXPECT_EQ(ErrorOf(Linear(O({2, 3}), O({4, 3}, kD), Tensor())),
            "expected scalar type Float but found Double");
  // 1-D weight: a vector product; 0-dim bias.
  ExpectClose(
      *Linear(FromValues({1, 2, 3}, {3}), FromValues({1, 1, 1}, {3}), Tensor::FromScalar(2.0, kF)),
      {8});
}

// softmax(q k^T * scale + mask) v for [.., L, E] x [.., S, E] x [.., S, Ev] in double.
std::vector<double> NaiveAttention(const Tensor& q, const Tensor& k, const Tensor& v,
                                   const std::vector<double>* additive_mask, bool causal,
                                   double scale) {
  const int64_t L = q.size(q.dim() - 2), E = q.size(q.dim() - 1), S = k.size(k.dim() - 2),
                Ev = v.size(v.dim() - 1);
  const int64_t batch = q.numel() / (L * E);
  const std::vector<double> qv = Values(q), kv = Values(k), vv = Values(v);
  std::vector<double> out;
  for (int64_t b = 0; b < batch; ++b) {
    for (int64_t i = 0; i < L; ++i) {
      std::vector<double> s(S);
      double mx = -kInf;
      for (int64_t j = 0; j < S; ++j) {
        double acc = 0;
        for (int64_t e = 0; e < E; ++e) acc += qv[(b * L + i) * E + e] * kv[(b * S + j) * E + e];
        s[j] = acc * scale;
        if (additive_mask != nullptr) s[j] += (*additive_mask)[i * S + j];
        if (causal && j > i) s[j] = -kInf;
        mx = std::max(mx, s[j]);
      }
      double sum = 0;
      for (int64_t j = 0; j < S; ++j) sum += std::exp(s[j] - mx);
      for (int64_t c = 0; c < Ev; ++c) {
        double acc = 0;
        for (int64_t j = 0; j < S; ++j) acc += std::exp(s[j] - mx) / sum * vv[(b * S + j) * Ev + c];
        out.push_back(acc);
      }
    }
  }
  return out;
}

TEST(Attention, MasksCausalAndScale) {
  for (DType dt : {kF, kD}) {
    const double tol = dt == kF ? 1e-5 : 1e-12;
    const Tensor q = Random({2, 3, 5, 8}, dt, 1), k = Random({2, 3, 6, 8}, dt, 2),
                 v = Random({2, 3, 6, 4}, dt, 3);
    const double scale = 1 / std::sqrt(8.0);
    const Tensor r = *ScaledDotProductAttention(q, k, v);
    EXPECT_EQ(r.sizes(), IntSpan(Shape{2, 3, 5, 4}));
    EXPECT_EQ(r.strides(), IntSpan(Shape{60, 20, 4, 1}));
    ExpectClose(r, NaiveAttention(q, k, v, nullptr, false, scale), tol, tol);
    AttentionOptions opts;
    opts.scale = 0.3;
    ExpectClose(*ScaledDotProductAttention(q, k, v, opts),
                NaiveAttention(q, k, v, nullptr, false, 0.3), tol, tol);
    // Float mask [L, S] broadcast over batch and heads: added.
    const Tensor fmask = Random({5, 6}, dt, 4);
    const std::vector<double> fm = Values(fmask);
    opts = {};
    opts.attn_mask = fmask;
    ExpectClose(*ScaledDotProductAttention(q, k, v, opts),
                NaiveAttention(q, k, v, &fm, false, scale), tol, tol);
    // Bool mask: False positions get -inf.
    std::vector<double> bits(30), as_add(30);
    for (int i = 0; i < 30; ++i) {
      bits[i] = (i * 7) % 3 != 0;
      as_add[i] = bits[i] ? 0 : -kInf;
    }
    for (int i = 0; i < 5; ++i) bits[i * 6] = 1, as_add[i * 6] = 0;  // no fully masked row
    opts.attn_mask = FromValues(bits, {5, 6}, kB);
    ExpectClose(*ScaledDotProductAttention(q, k, v, opts),
                NaiveAttention(q, k, v, &as_add, false, scale), tol, tol);
    opts = {};
    opts.is_causal = true;
    ExpectClose(*ScaledDotProductAttention(q, k, v, opts),
                NaiveAttention(q, k, v, nullptr, true, scale), tol, tol);
    // Non-contiguous q/k/v (heads interleaved as after a reshape of a projection).
    const Tensor qn = testing::WithLayout(q, {0, 2, 1, 3}),
                 kn = testing::WithLayout(k, {0, 2, 1, 3});
    ExpectClose(*ScaledDotProductAttention(qn, kn, v),
                NaiveAttention(q, k, v, nullptr, false, scale), tol, tol);
  }
  // A fully masked row is NaN (softmax of all -inf).
  AttentionOptions opts;
  opts.attn_mask = FromValues({0, 0, 1, 1}, {2, 2}, kB);
  const Tensor r = *ScaledDotProductAttention(Random({2, 3}, kF, 1), Random({2, 3}, kF, 2),
                                              Random({2, 3}, kF, 3), opts);
  EXPECT_TRUE(std::isnan(r.data<float>()[0]));
  EXPECT_FALSE(std::isnan(r.data<float>()[3]));
}

TEST(Attention, Errors) {
  const Tensor q = Random({2, 4, 8}, kF, 1), k = Random({2, 6, 8}, kF, 2),
               v = Random({2, 6, 4}, kF, 3);
  AttentionOptions opts;
  opts.dropout_p = 0.1;
  absl::Status s = ScaledDotProductAttention(q, k, v, opts).status();
  EXPECT_EQ(PythonErrorType(s), "NotImplementedError");
  opts = {};
  opts.is_causal = true;
  opts.attn_mask = Random({4, 6}, kF, 4);
  EXPECT_EQ(ErrorOf(ScaledDotProductAttention(q, k, v, opts)),
            "_scaled_dot_product_attention: Explicit attn_mask should not be set when "
            "is_causal=True");
  opts = {};
  opts.attn_mask = FromValues({1}, {1}, kL);
  EXPECT_EQ(ErrorOf(ScaledDotProductAttention(q, k, v, opts)),
            "Expected attn_mask dtype to be bool or float or to match query dtype, but got "
            "attn_mask.dtype: long int and  query.dtype: float instead.");
  EXPECT_EQ(ErrorOf(ScaledDotProductAttention(q, Random({2, 6, 8}, kD, 2), v)),
            "Expected query, key, and value to have the same dtype, but got query.dtype: float "
            "key.dtype: double and value.dtype: float instead.");
  EXPECT_EQ(
      ErrorOf(ScaledDotProductAttention(q, Random({2, 6, 7}, kF, 2), v)),
      "Expected size for first two dimensions of batch2 tensor to be: [2, 8] but got: [2, 7].");
  opts = {};
  opts.attn_mask = Random({3, 6}, kF, 5);
  EXPECT_EQ(ErrorOf(ScaledDotProductAttention(q, k, v, opts)),
            "The size of tensor a (4) must match the size of tensor b (3) at non-singleton "
            "dimension 1");
  const absl::StatusOr<Tensor> m = ScaledDotProductAttention(
      Tensor::Meta({2, 4, 8}, kF), Tensor::Meta({2, 6, 8}, kF), Tensor::Meta({2, 6, 4}, kF));
  ASSERT_TRUE(m.ok());
  EXPECT_TRUE(m->is_meta());
  EXPECT_EQ(m->sizes(), IntSpan(Shape{2, 4, 4}));
}

TEST(Registry, NNOpsBindWithPyTorchSchemas) {
  OpRegistry r;
  ASSERT_TRUE(ops::RegisterNNOps(r).ok());
  const Tensor x = FromValues({1, 2, 3, 4}, {2, 2});
  absl::StatusOr<Value> v = r.Call("softmax", {x, Value(1)}, {{"dtype", Value(kD)}});
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_EQ(v->to_tensor().dtype(), kD);
  EXPECT_TRUE(r.Find("softmax.int")->flags.method);
  EXPECT_TRUE(r.Find("log_softmax.int")->flags.method);
  v = r.Call("layer_norm", {x, Value(std::vector<int64_t>{2})}, {{"eps", Value(1e-5)}});
  ASSERT_TRUE(v.ok()) << v.status();
  ExpectClose(v->to_tensor(), {-0.99998, 0.99998, -0.99998, 0.99998}, 1e-5, 1e-5);
  v = r.Call("linear", {x, x}, {{"bias", Value(FromValues({1, 1}, {2}))}});
  ASSERT_TRUE(v.ok()) << v.status();
  ExpectClose(v->to_tensor(), {6, 12, 12, 26});
  v = r.Call("embedding", {x, FromValues({1}, {1}, kL)});
  ASSERT_TRUE(v.ok()) << v.status();
  ExpectClose(v->to_tensor(), {3, 4});
  v = r.Call("scaled_dot_product_attention", {x, x, x}, {{"is_causal", Value(true)}});
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_EQ(v->to_tensor().sizes(), IntSpan(Shape{2, 2}));
  v = r.CallMeta("linear", {Tensor::Meta({7, 2}, kF), Tensor::Meta({5, 2}, kF)});
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_TRUE(v->to_tensor().is_meta());
  EXPECT_EQ(v->to_tensor().sizes(), IntSpan(Shape{7, 5}));
}

}  // namespace
}  // namespace wick::tensor
