// Loops shared by the indexing kernels (index, index_put_, index_select, nonzero, masked
// ops): walking a shape's positions with their element offsets, and copying or adding a
// "block" (the dims an index leaves whole) between two tensors at given offsets. Nothing
// here allocates per element: large gathers must not pay for temporary offset tables.
#ifndef WICK_TENSOR_OPS_CREATION_INTERNAL_INDEX_UTIL_H_
#define WICK_TENSOR_OPS_CREATION_INTERNAL_INDEX_UTIL_H_

#include <cstdint>
#include <cstring>

#include "absl/types/span.h"
#include "tensor/internal/strided_loop.h"
#include "tensor/shape.h"
#include "tensor/tensor.h"

namespace wick::tensor::creation_internal {

// Calls fn(offset) for every position of `sizes` in row-major order, `offset` being the
// element offset under `strides`.
template <typename Fn>
void ForEachOffset(IntSpan sizes, IntSpan strides, Fn fn) {
  const int64_t n = Numel(sizes);
  if (n <= 0) return;
  const int64_t nd = static_cast<int64_t>(sizes.size());
  if (nd == 0) {
    fn(int64_t{0});
    return;
  }
  // Innermost dim as a plain loop, the rest as an odometer.
  const int64_t inner = sizes[nd - 1], inner_stride = strides[nd - 1];
  Shape idx(nd, 0);
  int64_t base = 0;
  for (int64_t done = 0; done < n; done += inner) {
    for (int64_t i = 0; i < inner; ++i) fn(base + i * inner_stride);
    for (int64_t d = nd - 2; d >= 0; --d) {
      if (++idx[d] < sizes[d]) {
        base += strides[d];
        break;
      }
      base -= (sizes[d] - 1) * strides[d];
      idx[d] = 0;
    }
  }
}

// ForEachOffset over two operands of the same sizes: fn(offset_a, offset_b).
template <typename Fn>
void ForEachOffset2(IntSpan sizes, IntSpan strides_a, IntSpan strides_b, Fn fn) {
  const int64_t n = Numel(sizes);
  if (n <= 0) return;
  const int64_t nd = static_cast<int64_t>(sizes.size());
  if (nd == 0) {
    fn(int64_t{0}, int64_t{0});
    return;
  }
  const int64_t inner = sizes[nd - 1], sa = strides_a[nd - 1], sb = strides_b[nd - 1];
  Shape idx(nd, 0);
  int64_t a = 0, b = 0;
  for (int64_t done = 0; done < n; done += inner) {
    for (int64_t i = 0; i < inner; ++i) fn(a + i * sa, b + i * sb);
    for (int64_t d = nd - 2; d >= 0; --d) {
      if (++idx[d] < sizes[d]) {
        a += strides_a[d];
        b += strides_b[d];
        break;
      }
      a -= (sizes[d] - 1) * strides_a[d];
      b -= (sizes[d] - 1) * strides_b[d];
      idx[d] = 0;
    }
  }
}

// The dims one index position copies whole, with both tensors' strides (in elements).
struct Block {
  Shape sizes;
  Shape dst_strides;
  Shape src_strides;
  int64_t numel() const { return Numel(sizes); }
};

// dst[block] = (or +=, when `accumulate`) src[block], from the given first elements.
template <typename T>
void CopyBlock(T* dst, const T* src, const Block& b, bool accumulate) {
  constexpr int64_t kSize = sizeof(T);
  internal::StridedLoop<2> loop(b.sizes,
                                {internal::LoopOperand{dst, b.dst_strides, kSize},
                                 internal::LoopOperand{const_cast<T*>(src), b.src_strides, kSize}});
  loop.Run([accumulate](char* const* p, const int64_t* step, int64_t n) {
    if (!accumulate && step[0] == kSize && step[1] == kSize) {
      std::memcpy(p[0], p[1], n * kSize);
      return;
    }
    char* o = p[0];
    const char* i = p[1];
    for (int64_t k = 0; k < n; ++k, o += step[0], i += step[1]) {
      T& out = *reinterpret_cast<T*>(o);
      const T in = *reinterpret_cast<const T*>(i);
      out = accumulate ? static_cast<T>(out + in) : in;
    }
  });
}

}  // namespace wick::tensor::creation_internal

#endif  // WICK_TENSOR_OPS_CREATION_INTERNAL_INDEX_UTIL_H_
