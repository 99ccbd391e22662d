// Row kernels on AVX-512 machines, for the ops oneDNN 2.6 runs slowly along a dense last
// dim: softmax (softmax_v2 spends about 230 cycles on attention's rows of 128 floats, half
// of that goes here) and layer_norm (its CPU primitive is the plain C++
// simple_layer_normalization, about half the memory bandwidth).
//
//   if (HasRowKernels()) RowSoftmax(x, y, rows, cols);  // y may be x
//   if (HasRowKernels()) RowLogSoftmax(x, y, rows, cols);
//   if (HasRowKernels()) RowLayerNorm(x, w, b, eps, y, rows, cols);  // w, b may be null
//
// Softmax: each row's maximum, then exp(x - max) with a Cody-Waite reduction, a degree-6
// polynomial and vscalefps (about 1 ulp off expf), summed in float32, then a multiply by
// the reciprocal of the sum, as PyTorch's kernel does. A row holding NaN or +inf comes out
// all NaN, and so does a row of -inf, as in PyTorch.
// LayerNorm: the row's mean, then its biased variance from the squared deviations (two
// passes over the row, in L1), rstd = 1 / sqrt(var + eps), y = (x - mean) * rstd * w + b.
#ifndef WICK_CODEGEN_INTERNAL_ROW_KERNELS_H_
#define WICK_CODEGEN_INTERNAL_ROW_KERNELS_H_

#include <cstdint>

#include "codegen/internal/pointwise_kernel.h"

namespace wick::codegen::internal {

// Whether the row kernels run on this machine (AVX-512F).
bool HasRowKernels();

// y[r, :] = softmax(x[r, :]) for rows x cols floats, row-major and dense. Rows run in
// parallel on tensor::NumThreads() threads. In place (y == x) is allowed. `epilogue`, if
// given (a program over `cols` elements with one input), then runs on each row of y in
// place while the row is in L1.
void RowSoftmax(const float* x, float* y, int64_t rows, int64_t cols,
                const PointwiseProgram* epilogue = nullptr);

// y[r, :] = log_softmax(x[r, :]) = (x - max) - log(sum(exp(x - max))), as above.
void RowLogSoftmax(const float* x, float* y, int64_t rows, int64_t cols,
                   const PointwiseProgram* epilogue = nullptr);

// y[r, :] = layer_norm(x[r, :]) with weight w and bias b (cols floats each, or null), then
// the epilogue as above. In place is allowed.
void RowLayerNorm(const float* x, const float* w, const float* b, float eps, float* y,
                  int64_t rows, int64_t cols, const PointwiseProgram* epilogue = nullptr);

}  // namespace wick::codegen::internal

#endif  // WICK_CODEGEN_INTERNAL_ROW_KERNELS_H_
