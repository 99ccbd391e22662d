// Building reduction plans: grouping, ordering and coalescing dims.
#include "tensor/ops/reduction/internal/plan.h"

#include <algorithm>

#include "tensor/shape.h"

namespace wick::tensor::reduce_internal {
namespace {

// Sorts by input stride, largest first (stable, so ties keep the tensor's order), then
// merges neighbours where stepping the outer one equals a full sweep of the inner one.
PlanDims Coalesce(PlanDims dims) {
  std::stable_sort(dims.begin(), dims.end(),
                   [](const PlanDim& a, const PlanDim& b) { return a.in_stride > b.in_stride; });
  PlanDims out;
  for (const PlanDim& d : dims) {
    if (!out.empty()) {
      PlanDim& inner = out.back();
      // `inner` is the previous (outer) entry here; `d` is the next inner one.
      if (inner.in_stride == d.in_stride * d.size && inner.out_stride == d.out_stride * d.size) {
        inner.size *= d.size;
        inner.in_stride = d.in_stride;
        inner.out_stride = d.out_stride;
        continue;
      }
    }
    out.push_back(d);
  }
  return out;
}

}  // namespace

ReducePlan MakeReducePlan(IntSpan sizes, IntSpan in_strides, IntSpan out_strides,
                          const ReduceMask& mask) {
  ReducePlan plan;
  PlanDims kept, reduced;
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (mask[d]) {
      plan.reduce_count *= sizes[d];
      if (sizes[d] != 1) reduced.push_back({sizes[d], in_strides[d], 0});
    } else {
      plan.num_outputs *= sizes[d];
      if (sizes[d] != 1) kept.push_back({sizes[d], in_strides[d], out_strides[d]});
    }
  }
  plan.kept = Coalesce(std::move(kept));
  plan.reduced = Coalesce(std::move(reduced));
  if (plan.reduced.empty()) plan.reduced.push_back({1, 0, 0});
  plan.rows =
      !plan.kept.empty() && plan.kept.back().in_stride == 1 && plan.reduced.back().in_stride != 1;
  return plan;
}

ReducePlan MakeReducePlan(const Tensor& in, const ReduceMask& mask) {
  const Shape keep_sizes = ReducedSizes(in.sizes(), mask, /*keepdim=*/true);
  const Shape out_strides = ContiguousStrides(keep_sizes);
  return MakeReducePlan(in.sizes(), in.strides(), out_strides, mask);
}

Odometer::Odometer(absl::Span<const PlanDim> dims, int64_t start)
    : dims_(dims), idx_(dims.size(), 0) {
  for (int64_t d = static_cast<int64_t>(dims.size()) - 1; d >= 0 && start > 0; --d) {
    idx_[d] = start % dims[d].size;
    start /= dims[d].size;
    in_ += idx_[d] * dims[d].in_stride;
    out_ += idx_[d] * dims[d].out_stride;
  }
}

}  // namespace wick::tensor::reduce_internal
