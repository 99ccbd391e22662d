// Reference LAPACK (Debian's liblapack) for float and double, as overloads so the
// decompositions in lapack.cc are written once as templates. Every routine works on
// column-major matrices. The hidden
// CHARACTER length arguments gfortran passes are spelled out (size_t 1), so the calls
// are correct for gfortran's ABI rather than relying on callers that happen to work.
#ifndef WICK_TENSOR_OPS_LINALG_INTERNAL_LAPACK_H_
#define WICK_TENSOR_OPS_LINALG_INTERNAL_LAPACK_H_

#include <cstddef>

namespace wick::tensor::linalg_internal {

// LU with partial pivoting (getrf), inverse from LU (getri), solve from LU (getrs),
// Householder QR (geqrf) and its Q (orgqr), Cholesky (potrf), symmetric eigensolver
// (syevd) and divide-and-conquer SVD (gesdd), overloaded on float and double so
// templates over the element type call them by name. A `lwork` of -1 is LAPACK's
// workspace query: the optimal size comes back in work[0].
#define WICK_LAPACK_OVERLOADS(T)                                                           \
  void Getrf(int m, int n, T* a, int lda, int* ipiv, int* info);                          \
  void Getri(int n, T* a, int lda, const int* ipiv, T* work, int lwork, int* info);       \
  void Getrs(char trans, int n, int nrhs, const T* a, int lda, const int* ipiv, T* b,     \
             int ldb, int* info);                                                         \
  void Geqrf(int m, int n, T* a, int lda, T* tau, T* work, int lwork, int* info);         \
  void Orgqr(int m, int n, int k, T* a, int lda, const T* tau, T* work, int lwork,        \
             int* info);                                                                  \
  void Potrf(char uplo, int n, T* a, int lda, int* info);                                 \
  void Syevd(char jobz, char uplo, int n, T* a, int lda, T* w, T* work, int lwork,        \
             int* iwork, int liwork, int* info);                                          \
  void Gesdd(char jobz, int m, int n, T* a, int lda, T* s, T* u, int ldu, T* vt, int ldvt, \
             T* work, int lwork, int* iwork, int* info);
WICK_LAPACK_OVERLOADS(float)
WICK_LAPACK_OVERLOADS(double)
#undef WICK_LAPACK_OVERLOADS

}  // namespace wick::tensor::linalg_internal

#endif  // WICK_TENSOR_OPS_LINALG_INTERNAL_LAPACK_H_
