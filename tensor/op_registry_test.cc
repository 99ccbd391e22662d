#include "tensor/op_registry.h"

#include "gtest/gtest.h"
#include "base/python_error.h"

namespace wick::tensor {
namespace {

TEST(Schema, ParsesAndPrintsCanonically) {
  const char* cases[] = {
      "add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor",
      "add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)",
      "max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
      "sum(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
      "view(Tensor(a) self, int[] size) -> Tensor(a)",
      "index.Tensor(Tensor self, Tensor?[] indices) -> Tensor",
      "split(Tensor self, int split_size, int dim=0) -> Tensor[]",
      "layer_norm(Tensor input, int[] normalized_shape, Tensor? weight=None, Tensor? bias=None, float eps=1e-05) -> Tensor",
      "gelu(Tensor self, *, str approximate='none') -> Tensor",
  };
  for (const char* c : cases) {
    absl::StatusOr<OpSchema> s = ParseSchema(c);
    ASSERT_TRUE(s.ok()) << s.status();
    EXPECT_EQ(s->ToString(), c);
  }
  EXPECT_FALSE(ParseSchema("add(Tensor self").ok());
}

TEST(Schema, ReportsErrorsWithColumn) {
  absl::StatusOr<OpSchema> s = ParseSchema("add(Tensr self) -> Tensor");
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.status().message().find("unknown type 'Tensr'"), std::string::npos);
}

absl::StatusOr<Value> Echo(const OpArgs& a) {
  std::vector<Tensor> out;
  out.push_back(a.tensor(0));
  out.push_back(a.tensor(1));
  return Value(std::move(out));
}

class RegistryTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(r_.Register("pair(Tensor self, Tensor other, *, Scalar alpha=1) -> (Tensor, Tensor)",
                            Echo, Echo, {.method = true, .numbers_as_tensors = true})
                    .ok());
    ASSERT_TRUE(r_.Register("mx(Tensor self) -> Tensor", nullptr,
                            [](const OpArgs& a) -> absl::StatusOr<Value> { return a[0]; })
                    .ok());
    ASSERT_TRUE(r_.Register("mx.dim(Tensor self, int dim, bool keepdim=False) -> Tensor",
                            nullptr,
                            [](const OpArgs& a) -> absl::StatusOr<Value> { return a[1]; })
                    .ok());
  }
  OpRegistry r_;
};

TEST_F(RegistryTest, BindsWithDefaultsAndWrapsNumbers) {
  Tensor t = Tensor::Meta({2}, DType::kFloat32);
  absl::StatusOr<BoundCall> b = r_.Bind("pair", {Value(t), Value(3)});
  ASSERT_TRUE(b.ok()) << b.status();
  ASSERT_EQ(b->args.size(), 3u);
  EXPECT_TRUE(b->args[1].to_tensor().is_wrapped_number());
  EXPECT_EQ(b->args[2].to_int(), 1);
  EXPECT_EQ(r_.Find("pair")->schema.returns.size(), 2u);
}

// Only ops flagged numbers_as_tensors take a Python number for a Tensor; elsewhere it is
// PyTorch's TypeError, naming `self` as the function form's `input`.
TEST_F(RegistryTest, NumbersForTensorsOnlyWhereTheOpAllowsThem) {
  Tensor t = Tensor::Meta({2}, DType::kFloat32);
  absl::Status s = r_.Bind("mx", {Value(3)}).status();
  EXPECT_EQ(PythonErrorType(s), "TypeError");
  EXPECT_EQ(s.message(), "mx() received an invalid combination of arguments - got (int), but "
                         "expected one of:\n * mx(Tensor self) -> Tensor\n"
                         " * mx.dim(Tensor self, int dim, bool keepdim=False) -> Tensor");
  ASSERT_TRUE(r_.Register("one(Tensor self, Tensor? other=None) -> Tensor", nullptr, Echo).ok());
  EXPECT_EQ(r_.Bind("one", {Value(2.5)}).status().message(),
            "one(): argument 'input' (position 1) must be Tensor, not float");
  EXPECT_EQ(r_.Bind("one", {Value(t), Value(true)}).status().message(),
            "one(): argument 'other' (position 2) must be Tensor, not bool");
  EXPECT_TRUE(r_.Bind("one", {Value(t), Value()}).ok());
}

// A 0-dim integer tensor stands for an int (PyTorch's __index__) only when nothing binds
// as given, and only with data: a meta tensor has no value.
TEST_F(RegistryTest, IndexTensorsForIntsInASecondPass) {
  Tensor t = Tensor::Meta({2}, DType::kFloat32);
  Tensor one = *Tensor::Empty({}, DType::kInt64);
  one.data<int64_t>()[0] = 1;
  absl::StatusOr<BoundCall> b = r_.Bind("mx", {Value(t), Value(one)});
  ASSERT_TRUE(b.ok()) << b.status();
  EXPECT_EQ(b->op->full_name(), "mx.dim");
  EXPECT_EQ(b->args[1].to_int(), 1);
  ASSERT_TRUE(r_.Register("mx.other(Tensor self, Tensor other) -> Tensor", nullptr, Echo).ok());
  // Registered after mx.dim, but it takes the tensor as given: it wins.
  EXPECT_EQ(r_.Bind("mx", {Value(t), Value(one)})->op->full_name(), "mx.other");
  Tensor f = *Tensor::Empty({}, DType::kFloat32);
  EXPECT_FALSE(BindArguments(*r_.Find("mx.dim"), {Value(t), Value(f)}, {}).ok());
  EXPECT_FALSE(
      BindArguments(*r_.Find("mx.dim"), {Value(t), Value(Tensor::Meta({}, DType::kInt64))}, {})
          .ok());
  EXPECT_TRUE(BindArguments(*r_.Find("mx.dim"), {Value(t), Value(one)}, {}).ok());
}

TEST_F(RegistryTest, ErrorsReadLikePython) {
  Tensor t = Tensor::Meta({2}, DType::kFloat32);
  auto missing = r_.Bind("pair", {Value(t)});
  EXPECT_EQ(missing.status().message(),
            "pair() missing 1 required positional argument: \"other\"");
  EXPECT_EQ(PythonErrorType(missing.status()), "TypeError");
  EXPECT_EQ(r_.Bind("pair", {Value(t), Value(t), Value(2)}).status().message(),
            "pair() takes 2 positional arguments but 3 were given");
  EXPECT_EQ(r_.Bind("pair", {Value(t), Value("x")}).status().message(),
            "pair(): argument 'other' (position 2) must be Tensor, not str");
  EXPECT_EQ(r_.Bind("pair", {Value(t), Value(t)}, {{"beta", 1}}).status().message(),
            "pair() got an unexpected keyword argument 'beta'");
}

TEST_F(RegistryTest, PicksTheFirstMatchingOverload) {
  Tensor t = Tensor::Meta({2}, DType::kFloat32);
  EXPECT_EQ(r_.Bind("mx", {Value(t)})->op->full_name(), "mx");
  EXPECT_EQ(r_.Bind("mx", {Value(t), Value(0)})->op->full_name(), "mx.dim");
  EXPECT_EQ(r_.Call("mx", {Value(t), Value(1)})->to_int(), 1);
  EXPECT_EQ(r_.CallMeta("mx", {Value(t)}).status().code(), absl::StatusCode::kUnimplemented);
  auto bad = r_.Bind("mx", {Value(t), Value("a")});
  EXPECT_NE(bad.status().message().find("received an invalid combination of arguments"),
            std::string::npos);
  EXPECT_EQ(r_.Bind("nope", {}).status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(r_.Register("mx(Tensor self) -> Tensor", nullptr, nullptr).code(),
            absl::StatusCode::kAlreadyExists);
}

TEST_F(RegistryTest, AliasFlags) {
  ASSERT_TRUE(r_.Register("v(Tensor(a) self, int[] size) -> Tensor(a)", nullptr, nullptr).ok());
  ASSERT_TRUE(r_.Register("a_(Tensor(a!) self) -> Tensor(a!)", nullptr, nullptr).ok());
  EXPECT_TRUE(r_.Find("v")->is_view());
  EXPECT_FALSE(r_.Find("v")->is_inplace());
  EXPECT_TRUE(r_.Find("a_")->is_inplace());
  EXPECT_FALSE(r_.Find("a_")->is_view());
}

}  // namespace
}  // namespace wick::tensor
