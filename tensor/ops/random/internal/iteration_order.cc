// The layout predicates built on TensorIterator's dimension order.
#include "tensor/ops/random/internal/iteration_order.h"

#include <algorithm>
#include <numeric>
#include <utility>

#include "tensor/shape.h"

namespace wick::tensor::random_internal {

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
  return DenseStridesInOrder(t.sizes(), ReorderDims(t.sizes(), ops));
}

}  // namespace wick::tensor::random_internal
