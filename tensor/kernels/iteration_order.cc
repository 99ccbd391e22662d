// TensorIterator's dimension ordering, once for every op group.
#include "tensor/kernels/iteration_order.h"

#include <utility>

namespace wick::tensor::kernels {

DimOrder ReorderDims(IntSpan sizes, absl::Span<const IntSpan> operand_strides) {
  const int ndim = static_cast<int>(sizes.size());
  DimOrder order(ndim);
  // Start from reversed (row-major) order: order[0] = last dim.
  for (int i = 0; i < ndim; ++i) order[i] = ndim - 1 - i;
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
      const int c = should_swap(order[dim0], order[dim1]);
      if (c > 0) {
        std::swap(order[dim0], order[dim1]);
        dim1 = dim0;
      } else if (c < 0) {
        break;
      }
    }
  }
  return order;
}

bool IsRowMajor(const DimOrder& order) {
  const int ndim = static_cast<int>(order.size());
  for (int j = 0; j < ndim; ++j) {
    if (order[j] != ndim - 1 - j) return false;
  }
  return true;
}

Shape DenseStridesInOrder(IntSpan sizes, const DimOrder& order) {
  Shape strides(sizes.size());
  int64_t s = 1;
  for (int d : order) {
    strides[d] = s;
    if (sizes[d] > 1) s *= sizes[d];
  }
  return strides;
}

}  // namespace wick::tensor::kernels
