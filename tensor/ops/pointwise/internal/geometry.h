// The geometry of an elementwise op: the broadcast shape of its inputs, the strides a new
// output gets, and the loop order. Strides follow PyTorch's TensorIterator, because users
// can see them: an op on a transposed tensor returns a transposed-layout result, an op on
// expanded or sliced inputs a contiguous one.
#ifndef WICK_TENSOR_OPS_POINTWISE_INTERNAL_GEOMETRY_H_
#define WICK_TENSOR_OPS_POINTWISE_INTERNAL_GEOMETRY_H_

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "tensor/ops/pointwise/internal/kernels.h"
#include "tensor/tensor.h"

namespace wick::tensor::internal {

struct ElementwiseGeometry {
  Shape sizes;     // The broadcast shape.
  Shape strides;   // Strides (in elements) for a newly allocated output.
  DimOrder order;  // Loop dims, fastest-moving first; empty for row-major.
};

// `inputs` in the op's operand order (undefined tensors are skipped: optional operands).
// `out` is the tensor an in-place op writes (it must already have the broadcast shape:
// "output with shape [3] doesn't match the broadcast shape [2, 3]"), or null when the op
// allocates its result. Errors (RuntimeError) when the inputs do not broadcast.
absl::StatusOr<ElementwiseGeometry> ComputeGeometry(absl::Span<const Tensor* const> inputs,
                                                    const Tensor* out);

// PyTorch's checks before an op writes into `out`: no two of its elements may share
// memory (an expanded tensor), and no input may partially overlap it. Metadata only.
absl::Status CheckWritable(const Tensor& out, absl::Span<const Tensor* const> inputs);

}  // namespace wick::tensor::internal

#endif  // WICK_TENSOR_OPS_POINTWISE_INTERNAL_GEOMETRY_H_
