// torch.linalg.matrix_exp: PyTorch 1.13's choice of approximation degree by the
// operator 1-norm (thresholds of Bader, Blanes and Casas, "Computing the matrix
// exponential with an optimized Taylor polynomial approximation", 2019), with scaling
// and squaring past the last threshold, and the paper's evaluation schemes for each
// degree, as PyTorch uses them: their approximation error (not only rounding) shows in
// float32 results, so matching PyTorch to printed precision needs the same polynomials.
#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <utility>
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

// sum_k coeffs[k] * mats[k] (n x n each; a null matrix stands for the identity).
template <typename T>
std::vector<T> Combine(int64_t n, std::initializer_list<std::pair<double, const T*>> terms) {
  std::vector<T> out(n * n, T(0));
  for (const auto& [coeff, m] : terms) {
    if (coeff == 0) continue;
    const T c = static_cast<T>(coeff);
    if (m == nullptr) {
      for (int64_t i = 0; i < n; ++i) out[i * n + i] += c;
    } else {
      for (int64_t i = 0; i < n * n; ++i) out[i] += c * m[i];
    }
  }
  return out;
}

template <typename T>
std::vector<T> Product(const std::vector<T>& a, const std::vector<T>& b, int64_t n) {
  std::vector<T> c(n * n);
  MatMul(a.data(), b.data(), n, c.data());
  return c;
}

// The degree-`degree` approximant of exp(a) from Bader, Blanes and Casas (2019): Taylor
// for degrees 1, 2 and 4, their optimized evaluations (8 with 3 products, 12 with 4,
// 18 with 5) above, with the paper's coefficients.
template <typename T>
std::vector<T> Approximant(const std::vector<T>& a, int64_t n, int degree) {
  const T* A = a.data();
  if (degree == 1) return Combine<T>(n, {{1.0, nullptr}, {1.0, A}});
  const std::vector<T> a2 = Product(a, a, n);
  const T* A2 = a2.data();
  if (degree == 2) return Combine<T>(n, {{1.0, nullptr}, {1.0, A}, {0.5, A2}});
  if (degree == 4) {
    std::vector<T> tail =
        Product(a2, Combine<T>(n, {{0.5, nullptr}, {1.0 / 6, A}, {1.0 / 24, A2}}), n);
    return Combine<T>(n, {{1.0, nullptr}, {1.0, A}, {1.0, tail.data()}});
  }
  if (degree == 8) {
    const double r = std::sqrt(177.0), x3 = 2.0 / 3.0;
    const double x1 = x3 * (1 + r) / 88, x2 = x3 * (1 + r) / 352;
    const double c0 = (-271 + 29 * r) / (315 * x3), c1 = 11 * (-1 + r) / (1260 * x3);
    const double c2 = 11 * (-9 + r) / (5040 * x3), c4 = (89 - r) / (5040 * x3 * x3);
    const double y2 = (857 - 58 * r) / 630;
    std::vector<T> a4 = Product(a2, Combine<T>(n, {{x1, A}, {x2, A2}}), n);
    std::vector<T> a8 =
        Product(Combine<T>(n, {{x3, A2}, {1.0, a4.data()}}),
                Combine<T>(n, {{c0, nullptr}, {c1, A}, {c2, A2}, {c4, a4.data()}}), n);
    return Combine<T>(n, {{1.0, nullptr}, {1.0, A}, {y2, A2}, {1.0, a8.data()}});
  }
  const std::vector<T> a3 = Product(a, a2, n);
  const T* A3 = a3.data();
  if (degree == 12) {
    std::vector<T> q1 = Combine<T>(n, {{-0.0186023205146205532243437300433, nullptr},
                                       {-0.00500702322573317730979741843919, A},
                                       {-0.573420122960522263905952420789, A2},
                                       {-0.133399693943892059700768926983, A3}});
    std::vector<T> q2 = Combine<T>(n, {{4.6, nullptr},
                                       {0.992875103538486836140479571505, A},
                                       {-0.132445561052799638845074997454, A2},
                                       {0.0017299, A3}});
    std::vector<T> q3 = Combine<T>(n, {{0.211693118299809442949323323336, nullptr},
                                       {0.158224384715726725371768893252, A},
                                       {0.165635169436727415011171668419, A2},
                                       {0.0107862779315792425026320640108, A3}});
    std::vector<T> q4 = Combine<T>(n, {{-0.131810610138301840156819349464, A},
                                       {-0.0202785554058925907933568229945, A2},
                                       {-0.00675951846863086359778560766482, A3}});
    std::vector<T> q44 = Product(q4, q4, n);
    std::vector<T> q6 = Combine<T>(n, {{1.0, q3.data()}, {1.0, q44.data()}});
    std::vector<T> inner = Product(Combine<T>(n, {{1.0, q2.data()}, {1.0, q6.data()}}), q6, n);
    return Combine<T>(n, {{1.0, q1.data()}, {1.0, inner.data()}});
  }
  // degree 18
  const std::vector<T> a6 = Product(a3, a3, n);
  const T* A6 = a6.data();
  std::vector<T> q31 = Combine<T>(n, {{-0.100365581030144620014614939405, A},
                                      {-0.00802924648241156960116919515244, A2},
                                      {-0.000892138498045729955685466128049, A3}});
  std::vector<T> q61 = Combine<T>(n, {{0.397849749499645076145196127710, A},
                                      {1.36783778460411719922523706878, A2},
                                      {0.498289622525382677556858817262, A3},
                                      {-0.000637898194594723309241550056492, A6}});
  std::vector<T> q62 = Combine<T>(n, {{-10.9676396052962062593517462675, nullptr},
                                      {1.68015813878906197182785401725, A},
                                      {0.0571779846478865512702871713225, A2},
                                      {-0.00698210122488052084290466483802, A3},
                                      {0.0000334975017086070538313367340668, A6}});
  std::vector<T> q63 = Combine<T>(n, {{-0.0904316832390810561971468877018, nullptr},
                                      {-0.0676404519071381907560079900380, A},
                                      {0.0675961301770459646082799195079, A2},
                                      {0.0295552570429315527426069182242, A3},
                                      {-0.0000139180257516060701124739979344, A6}});
  std::vector<T> q64 = Combine<T>(n, {{-0.0923364619367118592764570775143, A2},
                                      {-0.0169364939002081717191385115723, A3},
                                      {-0.0000140086798182036159794363205726, A6}});
  std::vector<T> q3164 = Product(q31, q64, n);
  std::vector<T> q91 = Combine<T>(n, {{1.0, q3164.data()}, {1.0, q63.data()}});
  std::vector<T> inner = Product(Combine<T>(n, {{1.0, q62.data()}, {1.0, q91.data()}}), q91, n);
  return Combine<T>(n, {{1.0, q61.data()}, {1.0, inner.data()}});
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
  std::vector<T> r = Approximant(x, n, degree);
  std::vector<T> tmp(n * n);
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
