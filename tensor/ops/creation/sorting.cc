// Sorting along one dim: sort (stable or not), argsort, msort and topk, with PyTorch
// 1.13's CPU tie orders. Upstream orders (value, index) pairs with the C++ standard
// algorithms and a comparator that reads values only: std::sort for sort(stable=False),
// std::stable_sort for stable=True, and for topk std::partial_sort when k is small next
// to the dim (k * 64 <= n), else std::nth_element followed by std::sort of the first
// k - 1. Ties therefore come out in whatever order those algorithms leave them, and the
// only way to give the same indices is to run the same algorithms on the same pairs,
// which is what this file does (libstdc++'s algorithms are deterministic).
#include <algorithm>
#include <cmath>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/ops/creation/creation.h"
#include "tensor/ops/creation/internal/index_util.h"
#include "tensor/ops/creation/internal/op_util.h"
#include "tensor/ops/creation/internal/registration.h"

namespace wick::tensor {
namespace {

using creation_internal::WrapDimOrIndexError;

template <typename T>
bool IsNan(T v) {
  if constexpr (std::is_floating_point_v<T>) {
    return std::isnan(v);
  } else {
    return false;
  }
}

// NaN counts as larger than every number (NumPy's order), for both directions.
template <typename T>
struct Ascending {
  bool operator()(const std::pair<T, int64_t>& x, const std::pair<T, int64_t>& y) const {
    return (!IsNan(x.first) && IsNan(y.first)) || x.first < y.first;
  }
};
template <typename T>
struct Descending {
  bool operator()(const std::pair<T, int64_t>& x, const std::pair<T, int64_t>& y) const {
    return (IsNan(x.first) && !IsNan(y.first)) || x.first > y.first;
  }
};

// The sizes of `t` with dim `d` set to 1: one position per line along `d`.
Shape LineStarts(const Tensor& t, int64_t d) {
  Shape s(t.sizes().begin(), t.sizes().end());
  if (!s.empty()) s[d] = 1;
  return s;
}

struct SortOutputs {
  Tensor values;
  Tensor indices;
};

absl::StatusOr<Value> ToValue(absl::StatusOr<SortOutputs> r) {
  if (!r.ok()) return r.status();
  return Value(std::vector<Tensor>{std::move(r->values), std::move(r->indices)});
}

absl::StatusOr<SortOutputs> SortImpl(const Tensor& self, int64_t dim, bool descending,
                                     bool stable, bool meta) {
  ASSIGN_OR_RETURN(int64_t d, WrapDimOrIndexError(dim, self.dim()));
  meta = meta || self.is_meta();
  // Both outputs take self's layout when it is dense, as upstream's sort allocates them.
  const Shape strides = creation_internal::PreserveStrides(self);
  SortOutputs out;
  ASSIGN_OR_RETURN(out.values,
                   creation_internal::NewTensor(self.sizes(), strides, self.dtype(), meta));
  ASSIGN_OR_RETURN(out.indices,
                   creation_internal::NewTensor(self.sizes(), strides, DType::kInt64, meta));
  if (meta || self.numel() == 0) return out;
  const int64_t n = self.dim() == 0 ? 1 : self.size(d);
  const int64_t in_step = self.dim() == 0 ? 0 : self.stride(d);
  const int64_t out_step = self.dim() == 0 ? 0 : strides[d];
  VisitDType(self.dtype(), [&]<typename T>() {
    using Pair = std::pair<T, int64_t>;
    std::vector<Pair> line(n);
    const T* src = self.data<T>();
    T* vals = out.values.data<T>();
    int64_t* idx = out.indices.data<int64_t>();
    creation_internal::ForEachOffset2(
        LineStarts(self, d), self.strides(), strides, [&](int64_t so, int64_t oo) {
          for (int64_t i = 0; i < n; ++i) line[i] = Pair(src[so + i * in_step], i);
          if (descending) {
            if (stable) {
              std::stable_sort(line.begin(), line.end(), Descending<T>());
            } else {
              std::sort(line.begin(), line.end(), Descending<T>());
            }
          } else if (stable) {
            std::stable_sort(line.begin(), line.end(), Ascending<T>());
          } else {
            std::sort(line.begin(), line.end(), Ascending<T>());
          }
          for (int64_t i = 0; i < n; ++i) {
            vals[oo + i * out_step] = line[i].first;
            idx[oo + i * out_step] = line[i].second;
          }
        });
  });
  return out;
}

// Upstream ranks floats as double and integers as int64 (its accumulate types); the
// order is the same either way, but the pairs are what the algorithms move.
template <typename T>
using RankType = std::conditional_t<std::is_floating_point_v<T>, double, int64_t>;

template <typename Cmp, typename Pair>
void SelectTopK(std::vector<Pair>& q, int64_t k, bool sorted) {
  const Cmp cmp;
  const int64_t n = static_cast<int64_t>(q.size());
  if (k * 64 <= n) {
    std::partial_sort(q.begin(), q.begin() + k, q.end(), cmp);
    return;
  }
  std::nth_element(q.begin(), q.begin() + (k - 1), q.end(), cmp);
  if (sorted) std::sort(q.begin(), q.begin() + (k - 1), cmp);
}

absl::StatusOr<SortOutputs> TopkImpl(const Tensor& self, int64_t k, int64_t dim, bool largest,
                                     bool sorted, bool meta) {
  ASSIGN_OR_RETURN(int64_t d, WrapDimOrIndexError(dim, self.dim()));
  const int64_t n = self.dim() == 0 ? 1 : self.size(d);
  if (k < 0 || k > n) return RuntimeError("selected index k out of range");
  if (self.dtype() == DType::kBool) {
    return RuntimeError("\"topk_cpu\" not implemented for 'Bool'");
  }
  Shape sizes(self.sizes().begin(), self.sizes().end());
  if (!sizes.empty()) sizes[d] = k;
  meta = meta || self.is_meta();
  SortOutputs out;
  ASSIGN_OR_RETURN(out.values, creation_internal::NewContiguous(sizes, self.dtype(), meta));
  ASSIGN_OR_RETURN(out.indices, creation_internal::NewContiguous(sizes, DType::kInt64, meta));
  if (meta || out.values.numel() == 0) return out;
  const int64_t in_step = self.dim() == 0 ? 0 : self.stride(d);
  const int64_t out_step = self.dim() == 0 ? 0 : out.values.stride(d);
  VisitDType(self.dtype(), [&]<typename T>() {
    using R = RankType<T>;
    using Pair = std::pair<R, int64_t>;
    std::vector<Pair> q(n);
    const T* src = self.data<T>();
    T* vals = out.values.data<T>();
    int64_t* idx = out.indices.data<int64_t>();
    const int64_t kept = self.dim() == 0 ? 1 : k;  // A 0-dim input keeps its element.
    creation_internal::ForEachOffset2(
        LineStarts(self, d), self.strides(), out.values.strides(), [&](int64_t so, int64_t oo) {
          for (int64_t i = 0; i < n; ++i) q[i] = Pair(static_cast<R>(src[so + i * in_step]), i);
          if (self.dim() > 0) {
            if (largest) {
              SelectTopK<Descending<R>>(q, k, sorted);
            } else {
              SelectTopK<Ascending<R>>(q, k, sorted);
            }
          }
          for (int64_t i = 0; i < kept; ++i) {
            vals[oo + i * out_step] = static_cast<T>(q[i].first);
            idx[oo + i * out_step] = q[i].second;
          }
        });
  });
  return out;
}

absl::StatusOr<Value> SortOp(const OpArgs& a, bool meta) {
  return ToValue(SortImpl(a.tensor(0), a.int_(1), a.bool_(2), /*stable=*/false, meta));
}
// sort.stable(self, *, stable, dim, descending): stable=None means False.
absl::StatusOr<Value> SortStableOp(const OpArgs& a, bool meta) {
  return ToValue(
      SortImpl(a.tensor(0), a.int_(2), a.bool_(3), a.optional_bool(1).value_or(false), meta));
}
absl::StatusOr<Value> ArgsortOp(const OpArgs& a, bool meta) {
  ASSIGN_OR_RETURN(SortOutputs s, SortImpl(a.tensor(0), a.int_(1), a.bool_(2), false, meta));
  return Value(std::move(s.indices));
}
absl::StatusOr<Value> ArgsortStableOp(const OpArgs& a, bool meta) {
  ASSIGN_OR_RETURN(SortOutputs s, SortImpl(a.tensor(0), a.int_(2), a.bool_(3), a.bool_(1), meta));
  return Value(std::move(s.indices));
}
absl::StatusOr<Value> MsortOp(const OpArgs& a, bool meta) {
  ASSIGN_OR_RETURN(SortOutputs s, SortImpl(a.tensor(0), 0, false, false, meta));
  return Value(std::move(s.values));
}
absl::StatusOr<Value> TopkOp(const OpArgs& a, bool meta) {
  return ToValue(TopkImpl(a.tensor(0), a.int_(1), a.int_(2), a.bool_(3), a.bool_(4), meta));
}

}  // namespace

absl::StatusOr<std::pair<Tensor, Tensor>> Topk(const Tensor& self, int64_t k, int64_t dim,
                                               bool largest, bool sorted) {
  ASSIGN_OR_RETURN(SortOutputs r, TopkImpl(self, k, dim, largest, sorted, /*meta=*/false));
  return std::make_pair(std::move(r.values), std::move(r.indices));
}

namespace creation_internal {

absl::Status RegisterSortingOps(OpRegistry& r) {
  const OpFlags kBoth{.function = true, .method = true};
  struct Entry {
    const char* schema;
    OpImpl impl;
  };
  // PyTorch's binding order: the overload without `stable` first, so that a call
  // naming `stable` is the only one that reaches the second.
  const Entry entries[] = {
      {"sort(Tensor self, int dim=-1, bool descending=False) -> (Tensor values, Tensor indices)",
       SortOp},
      {"sort.stable(Tensor self, *, bool? stable, int dim=-1, bool descending=False) -> "
       "(Tensor values, Tensor indices)",
       SortStableOp},
      {"argsort(Tensor self, int dim=-1, bool descending=False) -> Tensor", ArgsortOp},
      {"argsort.stable(Tensor self, *, bool stable, int dim=-1, bool descending=False) -> Tensor",
       ArgsortStableOp},
      {"msort(Tensor self) -> Tensor", MsortOp},
      {"topk(Tensor self, int k, int dim=-1, bool largest=True, bool sorted=True) -> "
       "(Tensor values, Tensor indices)",
       TopkOp},
  };
  for (const Entry& e : entries) RETURN_IF_ERROR(RegisterOp(r, e.schema, e.impl, kBoth));
  return absl::OkStatus();
}

}  // namespace creation_internal
}  // namespace wick::tensor
