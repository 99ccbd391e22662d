#include "tensor/shape.h"

#include <algorithm>
#include <cstdint>
#include <numeric>

#include "absl/container/inlined_vector.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/python_error.h"

namespace wick::tensor {

Shape ContiguousStrides(IntSpan sizes) {
  Shape strides(sizes.size());
  int64_t s = 1;
  for (int64_t i = static_cast<int64_t>(sizes.size()) - 1; i >= 0; --i) {
    strides[i] = s;
    // Sizes from scripts can be huge: wrap (defined for unsigned) rather than overflow;
    // allocation then rejects the sizes with PyTorch's overflow message.
    s = static_cast<int64_t>(static_cast<uint64_t>(s) *
                             static_cast<uint64_t>(std::max<int64_t>(sizes[i], 1)));
  }
  return strides;
}

int64_t Numel(IntSpan sizes) {
  uint64_t n = 1;  // wraps rather than overflows for absurd sizes (checked at allocation)
  for (int64_t s : sizes) n *= static_cast<uint64_t>(s);
  return static_cast<int64_t>(n);
}

bool IsContiguousLayout(IntSpan sizes, IntSpan strides) {
  int64_t expected = 1;
  for (int64_t i = static_cast<int64_t>(sizes.size()) - 1; i >= 0; --i) {
    if (sizes[i] == 0) return true;
    if (sizes[i] == 1) continue;
    if (strides[i] != expected) return false;
    expected *= sizes[i];
  }
  return true;
}

bool IsNonOverlappingAndDense(IntSpan sizes, IntSpan strides) {
  const size_t ndim = sizes.size();
  if (ndim == 1) return sizes[0] < 2 || strides[0] == 1;
  // Visit dims from the smallest stride up (size-1 dims last: their stride is free);
  // each must step exactly over the block the previous ones cover.
  absl::InlinedVector<int, 6> perm(ndim);
  std::iota(perm.begin(), perm.end(), 0);
  std::sort(perm.begin(), perm.end(), [&](int a, int b) {
    if (sizes[a] < 2) return false;
    if (sizes[b] < 2) return true;
    return strides[a] < strides[b];
  });
  int64_t required = 1;
  for (int d : perm) {
    if (sizes[d] < 2) return true;
    if (strides[d] != required) return false;
    required *= sizes[d];
  }
  return true;
}

absl::StatusOr<int64_t> WrapDim(int64_t dim, int64_t ndim) {
  const int64_t n = std::max<int64_t>(ndim, 1);
  if (dim < -n || dim >= n) {
    return IndexError(
        absl::StrCat("Dimension out of range (expected to be in range of [", -n, ", ",
                     n - 1, "], but got ", dim, ")"));
  }
  return dim < 0 ? dim + n : dim;
}

absl::StatusOr<Shape> BroadcastShapes(IntSpan a, IntSpan b) {
  const size_t n = std::max(a.size(), b.size());
  Shape out(n);
  // From the last dimension back, like PyTorch's infer_size: the mismatch it reports
  // is the trailing-most one.
  for (size_t i = n; i-- > 0;) {
    const int64_t da = i < n - a.size() ? 1 : a[i - (n - a.size())];
    const int64_t db = i < n - b.size() ? 1 : b[i - (n - b.size())];
    if (da == db || db == 1) {
      out[i] = da;
    } else if (da == 1) {
      out[i] = db;
    } else {
      return absl::InvalidArgumentError(absl::StrCat(
          "The size of tensor a (", da, ") must match the size of tensor b (", db,
          ") at non-singleton dimension ", i));
    }
  }
  return out;
}

Shape BroadcastStrides(const Tensor& t, IntSpan target) {
  Shape strides(target.size(), 0);
  const size_t lead = target.size() - t.sizes().size();
  for (size_t i = 0; i < t.sizes().size(); ++i) {
    strides[lead + i] = t.size(i) == 1 && target[lead + i] != 1 ? 0 : t.stride(i);
  }
  return strides;
}

DType ResultType(absl::Span<const Tensor* const> operands) {
  // Three tiers, as in c10's ResultTypeState: dimensioned, zero-dim, wrapped numbers.
  std::optional<DType> dim_result, zero_result, wrapped_result;
  auto fold = [](std::optional<DType>& acc, DType t) {
    acc = acc ? PromoteTypes(*acc, t) : t;
  };
  for (const Tensor* t : operands) {
    if (t == nullptr || !t->defined()) continue;
    if (t->is_wrapped_number()) {
      DType d = t->dtype();
      if (IsFloating(d)) d = DefaultFloatDType();
      fold(wrapped_result, d);
    } else if (t->dim() == 0) {
      fold(zero_result, t->dtype());
    } else {
      fold(dim_result, t->dtype());
    }
  }
  // A lower tier only matters when it is of a higher category (c10's combine_categories).
  auto combine = [](std::optional<DType> higher, std::optional<DType> lower) {
    if (!higher) return lower;
    if (!lower) return higher;
    if (Category(*lower) > Category(*higher)) {
      return std::optional<DType>(PromoteTypes(*higher, *lower));
    }
    return higher;
  };
  std::optional<DType> r = combine(dim_result, combine(zero_result, wrapped_result));
  return r.value_or(DefaultFloatDType());
}

DType ResultType(const Tensor& a, const Tensor& b) {
  const Tensor* ops[] = {&a, &b};
  return ResultType(ops);
}

std::string ShapeToString(IntSpan sizes) {
  return absl::StrCat("[", absl::StrJoin(sizes, ", "), "]");
}

}  // namespace wick::tensor
