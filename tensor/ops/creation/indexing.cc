// Indexing ops along one dim (index_select, gather, scatter, scatter_add) and by mask
// (masked_fill, masked_select, nonzero/argwhere/where(condition)) and one_hot, with
// ATen's checks and messages.
// RegisterIndexingOps also registers advanced indexing (advanced_index.cc), sorting
// (sorting.cc: sort, argsort, topk) and repeat_interleave (repeat_interleave.cc).
#include <algorithm>
#include <array>

#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/copy.h"
#include "tensor/ops/creation/creation.h"
#include "tensor/ops/creation/internal/index_util.h"
#include "tensor/ops/creation/internal/op_util.h"
#include "tensor/ops/creation/internal/registration.h"
#include "tensor/ops/ops.h"
#include "tensor/shape.h"

namespace wick::tensor {
namespace {

using creation_internal::WrapDimOrIndexError;

// ATen treats a 0-dim tensor as 1-D of size 1 in gather/scatter.
Tensor AtLeast1D(const Tensor& t) {
  if (t.dim() > 0) return t;
  const int64_t one[] = {1};
  return Tensor::View(t, one, one, t.storage_offset());
}
int64_t NonemptySize(const Tensor& t, int64_t d) { return t.dim() == 0 ? 1 : t.size(d); }

// Walks every line along `dim` of `sizes`: fn(offsets) gets, for each of the N operands,
// the element offset of the line's start (coordinate 0 along dim).
template <size_t N, typename Fn>
void ForEachLine(IntSpan sizes, int64_t dim, const std::array<IntSpan, N>& strides, Fn fn) {
  const int64_t nd = static_cast<int64_t>(sizes.size());
  for (int64_t s : sizes) {
    if (s == 0) return;
  }
  Shape idx(nd, 0);
  std::array<int64_t, N> off{};
  while (true) {
    fn(off);
    int64_t d = nd - 1;
    for (; d >= 0; --d) {
      if (d == dim) continue;
      if (++idx[d] < sizes[d]) {
        for (size_t k = 0; k < N; ++k) off[k] += strides[k][d];
        break;
      }
      for (size_t k = 0; k < N; ++k) off[k] -= (sizes[d] - 1) * strides[k][d];
      idx[d] = 0;
    }
    if (d < 0) return;
  }
}

absl::Status OutOfBounds(int64_t v, int64_t dim, int64_t size) {
  return RuntimeError(
      absl::StrCat("index ", v, " is out of bounds for dimension ", dim, " with size ", size));
}

// ---- index_select ----

absl::StatusOr<Tensor> IndexSelectImpl(const Tensor& self, int64_t dim, const Tensor& index,
                                       bool meta) {
  ASSIGN_OR_RETURN(int64_t d, WrapDimOrIndexError(dim, self.dim()));
  if (index.dim() > 1) return IndexError("index_select(): Index is supposed to be a vector");
  const int64_t n = index.numel();
  if (self.dim() == 0 && n != 1) {
    return RuntimeError(absl::StrCat("index_select(): Index to scalar can have only 1 value, got ",
                                     n, " value(s)"));
  }
  if (index.dtype() != DType::kInt64 && index.dtype() != DType::kInt32) {
    return RuntimeError("index_select(): Expected dtype int32 or int64 for index");
  }
  Shape sizes(self.sizes().begin(), self.sizes().end());
  if (self.dim() > 0) sizes[d] = n;
  meta = meta || self.is_meta() || index.is_meta();
  ASSIGN_OR_RETURN(Tensor out, creation_internal::NewContiguous(sizes, self.dtype(), meta));
  if (meta || n == 0) return out;
  const Tensor src = AtLeast1D(self);
  const Tensor dst = AtLeast1D(out);
  const int64_t size = src.size(d);
  // Each selected index copies one block: everything but `dim`.
  creation_internal::Block block;
  for (int64_t k = 0; k < src.dim(); ++k) {
    if (k == d) continue;
    block.sizes.push_back(src.size(k));
    block.dst_strides.push_back(dst.stride(k));
    block.src_strides.push_back(src.stride(k));
  }
  const bool single = block.numel() == 1;
  const Tensor idx = AtLeast1D(index);
  absl::Status status;
  VisitDType(src.dtype(), [&]<typename T>() {
    const T* s = src.data<T>();
    T* o = dst.data<T>();
    const int64_t ss = src.stride(d), os = dst.stride(d), is = idx.stride(0);
    for (int64_t i = 0; i < n; ++i) {
      const int64_t v =
          idx.dtype() == DType::kInt64 ? idx.data<int64_t>()[i * is] : idx.data<int32_t>()[i * is];
      if (v < 0 || v >= size) {
        status = IndexError("index out of range in self");
        return;
      }
      if (single) {
        o[i * os] = s[v * ss];
      } else {
        creation_internal::CopyBlock<T>(o + i * os, s + v * ss, block, false);
      }
    }
  });
  RETURN_IF_ERROR(status);
  return out;
}

// ---- gather ----

absl::StatusOr<Tensor> GatherImpl(const Tensor& self, int64_t dim, const Tensor& index, bool meta) {
  ASSIGN_OR_RETURN(int64_t d, WrapDimOrIndexError(dim, self.dim()));
  if (index.dtype() != DType::kInt64) {
    return RuntimeError("gather(): Expected dtype int64 for index");
  }
  const int64_t nd = std::max<int64_t>(self.dim(), 1);
  if (nd != std::max<int64_t>(index.dim(), 1)) {
    return RuntimeError("Index tensor must have the same number of dimensions as input tensor");
  }
  for (int64_t i = 0; i < nd; ++i) {
    if (i != d && NonemptySize(index, i) > NonemptySize(self, i)) {
      return RuntimeError(absl::StrCat("Size does not match at dimension ", i, " expected index ",
                                       ShapeToString(index.sizes()), " to be smaller than self ",
                                       ShapeToString(self.sizes()), " apart from dimension ", d));
    }
  }
  meta = meta || self.is_meta() || index.is_meta();
  ASSIGN_OR_RETURN(Tensor out, creation_internal::NewContiguous(index.sizes(), self.dtype(), meta));
  if (meta || out.numel() == 0) return out;
  const Tensor src = AtLeast1D(self), idx = AtLeast1D(index), dst = AtLeast1D(out);
  const int64_t size = src.size(d);
  absl::Status status;
  VisitDType(src.dtype(), [&]<typename T>() {
    const T* s = src.data<T>();
    const int64_t* ix = idx.data<int64_t>();
    T* o = dst.data<T>();
    const int64_t n = idx.size(d), is = idx.stride(d), os = dst.stride(d), ss = src.stride(d);
    ForEachLine<3>(idx.sizes(), d, {idx.strides(), dst.strides(), src.strides()},
                   [&](const std::array<int64_t, 3>& off) {
                     if (!status.ok()) return;
                     for (int64_t j = 0; j < n; ++j) {
                       const int64_t v = ix[off[0] + j * is];
                       if (v < 0 || v >= size) {
                         status = OutOfBounds(v, d, size);
                         return;
                       }
                       o[off[1] + j * os] = s[off[2] + v * ss];
                     }
                   });
  });
  RETURN_IF_ERROR(status);
  return out;
}

// ---- scatter / scatter_add ----

enum class Reduce { kNone, kAdd, kMultiply };

absl::StatusOr<Reduce> ParseReduce(const std::string& r) {
  if (r == "add") return Reduce::kAdd;
  if (r == "multiply") return Reduce::kMultiply;
  return RuntimeError("reduce argument must be either add or multiply.");
}

// Validates a scatter and returns the wrapped dim. `src` is undefined for the value form.
absl::StatusOr<int64_t> CheckScatter(const Tensor& self, int64_t dim, const Tensor& index,
                                     const Tensor& src) {
  ASSIGN_OR_RETURN(int64_t d, WrapDimOrIndexError(dim, self.dim()));
  if (index.numel() != 0 && index.dtype() != DType::kInt64) {
    return RuntimeError("scatter(): Expected dtype int64 for index");
  }
  if (src.defined() && src.dtype() != self.dtype()) {
    return RuntimeError("scatter(): Expected self.dtype to be equal to src.dtype");
  }
  if (index.numel() == 0) return d;
  const int64_t nd = std::max<int64_t>(self.dim(), 1);
  if (nd != std::max<int64_t>(index.dim(), 1)) {
    return RuntimeError("Index tensor must have the same number of dimensions as self tensor");
  }
  bool wrong = false;
  for (int64_t i = 0; i < nd && !wrong; ++i) {
    wrong = i != d && NonemptySize(index, i) > NonemptySize(self, i);
  }
  if (!wrong && src.defined()) {
    for (int64_t i = 0; i < nd && !wrong; ++i) {
      if (src.dim() > 0 && i >= src.dim()) {
        return WrapDimOrIndexError(i, src.dim()).status();  // ATen's src.size(i) fails.
      }
      wrong = NonemptySize(index, i) > NonemptySize(src, i);
    }
  }
  if (wrong) {
    std::string msg =
        absl::StrCat("Expected index ", ShapeToString(index.sizes()), " to be smaller than self ",
                     ShapeToString(self.sizes()), " apart from dimension ", d);
    if (src.defined()) {
      absl::StrAppend(&msg, " and to be smaller size than src ", ShapeToString(src.sizes()));
    }
    return RuntimeError(msg);
  }
  return d;
}

// dst[..., index[i], ...] (op)= src[i] (or value) along `d`.
absl::Status ScatterInto(const Tensor& dst_in, int64_t d, const Tensor& index_in,
                         const Tensor& src_in, const Scalar& value, Reduce reduce) {
  if (index_in.numel() == 0 || dst_in.numel() == 0) return absl::OkStatus();
  const Tensor dst = AtLeast1D(dst_in), idx = AtLeast1D(index_in);
  // The value form reads a 0-stride "src" of the index's shape.
  const Tensor src = src_in.defined() ? AtLeast1D(src_in) : Tensor();
  const int64_t size = dst.size(d);
  absl::Status status;
  VisitDType(dst.dtype(), [&]<typename T>() {
    T* o = dst.data<T>();
    const int64_t* ix = idx.data<int64_t>();
    const T* s = src.defined() ? src.data<T>() : nullptr;
    const T v = creation_internal::ScalarTo<T>(value);
    const Shape zeros(idx.dim(), 0);
    const IntSpan sstrides = src.defined() ? src.strides() : IntSpan(zeros);
    const int64_t n = idx.size(d), is = idx.stride(d), os = dst.stride(d);
    const int64_t ss = src.defined() ? src.stride(d) : 0;
    ForEachLine<3>(idx.sizes(), d, {idx.strides(), dst.strides(), sstrides},
                   [&](const std::array<int64_t, 3>& off) {
                     if (!status.ok()) return;
                     for (int64_t j = 0; j < n; ++j) {
                       const int64_t k = ix[off[0] + j * is];
                       if (k < 0 || k >= size) {
                         status = OutOfBounds(k, d, size);
                         return;
                       }
                       T& out = o[off[1] + k * os];
                       const T in = s ? s[off[2] + j * ss] : v;
                       switch (reduce) {
                         case Reduce::kNone:
                           out = in;
                           break;
                         case Reduce::kAdd:
                           out = static_cast<T>(out + in);
                           break;
                         case Reduce::kMultiply:
                           out = static_cast<T>(out * in);
                           break;
                       }
                     }
                   });
  });
  return status;
}

// One implementation behind scatter{,_}{.src,.value,.reduce,.value_reduce} and
// scatter_add{,_}: `in_place` writes self, otherwise a contiguous copy of it.
absl::StatusOr<Tensor> ScatterImpl(const Tensor& self, int64_t dim, const Tensor& index,
                                   const Tensor& src, const Scalar& value, Reduce reduce,
                                   bool in_place, bool meta) {
  ASSIGN_OR_RETURN(int64_t d, CheckScatter(self, dim, index, src));
  if (!src.defined()) RETURN_IF_ERROR(creation_internal::CheckScalarFits(value, self.dtype()));
  meta = meta || self.is_meta() || index.is_meta() || (src.defined() && src.is_meta());
  Tensor out = self;
  if (!in_place) {
    ASSIGN_OR_RETURN(out, creation_internal::NewContiguous(self.sizes(), self.dtype(), meta));
    if (!meta) RETURN_IF_ERROR(CopyInto(out, self));
  }
  if (meta) return out;
  RETURN_IF_ERROR(ScatterInto(out, d, index, src, value, reduce));
  if (in_place) out.bump_version();
  return out;
}

// ---- masked ops ----

absl::StatusOr<Tensor> MaskedFillImpl(const Tensor& self, const Tensor& mask, const Scalar& value,
                                      bool meta) {
  // ATen broadcasts (mask, self): the message names the mask as tensor a.
  ASSIGN_OR_RETURN(Shape sizes, BroadcastShapes(mask.sizes(), self.sizes()));
  meta = meta || self.is_meta() || mask.is_meta();
  ASSIGN_OR_RETURN(Tensor out, creation_internal::NewContiguous(sizes, self.dtype(), meta));
  if (!meta) RETURN_IF_ERROR(CopyInto(out, self));
  if (meta) {
    RETURN_IF_ERROR(MaskedFillInPlace(out, Tensor::Meta(mask.sizes(), mask.dtype()), value));
    return out;
  }
  RETURN_IF_ERROR(MaskedFillInPlace(out, mask, value));
  return out;
}

absl::StatusOr<Scalar> ZeroDimValue(const Tensor& v) {
  if (v.dim() != 0) {
    return RuntimeError(absl::StrCat(
        "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with ", v.dim(),
        " dimension(s)."));
  }
  if (v.is_meta()) return Scalar(int64_t{0});
  return v.Item();
}

absl::StatusOr<Tensor> MaskedSelect(const Tensor& self, const Tensor& mask) {
  if (mask.dtype() != DType::kBool) {
    return RuntimeError("masked_select: expected BoolTensor or ByteTensor for mask");
  }
  ASSIGN_OR_RETURN(Shape sizes, BroadcastShapes(mask.sizes(), self.sizes()));
  ASSIGN_OR_RETURN(Tensor s, Expand(self, sizes));
  ASSIGN_OR_RETURN(Tensor m, Expand(mask, sizes));
  // Two passes in row-major order: count, then gather.
  int64_t count = 0;
  const bool* mp = m.data<bool>();
  creation_internal::ForEachOffset(m.sizes(), m.strides(), [&](int64_t off) { count += mp[off]; });
  const int64_t out_sizes[] = {count};
  ASSIGN_OR_RETURN(Tensor out, Tensor::Empty(out_sizes, self.dtype()));
  VisitDType(self.dtype(), [&]<typename T>() {
    const T* in = s.data<T>();
    T* o = out.data<T>();
    int64_t k = 0;
    creation_internal::ForEachOffset2(m.sizes(), m.strides(), s.strides(),
                                      [&](int64_t mo, int64_t so) {
                                        if (mp[mo]) o[k++] = in[so];
                                      });
  });
  return out;
}

template <typename T>
absl::StatusOr<Value> Wrap(absl::StatusOr<T> r) {
  if (!r.ok()) return r.status();
  return Value(*std::move(r));
}

absl::StatusOr<Value> IndexSelectOp(const OpArgs& a, bool meta) {
  return Wrap(IndexSelectImpl(a.tensor(0), a.int_(1), a.tensor(2), meta));
}
absl::StatusOr<Value> GatherOp(const OpArgs& a, bool meta) {
  return Wrap(GatherImpl(a.tensor(0), a.int_(1), a.tensor(2), meta));
}
// scatter variants: argument 3 is src (Tensor) or value (Scalar); an optional reduce
// string follows.
template <bool kInPlace, bool kValue, bool kReduceArg>
absl::StatusOr<Value> ScatterOp(const OpArgs& a, bool meta) {
  Reduce reduce = Reduce::kNone;
  if constexpr (kReduceArg) {
    ASSIGN_OR_RETURN(reduce, ParseReduce(a.string(4)));
  }
  const Tensor src = kValue ? Tensor() : a.tensor(3);
  const Scalar value = kValue ? a.scalar(3) : Scalar(int64_t{0});
  ASSIGN_OR_RETURN(Tensor out, ScatterImpl(a.tensor(0), a.int_(1), a.tensor(2), src, value, reduce,
                                           kInPlace, meta));
  return kInPlace ? a[0] : Value(std::move(out));
}
template <bool kInPlace>
absl::StatusOr<Value> ScatterAddOp(const OpArgs& a, bool meta) {
  ASSIGN_OR_RETURN(Tensor out, ScatterImpl(a.tensor(0), a.int_(1), a.tensor(2), a.tensor(3),
                                           Scalar(int64_t{0}), Reduce::kAdd, kInPlace, meta));
  return kInPlace ? a[0] : Value(std::move(out));
}
absl::StatusOr<Value> MaskedFillScalarOp(const OpArgs& a, bool meta) {
  return Wrap(MaskedFillImpl(a.tensor(0), a.tensor(1), a.scalar(2), meta));
}
absl::StatusOr<Value> MaskedFillTensorOp(const OpArgs& a, bool meta) {
  ASSIGN_OR_RETURN(Scalar v, ZeroDimValue(a.tensor(2)));
  return Wrap(MaskedFillImpl(a.tensor(0), a.tensor(1), v, meta));
}
template <bool kTensorValue>
absl::StatusOr<Value> MaskedFillInPlaceOp(const OpArgs& a, bool meta) {
  Scalar v;
  if constexpr (kTensorValue) {
    ASSIGN_OR_RETURN(v, ZeroDimValue(a.tensor(2)));
  } else {
    v = a.scalar(2);
  }
  const Tensor& self = a.tensor(0);
  if (meta) {
    const Tensor m = Tensor::Meta(a.tensor(1).sizes(), a.tensor(1).dtype());
    RETURN_IF_ERROR(MaskedFillInPlace(Tensor::Meta(self.sizes(), self.dtype()), m, v));
    return a[0];
  }
  RETURN_IF_ERROR(MaskedFillInPlace(self, a.tensor(1), v));
  return a[0];
}
absl::StatusOr<Value> MaskedSelectOp(const OpArgs& a) {
  return Wrap(MaskedSelect(a.tensor(0), a.tensor(1)));
}
absl::StatusOr<Value> NonzeroOp(const OpArgs& a) { return Wrap(Nonzero(a.tensor(0))); }

// nonzero(as_tuple=True) and where(condition): one int64 index vector per dim (a 0-dim
// input counts as 1-D), upstream's nonzero().unbind(1).
absl::StatusOr<Value> NonzeroTuple(const Tensor& self) {
  Tensor t = self;
  if (t.dim() == 0) {
    ASSIGN_OR_RETURN(t, Unsqueeze(t, 0));
  }
  ASSIGN_OR_RETURN(Tensor coords, Nonzero(t));
  ASSIGN_OR_RETURN(std::vector<Tensor> parts, Unbind(coords, 1));
  return Value(std::move(parts));
}
absl::StatusOr<Value> NonzeroAsTupleOp(const OpArgs& a) {
  if (!a.bool_(1)) return NonzeroOp(a);
  return NonzeroTuple(a.tensor(0));
}
absl::StatusOr<Value> WhereConditionOp(const OpArgs& a) { return NonzeroTuple(a.tensor(0)); }

// one_hot(self, num_classes): int64 zeros of self's shape + [num_classes] with a 1 at
// each element's class. Upstream checks (in order) the dtype, empty inputs, that no
// class is negative, then that every class is below num_classes; num_classes=-1 means
// max + 1, which depends on element values, so the meta function refuses it (F.one_hot
// resolves it first, which is where a compiled function breaks its graph).
absl::StatusOr<Value> OneHotOp(const OpArgs& a, bool meta) {
  const Tensor& self = a.tensor(0);
  int64_t classes = a.int_(1);
  if (self.dtype() != DType::kInt64) {
    return RuntimeError("one_hot is only applicable to index tensor.");
  }
  Shape sizes(self.sizes().begin(), self.sizes().end());
  meta = meta || self.is_meta();
  if (self.numel() == 0) {
    if (classes <= 0) {
      return RuntimeError("Can not infer total number of classes from empty tensor.");
    }
    sizes.push_back(classes);
    return Wrap(creation_internal::NewContiguous(sizes, DType::kInt64, meta));
  }
  if (meta) {
    if (classes < 0) {
      return absl::UnimplementedError(
          "one_hot with num_classes=-1: the number of classes depends on element values");
    }
    sizes.push_back(classes);
    return Wrap(creation_internal::NewContiguous(sizes, DType::kInt64, true));
  }
  int64_t lo = INT64_MAX, hi = INT64_MIN;
  creation_internal::ForEachOffset(self.sizes(), self.strides(), [&](int64_t off) {
    const int64_t v = self.data<int64_t>()[off];
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  });
  if (lo < 0) return RuntimeError("Class values must be non-negative.");
  if (classes == -1) {
    classes = hi + 1;
  } else if (classes <= hi) {
    return RuntimeError("Class values must be smaller than num_classes.");
  }
  sizes.push_back(classes);
  ASSIGN_OR_RETURN(Tensor out, creation_internal::NewContiguous(sizes, DType::kInt64, false));
  int64_t* o = out.data<int64_t>();
  std::fill(o, o + out.numel(), int64_t{0});
  int64_t row = 0;
  creation_internal::ForEachOffset(self.sizes(), self.strides(), [&](int64_t off) {
    o[row++ * classes + self.data<int64_t>()[off]] = 1;
  });
  return Value(std::move(out));
}

}  // namespace

absl::StatusOr<Tensor> IndexSelect(const Tensor& self, int64_t dim, const Tensor& index) {
  return IndexSelectImpl(self, dim, index, /*meta=*/false);
}

namespace ops {

absl::Status RegisterIndexingOps(OpRegistry& r) {
  using creation_internal::OpImpl;
  const OpFlags kBoth{.function = true, .method = true};
  const OpFlags kMethod{.function = false, .method = true};
  struct Entry {
    const char* schema;
    OpImpl impl;
    OpFlags flags;
  };
  // Overloads taking a Scalar come before their Tensor twins: a Python number would also
  // bind to `Tensor` (as a wrapped 0-dim tensor).
  const Entry entries[] = {
      {"index_select(Tensor self, int dim, Tensor index) -> Tensor", IndexSelectOp, kBoth},
      {"gather(Tensor self, int dim, Tensor index, *, bool sparse_grad=False) -> Tensor", GatherOp,
       kBoth},
      {"scatter.value(Tensor self, int dim, Tensor index, Scalar value) -> Tensor",
       ScatterOp<false, true, false>, kBoth},
      {"scatter.src(Tensor self, int dim, Tensor index, Tensor src) -> Tensor",
       ScatterOp<false, false, false>, kBoth},
      {"scatter.value_reduce(Tensor self, int dim, Tensor index, Scalar value, *, str reduce) "
       "-> Tensor",
       ScatterOp<false, true, true>, kBoth},
      {"scatter.reduce(Tensor self, int dim, Tensor index, Tensor src, *, str reduce) -> Tensor",
       ScatterOp<false, false, true>, kBoth},
      {"scatter_.value(Tensor(a!) self, int dim, Tensor index, Scalar value) -> Tensor(a!)",
       ScatterOp<true, true, false>, kMethod},
      {"scatter_.src(Tensor(a!) self, int dim, Tensor index, Tensor src) -> Tensor(a!)",
       ScatterOp<true, false, false>, kMethod},
      {"scatter_.value_reduce(Tensor(a!) self, int dim, Tensor index, Scalar value, *, str "
       "reduce) -> Tensor(a!)",
       ScatterOp<true, true, true>, kMethod},
      {"scatter_.reduce(Tensor(a!) self, int dim, Tensor index, Tensor src, *, str reduce) -> "
       "Tensor(a!)",
       ScatterOp<true, false, true>, kMethod},
      {"scatter_add(Tensor self, int dim, Tensor index, Tensor src) -> Tensor", ScatterAddOp<false>,
       kBoth},
      {"scatter_add_(Tensor(a!) self, int dim, Tensor index, Tensor src) -> Tensor(a!)",
       ScatterAddOp<true>, kMethod},
      {"masked_fill.Scalar(Tensor self, Tensor mask, Scalar value) -> Tensor", MaskedFillScalarOp,
       kBoth},
      {"masked_fill.Tensor(Tensor self, Tensor mask, Tensor value) -> Tensor", MaskedFillTensorOp,
       kBoth},
      {"masked_fill_.Scalar(Tensor(a!) self, Tensor mask, Scalar value) -> Tensor(a!)",
       MaskedFillInPlaceOp<false>, kMethod},
      {"masked_fill_.Tensor(Tensor(a!) self, Tensor mask, Tensor value) -> Tensor(a!)",
       MaskedFillInPlaceOp<true>, kMethod},
  };
  for (const Entry& e : entries)
    RETURN_IF_ERROR(creation_internal::RegisterOp(r, e.schema, e.impl, e.flags));
  // torch._C._nn.one_hot: reached as torch.ops.aten.one_hot (F.one_hot wraps it).
  RETURN_IF_ERROR(creation_internal::RegisterOp(
      r, "one_hot(Tensor self, int num_classes=-1) -> Tensor", OneHotOp,
      {.function = false, .method = false}));
  // Output shapes that depend on element values: no meta function, never traced.
  const OpFlags kDataDependent{.function = true, .method = true, .data_dependent = true};
  RETURN_IF_ERROR(r.Register("masked_select(Tensor self, Tensor mask) -> Tensor", nullptr,
                             MaskedSelectOp, kDataDependent));
  RETURN_IF_ERROR(r.Register("nonzero(Tensor self) -> Tensor", nullptr, NonzeroOp, kDataDependent));
  RETURN_IF_ERROR(r.Register("nonzero.as_tuple(Tensor self, *, bool as_tuple) -> Tensor[]",
                             nullptr, NonzeroAsTupleOp, kDataDependent));
  RETURN_IF_ERROR(r.Register("argwhere(Tensor self) -> Tensor", nullptr, NonzeroOp,
                             kDataDependent));
  // torch.where(condition) (a function only; where.self, the pointwise select, comes
  // after it and takes the three-argument calls).
  RETURN_IF_ERROR(r.Register("where(Tensor condition) -> Tensor[]", nullptr, WhereConditionOp,
                             {.function = true, .data_dependent = true}));
  RETURN_IF_ERROR(creation_internal::RegisterSortingOps(r));
  RETURN_IF_ERROR(creation_internal::RegisterRepeatInterleaveOps(r));
  return creation_internal::RegisterAdvancedIndexOps(r);
}

}  // namespace ops
}  // namespace wick::tensor
