// Unary ops with Python-number parameters: clamp with number bounds, the nn activations
// (hardtanh, leaky_relu, elu, softplus, gelu), nan_to_num and round(decimals=).
#include <cmath>
#include <limits>

#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/ops/pointwise/internal/elementwise.h"
#include "tensor/kernels/unary_fns.h"
#include "tensor/ops/pointwise/pointwise.h"
#include "tensor/shape.h"

namespace wick::tensor {
namespace internal {
namespace {

// Runs the functor made by `make` over x, computing and returning dtype `compute`.
template <TypeSet kSet, typename Make>
absl::StatusOr<Tensor> RunParamUnary(const Tensor& x, DType compute, OpMode mode,
                                     Make make) {
  const Tensor* inputs[] = {&x};
  return RunSimple(inputs, compute, compute, mode,
                   [&](const Tensor& out, const DimOrder& order, absl::Span<const Tensor> ins) {
                     RunUnaryKernel<kSet>(out, order, ins[0], make);
                   });
}

}  // namespace
}  // namespace internal

absl::StatusOr<Tensor> Clamp(const Tensor& x, std::optional<Scalar> min,
                             std::optional<Scalar> max, OpMode mode) {
  using internal::kNumbers;
  if (!min && !max) {
    return RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None");
  }
  // The bounds take part in type promotion as Python numbers.
  Tensor wrapped_min, wrapped_max;
  if (min) wrapped_min = Tensor::FromScalar(*min, std::nullopt, /*wrapped_number=*/true);
  if (max) wrapped_max = Tensor::FromScalar(*max, std::nullopt, /*wrapped_number=*/true);
  const Tensor* operands[] = {&x, &wrapped_min, &wrapped_max};
  const DType compute = ResultType(operands);
  if (compute == DType::kBool) {
    return internal::NotImplementedFor(
        min && max ? "clamp_scalar_cpu" : (min ? "clamp_min_cpu" : "clamp_max_scalar_cpu"),
        compute);
  }
  // A NaN bound makes every element NaN (PyTorch fills rather than compares).
  const bool min_nan = min && std::isnan(min->to_double());
  const bool max_nan = max && std::isnan(max->to_double());
  if (min_nan || max_nan) {
    const Tensor* inputs[] = {&x};
    return internal::RunFill(inputs, compute, std::numeric_limits<double>::quiet_NaN(), mode);
  }
  if (min && max) {
    return internal::RunParamUnary<kNumbers>(x, compute, mode, [&]<typename T>() {
      return internal::ClampFn<T>{min->to<T>(), max->to<T>()};
    });
  }
  if (min) {
    return internal::RunParamUnary<kNumbers>(x, compute, mode, [&]<typename T>() {
      return internal::ClampMinFn<T>{min->to<T>()};
    });
  }
  return internal::RunParamUnary<kNumbers>(
      x, compute, mode, [&]<typename T>() { return internal::ClampMaxFn<T>{max->to<T>()}; });
}

absl::StatusOr<Tensor> Hardtanh(const Tensor& x, Scalar min_val, Scalar max_val, OpMode mode) {
  if (x.dtype() == DType::kBool) {
    return RuntimeError("Bool inputs not supported for hardtanh");
  }
  // Unlike clamp, the bounds are converted to the input's dtype (no promotion).
  return internal::RunParamUnary<internal::kNumbers>(x, x.dtype(), mode, [&]<typename T>() {
    return internal::ClampFn<T>{min_val.to<T>(), max_val.to<T>()};
  });
}

absl::StatusOr<Tensor> LeakyRelu(const Tensor& x, Scalar negative_slope, OpMode mode) {
  if (!IsFloating(x.dtype())) return internal::NotImplementedFor("leaky_relu_cpu", x.dtype());
  return internal::RunParamUnary<internal::kFloats>(x, x.dtype(), mode, [&]<typename T>() {
    return internal::LeakyReluFn<T>{negative_slope.to<T>()};
  });
}

absl::StatusOr<Tensor> Elu(const Tensor& x, Scalar alpha, Scalar scale, Scalar input_scale,
                           OpMode mode) {
  if (!IsFloating(x.dtype())) return internal::NotImplementedFor("elu_cpu", x.dtype());
  return internal::RunParamUnary<internal::kFloats>(x, x.dtype(), mode, [&]<typename T>() {
    return internal::EluFn<T>{alpha.to<T>() * scale.to<T>(), scale.to<T>(),
                              input_scale.to<T>()};
  });
}

absl::StatusOr<Tensor> Softplus(const Tensor& x, Scalar beta, Scalar threshold, OpMode mode) {
  if (!IsFloating(x.dtype())) return internal::NotImplementedFor("softplus_cpu", x.dtype());
  return internal::RunParamUnary<internal::kFloats>(x, x.dtype(), mode, [&]<typename T>() {
    return internal::SoftplusFn<T>{beta.to<T>(), threshold.to<T>()};
  });
}

absl::StatusOr<Tensor> Gelu(const Tensor& x, absl::string_view approximate, OpMode mode) {
  if (approximate == "none") return Unary(UnaryOp::kGelu, x, mode);
  if (approximate == "tanh") return Unary(UnaryOp::kGeluTanh, x, mode);
  return RuntimeError("approximate argument must be either none or tanh.");
}

absl::StatusOr<Tensor> NanToNum(const Tensor& x, std::optional<double> nan,
                                std::optional<double> posinf, std::optional<double> neginf,
                                OpMode mode) {
  if (!IsFloating(x.dtype())) {  // Nothing to replace: a copy.
    return internal::RunParamUnary<internal::kIntsAndBool>(
        x, x.dtype(), mode, internal::FnOf<internal::IdentityFn>());
  }
  return internal::RunParamUnary<internal::kFloats>(x, x.dtype(), mode, [&]<typename T>() {
    using L = std::numeric_limits<T>;
    return internal::NanToNumFn<T>{static_cast<T>(nan.value_or(0)),
                                   posinf ? static_cast<T>(*posinf) : L::max(),
                                   neginf ? static_cast<T>(*neginf) : L::lowest()};
  });
}

absl::StatusOr<Tensor> RoundDecimals(const Tensor& x, int64_t decimals, OpMode mode) {
  if (decimals == 0) return Unary(UnaryOp::kRound, x, mode);
  if (!IsFloating(x.dtype())) return internal::NotImplementedFor("round_cpu", x.dtype());
  const bool negative = decimals < 0;
  const double ten_pow = std::pow(10.0, static_cast<double>(negative ? -decimals : decimals));
  return internal::RunParamUnary<internal::kFloats>(x, x.dtype(), mode, [&]<typename T>() {
    return internal::RoundDecimalsFn<T>{static_cast<T>(ten_pow), negative};
  });
}

}  // namespace wick::tensor
