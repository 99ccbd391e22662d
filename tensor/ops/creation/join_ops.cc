// Shape ops that build new tensors: cat/concat and stack (with type promotion across
// inputs), repeat, flip/fliplr/flipud, roll, diag/diagflat/diag_embed, tril/triu.
// Outputs are contiguous except flip's, which keeps the input's layout, as in PyTorch.
#include <cstring>

#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/copy.h"
#include "tensor/ops/creation/creation.h"
#include "tensor/ops/creation/internal/op_util.h"
#include "tensor/ops/creation/internal/registration.h"
#include "tensor/shape.h"

namespace wick::tensor {
namespace {

using creation_internal::WrapDimOrIndexError;

// PyTorch skips 1-D empty tensors in cat (a legacy of "empty" meaning shape [0]).
bool SkippedByCat(const Tensor& t) { return t.dim() == 1 && t.size(0) == 0; }

// Copies each input into its slot along `dim` of the contiguous `out`.
absl::Status CatInto(const Tensor& out, absl::Span<const Tensor> ts, int64_t dim) {
  int64_t outer = 1;
  for (int64_t d = 0; d < dim; ++d) outer *= out.size(d);
  const int64_t es = static_cast<int64_t>(out.element_size());
  const int64_t out_row = out.numel() / std::max<int64_t>(outer, 1);  // Elements per outer.
  int64_t offset = 0;  // Elements into an output row where the next input starts.
  for (const Tensor& t : ts) {
    if (SkippedByCat(t) || t.numel() == 0) continue;
    const int64_t chunk = t.numel() / outer;
    if (t.is_contiguous() && t.dtype() == out.dtype()) {
      // Fast path: one memcpy per outer index.
      const char* src = static_cast<const char*>(t.raw_data());
      char* dst = static_cast<char*>(out.raw_data()) + offset * es;
      for (int64_t o = 0; o < outer; ++o) {
        std::memcpy(dst + o * out_row * es, src + o * chunk * es, chunk * es);
      }
    } else {
      Shape strides(out.strides().begin(), out.strides().end());
      const Tensor slot = Tensor::View(out, t.sizes(), strides, out.storage_offset() + offset);
      RETURN_IF_ERROR(CopyInto(slot, t));
    }
    offset += chunk;
  }
  return absl::OkStatus();
}

absl::StatusOr<Tensor> CatImpl(absl::Span<const Tensor> ts, int64_t dim, bool meta) {
  if (ts.empty()) return RuntimeError("torch.cat(): expected a non-empty list of Tensors");
  std::vector<const Tensor*> operands;
  int64_t ref = -1;
  for (size_t i = 0; i < ts.size(); ++i) {
    if (ts[i].dim() == 0) {
      return RuntimeError(
          absl::StrCat("zero-dimensional tensor (at position ", i, ") cannot be concatenated"));
    }
    operands.push_back(&ts[i]);
    if (ref < 0 && !SkippedByCat(ts[i])) ref = static_cast<int64_t>(i);
  }
  const DType dtype = ResultType(operands);
  Shape sizes = {0};
  int64_t d = 0;
  if (ref >= 0) {
    const Tensor& r = ts[ref];
    ASSIGN_OR_RETURN(d, WrapDimOrIndexError(dim, r.dim()));
    sizes.assign(r.sizes().begin(), r.sizes().end());
    sizes[d] = 0;
    for (size_t i = 0; i < ts.size(); ++i) {
      const Tensor& t = ts[i];
      if (SkippedByCat(t)) continue;
      if (t.dim() != r.dim()) {
        return RuntimeError(absl::StrCat("Tensors must have same number of dimensions: got ",
                                         r.dim(), " and ", t.dim()));
      }
      for (int64_t j = 0; j < r.dim(); ++j) {
        if (j != d && t.size(j) != r.size(j)) {
          return RuntimeError(absl::StrCat("Sizes of tensors must match except in dimension ", d,
                                           ". Expected size ", r.size(j), " but got size ",
                                           t.size(j), " for tensor number ", i, " in the list."));
        }
      }
      sizes[d] += t.size(d);
    }
  }
  bool any_meta = meta;
  for (const Tensor& t : ts) any_meta = any_meta || t.is_meta();
  ASSIGN_OR_RETURN(Tensor out, creation_internal::NewContiguous(sizes, dtype, any_meta));
  if (!any_meta && out.numel() > 0) RETURN_IF_ERROR(CatInto(out, ts, d));
  return out;
}

absl::StatusOr<Tensor> StackImpl(absl::Span<const Tensor> ts, int64_t dim, bool meta) {
  if (ts.empty()) return RuntimeError("stack expects a non-empty TensorList");
  ASSIGN_OR_RETURN(int64_t d, WrapDimOrIndexError(dim, ts[0].dim() + 1));
  std::vector<Tensor> parts;
  for (size_t i = 0; i < ts.size(); ++i) {
    if (ts[i].sizes() != ts[0].sizes()) {
      return RuntimeError(absl::StrCat("stack expects each tensor to be equal size, but got ",
                                       ShapeToString(ts[0].sizes()), " at entry 0 and ",
                                       ShapeToString(ts[i].sizes()), " at entry ", i));
    }
    ASSIGN_OR_RETURN(Tensor u, Unsqueeze(ts[i], d));
    parts.push_back(std::move(u));
  }
  return CatImpl(parts, d, meta);
}

absl::StatusOr<Tensor> RepeatImpl(const Tensor& t, IntSpan repeats, bool meta) {
  const int64_t n = static_cast<int64_t>(repeats.size());
  if (n < t.dim()) {
    return RuntimeError(
        "Number of dimensions of repeat dims can not be smaller than number of dimensions "
        "of tensor");
  }
  const int64_t lead = n - t.dim();
  Shape target(n);
  for (int64_t i = 0; i < n; ++i) {
    target[i] = (i < lead ? 1 : t.size(i - lead)) * repeats[i];
  }
  ASSIGN_OR_RETURN(Tensor out,
                   creation_internal::NewContiguous(target, t.dtype(), meta || t.is_meta()));
  if (out.is_meta() || out.numel() == 0) return out;
  // Read the output as (r0, s0, r1, s1, ...) and the input as (0-stride r_i, s_i).
  Shape osizes, ostrides, istrides;
  for (int64_t i = 0; i < n; ++i) {
    const int64_t s = i < lead ? 1 : t.size(i - lead);
    osizes.push_back(repeats[i]);
    osizes.push_back(s);
    ostrides.push_back(s * out.stride(i));
    ostrides.push_back(out.stride(i));
    istrides.push_back(0);
    istrides.push_back(i < lead ? 0 : t.stride(i - lead));
  }
  RETURN_IF_ERROR(CopyInto(Tensor::View(out, osizes, ostrides, 0),
                           Tensor::View(t, osizes, istrides, t.storage_offset())));
  return out;
}

absl::StatusOr<Tensor> FlipImpl(const Tensor& t, IntSpan dims, bool meta) {
  std::vector<bool> flip(std::max<int64_t>(t.dim(), 1), false);
  for (int64_t dim : dims) {
    ASSIGN_OR_RETURN(int64_t d, WrapDimOrIndexError(dim, t.dim()));
    if (flip[d]) {
      return RuntimeError(absl::StrCat("dim ", d, " appears multiple times in the list of dims"));
    }
    flip[d] = true;
  }
  ASSIGN_OR_RETURN(Tensor out,
                   creation_internal::NewTensor(t.sizes(), creation_internal::PreserveStrides(t),
                                                t.dtype(), meta || t.is_meta()));
  if (out.is_meta() || out.numel() == 0) return out;
  // Read the input backwards along flipped dims: start at the last element, negate.
  Shape strides(t.strides().begin(), t.strides().end());
  int64_t offset = t.storage_offset();
  for (int64_t d = 0; d < t.dim(); ++d) {
    if (!flip[d]) continue;
    offset += (t.size(d) - 1) * strides[d];
    strides[d] = -strides[d];
  }
  RETURN_IF_ERROR(CopyInto(out, Tensor::View(t, t.sizes(), strides, offset)));
  return out;
}

absl::StatusOr<Tensor> RollImpl(const Tensor& t, IntSpan shifts, IntSpan dims, bool meta) {
  if (dims.size() == 1 && shifts.size() == 1) {
    if (t.numel() == 0) return Clone(t);
    ASSIGN_OR_RETURN(int64_t d, WrapDimOrIndexError(dims[0], t.dim()));
    const int64_t size = t.size(d);
    int64_t start = (size - shifts[0]) % size;
    if (start < 0) start += size;  // C++ % keeps the sign; Python's does not.
    ASSIGN_OR_RETURN(Tensor head, Narrow(t, d, start, size - start));
    ASSIGN_OR_RETURN(Tensor tail, Narrow(t, d, 0, start));
    const Tensor parts[] = {head, tail};
    return CatImpl(parts, d, meta);
  }
  if (shifts.empty()) return RuntimeError("`shifts` required");
  if (dims.empty() && shifts.size() == 1) {
    // No dims: roll the flattened tensor and restore the shape.
    ASSIGN_OR_RETURN(Tensor c, t.is_contiguous() ? absl::StatusOr<Tensor>(t) : Clone(t, true));
    const int64_t flat[] = {t.numel()};
    ASSIGN_OR_RETURN(Tensor f, View(c, flat));
    const int64_t zero[] = {0};
    ASSIGN_OR_RETURN(Tensor rolled, RollImpl(f, shifts, zero, meta));
    return View(rolled, t.sizes());
  }
  if (shifts.size() != dims.size()) {
    return RuntimeError(absl::StrCat("shifts and dimensions must align. shifts: ", shifts.size(),
                                     ", dims:", dims.size()));
  }
  ASSIGN_OR_RETURN(Tensor first, RollImpl(t, shifts.subspan(0, 1), dims.subspan(0, 1), meta));
  return RollImpl(first, shifts.subspan(1), dims.subspan(1), meta);
}

// Calls fn(row_ptr_src, row_ptr_dst, i) for row i of every matrix (last two dims) of the
// batch; `src` and `dst` have the same sizes.
template <typename T, typename Fn>
void ForEachMatrixRow(const Tensor& src, const Tensor& dst, Fn fn) {
  const int64_t nd = src.dim();
  const int64_t rows = src.size(nd - 2);
  const int64_t batch = src.numel() / std::max<int64_t>(rows * src.size(nd - 1), 1);
  Shape idx(nd - 2, 0);
  for (int64_t b = 0; b < batch; ++b) {
    int64_t so = 0, dof = 0;
    for (int64_t d = 0; d < nd - 2; ++d) {
      so += idx[d] * src.stride(d);
      dof += idx[d] * dst.stride(d);
    }
    for (int64_t i = 0; i < rows; ++i) {
      fn(src.data<T>() + so + i * src.stride(nd - 2), dst.data<T>() + dof + i * dst.stride(nd - 2),
         i);
    }
    for (int64_t d = nd - 3; d >= 0; --d) {  // Odometer over the batch dims.
      if (++idx[d] < src.size(d)) break;
      idx[d] = 0;
    }
  }
}

// tril keeps columns j <= i + k of row i; triu keeps j >= i + k. Writes `dst` (which may
// be `src` itself for the in-place forms).
absl::Status TriangleInto(const Tensor& src, const Tensor& dst, int64_t k, bool lower) {
  if (src.numel() == 0) return absl::OkStatus();
  const int64_t cols = src.size(src.dim() - 1);
  const int64_t scs = src.stride(src.dim() - 1), dcs = dst.stride(dst.dim() - 1);
  const bool in_place = src.is_same(dst);
  VisitDType(src.dtype(), [&]<typename T>() {
    ForEachMatrixRow<T>(src, dst, [&](const T* s, T* d, int64_t i) {
      // Columns [keep_begin, keep_end) are kept, the rest zeroed.
      const int64_t keep_begin = lower ? 0 : std::clamp<int64_t>(i + k, 0, cols);
      const int64_t keep_end = lower ? std::clamp<int64_t>(i + k + 1, 0, cols) : cols;
      if (dcs == 1 && (in_place || scs == 1)) {  // Unit-stride rows: fill and memcpy.
        std::fill(d, d + keep_begin, T(0));
        if (!in_place) {
          std::memcpy(d + keep_begin, s + keep_begin, (keep_end - keep_begin) * sizeof(T));
        }
        std::fill(d + keep_end, d + cols, T(0));
        return;
      }
      for (int64_t j = 0; j < cols; ++j) {
        const bool keep = j >= keep_begin && j < keep_end;
        if (in_place && keep) continue;
        d[j * dcs] = keep ? s[j * scs] : T(0);
      }
    });
  });
  return absl::OkStatus();
}

absl::StatusOr<Tensor> TriangleImpl(const Tensor& t, int64_t k, bool lower, bool meta) {
  if (t.dim() < 2) return WrapDimOrIndexError(-2, t.dim()).status();
  ASSIGN_OR_RETURN(Tensor out,
                   creation_internal::NewContiguous(t.sizes(), t.dtype(), meta || t.is_meta()));
  if (!out.is_meta()) RETURN_IF_ERROR(TriangleInto(t, out, k, lower));
  return out;
}

// diag: a vector becomes a square matrix with it on diagonal k; a matrix gives a copy of
// its diagonal k. Upstream sizes the 2-D case as min(rows, cols - k) (or min(rows + k,
// cols)) and resizes to it, so a diagonal wholly outside the matrix is a negative size,
// which it reports as a numel overflow; wick reports the same.
absl::StatusOr<Tensor> DiagImpl(const Tensor& t, int64_t k, bool meta) {
  meta = meta || t.is_meta();
  if (t.dim() == 1) {
    const int64_t n = t.size(0) + (k >= 0 ? k : -k);
    const int64_t sizes[] = {n, n};
    ASSIGN_OR_RETURN(Tensor out, creation_internal::NewContiguous(sizes, t.dtype(), meta));
    if (meta || out.numel() == 0) return out;
    creation_internal::FillTensor(out, Scalar(int64_t{0}));
    const int64_t dstrides[] = {n + 1};
    const int64_t start = k >= 0 ? k : -k * n;
    RETURN_IF_ERROR(CopyInto(Tensor::View(out, t.sizes(), dstrides, start), t));
    return out;
  }
  if (t.dim() != 2) return RuntimeError("matrix or a vector expected");
  const int64_t rows = t.size(0), cols = t.size(1);
  const int64_t n = k >= 0 ? std::min(rows, cols - k) : std::min(rows + k, cols);
  if (n < 0) return RuntimeError("numel: integer multiplication overflow");
  const int64_t sizes[] = {n};
  ASSIGN_OR_RETURN(Tensor out, creation_internal::NewContiguous(sizes, t.dtype(), meta));
  if (meta || n == 0) return out;
  const int64_t sstrides[] = {t.stride(0) + t.stride(1)};
  const int64_t start = t.storage_offset() + (k >= 0 ? k * t.stride(1) : -k * t.stride(0));
  RETURN_IF_ERROR(CopyInto(out, Tensor::View(t, sizes, sstrides, start)));
  return out;
}

// diag_embed: the last dim of `t` becomes diagonal `offset` of the (dim1, dim2) planes
// of a new zero tensor (dims counted in the output, which has one more).
absl::StatusOr<Tensor> DiagEmbedImpl(const Tensor& t, int64_t offset, int64_t dim1, int64_t dim2,
                                     bool meta) {
  const int64_t nd = t.dim() + 1;
  ASSIGN_OR_RETURN(int64_t d1, WrapDimOrIndexError(dim1, nd));
  ASSIGN_OR_RETURN(int64_t d2, WrapDimOrIndexError(dim2, nd));
  if (d1 == d2) {
    return RuntimeError(
        absl::StrCat("diagonal dimensions cannot be identical ", dim1, ", ", dim2));
  }
  const int64_t n = t.size(t.dim() - 1) + (offset >= 0 ? offset : -offset);
  Shape sizes(t.sizes().begin(), t.sizes().end() - 1);
  sizes.insert(sizes.begin() + std::min(d1, d2), n);
  sizes.insert(sizes.begin() + std::max(d1, d2), n);
  ASSIGN_OR_RETURN(Tensor out,
                   creation_internal::NewContiguous(sizes, t.dtype(), meta || t.is_meta()));
  if (out.is_meta() || out.numel() == 0) return out;
  creation_internal::FillTensor(out, Scalar(int64_t{0}));
  ASSIGN_OR_RETURN(Tensor diagonal, Diagonal(out, offset, d1, d2));
  RETURN_IF_ERROR(CopyInto(diagonal, t));
  return out;
}

template <typename T>
absl::StatusOr<Value> Wrap(absl::StatusOr<T> r) {
  if (!r.ok()) return r.status();
  return Value(*std::move(r));
}

absl::StatusOr<Value> CatOp(const OpArgs& a, bool meta) {
  return Wrap(CatImpl(a.tensors(0), a.int_(1), meta));
}
absl::StatusOr<Value> StackOp(const OpArgs& a, bool meta) {
  return Wrap(StackImpl(a.tensors(0), a.int_(1), meta));
}
absl::StatusOr<Value> RepeatOp(const OpArgs& a, bool meta) {
  return Wrap(RepeatImpl(a.tensor(0), a.int_list(1), meta));
}
absl::StatusOr<Value> FlipOp(const OpArgs& a, bool meta) {
  return Wrap(FlipImpl(a.tensor(0), a.int_list(1), meta));
}
// fliplr / flipud: flip of dim 1 / dim 0, for inputs with at least 2 / 1 dims.
template <int kDim>
absl::StatusOr<Value> FlipSideOp(const OpArgs& a, bool meta) {
  const Tensor& t = a.tensor(0);
  if (t.dim() < kDim + 1) {
    return RuntimeError(absl::StrCat("Input must be >= ", kDim + 1, "-d."));
  }
  const int64_t dims[] = {kDim};
  return Wrap(FlipImpl(t, dims, meta));
}
absl::StatusOr<Value> RollOp(const OpArgs& a, bool meta) {
  return Wrap(RollImpl(a.tensor(0), a.int_list(1), a.int_list(2), meta));
}
absl::StatusOr<Value> DiagOp(const OpArgs& a, bool meta) {
  return Wrap(DiagImpl(a.tensor(0), a.int_(1), meta));
}
absl::StatusOr<Value> DiagEmbedOp(const OpArgs& a, bool meta) {
  return Wrap(DiagEmbedImpl(a.tensor(0), a.int_(1), a.int_(2), a.int_(3), meta));
}
// diagflat: diag of the flattened input (a 0-dim input is one element).
absl::StatusOr<Value> DiagflatOp(const OpArgs& a, bool meta) {
  const int64_t flat[] = {-1};
  ASSIGN_OR_RETURN(Tensor f, Reshape(a.tensor(0), flat));
  return Wrap(DiagImpl(f, a.int_(1), meta));
}
template <bool kLower>
absl::StatusOr<Value> TriangleOp(const OpArgs& a, bool meta) {
  return Wrap(TriangleImpl(a.tensor(0), a.int_(1), kLower, meta));
}
template <bool kLower>
absl::StatusOr<Value> TriangleInPlaceOp(const OpArgs& a, bool meta) {
  const Tensor& t = a.tensor(0);
  if (t.dim() < 2) return WrapDimOrIndexError(-2, t.dim()).status();
  if (meta || t.is_meta()) return a[0];
  RETURN_IF_ERROR(TriangleInto(t, t, a.int_(1), kLower));
  t.bump_version();
  return a[0];
}

}  // namespace

absl::StatusOr<Tensor> Cat(absl::Span<const Tensor> tensors, int64_t dim) {
  return CatImpl(tensors, dim, /*meta=*/false);
}

absl::StatusOr<Tensor> Stack(absl::Span<const Tensor> tensors, int64_t dim) {
  return StackImpl(tensors, dim, /*meta=*/false);
}

namespace creation_internal {

absl::Status RegisterCopyingShapeOps(OpRegistry& r) {
  const OpFlags kBoth{.function = true, .method = true};
  const OpFlags kMethod{.function = false, .method = true};
  const OpFlags kFunction{.function = true, .method = false};
  struct Entry {
    const char* schema;
    OpImpl impl;
    OpFlags flags;
  };
  const Entry entries[] = {
      {"cat(Tensor[] tensors, int dim=0) -> Tensor", CatOp, kFunction},
      {"concat(Tensor[] tensors, int dim=0) -> Tensor", CatOp, kFunction},
      {"stack(Tensor[] tensors, int dim=0) -> Tensor", StackOp, kFunction},
      {"repeat(Tensor self, int[] repeats) -> Tensor", RepeatOp, kMethod},
      {"flip(Tensor self, int[] dims) -> Tensor", FlipOp, kBoth},
      {"fliplr(Tensor self) -> Tensor", FlipSideOp<1>, kBoth},
      {"flipud(Tensor self) -> Tensor", FlipSideOp<0>, kBoth},
      {"roll(Tensor self, int[1] shifts, int[1] dims=[]) -> Tensor", RollOp, kBoth},
      {"diag(Tensor self, int diagonal=0) -> Tensor", DiagOp, kBoth},
      {"diagflat(Tensor self, int offset=0) -> Tensor", DiagflatOp, kBoth},
      {"diag_embed(Tensor self, int offset=0, int dim1=-2, int dim2=-1) -> Tensor", DiagEmbedOp,
       kBoth},
      {"tril(Tensor self, int diagonal=0) -> Tensor", TriangleOp<true>, kBoth},
      {"triu(Tensor self, int diagonal=0) -> Tensor", TriangleOp<false>, kBoth},
      {"tril_(Tensor(a!) self, int diagonal=0) -> Tensor(a!)", TriangleInPlaceOp<true>, kMethod},
      {"triu_(Tensor(a!) self, int diagonal=0) -> Tensor(a!)", TriangleInPlaceOp<false>, kMethod},
  };
  for (const Entry& e : entries) RETURN_IF_ERROR(RegisterOp(r, e.schema, e.impl, e.flags));
  return absl::OkStatus();
}

}  // namespace creation_internal
}  // namespace wick::tensor
