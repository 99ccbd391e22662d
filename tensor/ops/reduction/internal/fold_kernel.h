// FoldKernel: the one-pass reduction kernel behind sum, mean, prod, amax/amin, all/any,
// count_nonzero and the vector norms: fold map(x) with a binary op into an accumulator,
// then finish each output with a small functor (cast, divide, sqrt, root).
#ifndef WICK_TENSOR_OPS_REDUCTION_INTERNAL_FOLD_KERNEL_H_
#define WICK_TENSOR_OPS_REDUCTION_INTERNAL_FOLD_KERNEL_H_

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "tensor/ops/reduction/internal/cascade_sum.h"
#include "tensor/ops/reduction/internal/plan.h"
#include "tensor/ops/reduction/internal/reduce_loop.h"
#include "tensor/ops/reduction/internal/run_kernels.h"
#include "tensor/ops/reduction/internal/combiners.h"

namespace wick::tensor::reduce_internal {

// Accumulator of sums: double for floating elements, int64 for integers and bool.
template <typename S>
using SumAcc = std::conditional_t<std::is_floating_point_v<S>, double, int64_t>;

// 1 where x != 0 (NaN counts), else 0, in x's own type; scalars and vectors.
struct MapNonzero {
  template <typename V> V operator()(V v) const {
    if constexpr (std::is_arithmetic_v<V>) {
      return v != 0 ? V(1) : V(0);
    } else {
      const V zero = {};
      return (v != zero) ? zero + 1 : zero;
    }
  }
};

// |x|^p for a general p (lane by lane: there is no vector pow).
struct MapAbsPow {
  double p;
  template <typename V> V operator()(V v) const {
    if constexpr (std::is_arithmetic_v<V>) {
      return static_cast<V>(std::pow(std::fabs(static_cast<double>(v)), p));
    } else {
      V r = v;
      for (size_t i = 0; i < sizeof(V) / sizeof(v[0]); ++i) {
        r[i] = static_cast<std::remove_reference_t<decltype(v[0])>>(
            std::pow(std::fabs(static_cast<double>(v[i])), p));
      }
      return r;
    }
  }
};

// Finishers: accumulator -> output element.
template <typename Out>
struct CastTo {
  template <typename A> Out operator()(A a) const { return static_cast<Out>(a); }
};
// The sum rounded to Out, then divided in Out (what PyTorch's sum().div_() does).
template <typename Out>
struct DivideBy {
  int64_t count;
  template <typename A> Out operator()(A a) const {
    return static_cast<Out>(a) / static_cast<Out>(count);
  }
};
template <typename Out>
struct SqrtOf {
  template <typename A> Out operator()(A a) const {
    return static_cast<Out>(std::sqrt(static_cast<double>(a)));
  }
};
template <typename Out>
struct RootOf {
  double inv_p;
  template <typename A> Out operator()(A a) const {
    return static_cast<Out>(std::pow(static_cast<double>(a), inv_p));
  }
};
// all/any fold 1/0 with min/max; an empty fold leaves the op's identity (+-inf or the
// int limits), which `> 0` maps to True for all and False for any.
struct Positive {
  template <typename A> bool operator()(A a) const { return a > 0; }
};

// Folds map(x) with Op into A (S itself, or an 8-byte widening of it); float sums use the
// blocked double accumulation of SumRunBlocked.
template <typename S, typename A, typename Op, typename Map, typename Fin>
struct FoldKernel {
  using Acc = A;
  Op op;
  Map map;
  Fin fin;

  FoldKernel(Map m, Fin f) : map(m), fin(f) {}

  Acc Identity() const { return Op::template Identity<A>(); }
  Acc Run(const S* p, int64_t n, int64_t stride) const {
    if constexpr (std::is_same_v<Op, AddOp> && std::is_floating_point_v<S>) {
      static_assert(std::is_same_v<A, double>);
      // Plain sums (sum, mean) follow PyTorch's rounding exactly; mapped sums (norms)
      // keep the double accumulation.
      if constexpr (std::is_same_v<Map, MapIdentity>) {
        return static_cast<double>(TorchSumRun(p, n, stride));
      }
      return SumRunBlocked(p, n, stride, map);
    } else if constexpr (std::is_same_v<A, S>) {
      return CombineRun(p, n, stride, op, map);
    } else {
      return CombineRunWide<A>(p, n, stride, op, map);
    }
  }
  Acc Merge(Acc a, Acc b) const { return op(a, b); }
  void Rows(Acc* acc, const S* row, int64_t nrows, int64_t stride, int64_t n) const {
    if constexpr (std::is_same_v<A, S> ||
                  (std::is_same_v<Op, AddOp> && std::is_floating_point_v<S>)) {
      CombineRowBlock<A>(acc, row, nrows, stride, n, op, map);
    } else {  // Integer sums and products widen every element (no overflow in S).
      for (int64_t r = 0; r < nrows; ++r) CombineRowsWide<A>(acc, row + r * stride, n, op, map);
    }
  }
  auto Finalize(Acc a) const { return fin(a); }
};

// Runs a FoldKernel over `in` (elements of C++ type T) into `out` (elements Out).
template <typename T, typename Out, typename A, typename Op, typename Map, typename Fin>
void Fold(const Tensor& in, const ReduceMask& mask, const Tensor& out, Map map, Fin fin) {
  using S = ElemOf<T>;
  const ReducePlan plan = MakeReducePlan(in, mask);
  FoldKernel<S, A, Op, Map, Fin> kernel(map, fin);
  RunReduction<S>(plan, static_cast<const S*>(in.raw_data()), out.data<Out>(), kernel);
}

}  // namespace wick::tensor::reduce_internal

#endif  // WICK_TENSOR_OPS_REDUCTION_INTERNAL_FOLD_KERNEL_H_
