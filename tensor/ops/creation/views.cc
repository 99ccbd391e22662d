// The view primitives: new sizes/strides/offset over the same storage, computed exactly
// as ATen does (so `stride()` and `storage_offset()` match PyTorch), with its messages.
// Each works on meta tensors too, so the same function is an op's meta and its kernel.
#include <algorithm>
#include <limits>

#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/ops/creation/creation.h"
#include "tensor/ops/creation/internal/op_util.h"
#include "tensor/ops/creation/internal/shape_util.h"
#include "tensor/shape.h"

namespace wick::tensor {

using creation_internal::WrapDimOrIndexError;

namespace creation_internal {

absl::StatusOr<Shape> InferSize(IntSpan shape, int64_t numel) {
  int64_t newsize = 1;
  std::optional<size_t> infer_dim;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == -1) {
      if (infer_dim) return RuntimeError("only one dimension can be inferred");
      infer_dim = d;
    } else if (shape[d] >= 0) {
      newsize *= shape[d];
    } else {
      return RuntimeError(absl::StrCat("invalid shape dimension ", shape[d]));
    }
  }
  Shape res(shape.begin(), shape.end());
  if (numel == newsize || (infer_dim && newsize > 0 && numel % newsize == 0)) {
    if (infer_dim) {
      // A 0-element tensor fits any size in the -1 slot.
      if (newsize == 0) {
        return RuntimeError(absl::StrCat(
            "cannot reshape tensor of 0 elements into shape ", ShapeToString(shape),
            " because the unspecified dimension size -1 can be any value and is ambiguous"));
      }
      res[*infer_dim] = numel / newsize;
    }
    return res;
  }
  return RuntimeError(
      absl::StrCat("shape '", ShapeToString(shape), "' is invalid for input of size ", numel));
}

// ATen's computeStride: strides that let `newshape` view memory laid out as
// (oldshape, oldstride), walking both from the innermost dim in chunks of memory that
// are contiguous in the old layout; nullopt when a new dim would span two chunks.
std::optional<Shape> ComputeViewStrides(IntSpan oldshape, IntSpan oldstride, IntSpan newshape) {
  if (oldshape.empty()) return Shape(newshape.size(), 1);
  const int64_t numel = Numel(oldshape);
  if (numel == 0 && oldshape == newshape) return Shape(oldstride.begin(), oldstride.end());
  Shape newstride(newshape.size());
  if (numel == 0) {
    for (int64_t d = static_cast<int64_t>(newshape.size()) - 1; d >= 0; --d) {
      newstride[d] = d == static_cast<int64_t>(newshape.size()) - 1
                         ? 1
                         : std::max<int64_t>(newshape[d + 1], 1) * newstride[d + 1];
    }
    return newstride;
  }
  int64_t view_d = static_cast<int64_t>(newshape.size()) - 1;
  int64_t chunk_base_stride = oldstride.back();
  int64_t tensor_numel = 1;
  int64_t view_numel = 1;
  for (int64_t tensor_d = static_cast<int64_t>(oldshape.size()) - 1; tensor_d >= 0; --tensor_d) {
    tensor_numel *= oldshape[tensor_d];
    const bool chunk_ends =
        tensor_d == 0 || (oldshape[tensor_d - 1] != 1 &&
                          oldstride[tensor_d - 1] != tensor_numel * chunk_base_stride);
    if (!chunk_ends) continue;
    while (view_d >= 0 && (view_numel < tensor_numel || newshape[view_d] == 1)) {
      newstride[view_d] = view_numel * chunk_base_stride;
      view_numel *= newshape[view_d];
      --view_d;
    }
    if (view_numel != tensor_numel) return std::nullopt;
    if (tensor_d > 0) {
      chunk_base_stride = oldstride[tensor_d - 1];
      tensor_numel = 1;
      view_numel = 1;
    }
  }
  if (view_d != -1) return std::nullopt;
  return newstride;
}

}  // namespace creation_internal

Tensor Alias(const Tensor& t) {
  return Tensor::View(t, t.sizes(), t.strides(), t.storage_offset());
}

absl::StatusOr<Tensor> View(const Tensor& t, IntSpan shape) {
  ASSIGN_OR_RETURN(Shape sizes, creation_internal::InferSize(shape, t.numel()));
  std::optional<Shape> strides =
      creation_internal::ComputeViewStrides(t.sizes(), t.strides(), sizes);
  if (!strides) {
    return RuntimeError(
        "view size is not compatible with input tensor's size and stride (at least one "
        "dimension spans across two contiguous subspaces). Use .reshape(...) instead.");
  }
  return Tensor::View(t, sizes, *strides, t.storage_offset());
}

absl::StatusOr<Tensor> Reshape(const Tensor& t, IntSpan shape) {
  ASSIGN_OR_RETURN(Shape sizes, creation_internal::InferSize(shape, t.numel()));
  std::optional<Shape> strides =
      creation_internal::ComputeViewStrides(t.sizes(), t.strides(), sizes);
  if (strides) return Tensor::View(t, sizes, *strides, t.storage_offset());
  // Not expressible as a view: copy to contiguous memory, which always is.
  ASSIGN_OR_RETURN(Tensor copy, Clone(t, /*contiguous=*/true));
  return Tensor::View(copy, sizes, ContiguousStrides(sizes), 0);
}

absl::StatusOr<Tensor> Permute(const Tensor& t, IntSpan dims) {
  const int64_t n = t.dim();
  if (static_cast<int64_t>(dims.size()) != n) {
    return RuntimeError(absl::StrCat(
        "permute(sparse_coo): number of dimensions in the tensor input does not match the "
        "length of the desired ordering of dimensions i.e. input.dim() = ",
        n, " is not equal to len(dims) = ", dims.size()));
  }
  Shape sizes(n), strides(n);
  std::vector<bool> seen(n, false);
  for (int64_t i = 0; i < n; ++i) {
    ASSIGN_OR_RETURN(int64_t d, WrapDimOrIndexError(dims[i], n));
    if (seen[d]) return RuntimeError("permute(): duplicate dims are not allowed.");
    seen[d] = true;
    sizes[i] = t.size(d);
    strides[i] = t.stride(d);
  }
  return Tensor::View(t, sizes, strides, t.storage_offset());
}

absl::StatusOr<Tensor> Transpose(const Tensor& t, int64_t dim0, int64_t dim1) {
  ASSIGN_OR_RETURN(int64_t d0, WrapDimOrIndexError(dim0, t.dim()));
  ASSIGN_OR_RETURN(int64_t d1, WrapDimOrIndexError(dim1, t.dim()));
  Shape sizes(t.sizes().begin(), t.sizes().end());
  Shape strides(t.strides().begin(), t.strides().end());
  if (t.dim() > 0) {
    std::swap(sizes[d0], sizes[d1]);
    std::swap(strides[d0], strides[d1]);
  }
  return Tensor::View(t, sizes, strides, t.storage_offset());
}

absl::StatusOr<Tensor> Unsqueeze(const Tensor& t, int64_t dim) {
  ASSIGN_OR_RETURN(int64_t d, WrapDimOrIndexError(dim, t.dim() + 1));
  Shape sizes(t.sizes().begin(), t.sizes().end());
  Shape strides(t.strides().begin(), t.strides().end());
  const int64_t stride = d >= t.dim() ? 1 : sizes[d] * strides[d];
  sizes.insert(sizes.begin() + d, 1);
  strides.insert(strides.begin() + d, stride);
  return Tensor::View(t, sizes, strides, t.storage_offset());
}

absl::StatusOr<Tensor> Squeeze(const Tensor& t, std::optional<int64_t> dim) {
  Shape sizes, strides;
  std::optional<int64_t> only;
  if (dim) {
    ASSIGN_OR_RETURN(int64_t d, WrapDimOrIndexError(*dim, t.dim()));
    only = d;
  }
  for (int64_t d = 0; d < t.dim(); ++d) {
    const bool drop = t.size(d) == 1 && (!only || *only == d);
    if (drop) continue;
    sizes.push_back(t.size(d));
    strides.push_back(t.stride(d));
  }
  return Tensor::View(t, sizes, strides, t.storage_offset());
}

absl::StatusOr<Tensor> Expand(const Tensor& t, IntSpan target) {
  const int64_t ndim = static_cast<int64_t>(target.size());
  const int64_t tdim = t.dim();
  if (ndim < tdim) {
    return RuntimeError(absl::StrCat(
        "expand(", creation_internal::LegacyTypeName(t.dtype()), "{", ShapeToString(t.sizes()),
        "}, size=", ShapeToString(target), "): the number of sizes provided (", ndim,
        ") must be greater or equal to the number of dimensions in the tensor (", tdim, ")"));
  }
  Shape sizes(ndim), strides(ndim);
  for (int64_t i = ndim - 1; i >= 0; --i) {
    const int64_t offset = ndim - 1 - i;
    const int64_t d = tdim - 1 - offset;
    int64_t size = d >= 0 ? t.size(d) : 1;
    // A new leading dim strides over the dims after it; a 0-dim tensor's last new dim
    // has nothing after it, and PyTorch gives it stride 0.
    int64_t stride = d >= 0 ? t.stride(d) : (i + 1 < ndim ? sizes[i + 1] * strides[i + 1] : 0);
    int64_t want = target[i];
    if (want == -1) {
      if (d < 0) {
        return RuntimeError(absl::StrCat(
            "The expanded size of the tensor (-1) isn't allowed in a leading, non-existing "
            "dimension ",
            i));
      }
      want = size;
    }
    if (size != want) {
      if (size != 1) {
        return RuntimeError(absl::StrCat(
            "The expanded size of the tensor (", want, ") must match the existing size (", size,
            ") at non-singleton dimension ", i, ".  Target sizes: ", ShapeToString(target),
            ".  Tensor sizes: ", ShapeToString(t.sizes())));
      }
      size = want;
      stride = 0;
    }
    sizes[i] = size;
    strides[i] = stride;
  }
  int64_t numel = 1;
  bool overflow = false, empty = false;
  for (int64_t s : sizes) {
    if (s < 0) {
      return RuntimeError(absl::StrCat("Trying to create tensor with negative dimension ", s, ": ",
                                       ShapeToString(sizes)));
    }
    overflow |= __builtin_mul_overflow(numel, s, &numel);
    empty |= s == 0;
  }
  // A view allocates nothing, so nothing else would notice (numel() read 0 before).
  if (overflow && !empty) return RuntimeError("numel: integer multiplication overflow");
  return Tensor::View(t, sizes, strides, t.storage_offset());
}

absl::StatusOr<Tensor> Select(const Tensor& t, int64_t dim, int64_t index) {
  if (t.dim() == 0) return IndexError("select() cannot be applied to a 0-dim tensor.");
  ASSIGN_OR_RETURN(int64_t d, WrapDimOrIndexError(dim, t.dim()));
  const int64_t size = t.size(d);
  if (index < -size || index >= size) {
    return IndexError(absl::StrCat("select(): index ", index, " out of range for tensor of size ",
                                   ShapeToString(t.sizes()), " at dimension ", d));
  }
  if (index < 0) index += size;
  Shape sizes(t.sizes().begin(), t.sizes().end());
  Shape strides(t.strides().begin(), t.strides().end());
  const int64_t offset = t.storage_offset() + index * strides[d];
  sizes.erase(sizes.begin() + d);
  strides.erase(strides.begin() + d);
  return Tensor::View(t, sizes, strides, offset);
}

absl::StatusOr<Tensor> Slice(const Tensor& t, int64_t dim, std::optional<int64_t> start,
                             std::optional<int64_t> end, int64_t step) {
  if (t.dim() == 0) return IndexError("slice() cannot be applied to a 0-dim tensor.");
  ASSIGN_OR_RETURN(int64_t d, WrapDimOrIndexError(dim, t.dim()));
  if (step <= 0) return ValueError("step must be greater than zero");
  const int64_t size = t.size(d);
  int64_t s = start.value_or(0);
  int64_t e = end.value_or(std::numeric_limits<int64_t>::max());
  if (s < 0) s += size;
  if (e < 0) e += size;
  s = std::clamp<int64_t>(s, 0, size);
  if (e < s) e = s;
  if (e > size) e = size;
  Shape sizes(t.sizes().begin(), t.sizes().end());
  Shape strides(t.strides().begin(), t.strides().end());
  const int64_t offset = t.storage_offset() + s * strides[d];
  sizes[d] = (e - s + step - 1) / step;
  strides[d] *= step;
  return Tensor::View(t, sizes, strides, offset);
}

absl::StatusOr<Tensor> Narrow(const Tensor& t, int64_t dim, int64_t start, int64_t length) {
  if (t.dim() == 0) return RuntimeError("narrow() cannot be applied to a 0-dim tensor.");
  ASSIGN_OR_RETURN(int64_t d, WrapDimOrIndexError(dim, t.dim()));
  const int64_t size = t.size(d);
  // `start == size` is a valid empty narrow, but wraps like a dim otherwise.
  if (start != size) {
    ASSIGN_OR_RETURN(start, WrapDimOrIndexError(start, size));
  }
  if (length < 0 || start > size - length) {
    return RuntimeError(absl::StrCat("start (", start, ") + length (", length,
                                     ") exceeds dimension size (", size, ")."));
  }
  return Slice(t, d, start, start + length, 1);
}

absl::StatusOr<Tensor> Diagonal(const Tensor& t, int64_t offset, int64_t dim1, int64_t dim2) {
  ASSIGN_OR_RETURN(int64_t d1, WrapDimOrIndexError(dim1, t.dim()));
  ASSIGN_OR_RETURN(int64_t d2, WrapDimOrIndexError(dim2, t.dim()));
  if (d1 == d2) {
    return RuntimeError(absl::StrCat("diagonal dimensions cannot be identical ", dim1, ", ", dim2));
  }
  int64_t diag_size;
  int64_t storage_offset = t.storage_offset();
  if (offset >= 0) {
    diag_size = std::max<int64_t>(std::min(t.size(d1), t.size(d2) - offset), 0);
  } else {
    diag_size = std::max<int64_t>(std::min(t.size(d1) + offset, t.size(d2)), 0);
  }
  if (diag_size > 0) {
    storage_offset += offset >= 0 ? offset * t.stride(d2) : -offset * t.stride(d1);
  }
  Shape sizes, strides;
  for (int64_t d = 0; d < t.dim(); ++d) {
    if (d == d1 || d == d2) continue;
    sizes.push_back(t.size(d));
    strides.push_back(t.stride(d));
  }
  sizes.push_back(diag_size);
  strides.push_back(t.stride(d1) + t.stride(d2));
  return Tensor::View(t, sizes, strides, storage_offset);
}

absl::StatusOr<Tensor> Flatten(const Tensor& t, int64_t start_dim, int64_t end_dim) {
  ASSIGN_OR_RETURN(int64_t s, WrapDimOrIndexError(start_dim, t.dim()));
  ASSIGN_OR_RETURN(int64_t e, WrapDimOrIndexError(end_dim, t.dim()));
  if (s > e) {
    return RuntimeError("flatten() has invalid args: start_dim cannot come after end_dim");
  }
  if (t.dim() == 0) return Reshape(t, {1});
  if (s == e) return Alias(t);
  Shape shape;
  int64_t n = 1;
  for (int64_t d = 0; d < t.dim(); ++d) {
    if (d < s || d > e) {
      shape.push_back(t.size(d));
    } else {
      n *= t.size(d);
      if (d == e) shape.push_back(n);
    }
  }
  return Reshape(t, shape);
}

absl::StatusOr<Tensor> Unflatten(const Tensor& t, int64_t dim, IntSpan sizes) {
  if (t.dim() == 0) {
    return IndexError("Dimension specified as 0 but tensor has no dimensions");
  }
  ASSIGN_OR_RETURN(int64_t d, WrapDimOrIndexError(dim, t.dim()));
  if (sizes.empty()) return RuntimeError("unflatten: sizes must be non-empty");
  absl::StatusOr<Shape> inferred = creation_internal::InferSize(sizes, t.size(d));
  if (!inferred.ok()) {
    return RuntimeError(absl::StrCat("unflatten: Provided sizes ", ShapeToString(sizes),
                                     " don't multiply up to the size of dim ", dim, " (", t.size(d),
                                     ") in the input tensor"));
  }
  Shape shape(t.sizes().begin(), t.sizes().begin() + d);
  shape.insert(shape.end(), inferred->begin(), inferred->end());
  shape.insert(shape.end(), t.sizes().begin() + d + 1, t.sizes().end());
  return View(t, shape);
}

absl::StatusOr<Tensor> Movedim(const Tensor& t, IntSpan source, IntSpan destination) {
  const int64_t n = t.dim();
  if (source.size() != destination.size()) {
    return RuntimeError(
        absl::StrCat("movedim: Invalid source or destination dims: source (", ShapeToString(source),
                     " dims) should contain the same number of dims as destination (",
                     ShapeToString(destination), " dims)"));
  }
  Shape src(source.size()), dst(destination.size());
  for (size_t i = 0; i < source.size(); ++i) {
    ASSIGN_OR_RETURN(src[i], WrapDimOrIndexError(source[i], n));
    ASSIGN_OR_RETURN(dst[i], WrapDimOrIndexError(destination[i], n));
  }
  auto has_repeat = [](Shape v) {
    std::sort(v.begin(), v.end());
    return std::adjacent_find(v.begin(), v.end()) != v.end();
  };
  if (has_repeat(src)) {
    return RuntimeError(
        absl::StrCat("movedim: repeated dim in `source` (", ShapeToString(source), ")"));
  }
  if (has_repeat(dst)) {
    return RuntimeError(
        absl::StrCat("movedim: repeated dim in `destination` (", ShapeToString(destination), ")"));
  }
  // order[i] = the input dim that lands at output position i.
  Shape order(n, -1);
  std::vector<bool> used(n, false);
  for (size_t i = 0; i < src.size(); ++i) {
    order[dst[i]] = src[i];
    used[src[i]] = true;
  }
  int64_t next = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (order[i] != -1) continue;
    while (used[next]) ++next;
    order[i] = next++;
  }
  return Permute(t, order);
}

absl::StatusOr<std::vector<Tensor>> Split(const Tensor& t, int64_t split_size, int64_t dim) {
  if (t.dim() == 0) return RuntimeError("split expects at least a 1-dimensional tensor");
  if (split_size < 0) {
    return RuntimeError(
        absl::StrCat("split expects split_size be non-negative, but got split_size=", split_size));
  }
  ASSIGN_OR_RETURN(int64_t d, WrapDimOrIndexError(dim, t.dim()));
  const int64_t dim_size = t.size(d);
  if (split_size == 0 && dim_size != 0) {
    return RuntimeError(absl::StrCat(
        "split_size can only be 0 if dimension size is 0, but got dimension size of ", dim_size));
  }
  // At least one split, even when split_size exceeds the dim (as PyTorch keeps for BC).
  const int64_t num_splits =
      split_size == 0 ? 1 : std::max<int64_t>((dim_size + split_size - 1) / split_size, 1);
  const int64_t last = split_size - (split_size * num_splits - dim_size);
  std::vector<Tensor> out;
  out.reserve(num_splits);
  for (int64_t i = 0; i < num_splits; ++i) {
    ASSIGN_OR_RETURN(Tensor piece,
                     Narrow(t, d, i * split_size, i < num_splits - 1 ? split_size : last));
    out.push_back(std::move(piece));
  }
  return out;
}

absl::StatusOr<std::vector<Tensor>> SplitWithSizes(const Tensor& t, IntSpan sizes, int64_t dim) {
  if (t.dim() == 0) return RuntimeError("split expects at least a 1-dimensional tensor");
  ASSIGN_OR_RETURN(int64_t d, WrapDimOrIndexError(dim, t.dim()));
  std::vector<Tensor> out;
  int64_t start = 0;
  for (int64_t length : sizes) {
    if (length < 0) {
      return RuntimeError(absl::StrCat(
          "split_with_sizes expects split_sizes have only non-negative entries, but got "
          "split_sizes=",
          ShapeToString(sizes)));
    }
    ASSIGN_OR_RETURN(Tensor piece, Slice(t, d, start, start + length, 1));
    out.push_back(std::move(piece));
    start += length;
  }
  if (start != t.size(d)) {
    return RuntimeError(absl::StrCat("split_with_sizes expects split_sizes to sum exactly to ",
                                     t.size(d), " (input tensor's size at dimension ", d,
                                     "), but got split_sizes=", ShapeToString(sizes)));
  }
  return out;
}

absl::StatusOr<std::vector<Tensor>> Chunk(const Tensor& t, int64_t chunks, int64_t dim) {
  if (t.dim() == 0) return RuntimeError("chunk expects at least a 1-dimensional tensor");
  if (chunks <= 0) {
    return RuntimeError(absl::StrCat("chunk expects `chunks` to be greater than 0, got: ", chunks));
  }
  ASSIGN_OR_RETURN(int64_t d, WrapDimOrIndexError(dim, t.dim()));
  const int64_t dim_size = t.size(d);
  const int64_t split_size = (dim_size + chunks - 1) / chunks;
  if (split_size == 0 && dim_size == 0) {
    // An empty dim still yields `chunks` (empty) pieces.
    std::vector<int64_t> sizes(chunks, 0);
    return SplitWithSizes(t, sizes, d);
  }
  return Split(t, split_size, d);
}

absl::StatusOr<std::vector<Tensor>> Unbind(const Tensor& t, int64_t dim) {
  if (t.dim() == 0) {
    return IndexError("Dimension specified as 0 but tensor has no dimensions");
  }
  ASSIGN_OR_RETURN(int64_t d, WrapDimOrIndexError(dim, t.dim()));
  std::vector<Tensor> out;
  out.reserve(t.size(d));
  for (int64_t i = 0; i < t.size(d); ++i) {
    ASSIGN_OR_RETURN(Tensor s, Select(t, d, i));
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace wick::tensor
