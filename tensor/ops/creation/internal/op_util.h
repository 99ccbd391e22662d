// Plumbing shared by the creation, shape and indexing op groups: dim wrapping that raises
// IndexError like PyTorch, checked Python-number conversion (c10's checked_convert),
// output allocation that serves both meta functions and kernels, and PyTorch's rules for
// the strides of new outputs (empty_like's preserve_format, TensorIterator's permutation).
#ifndef WICK_TENSOR_OPS_CREATION_INTERNAL_OP_UTIL_H_
#define WICK_TENSOR_OPS_CREATION_INTERNAL_OP_UTIL_H_

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "tensor/dtype.h"
#include "tensor/op_registry.h"
#include "tensor/scalar.h"
#include "tensor/tensor.h"
#include "tensor/value.h"

namespace wick::tensor::creation_internal {

// WrapDim whose error surfaces as IndexError, which is what PyTorch raises for
// "Dimension out of range (...)".
absl::StatusOr<int64_t> WrapDimOrIndexError(int64_t dim, int64_t ndim);

// The legacy type string of tensor messages: "torch.FloatTensor".
std::string LegacyTypeName(DType t);

// c10::checked_convert: a Python number that does not fit `dtype` is an error ("value
// cannot be converted to type int without overflow"). Infinities and NaN fit floating
// types; nothing overflows bool or double. `torch_names` uses "int32"/"int64" (the
// spelling torch.tensor's error uses) instead of c10's "int"/"int64_t".
absl::Status CheckScalarFits(const Scalar& s, DType dtype, bool torch_names = false);

// The element value of `s` in T, after CheckScalarFits passed. Never undefined
// behaviour: the one double that passes the check but is out of int64 range (2^63)
// becomes INT64_MIN, as the x86 conversion PyTorch relies on produces.
template <typename T>
T ScalarTo(const Scalar& s) {
  if constexpr (std::is_same_v<T, int64_t>) {
    if (s.is_double()) {
      const double d = s.to_double();
      if (!(d > -9223372036854775808.0 && d < 9223372036854775808.0)) {
        return INT64_MIN;
      }
    }
  }
  if constexpr (std::is_same_v<T, int32_t>) {
    if (s.is_double()) {
      const double d = s.to_double();
      if (!(d > -2147483649.0 && d < 2147483648.0)) return INT32_MIN;
    }
  }
  return s.to<T>();
}

// A new tensor of `sizes` and `strides`: metadata only when `meta`, else allocated and
// uninitialised. Negative sizes give PyTorch's "Trying to create tensor with negative
// dimension" error in both cases.
absl::StatusOr<Tensor> NewTensor(IntSpan sizes, IntSpan strides, DType dtype, bool meta);
absl::StatusOr<Tensor> NewContiguous(IntSpan sizes, DType dtype, bool meta);

// at::infer_dense_strides: dense strides with the same dimension order as `strides`.
Shape InferDenseStrides(IntSpan sizes, IntSpan strides);
// The strides at::empty_like(t) (preserve_format) gives: t's own when dense and
// non-overlapping, else dense strides in t's dimension order. Also what clone(), to()
// and flip() produce.
Shape PreserveStrides(const Tensor& t);

// The strides TensorIterator gives an output it allocates, for input operands already
// broadcast to `sizes` (stride 0 in broadcast dimensions, strides in elements): dims
// sorted by the operands' strides (earlier operands decide first), contiguous when the
// order is the natural one. `same_shapes` says every operand had `sizes` before
// broadcasting, which enables TensorIterator's all-contiguous fast path.
Shape IteratorOutputStrides(IntSpan sizes, absl::Span<const Shape> operand_strides,
                            bool same_shapes);
// TensorIterator's dimension order for those operands, innermost (fastest) first: the
// order its kernels visit elements in, which decides "last write wins" among duplicates.
Shape IteratorPermutation(IntSpan sizes, absl::Span<const Shape> operand_strides);

// Strides of operand `t` as TensorIterator sees it when broadcast to `target`: 0 in
// dims it lacks or broadcasts (size 1 against a larger size), its own elsewhere.
Shape IteratorStrides(const Tensor& t, IntSpan target);

// Fills every element of `t` with `value` (already converted to t's dtype).
void FillTensor(const Tensor& t, const Scalar& value);

// The memory_format argument as wick understands it: true for torch.contiguous_format
// (the VM passes it as the string "contiguous_format"), false for None/preserve_format.
bool WantsContiguous(const Value& memory_format);

// An op whose meta function and kernel are one function of (args, meta): `meta` asks for
// metadata-only outputs. View ops ignore it (a view of a meta tensor is meta).
using OpImpl = absl::StatusOr<Value> (*)(const OpArgs& args, bool meta);
absl::Status RegisterOp(OpRegistry& r, absl::string_view schema, OpImpl impl, OpFlags flags = {});

// requires_grad=True on a new tensor: PyTorch's error for non-floating dtypes.
absl::Status ApplyRequiresGrad(Tensor& t, bool requires_grad);

}  // namespace wick::tensor::creation_internal

#endif  // WICK_TENSOR_OPS_CREATION_INTERNAL_OP_UTIL_H_
