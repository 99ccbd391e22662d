// Copies and conversions: clone, contiguous, to(dtype)/float()/long()/..., type_as, and
// the in-place writers copy_, fill_, zero_. New tensors keep the input's layout the way
// PyTorch's preserve_format does (creation_internal::PreserveStrides).
#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/copy.h"
#include "tensor/ops/creation/creation.h"
#include "tensor/ops/creation/internal/op_util.h"
#include "tensor/ops/creation/internal/registration.h"
#include "tensor/shape.h"

namespace wick::tensor {

absl::StatusOr<Tensor> Clone(const Tensor& t, bool contiguous) {
  const Shape strides =
      contiguous ? ContiguousStrides(t.sizes()) : creation_internal::PreserveStrides(t);
  ASSIGN_OR_RETURN(Tensor out,
                   creation_internal::NewTensor(t.sizes(), strides, t.dtype(), t.is_meta()));
  if (!t.is_meta()) RETURN_IF_ERROR(CopyInto(out, t));
  return out;
}

absl::StatusOr<Tensor> ToDType(const Tensor& t, DType dtype, bool copy) {
  if (dtype == t.dtype() && !copy) return t;
  ASSIGN_OR_RETURN(Tensor out,
                   creation_internal::NewTensor(t.sizes(), creation_internal::PreserveStrides(t),
                                                dtype, t.is_meta()));
  if (!t.is_meta()) RETURN_IF_ERROR(CopyInto(out, t));
  return out;
}

absl::Status CopyInPlace(const Tensor& dst, const Tensor& src) {
  ASSIGN_OR_RETURN(Shape b, BroadcastShapes(dst.sizes(), src.sizes()));
  if (IntSpan(b) != dst.sizes()) {
    return RuntimeError(absl::StrCat("output with shape ", ShapeToString(dst.sizes()),
                                     " doesn't match the broadcast shape ", ShapeToString(b)));
  }
  if (dst.is_meta() || src.is_meta()) return absl::OkStatus();
  if (!dst.is_same(src)) {
    Tensor from = src;
    // Reading and writing the same memory in a different order would see half-written
    // values: copy through a temporary (what PyTorch's overlap check guards against).
    if (src.shares_storage(dst)) {
      ASSIGN_OR_RETURN(from, Clone(src, /*contiguous=*/true));
    }
    RETURN_IF_ERROR(CopyInto(dst, from));
  }
  dst.bump_version();
  return absl::OkStatus();
}

absl::Status FillInPlace(const Tensor& t, const Scalar& value) {
  RETURN_IF_ERROR(creation_internal::CheckScalarFits(value, t.dtype()));
  if (t.is_meta()) return absl::OkStatus();
  creation_internal::FillTensor(t, value);
  t.bump_version();
  return absl::OkStatus();
}

namespace creation_internal {
namespace {

template <typename T>
absl::StatusOr<Value> Wrap(absl::StatusOr<T> r) {
  if (!r.ok()) return r.status();
  return Value(*std::move(r));
}

absl::StatusOr<Value> CloneOp(const OpArgs& a, bool) {
  return Wrap(Clone(a.tensor(0), WantsContiguous(a[1])));
}

absl::StatusOr<Value> ContiguousOp(const OpArgs& a, bool) {
  const Tensor& t = a.tensor(0);
  if (t.is_contiguous()) return Value(t);
  return Wrap(Clone(t, /*contiguous=*/true));
}

absl::StatusOr<Value> IsContiguousOp(const OpArgs& a, bool) {
  return Value(a.tensor(0).is_contiguous());
}

// to(dtype, non_blocking, copy, memory_format) from argument `i` on; `dtype` may be
// unset (to(device) keeps the dtype).
absl::StatusOr<Value> ToImpl(const Tensor& t, std::optional<DType> dtype, bool copy,
                             const Value& memory_format) {
  const DType dt = dtype.value_or(t.dtype());
  if (WantsContiguous(memory_format) && !t.is_contiguous()) {
    ASSIGN_OR_RETURN(Tensor c, Clone(t, /*contiguous=*/true));
    return Wrap(ToDType(c, dt, /*copy=*/false));
  }
  return Wrap(ToDType(t, dt, copy));
}
absl::StatusOr<Value> ToDTypeOp(const OpArgs& a, bool) {
  return ToImpl(a.tensor(0), a.optional_dtype(1), a.bool_(3), a[4]);
}
absl::StatusOr<Value> ToDeviceOp(const OpArgs& a, bool) {
  return ToImpl(a.tensor(0), a.optional_dtype(2), a.bool_(4), a[5]);
}
absl::StatusOr<Value> ToOtherOp(const OpArgs& a, bool) {
  return ToImpl(a.tensor(0), a.tensor(1).dtype(), a.bool_(3), a[4]);
}
absl::StatusOr<Value> TypeAsOp(const OpArgs& a, bool) {
  return Wrap(ToDType(a.tensor(0), a.tensor(1).dtype()));
}
template <DType kTo>
absl::StatusOr<Value> CastOp(const OpArgs& a, bool) {
  return Wrap(ToDType(a.tensor(0), kTo));
}

// The in-place writers' meta functions validate and return self, never writing.
absl::StatusOr<Value> CopyOp(const OpArgs& a, bool meta) {
  if (meta) {
    Tensor dst = Tensor::MetaStrided(a.tensor(0).sizes(), a.tensor(0).strides(), DType::kBool);
    RETURN_IF_ERROR(CopyInPlace(dst, Tensor::Meta(a.tensor(1).sizes(), DType::kBool)));
    return a[0];
  }
  RETURN_IF_ERROR(CopyInPlace(a.tensor(0), a.tensor(1)));
  return a[0];
}

absl::StatusOr<Value> FillScalarOp(const OpArgs& a, bool meta) {
  if (meta) {
    RETURN_IF_ERROR(CheckScalarFits(a.scalar(1), a.tensor(0).dtype()));
    return a[0];
  }
  RETURN_IF_ERROR(FillInPlace(a.tensor(0), a.scalar(1)));
  return a[0];
}

absl::StatusOr<Value> FillTensorOp(const OpArgs& a, bool meta) {
  const Tensor& v = a.tensor(1);
  if (v.dim() != 0) {
    return RuntimeError(
        absl::StrCat("fill_ only supports 0-dimension value tensor but got tensor with ", v.dim(),
                     " dimensions."));
  }
  if (meta || v.is_meta()) return a[0];
  ASSIGN_OR_RETURN(Scalar s, v.Item());
  RETURN_IF_ERROR(FillInPlace(a.tensor(0), s));
  return a[0];
}

absl::StatusOr<Value> ZeroOp(const OpArgs& a, bool meta) {
  if (meta) return a[0];
  RETURN_IF_ERROR(FillInPlace(a.tensor(0), Scalar(int64_t{0})));
  return a[0];
}

}  // namespace

absl::Status RegisterConversionOps(OpRegistry& r) {
  const OpFlags kBoth{.function = true, .method = true};
  const OpFlags kMethod{.function = false, .method = true};
  struct Entry {
    const char* schema;
    OpImpl impl;
    OpFlags flags;
  };
  const Entry entries[] = {
      {"clone(Tensor self, *, MemoryFormat? memory_format=None) -> Tensor", CloneOp, kBoth},
      {"contiguous(Tensor(a) self, *, MemoryFormat? memory_format=None) -> Tensor(a)", ContiguousOp,
       kMethod},
      {"is_contiguous(Tensor self, *, MemoryFormat? memory_format=None) -> bool", IsContiguousOp,
       kMethod},
      {"to.dtype(Tensor(a) self, ScalarType dtype, bool non_blocking=False, bool copy=False, "
       "MemoryFormat? memory_format=None) -> Tensor(a)",
       ToDTypeOp, kMethod},
      {"to.device(Tensor(a) self, Device? device=None, ScalarType? dtype=None, bool "
       "non_blocking=False, bool copy=False, MemoryFormat? memory_format=None) -> Tensor(a)",
       ToDeviceOp, kMethod},
      {"to.other(Tensor(a) self, Tensor other, bool non_blocking=False, bool copy=False, "
       "MemoryFormat? memory_format=None) -> Tensor(a)",
       ToOtherOp, kMethod},
      {"type_as(Tensor(a) self, Tensor other) -> Tensor(a)", TypeAsOp, kMethod},
      {"float(Tensor(a) self) -> Tensor(a)", CastOp<DType::kFloat32>, kMethod},
      {"double(Tensor(a) self) -> Tensor(a)", CastOp<DType::kFloat64>, kMethod},
      {"long(Tensor(a) self) -> Tensor(a)", CastOp<DType::kInt64>, kMethod},
      {"int(Tensor(a) self) -> Tensor(a)", CastOp<DType::kInt32>, kMethod},
      {"bool(Tensor(a) self) -> Tensor(a)", CastOp<DType::kBool>, kMethod},
      {"copy_(Tensor(a!) self, Tensor src, bool non_blocking=False) -> Tensor(a!)", CopyOp,
       kMethod},
      {"fill_.Scalar(Tensor(a!) self, Scalar value) -> Tensor(a!)", FillScalarOp, kBoth},
      {"fill_.Tensor(Tensor(a!) self, Tensor value) -> Tensor(a!)", FillTensorOp, kBoth},
      {"zero_(Tensor(a!) self) -> Tensor(a!)", ZeroOp, kBoth},
  };
  for (const Entry& e : entries) RETURN_IF_ERROR(RegisterOp(r, e.schema, e.impl, e.flags));
  return absl::OkStatus();
}

}  // namespace creation_internal
}  // namespace wick::tensor
