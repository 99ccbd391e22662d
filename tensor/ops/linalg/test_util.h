// Test helpers for the linalg package: tensors from values, seeded random tensors, the
// same values in other memory layouts (permuted or strided views), and element
// comparison with tolerances. Header-only; tests only.
#ifndef WICK_TENSOR_OPS_LINALG_TEST_UTIL_H_
#define WICK_TENSOR_OPS_LINALG_TEST_UTIL_H_

#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tensor/copy.h"
#include "tensor/shape.h"
#include "tensor/tensor.h"

namespace wick::tensor::testing {

inline Tensor FromValues(const std::vector<double>& values, IntSpan sizes,
                         DType dtype = DType::kFloat32) {
  Tensor t = *Tensor::Empty(sizes, dtype);
  EXPECT_EQ(static_cast<int64_t>(values.size()), t.numel());
  VisitDType(dtype, [&]<typename T>() {
    for (int64_t i = 0; i < t.numel(); ++i) t.data<T>()[i] = static_cast<T>(values[i]);
  });
  return t;
}

// Uniform values in [-2, 2) for floats, integers in [-4, 4] otherwise; deterministic.
inline Tensor Random(IntSpan sizes, DType dtype, uint32_t seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> real(-2.0, 2.0);
  std::uniform_int_distribution<int> ints(-4, 4);
  Tensor t = *Tensor::Empty(sizes, dtype);
  VisitDType(dtype, [&]<typename T>() {
    for (int64_t i = 0; i < t.numel(); ++i) {
      if constexpr (std::is_floating_point_v<T>) {
        t.data<T>()[i] = static_cast<T>(real(gen));
      } else {
        t.data<T>()[i] = static_cast<T>(ints(gen));
      }
    }
  });
  return t;
}

// Every element in row-major logical order, as doubles.
inline std::vector<double> Values(const Tensor& t) {
  std::vector<double> v(t.numel());
  for (int64_t i = 0; i < t.numel(); ++i) v[i] = t.ElementAt(i).to_double();
  return v;
}

// The values of `t` in a tensor whose memory order is `perm` (perm[0] outermost): a
// non-contiguous view when perm is not the identity.
inline Tensor WithLayout(const Tensor& t, std::vector<int64_t> perm) {
  Shape base_sizes;
  for (int64_t d : perm) base_sizes.push_back(t.size(d));
  Tensor base = *Tensor::Empty(base_sizes, t.dtype());
  Shape strides(t.dim());
  for (size_t i = 0; i < perm.size(); ++i) strides[perm[i]] = base.stride(i);
  Tensor view = Tensor::View(base, t.sizes(), strides, 0);
  EXPECT_TRUE(CopyInto(view, t).ok());
  return view;
}

// The values of `t` in a view that steps `step` elements along `dim` (and starts at an
// offset), so neither the data pointer nor the strides are those of a fresh tensor.
inline Tensor Strided(const Tensor& t, int64_t dim, int64_t step) {
  Shape base_sizes(t.sizes().begin(), t.sizes().end());
  base_sizes[dim] = t.size(dim) * step + 1;
  Tensor base = *Tensor::Empty(base_sizes, t.dtype());
  Shape strides(base.strides().begin(), base.strides().end());
  const int64_t offset = strides[dim];
  strides[dim] *= step;
  Tensor view = Tensor::View(base, t.sizes(), strides, offset);
  EXPECT_TRUE(CopyInto(view, t).ok());
  return view;
}

inline void ExpectClose(const std::vector<double>& actual, const std::vector<double>& expected,
                        double rtol, double atol, const std::string& what = "") {
  ASSERT_EQ(actual.size(), expected.size()) << what;
  for (size_t i = 0; i < actual.size(); ++i) {
    const double a = actual[i], e = expected[i];
    if (std::isnan(e)) {
      EXPECT_TRUE(std::isnan(a)) << what << " element " << i << ": " << a << " vs nan";
    } else if (std::isinf(e)) {
      EXPECT_EQ(a, e) << what << " element " << i;
    } else {
      EXPECT_NEAR(a, e, atol + rtol * std::fabs(e)) << what << " element " << i;
    }
  }
}

inline void ExpectClose(const Tensor& actual, const std::vector<double>& expected,
                        double rtol = 1e-6, double atol = 1e-6, const std::string& what = "") {
  ExpectClose(Values(actual), expected, rtol, atol, what);
}

inline Shape S(std::initializer_list<int64_t> v) { return Shape(v); }

}  // namespace wick::tensor::testing

#endif  // WICK_TENSOR_OPS_LINALG_TEST_UTIL_H_
