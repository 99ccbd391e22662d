#include "tensor/autograd/autograd.h"

#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "base/status_macros.h"
#include "gtest/gtest.h"
#include "tensor/autograd/derivatives.h"
#include "tensor/op_registry.h"

namespace wick::tensor::autograd {
namespace {

Tensor Randn(std::vector<int64_t> sizes, uint64_t seed) {
  Tensor t = *Tensor::Empty(sizes, DType::kFloat64);
  uint64_t s = seed * 2654435761u + 1;
  for (int64_t i = 0; i < t.numel(); ++i) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    t.data<double>()[i] = static_cast<double>((s >> 11) % 2000) / 1000.0 - 1.0;
  }
  return t;
}

double Item(const Tensor& t) { return t.Item()->to_double(); }

TEST(Derivatives, EveryKeyNamesARegisteredOp) {
  for (const std::string& k : DerivativeKeys()) {
    EXPECT_NE(OpRegistry::Global().Find(k), nullptr) << k;
  }
}

// Finite-difference check of d(sum(fn(inputs) * w))/d(inputs) in float64.
void GradCheck(const std::string& what, std::vector<Tensor> inputs,
               const std::function<absl::StatusOr<Tensor>(const std::vector<Tensor>&)>& fn) {
  for (Tensor& t : inputs) t.set_requires_grad(true);
  absl::StatusOr<Tensor> out = fn(inputs);
  ASSERT_TRUE(out.ok()) << what << ": " << out.status();
  Tensor w = Randn(std::vector<int64_t>(out->sizes().begin(), out->sizes().end()), 99);
  absl::StatusOr<Tensor> loss = CallT("sum", {*CallT("mul", {*out, w})});
  ASSERT_TRUE(loss.ok()) << loss.status();
  absl::StatusOr<std::vector<Tensor>> grads = Grad({*loss}, {}, inputs, false, false, true);
  ASSERT_TRUE(grads.ok()) << what << ": " << grads.status();
  GradModeGuard off(false);
  const double eps = 1e-6;
  for (size_t i = 0; i < inputs.size(); ++i) {
    for (int64_t j = 0; j < inputs[i].numel(); ++j) {
      double* p = inputs[i].data<double>() + j;
      const double orig = *p;
      *p = orig + eps;
      const double hi = Item(*CallT("sum", {*CallT("mul", {*fn(inputs), w})}));
      *p = orig - eps;
      const double lo = Item(*CallT("sum", {*CallT("mul", {*fn(inputs), w})}));
      *p = orig;
      const double numeric = (hi - lo) / (2 * eps);
      const double analytic =
          (*grads)[i].defined() ? (*grads)[i].Contiguous()->data<double>()[j] : 0.0;
      EXPECT_NEAR(numeric, analytic, 1e-5 + 1e-4 * std::abs(numeric))
          << what << " input " << i << " element " << j;
    }
  }
}

using Ts = std::vector<Tensor>;

// Randn plus `shift` on the diagonal of each trailing n x n matrix: well conditioned.
Tensor Conditioned(std::vector<int64_t> sizes, uint64_t seed, double shift = 3.0) {
  Tensor t = Randn(sizes, seed);
  const int64_t n = sizes.back();
  for (int64_t b = 0; b < t.numel() / (n * n); ++b) {
    for (int64_t i = 0; i < n; ++i) t.data<double>()[b * n * n + i * n + i] += shift;
  }
  return t;
}

TEST(Derivatives, LinalgGradCheck) {
  GradCheck("linalg_inv", {Conditioned({2, 3, 3}, 1)},
            [](const Ts& x) { return CallT("linalg_inv", {x[0]}); });
  GradCheck("det", {Conditioned({3, 3}, 2, 1.0)},
            [](const Ts& x) { return CallT("det", {x[0]}); });
  GradCheck("linalg_slogdet", {Conditioned({2, 3, 3}, 3, 1.0)}, [](const Ts& x) {
    absl::StatusOr<Value> r = Call("linalg_slogdet", {x[0]});
    if (!r.ok()) return absl::StatusOr<Tensor>(r.status());
    return absl::StatusOr<Tensor>(r->to_tensor_list()[1]);
  });
  GradCheck("linalg_solve", {Conditioned({2, 3, 3}, 4), Randn({3, 2}, 5)},
            [](const Ts& x) { return CallT("linalg_solve", {x[0], x[1]}); });
  GradCheck("linalg_solve-vector", {Conditioned({3, 3}, 6), Randn({3}, 7)},
            [](const Ts& x) { return CallT("linalg_solve", {x[0], x[1]}); });
  GradCheck("linalg_cholesky", {Conditioned({3, 3}, 8)}, [](const Ts& x) -> absl::StatusOr<Tensor> {
    ASSIGN_OR_RETURN(Tensor xt, CallT("transpose", {x[0], -2, -1}));
    ASSIGN_OR_RETURN(Tensor spd, CallT("matmul", {x[0], xt}));
    return CallT("linalg_cholesky", {spd});
  });
  GradCheck("linalg_eigh", {Randn({3, 3}, 11)}, [](const Ts& x) -> absl::StatusOr<Tensor> {
    ASSIGN_OR_RETURN(Tensor xt, CallT("transpose", {x[0], -2, -1}));
    ASSIGN_OR_RETURN(Tensor sym, CallT("add", {x[0], xt}));
    ASSIGN_OR_RETURN(Value wv, Call("linalg_eigh", {sym}));
    // Eigenvectors are defined up to sign: use V diag(w) V^T's pieces that are not.
    const Tensor& w = wv.to_tensor_list()[0];
    const Tensor& v = wv.to_tensor_list()[1];
    ASSIGN_OR_RETURN(Tensor vv, CallT("mul", {v, v}));
    ASSIGN_OR_RETURN(Tensor wvv, CallT("matmul", {vv, w}));
    return CallT("add", {wvv, w});
  });
  GradCheck("linalg_eigvalsh", {Randn({3, 3}, 12)}, [](const Ts& x) -> absl::StatusOr<Tensor> {
    ASSIGN_OR_RETURN(Tensor xt, CallT("transpose", {x[0], -2, -1}));
    ASSIGN_OR_RETURN(Tensor sym, CallT("add", {x[0], xt}));
    return CallT("linalg_eigvalsh", {sym});
  });
  GradCheck("matrix_exp", {Randn({2, 3, 3}, 9)},
            [](const Ts& x) { return CallT("matrix_exp", {x[0]}); });
  Tensor a = Conditioned({3, 3}, 10);
  a.set_requires_grad(true);
  EXPECT_EQ(GradFnOf(*CallT("inverse", {a}))->name(), "LinalgInvExBackward0");
  EXPECT_EQ(GradFnOf(*CallT("linalg_det", {a}))->name(), "LinalgDetBackward0");
  EXPECT_EQ(GradFnOf(*CallT("matrix_exp", {a}))->name(), "LinalgMatrixExpBackward0");
}

TEST(Derivatives, GradCheck) {
  GradCheck("mul", {Randn({2, 3}, 1), Randn({3}, 2)},
            [](const Ts& x) { return CallT("mul", {x[0], x[1]}); });
  GradCheck("div", {Randn({2, 3}, 1), *CallT("add", {Randn({2, 3}, 2), 3})},
            [](const Ts& x) { return CallT("div", {x[0], x[1]}); });
  GradCheck("addmm", {Randn({4}, 1), Randn({3, 2}, 2), Randn({2, 4}, 3)},
            [](const Ts& x) { return CallT("addmm", {x[0], x[1], x[2]}); });
  GradCheck("matmul3d", {Randn({2, 3, 4}, 1), Randn({4, 5}, 2)},
            [](const Ts& x) { return CallT("matmul", {x[0], x[1]}); });
  GradCheck("bmm-broadcast", {Randn({2, 1, 3, 4}, 1), Randn({3, 4, 2}, 2)},
            [](const Ts& x) { return CallT("matmul", {x[0], x[1]}); });
  GradCheck("softmax", {Randn({3, 4}, 1)},
            [](const Ts& x) { return CallT("softmax", {x[0], 1}); });
  GradCheck("log_softmax", {Randn({3, 4}, 1)},
            [](const Ts& x) { return CallT("log_softmax", {x[0], -1}); });
  GradCheck("gelu-tanh", {Randn({5}, 1)}, [](const Ts& x) {
    return CallT("gelu", {x[0]}, {{"approximate", Value("tanh")}});
  });
  GradCheck("gelu", {Randn({5}, 1)}, [](const Ts& x) { return CallT("gelu", {x[0]}); });
  GradCheck("silu", {Randn({5}, 1)}, [](const Ts& x) { return CallT("silu", {x[0]}); });
  GradCheck("tanh", {Randn({5}, 1)}, [](const Ts& x) { return CallT("tanh", {x[0]}); });
  GradCheck("sigmoid", {Randn({5}, 1)}, [](const Ts& x) { return CallT("sigmoid", {x[0]}); });
  GradCheck("layer_norm", {Randn({2, 3, 4}, 1), Randn({4}, 2), Randn({4}, 3)},
            [](const Ts& x) {
              return CallT("layer_norm", {x[0], Value(std::vector<int64_t>{4}), x[1], x[2]});
            });
  GradCheck("var", {Randn({3, 4}, 1)}, [](const Ts& x) {
    return CallT("var", {x[0], Value(std::vector<int64_t>{1})});
  });
  GradCheck("std", {Randn({3, 4}, 1)}, [](const Ts& x) { return CallT("std", {x[0]}); });
  GradCheck("mean-dim", {Randn({3, 4}, 1)}, [](const Ts& x) {
    return CallT("mean", {x[0], Value(std::vector<int64_t>{0})});
  });
  GradCheck("permute-reshape", {Randn({2, 3, 4}, 1)}, [](const Ts& x) -> absl::StatusOr<Tensor> {
    ASSIGN_OR_RETURN(Tensor p, CallT("permute", {x[0], Value(std::vector<int64_t>{2, 0, 1})}));
    return CallT("reshape", {p, Value(std::vector<int64_t>{4, 6})});
  });
  GradCheck("cat-slice", {Randn({2, 3}, 1), Randn({2, 2}, 2)},
            [](const Ts& x) -> absl::StatusOr<Tensor> {
              ASSIGN_OR_RETURN(Tensor c, CallT("cat", {Value(Ts{x[0], x[1]}), 1}));
              return CallT("slice", {c, 1, 1, 4});
            });
  GradCheck("logsumexp", {Randn({3, 4}, 1)}, [](const Ts& x) {
    return CallT("logsumexp", {x[0], Value(std::vector<int64_t>{1})});
  });
  GradCheck("pow", {*CallT("add", {Randn({4}, 1), 2})},
            [](const Ts& x) { return CallT("pow", {x[0], 3}); });
  GradCheck("slice_scatter", {Randn({4, 5}, 1), Randn({4, 2}, 2)}, [](const Ts& x) {
    return CallT("slice_scatter", {x[0], x[1], 1, 1, 5, 2});
  });
  GradCheck("select_scatter", {Randn({3, 4}, 1), Randn({4}, 2)},
            [](const Ts& x) { return CallT("select_scatter", {x[0], x[1], 0, 2}); });
  GradCheck("diagonal_scatter", {Randn({3, 3}, 1), Randn({2}, 2)},
            [](const Ts& x) { return CallT("diagonal_scatter", {x[0], x[1], -1}); });
  GradCheck("narrow-negative", {Randn({5, 3}, 1)},
            [](const Ts& x) { return CallT("narrow", {x[0], 0, -3, 2}); });
  GradCheck("adaptive_avg_pool2d", {Randn({2, 2, 7, 5}, 1)}, [](const Ts& x) {
    return CallT("adaptive_avg_pool2d", {x[0], Value(std::vector<int64_t>{3, 2})});
  });
  GradCheck("adaptive_avg_pool1d", {Randn({2, 9}, 1)}, [](const Ts& x) {
    return CallT("adaptive_avg_pool1d", {x[0], Value(std::vector<int64_t>{4})});
  });
  // In-place ops on views rewrite the base's history (CopySlices).
  GradCheck("mul_-on-view", {Randn({4, 4}, 1), Randn({4}, 2)},
            [](const Ts& x) -> absl::StatusOr<Tensor> {
              ASSIGN_OR_RETURN(Tensor base, CallT("mul", {x[0], 2}));
              ASSIGN_OR_RETURN(Tensor row, CallT("select", {base, 0, 1}));
              RETURN_IF_ERROR(CallT("mul_", {row, x[1]}).status());
              ASSIGN_OR_RETURN(Tensor col, CallT("select", {base, 1, 2}));
              RETURN_IF_ERROR(CallT("copy_", {col, *CallT("sin", {x[1]})}).status());
              return base;
            });
  GradCheck("index_put_", {Randn({5, 2}, 1), Randn({2, 2}, 2)},
            [](const Ts& x) -> absl::StatusOr<Tensor> {
              ASSIGN_OR_RETURN(Tensor base, CallT("mul", {x[0], x[0]}));
              Tensor idx = *Tensor::Empty({2}, DType::kInt64);
              idx.data<int64_t>()[0] = 3;
              idx.data<int64_t>()[1] = 0;
              RETURN_IF_ERROR(
                  CallT("index_put_", {base, Value(Ts{idx}), x[1], false}).status());
              return base;
            });
}

TEST(Engine, InPlaceOnViewNamesAndStaleViews) {
  Tensor a = Randn({2, 3}, 1);
  a.set_requires_grad(true);
  Tensor x = *CallT("mul", {a, 1});
  Tensor early = *CallT("slice", {x, 1, 0, 2});  // x[:, :2], taken before the write
  Tensor row = *CallT("select", {x, 0, 0});
  ASSERT_TRUE(CallT("fill_", {row, 0.0}).ok());
  EXPECT_EQ(GradFnOf(x)->name(), "CopySlices");
  EXPECT_EQ(GradFnOf(row)->name(), "AsStridedBackward0");
  EXPECT_EQ(GradFnOf(early)->name(), "AsStridedBackward0");
  ASSERT_TRUE(Backward({*CallT("sum", {early})}, {}, false, false).ok());
  // d/da of sum(x[:, :2]) with x[0] zeroed: only row 1, columns 0..1.
  const std::vector<double> want = {0, 0, 0, 1, 1, 0};
  Tensor g = *GradOf(a).Contiguous();
  for (int i = 0; i < 6; ++i) EXPECT_EQ(g.data<double>()[i], want[i]) << i;

  Tensor leaf = Randn({2, 3}, 2);
  leaf.set_requires_grad(true);
  Tensor view = *CallT("select", {leaf, 0, 0});
  absl::StatusOr<Tensor> bad = CallT("mul_", {view, 2});
  ASSERT_FALSE(bad.ok());
  EXPECT_TRUE(absl::StrContains(bad.status().message(), "a view of a leaf Variable"))
      << bad.status();
}

TEST(Engine, ErrorsMatchPyTorch) {
  Tensor x = Randn({3}, 1);
  x.set_requires_grad(true);
  Tensor y = *CallT("mul", {x, x});
  absl::Status s = Backward({y}, {}, false, false);
  EXPECT_EQ(s.message(), "grad can be implicitly created only for scalar outputs");
  Tensor l = *CallT("sum", {y});
  ASSERT_TRUE(Backward({l}, {}, false, false).ok());
  EXPECT_NEAR(GradOf(x).data<double>()[0], 2 * x.data<double>()[0], 1e-12);
  s = Backward({l}, {}, false, false);
  EXPECT_TRUE(absl::StartsWith(s.message(), "Trying to backward through the graph a second time"))
      << s;
  Tensor z = *CallT("exp", {x});
  Tensor zs = *CallT("sum", {z});
  ASSERT_TRUE(CallT("mul_", {z, 2}).ok());
  s = Backward({zs}, {}, false, false);
  EXPECT_TRUE(absl::StrContains(s.message(), "which is output 0 of ExpBackward0, is at version 1; "
                                             "expected version 0 instead."))
      << s;
  EXPECT_EQ(GradFnOf(zs)->name(), "SumBackward0");
}

}  // namespace
}  // namespace wick::tensor::autograd
