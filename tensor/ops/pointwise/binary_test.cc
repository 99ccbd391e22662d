// Binary ops: values against PyTorch 1.13 (expected numbers printed by torch), type
// promotion with wrapped numbers, add/sub alpha rules, division modes and zero division,
// pow's special cases, broadcasting, output layouts and in-place rules.
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tensor/ops/pointwise/internal/test_util.h"
#include "tensor/ops/pointwise/pointwise.h"
#include "tensor/parallel.h"

namespace wick::tensor {
namespace {

using ::testing::ElementsAre;
using testing::AllClose;
using testing::Arange;
using testing::Expand;
using testing::IsPyError;
using testing::Make;
using testing::Permute;
using testing::SameBits;
using testing::Values;
using testing::Vec;
using testing::Wrapped;

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

struct BinaryCase {
  BinaryOp op;
  std::vector<double> expected;
};

// 13 pairs: a full float vector plus a tail, with signed zeros, infinities and NaN.
const std::initializer_list<double> kA = {5.5, -5.5, 7.0, -7.0, 0.0, -0.0, 1.0,
                                          2.5, kInf, -kInf, kNan, 3.0, -0.5};
const std::initializer_list<double> kB = {2.0, 2.0, -3.0, -3.0, 3.0, 2.0, 0.0,
                                          kInf, 2.0, kInf, 1.0, kNan, -0.0};

// torch.<op>(torch.tensor(kA), torch.tensor(kB)).tolist()
const BinaryCase kFloat32Cases[] = {
    {BinaryOp::kAdd, {7.5, -3.5, 4.0, -10.0, 3.0, 2.0, 1.0, kInf, kInf, kNan, kNan, kNan, -0.5}},
    {BinaryOp::kSub, {3.5, -7.5, 10.0, -4.0, -3.0, -2.0, 1.0, -kInf, kInf, -kInf, kNan, kNan,
                      -0.5}},
    {BinaryOp::kMul, {11.0, -11.0, -21.0, 21.0, 0.0, -0.0, 0.0, kInf, kInf, -kInf, kNan, kNan,
                      0.0}},
    {BinaryOp::kDiv, {2.75, -2.75, -2.3333332538604736, 2.3333332538604736, 0.0, -0.0, kInf, 0.0,
                      kInf, kNan, kNan, kNan, kInf}},
    {BinaryOp::kDivTrunc, {2.0, -2.0, -2.0, 2.0, 0.0, -0.0, kInf, 0.0, kInf, kNan, kNan, kNan,
                           kInf}},
    {BinaryOp::kDivFloor, {2.0, -3.0, -3.0, 2.0, 0.0, -0.0, kInf, 0.0, kNan, kNan, kNan, kNan,
                           kInf}},
    {BinaryOp::kRemainder, {1.5, 0.5, -2.0, -1.0, 0.0, -0.0, kNan, 2.5, kNan, kNan, kNan, kNan,
                            kNan}},
    {BinaryOp::kFmod, {1.5, -1.5, 1.0, -1.0, 0.0, -0.0, kNan, 2.5, kNan, kNan, kNan, kNan, kNan}},
    {BinaryOp::kPow, {30.25, 30.25, 0.0029154520016163588, -0.0029154520016163588, 0.0, 0.0, 1.0,
                      kInf, kInf, kInf, kNan, kNan, 1.0}},
    {BinaryOp::kMaximum, {5.5, 2.0, 7.0, -3.0, 3.0, 2.0, 1.0, kInf, kInf, kInf, kNan, kNan, -0.0}},
    {BinaryOp::kMinimum, {2.0, -5.5, -3.0, -7.0, 0.0, -0.0, 0.0, 2.5, 2.0, -kInf, kNan, kNan,
                          -0.5}},
    {BinaryOp::kEq, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
    {BinaryOp::kNe, {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}},
    {BinaryOp::kLt, {0, 1, 0, 1, 1, 1, 0, 1, 0, 1, 0, 0, 1}},
    {BinaryOp::kLe, {0, 1, 0, 1, 1, 1, 0, 1, 0, 1, 0, 0, 1}},
    {BinaryOp::kGt, {1, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0}},
    {BinaryOp::kGe, {1, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0}},
    {BinaryOp::kLogicalAnd, {1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 1, 1, 0}},
    {BinaryOp::kLogicalOr, {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}},
    {BinaryOp::kLogicalXor, {0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 1}},
};
const BinaryCase kFloat64Cases[] = {
    {BinaryOp::kAdd, {7.5, -3.5, 4.0, -10.0, 3.0, 2.0, 1.0, kInf, kInf, kNan, kNan, kNan, -0.5}},
    {BinaryOp::kSub, {3.5, -7.5, 10.0, -4.0, -3.0, -2.0, 1.0, -kInf, kInf, -kInf, kNan, kNan,
                      -0.5}},
    {BinaryOp::kMul, {11.0, -11.0, -21.0, 21.0, 0.0, -0.0, 0.0, kInf, kInf, -kInf, kNan, kNan,
                      0.0}},
    {BinaryOp::kDiv, {2.75, -2.75, -2.3333333333333335, 2.3333333333333335, 0.0, -0.0, kInf, 0.0,
                      kInf, kNan, kNan, kNan, kInf}},
    {BinaryOp::kDivTrunc, {2.0, -2.0, -2.0, 2.0, 0.0, -0.0, kInf, 0.0, kInf, kNan, kNan, kNan,
                           kInf}},
    {BinaryOp::kDivFloor, {2.0, -3.0, -3.0, 2.0, 0.0, -0.0, kInf, 0.0, kNan, kNan, kNan, kNan,
                           kInf}},
    {BinaryOp::kRemainder, {1.5, 0.5, -2.0, -1.0, 0.0, -0.0, kNan, 2.5, kNan, kNan, kNan, kNan,
                            kNan}},
    {BinaryOp::kFmod, {1.5, -1.5, 1.0, -1.0, 0.0, -0.0, kNan, 2.5, kNan, kNan, kNan, kNan, kNan}},
    {BinaryOp::kPow, {30.25, 30.25, 0.0029154518950437317, -0.0029154518950437317, 0.0, 0.0, 1.0,
                      kInf, kInf, kInf, kNan, kNan, 1.0}},
    {BinaryOp::kMaximum, {5.5, 2.0, 7.0, -3.0, 3.0, 2.0, 1.0, kInf, kInf, kInf, kNan, kNan, -0.0}},
    {BinaryOp::kMinimum, {2.0, -5.5, -3.0, -7.0, 0.0, -0.0, 0.0, 2.5, 2.0, -kInf, kNan, kNan,
                          -0.5}},
    {BinaryOp::kEq, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
    {BinaryOp::kNe, {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}},
    {BinaryOp::kLt, {0, 1, 0, 1, 1, 1, 0, 1, 0, 1, 0, 0, 1}},
    {BinaryOp::kLe, {0, 1, 0, 1, 1, 1, 0, 1, 0, 1, 0, 0, 1}},
    {BinaryOp::kGt, {1, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0}},
    {BinaryOp::kGe, {1, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0}},
    {BinaryOp::kLogicalAnd, {1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 1, 1, 0}},
    {BinaryOp::kLogicalOr, {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}},
    {BinaryOp::kLogicalXor, {0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 1}},
};

const std::initializer_list<double> kIntA = {7, -7, 7, -7, 0, 13, -13, 2, -2, 100, 1, -1, 3};
const std::initializer_list<double> kIntB = {2, 2, -2, -2, 5, 4, -4, 10, 3, -7, -5, -3, 1};
const BinaryCase kInt64Cases[] = {
    {BinaryOp::kAdd, {9, -5, 5, -9, 5, 17, -17, 12, 1, 93, -4, -4, 4}},
    {BinaryOp::kSub, {5, -9, 9, -5, -5, 9, -9, -8, -5, 107, 6, 2, 2}},
    {BinaryOp::kMul, {14, -14, -14, 14, 0, 52, 52, 20, -6, -700, -5, 3, 3}},
    {BinaryOp::kDiv, {3.5, -3.5, -3.5, 3.5, 0.0, 3.25, 3.25, 0.20000000298023224,
                      -0.6666666865348816, -14.285714149475098, -0.20000000298023224,
                      0.3333333432674408, 3.0}},
    {BinaryOp::kDivTrunc, {3, -3, -3, 3, 0, 3, 3, 0, 0, -14, 0, 0, 3}},
    {BinaryOp::kDivFloor, {3, -4, -4, 3, 0, 3, 3, 0, -1, -15, -1, 0, 3}},
    {BinaryOp::kRemainder, {1, 1, -1, -1, 0, 1, -1, 2, 1, -5, -4, -1, 0}},
    {BinaryOp::kFmod, {1, -1, 1, -1, 0, 1, -1, 2, -2, 2, 1, -1, 0}},
    {BinaryOp::kPow, {49, 49, 0, 0, 0, 28561, 0, 1024, -8, 0, 1, -1, 3}},
    {BinaryOp::kMaximum, {7, 2, 7, -2, 5, 13, -4, 10, 3, 100, 1, -1, 3}},
    {BinaryOp::kMinimum, {2, -7, -2, -7, 0, 4, -13, 2, -2, -7, -5, -3, 1}},
    {BinaryOp::kEq, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
    {BinaryOp::kNe, {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}},
    {BinaryOp::kLt, {0, 1, 0, 1, 1, 0, 1, 1, 1, 0, 0, 0, 0}},
    {BinaryOp::kLe, {0, 1, 0, 1, 1, 0, 1, 1, 1, 0, 0, 0, 0}},
    {BinaryOp::kGt, {1, 0, 1, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1}},
    {BinaryOp::kGe, {1, 0, 1, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1}},
    {BinaryOp::kLogicalAnd, {1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1}},
    {BinaryOp::kLogicalOr, {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}},
    {BinaryOp::kLogicalXor, {0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0}},
    {BinaryOp::kBitwiseAnd, {2, 0, 6, -8, 0, 4, -16, 2, 2, 96, 1, -3, 1}},
    {BinaryOp::kBitwiseOr, {7, -5, -1, -1, 5, 13, -1, 10, -1, -3, -5, -1, 3}},
    {BinaryOp::kBitwiseXor, {5, -5, -7, 7, 5, 9, 15, 8, -3, -99, -6, 2, 2}},
};

void CheckCases(DType dtype, std::initializer_list<double> a, std::initializer_list<double> b,
                absl::Span<const BinaryCase> cases, double tol) {
  const Tensor x = Make(a, dtype), y = Make(b, dtype);
  for (const BinaryCase& c : cases) {
    absl::StatusOr<Tensor> r = Binary(c.op, x, y);
    ASSERT_TRUE(r.ok()) << BinaryOpName(c.op) << ": " << r.status();
    if (c.op == BinaryOp::kPow || c.op == BinaryOp::kDiv) {
      EXPECT_THAT(Values(*r), AllClose(c.expected, tol)) << BinaryOpName(c.op);
    } else {
      EXPECT_THAT(Values(*r), SameBits(c.expected)) << BinaryOpName(c.op);
    }
  }
}

TEST(BinaryTest, Float32ValuesMatchTorch) {
  CheckCases(DType::kFloat32, kA, kB, kFloat32Cases, 1e-6);
}
TEST(BinaryTest, Float64ValuesMatchTorch) {
  CheckCases(DType::kFloat64, kA, kB, kFloat64Cases, 1e-12);
}
TEST(BinaryTest, Int64ValuesMatchTorch) {
  CheckCases(DType::kInt64, kIntA, kIntB, kInt64Cases, 1e-6);
}

TEST(BinaryTest, ResultDTypes) {
  const Tensor i32 = Make({1, 2}, DType::kInt32);
  const Tensor f32 = Make({1, 2});
  const Tensor b = Make({1, 0}, DType::kBool);
  EXPECT_EQ(Add(i32, Wrapped(2.5))->dtype(), DType::kFloat32);  // int32 + 2.5
  EXPECT_EQ(Add(i32, Wrapped(int64_t{2}))->dtype(), DType::kInt32);
  EXPECT_EQ(Add(i32, Tensor::FromScalar(Scalar(int64_t{2}), DType::kInt64))->dtype(),
            DType::kInt32);  // A 0-dim tensor of the same category does not promote.
  EXPECT_EQ(Add(i32, Tensor::FromScalar(Scalar(2.0), DType::kFloat64))->dtype(),
            DType::kFloat64);
  EXPECT_EQ(Add(f32, Tensor::FromScalar(Scalar(2.0), DType::kFloat64))->dtype(),
            DType::kFloat32);
  EXPECT_EQ(Mul(b, Wrapped(int64_t{2}))->dtype(), DType::kInt64);
  EXPECT_EQ(Add(b, b)->dtype(), DType::kBool);
  EXPECT_EQ(Div(i32, i32)->dtype(), DType::kFloat32);
  EXPECT_EQ(Div(i32, i32, "floor")->dtype(), DType::kInt32);
  EXPECT_EQ(Binary(BinaryOp::kLt, i32, Wrapped(1.5))->dtype(), DType::kBool);
  EXPECT_EQ(Binary(BinaryOp::kBitwiseAnd, i32, b)->dtype(), DType::kInt32);
  // Two wrapped numbers: a 0-dim int64 result (torch.add(2, 3)).
  const Tensor five = *Add(Wrapped(int64_t{2}), Wrapped(int64_t{3}));
  EXPECT_EQ(five.dim(), 0);
  EXPECT_EQ(five.dtype(), DType::kInt64);
  EXPECT_FALSE(five.is_wrapped_number());
  EXPECT_EQ(five.Item()->to_int(), 5);
  // Mixed dtypes compute in the promoted type: 16777217 is not a float32.
  EXPECT_THAT(Values(*Binary(BinaryOp::kGt, Make({16777217}, DType::kInt64), Wrapped(16777216.0))),
              ElementsAre(0));
  EXPECT_THAT(Values(*Add(Make({1}, DType::kInt32), Wrapped(int64_t{1} << 40))), ElementsAre(1));
}

TEST(BinaryTest, AddAndSubWithAlpha) {
  const Tensor i = Make({7, -7, 0}, DType::kInt64);
  EXPECT_THAT(Values(*Add(i, Wrapped(1.5), 2)), ElementsAre(10, -4, 3));
  EXPECT_THAT(Values(*Add(i, i, 2)), ElementsAre(21, -21, 0));
  EXPECT_THAT(Values(*Sub(i, Wrapped(int64_t{1}), 3)), ElementsAre(4, -10, -3));
  EXPECT_THAT(Values(*Sub(Make({1.0, 2.0}), Wrapped(int64_t{1}), 2.5)), ElementsAre(-1.5, -0.5));
  const Tensor b = Make({1, 0, 1}, DType::kBool);
  EXPECT_THAT(Values(*Add(b, b, true)), ElementsAre(1, 0, 1));
  EXPECT_THAT(Values(*Add(b, Make({0, 0, 1}, DType::kBool), 2)), ElementsAre(1, 0, 1));
  EXPECT_THAT(Add(i, i, 2.5).status(),
              IsPyError("RuntimeError", "For integral input tensors, argument alpha must not "
                                        "be a floating point number."));
  EXPECT_THAT(Add(Make({1.0}), Wrapped(int64_t{1}), true).status(),
              IsPyError("RuntimeError", "Boolean alpha only supported for Boolean results."));
  EXPECT_THAT(Sub(b, b).status(),
              IsPyError("RuntimeError",
                        "Subtraction, the `-` operator, with two bool tensors is not "
                        "supported. Use the `^` or `logical_xor()` operator instead."));
  EXPECT_THAT(Sub(Make({1.0}), b).status(),
              IsPyError("RuntimeError",
                        "Subtraction, the `-` operator, with a bool tensor is not supported. "
                        "If you are trying to invert a mask, use the `~` or `logical_not()` "
                        "operator instead."));
  // Integer overflow wraps around.
  const Tensor big = Make({2147483647.0}, DType::kInt32);
  EXPECT_THAT(Values(*Add(big, Wrapped(int64_t{1}))), ElementsAre(-2147483648.0));
}

TEST(BinaryTest, DivisionModes) {
  const Tensor i = Make({7, -7, 0}, DType::kInt64);
  EXPECT_THAT(Values(*Div(i, Wrapped(int64_t{-2}), "trunc")), ElementsAre(-3, 3, 0));
  EXPECT_THAT(Values(*Div(i, Wrapped(int64_t{-2}), "floor")), ElementsAre(-4, 3, 0));
  EXPECT_THAT(Values(*Div(i, Wrapped(int64_t{0}))), ElementsAre(kInf, -kInf, ::testing::IsNan()));
  for (BinaryOp op : {BinaryOp::kDivTrunc, BinaryOp::kDivFloor, BinaryOp::kRemainder,
                      BinaryOp::kFmod}) {
    EXPECT_THAT(Binary(op, i, Make({1, 0, 1}, DType::kInt64)).status(),
                IsPyError("RuntimeError", "ZeroDivisionError"))
        << BinaryOpName(op);
  }
  // An empty result divides nothing.
  EXPECT_TRUE(Binary(BinaryOp::kDivFloor, *Tensor::Empty({0}, DType::kInt64),
                     Wrapped(int64_t{0}))
                  .ok());
  // Floats follow IEEE.
  const Tensor f = Make({1.5, -2.5, 0.0});
  EXPECT_THAT(Values(*Binary(BinaryOp::kDivFloor, f, Wrapped(0.0))),
              ElementsAre(kInf, -kInf, ::testing::IsNan()));
  EXPECT_THAT(Values(*Binary(BinaryOp::kRemainder, f, Wrapped(int64_t{0}))),
              ElementsAre(::testing::IsNan(), ::testing::IsNan(), ::testing::IsNan()));
  EXPECT_THAT(Values(*Binary(BinaryOp::kDivFloor, Make({-0.5, 0.5, -0.0}), Wrapped(1.0))),
              SameBits(std::vector<double>{-1.0, 0.0, -0.0}));
  // INT64_MIN // -1 wraps (PyTorch itself traps here).
  const Tensor min = Make({-9223372036854775808.0}, DType::kInt64);
  EXPECT_THAT(Values(*Binary(BinaryOp::kDivFloor, min, Wrapped(int64_t{-1}))),
              ElementsAre(-9223372036854775808.0));
  EXPECT_THAT(Values(*Binary(BinaryOp::kRemainder, min, Wrapped(int64_t{-1}))), ElementsAre(0));
  EXPECT_THAT(Div(i, i, "bad").status(),
              IsPyError("RuntimeError", "div expected rounding_mode to be one of None, 'trunc', "
                                        "or 'floor' but found 'bad'"));
  const Tensor b = Make({1, 0}, DType::kBool);
  EXPECT_THAT(Div(b, b, "floor").status(),
              IsPyError("RuntimeError", "\"div_floor_cpu\" not implemented for 'Bool'"));
  EXPECT_THAT(Binary(BinaryOp::kRemainder, b, b).status(),
              IsPyError("RuntimeError", "\"remainder_cpu\" not implemented for 'Bool'"));
  EXPECT_THAT(Binary(BinaryOp::kBitwiseOr, Make({1.0}), Wrapped(int64_t{1})).status(),
              IsPyError("RuntimeError", "\"bitwise_or_cpu\" not implemented for 'Float'"));
}

TEST(BinaryTest, PowScalarExponent) {
  const Tensor i = Make({7, -7, 0}, DType::kInt64);
  EXPECT_THAT(Values(*Pow(i, Scalar(int64_t{2}))), ElementsAre(49, 49, 0));
  EXPECT_THAT(Values(*Pow(i, Scalar(int64_t{3}))), ElementsAre(343, -343, 0));
  EXPECT_THAT(Values(*Pow(i, Scalar(int64_t{5}))), ElementsAre(16807, -16807, 0));
  EXPECT_THAT(Pow(i, Scalar(int64_t{-1})).status(),
              IsPyError("RuntimeError", "Integers to negative integer powers are not allowed."));
  const Tensor r = *Pow(i, Scalar(0.5));
  EXPECT_EQ(r.dtype(), DType::kFloat32);
  EXPECT_THAT(Values(r), AllClose(std::vector<double>{2.6457512378692627, kNan, 0.0}, 1e-7));
  EXPECT_THAT(Values(*Pow(Make({2}, DType::kInt64), Scalar(-1.0))), ElementsAre(0.5));
  const Tensor f = Make({4.0, 2.0, -2.0, 0.0});
  EXPECT_THAT(Values(*Pow(f, Scalar(-0.5))),
              AllClose(std::vector<double>{0.5, 0.7071067690849304, kNan, kInf}, 1e-7));
  EXPECT_THAT(Values(*Pow(f, Scalar(int64_t{-2}))), ElementsAre(0.0625, 0.25, 0.25, kInf));
  EXPECT_THAT(Values(*Pow(f, Scalar(int64_t{-1}))), ElementsAre(0.25, 0.5, -0.5, kInf));
  EXPECT_THAT(Values(*Pow(f, Scalar(int64_t{3}))), ElementsAre(64, 8, -8, 0));
  EXPECT_THAT(Values(*Pow(Make({-8.0, 2.0}), Scalar(1.0 / 3))),
              AllClose(std::vector<double>{kNan, 1.2599210739135742}, 1e-7));
  // Exponent 0 gives ones, NaN included; exponent 1 is a copy.
  EXPECT_THAT(Values(*Pow(Make({kNan, 2.0}), Scalar(int64_t{0}))), ElementsAre(1, 1));
  EXPECT_THAT(Values(*Pow(Make({2.0}), Scalar(true))), ElementsAre(2));
  const Tensor b = Make({1, 0}, DType::kBool);
  const Tensor pb = *Pow(b, Scalar(int64_t{2}));
  EXPECT_EQ(pb.dtype(), DType::kInt64);
  EXPECT_THAT(Values(pb), ElementsAre(1, 0));
  EXPECT_THAT(Pow(b, b).status(), IsPyError("RuntimeError", "\"pow\" not implemented for 'Bool'"));
  EXPECT_THAT(Pow(Make({2, 3}, DType::kInt32), Scalar(int64_t{1} << 40)).status(),
              IsPyError("RuntimeError", "value cannot be converted to type int without overflow"));
  EXPECT_THAT(Values(*Pow(Make({3}, DType::kInt32), Scalar(int64_t{21}))),
              ElementsAre(1870418611));  // Wrapped, as in PyTorch.
}

TEST(BinaryTest, PowScalarBase) {
  const Tensor i = Make({7, -7, 0}, DType::kInt64);
  const Tensor p = *Pow(Scalar(int64_t{2}), i);
  EXPECT_EQ(p.dtype(), DType::kInt64);
  EXPECT_THAT(Values(p), ElementsAre(128, 0, 1));
  const Tensor q = *Pow(Scalar(2.5), i);
  EXPECT_EQ(q.dtype(), DType::kFloat32);
  EXPECT_THAT(Values(q),
              AllClose(std::vector<double>{610.3515625, 0.001638400019146502, 1.0}, 1e-6));
  EXPECT_THAT(Values(*Pow(Scalar(int64_t{1}), Make({kNan, 5.0}))), ElementsAre(1, 1));
  EXPECT_THAT(Values(*Pow(Scalar(int64_t{0}), Make({0, 1, -1}, DType::kInt64))),
              ElementsAre(1, 0, 0));
  EXPECT_EQ(Pow(Make({2}, DType::kInt32), Make({3}, DType::kInt64))->dtype(), DType::kInt64);
}

TEST(BinaryTest, MaximumMinimumPropagateNaN) {
  const Tensor a = Make({kNan, 1.0, -0.0, 0.0, 3.0});
  const Tensor b = Make({0.0, kNan, 0.0, -0.0, -3.0});
  EXPECT_THAT(Values(*Maximum(a, b)), SameBits(std::vector<double>{kNan, kNan, -0.0, 0.0, 3.0}));
  EXPECT_THAT(Values(*Minimum(a, b)), SameBits(std::vector<double>{kNan, kNan, -0.0, 0.0, -3.0}));
  const Tensor m = *Maximum(Make({1, 5}, DType::kInt64), Make({3.5, 2.0}));
  EXPECT_EQ(m.dtype(), DType::kFloat32);
  EXPECT_THAT(Values(m), ElementsAre(3.5, 5));
  const Tensor bb = *Minimum(Make({1, 0, 1}, DType::kBool), Make({1, 1, 0}, DType::kBool));
  EXPECT_EQ(bb.dtype(), DType::kBool);
  EXPECT_THAT(Values(bb), ElementsAre(1, 0, 0));
}

TEST(BinaryTest, Broadcasting) {
  const Tensor a = Arange({2, 3});
  const Tensor r = *Add(a, Make({10, 20, 30}));
  EXPECT_THAT(Vec(r.sizes()), ElementsAre(2, 3));
  EXPECT_THAT(Values(r), ElementsAre(10, 21, 32, 13, 24, 35));
  const Tensor outer = *Mul(Arange({3, 1}), Arange({1, 4}));
  EXPECT_THAT(Vec(outer.sizes()), ElementsAre(3, 4));
  EXPECT_THAT(Values(outer), ElementsAre(0, 0, 0, 0, 0, 1, 2, 3, 0, 2, 4, 6));
  EXPECT_THAT(Add(Arange({2, 3}), Arange({2, 4})).status(),
              IsPyError("RuntimeError", "The size of tensor a (3) must match the size of "
                                        "tensor b (4) at non-singleton dimension 1"));
  // A [64, 100] + [100] bias: every row broadcasts the same vector.
  const Tensor x = Arange({64, 100});
  const Tensor bias = Arange({100});
  const Tensor y = *Add(x, bias);
  for (int64_t k = 0; k < y.numel(); ++k) {
    ASSERT_EQ(y.data<float>()[k], static_cast<float>(k + k % 100)) << k;
  }
  // Scalar on the left runs the bound-scalar loop too.
  EXPECT_THAT(Values(*Sub(Wrapped(10.0), Make({1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0}))),
              ElementsAre(9, 8, 7, 6, 5, 4, 3, 2, 1));
}

TEST(BinaryTest, OutputLayoutFollowsTorch) {
  const Tensor xt = Permute(Arange({2, 3}), {1, 0});  // [3, 2], strides (1, 3)
  const Tensor y = Arange({3, 2});
  EXPECT_THAT(Vec(Add(xt, Wrapped(int64_t{1}))->strides()), ElementsAre(1, 3));
  EXPECT_THAT(Vec(Add(xt, y)->strides()), ElementsAre(1, 3));   // x.t() + y
  EXPECT_THAT(Vec(Add(y, xt)->strides()), ElementsAre(2, 1));   // y + x.t()
  EXPECT_THAT(Vec(Add(Arange({3, 1}), xt)->strides()), ElementsAre(1, 3));
  const Tensor p = Permute(Arange({4, 1, 3}), {2, 0, 1});  // [3, 4, 1]
  EXPECT_THAT(Vec(Add(p, Arange({4, 5}))->strides()), ElementsAre(5, 15, 1));
  const Tensor q = Permute(Arange({2, 3, 4}), {2, 1, 0});  // transpose(0, 2)
  EXPECT_THAT(Vec(Add(q, Arange({4, 3, 2}))->strides()), ElementsAre(1, 4, 12));
  const Tensor r = Permute(Arange({4, 1, 3, 2}), {0, 2, 3, 1});  // [4, 3, 2, 1]
  EXPECT_THAT(Vec(Add(r, Wrapped(int64_t{1}))->strides()), ElementsAre(6, 2, 1, 6));
  // Values through the transposed layout are still elementwise-correct.
  EXPECT_THAT(Values(*Add(xt, y)), ElementsAre(0, 4, 3, 7, 6, 10));
  // Comparisons keep the layout too.
  EXPECT_THAT(Vec(Binary(BinaryOp::kEq, xt, Arange({3, 1}))->strides()), ElementsAre(1, 3));
}

TEST(BinaryTest, StridedInputsUseTheBlockPath) {
  // 37 x 50 transposed views of two different layouts, beyond one block per run.
  const Tensor a = Permute(Arange({50, 37}), {1, 0});
  const Tensor b = Tensor::View(Arange({37, 100}), {37, 50}, {100, 2}, 0);
  const Tensor r = *Sub(a, b);
  ASSERT_THAT(Vec(r.sizes()), ElementsAre(37, 50));
  for (int64_t i = 0; i < 37; ++i) {
    for (int64_t j = 0; j < 50; ++j) {
      const double expected =
          static_cast<double>(j * 37 + i) - static_cast<double>(i * 100 + 2 * j);
      ASSERT_EQ(r.ElementAt(i * 50 + j).to_double(), expected) << i << "," << j;
    }
  }
  // A broadcast (stride 0) operand mixed with a strided one.
  const Tensor col = Expand(Make({1.0, 2.0, 3.0}, DType::kFloat32, {3, 1}), {3, 4});
  const Tensor t = Permute(Arange({4, 3}), {1, 0});
  EXPECT_THAT(Values(*Mul(col, t)), ElementsAre(0, 3, 6, 9, 2, 8, 14, 20, 6, 15, 24, 33));
}

TEST(BinaryTest, InPlace) {
  Tensor x = Make({1.0, 2.0, 3.0});
  absl::StatusOr<Tensor> r = Add(x, Make({1.0, 1.0, 1.0}, DType::kFloat64), 1, {.inplace = true});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_TRUE(r->is_same(x));
  EXPECT_EQ(x.dtype(), DType::kFloat32);
  EXPECT_THAT(Values(x), ElementsAre(2, 3, 4));
  EXPECT_EQ(x.version(), 1u);
  Tensor i = Make({1, 2}, DType::kInt64);
  ASSERT_TRUE(Binary(BinaryOp::kEq, i, Wrapped(1.5), {.inplace = true}).ok());
  EXPECT_THAT(Values(i), ElementsAre(0, 0));
  Tensor j = Make({5, 7}, DType::kInt32);
  ASSERT_TRUE(Add(j, Make({1, 1}, DType::kInt64), 1, {.inplace = true}).ok());
  EXPECT_EQ(j.dtype(), DType::kInt32);
  EXPECT_THAT(Values(j), ElementsAre(6, 8));
  EXPECT_THAT(Add(i, Wrapped(1.5), 1, {.inplace = true}).status(),
              IsPyError("RuntimeError",
                        "result type Float can't be cast to the desired output type Long"));
  EXPECT_THAT(Div(i, Wrapped(int64_t{2}), std::nullopt, {.inplace = true}).status(),
              IsPyError("RuntimeError",
                        "result type Float can't be cast to the desired output type Long"));
  EXPECT_THAT(Add(Make({1, 0}, DType::kBool), Wrapped(int64_t{1}), 1, {.inplace = true}).status(),
              IsPyError("RuntimeError",
                        "result type Long can't be cast to the desired output type Bool"));
  EXPECT_THAT(Add(Make({1.0, 2.0, 3.0}), Arange({2, 3}), 1, {.inplace = true}).status(),
              IsPyError("RuntimeError",
                        "output with shape [3] doesn't match the broadcast shape [2, 3]"));
  EXPECT_THAT(Add(Tensor::FromScalar(Scalar(1.0)), Make({1.0}), 1, {.inplace = true}).status(),
              IsPyError("RuntimeError",
                        "output with shape [] doesn't match the broadcast shape [1]"));
  // a[1:] += a[:-1] overlaps partially: rejected like PyTorch.
  Tensor a = Arange({4});
  const Tensor tail = Tensor::View(a, {3}, {1}, 1);
  const Tensor head = Tensor::View(a, {3}, {1}, 0);
  EXPECT_THAT(Add(tail, head, 1, {.inplace = true}).status(),
              IsPyError("RuntimeError",
                        "unsupported operation: some elements of the input tensor and the "
                        "written-to tensor refer to a single memory location. Please clone() "
                        "the tensor before performing the operation."));
  // Full overlap is fine: x.mul_(x).
  Tensor s = Make({3.0, -2.0});
  ASSERT_TRUE(Mul(s, s, {.inplace = true}).ok());
  EXPECT_THAT(Values(s), ElementsAre(9, 4));
  // Meta in place returns self without touching it.
  const Tensor m = Tensor::Meta({2, 3}, DType::kFloat32);
  const Tensor mr = *Mul(m, Tensor::Meta({3}, DType::kFloat32), {.inplace = true, .meta = true});
  EXPECT_TRUE(mr.is_same(m));
}

TEST(BinaryTest, ZeroDimAndEmpty) {
  const Tensor s = *Mul(Tensor::FromScalar(Scalar(3.0)), Tensor::FromScalar(Scalar(2.0)));
  EXPECT_EQ(s.dim(), 0);
  EXPECT_EQ(s.Item()->to_double(), 6.0);
  const Tensor e = *Add(*Tensor::Empty({0, 3}, DType::kFloat32), Make({1.0, 2.0, 3.0}));
  EXPECT_THAT(Vec(e.sizes()), ElementsAre(0, 3));
  const Tensor e2 =
      *Add(*Tensor::Empty({2, 0}, DType::kInt64), *Tensor::Empty({1, 0}, DType::kInt64));
  EXPECT_THAT(Vec(e2.sizes()), ElementsAre(2, 0));
  const Tensor meta = *Binary(BinaryOp::kLt, Tensor::Meta({4, 1}, DType::kInt32),
                              Tensor::Meta({3}, DType::kFloat64), {.meta = true});
  EXPECT_TRUE(meta.is_meta());
  EXPECT_EQ(meta.dtype(), DType::kBool);
  EXPECT_THAT(Vec(meta.sizes()), ElementsAre(4, 3));
}

// With WICK_NUM_THREADS=2 large ops split across threads; results must not change.
TEST(BinaryTest, TwoThreadsGiveTheSameResults) {
  const Tensor a = Arange({300, 500});
  const Tensor b = Permute(Arange({500, 300}), {1, 0});
  const Tensor expected_sum = *Add(a, b, 2);
  const Tensor expected_lt = *Binary(BinaryOp::kLt, a, Wrapped(77777.5));
  const Tensor expected_div =
      *Div(Make({7}, DType::kInt64), Expand(Make({-2}, DType::kInt64), {1}), "floor");
  SetNumThreads(2);
  const Tensor sum = *Add(a, b, 2);
  const Tensor lt = *Binary(BinaryOp::kLt, a, Wrapped(77777.5));
  const absl::Status zero = Div(Arange({100000}, DType::kInt64), Arange({100000}, DType::kInt64),
                                "floor").status();
  SetNumThreads(1);
  EXPECT_EQ(Values(sum), Values(expected_sum));
  EXPECT_EQ(Values(lt), Values(expected_lt));
  EXPECT_THAT(zero, IsPyError("RuntimeError", "ZeroDivisionError"));
  EXPECT_THAT(Values(expected_div), ElementsAre(-4));
}

TEST(BinaryTest, Names) {
  EXPECT_EQ(BinaryOpName(BinaryOp::kDivFloor), "floor_divide");
  EXPECT_EQ(BinaryOpName(BinaryOp::kLogicalXor), "logical_xor");
}

}  // namespace
}  // namespace wick::tensor
