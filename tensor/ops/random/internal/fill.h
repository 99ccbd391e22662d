// Building blocks of the samplers: the bulk uniform fill (raw draws a block at a time,
// then a vectorisable conversion) and the serial per-element fill in TensorIterator
// order. Callers hold the generator's mutex.
#ifndef WICK_TENSOR_OPS_RANDOM_INTERNAL_FILL_H_
#define WICK_TENSOR_OPS_RANDOM_INTERNAL_FILL_H_

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "tensor/ops/random/generator.h"
#include "tensor/ops/random/internal/iteration_order.h"
#include "tensor/shape.h"
#include "tensor/tensor.h"

namespace wick::tensor::random_internal {

// Raw draws per block of the bulk fills: small enough for the stack and L1.
inline constexpr int64_t kDrawChunk = 512;

// uniform_real_distribution<T>(from, from + range) for n consecutive elements:
// fma(x, range, from) with x the exact 24- or 53-bit uniform (PyTorch's AVX2 build fuses
// this multiply-add). `range` is the caller's (to - from) rounded to T.
template <typename T>
void UniformDense(T* out, int64_t n, T from, T range, Generator& gen) {
  static_assert(std::is_floating_point_v<T>);
  if constexpr (std::is_same_v<T, float>) {
    uint32_t buf[kDrawChunk];
    for (int64_t i = 0; i < n; i += kDrawChunk) {
      const int64_t m = std::min(kDrawChunk, n - i);
      gen.Fill32(buf, m);
      float* o = out + i;
      for (int64_t k = 0; k < m; ++k) {
        const float x = static_cast<float>(static_cast<int32_t>(buf[k] & 0xFFFFFFu)) * 0x1p-24f;
        o[k] = std::fma(x, range, from);
      }
    }
  } else {
    uint64_t buf[kDrawChunk];
    for (int64_t i = 0; i < n; i += kDrawChunk) {
      const int64_t m = std::min(kDrawChunk, n - i);
      gen.Fill64(buf, m);
      double* o = out + i;
      for (int64_t k = 0; k < m; ++k) {
        const double x =
            static_cast<double>(static_cast<int64_t>(buf[k] & ((uint64_t{1} << 53) - 1))) *
            0x1p-53;
        o[k] = std::fma(x, range, from);
      }
    }
  }
}

// One uniform of the same distribution (the strided path).
template <typename T>
T UniformOne(T from, T range, Generator& gen) {
  if constexpr (std::is_same_v<T, float>) {
    return std::fma(gen.UniformFloat(), range, from);
  } else {
    return std::fma(gen.UniformDouble(), range, from);
  }
}

// Writes draw() into every element of `self` in PyTorch's serial-kernel order: memory
// order for non-overlapping dense layouts (one linear run from the first element, which
// has the lowest address), TensorIterator's dim order otherwise.
template <typename T, typename Draw>
void SerialFill(const Tensor& self, Draw&& draw) {
  T* base = self.data<T>();
  if (IsNonOverlappingAndDense(self.sizes(), self.strides())) {
    const int64_t n = self.numel();
    for (int64_t i = 0; i < n; ++i) base[i] = draw();
    return;
  }
  ForEachOffset(self.sizes(), self.strides(), [&](int64_t off) { base[off] = draw(); });
}

// Calls fn(T*, n) on the contiguous runs of a non-overlapping dense layout, or per element
// in iteration order otherwise (n == 1); lets bulk fills reach permuted layouts.
template <typename T, typename Fn>
void ForEachRun(const Tensor& self, Fn&& fn) {
  T* base = self.data<T>();
  if (IsNonOverlappingAndDense(self.sizes(), self.strides())) {
    fn(base, self.numel());
    return;
  }
  ForEachOffset(self.sizes(), self.strides(), [&](int64_t off) { fn(base + off, 1); });
}

}  // namespace wick::tensor::random_internal

#endif  // WICK_TENSOR_OPS_RANDOM_INTERNAL_FILL_H_
