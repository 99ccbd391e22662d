// The torch.linalg decompositions by their defining identities (A inv(A) = I, A X = B,
// Q R = A with Q orthonormal, L L^T = A, A V = V diag(w), U diag(S) Vh = A), values
// PyTorch 1.13 prints for small matrices, batches, non-contiguous inputs, meta tensors,
// empty matrices and PyTorch's error messages.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "base/python_error.h"
#include "gtest/gtest.h"
#include "tensor/op_registry.h"
#include "tensor/ops/linalg/linalg.h"
#include "tensor/ops/linalg/test_util.h"
#include "tensor/ops/ops.h"

namespace wick::tensor {
namespace {

using testing::ExpectClose;
using testing::FromValues;
using testing::Random;
using testing::Values;
using testing::WithLayout;

// a @ b for [..., n, k] x [..., k, m] batches (same batch), in double.
std::vector<double> Mul(const Tensor& a, const Tensor& b) {
  const int64_t n = a.size(a.dim() - 2), k = a.size(a.dim() - 1), m = b.size(b.dim() - 1);
  const int64_t nb = a.numel() / std::max<int64_t>(1, n * k);
  const std::vector<double> av = Values(a), bv = Values(b);
  std::vector<double> out(nb * n * m, 0.0);
  for (int64_t t = 0; t < nb; ++t) {
    for (int64_t i = 0; i < n; ++i) {
      for (int64_t j = 0; j < m; ++j) {
        double s = 0;
        for (int64_t l = 0; l < k; ++l) s += av[t * n * k + i * k + l] * bv[t * k * m + l * m + j];
        out[t * n * m + i * m + j] = s;
      }
    }
  }
  return out;
}

Tensor Transposed(const Tensor& t) {
  Shape sizes(t.sizes().begin(), t.sizes().end()), strides(t.strides().begin(), t.strides().end());
  std::swap(sizes[t.dim() - 1], sizes[t.dim() - 2]);
  std::swap(strides[t.dim() - 1], strides[t.dim() - 2]);
  return Tensor::View(t, sizes, strides, t.storage_offset());
}

std::vector<double> Eye(int64_t nb, int64_t n) {
  std::vector<double> e(nb * n * n, 0.0);
  for (int64_t b = 0; b < nb; ++b) {
    for (int64_t i = 0; i < n; ++i) e[b * n * n + i * n + i] = 1.0;
  }
  return e;
}

// A well-conditioned batch: random plus n on the diagonal.
Tensor Diagonally(const Tensor& r) {
  const int64_t n = r.size(r.dim() - 1);
  std::vector<double> v = Values(r);
  for (int64_t b = 0; b < r.numel() / (n * n); ++b) {
    for (int64_t i = 0; i < n; ++i) v[b * n * n + i * n + i] += n;
  }
  return FromValues(v, r.sizes(), r.dtype());
}

TEST(LapackTest, InvIsTheInverse) {
  for (DType d : {DType::kFloat32, DType::kFloat64}) {
    Tensor a = Diagonally(Random({3, 4, 4}, d, 1));
    Tensor inv = *LinalgInv(a);
    EXPECT_EQ(inv.dtype(), d);
    ExpectClose(Mul(a, inv), Eye(3, 4), 1e-5, 1e-5);
    Tensor at = Transposed(a);  // non-contiguous input
    ExpectClose(Mul(at, *LinalgInv(at)), Eye(3, 4), 1e-5, 1e-5);
  }
  ExpectClose(*LinalgInv(FromValues({2, 0, 0, 4}, {2, 2})), {0.5, 0, 0, 0.25});
}

TEST(LapackTest, InvErrorsAsPyTorch) {
  auto s = LinalgInv(FromValues({1, 2, 2, 4}, {2, 2}));
  EXPECT_EQ(s.status().message(),
            "linalg.inv: The diagonal element 2 is zero, the inversion could not be completed "
            "because the input matrix is singular.");
  Tensor batch = FromValues({1, 0, 0, 1, 1, 2, 2, 4}, {2, 2, 2});
  EXPECT_EQ(LinalgInv(batch).status().message(),
            "linalg.inv: (Batch element 1): The diagonal element 2 is zero, the inversion could "
            "not be completed because the input matrix is singular.");
  EXPECT_EQ(LinalgInv(FromValues({1, 2, 3, 4, 5, 6}, {2, 3})).status().message(),
            "linalg.inv: A must be batches of square matrices, but they are 2 by 3 matrices");
  EXPECT_EQ(LinalgInv(FromValues({1, 2, 3}, {3})).status().message(),
            "linalg.inv: The input tensor A must have at least 2 dimensions.");
  EXPECT_EQ(LinalgInv(FromValues({1, 2, 3, 4}, {2, 2}, DType::kInt64)).status().message(),
            "linalg.inv: Expected a floating point or complex tensor as input. Got Long");
  EXPECT_EQ(PythonErrorType(s.status()), "_LinAlgError");
}

TEST(LapackTest, SolveVectorsMatricesAndBroadcast) {
  Tensor a = Diagonally(Random({2, 3, 3}, DType::kFloat64, 2));
  Tensor b = Random({2, 3, 2}, DType::kFloat64, 3);
  Tensor x = *LinalgSolve(a, b);
  EXPECT_EQ(x.sizes(), testing::S({2, 3, 2}));
  ExpectClose(Mul(a, x), Values(b), 1e-9, 1e-9);
  // A batch of vectors: B has A's batch shape plus one dim.
  Tensor v = Random({2, 3}, DType::kFloat64, 4);
  Tensor xv = *LinalgSolve(a, v);
  EXPECT_EQ(xv.sizes(), testing::S({2, 3}));
  // One matrix against a batch of right-hand sides broadcasts.
  Tensor a0 = Diagonally(Random({3, 3}, DType::kFloat64, 5));
  EXPECT_EQ(LinalgSolve(a0, b)->sizes(), testing::S({2, 3, 2}));
  // XA = B.
  Tensor bl = Random({4, 3}, DType::kFloat64, 6);
  Tensor xl = *LinalgSolve(a0, bl, /*left=*/false);
  ExpectClose(Mul(xl, a0), Values(bl), 1e-9, 1e-9);
  EXPECT_EQ(
      LinalgSolve(FromValues({1, 2, 2, 4}, {2, 2}), FromValues({1, 1}, {2})).status().message(),
      "torch.linalg.solve: The solver failed because the input matrix is singular.");
  EXPECT_EQ(
      LinalgSolve(FromValues({1, 0, 0, 1}, {2, 2}), FromValues({1, 1, 1}, {3})).status().message(),
      "linalg.solve: Incompatible shapes of A and B for the equation AX = B (2x2 and 3x1)");
  EXPECT_EQ(LinalgSolve(FromValues({1, 0, 0, 1}, {2, 2}), FromValues({1, 1}, {2}, DType::kFloat64))
                .status()
                .message(),
            "linalg.solve: Expected A and B to have the same dtype, but found A of type Float and "
            "B of type Double instead");
}

TEST(LapackTest, DetAndSlogdet) {
  ExpectClose(*LinalgDet(FromValues({1, 2, 3, 4}, {2, 2})), {-2.0});
  Tensor sing = *LinalgDet(FromValues({1, 2, 2, 4}, {2, 2}));
  EXPECT_EQ(Values(sing)[0], 0.0);
  EXPECT_TRUE(std::signbit(Values(sing)[0]));  // PyTorch prints tensor(-0.)
  auto [sign, logabs] = *LinalgSlogdet(FromValues({-1, 0, 0, 0, -1, 0, 0, 0, -1}, {3, 3}));
  ExpectClose(sign, {-1.0});
  ExpectClose(logabs, {0.0});
  auto [s0, l0] = *LinalgSlogdet(FromValues({1, 2, 2, 4}, {2, 2}));
  EXPECT_EQ(Values(s0)[0], 0.0);
  EXPECT_TRUE(std::isinf(Values(l0)[0]));
  Tensor batch = Random({5, 4, 4}, DType::kFloat64, 7);
  Tensor det = *LinalgDet(batch);
  EXPECT_EQ(det.sizes(), testing::S({5}));
  auto [bs, bl] = *LinalgSlogdet(batch);
  for (int64_t i = 0; i < 5; ++i) {
    EXPECT_NEAR(Values(det)[i], Values(bs)[i] * std::exp(Values(bl)[i]), 1e-9);
  }
  ExpectClose(*LinalgDet(*Tensor::Empty({0, 0}, DType::kFloat32)), {1.0});
}

TEST(LapackTest, QrModes) {
  for (const char* mode : {"reduced", "complete", "r"}) {
    for (auto shape : {testing::S({5, 3}), testing::S({3, 5}), testing::S({2, 4, 4})}) {
      Tensor a = Random(shape, DType::kFloat64, 8);
      auto [q, r] = *LinalgQr(a, mode);
      const int64_t m = a.size(a.dim() - 2), n = a.size(a.dim() - 1), k = std::min(m, n);
      const bool complete = std::string(mode) == "complete";
      EXPECT_EQ(r.size(r.dim() - 2), complete ? m : k);
      if (std::string(mode) == "r") {
        EXPECT_EQ(q.sizes(), testing::S({0}));
        continue;
      }
      ExpectClose(Mul(q, r), Values(a), 1e-9, 1e-9, mode);
      const int64_t nb = a.numel() / (m * n), qc = q.size(q.dim() - 1);
      ExpectClose(Mul(Transposed(q), q), Eye(nb, qc), 1e-9, 1e-9, mode);
    }
  }
  EXPECT_EQ(LinalgQr(Random({2, 2}, DType::kFloat32, 1), "x").status().message(),
            "qr received unrecognized mode 'x' but expected one of 'reduced' (default), 'r', or "
            "'complete'");
  // PyTorch 1.13: qr(ones(2, 3)) has R = [[-1.4142] * 3, [0] * 3].
  auto [q1, r1] = *LinalgQr(FromValues({1, 1, 1, 1, 1, 1}, {2, 3}), "reduced");
  ExpectClose(r1, {-1.41421356, -1.41421356, -1.41421356, 0, 0, 0}, 1e-6, 1e-6);
}

TEST(LapackTest, Cholesky) {
  Tensor r = Random({3, 3}, DType::kFloat64, 9);
  std::vector<double> spd = Mul(r, Transposed(r));
  for (int i = 0; i < 3; ++i) spd[i * 3 + i] += 1.0;
  Tensor a = FromValues(spd, {3, 3}, DType::kFloat64);
  Tensor l = *LinalgCholesky(a);
  ExpectClose(Mul(l, Transposed(l)), spd, 1e-9, 1e-9);
  EXPECT_EQ(Values(l)[1], 0.0);  // upper triangle zero
  Tensor u = *LinalgCholesky(a, /*upper=*/true);
  ExpectClose(Mul(Transposed(u), u), spd, 1e-9, 1e-9);
  EXPECT_EQ(LinalgCholesky(FromValues({1, 2, 2, 1}, {2, 2})).status().message(),
            "linalg.cholesky: The factorization could not be completed because the input is not "
            "positive-definite (the leading minor of order 2 is not positive-definite).");
  EXPECT_EQ(LinalgCholesky(FromValues({1, 0, 0, 1, -1, 0, 0, -1}, {2, 2, 2})).status().message(),
            "linalg.cholesky: (Batch element 1): The factorization could not be completed because "
            "the input is not positive-definite (the leading minor of order 1 is not "
            "positive-definite).");
}

TEST(LapackTest, EighAndSvd) {
  Tensor r = Random({2, 4, 4}, DType::kFloat64, 10);
  std::vector<double> sym = Mul(r, Transposed(r));
  Tensor a = FromValues(sym, {2, 4, 4}, DType::kFloat64);
  auto [w, v] = *LinalgEigh(a, "L");
  EXPECT_EQ(w.sizes(), testing::S({2, 4}));
  const std::vector<double> wv = Values(w);
  for (int b = 0; b < 2; ++b) {
    for (int i = 0; i < 3; ++i) EXPECT_LE(wv[b * 4 + i], wv[b * 4 + i + 1]);
  }
  // A V = V diag(w).
  std::vector<double> av = Mul(a, v), vv = Values(v), vw(vv.size());
  for (size_t i = 0; i < vv.size(); ++i) vw[i] = vv[i] * wv[(i / 16) * 4 + i % 4];
  ExpectClose(av, vw, 1e-8, 1e-8);
  EXPECT_EQ(LinalgEigh(a, "X").status().message(),
            "Expected UPLO argument to be 'L' or 'U', but got X");
  EXPECT_EQ(LinalgEigh(FromValues({1, 0, 0, 1}, {2, 2}, DType::kInt64), "L").status().message(),
            "\"linalg_eigh_cpu\" not implemented for 'Long'");

  for (bool full : {true, false}) {
    Tensor m = Random({2, 5, 3}, DType::kFloat64, 11);
    std::vector<Tensor> usv = *LinalgSvd(m, full);
    const Tensor &u = usv[0], &s = usv[1], &vh = usv[2];
    EXPECT_EQ(u.sizes(), full ? testing::S({2, 5, 5}) : testing::S({2, 5, 3}));
    EXPECT_EQ(vh.sizes(), testing::S({2, 3, 3}));
    std::vector<double> us = Values(u);
    const std::vector<double> sv = Values(s);
    const int64_t uc = u.size(2);
    for (size_t i = 0; i < us.size(); ++i) {
      const int64_t col = i % uc, b = i / (5 * uc);
      us[i] *= col < 3 ? sv[b * 3 + col] : 0.0;
    }
    Tensor usn = FromValues(us, u.sizes(), DType::kFloat64);
    // U diag(S) Vh = A, using only the first 3 columns of U.
    Tensor usk = Tensor::View(usn, {2, 5, 3}, {5 * uc, uc, 1}, 0);
    ExpectClose(Mul(usk, vh), Values(m), 1e-9, 1e-9);
    std::vector<Tensor> only = *LinalgSvd(m, full, /*compute_uv=*/false);
    ExpectClose(only[0], sv, 1e-9, 1e-9);
  }
}

TEST(LapackTest, MatrixExp) {
  // exp([[0, 1], [-1, 0]]) is the rotation by 1 radian.
  const double c = std::cos(1.0), s = std::sin(1.0);
  ExpectClose(*LinalgMatrixExp(FromValues({0, 1, -1, 0}, {2, 2})), {c, s, -s, c}, 1e-6, 1e-6);
  ExpectClose(*LinalgMatrixExp(FromValues({0, 1, -1, 0}, {2, 2}, DType::kFloat64)), {c, s, -s, c},
              1e-14, 1e-14);
  // Large norm: scaling and squaring. exp(diag(5, -3)).
  ExpectClose(*LinalgMatrixExp(FromValues({5, 0, 0, -3}, {2, 2}, DType::kFloat64)),
              {std::exp(5.0), 0, 0, std::exp(-3.0)}, 1e-13, 1e-13);
  // A skew-symmetric batch maps to orthogonal matrices.
  Tensor r = Random({3, 6, 6}, DType::kFloat64, 12);
  std::vector<double> rv = Values(r), sk(rv.size());
  for (int b = 0; b < 3; ++b) {
    for (int i = 0; i < 6; ++i) {
      for (int j = 0; j < 6; ++j)
        sk[b * 36 + i * 6 + j] = rv[b * 36 + i * 6 + j] - rv[b * 36 + j * 6 + i];
    }
  }
  Tensor e = *LinalgMatrixExp(FromValues(sk, {3, 6, 6}, DType::kFloat64));
  ExpectClose(Mul(e, Transposed(e)), Eye(3, 6), 1e-12, 1e-12);
  EXPECT_EQ(
      LinalgMatrixExp(FromValues({1, 2}, {1, 2})).status().message(),
      "linalg.matrix_exp: A must be batches of square matrices, but they are 1 by 2 matrices");
}

TEST(LapackTest, MetaTensorsGiveShapes) {
  Tensor a = Tensor::Meta({4, 5, 3}, DType::kFloat32);
  auto [q, r] = *LinalgQr(a, "complete");
  EXPECT_EQ(q.sizes(), testing::S({4, 5, 5}));
  EXPECT_EQ(r.sizes(), testing::S({4, 5, 3}));
  std::vector<Tensor> usv = *LinalgSvd(a, false);
  EXPECT_EQ(usv[1].sizes(), testing::S({4, 3}));
  Tensor sq = Tensor::Meta({2, 3, 3}, DType::kFloat64);
  EXPECT_TRUE(LinalgInv(sq)->is_meta());
  EXPECT_EQ(LinalgDet(sq)->sizes(), testing::S({2}));
  EXPECT_TRUE(LinalgMatrixExp(sq)->is_meta());
}

TEST(LapackTest, RegistryEntries) {
  OpRegistry reg;
  ASSERT_TRUE(ops::RegisterLinalgOps(reg).ok());
  for (const char* name :
       {"linalg_inv", "inverse", "linalg_solve", "linalg_det", "det", "linalg_slogdet", "slogdet",
        "linalg_qr", "linalg_cholesky", "linalg_eigh", "linalg_eigvalsh", "linalg_svd",
        "linalg_svdvals", "linalg_matrix_exp", "matrix_exp"}) {
    EXPECT_NE(reg.Find(name), nullptr) << name;
  }
  Value out = *reg.Call("linalg_qr", {Value(FromValues({1, 0, 0, 1}, {2, 2}))});
  EXPECT_EQ(out.to_tensor_list().size(), 2u);
}

}  // namespace
}  // namespace wick::tensor
