// The matmul family against a naive reference: every rank combination of matmul (shapes
// and strides as PyTorch 1.13 reports them), transposed/strided operands, broadcast
// batches, addmm/baddbmm scalars, dot/mv/outer, PyTorch's error messages, meta tensors,
// and the registry entries.
#include "tensor/ops/linalg/linalg.h"

#include <cmath>

#include "base/python_error.h"
#include "gtest/gtest.h"
#include "tensor/op_registry.h"
#include "tensor/ops/linalg/test_util.h"
#include "tensor/ops/ops.h"
#include "tensor/shape.h"

namespace wick::tensor {
namespace {

using testing::ExpectClose;
using testing::FromValues;
using testing::Random;
using testing::Values;
using testing::WithLayout;

// numpy-semantics matmul in double: 1-D operands are promoted and their dim dropped.
std::vector<double> NaiveMatmul(const Tensor& a, const Tensor& b, Shape* out_shape) {
  Shape as(a.sizes().begin(), a.sizes().end()), bs(b.sizes().begin(), b.sizes().end());
  const bool a_vec = as.size() == 1, b_vec = bs.size() == 1;
  if (a_vec) as.insert(as.begin(), 1);
  if (b_vec) bs.push_back(1);
  const int64_t m = as[as.size() - 2], k = as.back(), n = bs.back();
  Shape ab(as.begin(), as.end() - 2), bb(bs.begin(), bs.end() - 2);
  Shape batch = *BroadcastShapes(ab, bb);
  *out_shape = batch;
  if (!a_vec) out_shape->push_back(m);
  if (!b_vec) out_shape->push_back(n);
  const std::vector<double> av = Values(a), bv = Values(b);
  const Shape a_str = ContiguousStrides(as), b_str = ContiguousStrides(bs);
  std::vector<double> out;
  const int64_t nb = Numel(batch);
  for (int64_t bi = 0; bi < nb; ++bi) {
    int64_t oa = 0, ob = 0, rem = bi;
    for (int64_t d = static_cast<int64_t>(batch.size()) - 1; d >= 0; --d) {
      const int64_t idx = rem % batch[d];
      rem /= batch[d];
      const int64_t da = d - (batch.size() - ab.size()), db = d - (batch.size() - bb.size());
      if (da >= 0 && ab[da] != 1) oa += idx * a_str[da];
      if (db >= 0 && bb[db] != 1) ob += idx * b_str[db];
    }
    for (int64_t i = 0; i < m; ++i) {
      for (int64_t j = 0; j < n; ++j) {
        double acc = 0;
        for (int64_t kk = 0; kk < k; ++kk) {
          acc += av[oa + i * a_str[as.size() - 2] + kk] * bv[ob + kk * b_str[bs.size() - 2] + j];
        }
        out.push_back(acc);
      }
    }
  }
  return out;
}

constexpr DType kFloat = DType::kFloat32;

void CheckMatmul(const Tensor& a, const Tensor& b, IntSpan want_strides, double tol) {
  absl::StatusOr<Tensor> r = Matmul(a, b);
  ASSERT_TRUE(r.ok()) << r.status();
  Shape shape;
  const std::vector<double> expected = NaiveMatmul(a, b, &shape);
  EXPECT_EQ(r->sizes(), IntSpan(shape)) << a.DebugString() << " @ " << b.DebugString();
  EXPECT_EQ(r->strides(), want_strides) << a.DebugString() << " @ " << b.DebugString();
  EXPECT_EQ(r->dtype(), a.dtype());
  ExpectClose(*r, expected, tol, tol, a.DebugString() + " @ " + b.DebugString());
  // The meta version agrees on metadata.
  absl::StatusOr<Tensor> m = Matmul(Tensor::MetaStrided(a.sizes(), a.strides(), a.dtype()),
                                    Tensor::MetaStrided(b.sizes(), b.strides(), b.dtype()));
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_TRUE(m->is_meta());
  EXPECT_EQ(m->sizes(), r->sizes());
  EXPECT_EQ(m->strides(), r->strides());
}

struct RankCase {
  Shape a, b, strides;  // strides: what PyTorch 1.13 gives the result
};

// Every rank combination from 1-D to 4-D (PyTorch's results recorded with python3).
const std::vector<RankCase>& RankCases() {
  static const auto* cases = new std::vector<RankCase>{
      {{3}, {3}, {}},
      {{3}, {3, 2}, {1}},
      {{3}, {4, 3, 2}, {2, 1}},
      {{3}, {1, 3, 2}, {2, 1}},
      {{3}, {5, 1, 3, 2}, {2, 2, 1}},
      {{2, 3}, {3}, {1}},
      {{2, 3}, {3, 2}, {2, 1}},
      {{2, 3}, {4, 3, 2}, {4, 2, 1}},
      {{2, 3}, {1, 3, 2}, {4, 2, 1}},
      {{2, 3}, {5, 1, 3, 2}, {4, 4, 2, 1}},
      {{4, 2, 3}, {3}, {2, 1}},
      {{4, 2, 3}, {3, 2}, {4, 2, 1}},
      {{4, 2, 3}, {4, 3, 2}, {4, 2, 1}},
      {{4, 2, 3}, {1, 3, 2}, {4, 2, 1}},
      {{4, 2, 3}, {5, 1, 3, 2}, {16, 4, 2, 1}},
      {{5, 4, 2, 3}, {3}, {8, 2, 1}},
      {{5, 4, 2, 3}, {3, 2}, {16, 4, 2, 1}},
      {{5, 4, 2, 3}, {4, 3, 2}, {16, 4, 2, 1}},
      {{5, 4, 2, 3}, {1, 3, 2}, {16, 4, 2, 1}},
      {{5, 4, 2, 3}, {5, 1, 3, 2}, {16, 4, 2, 1}},
  };
  return *cases;
}

TEST(Matmul, EveryRankCombinationMatchesReference) {
  uint32_t seed = 1;
  for (DType dt : {DType::kFloat32, DType::kFloat64, DType::kInt64, DType::kInt32}) {
    const double tol = dt == DType::kFloat32 ? 1e-5 : dt == DType::kFloat64 ? 1e-12 : 0;
    for (const RankCase& c : RankCases()) {
      const Tensor a = Random(c.a, dt, seed++);
      const Tensor b = Random(c.b, dt, seed++);
      CheckMatmul(a, b, c.strides, tol);
    }
  }
}

TEST(Matmul, LargeFloat32GoesThroughOneDnnAndMatches) {
  CheckMatmul(Random({3, 70, 50}, DType::kFloat32, 1), Random({50, 40}, DType::kFloat32, 2),
              {2800, 40, 1}, 1e-4);
  CheckMatmul(Random({2, 1, 33, 65}, DType::kFloat32, 3), Random({3, 65, 17}, DType::kFloat32, 4),
              {1683, 561, 17, 1}, 1e-4);
  CheckMatmul(Random({65}, DType::kFloat32, 5), Random({4, 65, 33}, DType::kFloat32, 6), {33, 1},
              1e-4);
  CheckMatmul(Random({40, 65}, DType::kFloat32, 7), Random({3, 65, 33}, DType::kFloat32, 8),
              {1320, 33, 1}, 1e-4);
}

TEST(Matmul, NonContiguousOperands) {
  for (DType dt : {DType::kFloat32, DType::kFloat64}) {
    const double tol = dt == DType::kFloat32 ? 1e-4 : 1e-12;
    const Tensor a = Random({3, 20, 30}, dt, 11), b = Random({3, 30, 25}, dt, 12);
    CheckMatmul(WithLayout(a, {0, 2, 1}), b, {500, 25, 1}, tol);  // a^T storage
    CheckMatmul(a, WithLayout(b, {2, 1, 0}), {500, 25, 1}, tol);  // fully permuted
    CheckMatmul(WithLayout(a, {1, 0, 2}), WithLayout(b, {0, 2, 1}), {500, 25, 1}, tol);
    CheckMatmul(testing::Strided(a, 2, 2), testing::Strided(b, 1, 3), {500, 25, 1}, tol);
    const Tensor m = Random({20, 30}, dt, 13);
    CheckMatmul(WithLayout(m, {1, 0}), Random({30, 7}, dt, 14), {7, 1}, tol);
    CheckMatmul(testing::Strided(m, 1, 2), testing::Strided(Random({30}, dt, 15), 0, 3), {1}, tol);
    // The [b, n, m] operand with transposed inner dims takes the bmm path in PyTorch.
    CheckMatmul(WithLayout(a, {0, 2, 1}), Random({30, 6}, dt, 16), {120, 6, 1}, tol);
  }
}

TEST(Matmul, EmptyAndZeroSizedDims) {
  CheckMatmul(Random({0, 3}, DType::kFloat32, 1), Random({3, 4}, DType::kFloat32, 2), {4, 1}, 0);
  CheckMatmul(Random({2, 0}, DType::kFloat32, 1), Random({0, 4}, DType::kFloat32, 2), {4, 1}, 0);
  CheckMatmul(Random({0}, DType::kFloat32, 1), Random({0}, DType::kFloat32, 2), {}, 0);
  CheckMatmul(Random({2, 0, 3}, DType::kFloat32, 1), Random({3}, DType::kFloat32, 2), {1, 1}, 0);
  CheckMatmul(Random({2, 3, 0}, DType::kFloat32, 1), Random({0, 4}, DType::kFloat32, 2), {12, 4, 1},
              0);
  CheckMatmul(Random({2, 3}, DType::kFloat64, 1), Random({5, 3, 0}, DType::kFloat64, 2), {2, 1, 2},
              0);  // PyTorch: the transposed fold keeps (2, 1, 2)
}

TEST(Matmul, TransposedFoldKeepsPyTorchsStrides) {
  // 2-D @ N-D is computed by PyTorch as (N-D^T @ 2-D^T)^T made contiguous, which keeps
  // the transposed strides whenever a size-1 dim lets them count as contiguous.
  CheckMatmul(Random({5, 1}, kFloat, 1), Random({1, 1, 1, 1}, kFloat, 2), {5, 5, 1, 5}, 1e-6);
  CheckMatmul(Random({3, 1}, kFloat, 1), Random({1, 2, 1, 1}, kFloat, 2), {6, 3, 1, 3}, 1e-6);
  CheckMatmul(Random({1, 2}, DType::kInt64, 1), Random({3, 2, 5}, DType::kInt64, 2), {5, 1, 1}, 0);
  CheckMatmul(Random({4, 3}, DType::kFloat64, 1), Random({2, 3, 1}, DType::kFloat64, 2), {4, 1, 4},
              1e-12);
  CheckMatmul(Random({4, 3}, kFloat, 1), Random({2, 3, 5}, kFloat, 2), {20, 5, 1}, 1e-6);
}

std::string ErrorOf(const absl::StatusOr<Tensor>& r) {
  EXPECT_FALSE(r.ok());
  return r.ok() ? "" : std::string(r.status().message());
}

Tensor O(std::initializer_list<int64_t> sizes, DType dt = DType::kFloat32) {
  Tensor t = *Tensor::Empty(sizes, dt);
  VisitDType(dt, [&]<typename T>() {
    for (int64_t i = 0; i < t.numel(); ++i) t.data<T>()[i] = static_cast<T>(1);
  });
  return t;
}

constexpr DType kF = DType::kFloat32, kD = DType::kFloat64, kL = DType::kInt64, kI = DType::kInt32,
                kB = DType::kBool;

TEST(Matmul, ErrorMessagesMatchPyTorch) {
  EXPECT_EQ(ErrorOf(Matmul(Tensor::FromScalar(1.0), O({2, 2}))),
            "both arguments to matmul need to be at least 1D, but they are 0D and 2D");
  EXPECT_EQ(ErrorOf(Matmul(O({2, 3}), O({2, 3}))),
            "mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)");
  EXPECT_EQ(ErrorOf(Matmul(O({3}), O({4}))),
            "inconsistent tensor size, expected tensor [3] and src [4] to have the same number "
            "of elements, but got 3 and 4 elements respectively");
  EXPECT_EQ(ErrorOf(Matmul(O({2, 3}), O({4}))), "size mismatch, got 2, 2x3,4");
  EXPECT_EQ(ErrorOf(Matmul(O({3}), O({4, 5}))),
            "mat1 and mat2 shapes cannot be multiplied (1x3 and 4x5)");
  EXPECT_EQ(ErrorOf(Matmul(O({2, 2, 3}), O({3, 4, 5}))),
            "The size of tensor a (2) must match the size of tensor b (3) at non-singleton "
            "dimension 0");
  EXPECT_EQ(ErrorOf(Matmul(O({2, 2, 3}), O({2, 4, 5}))),
            "Expected size for first two dimensions of batch2 tensor to be: [2, 3] but got: "
            "[2, 4].");
  EXPECT_EQ(ErrorOf(Matmul(O({4, 2, 3}), O({4, 5}))),
            "mat1 and mat2 shapes cannot be multiplied (8x3 and 4x5)");
  EXPECT_EQ(ErrorOf(Matmul(O({4, 2, 3}), O({4}))), "size mismatch, got 8, 8x3,4");
  EXPECT_EQ(ErrorOf(Matmul(O({3}), O({4, 5, 6}))), "size mismatch, got 24, 24x5,3");
  EXPECT_EQ(ErrorOf(Matmul(O({2, 3}), O({4, 5, 6}))),
            "mat1 and mat2 shapes cannot be multiplied (24x5 and 3x2)");
  EXPECT_EQ(ErrorOf(Matmul(O({2, 3}), O({3, 5}, kD))),
            "expected scalar type Float but found Double");
  EXPECT_EQ(ErrorOf(Matmul(O({2, 3}), O({4, 3, 2}, kD))),
            "expected scalar type Double but found Float");
  EXPECT_EQ(ErrorOf(Matmul(O({3}, kL), O({3, 2}, kI))), "expected scalar type Long but found Int");
  EXPECT_EQ(ErrorOf(Matmul(O({3}), O({3}, kD))),
            "dot : expected both vectors to have same dtype, but found Float and Double");
  EXPECT_EQ(ErrorOf(Matmul(O({2, 3}, kB), O({3, 2}, kB))),
            "\"addmm_impl_cpu_\" not implemented for 'Bool'");
  EXPECT_EQ(ErrorOf(Matmul(O({3}, kB), O({3}, kB))), "\"dot\" not implemented for 'Bool'");
  EXPECT_EQ(ErrorOf(Matmul(O({4, 2, 3}, kB), O({3}, kB))),
            "\"addmv_impl_cpu\" not implemented for 'Bool'");
  EXPECT_EQ(ErrorOf(Matmul(O({4, 2, 3}, kB), O({4, 3, 2}, kB))),
            "\"bmm\" not implemented for 'Bool'");
  // [2, 3, 4] stored as [2, 4, 3]: PyTorch takes bmm instead of folding.
  EXPECT_EQ(ErrorOf(Matmul(WithLayout(Random({2, 3, 4}, kF, 1), {0, 2, 1}), O({5, 6}))),
            "Expected size for first two dimensions of batch2 tensor to be: [2, 4] but got: "
            "[2, 5].");
  // All of them are RuntimeErrors for the VM.
  EXPECT_EQ(PythonErrorType(Matmul(O({2, 3}), O({2, 3})).status()), "RuntimeError");
}

TEST(MatrixOps, MmBmmDotMvValues) {
  const Tensor a = FromValues({1, 2, 3, 4, 5, 6}, {2, 3});
  const Tensor b = FromValues({1, 0, 0, 1, 1, 1}, {3, 2});
  ExpectClose(*Mm(a, b), {4, 5, 10, 11});
  const Tensor v = FromValues({1, -1, 2}, {3});
  ExpectClose(*Mv(a, v), {5, 11});
  const Tensor d = *Dot(v, v);
  EXPECT_EQ(d.dim(), 0);
  ExpectClose(d, {6});
  const Tensor ba = Random({3, 4, 5}, kD, 1), bb = Random({3, 5, 2}, kD, 2);
  Shape shape;
  ExpectClose(*Bmm(ba, bb), NaiveMatmul(ba, bb, &shape), 1e-12, 1e-12);
  EXPECT_EQ(Bmm(ba, bb)->strides(), IntSpan(Shape{8, 2, 1}));
  // Integer products wrap and keep their dtype.
  const Tensor li = FromValues({3, 4}, {2}, kL);
  EXPECT_EQ(Dot(li, li)->dtype(), kL);
  ExpectClose(*Dot(li, li), {25}, 0, 0);
}

TEST(MatrixOps, MmBmmDotMvErrors) {
  EXPECT_EQ(ErrorOf(Mm(O({3}), O({3, 4}))), "self must be a matrix");
  EXPECT_EQ(ErrorOf(Mm(O({2, 3}), O({3}))), "mat2 must be a matrix");
  EXPECT_EQ(ErrorOf(Mm(O({2, 3}), O({4, 5}, kD))),
            "mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)");
  EXPECT_EQ(ErrorOf(Mm(O({2, 3}, kD), O({3, 5}))), "expected scalar type Double but found Float");
  EXPECT_EQ(ErrorOf(Mm(O({2, 3}, kB), O({3, 5}, kB))),
            "\"addmm_impl_cpu_\" not implemented for 'Bool'");
  EXPECT_EQ(ErrorOf(Bmm(O({2, 3}), O({2, 3, 5}))), "batch1 must be a 3D tensor");
  EXPECT_EQ(ErrorOf(Bmm(O({2, 2, 3}), O({3, 5}))), "batch2 must be a 3D tensor");
  EXPECT_EQ(
      ErrorOf(Bmm(O({2, 2, 3}), O({3, 3, 4}))),
      "Expected size for first two dimensions of batch2 tensor to be: [2, 3] but got: [3, 3].");
  EXPECT_EQ(ErrorOf(Bmm(O({2, 2, 3}), O({2, 3, 4}, kD))),
            "expected scalar type Float but found Double");
  EXPECT_EQ(ErrorOf(Bmm(O({2, 2, 3}, kB), O({2, 3, 5}, kB))), "\"bmm\" not implemented for 'Bool'");
  EXPECT_EQ(ErrorOf(Dot(O({3, 1}), O({3}))), "1D tensors expected, but got 2D and 1D tensors");
  EXPECT_EQ(ErrorOf(Dot(O({3}), O({3}, kL))),
            "dot : expected both vectors to have same dtype, but found Float and Long");
  EXPECT_EQ(ErrorOf(Dot(O({2}, kB), O({3}, kB))),
            "inconsistent tensor size, expected tensor [2] and src [3] to have the same number "
            "of elements, but got 2 and 3 elements respectively");
  EXPECT_EQ(ErrorOf(Mv(O({3}), O({3}))), "vector + matrix @ vector expected, got 1, 1, 1");
  EXPECT_EQ(ErrorOf(Mv(O({2, 3, 3}), O({3}))), "vector + matrix @ vector expected, got 1, 3, 1");
  EXPECT_EQ(ErrorOf(Mv(O({2, 3}), O({3, 1}))), "vector + matrix @ vector expected, got 1, 2, 2");
  EXPECT_EQ(ErrorOf(Mv(O({2, 3}), O({3}, kL))), "expected scalar type Float but found Long");
  EXPECT_EQ(ErrorOf(Mv(O({2, 3}, kB), O({4}, kB))), "size mismatch, got 2, 2x3,4");
}

TEST(Addmm, BetaAlphaBroadcastAndDtypes) {
  const Tensor m1 = Random({2, 3}, kF, 1), m2 = Random({3, 4}, kF, 2);
  Shape shape;
  const std::vector<double> prod = NaiveMatmul(m1, m2, &shape);
  // 1-D self broadcast, default scalars.
  const Tensor bias = FromValues({1, 2, 3, 4}, {4});
  std::vector<double> want(8);
  for (int i = 0; i < 8; ++i) want[i] = prod[i] + (i % 4 + 1);
  ExpectClose(*Addmm(bias, m1, m2), want, 1e-5, 1e-5);
  // beta and alpha, with a transposed (non-contiguous) self.
  const Tensor self = WithLayout(Random({2, 4}, kF, 3), {1, 0});
  const std::vector<double> sv = Values(self);
  for (int i = 0; i < 8; ++i) want[i] = 0.5 * sv[i] + 2 * prod[i];
  const Tensor r = *Addmm(self, m1, m2, 0.5, 2);
  ExpectClose(r, want, 1e-5, 1e-5);
  EXPECT_EQ(r.strides(), IntSpan(Shape{4, 1}));
  // beta = 0 ignores NaN in self.
  Tensor nan_self = O({2, 4});
  for (int i = 0; i < 8; ++i) nan_self.data<float>()[i] = NAN;
  ExpectClose(*Addmm(nan_self, m1, m2, 0, 1), prod, 1e-5, 1e-5);
  // Integer addmm truncates the scalars like PyTorch (beta 0.5 -> 0, alpha 1.5 -> 1).
  ExpectClose(*Addmm(O({2, 3}, kL), O({2, 3}, kL), O({3, 3}, kL), 0.5, 1), {3, 3, 3, 3, 3, 3}, 0,
              0);
  ExpectClose(*Addmm(O({2, 3}, kL), O({2, 3}, kL), O({3, 3}, kL), 1, 1.5), {4, 4, 4, 4, 4, 4}, 0,
              0);
  // 0-dim self.
  ExpectClose(*Addmm(Tensor::FromScalar(1.0, kF), O({2, 3}), O({3, 3})), std::vector<double>(6, 4));
}

TEST(Addmm, Errors) {
  EXPECT_EQ(ErrorOf(Addmm(O({3}), O({2}), O({3, 3}))), "mat1 must be a matrix, got 1-D tensor");
  EXPECT_EQ(ErrorOf(Addmm(O({3}), O({2, 3}), O({3}))), "mat2 must be a matrix, got 1-D tensor");
  EXPECT_EQ(ErrorOf(Addmm(O({3}), O({2, 3}), O({4, 3}))),
            "mat1 and mat2 shapes cannot be multiplied (2x3 and 4x3)");
  EXPECT_EQ(ErrorOf(Addmm(O({4}), O({2, 3}), O({3, 3}))),
            "The expanded size of the tensor (3) must match the existing size (4) at "
            "non-singleton dimension 1.  Target sizes: [2, 3].  Tensor sizes: [4]");
  EXPECT_EQ(ErrorOf(Addmm(O({2, 3}, kD), O({2, 3}), O({3, 3}))),
            "self and mat2 must have the same dtype");
  EXPECT_EQ(ErrorOf(Addmm(O({2, 5}), O({2, 3}), O({4, 5}, kD))),
            "self and mat2 must have the same dtype");
  EXPECT_EQ(ErrorOf(Addmm(O({2, 3}), O({2, 3}, kD), O({3, 3}))),
            "mat1 and mat2 must have the same dtype");
  EXPECT_EQ(ErrorOf(Addmm(O({2, 3}, kB), O({2, 3}, kB), O({3, 3}, kB))),
            "\"addmm_impl_cpu_\" not implemented for 'Bool'");
}

TEST(Baddbmm, ValuesAndErrors) {
  const Tensor b1 = Random({2, 3, 4}, kD, 1), b2 = Random({2, 4, 5}, kD, 2);
  Shape shape;
  const std::vector<double> prod = NaiveMatmul(b1, b2, &shape);
  const Tensor self = Random({3, 5}, kD, 3);  // broadcast over the batch
  const std::vector<double> sv = Values(self);
  std::vector<double> want(prod.size());
  for (size_t i = 0; i < prod.size(); ++i) want[i] = 2 * sv[i % 15] - prod[i];
  const Tensor r = *Baddbmm(self, b1, b2, 2, -1);
  ExpectClose(r, want, 1e-12, 1e-12);
  EXPECT_EQ(r.strides(), IntSpan(Shape{15, 5, 1}));
  // self of another dtype is converted into the result's.
  EXPECT_EQ(Baddbmm(O({2, 2, 3}, kL), O({2, 2, 3}), O({2, 3, 3}))->dtype(), kF);
  ExpectClose(*Baddbmm(O({2, 2, 3}, kL), O({2, 2, 3}), O({2, 3, 3})), std::vector<double>(12, 4));

  EXPECT_EQ(ErrorOf(Baddbmm(O({3}), O({2, 2, 3}), O({2, 3}))),
            "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
  EXPECT_EQ(PythonErrorType(Baddbmm(O({3}), O({2, 2, 3}), O({2, 3})).status()), "IndexError");
  EXPECT_EQ(ErrorOf(Baddbmm(O({2, 2, 5}), O({2, 3}), O({2, 3, 5}))),
            "The expanded size of the tensor (3) must match the existing size (2) at "
            "non-singleton dimension 1.  Target sizes: [2, 3, 5].  Tensor sizes: [2, 2, 5]");
  EXPECT_EQ(
      ErrorOf(Baddbmm(O({3}), O({2, 2, 3}), O({2, 4, 3}))),
      "Expected size for first two dimensions of batch2 tensor to be: [2, 3] but got: [2, 4].");
  EXPECT_EQ(ErrorOf(Baddbmm(O({2, 2, 5}), O({2, 2, 3}), O({2, 3, 5}, kD))),
            "expected scalar type Float but found Double");
  EXPECT_EQ(ErrorOf(Baddbmm(O({2, 2, 5}, kB), O({2, 2, 3}, kB), O({2, 3, 5}, kB))),
            "\"baddbmm\" not implemented for 'Bool'");
  EXPECT_EQ(ErrorOf(Baddbmm(O({5, 2, 3}), O({2, 2, 3}), O({2, 3, 3}))),
            "The expanded size of the tensor (2) must match the existing size (5) at "
            "non-singleton dimension 0.  Target sizes: [2, 2, 3].  Tensor sizes: [5, 2, 3]");
}

TEST(Outer, PromotesLikeMul) {
  const Tensor r = *Outer(FromValues({1, 2}, {2}, kI), FromValues({3, 4, 5}, {3}, kL));
  EXPECT_EQ(r.dtype(), kL);
  EXPECT_EQ(r.sizes(), IntSpan(Shape{2, 3}));
  EXPECT_EQ(r.strides(), IntSpan(Shape{3, 1}));
  ExpectClose(r, {3, 4, 5, 6, 8, 10}, 0, 0);
  EXPECT_EQ(Outer(O({2}, kB), O({3}, kD))->dtype(), kD);
  const Tensor bb = *Outer(FromValues({1, 0}, {2}, kB), FromValues({1, 1}, {2}, kB));
  EXPECT_EQ(bb.dtype(), kB);
  ExpectClose(bb, {1, 1, 0, 0}, 0, 0);
  EXPECT_EQ(ErrorOf(Outer(O({2, 3}), O({3}))), "outer: Expected 1-D argument self, but got 2-D");
  EXPECT_EQ(ErrorOf(Outer(O({2}), O({3, 2}))), "outer: Expected 1-D argument vec2, but got 2-D");
}

TEST(Registry, OpsBindAsPyTorchDoes) {
  OpRegistry r;
  ASSERT_TRUE(ops::RegisterLinalgOps(r).ok());
  const Tensor a = FromValues({1, 2, 3, 4}, {2, 2});
  const Tensor b = FromValues({1, 1, 1, 1}, {2, 2});
  absl::StatusOr<Value> v = r.Call("matmul", {a, b});
  ASSERT_TRUE(v.ok()) << v.status();
  ExpectClose(v->to_tensor(), {3, 3, 7, 7});
  // Keyword-only beta/alpha; a Python number for self is PyTorch's TypeError.
  v = r.Call("addmm", {FromValues({1}, {}), a, b}, {{"beta", Value(2)}, {"alpha", Value(0.5)}});
  ASSERT_TRUE(v.ok()) << v.status();
  ExpectClose(v->to_tensor(), {3.5, 3.5, 5.5, 5.5});
  EXPECT_EQ(r.Call("addmm", {Value(1.0), a, b}).status().message(),
            "addmm(): argument 'input' (position 1) must be Tensor, not float");
  // Meta calls give metadata only.
  v = r.CallMeta("bmm", {Tensor::Meta({3, 2, 4}, kF), Tensor::Meta({3, 4, 5}, kF)});
  ASSERT_TRUE(v.ok());
  EXPECT_TRUE(v->to_tensor().is_meta());
  EXPECT_EQ(v->to_tensor().sizes(), IntSpan(Shape{3, 2, 5}));
  const OpDef* mm = r.Find("mm");
  ASSERT_NE(mm, nullptr);
  EXPECT_TRUE(mm->flags.method);
  EXPECT_FALSE(r.Find("einsum")->flags.method);
  v = r.Call("einsum", {Value("ij,jk->ik"), Value(std::vector<Tensor>{a, b})});
  ASSERT_TRUE(v.ok()) << v.status();
  ExpectClose(v->to_tensor(), {3, 3, 7, 7});
  ASSERT_NE(r.Find("ger"), nullptr);
  ASSERT_NE(r.Find("dot"), nullptr);
  ASSERT_NE(r.Find("mv"), nullptr);
  ASSERT_NE(r.Find("outer"), nullptr);
  ASSERT_NE(r.Find("baddbmm"), nullptr);
}

TEST(Meta, EveryOpAcceptsMetaInputs) {
  const auto M = [](std::initializer_list<int64_t> s, DType d = kF) { return Tensor::Meta(s, d); };
  auto check = [](const absl::StatusOr<Tensor>& r, Shape sizes, Shape strides) {
    ASSERT_TRUE(r.ok()) << r.status();
    EXPECT_TRUE(r->is_meta());
    EXPECT_EQ(r->sizes(), IntSpan(sizes));
    EXPECT_EQ(r->strides(), IntSpan(strides));
  };
  check(Mm(M({2, 3}), M({3, 4})), {2, 4}, {4, 1});
  check(Mv(M({2, 3}), M({3})), {2}, {1});
  check(Dot(M({3}), M({3})), {}, {});
  check(Addmm(M({4}), M({2, 3}), M({3, 4})), {2, 4}, {4, 1});
  check(Baddbmm(M({4}), M({5, 2, 3}), M({5, 3, 4})), {5, 2, 4}, {8, 4, 1});
  check(Outer(M({2}), M({3}, kD)), {2, 3}, {3, 1});
  EXPECT_EQ(Outer(M({2}), M({3}, kD))->dtype(), kD);
  EXPECT_EQ(ErrorOf(Mm(M({2, 3}), M({4, 5}))),
            "mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)");
}

}  // namespace
}  // namespace wick::tensor
