// Tensor subscripts, following PyTorch's applySlicing (torch/csrc/autograd/
// python_variable_indexing.cpp): ints select, slices slice, None unsqueezes, Ellipsis
// skips the unspecified dims, and integer/bool tensors (or lists) are collected and
// applied last by one advanced `index` (reads) or `index_put_` (writes). Writes without
// advanced indices copy (or fill) into the view.
#include <utility>

#include "absl/strings/str_cat.h"
#include "tensor/autograd/autograd.h"
#include "tensor/ops/creation/creation.h"
#include "vm/objects/internal/objects_internal.h"
#include "vm/protocol.h"
#include "vm/torch/internal.h"

namespace wick::vm::torch {
namespace {

using tensor::Tensor;

bool IsSequence(Runtime& rt, const Value& v) {
  return rt.IsList(v) || rt.IsInstance(v, rt.types().tuple);
}

// PyTorch (like NumPy before 1.23) treats a short list holding slices, None, Ellipsis,
// sequences or tensors as a tuple of indices: x[[[0, 1], [2, 3]]] == x[[0, 1], [2, 3]].
bool TreatListAsTuple(Runtime& rt, const Value& key) {
  if (!rt.IsList(key)) return false;
  const std::vector<Value>& items = internal::ListItems(key);
  if (items.size() >= 32) return false;
  for (const Value& x : items) {
    if (x.is_none() || x.Is(rt.Ellipsis()) || IsTensor(rt, x) || IsSequence(rt, x) ||
        rt.TypeOf(x) == rt.types().slice) {
      return true;
    }
  }
  return false;
}

std::vector<Value> IndexItems(Runtime& rt, const Value& key) {
  if (rt.IsInstance(key, rt.types().tuple) && !IsSize(rt, key)) return internal::TupleItems(key);
  if (TreatListAsTuple(rt, key)) return internal::ListItems(key);
  return {key};
}

bool IsIntegerScalarTensor(Runtime& rt, const Value& v) {
  if (!IsTensor(rt, v)) return false;
  const Tensor& t = TensorOf(v);
  return t.dim() == 0 && tensor::IsIntegral(t.dtype(), /*include_bool=*/false);
}

// An optional slice bound: None, an int, or anything with __index__.
bool SliceBound(Runtime& rt, const Value& v, std::optional<int64_t>* out) {
  if (v.is_none()) return true;
  int64_t i;
  if (!AsIndex(rt, v, &i,
               "slice indices must be integers or None or have an __index__ method")) {
    return false;
  }
  *out = i;
  return true;
}

// The result of the basic part of a subscript plus the advanced indices still to apply.
struct Sliced {
  Tensor view;
  std::vector<Tensor> indices;  // one per dim of `view` up to the last indexed one
};

bool Fail(Runtime& rt, const absl::Status& s) {
  rt.RaiseStatus(s);
  return false;
}

// Records an advanced index for dim `dim` of the view.
void AddIndex(std::vector<Tensor>* indices, int64_t dim, Tensor index) {
  if (static_cast<int64_t>(indices->size()) < dim) indices->resize(dim);
  indices->push_back(std::move(index));
}

// Subscripts check the index themselves, with a message of their own (applySelect).
bool CheckSelectIndex(Runtime& rt, const Tensor& t, int64_t dim, int64_t i) {
  if (t.dim() == 0) {
    rt.Raise(rt.exc().index_error,
             "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
             "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number");
    return false;
  }
  const int64_t n = t.size(dim);
  if (i < -n || i >= n) {
    rt.Raise(rt.exc().index_error, absl::StrCat("index ", i, " is out of bounds for dimension ",
                                                dim, " with size ", n));
    return false;
  }
  return true;
}

bool ApplySlicing(Runtime& rt, const Tensor& self, const Value& key, Sliced* out) {
  std::vector<Value> items = IndexItems(rt, key);
  int64_t specified = 0;
  for (const Value& x : items) {
    if (x.is_none() || x.Is(rt.Ellipsis()) || x.is_bool()) continue;
    if (IsTensor(rt, x) && TensorOf(x).dtype() == tensor::DType::kBool) {
      specified += TensorOf(x).dim();
    } else {
      ++specified;
    }
  }
  if (specified > self.dim()) {
    rt.Raise(rt.exc().index_error,
             absl::StrCat("too many indices for tensor of dimension ", self.dim()));
    return false;
  }
  Tensor result = self;
  int64_t dim = 0;
  // With grad mode on and self requiring grad, the views are recorded registry calls.
  const bool record = tensor::autograd::GradModeEnabled() && self.requires_grad();
  for (const Value& x : items) {
    if (x.is_int() || IsIntegerScalarTensor(rt, x)) {
      int64_t i = x.is_int() ? x.as_int() : TensorOf(x).ElementAt(0).to_int();
      if (!CheckSelectIndex(rt, result, dim, i)) return false;
      absl::StatusOr<Tensor> r = record
                                     ? tensor::autograd::CallT("select", {result, dim, i})
                                     : tensor::Select(result, dim, i);
      if (!r.ok()) return Fail(rt, r.status());
      result = *std::move(r);
    } else if (rt.TypeOf(x) == rt.types().slice) {
      const Slice& s = *x.as<Slice>();
      std::optional<int64_t> start, stop, step;
      if (!SliceBound(rt, s.start, &start) || !SliceBound(rt, s.stop, &stop) ||
          !SliceBound(rt, s.step, &step)) {
        return false;
      }
      absl::StatusOr<Tensor> r =
          record ? tensor::autograd::CallT(
                       "slice", {result, dim, start ? tensor::Value(*start) : tensor::Value(),
                                 stop ? tensor::Value(*stop) : tensor::Value(),
                                 step.value_or(1)})
                 : tensor::Slice(result, dim, start, stop, step.value_or(1));
      if (!r.ok()) return Fail(rt, r.status());
      result = *std::move(r);
      ++dim;
    } else if (x.Is(rt.Ellipsis())) {
      dim += self.dim() - specified;
    } else if (x.is_none() || x.is_bool()) {
      absl::StatusOr<Tensor> r = record ? tensor::autograd::CallT("unsqueeze", {result, dim})
                                        : tensor::Unsqueeze(result, dim);
      if (!r.ok()) return Fail(rt, r.status());
      result = *std::move(r);
      if (x.is_bool() && !x.as_bool()) {
        // x[False]: an empty selection along the new dim.
        absl::StatusOr<Tensor> empty = tensor::Tensor::Empty({0}, tensor::DType::kInt64);
        if (!empty.ok()) return Fail(rt, empty.status());
        AddIndex(&out->indices, dim, *empty);
      }
      ++dim;
    } else if (IsTensor(rt, x)) {
      const Tensor& t = TensorOf(x);
      AddIndex(&out->indices, dim, t);
      dim += t.dtype() == tensor::DType::kBool ? t.dim() : 1;
    } else if (IsSequence(rt, x)) {
      bool raised;
      absl::StatusOr<Tensor> t = TensorFromData(rt, x, std::nullopt, &raised);
      if (raised) return false;
      if (!t.ok()) return Fail(rt, t.status());
      AddIndex(&out->indices, dim, *t);
      dim += t->dtype() == tensor::DType::kBool ? t->dim() : 1;
    } else {
      RaiseTypeName(rt,
                    "only integers, slices (`:`), ellipsis (`...`), None and long or byte "
                    "Variables are valid indices (got ",
                    x, ")");
      return false;
    }
  }
  out->view = std::move(result);
  return true;
}

// Drops the leading size-1 dims of a value being assigned (PyTorch's slicePrefix1sSize),
// so x[0] = torch.ones(1, 4) works.
Tensor StripLeadingOnes(const Tensor& v) {
  int64_t skip = 0;
  while (skip < v.dim() && v.size(skip) == 1) ++skip;
  if (skip == 0) return v;
  std::vector<int64_t> sizes(v.sizes().begin() + skip, v.sizes().end());
  std::vector<int64_t> strides(v.strides().begin() + skip, v.strides().end());
  return Tensor::View(v, sizes, strides, v.storage_offset());
}

// x[key] = v with grad mode on and x or v requiring grad: a recorded in-place write to
// the view x[key] (x's grad_fn becomes CopySlices, as in PyTorch), or index_put_ on x
// itself when the key has no basic part. `value` is a tensor, or undefined with `scalar`.
bool RecordedSetItem(Runtime& rt, const Tensor& target, const Sliced& s, Tensor value,
                     const tensor::Value& scalar) {
  namespace ag = tensor::autograd;
  if (!s.view.is_same(target)) ag::MarkView(s.view, target);
  absl::StatusOr<tensor::Value> r;
  if (s.indices.empty()) {
    if (!value.defined()) {
      r = ag::Call("fill_", {s.view, scalar});
    } else {
      // copy_to: the value must expand to the view's shape (not broadcast with it).
      absl::StatusOr<Tensor> expanded = tensor::Expand(value, s.view.sizes());
      if (!expanded.ok()) return Fail(rt, expanded.status());
      r = ag::Call("copy_", {s.view, value});
    }
  } else {
    if (!value.defined()) value = Tensor::FromScalar(scalar.to_scalar(), target.dtype());
    std::vector<Tensor> idx(s.indices.begin(), s.indices.end());
    r = ag::Call("index_put_", {s.view, tensor::Value(std::move(idx)), value, false});
  }
  return r.ok() || Fail(rt, r.status());
}

// StripLeadingOnes as a recorded view, for a value that requires grad.
absl::StatusOr<Tensor> StripLeadingOnesRecorded(const Tensor& v) {
  int64_t skip = 0;
  while (skip < v.dim() && v.size(skip) == 1) ++skip;
  if (skip == 0) return v;
  std::vector<int64_t> sizes(v.sizes().begin() + skip, v.sizes().end());
  return tensor::autograd::CallT("view", {v, tensor::Value(std::move(sizes))});
}

}  // namespace

Value TensorGetItem(Runtime& rt, const Value& self, const Value& key) {
  Sliced s;
  if (!ApplySlicing(rt, TensorOf(self), key, &s)) return Value::Raised();
  if (s.indices.empty()) {
    // x[...] and x[:] are new views, never `self` itself.
    if (s.view.is_same(TensorOf(self))) {
      if (tensor::autograd::NeedsRecording({tensor::Value(s.view)})) {
        return WrapResult(rt, tensor::autograd::CallT("alias", {s.view}));
      }
      s.view = tensor::Alias(s.view);
    }
    // A view is marked as one even when nothing requires grad (PyTorch tracks every view
    // under grad mode): an in-place op that writes a value requiring grad through it
    // (zeros(2, 3)[:, 1:].copy_(x)) must rewrite self's history.
    if (tensor::autograd::GradModeEnabled()) {
      tensor::autograd::MarkView(s.view, TensorOf(self));
    }
    return WrapTensor(rt, std::move(s.view));
  }
  if (tensor::autograd::NeedsRecording({tensor::Value(s.view)})) {
    std::vector<Tensor> idx(s.indices.begin(), s.indices.end());
    return WrapResult(rt, tensor::autograd::CallT("index", {s.view, tensor::Value(idx)}));
  }
  return WrapResult(rt, tensor::Index(s.view, s.indices));
}

bool TensorSetItem(Runtime& rt, const Value& self, const Value& key, const Value* v) {
  if (v == nullptr) {
    rt.Raise(rt.exc().type_error, "'Tensor' object does not support item deletion");
    return false;
  }
  const Tensor& target = TensorOf(self);
  Sliced s;
  if (!ApplySlicing(rt, target, key, &s)) return false;
  Tensor value;
  const bool record =
      tensor::autograd::GradModeEnabled() &&
      (target.requires_grad() || (IsTensor(rt, *v) && TensorOf(*v).requires_grad()));
  if (record) {
    tensor::Value scalar;
    if (IsTensor(rt, *v)) {
      absl::StatusOr<Tensor> stripped = StripLeadingOnesRecorded(TensorOf(*v));
      if (!stripped.ok()) return Fail(rt, stripped.status());
      value = *std::move(stripped);
    } else if (v->is_int_like() || v->is_float()) {
      if (!ToTensorValue(rt, *v, &scalar)) return false;
    } else {
      RaiseTypeName(rt, "can't assign a ", *v, " to a Tensor");
      return false;
    }
    return RecordedSetItem(rt, target, s, std::move(value), scalar);
  }
  if (IsTensor(rt, *v)) {
    value = StripLeadingOnes(TensorOf(*v));
  } else if (v->is_int_like() || v->is_float()) {
    tensor::Value tv;
    if (!ToTensorValue(rt, *v, &tv)) return false;
    if (s.indices.empty()) {
      absl::Status st = tensor::FillInPlace(s.view, tv.to_scalar());
      if (st.ok()) target.bump_version();
      return st.ok() || Fail(rt, st);
    }
    value = Tensor::FromScalar(tv.to_scalar(), target.dtype());
  } else {
    RaiseTypeName(rt, "can't assign a ", *v, " to a Tensor");
    return false;
  }
  if (s.indices.empty()) {
    // copy_to: the value must expand to the view's shape (not broadcast with it).
    absl::StatusOr<Tensor> expanded = tensor::Expand(value, s.view.sizes());
    if (!expanded.ok()) return Fail(rt, expanded.status());
    value = *std::move(expanded);
  }
  absl::Status st = s.indices.empty()
                        ? tensor::CopyInPlace(s.view, value)
                        : tensor::IndexPutInPlace(s.view, s.indices, value, false);
  if (st.ok()) target.bump_version();
  return st.ok() || Fail(rt, st);
}

}  // namespace wick::vm::torch
