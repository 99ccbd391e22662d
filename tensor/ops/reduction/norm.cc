// Vector norms (torch.norm with a numeric p, torch.linalg.vector_norm) and the Frobenius
// norm that torch.norm's default p='fro' selects.
#include <algorithm>
#include <cmath>
#include <limits>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/ops/reduction/internal/dims.h"
#include "tensor/ops/reduction/internal/fold_kernel.h"
#include "tensor/ops/reduction/reduction.h"
#include "tensor/shape.h"

namespace wick::tensor {

using reduce_internal::AddOp;
using reduce_internal::CastTo;
using reduce_internal::Fold;
using reduce_internal::MakeReducedOutput;
using reduce_internal::MapAbs;
using reduce_internal::MapAbsPow;
using reduce_internal::MapNonzero;
using reduce_internal::MapSquare;
using reduce_internal::MaxOp;
using reduce_internal::MinOp;
using reduce_internal::ReducedCount;
using reduce_internal::ReduceMask;
using reduce_internal::ResolveDims;
using reduce_internal::RootOf;
using reduce_internal::SqrtOf;

absl::StatusOr<Tensor> VectorNorm(const Tensor& self, double p, OptDims dims, bool keepdim,
                                  std::optional<DType> dtype) {
  if (dtype && !IsFloating(*dtype)) {
    return RuntimeError(absl::StrCat(
        "norm(): the desired output dtype should be either floating point or complex. Got ",
        ScalarTypeName(*dtype), " instead."));
  }
  if (!dtype && !IsFloating(self.dtype())) {
    return RuntimeError(
        absl::StrCat("norm(): input dtype should be either floating point or complex. Got ",
                     ScalarTypeName(self.dtype()), " instead."));
  }
  ASSIGN_OR_RETURN(ReduceMask mask, ResolveDims(dims, self.dim()));
  ASSIGN_OR_RETURN(Tensor out,
                   MakeReducedOutput(self, mask, keepdim, dtype.value_or(self.dtype())));
  if (self.is_meta()) return out;
  Tensor in = self;
  if (dtype && *dtype != self.dtype()) {
    ASSIGN_OR_RETURN(in, self.CopyAs(*dtype));
  }
  const bool empty = ReducedCount(in.sizes(), mask) == 0;
  constexpr double kInf = std::numeric_limits<double>::infinity();
  VisitDType(in.dtype(), [&]<typename T>() {
    if constexpr (std::is_floating_point_v<T>) {
      if (empty) {
        // Every p-norm of nothing is 0 in PyTorch (even p = -inf, whose fold would be inf).
        std::fill(out.data<T>(), out.data<T>() + out.numel(), T(0));
      } else if (p == 2) {
        Fold<T, T, double, AddOp>(in, mask, out, MapSquare{}, SqrtOf<T>{});
      } else if (p == 1) {
        Fold<T, T, double, AddOp>(in, mask, out, MapAbs{}, CastTo<T>{});
      } else if (p == kInf) {
        Fold<T, T, T, MaxOp>(in, mask, out, MapAbs{}, CastTo<T>{});
      } else if (p == -kInf) {
        Fold<T, T, T, MinOp>(in, mask, out, MapAbs{}, CastTo<T>{});
      } else if (p == 0) {
        Fold<T, T, double, AddOp>(in, mask, out, MapNonzero{}, CastTo<T>{});
      } else {
        Fold<T, T, double, AddOp>(in, mask, out, MapAbsPow{p}, RootOf<T>{1.0 / p});
      }
    }
  });
  return out;
}

absl::StatusOr<Tensor> FrobeniusNorm(const Tensor& self, OptDims dims, bool keepdim) {
  if (dims && dims->size() > 2) {
    return RuntimeError(absl::StrCat("Expected at most 2 dimensions, but got ", dims->size(),
                                     " dimensions instead."));
  }
  if (dims && dims->size() == 2) {
    ASSIGN_OR_RETURN(int64_t d0, WrapDim((*dims)[0], self.dim()));
    ASSIGN_OR_RETURN(int64_t d1, WrapDim((*dims)[1], self.dim()));
    if (d0 == d1) {
      return RuntimeError(absl::StrCat("Expected dims to be different, got [",
                                       absl::StrJoin(*dims, ", "), "] instead"));
    }
  }
  return VectorNorm(self, 2, dims, keepdim, std::nullopt);
}

}  // namespace wick::tensor
