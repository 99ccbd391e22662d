// The registry face of pointwise ops: every op registers, overloads bind as in PyTorch
// (numbers to Scalar overloads, div's rounding_mode, round's decimals), Python numbers are
// rejected where PyTorch's parser rejects them, meta functions agree with kernels, and
// in-place ops return their target.
#include "tensor/op_registry.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tensor/ops/ops.h"
#include "tensor/ops/pointwise/internal/test_util.h"

namespace wick::tensor {
namespace {

using ::testing::ElementsAre;
using testing::Arange;
using testing::IsPyError;
using testing::Make;
using testing::Permute;
using testing::Values;
using testing::Vec;

class PointwiseRegistryTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    registry_ = new OpRegistry();
    ASSERT_TRUE(ops::RegisterPointwiseOps(*registry_).ok());
  }
  static void TearDownTestSuite() { delete registry_; }

  static absl::StatusOr<Tensor> Call(absl::string_view name, std::vector<Value> args,
                                     const Kwargs& kwargs = {}) {
    absl::StatusOr<Value> v = registry_->Call(name, args, kwargs);
    if (!v.ok()) return v.status();
    return v->to_tensor();
  }
  static std::string Bound(absl::string_view name, std::vector<Value> args,
                           const Kwargs& kwargs = {}) {
    absl::StatusOr<BoundCall> b = registry_->Bind(name, args, kwargs);
    return b.ok() ? b->op->full_name() : std::string(b.status().message());
  }

  static OpRegistry* registry_;
};

OpRegistry* PointwiseRegistryTest::registry_ = nullptr;

TEST_F(PointwiseRegistryTest, RegistersEveryOp) {
  for (const char* name :
       {"add", "add_", "sub", "sub_", "rsub", "mul", "mul_", "div", "div_", "floor_divide",
        "floor_divide_", "remainder", "remainder_", "fmod", "fmod_", "pow", "pow_", "neg", "neg_",
        "abs", "abs_", "sign", "sign_", "reciprocal", "square", "square_", "exp", "exp_", "log",
        "log2", "log10", "log1p", "expm1", "sqrt", "sqrt_", "rsqrt", "sin", "cos", "tan", "asin",
        "tanh", "tanh_", "sigmoid", "sigmoid_", "relu", "relu_", "gelu", "gelu_", "silu",
        "silu_", "erf", "floor", "ceil", "round", "round_", "trunc", "clamp", "clamp_",
        "clamp_min", "clamp_min_", "clamp_max", "clamp_max_", "clip", "maximum", "minimum",
        "where", "eq", "eq_", "ne", "lt", "le", "gt", "ge", "logical_and", "logical_or",
        "logical_xor", "logical_not", "bitwise_and", "bitwise_or", "bitwise_xor",
        "bitwise_not", "isnan", "isinf", "isfinite", "nan_to_num", "nan_to_num_", "lerp",
        "lerp_", "addcmul", "addcmul_", "addcdiv", "addcdiv_", "hardtanh", "leaky_relu", "elu",
        "softplus"}) {
    EXPECT_FALSE(registry_->Overloads(name).empty()) << name;
  }
  const OpDef* add_ = registry_->Find("add_.Tensor");
  ASSERT_NE(add_, nullptr);
  EXPECT_TRUE(add_->is_inplace());
  EXPECT_TRUE(add_->flags.method);
  EXPECT_FALSE(add_->flags.function);
  EXPECT_TRUE(registry_->Find("exp_")->flags.function);  // torch.exp_ exists.
  EXPECT_FALSE(registry_->Find("gelu")->flags.function);  // torch.nn.functional only.
  EXPECT_FALSE(registry_->Find("rsub.Tensor")->flags.method);
  EXPECT_TRUE(registry_->Find("where.self")->flags.method);
}

TEST_F(PointwiseRegistryTest, OverloadsBindLikePyTorch) {
  const Tensor x = Make({1.0, 2.0});
  EXPECT_EQ(Bound("pow", {x, 2}), "pow.Tensor_Scalar");
  EXPECT_EQ(Bound("pow", {2, x}), "pow.Scalar");
  EXPECT_EQ(Bound("pow", {x, x}), "pow.Tensor_Tensor");
  EXPECT_EQ(Bound("eq", {x, 2.5}), "eq.Scalar");
  EXPECT_EQ(Bound("eq", {x, x}), "eq.Tensor");
  EXPECT_EQ(Bound("div", {x, x}), "div.Tensor");
  EXPECT_EQ(Bound("div", {x, x}, {{"rounding_mode", "floor"}}), "div.Tensor_mode");
  EXPECT_EQ(Bound("div", {x, x}, {{"rounding_mode", Value()}}), "div.Tensor_mode");
  EXPECT_EQ(Bound("round", {x}), "round");
  EXPECT_EQ(Bound("round", {x}, {{"decimals", 1}}), "round.decimals");
  EXPECT_EQ(Bound("clamp", {x, 0, 1}), "clamp");
  EXPECT_EQ(Bound("clamp", {x}, {{"min", x}}), "clamp.Tensor");
  EXPECT_EQ(Bound("lerp", {x, x, 0.5}), "lerp.Scalar");
  EXPECT_EQ(Bound("lerp", {x, x, x}), "lerp.Tensor");
}

TEST_F(PointwiseRegistryTest, KernelsComputeValues) {
  const Tensor x = Make({1.0, 2.0, 3.0});
  EXPECT_THAT(Values(*Call("add", {x, x}, {{"alpha", 2}})), ElementsAre(3, 6, 9));
  EXPECT_THAT(Values(*Call("rsub", {x, 10})), ElementsAre(9, 8, 7));
  EXPECT_THAT(Values(*Call("div", {Make({7, -7}, DType::kInt64), 2}, {{"rounding_mode", "floor"}})),
              ElementsAre(3, -4));
  EXPECT_THAT(Values(*Call("pow", {2, Make({3, 4}, DType::kInt64)})), ElementsAre(8, 16));
  EXPECT_THAT(Values(*Call("clamp", {x}, {{"max", 2}})), ElementsAre(1, 2, 2));
  EXPECT_THAT(Values(*Call("clamp", {x}, {{"min", Make({2.5})}})), ElementsAre(2.5, 2.5, 3));
  EXPECT_THAT(Values(*Call("where", {Make({1, 0, 1}, DType::kBool), x, 0})), ElementsAre(1, 0, 3));
  EXPECT_THAT(Values(*Call("gelu", {Make({0.0})}, {{"approximate", "tanh"}})), ElementsAre(0));
  EXPECT_THAT(Values(*Call("hardtanh", {Make({-3.0, 0.5, 3.0})})), ElementsAre(-1, 0.5, 1));
  EXPECT_THAT(Values(*Call("leaky_relu", {Make({-1.0, 1.0})})),
              ElementsAre(::testing::DoubleEq(static_cast<double>(-0.01f)), 1));
  EXPECT_THAT(Values(*Call("round", {Make({1.25})}, {{"decimals", 1}})),
              ElementsAre(::testing::DoubleEq(static_cast<double>(1.2f))));
  EXPECT_THAT(Values(*Call("nan_to_num", {Make({1.0})}, {{"nan", 0.0}})), ElementsAre(1));
  const Tensor lt = *Call("lt", {x, 2});
  EXPECT_EQ(lt.dtype(), DType::kBool);
  EXPECT_THAT(Values(lt), ElementsAre(1, 0, 0));
}

TEST_F(PointwiseRegistryTest, InPlaceReturnsSelf) {
  Tensor x = Make({1.0, 2.0});
  const Tensor r = *Call("mul_", {x, 3});
  EXPECT_TRUE(r.is_same(x));
  EXPECT_THAT(Values(x), ElementsAre(3, 6));
  EXPECT_EQ(x.version(), 1u);
  const Tensor c = *Call("clamp_", {x}, {{"max", 4}});
  EXPECT_TRUE(c.is_same(x));
  EXPECT_THAT(Values(x), ElementsAre(3, 4));
  EXPECT_THAT(Call("add_", {Make({1}, DType::kInt64), 1.5}).status(),
              IsPyError("RuntimeError",
                        "result type Float can't be cast to the desired output type Long"));
}

TEST_F(PointwiseRegistryTest, NumbersWherePyTorchWantsTensors) {
  const Tensor x = Make({1.0, 2.0});
  EXPECT_THAT(Call("maximum", {x, 2}).status(),
              IsPyError("TypeError",
                        "maximum(): argument 'other' (position 2) must be Tensor, not int"));
  EXPECT_THAT(Call("minimum", {2.5, x}).status(),
              IsPyError("TypeError",
                        "minimum(): argument 'input' (position 1) must be Tensor, not float"));
  EXPECT_THAT(Call("logical_and", {x, true}).status(),
              IsPyError("TypeError",
                        "logical_and(): argument 'other' (position 2) must be Tensor, not bool"));
  EXPECT_THAT(Call("exp", {2}).status(),
              IsPyError("TypeError",
                        "exp(): argument 'input' (position 1) must be Tensor, not int"));
  EXPECT_THAT(Call("eq", {2, x}).status(),
              IsPyError("TypeError",
                        "eq(): argument 'input' (position 1) must be Tensor, not int"));
  EXPECT_EQ(PythonErrorType(Call("lerp", {x, 3.0, 0.5}).status()), "TypeError");
  EXPECT_EQ(PythonErrorType(Call("where", {true, x, 2.5}).status()), "TypeError");
  EXPECT_EQ(PythonErrorType(Call("fmod", {2, x}).status()), "TypeError");
  // These take numbers anywhere, as torch does.
  EXPECT_THAT(Values(*Call("add", {2, Make({3, 4}, DType::kInt64)})), ElementsAre(5, 6));
  EXPECT_THAT(Values(*Call("remainder", {2, Make({3, -3}, DType::kInt64)})), ElementsAre(2, -1));
  EXPECT_THAT(Values(*Call("bitwise_or", {2, Make({3, 4}, DType::kInt64)})), ElementsAre(3, 6));
}

TEST_F(PointwiseRegistryTest, MetaMatchesKernel) {
  const Tensor xt = Permute(Arange({2, 3}), {1, 0});
  const std::vector<std::pair<std::string, std::vector<Value>>> calls = {
      {"add", {xt, 1}}, {"exp", {Make({1, 2}, DType::kInt64)}}, {"lt", {xt, Arange({3, 1})}},
      {"where", {Make({1, 0}, DType::kBool), Arange({3, 2}), 2.5}}, {"pow", {2, Arange({2})}},
      {"clamp", {Make({1, 2}, DType::kInt32), 0.5}}, {"div", {Make({1}, DType::kInt64), 2}}};
  for (const auto& [name, args] : calls) {
    absl::StatusOr<Value> meta = registry_->CallMeta(name, args);
    absl::StatusOr<Value> real = registry_->Call(name, args);
    ASSERT_TRUE(meta.ok() && real.ok()) << name;
    const Tensor& m = meta->to_tensor();
    const Tensor& r = real->to_tensor();
    EXPECT_TRUE(m.is_meta()) << name;
    EXPECT_EQ(m.dtype(), r.dtype()) << name;
    EXPECT_EQ(Vec(m.sizes()), Vec(r.sizes())) << name;
    EXPECT_EQ(Vec(m.strides()), Vec(r.strides())) << name;
  }
  EXPECT_THAT(registry_->CallMeta("add", {Arange({2, 3}), Arange({4})}).status(),
              IsPyError("RuntimeError", "The size of tensor a (3) must match the size of tensor "
                                        "b (4) at non-singleton dimension 1"));
}

}  // namespace
}  // namespace wick::tensor
