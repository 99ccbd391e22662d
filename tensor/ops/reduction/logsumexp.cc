// logsumexp: max + log(sum(exp(x - max))), with the max of each output taken in a first
// pass over the same input run (so the run is still in cache for the exp pass). exp is
// SLEEF's 1-ulp vector exp on AVX2 (what PyTorch's vectorized exp uses too).
#include <cmath>

#if defined(__AVX2__)
#include <sleef.h>
#endif

#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/ops/reduction/internal/dims.h"
#include "tensor/ops/reduction/internal/fold_kernel.h"
#include "tensor/ops/reduction/reduction.h"
#include "tensor/shape.h"

namespace wick::tensor {

using reduce_internal::AddOp;
using reduce_internal::CombineRowBlock;
using reduce_internal::CombineRun;
using reduce_internal::FoldVecInto;
using reduce_internal::kLanes;
using reduce_internal::LoadVec;
using reduce_internal::MakeReducedOutput;
using reduce_internal::MakeReducePlan;
using reduce_internal::MapIdentity;
using reduce_internal::MaxOp;
using reduce_internal::ReduceMask;
using reduce_internal::ReducePlan;
using reduce_internal::ResolveDims;
using reduce_internal::RunTwoPass;
using reduce_internal::SumRunBlocked;
using reduce_internal::Vec;

namespace {

template <typename S>
Vec<S> ExpVec(Vec<S> v) {
#if defined(__AVX2__)
  if constexpr (std::is_same_v<S, float>) {
    return reinterpret_cast<Vec<float>>(Sleef_expf8_u10avx2(reinterpret_cast<__m256>(v)));
  } else {
    return reinterpret_cast<Vec<double>>(Sleef_expd4_u10avx2(reinterpret_cast<__m256d>(v)));
  }
#else
  for (int64_t i = 0; i < kLanes<S>; ++i) v[i] = std::exp(v[i]);
  return v;
#endif
}

// exp(x - c) for scalars and vectors.
template <typename S>
struct MapExpShift {
  S c;
  S operator()(S x) const { return std::exp(x - c); }
  Vec<S> operator()(Vec<S> v) const { return ExpVec<S>(v - c); }
};

template <typename S>
struct LogsumexpKernel {
  using Acc1 = S;
  using Acc2 = double;
  using Center = S;
  S* out;

  S Identity1() const { return MaxOp::Identity<S>(); }
  S Run1(const S* p, int64_t n, int64_t stride) const {
    return CombineRun(p, n, stride, MaxOp{}, MapIdentity{});
  }
  S Merge1(S a, S b) const { return MaxOp{}(a, b); }
  void Rows1(S* acc, const S* row, int64_t nrows, int64_t stride, int64_t n) const {
    CombineRowBlock<S>(acc, row, nrows, stride, n, MaxOp{}, MapIdentity{});
  }
  // An infinite max would turn x - max into nan (inf - inf); PyTorch shifts by 0 then.
  S MakeCenter(S m) const { return std::isinf(m) ? S(0) : m; }
  double Run2(const S* p, int64_t n, int64_t stride, S c) const {
    return SumRunBlocked(p, n, stride, MapExpShift<S>{c});
  }
  void Rows2(double* acc, const S* rows, int64_t nrows, int64_t stride, int64_t n,
             const S* c) const {
    constexpr int64_t kL = kLanes<S>;
    for (int64_t r = 0; r < nrows; ++r) {
      const S* row = rows + r * stride;
      int64_t j = 0;
      for (; j + kL <= n; j += kL) {
        const Vec<S> e = ExpVec<S>(LoadVec(row + j) - LoadVec(c + j));
        FoldVecInto<double, S>(acc + j, e, AddOp{});
      }
      for (; j < n; ++j) acc[j] += std::exp(row[j] - c[j]);
    }
  }
  // PyTorch rounds the sum to S, takes its log, then adds the max back.
  void Write(int64_t o, double sum, S c) const { out[o] = std::log(static_cast<S>(sum)) + c; }
};

}  // namespace

absl::StatusOr<Tensor> Logsumexp(const Tensor& self, IntSpan dims, bool keepdim) {
  if (dims.empty() && !keepdim && self.dim() > 0) {
    // 1.13 reduces everything for dim=[] but then fails to add the kept-dim max back.
    return RuntimeError(absl::StrCat("output with shape [] doesn't match the broadcast shape ",
                                     ShapeToString(Shape(self.dim(), 1))));
  }
  ASSIGN_OR_RETURN(ReduceMask mask, ResolveDims(dims, self.dim()));
  const DType dtype = IsFloating(self.dtype()) ? self.dtype() : DefaultFloatDType();
  ASSIGN_OR_RETURN(Tensor out, MakeReducedOutput(self, mask, keepdim, dtype));
  if (self.is_meta()) return out;
  Tensor in = self;
  if (dtype != self.dtype()) {
    ASSIGN_OR_RETURN(in, self.CopyAs(dtype));
  }
  const ReducePlan plan = MakeReducePlan(in, mask);
  VisitDType(dtype, [&]<typename T>() {
    if constexpr (std::is_floating_point_v<T>) {
      RunTwoPass(plan, in.data<T>(), LogsumexpKernel<T>{out.data<T>()});
    }
  });
  return out;
}

}  // namespace wick::tensor
