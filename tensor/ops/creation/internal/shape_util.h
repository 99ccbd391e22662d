// Size inference and view-stride computation shared by view, reshape and the advanced
// indexing engine (ATen's infer_size and computeStride, defined in views.cc).
#ifndef WICK_TENSOR_OPS_CREATION_INTERNAL_SHAPE_UTIL_H_
#define WICK_TENSOR_OPS_CREATION_INTERNAL_SHAPE_UTIL_H_

#include <cstdint>
#include <optional>

#include "absl/status/statusor.h"
#include "tensor/tensor.h"

namespace wick::tensor::creation_internal {

// Resolves one -1 in `shape` against `numel`, with PyTorch's errors ("shape '[3, 5]' is
// invalid for input of size 6", "only one dimension can be inferred", ...).
absl::StatusOr<Shape> InferSize(IntSpan shape, int64_t numel);

// Strides that view memory laid out as (oldshape, oldstride) with `newshape`, or nullopt
// when no view can (a new dim would span two non-contiguous chunks).
std::optional<Shape> ComputeViewStrides(IntSpan oldshape, IntSpan oldstride, IntSpan newshape);

}  // namespace wick::tensor::creation_internal

#endif  // WICK_TENSOR_OPS_CREATION_INTERNAL_SHAPE_UTIL_H_
