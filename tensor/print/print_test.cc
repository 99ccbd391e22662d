// Every expected string here is PyTorch 1.13's repr() of the same tensor (checked with
// /usr/bin/python3); the reference's §B.6/§B.7 examples come first, then layouts, views,
// options and errors. Tensors are built by hand: this package must not need the ops.
#include "tensor/print/print.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <vector>

#include "absl/strings/match.h"
#include "base/python_error.h"
#include "gtest/gtest.h"
#include "tensor/shape.h"

namespace wick::tensor {
namespace {

constexpr DType kF32 = DType::kFloat32;
constexpr DType kF64 = DType::kFloat64;
constexpr DType kI32 = DType::kInt32;
constexpr DType kI64 = DType::kInt64;
constexpr DType kBool = DType::kBool;

// A contiguous tensor of `sizes` holding `values` (row-major) converted to `dt`.
Tensor Make(const std::vector<double>& values, std::initializer_list<int64_t> sizes,
            DType dt = kF32) {
  Tensor t = *Tensor::Empty(sizes, dt);
  VisitDType(dt, [&]<typename T>() {
    for (size_t i = 0; i < values.size(); ++i) {
      if constexpr (std::is_same_v<T, bool>) {
        t.data<T>()[i] = values[i] != 0;
      } else {
        t.data<T>()[i] = static_cast<T>(values[i]);
      }
    }
  });
  return t;
}

Tensor Vec(const std::vector<double>& values, DType dt = kF32) {
  Tensor t = *Tensor::Empty({static_cast<int64_t>(values.size())}, dt);
  VisitDType(dt, [&]<typename T>() {
    for (size_t i = 0; i < values.size(); ++i) t.data<T>()[i] = static_cast<T>(values[i]);
  });
  return t;
}

Tensor Scalar0(double v, DType dt = kF32) { return Make({v}, {}, dt); }

// torch.arange(n, dtype=dt) / divisor, the division done in the dtype like PyTorch.
Tensor Arange(int64_t n, DType dt = kI64, double divisor = 1) {
  Tensor t = *Tensor::Empty({n}, dt);
  VisitDType(dt, [&]<typename T>() {
    for (int64_t i = 0; i < n; ++i) {
      t.data<T>()[i] = static_cast<T>(static_cast<T>(i) / static_cast<T>(divisor));
    }
  });
  return t;
}

Tensor Reshape(const Tensor& t, std::initializer_list<int64_t> sizes) {
  return Tensor::View(t, sizes, ContiguousStrides(sizes), t.storage_offset());
}

Tensor Transpose(const Tensor& t) {
  return Tensor::View(t, {t.size(1), t.size(0)}, {t.stride(1), t.stride(0)}, t.storage_offset());
}

class PrintTest : public ::testing::Test {
 protected:
  void SetUp() override { SetPrintOptions(PrintOptions{}); }
  void TearDown() override {
    SetPrintOptions(PrintOptions{});
    SetDefaultFloatDType(kF32);
  }
};

// --- §B.6: one-line examples -----------------------------------------------------------

TEST_F(PrintTest, FixedModeAndRounding) {
  EXPECT_EQ(ToString(Vec({1.0, 2.5, -3.25})), "tensor([ 1.0000,  2.5000, -3.2500])");
  EXPECT_EQ(ToString(Vec({1.12345})), "tensor([1.1235])");
  EXPECT_EQ(ToString(Vec({123456.789})), "tensor([123456.7891])");
  EXPECT_EQ(ToString(Vec({1.5, 1500.0})), "tensor([   1.5000, 1500.0000])");
  EXPECT_EQ(ToString(Vec({0.00015, 0.1})), "tensor([0.0002, 0.1000])");
}

TEST_F(PrintTest, IntegerMode) {
  EXPECT_EQ(ToString(Vec({1.0, 2.0, 3.0})), "tensor([1., 2., 3.])");
  EXPECT_EQ(ToString(Vec({1, -2, 30, 4})), "tensor([ 1., -2., 30.,  4.])");
  EXPECT_EQ(ToString(Vec({1.0, 1000.0})), "tensor([   1., 1000.])");
  EXPECT_EQ(ToString(Vec({1e8})), "tensor([100000000.])");
}

TEST_F(PrintTest, ScientificThresholds) {
  EXPECT_EQ(ToString(Vec({1.5, 1501.0})), "tensor([1.5000e+00, 1.5010e+03])");
  EXPECT_EQ(ToString(Vec({1.0, 1001.0})), "tensor([1.0000e+00, 1.0010e+03])");
  EXPECT_EQ(ToString(Vec({1e8 + 8})), "tensor([1.0000e+08])");
  EXPECT_EQ(ToString(Vec({123456789.0})), "tensor([1.2346e+08])");
  EXPECT_EQ(ToString(Vec({1e-5, 1.0})), "tensor([1.0000e-05, 1.0000e+00])");
  // float32(1e-4) is 9.99999974737875e-05 < 1e-4.
  EXPECT_EQ(ToString(Vec({0.0001, 1.0})), "tensor([1.0000e-04, 1.0000e+00])");
  EXPECT_EQ(ToString(Vec({-1e-5, 2.5e3})), "tensor([-1.0000e-05,  2.5000e+03])");
  EXPECT_EQ(ToString(Vec({INFINITY, 0.5, 1e-6})), "tensor([       inf, 5.0000e-01, 1.0000e-06])");
}

TEST_F(PrintTest, ZerosNanAndInf) {
  EXPECT_EQ(ToString(Vec({0.0, 0.0})), "tensor([0., 0.])");
  EXPECT_EQ(ToString(Vec({0.0, -0.0})), "tensor([0., -0.])");
  EXPECT_EQ(ToString(Vec({-0.0, 1.0})), "tensor([-0., 1.])");
  EXPECT_EQ(ToString(Vec({-0.0, 1.5})), "tensor([-0.0000, 1.5000])");
  EXPECT_EQ(ToString(Vec({NAN, 1.0})), "tensor([nan, 1.])");
  EXPECT_EQ(ToString(Vec({NAN, 1.5})), "tensor([   nan, 1.5000])");
  EXPECT_EQ(ToString(Vec({INFINITY, -INFINITY, 2.0})), "tensor([inf, -inf, 2.])");
  EXPECT_EQ(ToString(Vec({-NAN, -NAN})), "tensor([nan, nan])");  // torch.zeros(2) / 0
}

TEST_F(PrintTest, ZeroDim) {
  EXPECT_EQ(ToString(Scalar0(3.14159)), "tensor(3.1416)");
  EXPECT_EQ(ToString(Scalar0(2.0)), "tensor(2.)");
  EXPECT_EQ(ToString(Scalar0(-0.0)), "tensor(-0.)");
  EXPECT_EQ(ToString(Scalar0(1e-7)), "tensor(1.0000e-07)");
  EXPECT_EQ(ToString(Scalar0(NAN)), "tensor(nan)");
  EXPECT_EQ(ToString(Scalar0(7, kI64)), "tensor(7)");
  EXPECT_EQ(ToString(Scalar0(1, kBool)), "tensor(True)");
  EXPECT_EQ(ToString(Scalar0(2.5, kF64)), "tensor(2.5000, dtype=torch.float64)");
  EXPECT_EQ(ToString(Scalar0(3, kI32)), "tensor(3, dtype=torch.int32)");
  EXPECT_EQ(ToString(Scalar0(1e20)), "tensor(1.0000e+20)");
  EXPECT_EQ(ToString(Scalar0(NAN, kF64)), "tensor(nan, dtype=torch.float64)");
}

TEST_F(PrintTest, IntegerAndBoolDtypes) {
  EXPECT_EQ(ToString(Vec({1, -20, 300}, kI64)), "tensor([  1, -20, 300])");
  EXPECT_EQ(ToString(Vec({2147483648.0, -2147483648.0}, kI64)),
            "tensor([ 2147483648, -2147483648])");
  EXPECT_EQ(ToString(Vec({1, 2}, kI32)), "tensor([1, 2], dtype=torch.int32)");
  EXPECT_EQ(ToString(Make({1, 0, 1}, {3}, kBool)), "tensor([ True, False,  True])");
  EXPECT_EQ(ToString(Make({0}, {1}, kBool)), "tensor([False])");
}

TEST_F(PrintTest, Float64) {
  EXPECT_EQ(ToString(Vec({1.0, 2.5}, kF64)), "tensor([1.0000, 2.5000], dtype=torch.float64)");
  EXPECT_EQ(ToString(Vec({1.0, 2.0}, kF64)), "tensor([1., 2.], dtype=torch.float64)");
  EXPECT_EQ(ToString(Vec({1.0 / 3, 2.0 / 3}, kF64)),
            "tensor([0.3333, 0.6667], dtype=torch.float64)");
}

TEST_F(PrintTest, EmptyTensorsShowDtypeAndSize) {
  EXPECT_EQ(ToString(Make({}, {0})), "tensor([])");
  EXPECT_EQ(ToString(Make({}, {0}, kI64)), "tensor([], dtype=torch.int64)");
  EXPECT_EQ(ToString(Make({}, {0}, kBool)), "tensor([], dtype=torch.bool)");
  EXPECT_EQ(ToString(Make({}, {0}, kF64)), "tensor([], dtype=torch.float64)");
  EXPECT_EQ(ToString(Make({}, {0, 3})), "tensor([], size=(0, 3))");
  EXPECT_EQ(ToString(Make({}, {2, 0})), "tensor([], size=(2, 0))");
  EXPECT_EQ(ToString(Make({}, {1, 0, 2}, kI32)), "tensor([], size=(1, 0, 2), dtype=torch.int32)");
}

TEST_F(PrintTest, AutogradSuffixes) {
  Tensor t = Vec({1.0, 2.0});
  t.set_requires_grad(true);
  EXPECT_EQ(ToString(t), "tensor([1., 2.], requires_grad=True)");
  Tensor s = Scalar0(1.5);
  s.set_requires_grad(true);
  EXPECT_EQ(ToString(s), "tensor(1.5000, requires_grad=True)");
  EXPECT_EQ(*Repr(Vec({2.0, 4.0}), PrintOptions{}, {.grad_fn = "MulBackward0"}),
            "tensor([2., 4.], grad_fn=<MulBackward0>)");
  EXPECT_EQ(*Repr(Scalar0(6.0), PrintOptions{}, {.grad_fn = "SumBackward0"}),
            "tensor(6., grad_fn=<SumBackward0>)");
}

TEST_F(PrintTest, SummarisedVectors) {
  EXPECT_EQ(ToString(Arange(1001)), "tensor([   0,    1,    2,  ...,  998,  999, 1000])");
  EXPECT_EQ(ToString(Arange(1001, kF32)),
            "tensor([   0.,    1.,    2.,  ...,  998.,  999., 1000.])");
}

TEST_F(PrintTest, SizeAndDtypeReprs) {
  EXPECT_EQ(SizeRepr(Shape{2, 3}), "torch.Size([2, 3])");
  EXPECT_EQ(SizeRepr(Shape{}), "torch.Size([])");
  EXPECT_EQ(SizeRepr(Shape{5}), "torch.Size([5])");
  EXPECT_EQ(DTypeRepr(kF32), "torch.float32");
  EXPECT_EQ(DTypeRepr(*DTypeFromName("long")), "torch.int64");
  EXPECT_EQ(DTypeRepr(kBool), "torch.bool");
  EXPECT_EQ(PythonFloatRepr(static_cast<double>(0.1f)), "0.10000000149011612");
}

// --- §B.6: non-default options -----------------------------------------------------------

TEST_F(PrintTest, OptionExamples) {
  const Tensor a = Vec({1.12345, -2.5});
  UpdatePrintOptions({.precision = 2});
  EXPECT_EQ(ToString(a), "tensor([ 1.12, -2.50])");
  EXPECT_EQ(ToString(Vec({1e-5, 1.0})), "tensor([1.00e-05, 1.00e+00])");
  UpdatePrintOptions({.precision = 0});
  EXPECT_EQ(ToString(a), "tensor([ 1, -2])");
  UpdatePrintOptions({.precision = 8});
  EXPECT_EQ(ToString(a), "tensor([ 1.12345004, -2.50000000])");
  UpdatePrintOptions({.profile = "default", .sci_mode = true});
  EXPECT_EQ(ToString(a), "tensor([1.1235e+00, -2.5000e+00])");  // 1.13's misalignment.
  EXPECT_EQ(ToString(Vec({1.0, 2.0})), "tensor([1.0000e+00, 2.0000e+00])");
  UpdatePrintOptions({.sci_mode = false});
  EXPECT_EQ(ToString(Vec({1e-5, 1.0})), "tensor([    0.0000,     1.0000])");
  UpdatePrintOptions({.threshold = 5});  // Also resets sci_mode to automatic.
  EXPECT_EQ(ToString(Vec({1e-5, 1.0})), "tensor([1.0000e-05, 1.0000e+00])");
  EXPECT_EQ(ToString(Arange(10)), "tensor([0, 1, 2,  ..., 7, 8, 9])");
  UpdatePrintOptions({.edgeitems = 1});
  EXPECT_EQ(ToString(Arange(10)), "tensor([0,  ..., 9])");
  UpdatePrintOptions({.profile = "short"});
  EXPECT_EQ(ToString(a), "tensor([ 1.12, -2.50])");
  EXPECT_EQ(GetPrintOptions().edgeitems, 2);
  UpdatePrintOptions({.profile = "no such profile"});  // Ignored, as PyTorch does.
  EXPECT_EQ(GetPrintOptions().precision, 2);
  UpdatePrintOptions({.profile = "full"});
  EXPECT_TRUE(std::isinf(GetPrintOptions().threshold));
  EXPECT_EQ(ToString(Arange(1001)).find("..."), std::string::npos);
}

// --- §B.7: multi-line examples -------------------------------------------------------------

TEST_F(PrintTest, Matrices) {
  EXPECT_EQ(ToString(Make({1, 2, 3, 4}, {2, 2}, kI64)), "tensor([[1, 2],\n        [3, 4]])");
  EXPECT_EQ(ToString(Make({1.5, 2, 3, 4}, {2, 2})),
            "tensor([[1.5000, 2.0000],\n        [3.0000, 4.0000]])");
  EXPECT_EQ(ToString(Make({1, 2, 3}, {3, 1}, kF64)),
            "tensor([[1.],\n        [2.],\n        [3.]], dtype=torch.float64)");
  EXPECT_EQ(ToString(Make({0.5, -1.0, 2.0, 0.25}, {2, 2})),
            "tensor([[ 0.5000, -1.0000],\n        [ 2.0000,  0.2500]])");
}

TEST_F(PrintTest, HigherDimsSeparateBlocksWithBlankLines) {
  EXPECT_EQ(ToString(Reshape(Arange(8, kF32), {2, 2, 2})), R"(tensor([[[0., 1.],
         [2., 3.]],

        [[4., 5.],
         [6., 7.]]]))");
  EXPECT_EQ(ToString(Reshape(Arange(16), {2, 2, 2, 2})), R"(tensor([[[[ 0,  1],
          [ 2,  3]],

         [[ 4,  5],
          [ 6,  7]]],


        [[[ 8,  9],
          [10, 11]],

         [[12, 13],
          [14, 15]]]]))");
  EXPECT_EQ(ToString(Make({0, 0}, {2, 1, 1})), "tensor([[[0.]],\n\n        [[0.]]])");
  EXPECT_EQ(ToString(Make({5}, {1, 1}, kI64)), "tensor([[5]])");
}

TEST_F(PrintTest, FiveDims) {
  EXPECT_EQ(ToString(Reshape(Arange(32), {2, 2, 2, 2, 2})), R"(tensor([[[[[ 0,  1],
           [ 2,  3]],

          [[ 4,  5],
           [ 6,  7]]],


         [[[ 8,  9],
           [10, 11]],

          [[12, 13],
           [14, 15]]]],



        [[[[16, 17],
           [18, 19]],

          [[20, 21],
           [22, 23]]],


         [[[24, 25],
           [26, 27]],

          [[28, 29],
           [30, 31]]]]]))");
}

TEST_F(PrintTest, LineWrapping) {
  EXPECT_EQ(ToString(Arange(30)),
            "tensor([ 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, 16, 17,\n"
            "        18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29])");
  EXPECT_EQ(ToString(Arange(30, kF32)),
            "tensor([ 0.,  1.,  2.,  3.,  4.,  5.,  6.,  7.,  8.,  9., 10., 11., 12., 13.,\n"
            "        14., 15., 16., 17., 18., 19., 20., 21., 22., 23., 24., 25., 26., 27.,\n"
            "        28., 29.])");
  // torch.arange(0, 3, 0.1): PyTorch computes start + i * step in double.
  std::vector<double> tenths;
  for (int i = 0; i < 30; ++i) tenths.push_back(0.1 * i);
  EXPECT_EQ(ToString(Vec(tenths)),
            "tensor([0.0000, 0.1000, 0.2000, 0.3000, 0.4000, 0.5000, 0.6000, 0.7000, 0.8000,\n"
            "        0.9000, 1.0000, 1.1000, 1.2000, 1.3000, 1.4000, 1.5000, 1.6000, 1.7000,\n"
            "        1.8000, 1.9000, 2.0000, 2.1000, 2.2000, 2.3000, 2.4000, 2.5000, 2.6000,\n"
            "        2.7000, 2.8000, 2.9000])");
}

TEST_F(PrintTest, LinspaceGoesScientificBecauseOfItsMiddleElement) {
  // torch.linspace(-1, 1, 25).tolist()
  const std::vector<double> v = {-1.0,
                                 -0.9166666865348816,
                                 -0.8333333134651184,
                                 -0.75,
                                 -0.6666666269302368,
                                 -0.5833333134651184,
                                 -0.5,
                                 -0.4166666269302368,
                                 -0.3333333134651184,
                                 -0.2499999701976776,
                                 -0.166666641831398,
                                 -0.08333331346511841,
                                 2.9802322387695312e-08,
                                 0.08333337306976318,
                                 0.1666666865348816,
                                 0.2500000596046448,
                                 0.3333333134651184,
                                 0.4166666567325592,
                                 0.5,
                                 0.5833333134651184,
                                 0.6666666269302368,
                                 0.75,
                                 0.8333333134651184,
                                 0.9166666865348816,
                                 1.0};
  EXPECT_EQ(ToString(Vec(v)),
            R"(tensor([-1.0000e+00, -9.1667e-01, -8.3333e-01, -7.5000e-01, -6.6667e-01,
        -5.8333e-01, -5.0000e-01, -4.1667e-01, -3.3333e-01, -2.5000e-01,
        -1.6667e-01, -8.3333e-02,  2.9802e-08,  8.3333e-02,  1.6667e-01,
         2.5000e-01,  3.3333e-01,  4.1667e-01,  5.0000e-01,  5.8333e-01,
         6.6667e-01,  7.5000e-01,  8.3333e-01,  9.1667e-01,  1.0000e+00]))");
}

TEST_F(PrintTest, NestedRowsWrapAtTheirOwnIndent) {
  EXPECT_EQ(ToString(Reshape(Arange(40, kF32, 3), {2, 20})),
            R"(tensor([[ 0.0000,  0.3333,  0.6667,  1.0000,  1.3333,  1.6667,  2.0000,  2.3333,
          2.6667,  3.0000,  3.3333,  3.6667,  4.0000,  4.3333,  4.6667,  5.0000,
          5.3333,  5.6667,  6.0000,  6.3333],
        [ 6.6667,  7.0000,  7.3333,  7.6667,  8.0000,  8.3333,  8.6667,  9.0000,
          9.3333,  9.6667, 10.0000, 10.3333, 10.6667, 11.0000, 11.3333, 11.6667,
         12.0000, 12.3333, 12.6667, 13.0000]]))");
  EXPECT_EQ(ToString(Reshape(Arange(40, kF64, 3), {2, 20})),
            R"(tensor([[ 0.0000,  0.3333,  0.6667,  1.0000,  1.3333,  1.6667,  2.0000,  2.3333,
          2.6667,  3.0000,  3.3333,  3.6667,  4.0000,  4.3333,  4.6667,  5.0000,
          5.3333,  5.6667,  6.0000,  6.3333],
        [ 6.6667,  7.0000,  7.3333,  7.6667,  8.0000,  8.3333,  8.6667,  9.0000,
          9.3333,  9.6667, 10.0000, 10.3333, 10.6667, 11.0000, 11.3333, 11.6667,
         12.0000, 12.3333, 12.6667, 13.0000]], dtype=torch.float64))");
}

TEST_F(PrintTest, SummarisedMatrices) {
  EXPECT_EQ(ToString(Reshape(Arange(2000), {40, 50})),
            R"(tensor([[   0,    1,    2,  ...,   47,   48,   49],
        [  50,   51,   52,  ...,   97,   98,   99],
        [ 100,  101,  102,  ...,  147,  148,  149],
        ...,
        [1850, 1851, 1852,  ..., 1897, 1898, 1899],
        [1900, 1901, 1902,  ..., 1947, 1948, 1949],
        [1950, 1951, 1952,  ..., 1997, 1998, 1999]]))");
  // Only the shown values decide the mode: 1999 / 1 > 1000.
  EXPECT_EQ(ToString(Reshape(Arange(2000, kF32), {1000, 2})),
            R"(tensor([[0.0000e+00, 1.0000e+00],
        [2.0000e+00, 3.0000e+00],
        [4.0000e+00, 5.0000e+00],
        ...,
        [1.9940e+03, 1.9950e+03],
        [1.9960e+03, 1.9970e+03],
        [1.9980e+03, 1.9990e+03]]))");
  EXPECT_EQ(ToString(Reshape(Arange(1200), {2, 3, 200})),
            R"(tensor([[[   0,    1,    2,  ...,  197,  198,  199],
         [ 200,  201,  202,  ...,  397,  398,  399],
         [ 400,  401,  402,  ...,  597,  598,  599]],

        [[ 600,  601,  602,  ...,  797,  798,  799],
         [ 800,  801,  802,  ...,  997,  998,  999],
         [1000, 1001, 1002,  ..., 1197, 1198, 1199]]]))");
  std::vector<double> ones(1010, 1.0);
  EXPECT_EQ(ToString(Make(ones, {10, 101})), R"(tensor([[1., 1., 1.,  ..., 1., 1., 1.],
        [1., 1., 1.,  ..., 1., 1., 1.],
        [1., 1., 1.,  ..., 1., 1., 1.],
        ...,
        [1., 1., 1.,  ..., 1., 1., 1.],
        [1., 1., 1.,  ..., 1., 1., 1.],
        [1., 1., 1.,  ..., 1., 1., 1.]]))");
  ones.resize(1001);
  EXPECT_EQ(ToString(Make(ones, {1001, 1})),
            "tensor([[1.],\n        [1.],\n        [1.],\n        ...,\n        [1.],\n"
            "        [1.],\n        [1.]])");
}

TEST_F(PrintTest, ExactlyThresholdElementsIsPrintedInFull) {
  std::vector<double> ones(1000, 1.0);
  const std::string s = ToString(Make(ones, {10, 100}));
  EXPECT_EQ(s.find("..."), std::string::npos);
  // 10 rows of 100, each wrapped at 18 items per line: 6 lines per row.
  EXPECT_EQ(std::count(s.begin(), s.end(), '\n'), 10 * 6 - 1);
}

TEST_F(PrintTest, SummarisedThreeDimsElideBlocksAndRows) {
  const std::string s = ToString(Reshape(Arange(3000, kF32, 7), {30, 10, 10}));
  EXPECT_TRUE(absl::StartsWith(s, R"(tensor([[[0.0000e+00, 1.4286e-01, 2.8571e-01,  ..., 1.0000e+00,
          1.1429e+00, 1.2857e+00],
         [1.4286e+00, 1.5714e+00, 1.7143e+00,  ..., 2.4286e+00,
          2.5714e+00, 2.7143e+00],)"))
      << s;
  EXPECT_NE(s.find(R"(         [4.1429e+01, 4.1571e+01, 4.1714e+01,  ..., 4.2429e+01,
          4.2571e+01, 4.2714e+01]],

        ...,

        [[3.8571e+02, 3.8586e+02, 3.8600e+02,  ..., 3.8671e+02,)"),
            std::string::npos);
  EXPECT_TRUE(absl::EndsWith(s,
                             "         [4.2714e+02, 4.2729e+02, 4.2743e+02,  ..., 4.2814e+02,\n"
                             "          4.2829e+02, 4.2843e+02]]])"))
      << s;
}

TEST_F(PrintTest, DtypeSuffixPlacement) {
  EXPECT_EQ(ToString(*Tensor::Empty({0}, kF32)), "tensor([])");
  Tensor big = Arange(17, kI32);
  for (int i = 0; i < 17; ++i) big.data<int32_t>()[i] *= 100000;
  EXPECT_EQ(ToString(big),
            R"(tensor([      0,  100000,  200000,  300000,  400000,  500000,  600000,  700000,
         800000,  900000, 1000000, 1100000, 1200000, 1300000, 1400000, 1500000,
        1600000], dtype=torch.int32))");
  EXPECT_EQ(ToString(Arange(25, kF64, 3)),
            R"(tensor([0.0000, 0.3333, 0.6667, 1.0000, 1.3333, 1.6667, 2.0000, 2.3333, 2.6667,
        3.0000, 3.3333, 3.6667, 4.0000, 4.3333, 4.6667, 5.0000, 5.3333, 5.6667,
        6.0000, 6.3333, 6.6667, 7.0000, 7.3333, 7.6667, 8.0000],
       dtype=torch.float64))");
  Tensor nine = Arange(9, kF64, 3);
  nine.set_requires_grad(true);
  EXPECT_EQ(ToString(nine),
            R"(tensor([0.0000, 0.3333, 0.6667, 1.0000, 1.3333, 1.6667, 2.0000, 2.3333, 2.6667],
       dtype=torch.float64, requires_grad=True))");
  Tensor nineteen = Arange(19, kF64, 3);
  nineteen.set_requires_grad(true);
  EXPECT_EQ(ToString(nineteen),
            R"(tensor([0.0000, 0.3333, 0.6667, 1.0000, 1.3333, 1.6667, 2.0000, 2.3333, 2.6667,
        3.0000, 3.3333, 3.6667, 4.0000, 4.3333, 4.6667, 5.0000, 5.3333, 5.6667,
        6.0000], dtype=torch.float64, requires_grad=True))");
  Tensor wide = Reshape(Arange(30, kI32), {3, 10});
  for (int i = 0; i < 30; ++i) wide.data<int32_t>()[i] *= 1000000;
  EXPECT_EQ(ToString(wide),
            R"(tensor([[       0,  1000000,  2000000,  3000000,  4000000,  5000000,  6000000,
          7000000,  8000000,  9000000],
        [10000000, 11000000, 12000000, 13000000, 14000000, 15000000, 16000000,
         17000000, 18000000, 19000000],
        [20000000, 21000000, 22000000, 23000000, 24000000, 25000000, 26000000,
         27000000, 28000000, 29000000]], dtype=torch.int32))");
}

TEST_F(PrintTest, SmallLinewidth) {
  UpdatePrintOptions({.linewidth = 40});
  EXPECT_EQ(ToString(Arange(20, kF32, 3)), R"(tensor([0.0000, 0.3333, 0.6667, 1.0000,
        1.3333, 1.6667, 2.0000, 2.3333,
        2.6667, 3.0000, 3.3333, 3.6667,
        4.0000, 4.3333, 4.6667, 5.0000,
        5.3333, 5.6667, 6.0000, 6.3333]))");
  UpdatePrintOptions({.linewidth = 20});
  Tensor t = Vec({1.5, 2.5}, kF64);
  t.set_requires_grad(true);
  EXPECT_EQ(ToString(t), R"(tensor([1.5000,
        2.5000],
       dtype=torch.float64,
       requires_grad=True))");
  EXPECT_EQ(ToString(Arange(10)), "tensor([0, 1, 2, 3,\n        4, 5, 6, 7,\n        8, 9])");
  UpdatePrintOptions({.linewidth = 0});  // At least one item per line.
  EXPECT_EQ(ToString(Arange(3, kF32, 3)), "tensor([0.0000,\n        0.3333,\n        0.6667])");
}

TEST_F(PrintTest, SummaryWithSmallEdgeItems) {
  UpdatePrintOptions({.threshold = 5, .edgeitems = 1});
  EXPECT_EQ(ToString(Reshape(Arange(12, kF32), {3, 4})),
            "tensor([[ 0.,  ...,  3.],\n        ...,\n        [ 8.,  ..., 11.]])");
  UpdatePrintOptions({.threshold = 8, .edgeitems = 2});
  // Dimensions of size <= 2 * edgeitems are never elided, even when summarising.
  EXPECT_EQ(ToString(Reshape(Arange(27, kF32), {3, 3, 3})).find("..."), std::string::npos);
}

// --- Views: the layout follows sizes/strides, not storage order ------------------------------

TEST_F(PrintTest, NonContiguousViews) {
  EXPECT_EQ(ToString(Transpose(Reshape(Arange(12, kF32), {3, 4}))),
            R"(tensor([[ 0.,  4.,  8.],
        [ 1.,  5.,  9.],
        [ 2.,  6., 10.],
        [ 3.,  7., 11.]]))");
  EXPECT_EQ(ToString(Transpose(Reshape(Arange(6), {2, 3}))),
            "tensor([[0, 3],\n        [1, 4],\n        [2, 5]])");
  const Tensor ten = Arange(10, kF32);
  EXPECT_EQ(ToString(Tensor::View(ten, {4}, {3}, 0)), "tensor([0., 3., 6., 9.])");
  EXPECT_EQ(ToString(Tensor::View(ten, {2}, {1}, 7)), "tensor([7., 8.])");
  EXPECT_EQ(ToString(Tensor::View(Vec({1.5, 2.0}), {3, 2}, {0, 1}, 0)),  // expand
            "tensor([[1.5000, 2.0000],\n        [1.5000, 2.0000],\n        [1.5000, 2.0000]])");
  EXPECT_EQ(ToString(Make({1, 0, 0, 1}, {2, 2}, kBool)),
            "tensor([[ True, False],\n        [False,  True]])");
}

// --- Options and edge cases -----------------------------------------------------------------

TEST_F(PrintTest, ForcedSciModeDoesNotApplyWithoutNonZeroFiniteValues) {
  UpdatePrintOptions({.sci_mode = true});
  EXPECT_EQ(ToString(Vec({0.0, -0.0})), "tensor([0., -0.])");
  EXPECT_EQ(ToString(Vec({NAN, 1.5})), "tensor([   nan, 1.5000e+00])");
  EXPECT_EQ(ToString(Vec({1, 2}, kI64)), "tensor([1, 2])");
  UpdatePrintOptions({.sci_mode = false});
  EXPECT_EQ(ToString(Vec({1e10, 1.5})), "tensor([10000000000.0000,     1.5000])");
}

TEST_F(PrintTest, ExtremeMagnitudes) {
  EXPECT_EQ(ToString(Vec({-1e-10, 1e10, NAN, -INFINITY})),
            "tensor([-1.0000e-10,  1.0000e+10,         nan,        -inf])");
  EXPECT_EQ(ToString(Vec({1e15, 3e15})), "tensor([1.0000e+15, 3.0000e+15])");
  EXPECT_EQ(ToString(Vec({1.0, -1e5})), "tensor([ 1.0000e+00, -1.0000e+05])");
  EXPECT_EQ(ToString(Vec({3.4028234663852886e38, -1.0})), "tensor([ 3.4028e+38, -1.0000e+00])");
  EXPECT_EQ(ToString(Vec({1e-45, 1.0})), "tensor([1.4013e-45, 1.0000e+00])");
}

TEST_F(PrintTest, PrecisionRoundsHalfToEvenOnTheExactValue) {
  UpdatePrintOptions({.precision = 1});
  EXPECT_EQ(ToString(Vec({0.05, 0.15, 0.25, 0.35}, kF64)),
            "tensor([0.1, 0.1, 0.2, 0.3], dtype=torch.float64)");
  UpdatePrintOptions({.precision = 12});
  EXPECT_EQ(ToString(Vec({0.1, 1.0 / 3})), "tensor([0.100000001490, 0.333333343267])");
}

TEST_F(PrintTest, ThresholdEdgeCases) {
  UpdatePrintOptions({.threshold = -1});  // Everything "summarises"; nothing is elided.
  EXPECT_EQ(ToString(Scalar0(5)), "tensor(5.)");
  EXPECT_EQ(ToString(Vec({5, 6})), "tensor([5., 6.])");
  UpdatePrintOptions({.threshold = 5, .edgeitems = 0});
  // 1.13 prints the marker and then the whole row (`t[-0:]` is all of t).
  EXPECT_EQ(ToString(Arange(10)), "tensor([ ..., 0, 1, 2, 3, 4, 5, 6, 7, 8, 9])");
  absl::StatusOr<std::string> bad = Repr(Reshape(Arange(12), {3, 4}), GetPrintOptions());
  EXPECT_EQ(bad.status().message(), "stack expects a non-empty TensorList");
  EXPECT_EQ(PythonErrorType(bad.status()), "RuntimeError");
  EXPECT_EQ(ToString(Reshape(Arange(12), {3, 4})),
            "<unprintable tensor: stack expects a non-empty TensorList>");
}

TEST_F(PrintTest, NegativePrecisionFailsOnlyWhenPrecisionIsUsed) {
  PrintOptions o;
  o.precision = -1;
  absl::StatusOr<std::string> s = Repr(Vec({1.5}), o);
  EXPECT_EQ(s.status().message(), "Format specifier missing precision");
  EXPECT_EQ(PythonErrorType(s.status()), "ValueError");
  EXPECT_EQ(*Repr(Vec({1.0, 2.0}), o), "tensor([1., 2.])");  // Integer mode: '%.0f'.
  EXPECT_EQ(*Repr(Vec({1, 2}, kI64), o), "tensor([1, 2])");
  o.precision = 4;
  o.edgeitems = -1;
  EXPECT_EQ(PythonErrorType(Repr(Vec({1.0}), o).status()), "ValueError");
}

TEST_F(PrintTest, DefaultDtypeDecidesTheFloatSuffix) {
  SetDefaultFloatDType(kF64);
  EXPECT_EQ(ToString(Vec({1.5, 2.0})), "tensor([1.5000, 2.0000], dtype=torch.float32)");
  EXPECT_EQ(ToString(Vec({1.5, 2.0}, kF64)), "tensor([1.5000, 2.0000])");
  EXPECT_EQ(ToString(Make({}, {0})), "tensor([], dtype=torch.float32)");
  EXPECT_EQ(ToString(Make({}, {0}, kF64)), "tensor([])");
}

TEST_F(PrintTest, MetaTensorsAndUndefined) {
  EXPECT_EQ(ToString(Tensor::Meta({2, 3}, kF32)), "tensor(..., device='meta', size=(2, 3))");
  EXPECT_EQ(ToString(Tensor::Meta({}, kI64)),
            "tensor(..., device='meta', size=(), dtype=torch.int64)");
  EXPECT_EQ(ToString(Tensor::Meta({0}, kF32)), "tensor(..., device='meta', size=(0,))");
  EXPECT_EQ(ToString(Tensor()), "None");
}

TEST_F(PrintTest, OptionsAreReadAtEachCall) {
  const Tensor t = Vec({1.0 / 3});
  const PrintOptions two{.precision = 2};
  EXPECT_EQ(ToString(t, two), "tensor([0.33])");
  EXPECT_EQ(ToString(t), "tensor([0.3333])");  // The explicit options did not stick.
  SetPrintOptions(two);
  EXPECT_EQ(ToString(t), "tensor([0.33])");
}

}  // namespace
}  // namespace wick::tensor
