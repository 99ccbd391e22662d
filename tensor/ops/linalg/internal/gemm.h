// GemmInto: the batched matrix multiply beneath matmul, mm, bmm, addmm, baddbmm, mv, dot,
// linear, einsum and attention. It takes strided views (transposed, sliced or broadcast
// operands need no copies), picks oneDNN's matmul primitive for float32 and the in-order
// kernel (gemm_kernel.h) for float64, integers and float32 problems up to kSmallGemmMacs.
//
//   // out[b, m, n] = a[b, m, k] @ b[b, k, n]
//   RETURN_IF_ERROR(GemmInto(out, a, b));
#ifndef WICK_TENSOR_OPS_LINALG_INTERNAL_GEMM_H_
#define WICK_TENSOR_OPS_LINALG_INTERNAL_GEMM_H_

#include <cstdint>

#include "absl/status/status.h"
#include "tensor/scalar.h"
#include "tensor/tensor.h"

namespace wick::tensor::linalg_internal {

struct GemmOptions {
  Scalar alpha = 1;
  Scalar beta = 0;
  // Optional 1-D tensor of N elements added to every output row (linear's bias).
  const Tensor* bias = nullptr;
};

// out[..., M, N] = alpha * (a[..., M, K] @ b[..., K, N]) + beta * out + bias.
// a, b and out have the same rank >= 2 and dtype (float32, float64, int32 or int64); the
// batch dims of a and b equal out's or are broadcast (stride 0). out is only read when
// beta != 0 (so NaN there does not leak through beta = 0), and must not overlap a or b.
// Errors: ResourceExhausted when scratch memory cannot be had, Internal on a oneDNN
// failure or a violated precondition.
absl::Status GemmInto(const Tensor& out, const Tensor& a, const Tensor& b,
                      const GemmOptions& opts = {});

// float32 problems with at most this many multiply-adds in total run on the in-order
// kernel. Debian's PyTorch 1.13 runs every float32 mm/addmm/bmm on netlib's reference
// BLAS, which only the in-order kernel reproduces bit for bit (oneDNN's blocked FMA sums
// differ in the last bit from 16x16x48 up). In-order sums cannot use FMA, so they run at
// about half of oneDNN's speed; above this size (~160^3) wick takes oneDNN's speed and
// its rounding, as PyTorch itself does when linked against MKL or OpenBLAS. Values then
// agree with Debian's PyTorch to float32 rounding (parity tolerance), not bit for bit.
inline constexpr int64_t kSmallGemmMacs = int64_t{1} << 22;

// Which float32 path GemmInto takes (tests and benchmarks compare both).
enum class GemmPath { kAuto, kOneDnn, kReference };
void SetFloat32GemmPathForTesting(GemmPath path);

}  // namespace wick::tensor::linalg_internal

#endif  // WICK_TENSOR_OPS_LINALG_INTERNAL_GEMM_H_
