// Tensor subscripts over trackers, lowered as vm/torch/indexing.cc's ApplySlicing does
// eagerly (select, slice, unsqueeze, Ellipsis), and advanced indexing by integer
// tensors as aten.index (PyTorch's own lowering).
#include <utility>

#include "absl/strings/str_cat.h"
#include "base/status_macros.h"
#include "frontend/internal/translator.h"
#include "vm/protocol.h"

namespace wick::frontend::internal {

using graph::CallStyle;

namespace {

// One element of a tensor subscript: int, slice, None or Ellipsis (as a tracker).
enum class IndexKind { kInt, kSlice, kNone, kEllipsis, kOther };
IndexKind KindOfIndex(vm::Runtime& rt, const VarPtr& x) {
  if (x->kind == VarKind::kSlice) return IndexKind::kSlice;
  if (!x->is_constant()) return IndexKind::kOther;
  if (x->value.is_int()) return IndexKind::kInt;
  if (x->value.is_none()) return IndexKind::kNone;
  if (x->value.Is(rt.Ellipsis())) return IndexKind::kEllipsis;
  if (rt.TypeOf(x->value) == rt.types().slice) return IndexKind::kSlice;
  return IndexKind::kOther;
}

}  // namespace

// slice(start, stop, step) parts as trackers (a constant slice or a BUILD_SLICE one).
std::vector<VarPtr> SliceParts(const VarPtr& x) {
  if (x->kind == VarKind::kSlice) {
    std::vector<VarPtr> p = x->items;
    while (p.size() < 3) p.push_back(MakeConstant(vm::Value::None()));
    return p;
  }
  const vm::Slice* s = x->value.as<vm::Slice>();
  return {MakeConstant(s->start), MakeConstant(s->stop), MakeConstant(s->step)};
}

namespace {

bool FullSlice(const VarPtr& x) {
  for (const VarPtr& part : SliceParts(x)) {
    if (!part->is_constant() || !part->value.is_none()) return false;
  }
  return true;
}

// Applies one basic index element at `*dim` of `view`, as eager's ApplySlicing does: an
// int selects (the dim goes), a slice slices (a full one costs nothing) and None
// unsqueezes (both move past the dim). Anything else leaves the view as it is.
absl::StatusOr<VarPtr> ApplyBasicIndex(Translator& tx, VarPtr view, const VarPtr& x,
                                       int64_t* dim) {
  vm::Runtime& rt = tx.state().rt;
  auto c = [](int64_t i) { return MakeConstant(vm::Value::Int(i)); };
  switch (KindOfIndex(rt, x)) {
    case IndexKind::kInt:
      return CallTensorOp(tx, "select", {view, c(*dim), x}, {}, CallStyle::kFunction,
                          "torch.select");
    case IndexKind::kSlice: {
      const int64_t d = (*dim)++;
      if (FullSlice(x)) return view;
      std::vector<VarPtr> p = SliceParts(x);
      VarPtr step = p[2]->is_constant() && p[2]->value.is_none() ? c(1) : p[2];
      return CallTensorOp(tx, "slice", {view, c(d), p[0], p[1], step}, {},
                          CallStyle::kFunction, "torch.ops.aten.slice.Tensor");
    }
    case IndexKind::kNone: {
      const int64_t d = (*dim)++;
      return CallTensorOp(tx, "unsqueeze", {view, c(d)}, {}, CallStyle::kMethod, "unsqueeze");
    }
    default:
      return view;
  }
}

}  // namespace

// x[key] for basic indexing, as vm/torch/indexing.cc's ApplySlicing does it eagerly:
// ints select (dropping the dim), slices slice, None unsqueezes, Ellipsis skips dims.
absl::StatusOr<VarPtr> TensorSubscript(Translator& tx, const VarPtr& self, const VarPtr& key) {
  vm::Runtime& rt = tx.state().rt;
  std::vector<VarPtr> idx = key->kind == VarKind::kTuple ? key->items : std::vector<VarPtr>{key};
  if (key->is_constant() && rt.IsTuple(key->value)) {
    idx.clear();
    for (const vm::Value& v : key->value.as<vm::Tuple>()->items) idx.push_back(MakeConstant(v));
  }
  // Ints and partial slices among integer index tensors (table[2, idx], t[0, 1:, idx]):
  // PyTorch applies ints as selects before any advanced indexing (unlike NumPy, which
  // broadcasts them with the tensors), so they are selected first, last dim first so that
  // the earlier dims keep their positions, and the rest of the key indexes what is left.
  {
    auto int_tensor = [](const VarPtr& x) {
      return x->is_tensor() && !x->scalar_item && x->meta.dtype != tensor::DType::kBool &&
             !tensor::IsFloating(x->meta.dtype);
    };
    int64_t first = -1, last = -1, ints = 0, tensors = 0;
    bool plain = true;  // only ints, slices and tensors: index k is dim k
    for (size_t k = 0; k < idx.size(); ++k) {
      const bool is_int = KindOfIndex(rt, idx[k]) == IndexKind::kInt;
      const bool is_tensor = int_tensor(idx[k]);
      plain = plain && (is_int || is_tensor || KindOfIndex(rt, idx[k]) == IndexKind::kSlice);
      if (!is_int && !is_tensor) continue;
      ints += is_int;
      tensors += is_tensor;
      if (first < 0) first = static_cast<int64_t>(k);
      last = static_cast<int64_t>(k);
    }
    bool partial_slice = false;
    for (const VarPtr& x : idx) {
      partial_slice |= KindOfIndex(rt, x) == IndexKind::kSlice && !FullSlice(x);
    }
    if (plain && tensors > 0 && (ints > 0 || partial_slice) &&
        static_cast<int64_t>(idx.size()) <= static_cast<int64_t>(self->meta.sizes.size())) {
      // Slices keep their dims: applied first too, they leave full slices around the
      // tensors, which aten.index takes below.
      VarPtr result = self;
      for (int64_t k = last; k >= first; --k) {
        if (KindOfIndex(rt, idx[k]) != IndexKind::kInt) continue;
        ASSIGN_OR_RETURN(result, CallTensorOp(tx, "select",
                                              {result, MakeConstant(vm::Value::Int(k)), idx[k]},
                                              {}, CallStyle::kFunction, "torch.select"));
      }
      std::vector<VarPtr> rest;
      for (const VarPtr& x : idx) {
        if (KindOfIndex(rt, x) != IndexKind::kInt) rest.push_back(x);
      }
      for (size_t k = 0; k < rest.size(); ++k) {
        if (KindOfIndex(rt, rest[k]) != IndexKind::kSlice || FullSlice(rest[k])) continue;
        int64_t d = static_cast<int64_t>(k);
        ASSIGN_OR_RETURN(result, ApplyBasicIndex(tx, result, rest[k], &d));
        rest[k] = MakeConstant(rt.NewSlice(vm::Value::None(), vm::Value::None(),
                                           vm::Value::None()));
      }
      return TensorSubscript(tx, result, MakeSequence(VarKind::kTuple, std::move(rest)));
    }
  }
  // Advanced indexing by integer tensors, with full slices and one Ellipsis around
  // them (rel_pos[coords.long()], x[:, idx]): aten.index with None for the untouched
  // dims, as PyTorch's indexing lowers it. Boolean masks select a data-dependent number
  // of elements and are left to the break below.
  {
    bool advanced = false, simple = true;
    int64_t ellipsis = 0;
    for (const VarPtr& x : idx) {
      if (x->is_tensor() && !x->scalar_item && x->meta.dtype != tensor::DType::kBool &&
          !tensor::IsFloating(x->meta.dtype)) {
        advanced = true;
        continue;
      }
      IndexKind k = KindOfIndex(rt, x);
      if (k == IndexKind::kEllipsis) {
        ++ellipsis;
        continue;
      }
      if (k != IndexKind::kSlice) {
        simple = false;
        break;
      }
      std::vector<VarPtr> p = SliceParts(x);
      for (const VarPtr& part : p) simple = simple && part->is_constant() && part->value.is_none();
    }
    const int64_t rank = static_cast<int64_t>(self->meta.sizes.size());
    const int64_t named = static_cast<int64_t>(idx.size()) - ellipsis;
    if (advanced && simple && ellipsis <= 1 && named <= rank) {
      std::vector<VarPtr> indices;
      for (const VarPtr& x : idx) {
        if (x->is_tensor()) {
          indices.push_back(x);
        } else if (KindOfIndex(rt, x) == IndexKind::kEllipsis) {
          for (int64_t i = 0; i < rank - named; ++i) {
            indices.push_back(MakeConstant(vm::Value::None()));
          }
        } else {
          indices.push_back(MakeConstant(vm::Value::None()));
        }
      }
      while (!indices.empty() && !indices.back()->is_tensor()) indices.pop_back();
      int64_t tensors = 0, at = -1;
      for (size_t i = 0; i < indices.size(); ++i) {
        if (indices[i]->is_tensor()) {
          ++tensors;
          at = static_cast<int64_t>(i);
        }
      }
      if (tensors == static_cast<int64_t>(indices.size())) {
        return CallTensorOp(tx, "index",
                            {self, MakeSequence(VarKind::kList, std::move(indices))}, {},
                            CallStyle::kFunction, "torch.ops.aten.index.Tensor");
      }
      if (tensors == 1) {
        // One index tensor after untouched dims (x[:, j]): as PyTorch lowers it, the
        // indexed dim moves to the front, aten.index gathers (negative indices wrap,
        // bounds errors name dimension 0 as eager's do), and the leading dims move back
        // in front of the index's dims.
        const int64_t m = static_cast<int64_t>(indices[at]->meta.sizes.size());
        const int64_t out_rank = rank - 1 + m;
        ASSIGN_OR_RETURN(VarPtr moved,
                         CallTensorOp(tx, "movedim", {self, MakeConstant(vm::Value::Int(at)),
                                                      MakeConstant(vm::Value::Int(0))},
                                      {}, CallStyle::kMethod, "movedim"));
        ASSIGN_OR_RETURN(VarPtr picked,
                         CallTensorOp(tx, "index",
                                      {moved, MakeSequence(VarKind::kList, {indices[at]})}, {},
                                      CallStyle::kFunction, "torch.ops.aten.index.Tensor"));
        std::vector<vm::Value> perm;
        for (int64_t d = 0; d < at; ++d) perm.push_back(vm::Value::Int(m + d));
        for (int64_t d = 0; d < m; ++d) perm.push_back(vm::Value::Int(d));
        for (int64_t d = m + at; d < out_rank; ++d) perm.push_back(vm::Value::Int(d));
        return CallTensorOp(tx, "permute", {picked, MakeConstant(rt.NewTuple(std::move(perm)))},
                            {}, CallStyle::kMethod, "permute");
      }
    }
  }
  int64_t specified = 0;
  for (const VarPtr& x : idx) {
    IndexKind k = KindOfIndex(rt, x);
    if (k == IndexKind::kOther) {
      return tx.Break("Unsupported tensor indexing", DescribeVar(rt, *x),
                      "Dynamo in wick traces basic tensor indexing (ints, slices, None, ...) "
                      "only; advanced indexing with tensors or lists is not traced yet.");
    }
    if (k == IndexKind::kInt || k == IndexKind::kSlice) ++specified;
  }
  VarPtr result = self;
  int64_t dim = 0;
  for (const VarPtr& x : idx) {
    if (KindOfIndex(rt, x) == IndexKind::kEllipsis) {
      dim += static_cast<int64_t>(self->meta.sizes.size()) - specified;
      continue;
    }
    ASSIGN_OR_RETURN(result, ApplyBasicIndex(tx, result, x, &dim));
  }
  if (result == self) {
    // x[:] / x[...] is a new view of the same data: an alias op keeps it a distinct value.
    return CallTensorOp(tx, "alias", {self}, {}, CallStyle::kFunction, "torch.ops.aten.alias");
  }
  return result;
}

absl::Status TensorSetItem(Translator& tx, const VarPtr& self, const VarPtr& key, VarPtr v) {
  vm::Runtime& rt = tx.state().rt;
  std::vector<VarPtr> idx = key->kind == VarKind::kTuple ? key->items : std::vector<VarPtr>{key};
  if (key->is_constant() && rt.IsTuple(key->value)) {
    idx.clear();
    for (const vm::Value& x : key->value.as<vm::Tuple>()->items) idx.push_back(MakeConstant(x));
  }
  const bool number = (v->is_constant() && (v->value.is_int() || v->value.is_float() ||
                                            v->value.is_bool())) ||
                      v->is_symint();
  auto unsupported = [&](const char* why) {
    return tx.Break("Unsupported subscript store",
                    absl::StrCat(DescribeVar(rt, *self), "[", DescribeVar(rt, *key), "]"),
                    absl::StrCat("Dynamo in wick does not trace this tensor index assignment: ",
                                 why, "."));
  };
  if (!v->is_tensor() && !number) return unsupported("the value is not a tensor or a number");
  bool basic = true;
  for (const VarPtr& x : idx) basic = basic && KindOfIndex(rt, x) != IndexKind::kOther;
  if (basic) {
    // Eager writes through the view the subscript reads: view.copy_(v) (broadcasting,
    // converting the dtype) or view.fill_(number).
    ASSIGN_OR_RETURN(VarPtr view, TensorSubscript(tx, self, key));
    ASSIGN_OR_RETURN(VarPtr r, CallTensorOp(tx, v->is_tensor() ? "copy_" : "fill_", {view, v},
                                            {}, CallStyle::kMethod,
                                            v->is_tensor() ? "copy_" : "fill_"));
    (void)r;
    return absl::OkStatus();
  }
  if (idx.size() == 1 && idx[0]->is_tensor() && idx[0]->meta.dtype == tensor::DType::kBool) {
    // x[mask] = value with a mask of x's shape: masked_fill_ (same elements, same order).
    if (idx[0]->meta.sizes != self->meta.sizes || idx[0]->meta.is_dynamic() ||
        self->meta.is_dynamic()) {
      return unsupported("the boolean mask does not have the tensor's shape");
    }
    if (v->is_tensor() && !v->meta.sizes.empty()) {
      return unsupported("a boolean mask with a non-scalar value");
    }
    ASSIGN_OR_RETURN(VarPtr r, CallTensorOp(tx, "masked_fill_", {self, idx[0], v}, {},
                                            CallStyle::kMethod, "masked_fill_"));
    (void)r;
    return absl::OkStatus();
  }
  // Integer index tensors with ints, slices, None and one Ellipsis around them, as
  // eager's setitem does it (vm/torch/indexing.cc): the basic parts make a view of x
  // (select, slice, unsqueeze), the tensors index it by the view's dims, and index_put_
  // writes the value through the view.
  {
    int64_t specified = 0, ellipses = 0;
    bool ok = true;
    for (const VarPtr& x : idx) {
      const IndexKind k = KindOfIndex(rt, x);
      const bool int_tensor = x->is_tensor() && !x->scalar_item &&
                              x->meta.dtype != tensor::DType::kBool &&
                              !tensor::IsFloating(x->meta.dtype);
      ok = ok && (k != IndexKind::kOther || int_tensor);
      if (k == IndexKind::kInt || k == IndexKind::kSlice || int_tensor) ++specified;
      if (k == IndexKind::kEllipsis) ++ellipses;
    }
    const int64_t rank = static_cast<int64_t>(self->meta.sizes.size());
    if (ok && ellipses <= 1 && specified <= rank && !self->meta.is_dynamic()) {
      VarPtr view = self;
      std::vector<VarPtr> indices;
      int64_t dim = 0;
      for (const VarPtr& x : idx) {
        const IndexKind k = KindOfIndex(rt, x);
        if (k == IndexKind::kEllipsis) {
          dim += rank - specified;
        } else if (k == IndexKind::kOther) {  // an integer index tensor for this dim
          while (static_cast<int64_t>(indices.size()) < dim) {
            indices.push_back(MakeConstant(vm::Value::None()));
          }
          indices.push_back(x);
          ++dim;
        } else {
          ASSIGN_OR_RETURN(view, ApplyBasicIndex(tx, view, x, &dim));
        }
      }
      // A number becomes a 0-dim tensor of x's dtype; a tensor of another dtype is left
      // for index_put_ to refuse, as eager's does.
      VarPtr value = v;
      if (!v->is_tensor()) {
        ASSIGN_OR_RETURN(value, CallTensorOp(tx, "new_full",
                                             {view, MakeConstant(rt.NewTuple({})), v}, {},
                                             CallStyle::kMethod, "new_full"));
      }
      ASSIGN_OR_RETURN(VarPtr r, CallTensorOp(tx, "index_put_",
                                              {view, MakeSequence(VarKind::kList, indices), value},
                                              {}, CallStyle::kMethod, "index_put_"));
      (void)r;
      return absl::OkStatus();
    }
  }
  return unsupported("advanced indexing other than integer tensors or a boolean mask");
}


}  // namespace wick::frontend::internal
