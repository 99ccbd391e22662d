// Softmax along contiguous rows on AVX-512 machines: oneDNN 2.6's softmax_v2 spends about
// 230 cycles on a row of 128 floats (attention's scores), half of that goes here.
//
//   if (HasRowSoftmax()) RowSoftmax(x, y, rows, cols);  // y may be x
//
// Each row: its maximum, then exp(x - max) with a Cody-Waite reduction, a degree-6
// polynomial and vscalefps (about 1 ulp off expf), summed in float32, then a multiply
// by the reciprocal of the sum, as PyTorch's kernel does. A row holding NaN or +inf
// comes out all NaN, and so does a row of -inf, as in PyTorch.
#ifndef WICK_CODEGEN_INTERNAL_SOFTMAX_KERNEL_H_
#define WICK_CODEGEN_INTERNAL_SOFTMAX_KERNEL_H_

#include <cstdint>

namespace wick::codegen::internal {

// Whether RowSoftmax runs on this machine (AVX-512F).
bool HasRowSoftmax();

// y[r, :] = softmax(x[r, :]) for rows x cols floats, row-major and dense. Rows run in
// parallel on tensor::NumThreads() threads. In place (y == x) is allowed.
void RowSoftmax(const float* x, float* y, int64_t rows, int64_t cols);

}  // namespace wick::codegen::internal

#endif  // WICK_CODEGEN_INTERNAL_SOFTMAX_KERNEL_H_
