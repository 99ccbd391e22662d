// Tests for RegisterReductionOps: schemas parse, overloads bind in PyTorch's order,
// kernels and meta functions agree on sizes and dtypes, and Python-level errors surface.
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tensor/op_registry.h"
#include "tensor/ops/ops.h"
#include "tensor/ops/reduction/internal/test_util.h"

namespace wick::tensor {
namespace {

using reduce_testing::Arange;
using reduce_testing::Make;
using reduce_testing::Sizes;
using reduce_testing::Values;
using V = std::vector<double>;
using I = std::vector<int64_t>;

class ReductionOpsTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(ops::RegisterReductionOps(r_).ok()); }

  std::string Bound(absl::string_view name, std::vector<Value> args, const Kwargs& kw = {}) {
    absl::StatusOr<BoundCall> b = r_.Bind(name, args, kw);
    return b.ok() ? b->op->full_name() : std::string(b.status().message());
  }
  Tensor CallTensor(absl::string_view name, std::vector<Value> args, const Kwargs& kw = {}) {
    absl::StatusOr<Value> v = r_.Call(name, args, kw);
    EXPECT_TRUE(v.ok()) << name << ": " << v.status();
    return v.ok() && v->is_tensor() ? v->to_tensor() : Tensor();
  }

  OpRegistry r_;
  const Tensor x_ = Arange({2, 3, 4});
};

TEST_F(ReductionOpsTest, OverloadsBindLikePyTorch) {
  EXPECT_EQ(Bound("max", {x_}), "max");
  EXPECT_EQ(Bound("max", {x_, 1}), "max.dim");
  EXPECT_EQ(Bound("max", {x_, 1, true}), "max.dim");
  EXPECT_EQ(Bound("max", {x_}, {{"dim", 0}}), "max.dim");
  EXPECT_EQ(Bound("max", {x_, x_}), "max.other");
  EXPECT_EQ(Bound("min", {x_, x_}), "min.other");
  EXPECT_EQ(Bound("var", {x_}), "var");
  EXPECT_EQ(Bound("var", {x_, false}), "var");
  EXPECT_EQ(Bound("var", {x_, 1}), "var.dim");
  EXPECT_EQ(Bound("std", {x_, 0, true, true}), "std.dim");
  EXPECT_EQ(Bound("var", {x_, Value()}, {{"correction", 0}}), "var.correction");
  EXPECT_EQ(Bound("std_mean", {x_}, {{"dim", 1}, {"correction", 0}}), "std_mean.correction");
  EXPECT_EQ(Bound("norm", {x_}), "norm.str");
  EXPECT_EQ(Bound("norm", {x_, 1}), "norm.Scalar");
  EXPECT_EQ(Bound("norm", {x_, Value()}, {{"dim", 1}}), "norm.Scalar");
  EXPECT_EQ(Bound("prod", {x_, 1}), "prod.dim_int");
  EXPECT_EQ(Bound("count_nonzero", {x_, 1}), "count_nonzero");
  EXPECT_EQ(Bound("count_nonzero", {x_, std::vector<int64_t>{0, 1}}), "count_nonzero.dim_IntList");
  EXPECT_EQ(Bound("all", {x_, 0}), "all.dim");
  // 1.13's var.correction needs dim (None allowed), so this does not bind.
  EXPECT_NE(Bound("var", {x_}, {{"correction", 2}}).find("invalid combination"), std::string::npos);
}

TEST_F(ReductionOpsTest, MethodsAndFunctions) {
  for (const char* m : {"sum", "mean", "prod", "max", "min", "amax", "argmax", "var", "std", "norm",
                        "all", "any", "cumsum", "cumprod", "logsumexp", "count_nonzero"}) {
    for (const OpDef* op : r_.Overloads(m)) {
      EXPECT_TRUE(op->flags.method && op->flags.function) << op->full_name();
    }
  }
  for (const OpDef* op : r_.Overloads("var_mean")) EXPECT_FALSE(op->flags.method);
}

TEST_F(ReductionOpsTest, CallsReachTheKernels) {
  Tensor s = CallTensor("sum", {x_, 1}, {{"dtype", DType::kFloat64}});
  EXPECT_EQ(s.dtype(), DType::kFloat64);
  EXPECT_EQ(Values(s), V({12, 15, 18, 21, 48, 51, 54, 57}));
  s = CallTensor("sum", {x_, std::vector<int64_t>{0, 2}, true});
  EXPECT_EQ(Sizes(s), I({1, 3, 1}));
  absl::StatusOr<Value> mx = r_.Call("max", {x_, -1});
  ASSERT_TRUE(mx.ok()) << mx.status();
  ASSERT_TRUE(mx->is_tensor_list());
  EXPECT_EQ(Values(mx->to_tensor_list()[1]), V({3, 3, 3, 3, 3, 3}));
  const Tensor other = Make({4}, {30, 0, 30, 0});
  EXPECT_EQ(Values(CallTensor("min", {Arange({4}), other})), V({0, 0, 2, 0}));
  EXPECT_EQ(Values(CallTensor("max", {Arange({4}), other})), V({30, 1, 30, 3}));
  absl::StatusOr<Value> vm = r_.Call("var_mean", {x_, 1}, {{"keepdim", true}});
  ASSERT_TRUE(vm.ok()) << vm.status();
  EXPECT_EQ(vm->to_tensor_list().size(), 2u);
  EXPECT_EQ(Values(vm->to_tensor_list()[1]).front(), 4.0);
  EXPECT_NEAR(Values(CallTensor("norm", {x_}))[0], 65.757125854, 1e-4);
  EXPECT_NEAR(Values(CallTensor("norm", {x_, 1}))[0], 276, 1e-4);
  EXPECT_EQ(Values(CallTensor("count_nonzero", {x_, std::vector<int64_t>{0, 1}})), V({5, 6, 6, 6}));
  EXPECT_EQ(Values(CallTensor("argmax", {x_}, {{"keepdim", true}})), V({23}));
  EXPECT_EQ(Values(CallTensor("cumsum", {Arange({3}, DType::kInt32), 0})), V({0, 1, 3}));
  EXPECT_EQ(Sizes(CallTensor("logsumexp", {x_, 2}, {{"keepdim", true}})), I({2, 3, 1}));
}

TEST_F(ReductionOpsTest, NormStringErrors) {
  auto err = [&](std::vector<Value> args, const Kwargs& kw) {
    absl::StatusOr<Value> v = r_.Call("norm", args, kw);
    EXPECT_FALSE(v.ok());
    return PythonErrorType(v.status()) + ": " + std::string(v.status().message());
  };
  EXPECT_EQ(err({x_}, {{"dtype", DType::kFloat64}}),
            "ValueError: dtype argument is not supported in frobenius norm");
  EXPECT_EQ(err({x_, "nuc"}, {{"dtype", DType::kFloat64}}),
            "ValueError: dtype argument is not supported in nuclear norm");
  EXPECT_EQ(err({x_, "abc"}, {}),
            "RuntimeError: only valid string values are 'fro' and 'nuc', found abc");
  EXPECT_EQ(err({x_, "nuc"}, {}).rfind("NotImplementedError", 0), 0u);
  EXPECT_EQ(err({x_, "fro", std::vector<int64_t>{0, 1, 2}}, {}),
            "RuntimeError: Expected at most 2 dimensions, but got 3 dimensions instead.");
}

// torch.cosine_similarity: each input over its own clamped norm, then summed; values
// from PyTorch 1.13 (float32 rounding included).
TEST_F(ReductionOpsTest, CosineSimilarity) {
  const Tensor a = Make({2, 3}, {1, 2, 3, 0, 0, 0});
  const Tensor b = Make({2, 3}, {3, -1, 2, 1, 1, 1});
  EXPECT_EQ(Values(CallTensor("cosine_similarity", {a, b})), (V{0.4999999701976776, 0.0}));
  EXPECT_EQ(Values(CallTensor("cosine_similarity", {a, b, 0})),
            (V{0.9486832618713379, -0.7071067690849304, 0.8944271802902222}));
  absl::StatusOr<Value> m = r_.CallMeta(
      "cosine_similarity",
      {Tensor::Meta({4, 1, 6}, DType::kInt64), Tensor::Meta({3, 6}, DType::kFloat64)},
      {{"dim", -1}});
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(Sizes(m->to_tensor()), (I{4, 3}));
  EXPECT_EQ(m->to_tensor().dtype(), DType::kFloat64);
  absl::StatusOr<Value> ints = r_.Call("cosine_similarity", {Arange({3}, DType::kInt64),
                                                             Arange({3}, DType::kInt64), 0});
  EXPECT_EQ(ints.status().message(),
            "expected common dtype to be floating point, yet common dtype is Long");
}

TEST_F(ReductionOpsTest, ScansInPlace) {
  Tensor t = Arange({2, 3}, DType::kInt32);
  absl::StatusOr<Value> v = r_.Call("cumsum_", {t, 1});
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_TRUE(v->to_tensor().is_same(t));
  EXPECT_EQ(t.dtype(), DType::kInt32);
  EXPECT_EQ(Values(t), (V{0, 1, 3, 3, 7, 12}));
  EXPECT_EQ(t.version(), 1u);
  EXPECT_EQ(r_.Call("cumsum_", {t, 1}, {{"dtype", DType::kFloat32}}).status().message(),
            "Bad in-place call: input tensor dtype int and output tensor dtype float should "
            "match");
  EXPECT_EQ(r_.Call("cumprod_", {Make({2}, {1, 0}, DType::kBool), 0}).status().message(),
            "\"cumprod_out_cpu\" not implemented for 'Bool'");
  EXPECT_FALSE(r_.Find("cumsum_")->flags.function);
}

// The meta function of every call gives the kernel's sizes and dtypes.
TEST_F(ReductionOpsTest, MetaMatchesKernels) {
  const Tensor meta = Tensor::Meta({2, 3, 4}, DType::kFloat32);
  const Tensor imeta = Tensor::Meta({2, 3, 4}, DType::kInt32);
  const Tensor ireal = Arange({2, 3, 4}, DType::kInt32);
  struct Case {
    const char* op;
    std::vector<Value> args;
    Kwargs kw;
    bool ints = false;
  };
  const std::vector<Case> cases = {
      {"sum", {}, {}},
      {"sum", {1, true}, {}},
      {"sum", {}, {}, true},
      {"mean", {std::vector<int64_t>{0, 2}}, {}},
      {"prod", {2}, {}, true},
      {"max", {}, {}},
      {"max", {1}, {}},
      {"amin", {std::vector<int64_t>{-1, 0}, true}, {}},
      {"argmax", {}, {{"keepdim", true}}},
      {"argmin", {0}, {}, true},
      {"var", {2}, {}},
      {"std", {Value()}, {{"correction", 0}, {"keepdim", true}}},
      {"std_mean", {1}, {}},
      {"norm", {}, {}},
      {"norm", {3, 1}, {}},
      {"all", {1}, {}},
      {"any", {}, {}, true},
      {"count_nonzero", {}, {}},
      {"cumsum", {1}, {}, true},
      {"cumprod", {0}, {{"dtype", DType::kFloat64}}},
      {"logsumexp", {std::vector<int64_t>{0, 1}}, {}, true},
  };
  for (const Case& c : cases) {
    std::vector<Value> real_args = {c.ints ? ireal : x_};
    std::vector<Value> meta_args = {c.ints ? imeta : meta};
    for (const Value& v : c.args) {
      real_args.push_back(v);
      meta_args.push_back(v);
    }
    absl::StatusOr<Value> real = r_.Call(c.op, real_args, c.kw);
    absl::StatusOr<Value> m = r_.CallMeta(c.op, meta_args, c.kw);
    ASSERT_TRUE(real.ok() && m.ok()) << c.op << real.status() << m.status();
    std::vector<Tensor> rt =
        real->is_tensor() ? std::vector<Tensor>{real->to_tensor()} : real->to_tensor_list();
    std::vector<Tensor> mt =
        m->is_tensor() ? std::vector<Tensor>{m->to_tensor()} : m->to_tensor_list();
    ASSERT_EQ(rt.size(), mt.size()) << c.op;
    for (size_t i = 0; i < rt.size(); ++i) {
      EXPECT_TRUE(mt[i].is_meta()) << c.op;
      EXPECT_EQ(Sizes(rt[i]), Sizes(mt[i])) << c.op;
      EXPECT_EQ(reduce_testing::Strides(rt[i]), reduce_testing::Strides(mt[i])) << c.op;
      EXPECT_EQ(rt[i].dtype(), mt[i].dtype()) << c.op;
    }
  }
}

}  // namespace
}  // namespace wick::tensor
