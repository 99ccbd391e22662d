// Unit tests of the parity harness against a small local registry (the real op groups
// are tested by the parity cases themselves): parsing, the input helpers, call
// dispatch (functions, methods, varargs, F adapters, missing ops) and record text.
#include <cmath>
#include <cstring>
#include <memory>

#include "base/python_error.h"
#include "gtest/gtest.h"
#include "tensor/shape.h"
#include "tests/parity/evaluator.h"
#include "tests/parity/expr.h"
#include "tests/parity/inputs.h"
#include "tests/parity/record.h"

namespace wick::parity {
namespace {

using tensor::DType;
using tensor::OpArgs;
using tensor::Tensor;
using tensor::Value;

std::vector<double> Values(const Tensor& t) {
  std::vector<double> out;
  for (int64_t i = 0; i < t.numel(); ++i) out.push_back(t.ElementAt(i).to_double());
  return out;
}

// --- Parsing -------------------------------------------------------------------------------

TEST(Parse, LiteralsCallsAndMethodChains) {
  auto stmts = ParseCase("torch.manual_seed(0) ; T(A(2, 3), 1, 0).sum(dim=-1, keepdim=True)");
  ASSERT_TRUE(stmts.ok()) << stmts.status();
  ASSERT_EQ(stmts->size(), 2u);
  const Expr& call = *(*stmts)[1];
  ASSERT_EQ(call.kind, Expr::Kind::kCall);
  EXPECT_EQ(call.target->kind, Expr::Kind::kAttr);
  EXPECT_EQ(call.target->text, "sum");
  EXPECT_EQ(call.target->DottedName(), "");  // The receiver is a call, not a module.
  ASSERT_EQ(call.kwargs.size(), 2u);
  EXPECT_EQ(call.kwargs[0].first, "dim");
  EXPECT_EQ(call.kwargs[0].second->i, -1);
  EXPECT_TRUE(call.kwargs[1].second->b);
  EXPECT_EQ((*stmts)[0]->target->DottedName(), "torch.manual_seed");
}

TEST(Parse, NumbersStringsAndContainers) {
  auto stmts =
      ParseCase("f(1.5, -2, 1e-3, .5, 5., -inf, nan, 'a#b', \"q\", None, [1, [2]], (3,), (4), ())");
  ASSERT_TRUE(stmts.ok()) << stmts.status();
  const auto& a = (*stmts)[0]->items;
  ASSERT_EQ(a.size(), 14u);
  EXPECT_EQ(a[0]->f, 1.5);
  EXPECT_EQ(a[1]->i, -2);
  EXPECT_EQ(a[2]->f, 1e-3);
  EXPECT_EQ(a[3]->f, 0.5);
  EXPECT_EQ(a[4]->f, 5.0);
  EXPECT_EQ(a[5]->f, -INFINITY);
  EXPECT_TRUE(std::isnan(a[6]->f));
  EXPECT_EQ(a[7]->text, "a#b");
  EXPECT_EQ(a[8]->text, "q");
  EXPECT_EQ(a[9]->kind, Expr::Kind::kNone);
  EXPECT_EQ(a[10]->kind, Expr::Kind::kList);
  EXPECT_EQ(a[10]->items[1]->kind, Expr::Kind::kList);
  EXPECT_EQ(a[11]->kind, Expr::Kind::kTuple);  // (3,) is a tuple...
  EXPECT_EQ(a[12]->kind, Expr::Kind::kInt);    // ...(4) is just 4.
  EXPECT_EQ(a[13]->kind, Expr::Kind::kTuple);
  EXPECT_TRUE(a[13]->items.empty());
}

TEST(Parse, ErrorsNameTheColumn) {
  EXPECT_EQ(ParseCase("torch.add(A(2), 'x").status().message(),
            "column 17: unterminated string literal");
  EXPECT_EQ(ParseCase("-A(2)").status().message(),
            "column 1: unary +/- applies to number literals only (no operators)");
  EXPECT_FALSE(ParseCase("torch.add(A(2) 1)").ok());
  EXPECT_FALSE(ParseCase("A(2) + A(2)").ok());
  EXPECT_FALSE(ParseCase("f(x=1, 2)").ok());
  EXPECT_FALSE(ParseCase("99999999999999999999").ok());
  EXPECT_FALSE(ParseCase("").ok());
}

TEST(Parse, StripCommentKeepsHashesInStrings) {
  EXPECT_EQ(StripComment("A(3)  # tol=1e-4"), "A(3)  ");
  EXPECT_EQ(StripComment("f('#x') # c"), "f('#x') ");
  EXPECT_EQ(StripComment("# only a comment"), "");
}

// --- Inputs ---------------------------------------------------------------------------------

TEST(Inputs, ArangeVariedAndPositive) {
  auto a = CallInputHelper("A", {Value(2), Value(3)}, {{"dtype", Value(DType::kInt32)}});
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->to_tensor().dtype(), DType::kInt32);
  EXPECT_EQ(Values(a->to_tensor()), (std::vector<double>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(a->to_tensor().sizes(), tensor::Shape({2, 3}));

  // ((i * 7919 + seed * 104729) % 2001 - 1000) / 250: i = 0, 1, 2 with seed 1.
  auto v = CallInputHelper("V", {Value(std::vector<int64_t>{3})},
                           {{"seed", Value(1)}, {"dtype", Value(DType::kFloat64)}});
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_EQ(
      Values(v->to_tensor()),
      (std::vector<double>{(104729 % 2001 - 1000) / 250.0, ((7919 + 104729) % 2001 - 1000) / 250.0,
                           ((2 * 7919 + 104729) % 2001 - 1000) / 250.0}));
  auto p = CallInputHelper("P", {Value(2)}, {});
  ASSERT_TRUE(p.ok());
  // (i * 7919 % 2001 + 1) / 500 in float64, then rounded to float32.
  EXPECT_EQ(Values(p->to_tensor()),
            (std::vector<double>{static_cast<float>(1 / 500.0), static_cast<float>(1917 / 500.0)}));
  auto zero_dim = CallInputHelper("A", {}, {});
  EXPECT_EQ(zero_dim->to_tensor().dim(), 0);
  EXPECT_EQ(PythonErrorType(CallInputHelper("A", {Value(2)}, {{"seed", Value(1)}}).status()),
            "TypeError");
  EXPECT_EQ(PythonErrorType(CallInputHelper("B", {}, {}).status()), "NameError");
}

TEST(Inputs, TransposeIsAPermutedView) {
  Tensor a = CallInputHelper("A", {Value(2), Value(3), Value(4)}, {})->to_tensor();
  auto t = CallInputHelper("T", {Value(a), Value(2), Value(0), Value(1)}, {});
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_EQ(t->to_tensor().sizes(), tensor::Shape({4, 2, 3}));
  EXPECT_EQ(t->to_tensor().strides(), tensor::Shape({1, 12, 4}));
  EXPECT_TRUE(t->to_tensor().shares_storage(a));
  EXPECT_EQ(CallInputHelper("T", {Value(a), Value(0), Value(0), Value(1)}, {}).status().message(),
            "permute(): duplicate dims are not allowed.");
  EXPECT_EQ(
      PythonErrorType(CallInputHelper("T", {Value(a), Value(0), Value(5), Value(1)}, {}).status()),
      "IndexError");
  EXPECT_EQ(PythonErrorType(CallInputHelper("T", {Value(a), Value(0)}, {}).status()),
            "RuntimeError");
}

absl::StatusOr<Tensor> Literal(absl::string_view text, std::optional<DType> dt = std::nullopt,
                               bool requires_grad = false) {
  auto stmts = ParseCase(text);
  if (!stmts.ok()) return stmts.status();
  return TensorFromLiteral(*(*stmts)[0], dt, requires_grad);
}

TEST(Inputs, TorchTensorInfersDtypeAndShape) {
  EXPECT_EQ(Literal("[[1, 2], [3, 4]]")->dtype(), DType::kInt64);
  EXPECT_EQ(Literal("[[1, 2], [3, 4]]")->sizes(), tensor::Shape({2, 2}));
  EXPECT_EQ(Literal("[True, 2]")->dtype(), DType::kInt64);
  EXPECT_EQ(Literal("[1, 2.5, True]")->dtype(), DType::kFloat32);
  EXPECT_EQ(Literal("[True, False]")->dtype(), DType::kBool);
  EXPECT_EQ(Literal("[]")->dtype(), DType::kFloat32);
  EXPECT_EQ(Literal("[[]]")->sizes(), tensor::Shape({1, 0}));
  EXPECT_EQ(Literal("3.5")->dim(), 0);
  EXPECT_EQ(Values(*Literal("[1.7, -1.7]", DType::kInt64)), (std::vector<double>{1, -1}));
  EXPECT_TRUE(Literal("[1.5]", std::nullopt, true)->requires_grad());
}

TEST(Inputs, TorchTensorErrorsMatchPyTorch) {
  EXPECT_EQ(Literal("[[1, 2], [3]]").status().message(),
            "expected sequence of length 2 at dim 1 (got 1)");
  EXPECT_EQ(PythonErrorType(Literal("[[1, 2], [3]]").status()), "ValueError");
  EXPECT_EQ(PythonErrorType(Literal("[[1], 2]").status()), "TypeError");
  EXPECT_EQ(PythonErrorType(Literal("[1, [2]]").status()), "TypeError");
  EXPECT_EQ(PythonErrorType(Literal("[None]").status()), "RuntimeError");
  EXPECT_EQ(Literal("[3.5e9]", DType::kInt32).status().message(),
            "value cannot be converted to type int32 without overflow");
  EXPECT_FALSE(Literal("[nan]", DType::kInt64).ok());
  EXPECT_FALSE(Literal("[1, 2]", std::nullopt, true).ok());
}

// --- Dispatch -------------------------------------------------------------------------------

absl::StatusOr<Value> AddKernel(const OpArgs& a) {
  const Tensor& x = a.tensor(0);
  const double y = a.tensor(1).ElementAt(0).to_double() * a.scalar(2).to_double();
  Tensor out = *Tensor::Empty(x.sizes(), DType::kFloat32);
  for (int64_t i = 0; i < x.numel(); ++i) {
    out.data<float>()[i] = static_cast<float>(x.ElementAt(i).to_double() + y);
  }
  return Value(out);
}

class DispatchTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(r_.Register("add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor",
                            nullptr, AddKernel, {.method = true, .numbers_as_tensors = true})
                    .ok());
    ASSERT_TRUE(r_.Register("view(Tensor(a) self, int[] size) -> Tensor(a)", nullptr,
                            [](const OpArgs& a) -> absl::StatusOr<Value> {
                              return Value(Tensor::View(a.tensor(0), a.int_list(1),
                                                        tensor::ContiguousStrides(a.int_list(1)),
                                                        0));
                            },
                            {.function = false, .method = true})
                    .ok());
    ASSERT_TRUE(r_.Register("zeros(int[] size, *, ScalarType? dtype=None) -> Tensor", nullptr,
                            [](const OpArgs& a) -> absl::StatusOr<Value> {
                              Tensor t = *Tensor::Empty(
                                  a.int_list(0), a.optional_dtype(1).value_or(DType::kFloat32));
                              std::memset(t.raw_data(), 0, t.numel() * t.element_size());
                              return Value(t);
                            })
                    .ok());
    ASSERT_TRUE(r_.Register("relu(Tensor self) -> Tensor", nullptr,
                            [](const OpArgs& a) -> absl::StatusOr<Value> { return a[0]; },
                            {.method = true})
                    .ok());
  }
  absl::StatusOr<Value> Run(absl::string_view text) {
    auto stmts = ParseCase(text);
    if (!stmts.ok()) return stmts.status();
    ev_ = std::make_unique<Evaluator>(r_);
    return ev_->Run(*stmts);
  }
  tensor::OpRegistry r_;
  std::unique_ptr<Evaluator> ev_;
};

TEST_F(DispatchTest, FunctionsMethodsAndKeywords) {
  auto v = Run("torch.add(A(3), 1.5, alpha=2)");
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_EQ(Values(v->to_tensor()), (std::vector<double>{3, 4, 5}));
  v = Run("A(3).add(1)");
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_EQ(Values(v->to_tensor()), (std::vector<double>{1, 2, 3}));
}

TEST_F(DispatchTest, VarargsIntLists) {
  auto v = Run("A(6).view(2, 3)");
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_EQ(v->to_tensor().sizes(), tensor::Shape({2, 3}));
  EXPECT_EQ(Run("A(6).view(6)")->to_tensor().sizes(), tensor::Shape({6}));
  EXPECT_EQ(Run("A(6).view((3, 2))")->to_tensor().sizes(), tensor::Shape({3, 2}));
  v = Run("torch.zeros(2, 3, dtype=torch.int64)");
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_EQ(v->to_tensor().dtype(), DType::kInt64);
  EXPECT_EQ(v->to_tensor().sizes(), tensor::Shape({2, 3}));
}

TEST_F(DispatchTest, SpellingsPythonCannotSeeAreAttributeErrors) {
  EXPECT_EQ(PythonErrorType(Run("torch.view(A(6), 6)").status()), "AttributeError");
  EXPECT_EQ(PythonErrorType(Run("A(2).zeros(2)").status()), "AttributeError");
  EXPECT_EQ(PythonErrorType(Run("torch.add(A(3), 'x')").status()), "TypeError");
  EXPECT_EQ(PythonErrorType(Run("x.add(1)").status()), "NameError");
}

TEST_F(DispatchTest, MissingOpsAreNamed) {
  auto v = Run("torch.frac(A(3).sinc())");
  EXPECT_EQ(v.status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(ev_->missing(), std::vector<std::string>{"Tensor.sinc"});
  EXPECT_EQ(Run("torch.float16").status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(ev_->missing(), std::vector<std::string>{"torch.float16"});
  const absl::Status status = Run("torch.linalg.inv(A(2, 2))").status();
  EXPECT_EQ(ErrorRecord(status, ev_->missing()), "error NotFound\nmissing torch.linalg.inv\n");
}

TEST_F(DispatchTest, TensorBuiltinsAndAttributes) {
  auto v = Run("T(A(2, 3), 1, 0).stride()");
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_EQ(v->to_int_list(), (std::vector<int64_t>{1, 3}));
  EXPECT_EQ(Run("A(2, 3).size(-1)")->to_int(), 3);
  EXPECT_EQ(Run("A(2, 3).shape")->to_int_list(), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(Run("A(2, 3).dtype")->to_dtype(), DType::kFloat32);
  EXPECT_FALSE(Run("T(A(2, 3), 1, 0).is_contiguous()")->to_bool());
  EXPECT_EQ(Run("A(1).item()")->to_double(), 0.0);
  EXPECT_EQ(PythonErrorType(Run("A(2).item()").status()), "RuntimeError");
  EXPECT_EQ(PythonErrorType(Run("A(2).size(3)").status()), "IndexError");
}

TEST_F(DispatchTest, FunctionalAdapters) {
  EXPECT_TRUE(Run("F.relu(A(2))").ok());
  EXPECT_TRUE(Run("torch.nn.functional.relu(input=A(2))").ok());
  EXPECT_EQ(Run("F.relu(A(2), True, 3)").status().message(),
            "relu() takes from 1 to 2 positional arguments but 3 were given");
  EXPECT_EQ(Run("F.dropout(A(2), 1.5)").status().message(),
            "dropout probability has to be between 0 and 1, but got 1.5");
  EXPECT_EQ(PythonErrorType(Run("F.dropout(A(2), 1.5)").status()), "ValueError");
  EXPECT_EQ(Run("F.gelu(A(2))").status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(ev_->missing(), std::vector<std::string>{"F.gelu"});
}

TEST_F(DispatchTest, StatementsRunInOrderAndTheLastIsTheResult) {
  auto v = Run("A(2) ; A(3)");
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(v->to_tensor().numel(), 3);
  EXPECT_EQ(PythonErrorType(Run("torch.add(A(2), 'x') ; A(3)").status()), "TypeError");
}

// --- Records --------------------------------------------------------------------------------

TEST(Record, TensorRecordLines) {
  Tensor t = *Literal("[[1.5, -0.0], [nan, 100.0]]");
  std::string out;
  AppendRecord(Value(t), "", &out);
  EXPECT_EQ(out,
            "type Tensor\n"
            "dtype torch.float32\n"
            "shape [2, 2]\n"
            "stride [2, 1]\n"
            "values 1.5 -0.0 nan 100.0\n"
            "str tensor([[  1.5000,  -0.0000],\\n        [     nan, 100.0000]])\n");
}

TEST(Record, TuplesScalarsAndOthers) {
  std::string out;
  AppendRecord(Value(std::vector<Tensor>{*Literal("[True]"), *Literal("7")}), "", &out);
  EXPECT_EQ(out,
            "type tuple 2\n"
            "[0] type Tensor\n[0] dtype torch.bool\n[0] shape [1]\n[0] stride [1]\n"
            "[0] values True\n[0] str tensor([True])\n"
            "[1] type Tensor\n[1] dtype torch.int64\n[1] shape []\n[1] stride []\n"
            "[1] values 7\n[1] str tensor(7)\n");
  out.clear();
  AppendRecord(Value(std::vector<int64_t>{2, 3}), "", &out);
  EXPECT_EQ(out, "type tuple 2\n[0] type scalar\n[0] value 2\n[1] type scalar\n[1] value 3\n");
  out.clear();
  AppendRecord(Value(0.1), "", &out);
  AppendRecord(Value(), "", &out);
  AppendRecord(Value(DType::kFloat64), "", &out);
  AppendRecord(Value("it's"), "", &out);
  EXPECT_EQ(out,
            "type scalar\nvalue 0.1\ntype None\ntype dtype\nvalue torch.float64\n"
            "type str\nvalue \"it's\"\n");
  EXPECT_EQ(ErrorRecord(IndexError("x"), {}), "error IndexError\n");
  EXPECT_EQ(ErrorRecord(absl::InternalError("x"), {}), "error RuntimeError\n");
}

}  // namespace
}  // namespace wick::parity
