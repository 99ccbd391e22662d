// The C++ face of the creation, shape and indexing op groups: what the VM calls directly
// (torch.tensor from nested Python data; the view primitives and advanced indexing that
// Python subscripts `x[1:, None, idx] = v` are composed from), beside the registry ops.
//
//   ASSIGN_OR_RETURN(Tensor t, TensorFromScalars(flat, {2, 3}, std::nullopt));
//   ASSIGN_OR_RETURN(Tensor v, Slice(t, 1, 1, std::nullopt, 1));      // t[:, 1:]
//   ASSIGN_OR_RETURN(Tensor r, Index(t, {Tensor(), idx}));             // t[:, idx]
//
// Every function behaves as the PyTorch 1.13 op of the same name, errors included (with
// the Python exception type attached, base/python_error.h). View functions accept meta
// tensors and return views that share the input's storage (or metadata only).
#ifndef WICK_TENSOR_OPS_CREATION_CREATION_H_
#define WICK_TENSOR_OPS_CREATION_CREATION_H_

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "tensor/dtype.h"
#include "tensor/scalar.h"
#include "tensor/tensor.h"

namespace wick::tensor {

// ---- Creation ----

// The dtype torch.tensor infers for Python data: any float -> the default float dtype,
// else any int -> int64, else bool; no data at all -> the default float dtype.
DType InferDTypeFromScalars(absl::Span<const Scalar> flat);

// torch.tensor / torch.as_tensor over nested Python data, flattened row-major by the
// caller: `flat.size()` must equal the product of `sizes` (the VM checks raggedness and
// raises "expected sequence of length ..." itself). Ints that do not fit an explicit
// integer dtype raise "value cannot be converted to type int32 without overflow".
absl::StatusOr<Tensor> TensorFromScalars(absl::Span<const Scalar> flat, IntSpan sizes,
                                         std::optional<DType> dtype, bool requires_grad = false);

// ---- Views (storage shared with the input) ----

absl::StatusOr<Tensor> View(const Tensor& t, IntSpan shape);     // -1 inferred
absl::StatusOr<Tensor> Reshape(const Tensor& t, IntSpan shape);  // view, else copy
absl::StatusOr<Tensor> Permute(const Tensor& t, IntSpan dims);
absl::StatusOr<Tensor> Transpose(const Tensor& t, int64_t dim0, int64_t dim1);
absl::StatusOr<Tensor> Unsqueeze(const Tensor& t, int64_t dim);
absl::StatusOr<Tensor> Squeeze(const Tensor& t, std::optional<int64_t> dim);
absl::StatusOr<Tensor> Expand(const Tensor& t, IntSpan sizes);  // -1 keeps a size
// t.select(dim, index): negative index counts from the end.
absl::StatusOr<Tensor> Select(const Tensor& t, int64_t dim, int64_t index);
// t[start:end:step] along `dim` with Python's clamping; step must be positive
// (ValueError "step must be greater than zero", as Python subscripts raise).
absl::StatusOr<Tensor> Slice(const Tensor& t, int64_t dim, std::optional<int64_t> start,
                             std::optional<int64_t> end, int64_t step);
absl::StatusOr<Tensor> Narrow(const Tensor& t, int64_t dim, int64_t start, int64_t length);
absl::StatusOr<Tensor> Diagonal(const Tensor& t, int64_t offset, int64_t dim1, int64_t dim2);
absl::StatusOr<Tensor> Flatten(const Tensor& t, int64_t start_dim, int64_t end_dim);
absl::StatusOr<Tensor> Unflatten(const Tensor& t, int64_t dim, IntSpan sizes);
absl::StatusOr<Tensor> Movedim(const Tensor& t, IntSpan source, IntSpan destination);
absl::StatusOr<std::vector<Tensor>> Split(const Tensor& t, int64_t split_size, int64_t dim);
absl::StatusOr<std::vector<Tensor>> SplitWithSizes(const Tensor& t, IntSpan sizes, int64_t dim);
absl::StatusOr<std::vector<Tensor>> Chunk(const Tensor& t, int64_t chunks, int64_t dim);
absl::StatusOr<std::vector<Tensor>> Unbind(const Tensor& t, int64_t dim);
// A new handle onto the same elements (detach() clears requires_grad).
Tensor Alias(const Tensor& t);

// ---- Copies ----

// clone(): layout preserved (dense strides in t's dimension order) unless `contiguous`.
absl::StatusOr<Tensor> Clone(const Tensor& t, bool contiguous = false);
// t.to(dtype): `t` itself when nothing changes and !copy.
absl::StatusOr<Tensor> ToDType(const Tensor& t, DType dtype, bool copy = false);
absl::StatusOr<Tensor> Cat(absl::Span<const Tensor> tensors, int64_t dim);
absl::StatusOr<Tensor> Stack(absl::Span<const Tensor> tensors, int64_t dim);
// dst.copy_(src): broadcast + convert; bumps dst's version.
absl::Status CopyInPlace(const Tensor& dst, const Tensor& src);
// t.fill_(value); value must fit t's dtype. Bumps the version.
absl::Status FillInPlace(const Tensor& t, const Scalar& value);

// ---- Indexing ----

// aten::index: advanced indexing with one entry per leading dim of `self`; an undefined
// Tensor stands for None (the dim is taken whole). Integer entries (int64) broadcast
// together; bool entries are masks (expanded with nonzero). Adjacent indexed dims are
// replaced in place by the broadcast index shape; separated ones move to the front.
absl::StatusOr<Tensor> Index(const Tensor& self, absl::Span<const Tensor> indices);
// aten::index_put_: writes `values` (broadcast to the indexing result, same dtype as
// self unless it is a single element under one bool mask) into self; `accumulate` adds,
// summing duplicates. Bumps the version.
absl::Status IndexPutInPlace(const Tensor& self, absl::Span<const Tensor> indices,
                             const Tensor& values, bool accumulate);
// self.index_select(dim, index): a contiguous copy of the entries `index` (1-D, int32 or
// int64) picks along `dim`.
absl::StatusOr<Tensor> IndexSelect(const Tensor& self, int64_t dim, const Tensor& index);
// torch.topk: the k largest (or smallest) entries along `dim` and their int64 indices,
// ties in upstream's order (tensor/ops/creation/sorting.cc).
absl::StatusOr<std::pair<Tensor, Tensor>> Topk(const Tensor& self, int64_t k, int64_t dim,
                                               bool largest = true, bool sorted = true);
// The (N, ndim) int64 coordinates of the nonzero elements, row-major order.
absl::StatusOr<Tensor> Nonzero(const Tensor& t);
// self.masked_fill_(mask, value): mask (bool) broadcasts to self.
absl::Status MaskedFillInPlace(const Tensor& self, const Tensor& mask, const Scalar& value);

}  // namespace wick::tensor

#endif  // WICK_TENSOR_OPS_CREATION_CREATION_H_
