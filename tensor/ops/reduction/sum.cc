// sum, mean and prod: folds with an identity, so reducing nothing is fine (0, nan, 1).
#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/ops/reduction/internal/dims.h"
#include "tensor/ops/reduction/internal/fold_kernel.h"
#include "tensor/ops/reduction/reduction.h"

namespace wick::tensor {

using reduce_internal::AddOp;
using reduce_internal::CastTo;
using reduce_internal::DivideBy;
using reduce_internal::ElemOf;
using reduce_internal::Fold;
using reduce_internal::MakeReducedOutput;
using reduce_internal::MapIdentity;
using reduce_internal::ProdOp;
using reduce_internal::ReducedCount;
using reduce_internal::ReduceMask;
using reduce_internal::ResolveDim;
using reduce_internal::ResolveDims;
using reduce_internal::SumAcc;

namespace {

// Sums `in` into `out`: out's dtype is in's own or int64 (the integer/bool default).
// Mean divides in the output dtype after rounding the sum, like PyTorch's sum().div_().
void SumInto(const Tensor& in, const ReduceMask& mask, const Tensor& out, bool mean) {
  const int64_t count = ReducedCount(in.sizes(), mask);
  VisitDType(in.dtype(), [&]<typename T>() {
    using A = SumAcc<ElemOf<T>>;
    if constexpr (std::is_floating_point_v<T>) {
      if (mean) {
        Fold<T, T, A, AddOp>(in, mask, out, MapIdentity{}, DivideBy<T>{count});
      } else {
        Fold<T, T, A, AddOp>(in, mask, out, MapIdentity{}, CastTo<T>{});
      }
    } else if (out.dtype() == DType::kInt64) {
      Fold<T, int64_t, A, AddOp>(in, mask, out, MapIdentity{}, CastTo<int64_t>{});
    } else {  // sum(dtype=int32/bool) of an input already converted to that dtype.
      Fold<T, T, A, AddOp>(in, mask, out, MapIdentity{}, CastTo<T>{});
    }
  });
}

DType SumDType(DType in, std::optional<DType> dtype) {
  if (dtype) return *dtype;
  return IsIntegral(in, /*include_bool=*/true) ? DType::kInt64 : in;
}

// The input converted to the requested dtype (PyTorch converts before reducing).
absl::StatusOr<Tensor> Converted(const Tensor& self, std::optional<DType> dtype) {
  if (!dtype || *dtype == self.dtype()) return self;
  return self.CopyAs(*dtype);
}

}  // namespace

absl::StatusOr<Tensor> Sum(const Tensor& self, OptDims dims, bool keepdim,
                           std::optional<DType> dtype) {
  ASSIGN_OR_RETURN(ReduceMask mask, ResolveDims(dims, self.dim()));
  ASSIGN_OR_RETURN(Tensor out,
                   MakeReducedOutput(self, mask, keepdim, SumDType(self.dtype(), dtype)));
  if (self.is_meta()) return out;
  ASSIGN_OR_RETURN(Tensor in, Converted(self, dtype));
  SumInto(in, mask, out, /*mean=*/false);
  return out;
}

absl::StatusOr<Tensor> Mean(const Tensor& self, OptDims dims, bool keepdim,
                            std::optional<DType> dtype) {
  if (dtype && !IsFloating(*dtype)) {
    return RuntimeError(absl::StrCat(
        "mean(): could not infer output dtype. Optional dtype must be either a floating "
        "point or complex dtype. Got: ",
        ScalarTypeName(*dtype)));
  }
  if (!dtype && !IsFloating(self.dtype())) {
    return RuntimeError(absl::StrCat(
        "mean(): could not infer output dtype. Input dtype must be either a floating point "
        "or complex dtype. Got: ",
        ScalarTypeName(self.dtype())));
  }
  ASSIGN_OR_RETURN(ReduceMask mask, ResolveDims(dims, self.dim()));
  ASSIGN_OR_RETURN(Tensor out,
                   MakeReducedOutput(self, mask, keepdim, dtype.value_or(self.dtype())));
  if (self.is_meta()) return out;
  ASSIGN_OR_RETURN(Tensor in, Converted(self, dtype));
  SumInto(in, mask, out, /*mean=*/true);
  return out;
}

absl::StatusOr<Tensor> Prod(const Tensor& self, std::optional<int64_t> dim, bool keepdim,
                            std::optional<DType> dtype) {
  ReduceMask mask(self.dim(), true);
  if (dim) {
    ASSIGN_OR_RETURN(mask, ResolveDim(*dim, self.dim()));
  }
  const DType out_dtype = SumDType(self.dtype(), dtype);
  ASSIGN_OR_RETURN(Tensor out, MakeReducedOutput(self, mask, keepdim, out_dtype));
  if (self.is_meta()) return out;
  ASSIGN_OR_RETURN(Tensor in, Converted(self, dtype));
  VisitDType(in.dtype(), [&]<typename T>() {
    if constexpr (std::is_floating_point_v<T>) {
      // Floats multiply in their own precision, as PyTorch does (over/underflow alike).
      Fold<T, T, T, ProdOp>(in, mask, out, MapIdentity{}, CastTo<T>{});
    } else if (out.dtype() == DType::kInt64) {
      Fold<T, int64_t, int64_t, ProdOp>(in, mask, out, MapIdentity{}, CastTo<int64_t>{});
    } else {
      Fold<T, T, int64_t, ProdOp>(in, mask, out, MapIdentity{}, CastTo<T>{});
    }
  });
  return out;
}

}  // namespace wick::tensor
