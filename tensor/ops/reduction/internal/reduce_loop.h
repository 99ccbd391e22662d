// The reduction drivers: walk a ReducePlan and call a kernel's run or row loops,
// splitting outputs across threads when the work is large (tensor/parallel.h).
//
// One-pass kernel K for input elements S (RunReduction):
//   using Acc = ...;
//   Acc Identity() const;
//   Acc Run(const S* p, int64_t n, int64_t stride) const;  // fold one run
//   Acc Merge(Acc a, Acc b) const;                          // combine two partial folds
//   void Rows(Acc* acc, const S* row, int64_t nrows, int64_t stride, int64_t n) const;
//       // acc[j] (+)= row[r * stride + j] for r < nrows, j < n
//   Out Finalize(Acc acc) const;
//
// Two-pass kernel K (RunTwoPass): a first fold gives each output a center (a mean, a
// max) that the second fold uses; both passes over one output run back to back, while
// its input is still in cache.
//   using Acc1, Acc2, Center;
//   Acc1 Identity1() const; Acc1 Run1(p, n, stride) const; Acc1 Merge1(a, b) const;
//   void Rows1(Acc1* acc, const S* row, int64_t nrows, int64_t stride, int64_t n) const;
//   Center MakeCenter(Acc1 a) const;
//   Acc2 Run2(p, n, stride, Center c) const;   (Acc2 starts at 0 and merges with +)
//   void Rows2(Acc2* acc, const S* row, int64_t nrows, int64_t stride, int64_t n,
//              const Center* c) const;
//   void Write(int64_t out_offset, Acc2 a, Center c) const;
#ifndef WICK_TENSOR_OPS_REDUCTION_INTERNAL_REDUCE_LOOP_H_
#define WICK_TENSOR_OPS_REDUCTION_INTERNAL_REDUCE_LOOP_H_

#include <algorithm>
#include <cstdint>

#include "tensor/ops/reduction/internal/plan.h"
#include "tensor/parallel.h"

namespace wick::tensor::reduce_internal {

// Outputs handled per rows-loop chunk: the accumulators stay in L1.
inline constexpr int64_t kRowChunk = 512;

// `count` consecutive outputs along one kept dim: output i reads input from
// in + i * in_step and is written at out + i * out_step (offsets in elements).
struct OutputGroup {
  int64_t in;
  int64_t out;
  int64_t count;
  int64_t in_step;
  int64_t out_step;
};

// Calls body(OutputGroup) over all outputs of the plan. In rows mode a group is a chunk
// of up to kRowChunk outputs along the stride-1 kept dim (folded together, a row at a
// time); in runs mode it is a stretch of the innermost kept dim (folded one by one, so
// that short runs do not pay for index arithmetic per output).
template <typename Body>
void ForEachOutputGroup(const ReducePlan& plan, Body&& body) {
  if (plan.num_outputs == 0) return;
  const int64_t work_per_output = std::max<int64_t>(plan.reduce_count, 1);
  const int64_t grain = std::max<int64_t>(1, kParallelGrain / work_per_output);
  const PlanDim inner = plan.kept.empty() ? PlanDim{1, 0, 0} : plan.kept.back();
  const absl::Span<const PlanDim> outer(plan.kept.data(),
                                        plan.kept.empty() ? 0 : plan.kept.size() - 1);
  if (plan.rows) {
    ParallelFor(0, plan.num_outputs / inner.size, std::max<int64_t>(1, grain / inner.size),
                [&](int64_t begin, int64_t end) {
                  Odometer od(outer, begin);
                  for (int64_t o = begin; o < end; ++o, od.Next()) {
                    for (int64_t j0 = 0; j0 < inner.size; j0 += kRowChunk) {
                      body(OutputGroup{od.in() + j0, od.out() + j0 * inner.out_stride,
                                       std::min(kRowChunk, inner.size - j0), 1, inner.out_stride});
                    }
                  }
                });
    return;
  }
  ParallelFor(0, plan.num_outputs, grain, [&](int64_t begin, int64_t end) {
    Odometer od(outer, begin / inner.size);
    int64_t j = begin % inner.size;
    for (int64_t o = begin; o < end; od.Next(), j = 0) {
      const int64_t count = std::min(end - o, inner.size - j);
      body(OutputGroup{od.in() + j * inner.in_stride, od.out() + j * inner.out_stride, count,
                       inner.in_stride, inner.out_stride});
      o += count;
    }
  });
}

template <typename S, typename Out, typename K>
void RunReduction(const ReducePlan& plan, const S* in, Out* out, const K& k) {
  using Acc = typename K::Acc;
  // Runs go along the innermost reduced dim; the rows loop steps along it row by row.
  const PlanDim run = plan.reduced.back();
  const absl::Span<const PlanDim> outer_reduced =
      absl::Span<const PlanDim>(plan.reduced).subspan(0, plan.reduced.size() - 1);
  if (plan.rows) {
    ForEachOutputGroup(plan, [&](const OutputGroup& g) {
      Acc acc[kRowChunk];
      std::fill(acc, acc + g.count, k.Identity());
      ForEachOffset(outer_reduced, [&](int64_t r) {
        k.Rows(acc, in + g.in + r, run.size, run.in_stride, g.count);
      });
      for (int64_t j = 0; j < g.count; ++j) out[g.out + j * g.out_step] = k.Finalize(acc[j]);
    });
    return;
  }
  ForEachOutputGroup(plan, [&](const OutputGroup& g) {
    for (int64_t i = 0; i < g.count; ++i) {
      const S* base = in + g.in + i * g.in_step;
      Acc acc = k.Identity();
      if (outer_reduced.empty()) {
        acc = k.Run(base, run.size, run.in_stride);
      } else {
        ForEachOffset(outer_reduced, [&](int64_t r) {
          acc = k.Merge(acc, k.Run(base + r, run.size, run.in_stride));
        });
      }
      out[g.out + i * g.out_step] = k.Finalize(acc);
    }
  });
}

template <typename S, typename K>
void RunTwoPass(const ReducePlan& plan, const S* in, const K& k) {
  using Acc1 = typename K::Acc1;
  using Acc2 = typename K::Acc2;
  using Center = typename K::Center;
  const PlanDim run = plan.reduced.back();
  const absl::Span<const PlanDim> outer_reduced =
      absl::Span<const PlanDim>(plan.reduced).subspan(0, plan.reduced.size() - 1);
  if (plan.rows) {
    ForEachOutputGroup(plan, [&](const OutputGroup& g) {
      Acc1 acc1[kRowChunk];
      Center c[kRowChunk];
      Acc2 acc2[kRowChunk];
      std::fill(acc1, acc1 + g.count, k.Identity1());
      ForEachOffset(outer_reduced, [&](int64_t r) {
        k.Rows1(acc1, in + g.in + r, run.size, run.in_stride, g.count);
      });
      for (int64_t j = 0; j < g.count; ++j) c[j] = k.MakeCenter(acc1[j]);
      std::fill(acc2, acc2 + g.count, Acc2(0));
      ForEachOffset(outer_reduced, [&](int64_t r) {
        k.Rows2(acc2, in + g.in + r, run.size, run.in_stride, g.count, c);
      });
      for (int64_t j = 0; j < g.count; ++j) k.Write(g.out + j * g.out_step, acc2[j], c[j]);
    });
    return;
  }
  ForEachOutputGroup(plan, [&](const OutputGroup& g) {
    for (int64_t i = 0; i < g.count; ++i) {
      const S* base = in + g.in + i * g.in_step;
      Acc1 acc1 = k.Identity1();
      ForEachOffset(outer_reduced, [&](int64_t r) {
        acc1 = k.Merge1(acc1, k.Run1(base + r, run.size, run.in_stride));
      });
      const Center c = k.MakeCenter(acc1);
      Acc2 acc2 = 0;
      ForEachOffset(outer_reduced,
                    [&](int64_t r) { acc2 += k.Run2(base + r, run.size, run.in_stride, c); });
      k.Write(g.out + i * g.out_step, acc2, c);
    }
  });
}

}  // namespace wick::tensor::reduce_internal

#endif  // WICK_TENSOR_OPS_REDUCTION_INTERNAL_REDUCE_LOOP_H_
