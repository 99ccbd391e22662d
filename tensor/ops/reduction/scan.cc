// cumsum and cumprod: inclusive scans along one dim. Like PyTorch on the CPU, the running
// value is kept in double for floating types and int64 for integers, and rounded to the
// output dtype at every step.
#include <cmath>
#include <limits>
#include <vector>

#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/ops/reduction/internal/dims.h"
#include "tensor/ops/reduction/internal/fold_kernel.h"
#include "tensor/ops/reduction/reduction.h"
#include "tensor/shape.h"

namespace wick::tensor {

using reduce_internal::AddOp;
using reduce_internal::CombineRowsWide;
using reduce_internal::ElemOf;
using reduce_internal::MakeOutput;
using reduce_internal::MapIdentity;
using reduce_internal::ProdOp;
using reduce_internal::SumAcc;

namespace {

// Scans a contiguous [outer, n, inner] block of S into Out with accumulator A.
template <typename S, typename Out, typename A, typename Op>
void ScanContiguous(const S* in, Out* out, int64_t outer, int64_t n, int64_t inner) {
  const Op op;
  if (inner == 1) {
    for (int64_t o = 0; o < outer; ++o) {
      A acc = Op::template Identity<A>();
      for (int64_t i = 0; i < n; ++i) {
        acc = op(acc, static_cast<A>(in[o * n + i]));
        out[o * n + i] = static_cast<Out>(acc);
      }
    }
    return;
  }
  // Along an outer dim: a row of running values, each step folds one input row.
  std::vector<A> acc(inner);
  for (int64_t o = 0; o < outer; ++o) {
    std::fill(acc.begin(), acc.end(), Op::template Identity<A>());
    for (int64_t i = 0; i < n; ++i) {
      const int64_t base = (o * n + i) * inner;
      CombineRowsWide<A>(acc.data(), in + base, inner, op, MapIdentity{});
      for (int64_t j = 0; j < inner; ++j) out[base + j] = static_cast<Out>(acc[j]);
    }
  }
}

template <typename Op>
absl::StatusOr<Tensor> Scan(const Tensor& self, int64_t dim, std::optional<DType> dtype) {
  ASSIGN_OR_RETURN(int64_t d, WrapDim(dim, self.dim()));
  // Integer and bool inputs are upcast to int64 unless a dtype is given.
  const DType out_dtype = dtype.value_or(
      IsIntegral(self.dtype(), /*include_bool=*/true) ? DType::kInt64 : self.dtype());
  ASSIGN_OR_RETURN(Tensor out, MakeOutput(self, self.sizes(), out_dtype));
  if (self.is_meta() || self.numel() == 0) return out;
  Tensor in = self;
  if (dtype && *dtype != self.dtype()) {
    ASSIGN_OR_RETURN(in, self.CopyAs(*dtype));  // PyTorch converts before scanning.
  }
  ASSIGN_OR_RETURN(in, in.Contiguous());
  int64_t outer = 1, inner = 1;
  for (int64_t i = 0; i < d; ++i) outer *= in.size(i);
  for (int64_t i = d + 1; i < in.dim(); ++i) inner *= in.size(i);
  const int64_t n = in.dim() == 0 ? 1 : in.size(d);
  VisitDType(in.dtype(), [&]<typename T>() {
    using S = ElemOf<T>;
    using A = SumAcc<S>;
    const S* src = static_cast<const S*>(in.raw_data());
    if (out_dtype == in.dtype()) {
      ScanContiguous<S, T, A, Op>(src, out.data<T>(), outer, n, inner);
    } else {
      ScanContiguous<S, int64_t, A, Op>(src, out.data<int64_t>(), outer, n, inner);
    }
  });
  return out;
}

}  // namespace

absl::StatusOr<Tensor> Cumsum(const Tensor& self, int64_t dim, std::optional<DType> dtype) {
  return Scan<AddOp>(self, dim, dtype);
}

absl::StatusOr<Tensor> Cumprod(const Tensor& self, int64_t dim, std::optional<DType> dtype) {
  return Scan<ProdOp>(self, dim, dtype);
}

absl::StatusOr<Tensor> Logcumsumexp(const Tensor& self, int64_t dim) {
  ASSIGN_OR_RETURN(int64_t d, WrapDim(dim, self.dim()));
  if (!IsFloating(self.dtype())) {
    return RuntimeError(absl::StrCat("\"logcumsumexp_out_cpu\" not implemented for '",
                                     ScalarTypeName(self.dtype()), "'"));
  }
  ASSIGN_OR_RETURN(Tensor out, MakeOutput(self, self.sizes(), self.dtype()));
  if (self.is_meta() || self.numel() == 0) return out;
  ASSIGN_OR_RETURN(Tensor in, self.Contiguous());
  int64_t outer = 1, inner = 1;
  for (int64_t i = 0; i < d; ++i) outer *= in.size(i);
  for (int64_t i = d + 1; i < in.dim(); ++i) inner *= in.size(i);
  const int64_t n = in.dim() == 0 ? 1 : in.size(d);
  VisitDType(in.dtype(), [&]<typename T>() {
    if constexpr (std::is_floating_point_v<T>) {
      // PyTorch's CPU kernel: the running value is a double, combined with each element
      // by log-add-exp, where two equal infinities (or -inf, -inf) give the element.
      const T* src = in.data<T>();
      T* dst = out.data<T>();
      for (int64_t o = 0; o < outer; ++o) {
        for (int64_t j = 0; j < inner; ++j) {
          double acc = -std::numeric_limits<double>::infinity();
          for (int64_t i = 0; i < n; ++i) {
            const int64_t at = (o * n + i) * inner + j;
            const double x = src[at];
            const double lo = std::isnan(acc) ? acc : std::min(x, acc);
            const double hi = std::isnan(acc) ? acc : std::max(x, acc);
            acc = (lo != hi || std::isfinite(lo)) ? std::log1p(std::exp(lo - hi)) + hi : x;
            dst[at] = static_cast<T>(acc);
          }
        }
      }
    }
  });
  return out;
}

}  // namespace wick::tensor
