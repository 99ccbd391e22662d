// DimOrder: the order an elementwise loop walks its dims in, fastest-moving dim first
// (TensorIterator's perm). An empty order means plain row-major iteration.
#ifndef WICK_TENSOR_OPS_POINTWISE_INTERNAL_DIM_ORDER_H_
#define WICK_TENSOR_OPS_POINTWISE_INTERNAL_DIM_ORDER_H_

#include "absl/container/inlined_vector.h"

namespace wick::tensor::internal {

using DimOrder = absl::InlinedVector<int, 6>;

}  // namespace wick::tensor::internal

#endif  // WICK_TENSOR_OPS_POINTWISE_INTERNAL_DIM_ORDER_H_
