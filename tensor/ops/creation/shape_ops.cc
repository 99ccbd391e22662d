// RegisterShapeOps: the view ops (view, reshape, permute, transpose, squeeze, expand,
// select, slice, split, ...) registered over views.cc, plus the groups assembled from
// join_ops.cc (cat, stack, flip, ...) and convert_ops.cc (clone, to, copy_, ...).
// A view op's meta function and kernel are the same code: views never read elements.
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/ops/creation/creation.h"
#include "tensor/ops/creation/internal/op_util.h"
#include "tensor/ops/creation/internal/registration.h"
#include "tensor/copy.h"
#include "tensor/ops/ops.h"

namespace wick::tensor {
namespace creation_internal {
namespace {

// Wraps a StatusOr<Tensor> or StatusOr<vector<Tensor>> into the registry's Value.
template <typename T>
absl::StatusOr<Value> Wrap(absl::StatusOr<T> r) {
  if (!r.ok()) return r.status();
  return Value(*std::move(r));
}

absl::StatusOr<Value> ViewOp(const OpArgs& a, bool) {
  return Wrap(View(a.tensor(0), a.int_list(1)));
}
absl::StatusOr<Value> ViewAsOp(const OpArgs& a, bool) {
  return Wrap(View(a.tensor(0), a.tensor(1).sizes()));
}
// Reshape copies when it cannot view; Clone handles meta tensors, so these serve as
// meta functions too.
absl::StatusOr<Value> ReshapeOp(const OpArgs& a, bool) {
  return Wrap(Reshape(a.tensor(0), a.int_list(1)));
}
absl::StatusOr<Value> ReshapeAsOp(const OpArgs& a, bool) {
  return Wrap(Reshape(a.tensor(0), a.tensor(1).sizes()));
}
absl::StatusOr<Value> PermuteOp(const OpArgs& a, bool) {
  return Wrap(Permute(a.tensor(0), a.int_list(1)));
}
absl::StatusOr<Value> TransposeOp(const OpArgs& a, bool) {
  return Wrap(Transpose(a.tensor(0), a.int_(1), a.int_(2)));
}

absl::StatusOr<Tensor> TImpl(const Tensor& t, absl::string_view name) {
  if (t.dim() > 2) {
    return RuntimeError(
        absl::StrCat(name, " expects a tensor with <= 2 dimensions, but self is ", t.dim(), "D"));
  }
  return Transpose(t, 0, t.dim() < 2 ? 0 : 1);
}
absl::StatusOr<Value> TOp(const OpArgs& a, bool) { return Wrap(TImpl(a.tensor(0), "t()")); }

absl::StatusOr<Value> MovedimIntOp(const OpArgs& a, bool) {
  const int64_t src[] = {a.int_(1)}, dst[] = {a.int_(2)};
  return Wrap(Movedim(a.tensor(0), src, dst));
}
absl::StatusOr<Value> MovedimListOp(const OpArgs& a, bool) {
  return Wrap(Movedim(a.tensor(0), a.int_list(1), a.int_list(2)));
}
absl::StatusOr<Value> UnsqueezeOp(const OpArgs& a, bool) {
  return Wrap(Unsqueeze(a.tensor(0), a.int_(1)));
}
absl::StatusOr<Value> SqueezeOp(const OpArgs& a, bool) {
  return Wrap(Squeeze(a.tensor(0), std::nullopt));
}
absl::StatusOr<Value> SqueezeDimOp(const OpArgs& a, bool) {
  return Wrap(Squeeze(a.tensor(0), a.int_(1)));
}
absl::StatusOr<Value> FlattenOp(const OpArgs& a, bool) {
  return Wrap(Flatten(a.tensor(0), a.int_(1), a.int_(2)));
}
absl::StatusOr<Value> UnflattenOp(const OpArgs& a, bool) {
  return Wrap(Unflatten(a.tensor(0), a.int_(1), a.int_list(2)));
}
absl::StatusOr<Value> ExpandOp(const OpArgs& a, bool) {
  return Wrap(Expand(a.tensor(0), a.int_list(1)));
}
absl::StatusOr<Value> ExpandAsOp(const OpArgs& a, bool) {
  return Wrap(Expand(a.tensor(0), a.tensor(1).sizes()));
}
absl::StatusOr<Value> SplitOp(const OpArgs& a, bool) {
  return Wrap(Split(a.tensor(0), a.int_(1), a.int_(2)));
}
absl::StatusOr<Value> SplitSizesOp(const OpArgs& a, bool) {
  return Wrap(SplitWithSizes(a.tensor(0), a.int_list(1), a.int_(2)));
}
absl::StatusOr<Value> ChunkOp(const OpArgs& a, bool) {
  return Wrap(Chunk(a.tensor(0), a.int_(1), a.int_(2)));
}
absl::StatusOr<Value> UnbindOp(const OpArgs& a, bool) {
  return Wrap(Unbind(a.tensor(0), a.int_(1)));
}
absl::StatusOr<Value> NarrowOp(const OpArgs& a, bool) {
  return Wrap(Narrow(a.tensor(0), a.int_(1), a.int_(2), a.int_(3)));
}
absl::StatusOr<Value> SelectOp(const OpArgs& a, bool) {
  return Wrap(Select(a.tensor(0), a.int_(1), a.int_(2)));
}
absl::StatusOr<Value> SliceOp(const OpArgs& a, bool) {
  return Wrap(Slice(a.tensor(0), a.int_(1), a.optional_int(2), a.optional_int(3), a.int_(4)));
}
absl::StatusOr<Value> DiagonalOp(const OpArgs& a, bool) {
  return Wrap(Diagonal(a.tensor(0), a.int_(1), a.int_(2), a.int_(3)));
}
absl::StatusOr<Value> DetachOp(const OpArgs& a, bool) {
  Tensor d = Alias(a.tensor(0));
  d.set_requires_grad(false);
  return Value(std::move(d));
}
absl::StatusOr<Value> AliasOp(const OpArgs& a, bool) { return Value(Alias(a.tensor(0))); }

// The *_scatter ops (torch.slice_scatter, select_scatter, diagonal_scatter): a copy of
// self with src written into one view of it; functional, so that graphs (the backward
// of slicing, AOT autograd) need no in-place write into a view.
template <absl::StatusOr<Tensor> (*ViewOf)(const Tensor&, const OpArgs&)>
absl::StatusOr<Value> ScatterOp(const OpArgs& a, bool meta) {
  const Tensor& self = a.tensor(0);
  const Tensor& src = a.tensor(1);
  Tensor out = meta ? Tensor::Meta(self.sizes(), self.dtype()) : *self.CopyAs(self.dtype());
  ASSIGN_OR_RETURN(Tensor view, ViewOf(out, a));
  if (!std::equal(view.sizes().begin(), view.sizes().end(), src.sizes().begin(),
                  src.sizes().end())) {
    return RuntimeError(absl::StrCat(
        "expected src to have a size equal to the slice of self. src size = [",
        absl::StrJoin(src.sizes(), ", "), "], slice size = [", absl::StrJoin(view.sizes(), ", "),
        "]"));
  }
  if (!meta) RETURN_IF_ERROR(CopyInto(view, src));
  return Value(std::move(out));
}
absl::StatusOr<Tensor> SliceView(const Tensor& t, const OpArgs& a) {
  return Slice(t, a.int_(2), a.optional_int(3), a.optional_int(4), a.int_(5));
}
absl::StatusOr<Tensor> SelectView(const Tensor& t, const OpArgs& a) {
  return Select(t, a.int_(2), a.int_(3));
}
absl::StatusOr<Tensor> DiagonalView(const Tensor& t, const OpArgs& a) {
  return Diagonal(t, a.int_(2), a.int_(3), a.int_(4));
}

// In-place view ops (unsqueeze_, t_, ...) give self the view's geometry. The meta
// function describes the result without touching its input.
template <absl::StatusOr<Tensor> (*Compute)(const OpArgs&)>
absl::StatusOr<Value> InPlaceView(const OpArgs& a, bool meta) {
  ASSIGN_OR_RETURN(Tensor v, Compute(a));
  if (meta) return Value(std::move(v));
  Tensor self = a.tensor(0);
  self.SetGeometry(v.sizes(), v.strides(), v.storage_offset());
  return Value(std::move(self));
}
absl::StatusOr<Tensor> UnsqueezeOf(const OpArgs& a) { return Unsqueeze(a.tensor(0), a.int_(1)); }
absl::StatusOr<Tensor> SqueezeOf(const OpArgs& a) { return Squeeze(a.tensor(0), std::nullopt); }
absl::StatusOr<Tensor> SqueezeDimOf(const OpArgs& a) { return Squeeze(a.tensor(0), a.int_(1)); }
absl::StatusOr<Tensor> TOf(const OpArgs& a) { return TImpl(a.tensor(0), "t_()"); }
absl::StatusOr<Tensor> TransposeOf(const OpArgs& a) {
  return Transpose(a.tensor(0), a.int_(1), a.int_(2));
}

}  // namespace

absl::Status RegisterViewOps(OpRegistry& r) {
  const OpFlags kBoth{.function = true, .method = true};
  const OpFlags kMethod{.function = false, .method = true};
  struct Entry {
    const char* schema;
    OpImpl impl;
    OpFlags flags;
  };
  const Entry entries[] = {
      {"view(Tensor(a) self, int[] size) -> Tensor(a)", ViewOp, kMethod},
      {"view_as(Tensor(a) self, Tensor other) -> Tensor(a)", ViewAsOp, kMethod},
      {"reshape(Tensor(a) self, int[] shape) -> Tensor(a)", ReshapeOp, kBoth},
      {"reshape_as(Tensor(a) self, Tensor other) -> Tensor(a)", ReshapeAsOp, kMethod},
      {"permute(Tensor(a) self, int[] dims) -> Tensor(a)", PermuteOp, kBoth},
      {"transpose.int(Tensor(a) self, int dim0, int dim1) -> Tensor(a)", TransposeOp, kBoth},
      {"swapaxes(Tensor(a) self, int axis0, int axis1) -> Tensor(a)", TransposeOp, kBoth},
      {"swapdims(Tensor(a) self, int dim0, int dim1) -> Tensor(a)", TransposeOp, kBoth},
      {"t(Tensor(a) self) -> Tensor(a)", TOp, kBoth},
      {"movedim.int(Tensor(a) self, int source, int destination) -> Tensor(a)", MovedimIntOp,
       kBoth},
      {"movedim.intlist(Tensor(a) self, int[] source, int[] destination) -> Tensor(a)",
       MovedimListOp, kBoth},
      {"moveaxis.int(Tensor(a) self, int source, int destination) -> Tensor(a)", MovedimIntOp,
       kBoth},
      {"moveaxis.intlist(Tensor(a) self, int[] source, int[] destination) -> Tensor(a)",
       MovedimListOp, kBoth},
      {"unsqueeze(Tensor(a) self, int dim) -> Tensor(a)", UnsqueezeOp, kBoth},
      {"squeeze(Tensor(a) self) -> Tensor(a)", SqueezeOp, kBoth},
      {"squeeze.dim(Tensor(a) self, int dim) -> Tensor(a)", SqueezeDimOp, kBoth},
      {"flatten.using_ints(Tensor(a) self, int start_dim=0, int end_dim=-1) -> Tensor(a)",
       FlattenOp, kBoth},
      {"unflatten.int(Tensor(a) self, int dim, int[] sizes) -> Tensor(a)", UnflattenOp, kBoth},
      {"expand(Tensor(a) self, int[] size, *, bool implicit=False) -> Tensor(a)", ExpandOp,
       kMethod},
      {"expand_as(Tensor(a) self, Tensor other) -> Tensor(a)", ExpandAsOp, kMethod},
      {"split.Tensor(Tensor(a) self, int split_size, int dim=0) -> Tensor(a)[]", SplitOp, kBoth},
      {"split.sizes(Tensor(a) self, int[] split_size, int dim=0) -> Tensor(a)[]", SplitSizesOp,
       kBoth},
      {"split_with_sizes(Tensor(a) self, int[] split_sizes, int dim=0) -> Tensor(a)[]",
       SplitSizesOp, kBoth},
      {"chunk(Tensor(a) self, int chunks, int dim=0) -> Tensor(a)[]", ChunkOp, kBoth},
      {"unbind.int(Tensor(a) self, int dim=0) -> Tensor(a)[]", UnbindOp, kBoth},
      {"narrow(Tensor(a) self, int dim, int start, int length) -> Tensor(a)", NarrowOp, kBoth},
      {"select.int(Tensor(a) self, int dim, int index) -> Tensor(a)", SelectOp, kBoth},
      {"slice.Tensor(Tensor(a) self, int dim=0, int? start=None, int? end=None, int step=1) -> "
       "Tensor(a)",
       SliceOp, kBoth},
      {"diagonal(Tensor(a) self, int offset=0, int dim1=0, int dim2=1) -> Tensor(a)", DiagonalOp,
       kBoth},
      {"slice_scatter(Tensor self, Tensor src, int dim=0, int? start=None, int? end=None, "
       "int step=1) -> Tensor",
       ScatterOp<SliceView>, kBoth},
      {"select_scatter(Tensor self, Tensor src, int dim, int index) -> Tensor",
       ScatterOp<SelectView>, kBoth},
      {"diagonal_scatter(Tensor self, Tensor src, int offset=0, int dim1=0, int dim2=1) -> "
       "Tensor",
       ScatterOp<DiagonalView>, kBoth},
      {"detach(Tensor(a) self) -> Tensor(a)", DetachOp, kBoth},
      {"alias(Tensor(a) self) -> Tensor(a)", AliasOp, kBoth},
      {"unsqueeze_(Tensor(a!) self, int dim) -> Tensor(a!)", InPlaceView<UnsqueezeOf>, kMethod},
      {"squeeze_(Tensor(a!) self) -> Tensor(a!)", InPlaceView<SqueezeOf>, kMethod},
      {"squeeze_.dim(Tensor(a!) self, int dim) -> Tensor(a!)", InPlaceView<SqueezeDimOf>, kMethod},
      {"t_(Tensor(a!) self) -> Tensor(a!)", InPlaceView<TOf>, kMethod},
      {"transpose_(Tensor(a!) self, int dim0, int dim1) -> Tensor(a!)", InPlaceView<TransposeOf>,
       kMethod},
  };
  for (const Entry& e : entries) RETURN_IF_ERROR(RegisterOp(r, e.schema, e.impl, e.flags));
  return absl::OkStatus();
}

}  // namespace creation_internal

namespace ops {

absl::Status RegisterShapeOps(OpRegistry& r) {
  RETURN_IF_ERROR(creation_internal::RegisterViewOps(r));
  RETURN_IF_ERROR(creation_internal::RegisterCopyingShapeOps(r));
  return creation_internal::RegisterConversionOps(r);
}

}  // namespace ops
}  // namespace wick::tensor
