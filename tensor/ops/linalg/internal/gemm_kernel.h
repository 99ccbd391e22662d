// wick's own matrix-multiply kernel, for what oneDNN cannot do (float64, int32, int64)
// and for float32 problems so small that a oneDNN call would cost more than the math.
//
// Every output element accumulates its k products in order, starting from zero, without
// fused multiply-add; netlib's reference BLAS (what Debian's PyTorch 1.13 calls for mm,
// mv and dot) does the same, so float64 and small float32 results match it bit for bit.
// Integers wrap like two's complement (computed unsigned: no signed-overflow UB).
#ifndef WICK_TENSOR_OPS_LINALG_INTERNAL_GEMM_KERNEL_H_
#define WICK_TENSOR_OPS_LINALG_INTERNAL_GEMM_KERNEL_H_

#include <cstdint>

namespace wick::tensor::linalg_internal {

// C[m, n] = alpha * (A[m, k] @ B[k, n]) + beta * C + bias[n]. Strides in elements, any
// sign or layout. C is not read when beta == 0; bias may be null.
//
// Two summation orders, both netlib's: by default each element sums its products from
// zero and then forms alpha * sum + beta * C + bias (sgemm with A transposed); with
// `from_c` it starts at beta * C (or the bias) and adds (alpha * a) * b term by term
// (sgemm's NoTranspose loop). PyTorch's addmm takes the second when mat2 is row-major.
template <typename T>
struct Gemm2D {
  int64_t m = 0, n = 0, k = 0;
  const T* a = nullptr;
  int64_t a_rs = 0, a_cs = 0;
  const T* b = nullptr;
  int64_t b_rs = 0, b_cs = 0;
  T* c = nullptr;
  int64_t c_rs = 0, c_cs = 0;
  T alpha = T(1);
  T beta = T(0);
  const T* bias = nullptr;
  int64_t bias_stride = 0;
  bool from_c = false;
};

// Runs one problem; false only when packing buffers cannot be allocated. Instantiated
// for float, double, int32_t and int64_t.
template <typename T>
bool RunGemm2D(const Gemm2D<T>& p);

}  // namespace wick::tensor::linalg_internal

#endif  // WICK_TENSOR_OPS_LINALG_INTERNAL_GEMM_KERNEL_H_
