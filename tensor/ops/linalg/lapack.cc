// The LAPACK-backed decompositions of torch.linalg: inv, solve, det, slogdet, qr,
// cholesky, eigh/eigvalsh and svd/svdvals, float32 and float64, batched over leading
// dims. Each batch element is copied into a column-major scratch matrix (LAPACK's
// layout), factored, and copied back row-major; the copies cost O(n^2) against the
// O(n^3) factorization. Argument checks and error texts follow PyTorch 1.13 in its order.
#include "tensor/ops/linalg/internal/lapack.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/ops/linalg/internal/tensor_util.h"
#include "tensor/ops/linalg/linalg.h"
#include "tensor/shape.h"

namespace wick::tensor {
namespace {

using linalg_internal::ContiguousAs;
using linalg_internal::ExpandView;
using linalg_internal::NewTensor;
using linalg_internal::NotImplementedFor;
using linalg_internal::TransposeView;
using linalg_internal::UnsqueezeView;

// torch.linalg.LinAlgError (torch._C._LinAlgError, a RuntimeError subclass). The VM
// raises a RuntimeError for type names it does not know, which is what the class is.
absl::Status LinAlgError(absl::string_view message) { return PythonError("_LinAlgError", message); }

// "<api>: " or "<api>: (Batch element b): " as PyTorch prefixes per-matrix failures.
std::string Prefix(absl::string_view api, const Tensor& a, int64_t b) {
  if (a.dim() > 2) return absl::StrCat(api, ": (Batch element ", b, "): ");
  return absl::StrCat(api, ": ");
}

absl::Status CheckMatrix(absl::string_view api, const Tensor& a) {
  if (a.dim() >= 2) return absl::OkStatus();
  return RuntimeError(absl::StrCat(api, ": The input tensor A must have at least 2 dimensions."));
}

absl::Status CheckSquare(absl::string_view api, const Tensor& a) {
  RETURN_IF_ERROR(CheckMatrix(api, a));
  const int64_t r = a.size(a.dim() - 2), c = a.size(a.dim() - 1);
  if (r == c) return absl::OkStatus();
  return RuntimeError(absl::StrCat(api, ": A must be batches of square matrices, but they are ", r,
                                   " by ", c, " matrices"));
}

absl::Status CheckFloating(absl::string_view api, const Tensor& a) {
  if (IsFloating(a.dtype())) return absl::OkStatus();
  return RuntimeError(absl::StrCat(api,
                                   ": Expected a floating point or complex tensor as input. Got ",
                                   ScalarTypeName(a.dtype())));
}

// Runs fn(T{}) with T the C++ type of a float32/float64 dtype.
template <typename Fn>
absl::Status DispatchFloat(DType d, Fn fn) {
  if (d == DType::kFloat32) return fn(float{});
  return fn(double{});
}

Shape BatchOf(const Tensor& a) { return Shape(a.sizes().begin(), a.sizes().end() - 2); }
Shape WithTail(IntSpan batch, std::initializer_list<int64_t> tail) {
  Shape s(batch.begin(), batch.end());
  s.insert(s.end(), tail.begin(), tail.end());
  return s;
}

// Row-major rows x cols at `src` into column-major `dst` (leading dimension `ld` >= rows).
template <typename T>
void ToColumnMajor(const T* src, int64_t rows, int64_t cols, T* dst, int64_t ld) {
  for (int64_t i = 0; i < rows; ++i) {
    for (int64_t j = 0; j < cols; ++j) dst[j * ld + i] = src[i * cols + j];
  }
}
template <typename T>
void FromColumnMajor(const T* src, int64_t ld, int64_t rows, int64_t cols, T* dst) {
  for (int64_t i = 0; i < rows; ++i) {
    for (int64_t j = 0; j < cols; ++j) dst[i * cols + j] = src[j * ld + i];
  }
}

// Sets each of the `nb` trailing rows x cols matrices of `t` to the identity's top-left
// block (QR's and SVD's factors of empty matrices).
template <typename T>
void FillEye(const Tensor& t, int64_t nb, int64_t rows, int64_t cols) {
  T* p = t.data<T>();
  for (int64_t b = 0; b < nb; ++b) {
    for (int64_t i = 0; i < rows; ++i) {
      for (int64_t j = 0; j < cols; ++j) p[(b * rows + i) * cols + j] = i == j ? T(1) : T(0);
    }
  }
}

// The LU factorization of every matrix of `a` (contiguous, [..., n, n]) handed to
// visit(b, lu, ipiv, info) in turn; `lu` is column-major.
template <typename T, typename Visit>
absl::Status ForEachLu(const Tensor& a, Visit visit) {
  const int64_t n = a.size(a.dim() - 1);
  const int64_t nb = n == 0 ? 0 : a.numel() / (n * n);
  std::vector<T> lu(n * n);
  std::vector<int> ipiv(n);
  for (int64_t b = 0; b < nb; ++b) {
    ToColumnMajor(a.data<T>() + b * n * n, n, n, lu.data(), n);
    int info = 0;
    linalg_internal::Getrf(n, n, lu.data(), n, ipiv.data(), &info);
    RETURN_IF_ERROR(visit(b, lu.data(), ipiv.data(), info));
  }
  return absl::OkStatus();
}

// det and slogdet from the LU factors: sign of the permutation times the diagonal.
// Singular matrices have an exactly zero pivot and give det 0 (slogdet: sign 0, -inf).
template <typename T>
void LuDet(const T* lu, const int* ipiv, int64_t n, T* det, T* sign, T* logabs) {
  T perm = T(1);
  for (int64_t i = 0; i < n; ++i) {
    if (ipiv[i] != i + 1) perm = -perm;
  }
  T prod = T(1), sgn = T(1), log_sum = T(0);
  for (int64_t i = 0; i < n; ++i) {
    const T d = lu[i * n + i];
    prod *= d;
    sgn *= d > 0 ? T(1) : (d < 0 ? T(-1) : T(0));
    log_sum += std::log(std::abs(d));
  }
  if (det) *det = prod * perm;
  if (sign) *sign = sgn * perm;
  if (logabs) *logabs = log_sum;
}

}  // namespace

absl::StatusOr<Tensor> LinalgInv(const Tensor& A) {
  constexpr absl::string_view kApi = "linalg.inv";
  RETURN_IF_ERROR(CheckSquare(kApi, A));
  RETURN_IF_ERROR(CheckFloating(kApi, A));
  ASSIGN_OR_RETURN(Tensor out, NewTensor(A.sizes(), A.dtype(), A.is_meta()));
  if (A.is_meta() || A.numel() == 0) return out;
  ASSIGN_OR_RETURN(Tensor a, ContiguousAs(A, A.dtype()));
  const int64_t n = A.size(A.dim() - 1);
  RETURN_IF_ERROR(DispatchFloat(A.dtype(), [&](auto tag) -> absl::Status {
    using T = decltype(tag);
    int info = 0;
    T query = 0;
    std::vector<int> dummy(n);
    linalg_internal::Getri(n, nullptr, n, dummy.data(), &query, -1, &info);
    std::vector<T> work(std::max<int64_t>(1, static_cast<int64_t>(query)));
    return ForEachLu<T>(a, [&](int64_t b, T* lu, const int* ipiv, int inf) -> absl::Status {
      if (inf > 0) {
        return LinAlgError(absl::StrCat(Prefix(kApi, A, b), "The diagonal element ", inf,
                                        " is zero, the inversion could not be completed because "
                                        "the input matrix is singular."));
      }
      int info2 = 0;
      linalg_internal::Getri(n, lu, n, ipiv, work.data(), static_cast<int>(work.size()), &info2);
      FromColumnMajor(lu, n, n, n, out.data<T>() + b * n * n);
      return absl::OkStatus();
    });
  }));
  return out;
}

absl::StatusOr<Tensor> LinalgSolve(const Tensor& A, const Tensor& B, bool left) {
  constexpr absl::string_view kApi = "linalg.solve";
  RETURN_IF_ERROR(CheckSquare(kApi, A));
  RETURN_IF_ERROR(CheckFloating(kApi, A));
  if (A.dtype() != B.dtype()) {
    return RuntimeError(absl::StrCat(kApi,
                                     ": Expected A and B to have the same dtype, but found A "
                                     "of type ",
                                     ScalarTypeName(A.dtype()), " and B of type ",
                                     ScalarTypeName(B.dtype()), " instead"));
  }
  // B is a batch of vectors when it is 1-D or has exactly A's batch shape plus one dim.
  bool vector_case = B.dim() == 1;
  if (!vector_case && left && B.dim() == A.dim() - 1) {
    vector_case = std::equal(B.sizes().begin(), B.sizes().end(), A.sizes().begin());
  }
  if (!left) {
    // XA = B is A^T X^T = B^T.
    ASSIGN_OR_RETURN(Tensor xt,
                     LinalgSolve(TransposeView(A, A.dim() - 2, A.dim() - 1),
                                 B.dim() >= 2 ? TransposeView(B, B.dim() - 2, B.dim() - 1) : B,
                                 /*left=*/true));
    if (xt.dim() < 2) return xt;
    return ContiguousAs(TransposeView(xt, xt.dim() - 2, xt.dim() - 1), xt.dtype());
  }
  const Tensor b2 = vector_case ? UnsqueezeView(B, B.dim()) : B;
  const int64_t n = A.size(A.dim() - 1);
  if (b2.dim() < 2 || b2.size(b2.dim() - 2) != n) {
    const int64_t br = b2.dim() >= 2 ? b2.size(b2.dim() - 2) : b2.size(0);
    return RuntimeError(absl::StrCat(kApi,
                                     ": Incompatible shapes of A and B for the equation AX = B (",
                                     n, "x", n, " and ", br, "x", b2.size(b2.dim() - 1), ")"));
  }
  const int64_t k = b2.size(b2.dim() - 1);
  ASSIGN_OR_RETURN(Shape batch, BroadcastShapes(BatchOf(A), BatchOf(b2)));
  Shape out_sizes = WithTail(batch, {n, k});
  ASSIGN_OR_RETURN(Tensor out, NewTensor(out_sizes, A.dtype(), A.is_meta() || B.is_meta()));
  if (!out.is_meta() && out.numel() > 0) {
    ASSIGN_OR_RETURN(Tensor a, ContiguousAs(ExpandView(A, WithTail(batch, {n, n})), A.dtype()));
    ASSIGN_OR_RETURN(Tensor b, ContiguousAs(ExpandView(b2, out_sizes), A.dtype()));
    RETURN_IF_ERROR(DispatchFloat(A.dtype(), [&](auto tag) -> absl::Status {
      using T = decltype(tag);
      std::vector<T> rhs(n * k);
      return ForEachLu<T>(a, [&](int64_t i, T* lu, const int* ipiv, int info) -> absl::Status {
        if (info > 0) {
          return LinAlgError(absl::StrCat("torch.", Prefix(kApi, a, i),
                                          "The solver failed because the input matrix is "
                                          "singular."));
        }
        ToColumnMajor(b.data<T>() + i * n * k, n, k, rhs.data(), n);
        int info2 = 0;
        linalg_internal::Getrs('N', n, k, lu, n, ipiv, rhs.data(), n, &info2);
        FromColumnMajor(rhs.data(), n, n, k, out.data<T>() + i * n * k);
        return absl::OkStatus();
      });
    }));
  }
  if (vector_case) return linalg_internal::SqueezeView(out, out.dim() - 1);
  return out;
}

namespace {

// {det} or, with `slog`, {sign, logabsdet} of every matrix of A.
absl::StatusOr<std::vector<Tensor>> Determinants(absl::string_view api, const Tensor& A,
                                                 bool slog) {
  RETURN_IF_ERROR(CheckSquare(api, A));
  RETURN_IF_ERROR(CheckFloating(api, A));
  const Shape batch = BatchOf(A);
  ASSIGN_OR_RETURN(Tensor first, NewTensor(batch, A.dtype(), A.is_meta()));
  Tensor second;
  if (slog) {
    ASSIGN_OR_RETURN(second, NewTensor(batch, A.dtype(), A.is_meta()));
  }
  std::vector<Tensor> out = {first};
  if (slog) out.push_back(second);
  if (A.is_meta() || first.numel() == 0) return out;
  ASSIGN_OR_RETURN(Tensor a, ContiguousAs(A, A.dtype()));
  const int64_t n = A.size(A.dim() - 1);
  RETURN_IF_ERROR(DispatchFloat(A.dtype(), [&](auto tag) -> absl::Status {
    using T = decltype(tag);
    T* p = first.data<T>();
    T* q = slog ? second.data<T>() : nullptr;
    if (n == 0) {  // The empty product.
      for (int64_t b = 0; b < first.numel(); ++b) {
        p[b] = T(1);
        if (q) q[b] = T(0);
      }
      return absl::OkStatus();
    }
    return ForEachLu<T>(a, [&](int64_t b, T* lu, const int* ipiv, int) -> absl::Status {
      if (slog) {
        LuDet<T>(lu, ipiv, n, nullptr, p + b, q + b);
      } else {
        LuDet<T>(lu, ipiv, n, p + b, nullptr, nullptr);
      }
      return absl::OkStatus();
    });
  }));
  return out;
}

}  // namespace

absl::StatusOr<Tensor> LinalgDet(const Tensor& A) {
  ASSIGN_OR_RETURN(std::vector<Tensor> r, Determinants("linalg.det", A, /*slog=*/false));
  return r[0];
}

absl::StatusOr<std::pair<Tensor, Tensor>> LinalgSlogdet(const Tensor& A) {
  ASSIGN_OR_RETURN(std::vector<Tensor> r, Determinants("linalg.slogdet", A, /*slog=*/true));
  return std::make_pair(r[0], r[1]);
}

absl::StatusOr<std::pair<Tensor, Tensor>> LinalgQr(const Tensor& A, absl::string_view mode) {
  if (mode != "reduced" && mode != "complete" && mode != "r") {
    return RuntimeError(absl::StrCat("qr received unrecognized mode '", mode,
                                     "' but expected one of 'reduced' (default), 'r', or "
                                     "'complete'"));
  }
  constexpr absl::string_view kApi = "linalg.qr";
  RETURN_IF_ERROR(CheckMatrix(kApi, A));
  RETURN_IF_ERROR(CheckFloating(kApi, A));
  const int64_t m = A.size(A.dim() - 2), n = A.size(A.dim() - 1), k = std::min(m, n);
  const bool complete = mode == "complete", want_q = mode != "r";
  const int64_t qcols = complete ? m : k, rrows = complete ? m : k;
  const Shape batch = BatchOf(A);
  const bool meta = A.is_meta();
  Tensor q;
  if (want_q) {
    ASSIGN_OR_RETURN(q, NewTensor(WithTail(batch, {m, qcols}), A.dtype(), meta));
  } else {
    ASSIGN_OR_RETURN(q, NewTensor(Shape{0}, A.dtype(), meta));
  }
  ASSIGN_OR_RETURN(Tensor r, NewTensor(WithTail(batch, {rrows, n}), A.dtype(), meta));
  if (meta) return std::make_pair(q, r);
  const int64_t nb = Numel(batch);
  ASSIGN_OR_RETURN(Tensor a, ContiguousAs(A, A.dtype()));
  RETURN_IF_ERROR(DispatchFloat(A.dtype(), [&](auto tag) -> absl::Status {
    using T = decltype(tag);
    if (k == 0) {  // Nothing to factor: R is zero, Q the identity's leading columns.
      std::fill_n(r.data<T>(), r.numel(), T(0));
      if (want_q) FillEye<T>(q, nb, m, qcols);
      return absl::OkStatus();
    }
    const int64_t cols = std::max(n, qcols);
    std::vector<T> buf(m * cols), tau(k);
    int info = 0;
    T query_qr = 0, query_q = 0;
    linalg_internal::Geqrf(m, n, buf.data(), m, tau.data(), &query_qr, -1, &info);
    linalg_internal::Orgqr(m, qcols, k, buf.data(), m, tau.data(), &query_q, -1, &info);
    std::vector<T> work(std::max<int64_t>(1, static_cast<int64_t>(std::max(query_qr, query_q))));
    for (int64_t b = 0; b < nb; ++b) {
      ToColumnMajor(a.data<T>() + b * m * n, m, n, buf.data(), m);
      linalg_internal::Geqrf(m, n, buf.data(), m, tau.data(), work.data(),
                             static_cast<int>(work.size()), &info);
      T* rp = r.data<T>() + b * rrows * n;
      for (int64_t i = 0; i < rrows; ++i) {
        for (int64_t j = 0; j < n; ++j) rp[i * n + j] = i <= j ? buf[j * m + i] : T(0);
      }
      if (!want_q) continue;
      linalg_internal::Orgqr(m, qcols, k, buf.data(), m, tau.data(), work.data(),
                             static_cast<int>(work.size()), &info);
      FromColumnMajor(buf.data(), m, m, qcols, q.data<T>() + b * m * qcols);
    }
    return absl::OkStatus();
  }));
  return std::make_pair(q, r);
}

absl::StatusOr<Tensor> LinalgCholesky(const Tensor& A, bool upper) {
  constexpr absl::string_view kApi = "linalg.cholesky";
  RETURN_IF_ERROR(CheckSquare(kApi, A));
  RETURN_IF_ERROR(CheckFloating(kApi, A));
  ASSIGN_OR_RETURN(Tensor out, NewTensor(A.sizes(), A.dtype(), A.is_meta()));
  if (A.is_meta() || A.numel() == 0) return out;
  ASSIGN_OR_RETURN(Tensor a, ContiguousAs(A, A.dtype()));
  const int64_t n = A.size(A.dim() - 1), nb = A.numel() / (n * n);
  RETURN_IF_ERROR(DispatchFloat(A.dtype(), [&](auto tag) -> absl::Status {
    using T = decltype(tag);
    std::vector<T> buf(n * n);
    for (int64_t b = 0; b < nb; ++b) {
      ToColumnMajor(a.data<T>() + b * n * n, n, n, buf.data(), n);
      int info = 0;
      linalg_internal::Potrf('L', n, buf.data(), n, &info);
      if (info > 0) {
        return LinAlgError(
            absl::StrCat(Prefix(kApi, A, b),
                         "The factorization could not be completed because the input is "
                         "not positive-definite (the leading minor of order ",
                         info, " is not positive-definite)."));
      }
      T* o = out.data<T>() + b * n * n;
      for (int64_t i = 0; i < n; ++i) {
        for (int64_t j = 0; j < n; ++j) {
          // L[i][j] lives at buf[j * n + i]; upper returns L^T.
          const int64_t li = upper ? j : i, lj = upper ? i : j;
          o[i * n + j] = lj <= li ? buf[lj * n + li] : T(0);
        }
      }
    }
    return absl::OkStatus();
  }));
  return out;
}

absl::StatusOr<std::pair<Tensor, Tensor>> LinalgEigh(const Tensor& A, absl::string_view uplo,
                                                     bool compute_v) {
  if (uplo != "L" && uplo != "U") {
    return RuntimeError(absl::StrCat("Expected UPLO argument to be 'L' or 'U', but got ", uplo));
  }
  constexpr absl::string_view kApi = "linalg.eigh";
  RETURN_IF_ERROR(CheckSquare(kApi, A));
  if (!IsFloating(A.dtype())) return NotImplementedFor("linalg_eigh_cpu", A.dtype());
  const int64_t n = A.size(A.dim() - 1);
  const Shape batch = BatchOf(A);
  ASSIGN_OR_RETURN(Tensor w, NewTensor(WithTail(batch, {n}), A.dtype(), A.is_meta()));
  Tensor v;
  if (compute_v) {
    ASSIGN_OR_RETURN(v, NewTensor(A.sizes(), A.dtype(), A.is_meta()));
  } else {
    ASSIGN_OR_RETURN(v, NewTensor(Shape{0}, A.dtype(), A.is_meta()));
  }
  if (A.is_meta() || A.numel() == 0) return std::make_pair(w, v);
  ASSIGN_OR_RETURN(Tensor a, ContiguousAs(A, A.dtype()));
  const int64_t nb = A.numel() / (n * n);
  const char jobz = compute_v ? 'V' : 'N';
  RETURN_IF_ERROR(DispatchFloat(A.dtype(), [&](auto tag) -> absl::Status {
    using T = decltype(tag);
    std::vector<T> buf(n * n);
    int info = 0, iquery = 0;
    T query = 0;
    linalg_internal::Syevd(jobz, uplo[0], n, buf.data(), n, w.data<T>(), &query, -1, &iquery, -1,
                           &info);
    std::vector<T> work(std::max<int64_t>(1, static_cast<int64_t>(query)));
    std::vector<int> iwork(std::max(1, iquery));
    for (int64_t b = 0; b < nb; ++b) {
      ToColumnMajor(a.data<T>() + b * n * n, n, n, buf.data(), n);
      linalg_internal::Syevd(jobz, uplo[0], n, buf.data(), n, w.data<T>() + b * n, work.data(),
                             static_cast<int>(work.size()), iwork.data(),
                             static_cast<int>(iwork.size()), &info);
      if (info > 0) {
        return LinAlgError(
            absl::StrCat(Prefix(kApi, A, b),
                         "The algorithm failed to converge because the input matrix is "
                         "ill-conditioned or has too many repeated eigenvalues (error code: ",
                         info, ")."));
      }
      if (compute_v) FromColumnMajor(buf.data(), n, n, n, v.data<T>() + b * n * n);
    }
    return absl::OkStatus();
  }));
  return std::make_pair(w, v);
}

absl::StatusOr<std::vector<Tensor>> LinalgSvd(const Tensor& A, bool full_matrices,
                                              bool compute_uv) {
  constexpr absl::string_view kApi = "linalg.svd";
  RETURN_IF_ERROR(CheckMatrix(kApi, A));
  RETURN_IF_ERROR(CheckFloating(kApi, A));
  const int64_t m = A.size(A.dim() - 2), n = A.size(A.dim() - 1), k = std::min(m, n);
  const int64_t ucols = full_matrices ? m : k, vrows = full_matrices ? n : k;
  const Shape batch = BatchOf(A);
  const bool meta = A.is_meta();
  ASSIGN_OR_RETURN(Tensor s, NewTensor(WithTail(batch, {k}), A.dtype(), meta));
  Tensor u, vh;
  if (compute_uv) {
    ASSIGN_OR_RETURN(u, NewTensor(WithTail(batch, {m, ucols}), A.dtype(), meta));
    ASSIGN_OR_RETURN(vh, NewTensor(WithTail(batch, {vrows, n}), A.dtype(), meta));
  }
  auto result = [&]() -> std::vector<Tensor> {
    if (compute_uv) return {u, s, vh};
    return {s};
  };
  if (meta) return result();
  const int64_t nb = Numel(batch);
  ASSIGN_OR_RETURN(Tensor a, ContiguousAs(A, A.dtype()));
  const char jobz = !compute_uv ? 'N' : (full_matrices ? 'A' : 'S');
  RETURN_IF_ERROR(DispatchFloat(A.dtype(), [&](auto tag) -> absl::Status {
    using T = decltype(tag);
    if (k == 0) {  // No singular values; the factors are identities' leading blocks.
      if (compute_uv) {
        FillEye<T>(u, nb, m, ucols);
        FillEye<T>(vh, nb, vrows, n);
      }
      return absl::OkStatus();
    }
    std::vector<T> buf(m * n), ub(compute_uv ? m * ucols : 1), vb(compute_uv ? vrows * n : 1);
    const int ldu = compute_uv ? m : 1, ldvt = compute_uv ? vrows : 1;
    std::vector<int> iwork(8 * k);
    int info = 0;
    T query = 0;
    linalg_internal::Gesdd(jobz, m, n, buf.data(), m, s.data<T>(), ub.data(), ldu, vb.data(), ldvt,
                           &query, -1, iwork.data(), &info);
    std::vector<T> work(std::max<int64_t>(1, static_cast<int64_t>(query)));
    for (int64_t b = 0; b < nb; ++b) {
      ToColumnMajor(a.data<T>() + b * m * n, m, n, buf.data(), m);
      linalg_internal::Gesdd(jobz, m, n, buf.data(), m, s.data<T>() + b * k, ub.data(), ldu,
                             vb.data(), ldvt, work.data(), static_cast<int>(work.size()),
                             iwork.data(), &info);
      if (info > 0) {
        return LinAlgError(
            absl::StrCat(Prefix(kApi, A, b),
                         "The algorithm failed to converge because the input matrix is "
                         "ill-conditioned or has too many repeated singular values (error code: ",
                         info, ")."));
      }
      if (!compute_uv) continue;
      FromColumnMajor(ub.data(), m, m, ucols, u.data<T>() + b * m * ucols);
      FromColumnMajor(vb.data(), vrows, vrows, n, vh.data<T>() + b * vrows * n);
    }
    return absl::OkStatus();
  }));
  return result();
}

}  // namespace wick::tensor
