// The innermost loops of every reduction, over one run of elements (a pointer, a count
// and a stride) or across one contiguous row into a row of accumulators. The reduction
// drivers (reduce_loop.h) call these; everything above them is index arithmetic.
//
//   Run:  acc = op(acc, map(p[i * stride]))  for i < n      -> one output
//   Rows: acc[j] = op(acc[j], map(row[j]))   for j < n      -> n outputs at once
#ifndef WICK_TENSOR_OPS_REDUCTION_INTERNAL_RUN_KERNELS_H_
#define WICK_TENSOR_OPS_REDUCTION_INTERNAL_RUN_KERNELS_H_

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "tensor/ops/reduction/internal/combiners.h"

namespace wick::tensor::reduce_internal {

struct AddOp {
  template <typename T> static constexpr T Identity() { return T(0); }
  template <typename V> V operator()(V a, V b) const { return WrapAdd(a, b); }
};

// Sum of map(x) for floating S, accumulated in double without paying for double lanes:
// blocks of up to 1024 elements are summed in four S vectors (so each lane adds at most
// 32 values), and each block's total is added in double. The error stays at a few ulp of
// the sum of magnitudes, like PyTorch's cascade sum.
template <typename S, typename Map>
double SumRunBlocked(const S* p, int64_t n, int64_t stride, Map map) {
  double total = 0;
  int64_t i = 0;
  if (stride == 1) {
    constexpr int64_t kL = kLanes<S>;
    constexpr int64_t kStep = 4 * kL;
    constexpr int64_t kBlock = (1024 / kStep) * kStep;
    while (n - i >= kStep) {
      const int64_t end = i + std::min(kBlock, (n - i) / kStep * kStep);
      Vec<S> a0 = {}, a1 = {}, a2 = {}, a3 = {};
      for (; i < end; i += kStep) {
        a0 += map(LoadVec(p + i));
        a1 += map(LoadVec(p + i + kL));
        a2 += map(LoadVec(p + i + 2 * kL));
        a3 += map(LoadVec(p + i + 3 * kL));
      }
      total += SumLanes<S>((a0 + a1) + (a2 + a3));
    }
  }
  // The tail (or a whole short or strided run) in two independent chains: short runs
  // are latency-bound otherwise.
  double t0 = 0, t1 = 0;
  for (; i + 2 <= n; i += 2) {
    t0 += static_cast<double>(map(p[i * stride]));
    t1 += static_cast<double>(map(p[(i + 1) * stride]));
  }
  if (i < n) t0 += static_cast<double>(map(p[i * stride]));
  return total + (t0 + t1);
}

// op-fold of map(x) over a run, in S itself (max/min/prod of floats, max of ints).
template <typename S, typename Op, typename Map>
S CombineRun(const S* p, int64_t n, int64_t stride, Op op, Map map) {
  S acc = Op::template Identity<S>();
  int64_t i = 0;
  if (stride == 1) {
    constexpr int64_t kL = kLanes<S>;
    if (n >= 4 * kL) {
      Vec<S> a0 = Broadcast(acc), a1 = a0, a2 = a0, a3 = a0;
      for (; i + 4 * kL <= n; i += 4 * kL) {
        a0 = op(a0, map(LoadVec(p + i)));
        a1 = op(a1, map(LoadVec(p + i + kL)));
        a2 = op(a2, map(LoadVec(p + i + 2 * kL)));
        a3 = op(a3, map(LoadVec(p + i + 3 * kL)));
      }
      const Vec<S> a = op(op(a0, a1), op(a2, a3));
      for (int64_t l = 0; l < kL; ++l) acc = op(acc, a[l]);
    }
    for (; i < n; ++i) acc = op(acc, map(p[i]));
    return acc;
  }
  for (; i < n; ++i) acc = op(acc, map(p[i * stride]));
  return acc;
}

// op-fold of map(x) over a run in the wider 8-byte type A (sums and products of ints
// into int64; map sees the widened value).
template <typename A, typename S, typename Op, typename Map>
A CombineRunWide(const S* p, int64_t n, int64_t stride, Op op, Map map) {
  A acc = Op::template Identity<A>();
  int64_t i = 0;
  if (stride == 1 && n >= 8) {
    Vec<A> a0 = Broadcast(acc), a1 = a0;
    for (; i + 8 <= n; i += 8) {
      a0 = op(a0, map(LoadWiden4<A>(p + i)));
      a1 = op(a1, map(LoadWiden4<A>(p + i + 4)));
    }
    const Vec<A> a = op(a0, a1);
    for (int64_t l = 0; l < 4; ++l) acc = op(acc, a[l]);
  }
  for (; i < n; ++i) acc = op(acc, map(static_cast<A>(p[i * stride])));
  return acc;
}

// acc[j] = op(acc[j], map(row[j])) for a contiguous row, in S.
template <typename S, typename Op, typename Map>
void CombineRows(S* acc, const S* row, int64_t n, Op op, Map map) {
  constexpr int64_t kL = kLanes<S>;
  int64_t j = 0;
  for (; j + kL <= n; j += kL) StoreVec(acc + j, op(LoadVec(acc + j), map(LoadVec(row + j))));
  for (; j < n; ++j) acc[j] = op(acc[j], map(row[j]));
}

// The same into 8-byte accumulators (float rows into double sums, ints into int64).
template <typename A, typename S, typename Op, typename Map>
void CombineRowsWide(A* acc, const S* row, int64_t n, Op op, Map map) {
  int64_t j = 0;
  for (; j + 4 <= n; j += 4) {
    StoreVec(acc + j, op(LoadVec(acc + j), map(LoadWiden4<A>(row + j))));
  }
  for (; j < n; ++j) acc[j] = op(acc[j], map(static_cast<A>(row[j])));
}

// acc[j] (op)= v for one vector of S lanes, widening to A when A is wider.
template <typename A, typename S, typename Op>
inline void FoldVecInto(A* acc, Vec<S> v, Op op) {
  if constexpr (std::is_same_v<A, S>) {
    StoreVec(acc, op(LoadVec(acc), v));
  } else {
    S lanes[kLanes<S>];
    __builtin_memcpy(lanes, &v, sizeof(lanes));
    for (int64_t h = 0; h < kLanes<S>; h += 4) {
      StoreVec(acc + h, op(LoadVec(acc + h), LoadWiden4<A>(lanes + h)));
    }
  }
}

// Folds `nrows` rows (row r at row + r * stride, n elements each) into acc. Four rows are
// first combined in S registers (a pairwise tree), so the accumulators are read, widened
// and written once per four rows: the loop that sums dim 0 of a row-major matrix. Only
// valid when combining in S is exact enough: A == S, or float sums of four values.
template <typename A, typename S, typename Op, typename Map>
void CombineRowBlock(A* acc, const S* row, int64_t nrows, int64_t stride, int64_t n, Op op,
                     Map map) {
  constexpr int64_t kL = kLanes<S>;
  int64_t r = 0;
  for (; r + 4 <= nrows; r += 4) {
    const S* r0 = row + r * stride;
    const S* r1 = r0 + stride;
    const S* r2 = r1 + stride;
    const S* r3 = r2 + stride;
    int64_t j = 0;
    for (; j + kL <= n; j += kL) {
      const Vec<S> v = op(op(map(LoadVec(r0 + j)), map(LoadVec(r1 + j))),
                          op(map(LoadVec(r2 + j)), map(LoadVec(r3 + j))));
      FoldVecInto<A, S>(acc + j, v, op);
    }
    for (; j < n; ++j) {
      acc[j] = op(acc[j], static_cast<A>(op(op(map(r0[j]), map(r1[j])),
                                            op(map(r2[j]), map(r3[j])))));
    }
  }
  for (; r < nrows; ++r) {
    if constexpr (std::is_same_v<A, S>) {
      CombineRows(acc, row + r * stride, n, op, map);
    } else {
      CombineRowsWide<A>(acc, row + r * stride, n, op, map);
    }
  }
}

}  // namespace wick::tensor::reduce_internal

#endif  // WICK_TENSOR_OPS_REDUCTION_INTERNAL_RUN_KERNELS_H_
