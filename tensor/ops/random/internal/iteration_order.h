// The order in which PyTorch's serial CPU kernels visit elements, and the layouts its
// factories pick. Samplers draw one value per element in visiting order, so a strided or
// permuted output must be walked exactly as TensorIterator walks it (memory order, found
// by sorting dims by stride) for the streams to agree.
#ifndef WICK_TENSOR_OPS_RANDOM_INTERNAL_ITERATION_ORDER_H_
#define WICK_TENSOR_OPS_RANDOM_INTERNAL_ITERATION_ORDER_H_

#include <cstdint>

#include "absl/container/inlined_vector.h"
#include "absl/types/span.h"
#include "tensor/kernels/iteration_order.h"
#include "tensor/tensor.h"

namespace wick::tensor::random_internal {

// TensorIterator's dimension order is the kernel toolkit's (tensor/kernels/).
using kernels::DenseStridesInOrder;
using kernels::DimOrder;
using kernels::ReorderDims;

// PyTorch's has_internal_overlap() == YES: a dim of size > 1 with stride 0 (expand).
bool HasInternalOverlap(IntSpan sizes, IntSpan strides);

// The strides empty_like(t) (memory_format=preserve) gives: t's own when t is
// non-overlapping and dense, otherwise dense strides in t's stride order.
Shape EmptyLikeStrides(const Tensor& t);

// Calls fn(offset) for every element of a (sizes, strides) layout, in TensorIterator
// order; offsets are in elements from the first element.
template <typename Fn>
void ForEachOffset(IntSpan sizes, IntSpan strides, Fn&& fn) {
  for (int64_t s : sizes) {
    if (s == 0) return;
  }
  const IntSpan ops[] = {strides};
  const DimOrder perm = ReorderDims(sizes, ops);
  // Walk dims fastest-first, skipping size-1 dims (they do not change the order).
  absl::InlinedVector<int64_t, 6> size, stride;
  for (int d : perm) {
    if (sizes[d] == 1) continue;
    size.push_back(sizes[d]);
    stride.push_back(strides[d]);
  }
  if (size.empty()) {
    fn(int64_t{0});
    return;
  }
  absl::InlinedVector<int64_t, 6> idx(size.size(), 0);
  int64_t base = 0;
  const int64_t inner_n = size[0], inner_s = stride[0];
  while (true) {
    for (int64_t i = 0; i < inner_n; ++i) fn(base + i * inner_s);
    size_t d = 1;
    for (; d < size.size(); ++d) {
      base += stride[d];
      if (++idx[d] < size[d]) break;
      base -= stride[d] * size[d];
      idx[d] = 0;
    }
    if (d == size.size()) return;
  }
}

// Two operands of one shape (an output and a broadcast input): fn(out_offset, in_offset).
template <typename Fn>
void ForEachOffset2(IntSpan sizes, IntSpan out_strides, IntSpan in_strides, Fn&& fn) {
  for (int64_t s : sizes) {
    if (s == 0) return;
  }
  const IntSpan ops[] = {out_strides, in_strides};
  const DimOrder perm = ReorderDims(sizes, ops);
  absl::InlinedVector<int64_t, 6> size, so, si;
  for (int d : perm) {
    if (sizes[d] == 1) continue;
    size.push_back(sizes[d]);
    so.push_back(out_strides[d]);
    si.push_back(in_strides[d]);
  }
  if (size.empty()) {
    fn(int64_t{0}, int64_t{0});
    return;
  }
  absl::InlinedVector<int64_t, 6> idx(size.size(), 0);
  int64_t bo = 0, bi = 0;
  while (true) {
    for (int64_t i = 0; i < size[0]; ++i) fn(bo + i * so[0], bi + i * si[0]);
    size_t d = 1;
    for (; d < size.size(); ++d) {
      bo += so[d];
      bi += si[d];
      if (++idx[d] < size[d]) break;
      bo -= so[d] * size[d];
      bi -= si[d] * size[d];
      idx[d] = 0;
    }
    if (d == size.size()) return;
  }
}

}  // namespace wick::tensor::random_internal

#endif  // WICK_TENSOR_OPS_RANDOM_INTERNAL_ITERATION_ORDER_H_
