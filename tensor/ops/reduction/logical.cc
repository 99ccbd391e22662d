// all, any and count_nonzero: reductions of "x != 0" (NaN counts as non-zero).
#include "base/status_macros.h"
#include "tensor/ops/reduction/internal/dims.h"
#include "tensor/ops/reduction/internal/fold_kernel.h"
#include "tensor/ops/reduction/reduction.h"

namespace wick::tensor {

using reduce_internal::AddOp;
using reduce_internal::CastTo;
using reduce_internal::ElemOf;
using reduce_internal::Fold;
using reduce_internal::MakeReducedOutput;
using reduce_internal::MapNonzero;
using reduce_internal::MaxOp;
using reduce_internal::MinOp;
using reduce_internal::Positive;
using reduce_internal::ReduceMask;
using reduce_internal::ResolveDim;
using reduce_internal::ResolveDims;
using reduce_internal::SumAcc;

namespace {

// all = min over (x != 0), any = max over it, both in the element type so that the
// vector loops apply unchanged.
template <typename Op>
absl::StatusOr<Tensor> AllAny(const Tensor& self, std::optional<int64_t> dim, bool keepdim) {
  ReduceMask mask(self.dim(), true);
  if (dim) {
    ASSIGN_OR_RETURN(mask, ResolveDim(*dim, self.dim()));
  }
  ASSIGN_OR_RETURN(Tensor out, MakeReducedOutput(self, mask, keepdim, DType::kBool));
  if (self.is_meta()) return out;
  VisitDType(self.dtype(), [&]<typename T>() {
    using S = ElemOf<T>;
    Fold<T, bool, S, Op>(self, mask, out, MapNonzero{}, Positive{});
  });
  return out;
}

}  // namespace

absl::StatusOr<Tensor> All(const Tensor& self, std::optional<int64_t> dim, bool keepdim) {
  return AllAny<MinOp>(self, dim, keepdim);
}

absl::StatusOr<Tensor> Any(const Tensor& self, std::optional<int64_t> dim, bool keepdim) {
  return AllAny<MaxOp>(self, dim, keepdim);
}

absl::StatusOr<Tensor> CountNonzero(const Tensor& self, OptDims dims) {
  ASSIGN_OR_RETURN(ReduceMask mask, ResolveDims(dims, self.dim()));
  ASSIGN_OR_RETURN(Tensor out, MakeReducedOutput(self, mask, false, DType::kInt64));
  if (self.is_meta()) return out;
  VisitDType(self.dtype(), [&]<typename T>() {
    // Floats count in double (exact below 2^53) so that the test x != 0 happens before
    // any conversion; integers count in int64.
    using A = SumAcc<ElemOf<T>>;
    Fold<T, int64_t, A, AddOp>(self, mask, out, MapNonzero{}, CastTo<int64_t>{});
  });
  return out;
}

}  // namespace wick::tensor
