// PyTorch 1.13's float sum over one run (SumKernel.cpp's cascade_sum, AVX2 build), so
// that sum/mean of short and medium runs round exactly like torch: the sum stays in the
// element type, with four interleaved partial sums (the "ilp" chains) each summed in a
// cascade of levels, and the partials combined in a fixed order.
//
//   contiguous run of at least one vector: vectors of kLanes elements are summed that
//     way, the leftover elements are added to a scalar from zero, then the lanes in order;
//   shorter or strided runs: the same cascade over single elements.
#ifndef WICK_TENSOR_OPS_REDUCTION_INTERNAL_CASCADE_SUM_H_
#define WICK_TENSOR_OPS_REDUCTION_INTERNAL_CASCADE_SUM_H_

#include <algorithm>
#include <cstdint>

#include "tensor/ops/reduction/internal/vec.h"

namespace wick::tensor::reduce_internal {

inline int64_t CeilLog2(int64_t x) {
  if (x <= 1) return 0;
  return 64 - __builtin_clzll(static_cast<unsigned long long>(x - 1));
}

// Sums rows 0..size of a [size, 4] array (element (i, k) from load(i * 4 + k)) into four
// column sums. Every 2^p rows the level-0 sums move up one level, and further up when
// the row count is a multiple of 2^(p*j): only sums of similar size meet.
template <typename V, typename Load>
void CascadeColumns(int64_t size, Load load, V out[4]) {
  constexpr int kLevels = 4;
  const int64_t power = std::max<int64_t>(4, CeilLog2(size) / kLevels);
  const int64_t step = int64_t{1} << power;
  const int64_t mask = step - 1;
  V acc[kLevels][4] = {};
  int64_t i = 0;
  while (i + step <= size) {
    for (int64_t j = 0; j < step; ++j, ++i) {
      for (int k = 0; k < 4; ++k) acc[0][k] += load(i * 4 + k);
    }
    for (int j = 1; j < kLevels; ++j) {
      for (int k = 0; k < 4; ++k) {
        acc[j][k] += acc[j - 1][k];
        acc[j - 1][k] = V{};
      }
      if ((i & (mask << (j * power))) != 0) break;
    }
  }
  for (; i < size; ++i) {
    for (int k = 0; k < 4; ++k) acc[0][k] += load(i * 4 + k);
  }
  for (int j = 1; j < kLevels; ++j) {
    for (int k = 0; k < 4; ++k) acc[0][k] += acc[j][k];
  }
  for (int k = 0; k < 4; ++k) out[k] = acc[0][k];
}

// The four-chain cascade over load(0..n): chain k takes elements 4i + k, the tail past
// the last full group of four goes into chain 0, then chains 1..3 are added to it.
template <typename V, typename Load>
V CascadeRow(int64_t n, Load load) {
  V part[4];
  CascadeColumns<V>(n / 4, load, part);
  for (int64_t i = n / 4 * 4; i < n; ++i) part[0] += load(i);
  for (int k = 1; k < 4; ++k) part[0] += part[k];
  return part[0];
}

// PyTorch's sum of p[i * stride] for i < n, in S.
template <typename S>
S TorchSumRun(const S* p, int64_t n, int64_t stride) {
  constexpr int64_t kL = kLanes<S>;
  S total = 0;
  if (stride == 1 && n >= kL) {
    const int64_t nvec = n / kL;
    const Vec<S> lanes = CascadeRow<Vec<S>>(nvec, [&](int64_t v) { return LoadVec(p + v * kL); });
    for (int64_t i = nvec * kL; i < n; ++i) total += p[i];
    for (int64_t l = 0; l < kL; ++l) total += lanes[l];
  } else {
    total = CascadeRow<S>(n, [&](int64_t i) { return p[i * stride]; });
  }
  // The output starts at zero and the sum is added to it (so -0.0 sums to 0.0).
  return S(0) + total;
}

}  // namespace wick::tensor::reduce_internal

#endif  // WICK_TENSOR_OPS_REDUCTION_INTERNAL_CASCADE_SUM_H_
