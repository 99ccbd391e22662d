// var, std, var_mean, std_mean: two passes per output (the mean, then the sum of squared
// deviations from it), both in double, which is as accurate as PyTorch's Welford
// accumulation and simpler to vectorize.
#include <algorithm>
#include <cmath>

#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/ops/reduction/internal/dims.h"
#include "tensor/ops/reduction/internal/fold_kernel.h"
#include "tensor/ops/reduction/reduction.h"

namespace wick::tensor {

using reduce_internal::AddOp;
using reduce_internal::Broadcast;
using reduce_internal::CombineRowBlock;
using reduce_internal::LoadVec;
using reduce_internal::LoadWiden4;
using reduce_internal::MakeOutput;
using reduce_internal::MakeReducePlan;
using reduce_internal::MapIdentity;
using reduce_internal::ReducedCount;
using reduce_internal::ReducedSizes;
using reduce_internal::ReduceMask;
using reduce_internal::ReducePlan;
using reduce_internal::ResolveDims;
using reduce_internal::RunTwoPass;
using reduce_internal::StoreVec;
using reduce_internal::SumLanes;
using reduce_internal::SumRunBlocked;
using reduce_internal::Vec;

namespace {

// sum((x - c)^2) over a run, in double.
template <typename S>
double SquaredDeviations(const S* p, int64_t n, int64_t stride, double c) {
  double total = 0;
  int64_t i = 0;
  if (stride == 1 && n >= 8) {
    const Vec<double> cv = Broadcast(c);
    Vec<double> a0 = {}, a1 = {};
    for (; i + 8 <= n; i += 8) {
      const Vec<double> d0 = LoadWiden4<double>(p + i) - cv;
      const Vec<double> d1 = LoadWiden4<double>(p + i + 4) - cv;
      a0 += d0 * d0;
      a1 += d1 * d1;
    }
    total = SumLanes<double>(a0 + a1);
  }
  for (; i < n; ++i) {
    const double d = static_cast<double>(p[i * stride]) - c;
    total += d * d;
  }
  return total;
}

template <typename S, typename Out>
struct VarKernel {
  using Acc1 = double;
  using Acc2 = double;
  using Center = double;
  int64_t count;
  double denom;  // max(0, count - correction)
  bool take_sqrt;
  Out* var_out;
  Out* mean_out;  // Null unless the mean is wanted too.

  double Identity1() const { return 0; }
  double Run1(const S* p, int64_t n, int64_t stride) const {
    return SumRunBlocked(p, n, stride, MapIdentity{});
  }
  double Merge1(double a, double b) const { return a + b; }
  void Rows1(double* acc, const S* row, int64_t nrows, int64_t stride, int64_t n) const {
    CombineRowBlock<double>(acc, row, nrows, stride, n, AddOp{}, MapIdentity{});
  }
  double MakeCenter(double sum) const { return sum / static_cast<double>(count); }
  double Run2(const S* p, int64_t n, int64_t stride, double c) const {
    return SquaredDeviations(p, n, stride, c);
  }
  void Rows2(double* acc, const S* rows, int64_t nrows, int64_t stride, int64_t n,
             const double* c) const {
    for (int64_t r = 0; r < nrows; ++r) {
      const S* row = rows + r * stride;
      int64_t j = 0;
      for (; j + 4 <= n; j += 4) {
        const Vec<double> d = LoadWiden4<double>(row + j) - LoadVec(c + j);
        StoreVec(acc + j, LoadVec(acc + j) + d * d);
      }
      for (; j < n; ++j) {
        const double d = static_cast<double>(row[j]) - c[j];
        acc[j] += d * d;
      }
    }
  }
  void Write(int64_t out, double m2, double mean) const {
    const double var = m2 / denom;  // 0/0 -> nan (one element, unbiased), x/0 -> inf.
    var_out[out] = static_cast<Out>(take_sqrt ? std::sqrt(var) : var);
    if (mean_out != nullptr) mean_out[out] = static_cast<Out>(mean);
  }
};

absl::StatusOr<std::pair<Tensor, Tensor>> Moments(const Tensor& self, OptDims dims,
                                                  int64_t correction, bool keepdim, bool take_sqrt,
                                                  bool want_mean) {
  if (!IsFloating(self.dtype())) {
    return RuntimeError("std and var only support floating point and complex dtypes");
  }
  ASSIGN_OR_RETURN(ReduceMask mask, ResolveDims(dims, self.dim()));
  const Shape sizes = ReducedSizes(self.sizes(), mask, keepdim);
  std::pair<Tensor, Tensor> out;
  ASSIGN_OR_RETURN(out.first, MakeOutput(self, sizes, self.dtype()));
  if (want_mean) {
    ASSIGN_OR_RETURN(out.second, MakeOutput(self, sizes, self.dtype()));
  }
  if (self.is_meta()) return out;
  const int64_t count = ReducedCount(self.sizes(), mask);
  const ReducePlan plan = MakeReducePlan(self, mask);
  VisitDType(self.dtype(), [&]<typename T>() {
    if constexpr (std::is_floating_point_v<T>) {
      VarKernel<T, T> k{count, static_cast<double>(std::max<int64_t>(0, count - correction)),
                        take_sqrt, out.first.data<T>(), want_mean ? out.second.data<T>() : nullptr};
      RunTwoPass(plan, self.data<T>(), k);
    }
  });
  return out;
}

}  // namespace

absl::StatusOr<Tensor> Var(const Tensor& self, OptDims dims, int64_t correction, bool keepdim) {
  ASSIGN_OR_RETURN(auto r, Moments(self, dims, correction, keepdim, false, false));
  return r.first;
}

absl::StatusOr<Tensor> Std(const Tensor& self, OptDims dims, int64_t correction, bool keepdim) {
  ASSIGN_OR_RETURN(auto r, Moments(self, dims, correction, keepdim, true, false));
  return r.first;
}

absl::StatusOr<std::pair<Tensor, Tensor>> VarMean(const Tensor& self, OptDims dims,
                                                  int64_t correction, bool keepdim) {
  return Moments(self, dims, correction, keepdim, false, true);
}

absl::StatusOr<std::pair<Tensor, Tensor>> StdMean(const Tensor& self, OptDims dims,
                                                  int64_t correction, bool keepdim) {
  return Moments(self, dims, correction, keepdim, true, true);
}

}  // namespace wick::tensor
