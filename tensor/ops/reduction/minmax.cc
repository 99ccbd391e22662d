// max/min (whole tensor, and along a dim with indices), amax/amin and argmax/argmin.
// NaN propagates (a NaN is the maximum and the minimum, and its index is reported), and
// ties report the first occurrence, as in PyTorch.
#include <cstring>
#include <limits>

#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/ops/reduction/internal/dims.h"
#include "tensor/ops/reduction/internal/fold_kernel.h"
#include "tensor/ops/reduction/reduction.h"
#include "tensor/shape.h"

namespace wick::tensor {

using reduce_internal::Broadcast;
using reduce_internal::CastTo;
using reduce_internal::CheckNonEmptyReduction;
using reduce_internal::CombineRun;
using reduce_internal::ElemOf;
using reduce_internal::Fold;
using reduce_internal::ForEachOutputGroup;
using reduce_internal::IsNan;
using reduce_internal::kLanes;
using reduce_internal::kRowChunk;
using reduce_internal::LaneInt;
using reduce_internal::LoadVec;
using reduce_internal::MakeOutput;
using reduce_internal::MakeReducedOutput;
using reduce_internal::MakeReducePlan;
using reduce_internal::MapIdentity;
using reduce_internal::MaxOp;
using reduce_internal::MinOp;
using reduce_internal::OutputGroup;
using reduce_internal::PlanDim;
using reduce_internal::ReducedSizes;
using reduce_internal::ReduceMask;
using reduce_internal::ReducePlan;
using reduce_internal::ResolveDim;
using reduce_internal::ResolveDims;
using reduce_internal::StoreVec;
using reduce_internal::Vec;

namespace {

template <bool kMax, typename V>
auto Better(V x, V best) {
  if constexpr (std::is_arithmetic_v<V>) {
    return (kMax ? x > best : x < best) || (IsNan(x) && !IsNan(best));
  } else {
    return (kMax ? (x > best) : (x < best)) | ((x != x) & (best == best));
  }
}

template <typename S>
bool AnyLane(Vec<LaneInt<S>> m) {
  uint64_t w[4];
  std::memcpy(w, &m, sizeof(w));
  return (w[0] | w[1] | w[2] | w[3]) != 0;
}

// Index of the first element equal to `target` (the first NaN when target is NaN).
template <typename S>
int64_t FindFirst(const S* p, int64_t n, int64_t stride, S target) {
  const bool nan = IsNan(target);
  int64_t i = 0;
  if (stride == 1) {
    constexpr int64_t kL = kLanes<S>;
    const Vec<S> t = Broadcast(target);
    for (; i + kL <= n; i += kL) {
      const Vec<S> v = LoadVec(p + i);
      if (AnyLane<S>(nan ? (v != v) : (v == t))) break;
    }
  }
  for (; i < n; ++i) {
    const S x = p[i * stride];
    if (nan ? IsNan(x) : x == target) return i;
  }
  return n - 1;  // Unreachable: target came from this run.
}

// Rows loop: vals[j]/idx[j] hold the best so far of column j; `r` is the row's index.
template <bool kMax, typename S, typename I>
void UpdateRows(S* vals, I* idx, const S* row, int64_t n, I r) {
  int64_t j = 0;
  if constexpr (sizeof(I) == sizeof(S) && !std::is_same_v<S, uint8_t>) {
    constexpr int64_t kL = kLanes<S>;
    const Vec<I> rv = Broadcast(r);
    for (; j + kL <= n; j += kL) {
      const Vec<S> x = LoadVec(row + j);
      const Vec<S> v = LoadVec(vals + j);
      const auto m = Better<kMax>(x, v);
      StoreVec(vals + j, m ? x : v);
      StoreVec(idx + j, m ? rv : LoadVec(idx + j));
    }
  }
  for (; j < n; ++j) {
    if (Better<kMax>(row[j], vals[j])) {
      vals[j] = row[j];
      idx[j] = r;
    }
  }
}

// Writes the best value (when `values` is set) and its index along the plan's single
// reduced dim for every output.
template <bool kMax, typename S, typename Out, typename I>
void ArgReduceWith(const ReducePlan& plan, const S* in, Out* values, int64_t* indices) {
  const PlanDim red = plan.reduced[0];
  if (plan.rows) {
    ForEachOutputGroup(plan, [&](const OutputGroup& g) {
      S vals[kRowChunk];
      I idx[kRowChunk];
      std::memcpy(vals, in + g.in, g.count * sizeof(S));
      std::fill(idx, idx + g.count, I{0});
      for (int64_t r = 1; r < red.size; ++r) {
        UpdateRows<kMax>(vals, idx, in + g.in + r * red.in_stride, g.count, static_cast<I>(r));
      }
      for (int64_t j = 0; j < g.count; ++j) {
        if (values) values[g.out + j * g.out_step] = static_cast<Out>(vals[j]);
        indices[g.out + j * g.out_step] = idx[j];
      }
    });
    return;
  }
  using Op = std::conditional_t<kMax, MaxOp, MinOp>;
  ForEachOutputGroup(plan, [&](const OutputGroup& g) {
    for (int64_t i = 0; i < g.count; ++i) {
      const S* p = in + g.in + i * g.in_step;
      const S best = CombineRun(p, red.size, red.in_stride, Op{}, MapIdentity{});
      if (values) values[g.out + i * g.out_step] = static_cast<Out>(best);
      indices[g.out + i * g.out_step] = FindFirst(p, red.size, red.in_stride, best);
    }
  });
}

// `in` reduced along dim `d` (its only reduced dim); `values` may be undefined.
template <bool kMax>
void ArgReduce(const Tensor& in, int64_t d, const Tensor& values, const Tensor& indices) {
  ReduceMask mask(in.dim(), false);
  if (in.dim() > 0) mask[d] = true;
  const ReducePlan plan = MakeReducePlan(in, mask);
  if (plan.num_outputs == 0) return;
  VisitDType(in.dtype(), [&]<typename T>() {
    using S = ElemOf<T>;
    const S* src = static_cast<const S*>(in.raw_data());
    T* vals = values.defined() ? values.data<T>() : nullptr;
    int64_t* idx = indices.data<int64_t>();
    // Per-lane indices have the element's width (so the rows loop vectorizes) when the
    // dim fits in them; bytes (bool) never do.
    using I = std::conditional_t<sizeof(S) >= 4, LaneInt<S>, int64_t>;
    if (plan.reduced[0].size <= std::numeric_limits<I>::max()) {
      ArgReduceWith<kMax, S, T, I>(plan, src, vals, idx);
    } else {
      ArgReduceWith<kMax, S, T, int64_t>(plan, src, vals, idx);
    }
  });
}

template <bool kMax>
absl::StatusOr<Tensor> AmaxAmin(const Tensor& self, OptDims dims, bool keepdim) {
  const char* name = kMax ? "amax" : "amin";
  ASSIGN_OR_RETURN(ReduceMask mask, ResolveDims(dims, self.dim()));
  RETURN_IF_ERROR(CheckNonEmptyReduction(name, self, dims.value_or(IntSpan()),
                                         /*wrap_in_message=*/false,
                                         /*full_hint=*/true));
  ASSIGN_OR_RETURN(Tensor out, MakeReducedOutput(self, mask, keepdim, self.dtype()));
  if (self.is_meta()) return out;
  using Op = std::conditional_t<kMax, MaxOp, MinOp>;
  VisitDType(self.dtype(), [&]<typename T>() {
    using S = ElemOf<T>;
    Fold<T, T, S, Op>(self, mask, out, MapIdentity{}, CastTo<T>{});
  });
  return out;
}

template <bool kMax>
absl::StatusOr<Tensor> MaxMinAll(const Tensor& self) {
  if (self.numel() == 0) {
    return RuntimeError(absl::StrCat(
        kMax ? "max" : "min",
        "(): Expected reduction dim to be specified for input.numel() == 0. Specify the "
        "reduction dim with the 'dim' argument."));
  }
  return AmaxAmin<kMax>(self, std::nullopt, false);
}

template <bool kMax>
absl::StatusOr<MaxResult> MaxMinDim(const Tensor& self, int64_t dim, bool keepdim) {
  ASSIGN_OR_RETURN(int64_t d, WrapDim(dim, self.dim()));
  const int64_t wrapped[] = {d};
  RETURN_IF_ERROR(CheckNonEmptyReduction(kMax ? "max" : "min", self, wrapped,
                                         /*wrap_in_message=*/true,
                                         /*full_hint=*/true));
  ASSIGN_OR_RETURN(ReduceMask mask, ResolveDim(d, self.dim()));
  const Shape sizes = ReducedSizes(self.sizes(), mask, keepdim);
  MaxResult r;
  ASSIGN_OR_RETURN(r.values, MakeOutput(self, sizes, self.dtype()));
  ASSIGN_OR_RETURN(r.indices, MakeOutput(self, sizes, DType::kInt64));
  if (!self.is_meta()) ArgReduce<kMax>(self, d, r.values, r.indices);
  return r;
}

template <bool kMax>
absl::StatusOr<Tensor> ArgMaxMin(const Tensor& self, std::optional<int64_t> dim, bool keepdim) {
  const char* name = kMax ? "argmax" : "argmin";
  if (self.dtype() == DType::kBool) {
    return RuntimeError(absl::StrCat("\"", name, "_cpu\" not implemented for 'Bool'"));
  }
  if (!dim) {
    RETURN_IF_ERROR(CheckNonEmptyReduction(name, self, {}, true, false));
    // Over the flattened tensor: keepdim gives all-ones sizes.
    const Shape sizes = keepdim ? Shape(self.dim(), 1) : Shape();
    ASSIGN_OR_RETURN(Tensor out, MakeOutput(self, sizes, DType::kInt64));
    if (self.is_meta()) return out;
    ASSIGN_OR_RETURN(Tensor flat, self.Contiguous());
    const int64_t n[] = {flat.numel()};
    const int64_t one[] = {1};
    ArgReduce<kMax>(Tensor::View(flat, n, one, flat.storage_offset()), 0, Tensor(), out);
    return out;
  }
  ASSIGN_OR_RETURN(int64_t d, WrapDim(*dim, self.dim()));
  const int64_t wrapped[] = {d};
  RETURN_IF_ERROR(CheckNonEmptyReduction(name, self, wrapped, true, false));
  ASSIGN_OR_RETURN(ReduceMask mask, ResolveDim(d, self.dim()));
  ASSIGN_OR_RETURN(Tensor out, MakeReducedOutput(self, mask, keepdim, DType::kInt64));
  if (!self.is_meta()) ArgReduce<kMax>(self, d, Tensor(), out);
  return out;
}

}  // namespace

absl::StatusOr<Tensor> Amax(const Tensor& self, OptDims dims, bool keepdim) {
  return AmaxAmin<true>(self, dims, keepdim);
}
absl::StatusOr<Tensor> Amin(const Tensor& self, OptDims dims, bool keepdim) {
  return AmaxAmin<false>(self, dims, keepdim);
}
absl::StatusOr<Tensor> MaxAll(const Tensor& self) { return MaxMinAll<true>(self); }
absl::StatusOr<Tensor> MinAll(const Tensor& self) { return MaxMinAll<false>(self); }
absl::StatusOr<MaxResult> MaxDim(const Tensor& self, int64_t dim, bool keepdim) {
  return MaxMinDim<true>(self, dim, keepdim);
}
absl::StatusOr<MaxResult> MinDim(const Tensor& self, int64_t dim, bool keepdim) {
  return MaxMinDim<false>(self, dim, keepdim);
}
absl::StatusOr<Tensor> Argmax(const Tensor& self, std::optional<int64_t> dim, bool keepdim) {
  return ArgMaxMin<true>(self, dim, keepdim);
}
absl::StatusOr<Tensor> Argmin(const Tensor& self, std::optional<int64_t> dim, bool keepdim) {
  return ArgMaxMin<false>(self, dim, keepdim);
}

}  // namespace wick::tensor
