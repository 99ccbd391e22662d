// Reduction arguments shared by every reduction op: resolving user dims into a mask,
// the output shape, PyTorch's checks for empty reductions, and the dtype names PyTorch
// uses in its messages. Pure metadata: nothing here reads element data.
#ifndef WICK_TENSOR_OPS_REDUCTION_INTERNAL_DIMS_H_
#define WICK_TENSOR_OPS_REDUCTION_INTERNAL_DIMS_H_

#include <cstdint>
#include <optional>
#include <string>

#include "absl/container/inlined_vector.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "tensor/tensor.h"

namespace wick::tensor::reduce_internal {

// reduce[d] is true when input dim d is reduced. A 0-dim tensor has an empty mask.
using ReduceMask = absl::InlinedVector<bool, 6>;

// Resolves a `int[1]? dim` argument: None or an empty list reduces every dim (1.13
// semantics); negative dims wrap; a repeated dim is an error.
absl::StatusOr<ReduceMask> ResolveDims(std::optional<IntSpan> dims, int64_t ndim);
// A single dim.
absl::StatusOr<ReduceMask> ResolveDim(int64_t dim, int64_t ndim);

// The output sizes: reduced dims dropped, or kept with size 1 when `keepdim`.
Shape ReducedSizes(IntSpan sizes, const ReduceMask& mask, bool keepdim);
// Number of input elements folded into each output (1 for a 0-dim input).
int64_t ReducedCount(IntSpan sizes, const ReduceMask& mask);

// Ops that have no identity (max, amax, argmax, ...) cannot reduce over nothing. Checks an
// empty input as PyTorch does: `dims` are the user's dims (unwrapped, as given; empty
// when the user gave none). `wrap_in_message` selects whether the failing dim is
// printed wrapped (max, argmax) or as given (amax). `full_hint` appends PyTorch's
// "Specify the reduction dim..." sentence (max, amax) or not (argmax).
absl::Status CheckNonEmptyReduction(absl::string_view op, const Tensor& self, IntSpan dims,
                                    bool wrap_in_message, bool full_hint);

// A contiguous output for `like`'s reduction: meta when `like` is meta.
absl::StatusOr<Tensor> MakeOutput(const Tensor& like, IntSpan sizes, DType dtype);
// The same with the sizes of reducing `like` over `mask`.
absl::StatusOr<Tensor> MakeReducedOutput(const Tensor& like, const ReduceMask& mask, bool keepdim,
                                         DType dtype);

}  // namespace wick::tensor::reduce_internal

#endif  // WICK_TENSOR_OPS_REDUCTION_INTERNAL_DIMS_H_
