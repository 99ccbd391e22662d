// Advanced indexing (aten::index, index_put_) as ATen's AdvancedIndex does it: bool masks
// become nonzero coordinates, index tensors broadcast together, separated indexed dims
// move to the front, and the result's strides follow TensorIterator's rule. Also nonzero
// and masked_fill_, which the mask paths are built on.
#include <cstring>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/internal/strided_loop.h"
#include "tensor/ops/creation/creation.h"
#include "tensor/ops/creation/internal/index_util.h"
#include "tensor/ops/creation/internal/op_util.h"
#include "tensor/ops/creation/internal/registration.h"
#include "tensor/ops/creation/internal/shape_util.h"
#include "tensor/shape.h"

namespace wick::tensor {

namespace {

using creation_internal::WrapDimOrIndexError;

// aten's AdvancedIndex, before any element is read.
struct AdvancedIndex {
  Tensor self;                  // Permuted so that the indexed dims are adjacent.
  std::vector<Tensor> indices;  // self.dim() entries; defined ones int64, broadcast.
  int64_t before = 0;           // Dims ahead of the indexed block.
  int64_t count = 0;            // Indexed dims.
  Shape index_shape;            // The broadcast shape of the index tensors.
  Shape result_sizes;           // before dims + index_shape + after dims.
};

absl::Status TooManyIndices(const Tensor& self, size_t given) {
  return IndexError(
      absl::StrCat("too many indices for tensor of dimension ", self.dim(), " (got ", given, ")"));
}

absl::Status MaskShapeError(const Tensor& mask, const Tensor& self, int64_t j, int64_t src) {
  return IndexError(absl::StrCat("The shape of the mask ", ShapeToString(mask.sizes()),
                                 " at index ", j,
                                 " does not match the shape of the indexed tensor ",
                                 ShapeToString(self.sizes()), " at index ", src));
}

// Dims of self an index entry consumes: a mask its own rank, a 0-dim mask none (it adds a
// dim of size 1, as NumPy and Python subscripts treat `x[True]`).
int64_t ConsumedDims(const Tensor& index) {
  if (!index.defined()) return 1;
  return index.dtype() == DType::kBool ? index.dim() : 1;
}

absl::StatusOr<AdvancedIndex> MakeAdvancedIndex(const Tensor& self_in, absl::Span<const Tensor> in,
                                                bool meta) {
  int64_t consumed = 0;
  for (const Tensor& t : in) consumed += ConsumedDims(t);
  if (consumed > self_in.dim()) return TooManyIndices(self_in, in.size());
  for (const Tensor& t : in) {
    if (t.defined() && t.dtype() != DType::kInt64 && t.dtype() != DType::kBool) {
      return IndexError("tensors used as indices must be long, byte or bool tensors");
    }
  }
  AdvancedIndex ai;
  ai.self = self_in;
  std::vector<Tensor> expanded;
  int64_t src = 0;  // The dim of ai.self the next entry indexes.
  for (const Tensor& t : in) {
    if (!t.defined() || t.dtype() != DType::kBool) {
      expanded.push_back(t);
      ++src;
      continue;
    }
    if (meta || t.is_meta()) {
      return absl::UnimplementedError(
          "indexing with a boolean mask has a data-dependent output shape");
    }
    Tensor mask = t;
    if (mask.dim() == 0) {
      ASSIGN_OR_RETURN(ai.self, Unsqueeze(ai.self, src));
      const int64_t one[] = {1};
      ASSIGN_OR_RETURN(mask, View(mask, one));
    }
    for (int64_t j = 0; j < mask.dim(); ++j) {
      if (mask.size(j) != ai.self.size(src + j)) return MaskShapeError(mask, ai.self, j, src + j);
    }
    ASSIGN_OR_RETURN(Tensor nz, Nonzero(mask));
    for (int64_t j = 0; j < mask.dim(); ++j) {
      ASSIGN_OR_RETURN(Tensor column, Select(nz, 1, j));
      expanded.push_back(std::move(column));
    }
    src += mask.dim();
  }
  // Broadcast the index tensors together.
  bool first = true;
  for (const Tensor& t : expanded) {
    if (!t.defined()) continue;
    if (first) {
      ai.index_shape.assign(t.sizes().begin(), t.sizes().end());
      first = false;
      continue;
    }
    absl::StatusOr<Shape> b = BroadcastShapes(ai.index_shape, t.sizes());
    if (!b.ok()) {
      std::vector<std::string> all;
      for (const Tensor& u : expanded) {
        if (u.defined()) all.push_back(ShapeToString(u.sizes()));
      }
      return IndexError(absl::StrCat(
          "shape mismatch: indexing tensors could not be broadcast together with shapes ",
          absl::StrJoin(all, ", ")));
    }
    ai.index_shape = *b;
  }
  for (Tensor& t : expanded) {
    if (t.defined()) {
      ASSIGN_OR_RETURN(t, Expand(t, ai.index_shape));
    }
  }
  while (static_cast<int64_t>(expanded.size()) < ai.self.dim()) expanded.emplace_back();
  // Separated indexed dims go to the front (self is permuted along with them).
  int64_t first_def = -1, last_def = -1, ndef = 0;
  for (size_t i = 0; i < expanded.size(); ++i) {
    if (!expanded[i].defined()) continue;
    if (first_def < 0) first_def = static_cast<int64_t>(i);
    last_def = static_cast<int64_t>(i);
    ++ndef;
  }
  if (ndef > 0 && last_def - first_def + 1 != ndef) {
    Shape order;
    std::vector<Tensor> reordered;
    for (int pass = 0; pass < 2; ++pass) {
      for (size_t i = 0; i < expanded.size(); ++i) {
        if (expanded[i].defined() == (pass == 0)) {
          order.push_back(static_cast<int64_t>(i));
          reordered.push_back(expanded[i]);
        }
      }
    }
    ASSIGN_OR_RETURN(ai.self, Permute(ai.self, order));
    expanded = std::move(reordered);
    first_def = 0;
  }
  ai.indices = std::move(expanded);
  ai.count = ndef;
  ai.before = ndef > 0 ? first_def : ai.self.dim();
  const IntSpan sizes = ai.self.sizes();
  ai.result_sizes.assign(sizes.begin(), sizes.begin() + ai.before);
  ai.result_sizes.insert(ai.result_sizes.end(), ai.index_shape.begin(), ai.index_shape.end());
  ai.result_sizes.insert(ai.result_sizes.end(), sizes.begin() + ai.before + ai.count, sizes.end());
  bool indexed_empty = false;
  for (int64_t j = 0; j < ai.count; ++j) indexed_empty |= sizes[ai.before + j] == 0;
  if (indexed_empty && Numel(ai.index_shape) != 0) {
    return IndexError("index is out of bounds for dimension with size 0");
  }
  return ai;
}

// Walks the index positions, fastest-changing index dim first as listed in `order`,
// calling fn(self_offset, other_offset): the element offset into ai.self that the index
// values select (bounds-checked; ATen's message numbers the indexer, not the dim) and the
// position's offset in another operand whose strides over the index dims are `other`.
template <typename Fn>
absl::Status WalkIndex(const AdvancedIndex& ai, IntSpan other, IntSpan order, Fn fn) {
  struct Indexer {
    const int64_t* data;
    IntSpan strides;  // Over index_shape.
    int64_t size;     // Of the indexed dim of self.
    int64_t stride;
    int64_t offset = 0;
  };
  absl::InlinedVector<Indexer, 4> ix;
  for (int64_t j = 0; j < ai.count; ++j) {
    const Tensor& t = ai.indices[ai.before + j];
    ix.push_back({t.data<int64_t>(), t.strides(), ai.self.size(ai.before + j),
                  ai.self.stride(ai.before + j)});
  }
  const IntSpan shape = ai.index_shape;
  const int64_t n = Numel(shape);
  Shape pos(shape.size(), 0);
  int64_t other_offset = 0;
  for (int64_t i = 0; i < n; ++i) {
    int64_t self_offset = 0;
    for (size_t j = 0; j < ix.size(); ++j) {
      int64_t v = ix[j].data[ix[j].offset];
      if (v < -ix[j].size || v >= ix[j].size) {
        return IndexError(absl::StrCat("index ", v, " is out of bounds for dimension ", j,
                                       " with size ", ix[j].size));
      }
      if (v < 0) v += ix[j].size;
      self_offset += v * ix[j].stride;
    }
    fn(self_offset, other_offset);
    for (int64_t k : order) {  // Odometer step.
      other_offset += other[k];
      for (Indexer& x : ix) x.offset += x.strides[k];
      if (++pos[k] < shape[k]) break;
      other_offset -= shape[k] * other[k];
      for (Indexer& x : ix) x.offset -= shape[k] * x.strides[k];
      pos[k] = 0;
    }
  }
  return absl::OkStatus();
}

// The dims outside the indexed block (before + after), for a destination and a source
// whose index dims span `dst_rank` / `src_rank` dims of their strides.
creation_internal::Block MakeBlock(const AdvancedIndex& ai, IntSpan dst_strides, int64_t dst_rank,
                                   IntSpan src_strides, int64_t src_rank) {
  creation_internal::Block b;
  const int64_t after = ai.self.dim() - ai.before - ai.count;
  for (int64_t d = 0; d < ai.before; ++d) {
    b.sizes.push_back(ai.self.size(d));
    b.dst_strides.push_back(dst_strides[d]);
    b.src_strides.push_back(src_strides[d]);
  }
  for (int64_t k = 0; k < after; ++k) {
    b.sizes.push_back(ai.self.size(ai.before + ai.count + k));
    b.dst_strides.push_back(dst_strides[ai.before + dst_rank + k]);
    b.src_strides.push_back(src_strides[ai.before + src_rank + k]);
  }
  return b;
}

// The index tensors as TensorIterator sees them: reshaped to [1]*before + shape +
// [1]*after, then broadcast to the result (stride 0). `same_shapes` reports whether any
// needed broadcasting (which rules out TensorIterator's fast path).
std::vector<Shape> IndexOperandStrides(const AdvancedIndex& ai, bool* same_shapes) {
  const IntSpan result = ai.result_sizes;
  std::vector<Shape> operands;
  for (const Tensor& idx : ai.indices) {
    if (!idx.defined()) continue;
    Shape padded(ai.before, 1);
    padded.insert(padded.end(), idx.sizes().begin(), idx.sizes().end());
    padded.insert(padded.end(), result.size() - padded.size(), 1);
    *same_shapes = *same_shapes && IntSpan(padded) == result;
    std::optional<Shape> s =
        creation_internal::ComputeViewStrides(idx.sizes(), idx.strides(), padded);
    Shape strides = s ? *s : ContiguousStrides(padded);
    for (size_t k = 0; k < padded.size(); ++k) {
      if (padded[k] == 1 && result[k] != 1) strides[k] = 0;
    }
    operands.push_back(std::move(strides));
  }
  return operands;
}

// ai.self's strides with the indexed dims replaced by zeros over the index shape.
Shape RestridedSelf(const AdvancedIndex& ai) {
  const IntSpan st = ai.self.strides();
  Shape s(st.begin(), st.begin() + ai.before);
  s.insert(s.end(), ai.index_shape.size(), 0);
  s.insert(s.end(), st.begin() + ai.before + ai.count, st.end());
  return s;
}

// The index dims (0-based within index_shape) in the order TensorIterator's `perm`
// (innermost first, over the result dims) steps them, fastest first.
Shape IndexDimOrder(const AdvancedIndex& ai, IntSpan perm) {
  const int64_t rank = static_cast<int64_t>(ai.index_shape.size());
  Shape order;
  for (int64_t d : perm) {
    if (d >= ai.before && d < ai.before + rank) order.push_back(d - ai.before);
  }
  return order;
}

// Row-major order over `rank` dims: the last one fastest.
Shape RowMajorOrder(int64_t rank) {
  Shape order(rank);
  for (int64_t k = 0; k < rank; ++k) order[k] = rank - 1 - k;
  return order;
}

absl::StatusOr<Tensor> IndexImpl(const Tensor& self, absl::Span<const Tensor> indices, bool meta) {
  meta = meta || self.is_meta();
  ASSIGN_OR_RETURN(AdvancedIndex ai, MakeAdvancedIndex(self, indices, meta));
  const IntSpan result = ai.result_sizes;
  const int64_t rank = static_cast<int64_t>(ai.index_shape.size());
  // The output layout comes from TensorIterator over (self restrided, indices...).
  bool same_shapes = true;
  std::vector<Shape> operands = {RestridedSelf(ai)};
  for (Shape& s : IndexOperandStrides(ai, &same_shapes)) operands.push_back(std::move(s));
  const Shape out_strides = creation_internal::IteratorOutputStrides(result, operands, same_shapes);
  ASSIGN_OR_RETURN(Tensor out,
                   creation_internal::NewTensor(result, out_strides, self.dtype(), meta));
  // No element is visited (and no index checked) when the result is empty.
  if (meta || out.numel() == 0) return out;
  const creation_internal::Block block =
      MakeBlock(ai, out.strides(), rank, ai.self.strides(), ai.count);
  const IntSpan out_index_strides = IntSpan(out.strides()).subspan(ai.before, rank);
  absl::Status status;
  VisitDType(self.dtype(), [&]<typename T>() {
    T* o = out.data<T>();
    const T* s = ai.self.data<T>();
    if (block.numel() == 1) {  // A plain gather.
      status = WalkIndex(ai, out_index_strides, RowMajorOrder(rank),
                         [&](int64_t so, int64_t oo) { o[oo] = s[so]; });
    } else {
      status = WalkIndex(ai, out_index_strides, RowMajorOrder(rank), [&](int64_t so, int64_t oo) {
        creation_internal::CopyBlock<T>(o + oo, s + so, block, false);
      });
    }
  });
  RETURN_IF_ERROR(status);
  return out;
}

bool IsExpandableTo(IntSpan shape, IntSpan desired) {
  if (shape.size() > desired.size()) return false;
  for (size_t i = 0; i < shape.size(); ++i) {
    const int64_t s = shape[shape.size() - 1 - i];
    if (s != desired[desired.size() - 1 - i] && s != 1) return false;
  }
  return true;
}

// index_put_ with one bool mask and a one-element value is masked_fill_ (as in ATen,
// which is why `x[mask] = 2` works for any value dtype). Returns false when not taken.
absl::StatusOr<bool> TryMaskedFillPut(const Tensor& self, absl::Span<const Tensor> indices,
                                      const Tensor& values, bool meta) {
  if (values.numel() != 1) return false;
  int64_t num_ind = 0;
  Tensor mask;
  for (const Tensor& t : indices) {
    if (!t.defined()) {
      ++num_ind;
      continue;
    }
    if (t.dtype() != DType::kBool || mask.defined()) return false;
    mask = t;
    for (int64_t j = 0; j < mask.dim(); ++j) {
      if (num_ind + j >= self.dim()) return TooManyIndices(self, indices.size());
      if (mask.size(j) != self.size(num_ind + j)) return MaskShapeError(mask, self, j, num_ind + j);
    }
    num_ind += mask.dim();
  }
  if (!mask.defined()) return false;
  for (int64_t i = num_ind; i < self.dim(); ++i) {
    ASSIGN_OR_RETURN(mask, Unsqueeze(mask, -1));
  }
  if (meta || values.is_meta() || mask.is_meta()) return true;
  ASSIGN_OR_RETURN(Scalar v, values.Item());
  RETURN_IF_ERROR(MaskedFillInPlace(self, mask, v));
  return true;
}

absl::Status IndexPutImpl(const Tensor& self, absl::Span<const Tensor> indices,
                          const Tensor& values, bool accumulate, bool meta) {
  meta = meta || self.is_meta();
  int64_t consumed = 0;
  for (const Tensor& t : indices) consumed += ConsumedDims(t);
  if (consumed > self.dim()) return TooManyIndices(self, indices.size());
  if (!accumulate) {
    ASSIGN_OR_RETURN(bool done, TryMaskedFillPut(self, indices, values, meta));
    if (done) return absl::OkStatus();
  }
  absl::StatusOr<AdvancedIndex> made = MakeAdvancedIndex(self, indices, meta);
  if (meta && made.status().code() == absl::StatusCode::kUnimplemented) {
    return absl::OkStatus();  // A mask: the result is self either way.
  }
  RETURN_IF_ERROR(made.status());
  const AdvancedIndex& ai = *made;
  if (!IsExpandableTo(values.sizes(), ai.result_sizes)) {
    return RuntimeError(absl::StrCat(
        "shape mismatch: value tensor of shape ", ShapeToString(values.sizes()),
        " cannot be broadcast to indexing result of shape ", ShapeToString(ai.result_sizes)));
  }
  if (values.dtype() != self.dtype()) {
    return RuntimeError(
        absl::StrCat("Index put requires the source and destination dtypes match, got ",
                     ScalarTypeName(self.dtype()), " for the destination and ",
                     ScalarTypeName(values.dtype()), " for the source."));
  }
  if (meta || values.is_meta()) return absl::OkStatus();
  if (Numel(ai.result_sizes) == 0) {  // Nothing written, no index checked.
    self.bump_version();
    return absl::OkStatus();
  }
  Tensor source = values;
  if (source.shares_storage(self)) {
    ASSIGN_OR_RETURN(source, Clone(values, true));
  }
  ASSIGN_OR_RETURN(Tensor vals, Expand(source, ai.result_sizes));
  const int64_t rank = static_cast<int64_t>(ai.index_shape.size());
  const creation_internal::Block block =
      MakeBlock(ai, ai.self.strides(), ai.count, vals.strides(), rank);
  // Duplicate indices: the last write in TensorIterator's visiting order wins (and sums
  // accumulate in that order), so step the index dims in that order.
  bool same_shapes = true;
  std::vector<Shape> operands = {RestridedSelf(ai),
                                 creation_internal::IteratorStrides(source, ai.result_sizes)};
  for (Shape& s : IndexOperandStrides(ai, &same_shapes)) operands.push_back(std::move(s));
  const Shape order =
      IndexDimOrder(ai, creation_internal::IteratorPermutation(ai.result_sizes, operands));
  const IntSpan val_index_strides = IntSpan(vals.strides()).subspan(ai.before, rank);
  absl::Status status;
  VisitDType(self.dtype(), [&]<typename T>() {
    T* d = ai.self.data<T>();
    const T* v = vals.data<T>();
    if (block.numel() == 1) {
      status = WalkIndex(ai, val_index_strides, order, [&](int64_t so, int64_t vo) {
        d[so] = accumulate ? static_cast<T>(d[so] + v[vo]) : v[vo];
      });
    } else {
      status = WalkIndex(ai, val_index_strides, order, [&](int64_t so, int64_t vo) {
        creation_internal::CopyBlock<T>(d + so, v + vo, block, accumulate);
      });
    }
  });
  RETURN_IF_ERROR(status);
  self.bump_version();
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<Tensor> Index(const Tensor& self, absl::Span<const Tensor> indices) {
  return IndexImpl(self, indices, /*meta=*/false);
}

absl::Status IndexPutInPlace(const Tensor& self, absl::Span<const Tensor> indices,
                             const Tensor& values, bool accumulate) {
  return IndexPutImpl(self, indices, values, accumulate, /*meta=*/false);
}

absl::StatusOr<Tensor> Nonzero(const Tensor& t) {
  if (t.is_meta()) {
    return absl::UnimplementedError("nonzero has a data-dependent output shape");
  }
  // Logical (row-major) positions of the nonzero elements, then their coordinates.
  std::vector<int64_t> hits;
  VisitDType(t.dtype(), [&]<typename T>() {
    const T* p = t.data<T>();
    int64_t i = 0;
    creation_internal::ForEachOffset(t.sizes(), t.strides(), [&](int64_t off) {
      if (p[off] != T(0)) hits.push_back(i);
      ++i;
    });
  });
  const int64_t n = static_cast<int64_t>(hits.size());
  const int64_t nd = t.dim();
  // PyTorch fills an (ndim, N) buffer and returns its transpose: strides (1, N).
  const int64_t sizes[] = {n, nd};
  const int64_t strides[] = {1, n};
  ASSIGN_OR_RETURN(Tensor out, Tensor::EmptyStrided(sizes, strides, DType::kInt64));
  int64_t* o = out.data<int64_t>();
  for (int64_t k = 0; k < n; ++k) {
    int64_t flat = hits[k];
    for (int64_t d = nd - 1; d >= 0; --d) {
      o[d * n + k] = flat % t.size(d);
      flat /= t.size(d);
    }
  }
  return out;
}

absl::Status MaskedFillInPlace(const Tensor& self, const Tensor& mask, const Scalar& value) {
  if (IsFloating(mask.dtype())) {
    return RuntimeError(
        absl::StrCat("masked_fill_ only supports boolean masks, but got mask with dtype ",
                     mask.dtype() == DType::kFloat32 ? "float" : "double"));
  }
  ASSIGN_OR_RETURN(Shape b, BroadcastShapes(self.sizes(), mask.sizes()));
  if (IntSpan(b) != self.sizes()) {
    return RuntimeError(absl::StrCat("output with shape ", ShapeToString(self.sizes()),
                                     " doesn't match the broadcast shape ", ShapeToString(b)));
  }
  RETURN_IF_ERROR(creation_internal::CheckScalarFits(value, self.dtype()));
  if (self.is_meta() || mask.is_meta()) return absl::OkStatus();
  Tensor m = mask;
  if (mask.dtype() != DType::kBool) {
    // PyTorch 1.13 still accepts integer masks holding only 0 and 1.
    bool ok = true;
    VisitDType(mask.dtype(), [&]<typename T>() {
      const T* p = mask.data<T>();
      creation_internal::ForEachOffset(mask.sizes(), mask.strides(), [&](int64_t off) {
        ok = ok && (p[off] == T(0) || p[off] == T(1));
      });
    });
    if (!ok) return RuntimeError("Mask tensor can take 0 and 1 values only");
    ASSIGN_OR_RETURN(m, ToDType(mask, DType::kBool));
  }
  if (self.numel() > 0) {
    const Shape mstrides = BroadcastStrides(m, self.sizes());
    VisitDType(self.dtype(), [&]<typename T>() {
      const T v = creation_internal::ScalarTo<T>(value);
      internal::StridedLoop<2> loop(
          self.sizes(), {internal::LoopOperand{self.raw_data(), self.strides(), sizeof(T)},
                         internal::LoopOperand{m.raw_data(), mstrides, 1}});
      loop.Run([v](char* const* p, const int64_t* step, int64_t n) {
        if (step[0] == sizeof(T) && step[1] == 1) {  // Contiguous: a vectorizable blend.
          T* out = reinterpret_cast<T*>(p[0]);
          const bool* mk = reinterpret_cast<const bool*>(p[1]);
          for (int64_t i = 0; i < n; ++i) out[i] = mk[i] ? v : out[i];
          return;
        }
        char* o = p[0];
        const char* mk = p[1];
        for (int64_t i = 0; i < n; ++i, o += step[0], mk += step[1]) {
          if (*reinterpret_cast<const bool*>(mk)) *reinterpret_cast<T*>(o) = v;
        }
      });
    });
  }
  self.bump_version();
  return absl::OkStatus();
}

namespace creation_internal {
namespace {

absl::StatusOr<Value> IndexOp(const OpArgs& a, bool meta) {
  ASSIGN_OR_RETURN(Tensor out, IndexImpl(a.tensor(0), a.tensors(1), meta));
  return Value(std::move(out));
}

absl::StatusOr<Value> IndexPutInPlaceOp(const OpArgs& a, bool meta) {
  RETURN_IF_ERROR(IndexPutImpl(a.tensor(0), a.tensors(1), a.tensor(2), a.bool_(3), meta));
  return a[0];
}

absl::StatusOr<Value> IndexPutOp(const OpArgs& a, bool meta) {
  const Tensor& self = a.tensor(0);
  ASSIGN_OR_RETURN(Tensor out, creation_internal::NewTensor(self.sizes(), PreserveStrides(self),
                                                            self.dtype(), meta || self.is_meta()));
  if (!out.is_meta()) RETURN_IF_ERROR(CopyInPlace(out, self));
  RETURN_IF_ERROR(IndexPutImpl(out, a.tensors(1), a.tensor(2), a.bool_(3), out.is_meta()));
  return Value(std::move(out));
}

}  // namespace

absl::Status RegisterAdvancedIndexOps(OpRegistry& r) {
  const OpFlags kBoth{.function = true, .method = true};
  RETURN_IF_ERROR(
      RegisterOp(r, "index.Tensor(Tensor self, Tensor?[] indices) -> Tensor", IndexOp, kBoth));
  RETURN_IF_ERROR(RegisterOp(r,
                             "index_put_(Tensor(a!) self, Tensor?[] indices, Tensor values, "
                             "bool accumulate=False) -> Tensor(a!)",
                             IndexPutInPlaceOp, kBoth));
  return RegisterOp(
      r,
      "index_put(Tensor self, Tensor?[] indices, Tensor values, bool accumulate=False) -> Tensor",
      IndexPutOp, kBoth);
}

}  // namespace creation_internal
}  // namespace wick::tensor
