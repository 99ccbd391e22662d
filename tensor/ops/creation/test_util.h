// Test helpers for the creation/shape/indexing op groups: a registry holding just these
// groups (so the tests do not depend on the other op groups), tensor literals, and
// matchers for values, geometry and Python-style errors.
#ifndef WICK_TENSOR_OPS_CREATION_TEST_UTIL_H_
#define WICK_TENSOR_OPS_CREATION_TEST_UTIL_H_

#include <string>
#include <vector>

#include "base/python_error.h"
#include "gtest/gtest.h"
#include "tensor/op_registry.h"
#include "tensor/ops/ops.h"
#include "tensor/shape.h"
#include "tensor/tensor.h"

namespace wick::tensor::test_util {

inline const OpRegistry& Registry() {
  static const OpRegistry* r = [] {
    auto* reg = new OpRegistry();
    absl::Status s = ops::RegisterCreationOps(*reg);
    if (s.ok()) s = ops::RegisterShapeOps(*reg);
    if (s.ok()) s = ops::RegisterIndexingOps(*reg);
    if (!s.ok()) {
      ADD_FAILURE() << s;
    }
    return reg;
  }();
  return *r;
}

// Runs op `name`; the status of a failed call is returned for error checks.
inline absl::StatusOr<Value> Call(absl::string_view name, std::vector<Value> args,
                                  const Kwargs& kwargs = {}) {
  return Registry().Call(name, args, kwargs);
}
inline absl::StatusOr<Value> CallMeta(absl::string_view name, std::vector<Value> args,
                                      const Kwargs& kwargs = {}) {
  return Registry().CallMeta(name, args, kwargs);
}

// The tensor result of a call that must succeed.
inline Tensor Op(absl::string_view name, std::vector<Value> args, const Kwargs& kwargs = {}) {
  absl::StatusOr<Value> v = Call(name, std::move(args), kwargs);
  EXPECT_TRUE(v.ok()) << name << ": " << v.status();
  if (!v.ok() || !v->is_tensor()) return Tensor();
  return v->to_tensor();
}
inline std::vector<Tensor> OpList(absl::string_view name, std::vector<Value> args,
                                  const Kwargs& kwargs = {}) {
  absl::StatusOr<Value> v = Call(name, std::move(args), kwargs);
  EXPECT_TRUE(v.ok()) << name << ": " << v.status();
  if (!v.ok() || !v->is_tensor_list()) return {};
  return v->to_tensor_list();
}

// A contiguous tensor holding `values` (row-major) converted to `dtype`.
inline Tensor Lit(std::vector<double> values, std::vector<int64_t> sizes,
                  DType dtype = DType::kFloat32) {
  Tensor t = *Tensor::Empty(sizes, dtype);
  VisitDType(dtype, [&]<typename T>() {
    for (size_t i = 0; i < values.size(); ++i) t.data<T>()[i] = static_cast<T>(values[i]);
  });
  return t;
}
inline Tensor Vec(std::vector<double> values, DType dtype = DType::kFloat32) {
  return Lit(values, {static_cast<int64_t>(values.size())}, dtype);
}
inline Tensor Idx(std::vector<int64_t> values, std::vector<int64_t> sizes = {}) {
  if (sizes.empty()) sizes = {static_cast<int64_t>(values.size())};
  std::vector<double> d(values.begin(), values.end());
  return Lit(d, sizes, DType::kInt64);
}
inline Tensor Mask(std::vector<int> values, std::vector<int64_t> sizes = {}) {
  if (sizes.empty()) sizes = {static_cast<int64_t>(values.size())};
  std::vector<double> d(values.begin(), values.end());
  return Lit(d, sizes, DType::kBool);
}
// arange(numel).view(sizes) in `dtype`.
inline Tensor Ar(std::vector<int64_t> sizes, DType dtype = DType::kFloat32) {
  std::vector<double> v(Numel(sizes));
  for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<double>(i);
  return Lit(v, sizes, dtype);
}

// Elements in logical (row-major) order, as doubles.
inline std::vector<double> Values(const Tensor& t) {
  std::vector<double> out;
  for (int64_t i = 0; i < t.numel(); ++i) out.push_back(t.ElementAt(i).to_double());
  return out;
}

inline Shape S(std::vector<int64_t> v) { return Shape(v.begin(), v.end()); }

// Sizes, strides and storage offset exactly, then values.
#define EXPECT_GEOMETRY(t, sz, st, off)                                                  \
  do {                                                                                   \
    const ::wick::tensor::Tensor& wick_t_ = (t);                                         \
    EXPECT_EQ(::wick::tensor::Shape(wick_t_.sizes().begin(), wick_t_.sizes().end()),     \
              ::wick::tensor::test_util::S(sz));                                         \
    EXPECT_EQ(::wick::tensor::Shape(wick_t_.strides().begin(), wick_t_.strides().end()), \
              ::wick::tensor::test_util::S(st));                                         \
    EXPECT_EQ(wick_t_.storage_offset(), (off));                                          \
  } while (0)

inline absl::Status StatusOf(const absl::Status& s) { return s; }
template <typename T>
absl::Status StatusOf(const absl::StatusOr<T>& s) {
  return s.status();
}

// A failed call with the given Python exception type and message.
#define EXPECT_PY_ERROR(expr, py_type, py_msg)                              \
  do {                                                                      \
    const absl::Status wick_s_ = ::wick::tensor::test_util::StatusOf(expr); \
    ASSERT_FALSE(wick_s_.ok()) << #expr << " unexpectedly succeeded";       \
    EXPECT_EQ(::wick::PythonErrorType(wick_s_), py_type);                   \
    EXPECT_EQ(wick_s_.message(), py_msg);                                   \
  } while (0)

}  // namespace wick::tensor::test_util

#endif  // WICK_TENSOR_OPS_CREATION_TEST_UTIL_H_
