// where, clamp (number and tensor bounds), lerp, addcmul/addcdiv, and the parameterized
// activations, nan_to_num and round(decimals=): values against PyTorch 1.13, NaN
// handling, dtypes and errors.
#include <cmath>
#include <limits>
#include <vector>

#include "absl/strings/match.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tensor/ops/pointwise/internal/test_util.h"
#include "tensor/ops/pointwise/pointwise.h"

namespace wick::tensor {
namespace {

using ::testing::ElementsAre;
using testing::AllClose;
using testing::Arange;
using testing::IsPyError;
using testing::Make;
using testing::Permute;
using testing::SameBits;
using testing::Values;
using testing::Vec;
using testing::Wrapped;

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
const std::initializer_list<double> kInput = {-3.5, -1.0, -0.5, -0.0, 0.0, 0.25, 0.5,
                                              1.0,  2.0,  10.0, kInf, -kInf, kNan};

TEST(WhereTest, PromotesAndBroadcasts) {
  const Tensor cond = Make({1, 0, 1}, DType::kBool);
  const Tensor r = *Where(cond, Make({1, 2, 3}, DType::kInt64), Wrapped(2.5));
  EXPECT_EQ(r.dtype(), DType::kFloat32);
  EXPECT_THAT(Values(r), ElementsAre(1, 2.5, 3));
  const Tensor i = *Where(cond, Make({1, 2, 3}, DType::kInt32), Wrapped(int64_t{7}));
  EXPECT_EQ(i.dtype(), DType::kInt32);
  EXPECT_THAT(Values(i), ElementsAre(1, 7, 3));
  // torch.where(tensor([[True], [False]]), torch.arange(3.), torch.tensor(-1))
  const Tensor b = *Where(Make({1, 0}, DType::kBool, {2, 1}), Arange({3}),
                          Tensor::FromScalar(Scalar(int64_t{-1})));
  EXPECT_EQ(b.dtype(), DType::kFloat32);
  EXPECT_THAT(Vec(b.sizes()), ElementsAre(2, 3));
  EXPECT_THAT(Values(b), ElementsAre(0, 1, 2, -1, -1, -1));
  // The condition decides the layout when it comes first and is transposed.
  const Tensor ct = Permute(Make({1, 0, 1, 1, 0, 0}, DType::kBool, {2, 3}), {1, 0});
  const Tensor w = *Where(ct, Arange({3, 2}), Wrapped(int64_t{0}));
  EXPECT_THAT(Vec(w.strides()), ElementsAre(1, 3));
  EXPECT_THAT(Values(w), ElementsAre(0, 1, 0, 0, 4, 0));
  // Two wrapped numbers of different kinds give the default float dtype.
  EXPECT_EQ(Where(cond, Wrapped(int64_t{1}), Wrapped(2.5))->dtype(), DType::kFloat32);
}

TEST(WhereTest, Errors) {
  EXPECT_THAT(Where(Make({1, 0}, DType::kInt64), Make({1.0, 2.0}), Make({3.0, 4.0})).status(),
              IsPyError("RuntimeError", "where expected condition to be a boolean tensor, but "
                                        "got a tensor with dtype Long"));
  EXPECT_THAT(Where(Make({1, 0}, DType::kBool), Arange({3}), Arange({3})).status(),
              IsPyError("RuntimeError", "The size of tensor a (2) must match the size of "
                                        "tensor b (3) at non-singleton dimension 0"));
  const Tensor meta = *Where(Tensor::Meta({2, 1}, DType::kBool), Tensor::Meta({3}, DType::kInt32),
                             Tensor::Meta({}, DType::kFloat64), {.meta = true});
  EXPECT_EQ(meta.dtype(), DType::kFloat64);  // A 0-dim float beats an int tensor.
  EXPECT_THAT(Vec(meta.sizes()), ElementsAre(2, 3));
}

TEST(ClampTest, NumberBounds) {
  const Tensor x = Make(kInput);
  EXPECT_THAT(Values(*Clamp(x, Scalar(-0.75), Scalar(1.5))),
              SameBits(std::vector<double>{-0.75, -0.75, -0.5, -0.0, 0.0, 0.25, 0.5, 1.0, 1.5,
                                           1.5, 1.5, -0.75, kNan}));
  EXPECT_THAT(Values(*Clamp(x, Scalar(0.25), std::nullopt)),
              SameBits(std::vector<double>{0.25, 0.25, 0.25, 0.25, 0.25, 0.25, 0.5, 1.0, 2.0,
                                           10.0, kInf, 0.25, kNan}));
  EXPECT_THAT(Values(*Clamp(x, std::nullopt, Scalar(0.25))),
              SameBits(std::vector<double>{-3.5, -1.0, -0.5, -0.0, 0.0, 0.25, 0.25, 0.25, 0.25,
                                           0.25, 0.25, -kInf, kNan}));
  // min > max: everything becomes max.
  EXPECT_THAT(Values(*Clamp(Make({kNan, 1.0, 2.0, -1.0}), Scalar(int64_t{2}), Scalar(int64_t{1}))),
              SameBits(std::vector<double>{kNan, 1.0, 1.0, 1.0}));
  // A NaN bound fills NaN.
  EXPECT_THAT(Values(*Clamp(Make({1.0, 2.0}), Scalar(kNan), Scalar(0.5))),
              ElementsAre(::testing::IsNan(), ::testing::IsNan()));
  const Tensor in = *Clamp(Make({1, 2}, DType::kInt64), std::nullopt, Scalar(kNan));
  EXPECT_EQ(in.dtype(), DType::kFloat32);
  EXPECT_THAT(Values(in), ElementsAre(::testing::IsNan(), ::testing::IsNan()));
}

TEST(ClampTest, NumberBoundsPromote) {
  const Tensor i = Make({7, -7, 0}, DType::kInt64);
  const Tensor f = *Clamp(i, Scalar(0.5), std::nullopt);
  EXPECT_EQ(f.dtype(), DType::kFloat32);
  EXPECT_THAT(Values(f), ElementsAre(7, 0.5, 0.5));
  const Tensor k = *Clamp(i, Scalar(int64_t{1}), Scalar(int64_t{0}));
  EXPECT_EQ(k.dtype(), DType::kInt64);
  EXPECT_THAT(Values(k), ElementsAre(0, 0, 0));
  const Tensor b = *Clamp(Make({1, 0}, DType::kBool), Scalar(int64_t{0}), Scalar(int64_t{1}));
  EXPECT_EQ(b.dtype(), DType::kInt64);
  EXPECT_THAT(Clamp(i, std::nullopt, std::nullopt).status(),
              IsPyError("RuntimeError",
                        "torch.clamp: At least one of 'min' or 'max' must not be None"));
  const Tensor bb = Make({1, 0}, DType::kBool);
  EXPECT_THAT(Clamp(bb, Scalar(true), Scalar(false)).status(),
              IsPyError("RuntimeError", "\"clamp_scalar_cpu\" not implemented for 'Bool'"));
  EXPECT_THAT(Clamp(bb, Scalar(false), std::nullopt).status(),
              IsPyError("RuntimeError", "\"clamp_min_cpu\" not implemented for 'Bool'"));
  EXPECT_THAT(Clamp(bb, std::nullopt, Scalar(false)).status(),
              IsPyError("RuntimeError", "\"clamp_max_scalar_cpu\" not implemented for 'Bool'"));
  // In place: the promoted result must fit self.
  Tensor x = Make({7, -7}, DType::kInt64);
  EXPECT_THAT(Clamp(x, Scalar(0.5), std::nullopt, {.inplace = true}).status(),
              IsPyError("RuntimeError",
                        "result type Float can't be cast to the desired output type Long"));
  ASSERT_TRUE(Clamp(x, Scalar(int64_t{0}), std::nullopt, {.inplace = true}).ok());
  EXPECT_THAT(Values(x), ElementsAre(7, 0));
}

TEST(ClampTest, TensorBounds) {
  const Tensor x = Make({kNan, 1.0, 2.0, -1.0, 0.5});
  const Tensor r =
      *ClampTensor(x, Make({0.0, kNan, 0.0, 0.0, 0.0}), Make({1.0, 1.0, kNan, -2.0, 1.0}));
  EXPECT_THAT(Values(r), SameBits(std::vector<double>{kNan, kNan, kNan, -2.0, 0.5}));
  const Tensor lo =
      *ClampTensor(Make({kNan, 1.0, 2.0, -1.0}), Tensor::FromScalar(Scalar(1.5)), Tensor());
  EXPECT_THAT(Values(lo), SameBits(std::vector<double>{kNan, 1.5, 2.0, 1.5}));
  const Tensor hi =
      *ClampTensor(Make({kNan, 1.0, 2.0, -1.0}), Tensor(), Make({kNan, 0.0, 0.0, 0.0}));
  EXPECT_THAT(Values(hi), SameBits(std::vector<double>{kNan, 0.0, 0.0, -1.0}));
  const Tensor mixed =
      *ClampTensor(Make({3, -2}, DType::kInt64), Make({1.5, 1.5}), Make({2, 2}, DType::kInt64));
  EXPECT_EQ(mixed.dtype(), DType::kFloat32);
  EXPECT_THAT(Values(mixed), ElementsAre(2.0, 1.5));
  const Tensor b = *ClampTensor(Make({1, 0}, DType::kBool), Make({1, 0}, DType::kBool), Tensor());
  EXPECT_EQ(b.dtype(), DType::kBool);
  EXPECT_THAT(Values(b), ElementsAre(1, 0));
  const Tensor bi = *ClampTensor(Make({1, 0}, DType::kBool), Make({1, 2}, DType::kInt64), Tensor());
  EXPECT_EQ(bi.dtype(), DType::kInt64);
  EXPECT_THAT(Values(bi), ElementsAre(1, 2));
  EXPECT_THAT(ClampTensor(x, Tensor(), Tensor()).status(),
              IsPyError("RuntimeError",
                        "torch.clamp: At least one of 'min' or 'max' must not be None"));
}

TEST(LerpTest, ValuesAndRules) {
  const Tensor a = Make({1.0, 2.0, 0.1, -4.0});
  const Tensor b = Make({3.0, 5.0, 0.7, 8.0});
  EXPECT_THAT(Values(*Lerp(a, b, Scalar(0.3))),
              AllClose(std::vector<double>{1.600000023841858, 2.9000000953674316,
                                           0.2800000011920929, -0.39999985694885254},
                       1e-7));
  EXPECT_THAT(Values(*LerpTensor(a, b, Make({0.25, 0.75, -0.6, 2.0}))),
              AllClose(std::vector<double>{1.5, 4.25, -0.25999999046325684, 20.0}, 1e-7));
  // Broadcasting across all three.
  const Tensor r = *LerpTensor(Make({1.0, 2.0}), Arange({2, 2}), Make({0.5}));
  EXPECT_THAT(Vec(r.sizes()), ElementsAre(2, 2));
  EXPECT_THAT(Values(r), ElementsAre(0.5, 1.5, 1.5, 2.5));
  EXPECT_THAT(Lerp(a, Make({1, 2, 3, 4}, DType::kInt64), Scalar(0.5)).status(),
              IsPyError("RuntimeError", "expected dtype float for `end` but got dtype long int"));
  EXPECT_THAT(LerpTensor(a, b, Make({1, 2, 3, 4}, DType::kFloat64)).status(),
              IsPyError("RuntimeError", "expected dtype float for `weight` but got dtype double"));
  const Tensor i = Make({1, 2}, DType::kInt64);
  EXPECT_THAT(Lerp(i, i, Scalar(0.5)).status(),
              IsPyError("RuntimeError", "\"lerp_kernel_scalar\" not implemented for 'Long'"));
  EXPECT_THAT(LerpTensor(i, i, i).status(),
              IsPyError("RuntimeError", "\"lerp_kernel_tensor\" not implemented for 'Long'"));
  Tensor s = Make({1.0});
  ASSERT_TRUE(Lerp(s, Make({3.0}), Scalar(0.5), {.inplace = true}).ok());
  EXPECT_THAT(Values(s), ElementsAre(2.0));
}

TEST(AddcmulTest, FusesLikeUpstream) {
  // torch.addcmul(a, b, c, value=0.37) in float32: a + (0.37 * b) * c with the last
  // multiply-add fused; unfused, these round to -0.0957721471786499, 0.4845581650733948.
  // Nine copies put the pairs both in an 8-wide vector and in the scalar tail.
  std::vector<double> av, bv, cv, want;
  for (int k = 0; k < 9; ++k) {
    av.insert(av.end(), {-0.9797722697257996, 0.30372199416160583});
    bv.insert(bv.end(), {1.3275171518325806, 1.798582911491394});
    cv.insert(cv.end(), {1.7997428178787231, 0.27173975110054016});
    want.insert(want.end(), {-0.09577217698097229, 0.48455819487571716});
  }
  auto make = [](const std::vector<double>& v) {
    Tensor t = *Tensor::Empty({static_cast<int64_t>(v.size())}, DType::kFloat32);
    for (size_t i = 0; i < v.size(); ++i) t.data<float>()[i] = static_cast<float>(v[i]);
    return t;
  };
  EXPECT_THAT(Values(*Addcmul(make(av), make(bv), make(cv), Scalar(0.37))), SameBits(want));
  // Integers: the value truncates to the dtype; all three operands promote.
  const Tensor i = Make({1, 2, 3}, DType::kInt64);
  EXPECT_THAT(Values(*Addcmul(i, i, Make({4, 5, 6}, DType::kInt32), Scalar(2))),
              ElementsAre(9, 22, 39));
  EXPECT_THAT(Values(*Addcmul(i, i, Make({4, 5, 6}, DType::kInt32), Scalar(0.5))),
              ElementsAre(1, 2, 3));
  EXPECT_EQ(Addcmul(i, i, Make({4.0, 5.0, 6.0}), Scalar(0.5))->dtype(), DType::kFloat32);
  const Tensor t = Make({1}, DType::kBool);
  EXPECT_THAT(Addcmul(t, t, t, Scalar(1)).status(),
              IsPyError("RuntimeError", "\"addcmul_cpu_out\" not implemented for 'Bool'"));
  Tensor target = Make({1, 2, 3}, DType::kInt64);
  EXPECT_THAT(Addcmul(target, i, Make({1.0, 1.0, 1.0}), Scalar(1), {.inplace = true}).status(),
              IsPyError("RuntimeError", "result type Float can't be cast to the desired output "
                                        "type Long"));
}

TEST(AddcdivTest, ValuesAndIntegerRefusal) {
  EXPECT_THAT(Values(*Addcdiv(Make({1.0, 2.0, 3.0}), Make({1, 2, 3}, DType::kInt64),
                              Make({4.0, 5.0, 6.0}), Scalar(1))),
              ElementsAre(1.25, 2.4000000953674316, 3.5));
  const Tensor i = Make({1, 2}, DType::kInt64);
  absl::Status s = Addcdiv(Make({1.0, 1.0}), i, i, Scalar(1)).status();
  EXPECT_EQ(PythonErrorType(s), "RuntimeError");
  EXPECT_TRUE(absl::StartsWith(s.message(), "Integer division with addcdiv is no longer "
                                            "supported, and in a future  release"));
}

TEST(ActivationTest, ValuesMatchTorch) {
  const Tensor x = Make(kInput);
  EXPECT_THAT(Values(*Hardtanh(x, Scalar(int64_t{-1}), Scalar(int64_t{1}))),
              SameBits(std::vector<double>{-1.0, -1.0, -0.5, -0.0, 0.0, 0.25, 0.5, 1.0, 1.0, 1.0,
                                           1.0, -1.0, kNan}));
  EXPECT_THAT(Values(*LeakyRelu(x, Scalar(0.1))),
              AllClose(std::vector<double>{-0.3499999940395355, -0.10000000149011612,
                                           -0.05000000074505806, -0.0, 0.0, 0.25, 0.5, 1.0, 2.0,
                                           10.0, kInf, -kInf, kNan},
                       1e-7));
  EXPECT_THAT(Values(*Elu(x, Scalar(int64_t{1}), Scalar(int64_t{1}), Scalar(int64_t{1}))),
              AllClose(std::vector<double>{-0.9698026180267334, -0.6321205496788025,
                                           -0.39346933364868164, 0.0, 0.0, 0.25, 0.5, 1.0, 2.0,
                                           10.0, kInf, -1.0, kNan},
                       1e-6));
  // elu(-0.0) is +0.0 in PyTorch 1.13 (exp(x) - 1, not expm1).
  EXPECT_FALSE(std::signbit(Values(*Elu(x, Scalar(int64_t{1}), Scalar(int64_t{1}),
                                          Scalar(int64_t{1})))[3]));
  EXPECT_THAT(Values(*Elu(x, Scalar(1.6732632423543772), Scalar(1.0507009873554805),
                          Scalar(int64_t{1}))),
              AllClose(std::vector<double>{-1.7050093412399292, -1.1113307476043701,
                                           -0.6917581558227539, 0.0, 0.0, 0.2626752555370331,
                                           0.5253505110740662, 1.0507010221481323,
                                           2.1014020442962646, 10.507010459899902, kInf,
                                           -1.7580993175506592, kNan},
                       1e-6));
  EXPECT_THAT(Values(*Softplus(x, Scalar(int64_t{1}), Scalar(int64_t{20}))),
              AllClose(std::vector<double>{0.029750417917966843, 0.3132616877555847,
                                           0.4740769863128662, 0.6931471824645996,
                                           0.6931471824645996, 0.825939416885376,
                                           0.9740769863128662, 1.31326162815094,
                                           2.1269280910491943, 10.000045776367188, kInf, 0.0,
                                           kNan},
                       1e-6));
  EXPECT_THAT(Values(*Softplus(x, Scalar(int64_t{2}), Scalar(int64_t{5}))),
              AllClose(std::vector<double>{0.000455733243143186, 0.06346400082111359,
                                           0.15663084387779236, 0.3465735912322998,
                                           0.3465735912322998, 0.4870384931564331,
                                           0.65663081407547, 1.0634640455245972,
                                           2.0090749263763428, 10.0, kInf, 0.0, kNan},
                       1e-6));
  EXPECT_THAT(Values(*Gelu(Make({-1.0, 1.0}), "tanh")),
              AllClose(std::vector<double>{-0.15880799293518066, 0.8411920070648193}, 1e-6));
}

TEST(ActivationTest, DTypeRules) {
  const Tensor i = Make({3, -2}, DType::kInt64);
  const Tensor h = *Hardtanh(i, Scalar(-1.5), Scalar(1.5));  // Bounds truncate to int.
  EXPECT_EQ(h.dtype(), DType::kInt64);
  EXPECT_THAT(Values(h), ElementsAre(1, -1));
  EXPECT_THAT(Hardtanh(Make({1}, DType::kBool), Scalar(int64_t{-1}), Scalar(int64_t{1})).status(),
              IsPyError("RuntimeError", "Bool inputs not supported for hardtanh"));
  EXPECT_THAT(LeakyRelu(i, Scalar(0.01)).status(),
              IsPyError("RuntimeError", "\"leaky_relu_cpu\" not implemented for 'Long'"));
  EXPECT_THAT(Elu(Make({1}, DType::kBool), Scalar(1.0), Scalar(1.0), Scalar(1.0)).status(),
              IsPyError("RuntimeError", "\"elu_cpu\" not implemented for 'Bool'"));
  EXPECT_THAT(Softplus(i, Scalar(1.0), Scalar(20.0)).status(),
              IsPyError("RuntimeError", "\"softplus_cpu\" not implemented for 'Long'"));
  EXPECT_THAT(Gelu(Make({1}, DType::kInt32), "none").status(),
              IsPyError("RuntimeError", "\"GeluKernelImpl\" not implemented for 'Int'"));
  EXPECT_THAT(Gelu(Make({1.0}), "bad").status(),
              IsPyError("RuntimeError", "approximate argument must be either none or tanh."));
}

TEST(NanToNumTest, DefaultsAndOverrides) {
  const Tensor x = Make({kNan, kInf, -kInf, 1.5});
  EXPECT_THAT(Values(*NanToNum(x, std::nullopt, std::nullopt, std::nullopt)),
              ElementsAre(0.0, 3.4028234663852886e+38, -3.4028234663852886e+38, 1.5));
  EXPECT_THAT(Values(*NanToNum(x, 1.0, 2.0, -3.0)), ElementsAre(1.0, 2.0, -3.0, 1.5));
  // 1e300 does not fit a float: it becomes inf, as in PyTorch.
  EXPECT_THAT(Values(*NanToNum(x, std::nullopt, 1e300, std::nullopt)),
              ElementsAre(0.0, kInf, -3.4028234663852886e+38, 1.5));
  const Tensor d = Make({kNan, kInf, -kInf}, DType::kFloat64);
  EXPECT_THAT(Values(*NanToNum(d, std::nullopt, std::nullopt, std::nullopt)),
              ElementsAre(0.0, 1.7976931348623157e+308, -1.7976931348623157e+308));
  const Tensor i = *NanToNum(Make({3, -2}, DType::kInt64), 1.5, std::nullopt, std::nullopt);
  EXPECT_EQ(i.dtype(), DType::kInt64);
  EXPECT_THAT(Values(i), ElementsAre(3, -2));
  Tensor y = Make({kNan, 2.0});
  ASSERT_TRUE(NanToNum(y, 1.0, std::nullopt, std::nullopt, {.inplace = true}).ok());
  EXPECT_THAT(Values(y), ElementsAre(1.0, 2.0));
}

TEST(RoundTest, Decimals) {
  EXPECT_THAT(Values(*RoundDecimals(Make({0.125, 0.375, 1.2345, -2.675, 1e38, 2.5, -0.5}), 2)),
              AllClose(std::vector<double>{0.11999999731779099, 0.3799999952316284,
                                           1.2300000190734863, -2.680000066757202, kInf, 2.5,
                                           -0.5},
                       1e-7));
  EXPECT_THAT(Values(*RoundDecimals(Make({1234.5, 15.0, 25.0, -35.0, 0.4}), -1)),
              SameBits(std::vector<double>{1230.0, 20.0, 20.0, -40.0, 0.0}));
  EXPECT_THAT(Values(*RoundDecimals(Make({2.5, 3.5}, DType::kFloat64), 0)), ElementsAre(2, 4));
  EXPECT_THAT(RoundDecimals(Make({1}, DType::kInt64), 1).status(),
              IsPyError("RuntimeError", "\"round_cpu\" not implemented for 'Long'"));
}

}  // namespace
}  // namespace wick::tensor
