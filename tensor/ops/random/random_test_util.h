// Helpers for random_test.cc: a registry holding only this group's ops, calls that fail
// the test on error, the deterministic V/P inputs of testdata/make_golden.py, and bit
// patterns of tensors in row-major order (what the golden file records).
#ifndef WICK_TENSOR_OPS_RANDOM_RANDOM_TEST_UTIL_H_
#define WICK_TENSOR_OPS_RANDOM_RANDOM_TEST_UTIL_H_

#include <bit>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tensor/op_registry.h"
#include "tensor/ops/ops.h"
#include "tensor/shape.h"

namespace wick::tensor::testing {

inline const OpRegistry& RandomRegistry() {
  static const OpRegistry* r = [] {
    auto* reg = new OpRegistry();
    absl::Status s = ops::RegisterRandomOps(*reg);
    if (!s.ok()) ADD_FAILURE() << s;
    return reg;
  }();
  return *r;
}

using Sizes = std::vector<int64_t>;

// Calls a registry op; a failure is a test failure and yields an undefined tensor.
inline Value CallOp(absl::string_view name, std::vector<Value> args, Kwargs kwargs = {}) {
  absl::StatusOr<Value> v = RandomRegistry().Call(name, args, kwargs);
  if (!v.ok()) {
    ADD_FAILURE() << name << ": " << v.status();
    return Value();
  }
  return *v;
}
inline Tensor Op(absl::string_view name, std::vector<Value> args, Kwargs kwargs = {}) {
  Value v = CallOp(name, std::move(args), std::move(kwargs));
  return v.is_tensor() ? v.to_tensor() : Tensor();
}
// The status of a call expected to fail.
inline absl::Status OpError(absl::string_view name, std::vector<Value> args,
                            Kwargs kwargs = {}) {
  return RandomRegistry().Call(name, args, kwargs).status();
}

inline Tensor Empty(Sizes sizes, DType dtype = DType::kFloat32) {
  return *Tensor::Empty(sizes, dtype);
}
// A view with explicit geometry (slices, transposes, permutes).
inline Tensor ViewOf(const Tensor& base, Sizes sizes, Sizes strides, int64_t offset = 0) {
  return Tensor::View(base, sizes, strides, offset);
}
inline Tensor Transposed(const Tensor& t) {
  return ViewOf(t, {t.size(1), t.size(0)}, {t.stride(1), t.stride(0)}, t.storage_offset());
}

// make_golden.py's V: ((i * 7919 + seed * 104729) % 2001 - 1000) / 250, in [-4, 4].
inline Tensor V(Sizes sizes, int seed = 0, DType dtype = DType::kFloat32, bool abs = false) {
  Tensor t = Empty(sizes, dtype);
  VisitDType(dtype, [&]<typename T>() {
    T* p = t.data<T>();
    for (int64_t i = 0; i < t.numel(); ++i) {
      double v = static_cast<double>((i * 7919 + seed * 104729) % 2001 - 1000) / 250.0;
      if (abs && v < 0) v = -v;
      p[i] = static_cast<T>(v);
    }
  });
  return t;
}
// make_golden.py's P: ((i * 7919 + seed * 104729) % 1001) / 1000, in [0, 1].
inline Tensor P(Sizes sizes, int seed = 0, DType dtype = DType::kFloat32) {
  Tensor t = Empty(sizes, dtype);
  VisitDType(dtype, [&]<typename T>() {
    T* p = t.data<T>();
    for (int64_t i = 0; i < t.numel(); ++i) {
      p[i] = static_cast<T>(static_cast<double>((i * 7919 + seed * 104729) % 1001) / 1000.0);
    }
  });
  return t;
}

// Every element's bit pattern, row-major: float32 as its 32 bits, float64 as 64, ints
// as two's complement, bools as 0/1.
inline std::vector<uint64_t> Bits(const Tensor& t) {
  std::vector<uint64_t> out;
  if (!t.defined()) return out;
  const int64_t n = t.numel();
  out.reserve(n);
  VisitDType(t.dtype(), [&]<typename T>() {
    for (int64_t flat = 0; flat < n; ++flat) {
      int64_t off = 0, rem = flat;
      for (int64_t d = t.dim() - 1; d >= 0; --d) {
        off += (rem % t.size(d)) * t.stride(d);
        rem /= t.size(d);
      }
      const T v = t.data<T>()[off];
      if constexpr (std::is_same_v<T, float>) {
        out.push_back(std::bit_cast<uint32_t>(v));
      } else if constexpr (std::is_same_v<T, double>) {
        out.push_back(std::bit_cast<uint64_t>(v));
      } else {
        out.push_back(static_cast<uint64_t>(static_cast<int64_t>(v)));
      }
    }
  });
  return out;
}
inline std::vector<uint64_t> Bits(std::initializer_list<Tensor> ts) {
  std::vector<uint64_t> out;
  for (const Tensor& t : ts) {
    std::vector<uint64_t> b = Bits(t);
    out.insert(out.end(), b.begin(), b.end());
  }
  return out;
}

// FNV-1a over each value's 8 little-endian bytes (make_golden.py's fnv).
inline uint64_t Fnv(const std::vector<uint64_t>& values) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (uint64_t v : values) {
    for (int i = 0; i < 8; ++i) {
      h ^= (v >> (8 * i)) & 0xFF;
      h *= 0x100000001b3ull;
    }
  }
  return h;
}

inline float F32(uint32_t bits) { return std::bit_cast<float>(bits); }

}  // namespace wick::tensor::testing

#endif  // WICK_TENSOR_OPS_RANDOM_RANDOM_TEST_UTIL_H_
