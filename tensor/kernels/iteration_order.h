// The order in which an elementwise loop visits dims: TensorIterator's
// reorder_dimensions, shared by the elementwise geometry (tensor/ops/pointwise), the
// samplers that must draw in PyTorch's visiting order (tensor/ops/random) and the layout
// of new outputs elsewhere (tensor/ops/linalg).
//
//   const IntSpan ops[] = {out.strides(), in_strides};
//   DimOrder order = ReorderDims(sizes, ops);       // order[0]: the fastest-moving dim
//   Shape strides = DenseStridesInOrder(sizes, order);
#ifndef WICK_TENSOR_KERNELS_ITERATION_ORDER_H_
#define WICK_TENSOR_KERNELS_ITERATION_ORDER_H_

#include "absl/container/inlined_vector.h"
#include "absl/types/span.h"
#include "tensor/shape.h"

namespace wick::tensor::kernels {

// Loop dims, fastest-moving first (TensorIterator's perm).
using DimOrder = absl::InlinedVector<int, 6>;

// TensorIterator's dimension order for operands of one shape `sizes` (`operand_strides`
// in the operands' priority order, each of sizes' length): an insertion sort of dims by
// stride, decided by the first operand that orders a pair (a zero stride, broadcast,
// abstains; equal strides put the smaller dim first); ties keep row-major order.
DimOrder ReorderDims(IntSpan sizes, absl::Span<const IntSpan> operand_strides);

// Whether `order` is plain row-major (last dim fastest).
bool IsRowMajor(const DimOrder& order);

// Dense strides that lay `sizes` out in `order` (order[0] gets stride 1); a size-0 or
// size-1 dim does not scale the strides outside it.
Shape DenseStridesInOrder(IntSpan sizes, const DimOrder& order);

}  // namespace wick::tensor::kernels

#endif  // WICK_TENSOR_KERNELS_ITERATION_ORDER_H_
