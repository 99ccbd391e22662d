// The convolution kernels behind Conv (conv.cc): oneDNN primitives for float32 and direct
// loops (any dtype; the reference the tests compare oneDNN against). Arguments are
// already checked and contiguous; `out` is allocated with the final sizes.
#ifndef WICK_TENSOR_OPS_CONV_INTERNAL_CONV_KERNELS_H_
#define WICK_TENSOR_OPS_CONV_INTERNAL_CONV_KERNELS_H_

#include "absl/status/status.h"
#include "tensor/ops/conv/conv.h"
#include "tensor/tensor.h"

namespace wick::tensor::conv_internal {

// One entry per spatial dim. pad_l/pad_r differ only for padding='same' with an odd total.
struct ConvGeometry {
  Shape stride, pad_l, pad_r, dilation, output_padding;
  int64_t groups = 1;
  bool transposed = false;
  ConvActivation activation = ConvActivation::kNone;
};

// out = conv(x, w) + b (b may be undefined); float32 on oneDNN unless `force_loops`,
// falling back to the loops where oneDNN has no implementation.
absl::Status RunConv(const Tensor& x, const Tensor& w, const Tensor& b, const Tensor& out,
                     const ConvGeometry& g, bool force_loops = false);

}  // namespace wick::tensor::conv_internal

#endif  // WICK_TENSOR_OPS_CONV_INTERNAL_CONV_KERNELS_H_
