// Small tensor helpers the linalg/nn ops are built from: views (permute, unsqueeze,
// expand, reshape), allocation that follows the meta/real mode of the inputs, and the few
// generic kernels einsum and outer need (broadcasting multiply, sum over dims). They live
// here rather than in the shape/pointwise packages so this package builds on tensor:core
// alone; every function accepts meta tensors and then returns meta results.
#ifndef WICK_TENSOR_OPS_LINALG_INTERNAL_TENSOR_UTIL_H_
#define WICK_TENSOR_OPS_LINALG_INTERNAL_TENSOR_UTIL_H_

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "tensor/tensor.h"

namespace wick::tensor::linalg_internal {

// RuntimeError `"<kernel>" not implemented for '<Type>'`, PyTorch's dispatch failure.
absl::Status NotImplementedFor(absl::string_view kernel, DType t);

// WrapDim (tensor/shape.h) whose out-of-range error is an IndexError, as PyTorch raises.
absl::StatusOr<int64_t> WrapDimOrIndexError(int64_t dim, int64_t ndim);

// True when any defined tensor in `ts` is a meta tensor (the op then computes metadata
// only).
bool AnyMeta(std::initializer_list<const Tensor*> ts);

// A new contiguous tensor: meta when `meta`, otherwise uninitialised storage.
absl::StatusOr<Tensor> NewTensor(IntSpan sizes, DType dtype, bool meta);

// Views (no checks beyond what the caller guarantees).
Tensor PermuteView(const Tensor& t, IntSpan perm);
Tensor TransposeView(const Tensor& t, int64_t d0, int64_t d1);
Tensor UnsqueezeView(const Tensor& t, int64_t dim);
Tensor SqueezeView(const Tensor& t, int64_t dim);  // dim must have size 1
// `t` broadcast to `sizes` (stride 0 in broadcast dims); see CheckExpand.
Tensor ExpandView(const Tensor& t, IntSpan sizes);
// PyTorch's `expand` error for t.expand(target), or OK.
absl::Status CheckExpand(const Tensor& t, IntSpan target);

// The strides that view (sizes, strides) as `new_sizes` without copying, if any.
std::optional<Shape> ViewStrides(IntSpan sizes, IntSpan strides, IntSpan new_sizes);
// t.reshape(new_sizes): a view when possible, otherwise a contiguous copy.
absl::StatusOr<Tensor> Reshape(const Tensor& t, IntSpan new_sizes);
// A contiguous copy of `t` converted to `dtype` (t itself when nothing changes).
absl::StatusOr<Tensor> ContiguousAs(const Tensor& t, DType dtype);

// Strides TensorIterator gives an elementwise output of `sizes` computed from `inputs`:
// contiguous when the inputs all have that shape and are contiguous, their common
// strides when they share dense strides, otherwise the dense layout whose dimension
// order follows the inputs' (broadcast) strides, row-major on ties.
Shape ElementwiseOutputStrides(IntSpan sizes, std::initializer_list<const Tensor*> inputs);

// a * b with broadcasting and type promotion (bool * bool is logical and).
absl::StatusOr<Tensor> MulBroadcast(const Tensor& a, const Tensor& b);
// t.sum(dims, keepdim): float dtypes keep their dtype, bool/int sum to int64. `dims`
// must be distinct and wrapped.
absl::StatusOr<Tensor> SumDims(const Tensor& t, IntSpan dims, bool keepdim);
// Sets every element of `t` (any layout) to `value`.
absl::Status Fill(const Tensor& t, Scalar value);

}  // namespace wick::tensor::linalg_internal

#endif  // WICK_TENSOR_OPS_LINALG_INTERNAL_TENSOR_UTIL_H_
