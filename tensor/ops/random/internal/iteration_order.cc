// TensorIterator's dimension ordering and the layout predicates built on it.
#include "tensor/ops/random/internal/iteration_order.h"

#include <algorithm>
#include <numeric>
#include <utility>

#include "tensor/shape.h"

namespace wick::tensor::random_internal {

Perm IterationPerm(IntSpan sizes, absl::Span<const IntSpan> operand_strides) {
  const int ndim = static_cast<int>(sizes.size());
  Perm perm(ndim);
  if (ndim == 0) return perm;
  // Start from reversed (row-major) order: perm[0] = last dim.
  for (int i = 0; i < ndim; ++i) perm[i] = ndim - 1 - i;
  if (ndim == 1) return perm;
  // +1: dim0 goes after dim1; -1: before; 0: no operand decides.
  auto should_swap = [&](int dim0, int dim1) {
    for (IntSpan st : operand_strides) {
      const int64_t s0 = st[dim0], s1 = st[dim1];
      if (s0 == 0 || s1 == 0) continue;  // Broadcast: let the next operand decide.
      if (s0 < s1) return -1;
      if (s0 > s1) return 1;
      if (sizes[dim0] > sizes[dim1]) return 1;
    }
    return 0;
  };
  // Insertion sort that tolerates ambiguous comparisons (it only moves on a strict +1).
  for (int i = 1; i < ndim; ++i) {
    int dim1 = i;
    for (int dim0 = i - 1; dim0 >= 0; --dim0) {
      const int c = should_swap(perm[dim0], perm[dim1]);
      if (c > 0) {
        std::swap(perm[dim0], perm[dim1]);
        dim1 = dim0;
      } else if (c < 0) {
        break;
      }
    }
  }
  return perm;
}

Shape DenseStridesInOrder(IntSpan sizes, const Perm& perm) {
  Shape strides(sizes.size());
  int64_t s = 1;
  for (int d : perm) {
    strides[d] = s;
    if (sizes[d] > 1) s *= sizes[d];
  }
  return strides;
}

bool HasInternalOverlap(IntSpan sizes, IntSpan strides) {
  if (IsNonOverlappingAndDense(sizes, strides)) return false;
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (sizes[i] > 1 && strides[i] == 0) return true;
  }
  return false;
}

Shape EmptyLikeStrides(const Tensor& t) {
  if (IsNonOverlappingAndDense(t.sizes(), t.strides())) {
    return Shape(t.strides().begin(), t.strides().end());
  }
  const IntSpan ops[] = {t.strides()};
  return DenseStridesInOrder(t.sizes(), IterationPerm(t.sizes(), ops));
}

}  // namespace wick::tensor::random_internal
