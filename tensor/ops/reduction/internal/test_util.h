// Helpers for the reduction tests: tensors from literal values, permuted (non-contiguous)
// views, reading elements back, and checking Python-typed error statuses.
#ifndef WICK_TENSOR_OPS_REDUCTION_INTERNAL_TEST_UTIL_H_
#define WICK_TENSOR_OPS_REDUCTION_INTERNAL_TEST_UTIL_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "base/python_error.h"
#include "gtest/gtest.h"
#include "tensor/tensor.h"

namespace wick::tensor::reduce_testing {

// A contiguous tensor of `dtype` holding `values` (row-major) converted from double.
inline Tensor Make(IntSpan sizes, const std::vector<double>& values,
                   DType dtype = DType::kFloat32) {
  Tensor t = *Tensor::Empty(sizes, dtype);
  EXPECT_EQ(static_cast<int64_t>(values.size()), t.numel());
  VisitDType(dtype, [&]<typename T>() {
    for (int64_t i = 0; i < t.numel(); ++i) t.data<T>()[i] = static_cast<T>(values[i]);
  });
  return t;
}

// 0, 1, 2, ... in `dtype`.
inline Tensor Arange(IntSpan sizes, DType dtype = DType::kFloat32) {
  Tensor t = *Tensor::Empty(sizes, dtype);
  VisitDType(dtype, [&]<typename T>() {
    for (int64_t i = 0; i < t.numel(); ++i) t.data<T>()[i] = static_cast<T>(i);
  });
  return t;
}

// Varied values in [-4, 4] (the parity suite's V(): deterministic, no ties by accident).
inline Tensor Varied(IntSpan sizes, int64_t seed = 0, DType dtype = DType::kFloat32) {
  Tensor t = *Tensor::Empty(sizes, dtype);
  VisitDType(dtype, [&]<typename T>() {
    for (int64_t i = 0; i < t.numel(); ++i) {
      t.data<T>()[i] = static_cast<T>(((i * 7919 + seed * 104729) % 2001 - 1000) / 250.0);
    }
  });
  return t;
}

// t.permute(perm): a view sharing t's storage.
inline Tensor Permute(const Tensor& t, std::vector<int64_t> perm) {
  Shape sizes, strides;
  for (int64_t p : perm) {
    sizes.push_back(t.size(p));
    strides.push_back(t.stride(p));
  }
  return Tensor::View(t, sizes, strides, t.storage_offset());
}

// Elements in row-major logical order, as doubles.
inline std::vector<double> Values(const Tensor& t) {
  std::vector<double> v;
  for (int64_t i = 0; i < t.numel(); ++i) v.push_back(t.ElementAt(i).to_double());
  return v;
}

inline std::vector<int64_t> Sizes(const Tensor& t) {
  return std::vector<int64_t>(t.sizes().begin(), t.sizes().end());
}
inline std::vector<int64_t> Strides(const Tensor& t) {
  return std::vector<int64_t>(t.strides().begin(), t.strides().end());
}

// Asserts that `s` failed as Python exception `type` with exactly `message`.
template <typename T>
void ExpectError(const absl::StatusOr<T>& s, const std::string& type, const std::string& message) {
  ASSERT_FALSE(s.ok()) << "expected " << type << ": " << message;
  EXPECT_EQ(PythonErrorType(s.status()), type) << s.status();
  EXPECT_EQ(std::string(s.status().message()), message);
}

}  // namespace wick::tensor::reduce_testing

#endif  // WICK_TENSOR_OPS_REDUCTION_INTERNAL_TEST_UTIL_H_
