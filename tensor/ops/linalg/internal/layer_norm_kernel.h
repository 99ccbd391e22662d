// The layer-norm kernel that reproduces PyTorch 1.13's CPU results bit for bit: its row
// moments (a cascade of Welford accumulators in 256-bit vectors over chunks of 16
// vectors, merged pairwise, then a scalar Welford tail and a lane-by-lane merge) and its
// output formula y = fma(fma(x, rstd, -rstd * mean), w, b). The float32 arithmetic order
// was checked against Debian's PyTorch 1.13 on rows of 1 to 8192 elements.
#ifndef WICK_TENSOR_OPS_LINALG_INTERNAL_LAYER_NORM_KERNEL_H_
#define WICK_TENSOR_OPS_LINALG_INTERNAL_LAYER_NORM_KERNEL_H_

#include <cstdint>
#include <utility>

namespace wick::tensor::linalg_internal {

// (mean, biased variance) of x[0, n) in PyTorch's float order.
std::pair<float, float> RowMomentsFloat(const float* x, int64_t n);
// The same moments for either float type (ATen's RowwiseMoments; group norm uses them).
std::pair<float, float> RowMoments(const float* x, int64_t n);
std::pair<double, double> RowMoments(const double* x, int64_t n);

// y[r, :] = (x[r, :] - mean) * rstd * w + b for each of `rows` contiguous rows of `cols`
// elements; w and b may be null (1 and 0). Splits rows across tensor::NumThreads().
void LayerNormRows(const float* x, float* y, int64_t rows, int64_t cols, const float* w,
                   const float* b, float eps);
void LayerNormRows(const double* x, double* y, int64_t rows, int64_t cols, const double* w,
                   const double* b, double eps);

}  // namespace wick::tensor::linalg_internal

#endif  // WICK_TENSOR_OPS_LINALG_INTERNAL_LAYER_NORM_KERNEL_H_
