// Test helpers for pointwise ops: tensors from literals, element values back as doubles,
// and status matchers. Test-only.
#ifndef WICK_TENSOR_OPS_POINTWISE_INTERNAL_TEST_UTIL_H_
#define WICK_TENSOR_OPS_POINTWISE_INTERNAL_TEST_UTIL_H_

#include <cmath>
#include <initializer_list>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "base/python_error.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tensor/shape.h"
#include "tensor/tensor.h"

namespace wick::tensor::testing {

// A contiguous tensor of `dtype` holding `values` (row-major) with `sizes` (default 1-D).
inline Tensor Make(std::initializer_list<double> values, DType dtype = DType::kFloat32,
                   Shape sizes = {}) {
  if (sizes.empty()) sizes = {static_cast<int64_t>(values.size())};
  Tensor t = *Tensor::Empty(sizes, dtype);
  int64_t i = 0;
  for (double v : values) {
    VisitDType(dtype, [&]<typename T>() { t.data<T>()[i] = static_cast<T>(v); });
    ++i;
  }
  return t;
}

// 0, 1, 2, ... in `sizes`.
inline Tensor Arange(Shape sizes, DType dtype = DType::kFloat32) {
  Tensor t = *Tensor::Empty(sizes, dtype);
  VisitDType(dtype, [&]<typename T>() {
    for (int64_t i = 0; i < t.numel(); ++i) t.data<T>()[i] = static_cast<T>(i);
  });
  return t;
}

// A 0-dim tensor as a Python number becomes when passed for a Tensor argument.
inline Tensor Wrapped(Scalar s) { return Tensor::FromScalar(s, std::nullopt, true); }

// A view with permuted dims (like Tensor.permute).
inline Tensor Permute(const Tensor& t, std::initializer_list<int> perm) {
  Shape sizes, strides;
  for (int d : perm) {
    sizes.push_back(t.size(d));
    strides.push_back(t.stride(d));
  }
  return Tensor::View(t, sizes, strides, t.storage_offset());
}

// A broadcast view (like Tensor.expand) of `t` to `sizes`.
inline Tensor Expand(const Tensor& t, Shape sizes) {
  return Tensor::View(t, sizes, BroadcastStrides(t, sizes), t.storage_offset());
}

// Elements in row-major order, as doubles.
inline std::vector<double> Values(const Tensor& t) {
  std::vector<double> v;
  for (int64_t i = 0; i < t.numel(); ++i) v.push_back(t.ElementAt(i).to_double());
  return v;
}

inline std::vector<int64_t> Vec(IntSpan s) { return {s.begin(), s.end()}; }

// Element-wise closeness with NaN == NaN and exact infinities.
MATCHER_P2(AllClose, expected, rel, "") {
  const std::vector<double>& got = arg;
  if (got.size() != expected.size()) {
    *result_listener << "size " << got.size() << " vs " << expected.size();
    return false;
  }
  for (size_t i = 0; i < got.size(); ++i) {
    const double g = got[i], e = expected[i];
    if (std::isnan(e) && std::isnan(g)) continue;
    if (std::isinf(e) || std::isinf(g)) {
      if (g != e) {
        *result_listener << "at " << i << ": " << g << " vs " << e;
        return false;
      }
      continue;
    }
    if (std::fabs(g - e) > rel * std::fabs(e) + rel) {
      *result_listener << "at " << i << ": " << g << " vs " << e;
      return false;
    }
  }
  return true;
}

// Bitwise-exact element equality (distinguishes -0.0 from 0.0; NaN equals NaN).
MATCHER_P(SameBits, expected, "") {
  const std::vector<double>& got = arg;
  if (got.size() != expected.size()) return false;
  for (size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(got[i]) && std::isnan(expected[i])) continue;
    if (got[i] != expected[i] || std::signbit(got[i]) != std::signbit(expected[i])) {
      *result_listener << "at " << i << ": " << got[i] << " vs " << expected[i];
      return false;
    }
  }
  return true;
}

// The status is a Python `type` error with exactly `message`.
MATCHER_P2(IsPyError, type, message, "") {
  const absl::Status& s = arg;
  if (s.ok()) {
    *result_listener << "status is OK";
    return false;
  }
  if (PythonErrorType(s) != type || s.message() != message) {
    *result_listener << PythonErrorType(s) << ": " << s.message();
    return false;
  }
  return true;
}

}  // namespace wick::tensor::testing

#endif  // WICK_TENSOR_OPS_POINTWISE_INTERNAL_TEST_UTIL_H_
