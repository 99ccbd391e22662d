// PyTorch 1.13's float sum over one run (SumKernel.cpp's cascade_sum, AVX2 build), so
// that sum/mean of short and medium runs round exactly like torch: the sum stays in the
// element type, with four interleaved partial sums (the "ilp" chains) each summed in a
// cascade of levels, and the partials combined in a fixed order.
//
//   contiguous run of at least one vector: vectors of kLanes elements are summed that
//     way, the leftover elements are added to a scalar from zero, then the lanes in order;
//   shorter or strided runs: the same cascade over single elements.
//
// The additions happen in exactly PyTorch's order (same order = same bits); the code is
// shaped so that the compiler keeps the four level-0 chains in registers, as PyTorch's
// unrolled loops do: the upper levels are touched once per 2^power rows only.
#ifndef WICK_TENSOR_OPS_REDUCTION_INTERNAL_CASCADE_SUM_H_
#define WICK_TENSOR_OPS_REDUCTION_INTERNAL_CASCADE_SUM_H_

#include <algorithm>
#include <cstdint>

#include "tensor/ops/reduction/internal/combiners.h"

namespace wick::tensor::reduce_internal {

inline int64_t CeilLog2(int64_t x) {
  if (x <= 1) return 0;
  return 64 - __builtin_clzll(static_cast<unsigned long long>(x - 1));
}

// The four chains of one cascade level.
template <typename V>
struct Chains {
  V c0, c1, c2, c3;

  void Add(const Chains& o) {
    c0 += o.c0;
    c1 += o.c1;
    c2 += o.c2;
    c3 += o.c3;
  }
};

// Sums rows 0..size of a [size, 4] array (element (i, k) from load(i * 4 + k)) into four
// column sums. Every 2^p rows the level-0 sums move up one level, and further up when
// the row count is a multiple of 2^(p*j): only sums of similar size meet.
template <typename V, typename Load>
Chains<V> CascadeColumns(int64_t size, Load load) {
  constexpr int64_t kLevels = 4;
  constexpr int64_t kMinPower = 4;
  // Level 0 in locals (registers), summed a row of four at a time.
  V a0 = {}, a1 = {}, a2 = {}, a3 = {};
  auto add_rows = [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) {
      a0 += load(i * 4);
      a1 += load(i * 4 + 1);
      a2 += load(i * 4 + 2);
      a3 += load(i * 4 + 3);
    }
  };
  // Fewer rows than the smallest step: nothing ever moves up a level, so the upper
  // levels stay +0.0, and adding +0.0 could only turn a -0.0 into +0.0, which the final
  // `0 + total` of TorchSumRun does anyway. (The common case of short runs.)
  if (size < (int64_t{1} << kMinPower)) {
    add_rows(0, size);
    return {a0, a1, a2, a3};
  }
  const int64_t power = std::max<int64_t>(kMinPower, CeilLog2(size) / kLevels);
  const int64_t step = int64_t{1} << power;
  const int64_t mask = step - 1;
  Chains<V> l1 = {}, l2 = {}, l3 = {};  // Levels 1..3: touched once per `step` rows.
  int64_t i = 0;
  for (; i + step <= size; i += step) {
    add_rows(i, i + step);
    l1.Add({a0, a1, a2, a3});
    a0 = a1 = a2 = a3 = V{};
    if (((i + step) & (mask << power)) != 0) continue;
    l2.Add(l1);
    l1 = Chains<V>{};
    if (((i + step) & (mask << (2 * power))) != 0) continue;
    l3.Add(l2);
    l2 = Chains<V>{};
  }
  add_rows(i, size);
  Chains<V> out{a0, a1, a2, a3};
  out.Add(l1);
  out.Add(l2);
  out.Add(l3);
  return out;
}

// The four-chain cascade over load(0..n): chain k takes elements 4i + k, the tail past
// the last full group of four goes into chain 0, then chains 1..3 are added to it.
template <typename V, typename Load>
V CascadeRow(int64_t n, Load load) {
  Chains<V> part = CascadeColumns<V>(n / 4, load);
  for (int64_t i = n / 4 * 4; i < n; ++i) part.c0 += load(i);
  return ((part.c0 + part.c1) + part.c2) + part.c3;
}

// The cascade of a run of fewer than 64 elements (fewer than 16 rows of four: no level
// carry happens), as four plain chains; the per-output cost of many short runs.
template <typename S>
inline S ShortCascadeSum(const S* p, int64_t n, int64_t stride) {
  S c0 = 0, c1 = 0, c2 = 0, c3 = 0;
  int64_t i = 0;
  for (; i + 4 <= n; i += 4) {
    c0 += p[i * stride];
    c1 += p[(i + 1) * stride];
    c2 += p[(i + 2) * stride];
    c3 += p[(i + 3) * stride];
  }
  for (; i < n; ++i) c0 += p[i * stride];
  return ((c0 + c1) + c2) + c3;
}

// PyTorch's sum of a contiguous run of at least kLanes elements: vectors, then the
// leftover elements from zero, then the lanes in order.
template <typename S>
S VectorCascadeSum(const S* p, int64_t n) {
  constexpr int64_t kL = kLanes<S>;
  const int64_t nvec = n / kL;
  const Vec<S> lanes =
      CascadeRow<Vec<S>>(nvec, [&](int64_t v) { return LoadVec(p + v * kL); });
  S total = 0;
  for (int64_t i = nvec * kL; i < n; ++i) total += p[i];
  for (int64_t l = 0; l < kL; ++l) total += lanes[l];
  return total;
}

// PyTorch's sum of p[i * stride] for i < n, in S.
template <typename S>
inline S TorchSumRun(const S* p, int64_t n, int64_t stride) {
  S total;
  if (stride == 1 && n >= kLanes<S>) {
    total = VectorCascadeSum(p, n);
  } else if (n < 64) {
    total = ShortCascadeSum(p, n, stride);
  } else {
    total = CascadeRow<S>(n, [&](int64_t i) { return p[i * stride]; });
  }
  // The output starts at zero and the sum is added to it (so -0.0 sums to 0.0).
  return S(0) + total;
}

}  // namespace wick::tensor::reduce_internal

#endif  // WICK_TENSOR_OPS_REDUCTION_INTERNAL_CASCADE_SUM_H_
