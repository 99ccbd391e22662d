// uniform_, normal_, random_, the one-uniform-per-element distributions, randperm and
// nn.Linear's initialisation, following PyTorch 1.13's CPU kernels draw for draw
// (aten/src/ATen/native/cpu/DistributionTemplates.h and DistributionKernels.cpp).
#include "tensor/ops/random/samplers.h"

#include <cmath>
#include <limits>
#include <mutex>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/ops/random/internal/fill.h"
#include "tensor/ops/random/internal/normal_transform.h"

namespace wick::tensor {
namespace random_internal {

// caffe2::TypeMeta's name, which the bounds messages print.
absl::string_view TypeMetaName(DType dtype) {
  switch (dtype) {
    case DType::kBool: return "bool";
    case DType::kInt32: return "int";
    case DType::kInt64: return "long int";
    case DType::kFloat32: return "float";
    case DType::kFloat64: break;
  }
  return "double";
}

absl::Status NotImplementedFor(absl::string_view kernel, DType dtype) {
  return RuntimeError(
      absl::StrCat("\"", kernel, "\" not implemented for '", ScalarTypeName(dtype), "'"));
}

std::string FormatDouble(double v) { return absl::StrFormat("%g", v); }

absl::Status CheckUniformArgs(DType dtype, double from, double to) {
  if (!IsFloating(dtype)) return NotImplementedFor("check_uniform_bounds", dtype);
  const bool f32 = dtype == DType::kFloat32;
  const double max = f32 ? std::numeric_limits<float>::max() : std::numeric_limits<double>::max();
  if (!(from >= -max && from <= max)) {
    return RuntimeError(absl::StrCat("from is out of bounds for ", TypeMetaName(dtype)));
  }
  if (!(to >= -max && to <= max)) {
    return RuntimeError(absl::StrCat("to is out of bounds for ", TypeMetaName(dtype)));
  }
  if (!(from <= to)) {
    return RuntimeError(absl::StrCat(
        "uniform_ expects to return a [from, to) range, but found from=", FormatDouble(from),
        " > to=", FormatDouble(to)));
  }
  if (!(to - from <= max)) {
    return RuntimeError(absl::StrCat(
        "uniform_ expects to-from <= std::numeric_limits<", ScalarTypeName(dtype),
        ">::max(), but found to=", FormatDouble(to), " and from=", FormatDouble(from),
        " which result in to-from to exceed the limit"));
  }
  return absl::OkStatus();
}

absl::Status CheckNormalStd(double std) {
  if (!(std >= 0.0)) {
    return RuntimeError(
        absl::StrCat("normal expects std >= 0.0, but found std ", FormatDouble(std)));
  }
  return absl::OkStatus();
}

namespace {

// x86-64's float -> int64 conversion (cvttsd2si): out-of-range and NaN give INT64_MIN.
// PyTorch's bound adjustment relies on that conversion near 2^63.
int64_t ToInt64X86(double v) {
  if (!(v >= -0x1p63 && v < 0x1p63)) return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(v);
}
int64_t WrapAdd(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}
int FloorLog2(uint64_t v) {
  int n = 0;
  while (v >>= 1) ++n;
  return n;
}
uint64_t AbsU(int64_t v) { return v < 0 ? 0 - static_cast<uint64_t>(v) : v; }

// PyTorch's update_from / update_to: nudge bounds that round outside [from, to) when
// converted to a float type with `digits` mantissa bits.
template <typename T>
int64_t UpdateFrom(int64_t from) {
  constexpr int digits = std::numeric_limits<T>::digits;
  const int64_t from_plus_1 = ToInt64X86(static_cast<T>(WrapAdd(from, 1)));
  if (from_plus_1 < from) {
    const int n = FloorLog2(AbsU(WrapAdd(from, 1)));
    from = WrapAdd(from_plus_1, int64_t{1} << (n - digits + 1));
  }
  return from;
}
template <typename T>
int64_t UpdateTo(int64_t to) {
  constexpr int digits = std::numeric_limits<T>::digits;
  const int64_t to_minus_1 = ToInt64X86(static_cast<T>(WrapAdd(to, -1)));
  if (to_minus_1 >= to) {
    const int n = FloorLog2(AbsU(WrapAdd(to, -1)));
    to = WrapAdd(to_minus_1, -(int64_t{1} << (n - digits + 1)));
  }
  return to;
}

// check_from_to_in_range: `to_inc` is the largest value that may be produced.
absl::Status CheckFromToInRange(DType dtype, int64_t from, int64_t to_inc) {
  auto out_of_bounds = [&](absl::string_view what) {
    return RuntimeError(absl::StrCat(what, " is out of bounds for ", TypeMetaName(dtype)));
  };
  if (IsFloating(dtype)) {
    const double max = dtype == DType::kFloat32 ? std::numeric_limits<float>::max()
                                                : std::numeric_limits<double>::max();
    if (!(static_cast<double>(from) >= -max && static_cast<double>(from) <= max)) {
      return out_of_bounds("from");
    }
    if (!(static_cast<double>(to_inc) >= -max && static_cast<double>(to_inc) <= max)) {
      return out_of_bounds("to - 1");
    }
    // PyTorch only warns when the bounds exceed 2^digits (and wick has no warnings).
    return absl::OkStatus();
  }
  int64_t lo = std::numeric_limits<int64_t>::min(), hi = std::numeric_limits<int64_t>::max();
  if (dtype == DType::kInt32) {
    lo = std::numeric_limits<int32_t>::min();
    hi = std::numeric_limits<int32_t>::max();
  } else if (dtype == DType::kBool) {
    lo = 0;
    hi = 1;
  }
  if (from < lo || from > hi) return out_of_bounds("from");
  if (to_inc < lo || to_inc > hi) return out_of_bounds("to - 1");
  return absl::OkStatus();
}

}  // namespace

absl::Status CheckRandomFromTo(DType dtype, int64_t* from, int64_t* to, uint64_t* range) {
  if (!(*from < *to)) {
    return RuntimeError(absl::StrCat("random_ expects 'from' to be less than 'to', but got from=",
                                     *from, " >= to=", *to));
  }
  if (IsFloating(dtype)) {
    if (dtype == DType::kFloat32) {
      *from = UpdateFrom<float>(*from);
      *to = UpdateTo<float>(*to);
    } else {
      *from = UpdateFrom<double>(*from);
      *to = UpdateTo<double>(*to);
    }
    if (!(*from < *to)) {
      return RuntimeError(absl::StrCat(
          "random_ expects 'from' casted to dtype to be less than 'to' casted to dtype, but "
          "got from=", *from, " >= to=", *to));
    }
  }
  RETURN_IF_ERROR(CheckFromToInRange(dtype, *from, WrapAdd(*to, -1)));
  *range = static_cast<uint64_t>(*to) - static_cast<uint64_t>(*from);
  return absl::OkStatus();
}

}  // namespace random_internal

namespace {

using random_internal::NotImplementedFor;

absl::Status RequireData(const Tensor& self) {
  if (!self.defined() || self.is_meta()) {
    return absl::FailedPreconditionError("random sampler called on a tensor without data");
  }
  return absl::OkStatus();
}

// TensorIterator's refusal to write through expanded (stride-0) dims.
absl::Status CheckNoInternalOverlap(const Tensor& self) {
  if (random_internal::HasInternalOverlap(self.sizes(), self.strides())) {
    return RuntimeError(
        "unsupported operation: more than one element of the written-to tensor refers to a "
        "single memory location. Please clone() the tensor before performing the operation.");
  }
  return absl::OkStatus();
}

template <typename T>
void UniformTyped(const Tensor& self, double from_d, double to_d, Generator& gen) {
  const T from = static_cast<T>(from_d);
  const T range = static_cast<T>(to_d) - from;  // Rounded to T, as PyTorch's `to - from`.
  if (IsNonOverlappingAndDense(self.sizes(), self.strides())) {
    random_internal::UniformDense<T>(self.data<T>(), self.numel(), from, range, gen);
    return;
  }
  random_internal::SerialFill<T>(
      self, [&] { return random_internal::UniformOne<T>(from, range, gen); });
}

// The fill path: all uniforms first, 16-element blocks, then 16 fresh uniforms for a
// ragged tail, transformed over the last 16 slots (overwriting earlier results).
template <typename T>
void NormalFillPath(T* d, int64_t n, T mean, T std, Generator& gen) {
  random_internal::UniformDense<T>(d, n, T(0), T(1), gen);
  for (int64_t b = 0; b + 16 <= n; b += 16) random_internal::NormalTransform16(d + b, mean, std);
  if (n % 16 != 0) {
    T* tail = d + n - 16;
    random_internal::UniformDense<T>(tail, 16, T(0), T(1), gen);
    random_internal::NormalTransform16(tail, mean, std);
  }
}

// random_ kernels: `v` is one value of uniform_int_from_to_distribution.
template <typename T>
constexpr bool kWideRandom =
    std::is_same_v<T, int64_t> || std::is_same_v<T, double> || std::is_same_v<T, float>;

template <typename T>
void RandomFromToTyped(const Tensor& self, uint64_t range, int64_t base, Generator& gen) {
  const bool wide = kWideRandom<T> && range >= (uint64_t{1} << 32);
  const uint64_t ubase = static_cast<uint64_t>(base);
  auto convert = [&](uint64_t v) {
    return static_cast<T>(static_cast<int64_t>(v % range + ubase));
  };
  random_internal::ForEachRun<T>(self, [&](T* out, int64_t n) {
    if (wide) {
      uint64_t buf[random_internal::kDrawChunk];
      for (int64_t i = 0; i < n; i += random_internal::kDrawChunk) {
        const int64_t m = std::min(random_internal::kDrawChunk, n - i);
        gen.Fill64(buf, m);
        for (int64_t k = 0; k < m; ++k) out[i + k] = convert(buf[k]);
      }
    } else {
      uint32_t buf[random_internal::kDrawChunk];
      for (int64_t i = 0; i < n; i += random_internal::kDrawChunk) {
        const int64_t m = std::min(random_internal::kDrawChunk, n - i);
        gen.Fill32(buf, m);
        for (int64_t k = 0; k < m; ++k) out[i + k] = convert(buf[k]);
      }
    }
  });
}

}  // namespace

absl::Status FillUniform(const Tensor& self, double from, double to, Generator& gen) {
  RETURN_IF_ERROR(RequireData(self));
  RETURN_IF_ERROR(random_internal::CheckUniformArgs(self.dtype(), from, to));
  RETURN_IF_ERROR(CheckNoInternalOverlap(self));
  std::lock_guard<std::mutex> lock(gen.mutex());
  if (self.dtype() == DType::kFloat32) {
    UniformTyped<float>(self, from, to, gen);
  } else {
    UniformTyped<double>(self, from, to, gen);
  }
  return absl::OkStatus();
}

absl::Status FillNormal(const Tensor& self, double mean, double std, Generator& gen) {
  RETURN_IF_ERROR(RequireData(self));
  RETURN_IF_ERROR(random_internal::CheckNormalStd(std));
  if (!IsFloating(self.dtype())) return NotImplementedFor("normal_kernel_cpu", self.dtype());
  const int64_t n = self.numel();
  const bool fill_path = n >= 16 && self.is_contiguous();
  if (!fill_path) RETURN_IF_ERROR(CheckNoInternalOverlap(self));
  std::lock_guard<std::mutex> lock(gen.mutex());
  return VisitDType(self.dtype(), [&]<typename T>() -> absl::Status {
    if constexpr (std::is_floating_point_v<T>) {
      if (fill_path) {
        NormalFillPath<T>(self.data<T>(), n, static_cast<T>(mean), static_cast<T>(std), gen);
      } else {
        random_internal::SerialFill<T>(self, [&] {
          return static_cast<T>(std::fma(random_internal::StandardNormalScalar(gen), std, mean));
        });
      }
    }
    return absl::OkStatus();
  });
}

absl::Status FillRandomFromTo(const Tensor& self, int64_t from, std::optional<int64_t> to,
                              Generator& gen) {
  RETURN_IF_ERROR(RequireData(self));
  const DType dtype = self.dtype();
  uint64_t range = 0;
  if (to) {
    int64_t t = *to;
    RETURN_IF_ERROR(random_internal::CheckRandomFromTo(dtype, &from, &t, &range));
  } else if (from != std::numeric_limits<int64_t>::min()) {
    int64_t to_inc = 0;
    if (IsFloating(dtype)) {
      to_inc = dtype == DType::kFloat32 ? (int64_t{1} << 24) : (int64_t{1} << 53);
      from = dtype == DType::kFloat32 ? random_internal::UpdateFrom<float>(from)
                                      : random_internal::UpdateFrom<double>(from);
      if (!(from < to_inc)) {
        return RuntimeError(absl::StrCat(
            "random_ expects 'from' casted to dtype to be less than or equal to 'to_inc' "
            "casted to dtype, but got from=", from, " > to_inc=", to_inc));
      }
    } else if (dtype == DType::kBool) {
      to_inc = 1;
    } else {
      to_inc = dtype == DType::kInt32 ? std::numeric_limits<int32_t>::max()
                                      : std::numeric_limits<int64_t>::max();
    }
    RETURN_IF_ERROR(random_internal::CheckFromToInRange(dtype, from, to_inc));
    range = static_cast<uint64_t>(to_inc) - static_cast<uint64_t>(from) + 1;
  } else {
    // The full 64-bit range: one random64() per element, reinterpreted as int64.
    if (dtype != DType::kInt64 && dtype != DType::kFloat64 && dtype != DType::kFloat32) {
      return RuntimeError(
          "random_full_64_bits_range_kernel_cpu handles only int64, double, float and bfloat16");
    }
    RETURN_IF_ERROR(CheckNoInternalOverlap(self));
    std::lock_guard<std::mutex> lock(gen.mutex());
    VisitDType(dtype, [&]<typename T>() {
      random_internal::SerialFill<T>(
          self, [&] { return static_cast<T>(static_cast<int64_t>(gen.Random64())); });
    });
    return absl::OkStatus();
  }
  RETURN_IF_ERROR(CheckNoInternalOverlap(self));
  std::lock_guard<std::mutex> lock(gen.mutex());
  VisitDType(dtype, [&]<typename T>() { RandomFromToTyped<T>(self, range, from, gen); });
  return absl::OkStatus();
}

absl::Status FillRandom(const Tensor& self, Generator& gen) {
  RETURN_IF_ERROR(RequireData(self));
  RETURN_IF_ERROR(CheckNoInternalOverlap(self));
  std::lock_guard<std::mutex> lock(gen.mutex());
  // uniform_int_distribution<T>: 64-bit draws for int64 and double only.
  VisitDType(self.dtype(), [&]<typename T>() {
    random_internal::SerialFill<T>(self, [&]() -> T {
      if constexpr (std::is_same_v<T, bool>) {
        return (gen.Random() & 1u) != 0;
      } else if constexpr (std::is_same_v<T, int32_t>) {
        return static_cast<T>(gen.Random() % (uint64_t{1} << 31));
      } else if constexpr (std::is_same_v<T, int64_t>) {
        return static_cast<T>(gen.Random64() % (uint64_t{1} << 63));
      } else if constexpr (std::is_same_v<T, float>) {
        return static_cast<T>(gen.Random() % ((uint64_t{1} << 24) + 1));
      } else {
        return static_cast<T>(gen.Random64() % ((uint64_t{1} << 53) + 1));
      }
    });
  });
  return absl::OkStatus();
}

namespace {

// The distributions that take one U(float64) per element and compute in double.
template <typename Transform>
absl::Status FillFromUniformDouble(const Tensor& self, absl::string_view kernel,
                                   bool integral_ok, Generator& gen, Transform&& transform) {
  RETURN_IF_ERROR(RequireData(self));
  const DType dtype = self.dtype();
  if (dtype == DType::kBool || (!integral_ok && !IsFloating(dtype))) {
    return NotImplementedFor(kernel, dtype);
  }
  RETURN_IF_ERROR(CheckNoInternalOverlap(self));
  std::lock_guard<std::mutex> lock(gen.mutex());
  VisitDType(dtype, [&]<typename T>() {
    random_internal::SerialFill<T>(
        self, [&] { return static_cast<T>(transform(gen.UniformDouble())); });
  });
  return absl::OkStatus();
}

}  // namespace

absl::Status FillExponential(const Tensor& self, double lambd, Generator& gen) {
  if (!(lambd >= 0.0)) {
    return RuntimeError(absl::StrCat("exponential_ expects lambda >= 0.0, but found lambda=",
                                     random_internal::FormatDouble(lambd)));
  }
  const double scale = -1.0 / lambd;
  return FillFromUniformDouble(self, "exponential_cpu", false, gen,
                               [&](double u) { return scale * std::log(1.0 - u); });
}

absl::Status FillGeometric(const Tensor& self, double p, Generator& gen) {
  if (!(0 < p && p < 1)) {
    return RuntimeError(absl::StrCat("geometric_ expects p to be in (0, 1), but got p=",
                                     random_internal::FormatDouble(p)));
  }
  const double denom = std::log(1.0 - p);
  return FillFromUniformDouble(self, "geometric_cpu", true, gen,
                               [&](double u) { return std::ceil(std::log(u) / denom); });
}

absl::Status FillCauchy(const Tensor& self, double median, double sigma, Generator& gen) {
  return FillFromUniformDouble(self, "cauchy_cpu", false, gen, [&](double u) {
    return std::fma(sigma, std::tan(3.141592653589793 * (u - 0.5)), median);
  });
}

absl::Status FillLogNormal(const Tensor& self, double mean, double std, Generator& gen) {
  RETURN_IF_ERROR(RequireData(self));
  if (!(std > 0.0)) {
    return RuntimeError(absl::StrCat("log_normal_ expects std > 0.0, but found std=",
                                     random_internal::FormatDouble(std)));
  }
  if (!IsFloating(self.dtype())) return NotImplementedFor("log_normal_cpu", self.dtype());
  RETURN_IF_ERROR(CheckNoInternalOverlap(self));
  std::lock_guard<std::mutex> lock(gen.mutex());
  VisitDType(self.dtype(), [&]<typename T>() {
    random_internal::SerialFill<T>(self, [&] {
      return static_cast<T>(
          std::exp(std::fma(random_internal::StandardNormalScalar(gen), std, mean)));
    });
  });
  return absl::OkStatus();
}

absl::StatusOr<Tensor> Randperm(int64_t n, DType dtype, Generator& gen) {
  if (n < 0) {
    return RuntimeError(absl::StrCat("Trying to create tensor with negative dimension ", n,
                                     ": [", n, "]"));
  }
  if (dtype == DType::kFloat32 && n > (int64_t{1} << 24) + 1) {
    return RuntimeError("n cannot be greater than 2^24+1 for Float type.");
  }
  if (dtype == DType::kFloat64 && n > (int64_t{1} << 53) + 1) {
    return RuntimeError("n cannot be greater than 2^53+1 for Double type.");
  }
  if (dtype == DType::kBool) return NotImplementedFor("randperm", dtype);
  ASSIGN_OR_RETURN(Tensor out, Tensor::Empty({n}, dtype));
  std::lock_guard<std::mutex> lock(gen.mutex());
  VisitDType(dtype, [&]<typename T>() {
    T* a = out.data<T>();
    for (int64_t i = 0; i < n; ++i) a[i] = static_cast<T>(i);
    for (int64_t i = 0; i + 1 < n; ++i) {
      const int64_t z = static_cast<int64_t>(gen.Random()) % (n - i);
      std::swap(a[i], a[i + z]);
    }
  });
  return out;
}

absl::Status ResetLinearParameters(const Tensor& weight, const Tensor& bias, Generator& gen) {
  if (weight.dim() < 2) {
    return ValueError(
        "Fan in and fan out can not be computed for tensor with fewer than 2 dimensions");
  }
  int64_t fan_in = weight.size(1);
  for (int64_t d = 2; d < weight.dim(); ++d) fan_in *= weight.size(d);
  // kaiming_uniform_(a=sqrt(5), mode='fan_in', nonlinearity='leaky_relu'), as Python
  // computes it (a**2 is 5.000000000000001). An empty weight draws nothing.
  if (weight.numel() > 0) {
    const double a = std::sqrt(5.0);
    const double gain = std::sqrt(2.0 / (1.0 + a * a));
    const double std = gain / std::sqrt(static_cast<double>(fan_in));
    const double bound = std::sqrt(3.0) * std;
    RETURN_IF_ERROR(FillUniform(weight, -bound, bound, gen));
  }
  if (bias.defined()) {
    const double b = fan_in > 0 ? 1.0 / std::sqrt(static_cast<double>(fan_in)) : 0.0;
    RETURN_IF_ERROR(FillUniform(bias, -b, b, gen));
  }
  return absl::OkStatus();
}

}  // namespace wick::tensor
