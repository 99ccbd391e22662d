// The Fortran entry points of reference LAPACK and the float/double overloads that
// forward to them (see lapack.h).
#include "tensor/ops/linalg/internal/lapack.h"

#include <cstddef>

extern "C" {
// Prototypes of liblapack's Fortran symbols (there is no LAPACKE on the build machine).
// Trailing size_t arguments are the hidden CHARACTER lengths.
#define WICK_LAPACK_DECLARE(T, p)                                                                \
  void p##getrf_(const int* m, const int* n, T* a, const int* lda, int* ipiv, int* info);        \
  void p##getri_(const int* n, T* a, const int* lda, const int* ipiv, T* work, const int* lwork, \
                 int* info);                                                                     \
  void p##getrs_(const char* trans, const int* n, const int* nrhs, const T* a, const int* lda,   \
                 const int* ipiv, T* b, const int* ldb, int* info, size_t);                      \
  void p##geqrf_(const int* m, const int* n, T* a, const int* lda, T* tau, T* work,              \
                 const int* lwork, int* info);                                                   \
  void p##orgqr_(const int* m, const int* n, const int* k, T* a, const int* lda, const T* tau,   \
                 T* work, const int* lwork, int* info);                                          \
  void p##potrf_(const char* uplo, const int* n, T* a, const int* lda, int* info, size_t);       \
  void p##syevd_(const char* jobz, const char* uplo, const int* n, T* a, const int* lda, T* w,   \
                 T* work, const int* lwork, int* iwork, const int* liwork, int* info, size_t,    \
                 size_t);                                                                        \
  void p##gesdd_(const char* jobz, const int* m, const int* n, T* a, const int* lda, T* s, T* u, \
                 const int* ldu, T* vt, const int* ldvt, T* work, const int* lwork, int* iwork,  \
                 int* info, size_t);
WICK_LAPACK_DECLARE(float, s)
WICK_LAPACK_DECLARE(double, d)
#undef WICK_LAPACK_DECLARE
}

namespace wick::tensor::linalg_internal {

#define WICK_LAPACK_DEFINE(T, p)                                                                \
  void Getrf(int m, int n, T* a, int lda, int* ipiv, int* info) {                               \
    p##getrf_(&m, &n, a, &lda, ipiv, info);                                                     \
  }                                                                                             \
  void Getri(int n, T* a, int lda, const int* ipiv, T* work, int lwork, int* info) {            \
    p##getri_(&n, a, &lda, ipiv, work, &lwork, info);                                           \
  }                                                                                             \
  void Getrs(char trans, int n, int nrhs, const T* a, int lda, const int* ipiv, T* b, int ldb,  \
             int* info) {                                                                       \
    p##getrs_(&trans, &n, &nrhs, a, &lda, ipiv, b, &ldb, info, 1);                              \
  }                                                                                             \
  void Geqrf(int m, int n, T* a, int lda, T* tau, T* work, int lwork, int* info) {              \
    p##geqrf_(&m, &n, a, &lda, tau, work, &lwork, info);                                        \
  }                                                                                             \
  void Orgqr(int m, int n, int k, T* a, int lda, const T* tau, T* work, int lwork, int* info) { \
    p##orgqr_(&m, &n, &k, a, &lda, tau, work, &lwork, info);                                    \
  }                                                                                             \
  void Potrf(char uplo, int n, T* a, int lda, int* info) {                                      \
    p##potrf_(&uplo, &n, a, &lda, info, 1);                                                     \
  }                                                                                             \
  void Syevd(char jobz, char uplo, int n, T* a, int lda, T* w, T* work, int lwork, int* iwork,  \
             int liwork, int* info) {                                                           \
    p##syevd_(&jobz, &uplo, &n, a, &lda, w, work, &lwork, iwork, &liwork, info, 1, 1);          \
  }                                                                                             \
  void Gesdd(char jobz, int m, int n, T* a, int lda, T* s, T* u, int ldu, T* vt, int ldvt,      \
             T* work, int lwork, int* iwork, int* info) {                                       \
    p##gesdd_(&jobz, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt, work, &lwork, iwork, info, 1);     \
  }
WICK_LAPACK_DEFINE(float, s)
WICK_LAPACK_DEFINE(double, d)
#undef WICK_LAPACK_DEFINE

}  // namespace wick::tensor::linalg_internal
