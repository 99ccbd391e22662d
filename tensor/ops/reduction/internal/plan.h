// ReducePlan: how a reduction walks its input. The input's dims are split into kept and
// reduced groups, each sorted by input stride and coalesced, so that any layout
// (transposed, sliced, expanded) becomes a few nested loops. The plan then picks one of
// two inner loops:
//   runs: each output folds runs along the innermost reduced dim (contiguous when that
//         dim has stride 1: reducing the last dim of a row-major tensor);
//   rows: when a kept dim has stride 1 instead (reducing dim 0 of [R, C]), vectors
//         span that kept dim and a row of accumulators folds one input row at a time.
#ifndef WICK_TENSOR_OPS_REDUCTION_INTERNAL_PLAN_H_
#define WICK_TENSOR_OPS_REDUCTION_INTERNAL_PLAN_H_

#include <cstdint>

#include "absl/container/inlined_vector.h"
#include "absl/types/span.h"
#include "tensor/ops/reduction/internal/dims.h"
#include "tensor/tensor.h"

namespace wick::tensor::reduce_internal {

struct PlanDim {
  int64_t size;
  int64_t in_stride;   // Elements.
  int64_t out_stride;  // Elements; 0 for reduced dims.
};
using PlanDims = absl::InlinedVector<PlanDim, 6>;

struct ReducePlan {
  PlanDims kept;     // Outermost first; no size-1 dims.
  PlanDims reduced;  // Outermost first; never empty (a {1, 0, 0} stands in for none).
  int64_t num_outputs = 1;
  int64_t reduce_count = 1;  // Elements folded into each output (0 for an empty dim).
  bool rows = false;         // kept.back() has input stride 1: use the rows loop.
};

// `out_strides` gives the output's stride for each *input* dim (the keepdim layout;
// values at reduced dims are ignored).
ReducePlan MakeReducePlan(IntSpan sizes, IntSpan in_strides, IntSpan out_strides,
                          const ReduceMask& mask);
// The plan for reducing `in` into a freshly allocated contiguous output.
ReducePlan MakeReducePlan(const Tensor& in, const ReduceMask& mask);

// A multi-index over `dims` (outermost first) that tracks the input and output offsets.
class Odometer {
 public:
  Odometer(absl::Span<const PlanDim> dims, int64_t start);
  int64_t in() const { return in_; }
  int64_t out() const { return out_; }
  void Next() {
    for (int64_t d = static_cast<int64_t>(dims_.size()) - 1; d >= 0; --d) {
      in_ += dims_[d].in_stride;
      out_ += dims_[d].out_stride;
      if (++idx_[d] < dims_[d].size) return;
      in_ -= dims_[d].in_stride * dims_[d].size;
      out_ -= dims_[d].out_stride * dims_[d].size;
      idx_[d] = 0;
    }
  }

 private:
  absl::Span<const PlanDim> dims_;
  absl::InlinedVector<int64_t, 6> idx_;
  int64_t in_ = 0;
  int64_t out_ = 0;
};

inline int64_t Count(absl::Span<const PlanDim> dims) {
  int64_t n = 1;
  for (const PlanDim& d : dims) n *= d.size;
  return n;
}

// Calls fn(input_offset) for every index of `dims` (once when `dims` is empty).
template <typename Fn>
void ForEachOffset(absl::Span<const PlanDim> dims, Fn&& fn) {
  if (dims.empty()) {
    fn(int64_t{0});
    return;
  }
  if (dims.size() == 1) {
    for (int64_t i = 0; i < dims[0].size; ++i) fn(i * dims[0].in_stride);
    return;
  }
  const int64_t n = Count(dims);
  Odometer od(dims, 0);
  for (int64_t i = 0; i < n; ++i, od.Next()) fn(od.in());
}

}  // namespace wick::tensor::reduce_internal

#endif  // WICK_TENSOR_OPS_REDUCTION_INTERNAL_PLAN_H_
