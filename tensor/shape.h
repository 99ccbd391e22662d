// Shape arithmetic shared by meta functions and kernels: contiguous strides, dim wrapping,
// broadcasting and the result dtype of an op over mixed tensors and Python numbers, with
// PyTorch's error messages.
#ifndef WICK_TENSOR_SHAPE_H_
#define WICK_TENSOR_SHAPE_H_

#include <cstdint>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "tensor/tensor.h"

namespace wick::tensor {

Shape ContiguousStrides(IntSpan sizes);
int64_t Numel(IntSpan sizes);
// True if (sizes, strides) describe a row-major dense layout (size-1 dims ignored).
bool IsContiguousLayout(IntSpan sizes, IntSpan strides);
// c10's is_non_overlapping_and_dense: the elements tile a block of memory without gaps
// or overlap in some dimension order.
bool IsNonOverlappingAndDense(IntSpan sizes, IntSpan strides);

// Wraps a possibly negative dim into [0, ndim); 0-dim tensors accept -1 and 0.
// Error, an IndexError as in PyTorch: "Dimension out of range (expected to be in
// range of [-2, 1], but got 3)".
absl::StatusOr<int64_t> WrapDim(int64_t dim, int64_t ndim);

// NumPy broadcasting. Error: "The size of tensor a (3) must match the size of tensor b
// (4) at non-singleton dimension 1".
absl::StatusOr<Shape> BroadcastShapes(IntSpan a, IntSpan b);
// Strides that view `t` as `target` sizes (0 in broadcast dims); `target` must be a
// broadcast of t.sizes().
Shape BroadcastStrides(const Tensor& t, IntSpan target);

// torch.result_type over the tensor operands of one op: dimensioned tensors outrank 0-dim
// tensors, which outrank wrapped numbers, within a category; a higher category always
// wins, and a floating wrapped number over integer tensors gives the default float dtype.
DType ResultType(absl::Span<const Tensor* const> operands);
DType ResultType(const Tensor& a, const Tensor& b);

// "[2, 3]" (used in messages).
std::string ShapeToString(IntSpan sizes);

}  // namespace wick::tensor

#endif  // WICK_TENSOR_SHAPE_H_
