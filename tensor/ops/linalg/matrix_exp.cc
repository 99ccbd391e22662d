// torch.linalg.matrix_exp: PyTorch 1.13's choice of approximation degree by the
// operator 1-norm (thresholds of Bader, Blanes and Casas, "Computing the matrix
// exponential with an optimized Taylor polynomial approximation", 2019), with scaling
// and squaring past the last threshold. Where PyTorch evaluates the paper's optimized
// polynomials for degrees 8, 12 and 18, this evaluates the Taylor polynomial of the same
// degree by Horner's rule: its truncation error is no larger, so results agree to
// rounding (about 1e-7 relative in float32), at a few more products of small matrices.
#include <algorithm>
#include <cmath>
#include <vector>

#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/ops/linalg/internal/tensor_util.h"
#include "tensor/ops/linalg/linalg.h"

namespace wick::tensor {
namespace {

constexpr int kDegrees[] = {1, 2, 4, 8, 12, 18};
// Largest 1-norm for which each degree is accurate to the unit roundoff.
constexpr float kThetaFloat[] = {1.192092800768788e-07f, 5.978858893805233e-04f,
                                 5.116619363445086e-02f, 5.800524627688768e-01f,
                                 1.461661507209034e+00f, 3.010066362817634e+00f};
constexpr double kThetaDouble[] = {2.220446049250313e-16, 2.580956802971767e-08,
                                   3.397168839976962e-04, 4.991228871115323e-02,
                                   2.996158913811580e-01, 1.090863719290036e+00};

// c = a @ b for n x n row-major matrices.
template <typename T>
void MatMul(const T* a, const T* b, int64_t n, T* c) {
  std::fill_n(c, n * n, T(0));
  for (int64_t i = 0; i < n; ++i) {
    for (int64_t k = 0; k < n; ++k) {
      const T aik = a[i * n + k];
      for (int64_t j = 0; j < n; ++j) c[i * n + j] += aik * b[k * n + j];
    }
  }
}

// exp(a) into `out` for one n x n matrix.
template <typename T>
void ExpOne(const T* a, int64_t n, const T* theta, T* out) {
  T norm = 0;  // max over columns of the column's absolute sum
  for (int64_t j = 0; j < n; ++j) {
    T col = 0;
    for (int64_t i = 0; i < n; ++i) col += std::abs(a[i * n + j]);
    norm = std::max(norm, col);
  }
  int degree = kDegrees[5];
  int squarings = 0;
  for (int d = 0; d < 6; ++d) {
    if (norm <= theta[d]) {
      degree = kDegrees[d];
      break;
    }
  }
  std::vector<T> x(a, a + n * n);
  if (norm > theta[5]) {
    squarings = std::max(0, static_cast<int>(std::ceil(std::log2(norm / theta[5]))));
    const T scale = std::ldexp(T(1), -squarings);
    for (T& v : x) v *= scale;
  }
  // Horner: r = I + x/1 (I + x/2 (... (I + x/degree))).
  std::vector<T> r(n * n, T(0)), tmp(n * n);
  for (int64_t i = 0; i < n; ++i) r[i * n + i] = T(1);
  for (int k = degree; k >= 1; --k) {
    MatMul(x.data(), r.data(), n, tmp.data());
    for (int64_t i = 0; i < n * n; ++i) r[i] = tmp[i] / T(k);
    for (int64_t i = 0; i < n; ++i) r[i * n + i] += T(1);
  }
  for (int s = 0; s < squarings; ++s) {
    MatMul(r.data(), r.data(), n, tmp.data());
    r.swap(tmp);
  }
  std::copy(r.begin(), r.end(), out);
}

}  // namespace

absl::StatusOr<Tensor> LinalgMatrixExp(const Tensor& A) {
  if (A.dim() < 2 || A.size(A.dim() - 1) != A.size(A.dim() - 2)) {
    if (A.dim() < 2) {
      return RuntimeError("linalg.matrix_exp: The input tensor A must have at least 2 dimensions.");
    }
    return RuntimeError(
        absl::StrCat("linalg.matrix_exp: A must be batches of square matrices, "
                     "but they are ",
                     A.size(A.dim() - 2), " by ", A.size(A.dim() - 1), " matrices"));
  }
  if (!IsFloating(A.dtype())) {
    return RuntimeError(
        absl::StrCat("matrix_exp: Expected a floating point or complex tensor as input. Got ",
                     ScalarTypeName(A.dtype())));
  }
  ASSIGN_OR_RETURN(Tensor out, linalg_internal::NewTensor(A.sizes(), A.dtype(), A.is_meta()));
  if (A.is_meta() || A.numel() == 0) return out;
  ASSIGN_OR_RETURN(Tensor a, linalg_internal::ContiguousAs(A, A.dtype()));
  const int64_t n = A.size(A.dim() - 1), nb = A.numel() / (n * n);
  for (int64_t b = 0; b < nb; ++b) {
    if (A.dtype() == DType::kFloat32) {
      ExpOne<float>(a.data<float>() + b * n * n, n, kThetaFloat, out.data<float>() + b * n * n);
    } else {
      ExpOne<double>(a.data<double>() + b * n * n, n, kThetaDouble, out.data<double>() + b * n * n);
    }
  }
  return out;
}

}  // namespace wick::tensor
