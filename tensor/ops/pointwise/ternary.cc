// Ops over three tensors: where, clamp with tensor bounds, lerp (whose weight may also
// be a Python number), and addcmul/addcdiv (which promote all three operands).
#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/kernels/binary_fns.h"
#include "tensor/ops/pointwise/internal/elementwise.h"
#include "tensor/ops/pointwise/pointwise.h"
#include "tensor/shape.h"

namespace wick::tensor {
namespace internal {
namespace {

using Out = const Tensor&;
using Order = const DimOrder&;

// lerp requires `end` and a tensor `weight` to have self's dtype (no promotion).
absl::Status CheckLerpDType(const Tensor& self, const Tensor& other, absl::string_view what) {
  if (other.dtype() == self.dtype()) return absl::OkStatus();
  return RuntimeError(absl::StrCat("expected dtype ", CppTypeName(self.dtype()), " for `",
                                   what, "` but got dtype ", CppTypeName(other.dtype())));
}

}  // namespace
}  // namespace internal

absl::StatusOr<Tensor> Where(const Tensor& condition, const Tensor& a, const Tensor& b,
                             OpMode mode) {
  if (condition.dtype() != DType::kBool) {
    return RuntimeError(absl::StrCat(
        "where expected condition to be a boolean tensor, but got a tensor with dtype ",
        ScalarTypeName(condition.dtype())));
  }
  mode.inplace = false;  // where has no in-place form (the condition comes first).
  const DType compute = ResultType(a, b);
  const Tensor* inputs[] = {&condition, &a, &b};
  const DType dtypes[] = {DType::kBool, compute, compute};
  internal::ElementwiseSpec spec{.inputs = inputs, .input_dtypes = dtypes,
                                 .result_dtype = compute};
  return internal::RunElementwise(
      spec, mode, [](internal::Out out, internal::Order order, absl::Span<const Tensor> ins) {
        internal::Dispatch<internal::kAllTypes>(ins[1].dtype(), [&]<typename T>() {
          internal::ForEach<T, bool, T, T>(internal::WhereFn<T>(), out, order,
                                           {&ins[0], &ins[1], &ins[2]});
        });
      });
}

absl::StatusOr<Tensor> ClampTensor(const Tensor& x, const Tensor& min, const Tensor& max,
                                   OpMode mode) {
  if (!min.defined() && !max.defined()) {
    return RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None");
  }
  const Tensor* operands[] = {&x, &min, &max};
  const DType compute = ResultType(operands);
  if (!min.defined() || !max.defined()) {
    // One bound: NaN-propagating maximum / minimum (clamp_min / clamp_max).
    const Tensor& bound = min.defined() ? min : max;
    return Binary(min.defined() ? BinaryOp::kMaximum : BinaryOp::kMinimum, x, bound, mode);
  }
  return internal::RunSimple(
      operands, compute, compute, mode,
      [](internal::Out out, internal::Order order, absl::Span<const Tensor> ins) {
        internal::RunTernaryKernel<internal::kAllTypes>(
            out, order, ins[0], ins[1], ins[2], internal::FnOf<internal::ClampTensorFn>());
      });
}

absl::StatusOr<Tensor> Lerp(const Tensor& self, const Tensor& end, Scalar weight,
                            OpMode mode) {
  RETURN_IF_ERROR(internal::CheckLerpDType(self, end, "end"));
  if (!IsFloating(self.dtype())) {
    return internal::NotImplementedFor("lerp_kernel_scalar", self.dtype());
  }
  const Tensor* inputs[] = {&self, &end};
  return internal::RunSimple(
      inputs, self.dtype(), self.dtype(), mode,
      [&](internal::Out out, internal::Order order, absl::Span<const Tensor> ins) {
        internal::RunBinaryKernel<internal::kFloats>(
            out, order, ins[0], ins[1],
            [&]<typename T>() { return internal::LerpScalarFn<T>{weight.to<T>()}; });
      });
}

absl::StatusOr<Tensor> LerpTensor(const Tensor& self, const Tensor& end, const Tensor& weight,
                                  OpMode mode) {
  RETURN_IF_ERROR(internal::CheckLerpDType(self, end, "end"));
  RETURN_IF_ERROR(internal::CheckLerpDType(self, weight, "weight"));
  if (!IsFloating(self.dtype())) {
    return internal::NotImplementedFor("lerp_kernel_tensor", self.dtype());
  }
  const Tensor* inputs[] = {&self, &end, &weight};
  return internal::RunSimple(
      inputs, self.dtype(), self.dtype(), mode,
      [](internal::Out out, internal::Order order, absl::Span<const Tensor> ins) {
        internal::RunTernaryKernel<internal::kFloats>(out, order, ins[0], ins[1], ins[2],
                                                      internal::FnOf<internal::LerpFn>());
      });
}

absl::StatusOr<Tensor> Addcmul(const Tensor& self, const Tensor& tensor1, const Tensor& tensor2,
                               Scalar value, OpMode mode) {
  const Tensor* inputs[] = {&self, &tensor1, &tensor2};
  const DType compute = ResultType(inputs);
  if (compute == DType::kBool) return internal::NotImplementedFor("addcmul_cpu_out", compute);
  return internal::RunSimple(
      inputs, compute, compute, mode,
      [&](internal::Out out, internal::Order order, absl::Span<const Tensor> ins) {
        internal::RunTernaryKernel<internal::kNumbers>(
            out, order, ins[0], ins[1], ins[2],
            [&]<typename T>() { return internal::AddcmulFn<T>{value.to<T>()}; });
      });
}

absl::StatusOr<Tensor> Addcdiv(const Tensor& self, const Tensor& tensor1, const Tensor& tensor2,
                               Scalar value, OpMode mode) {
  if (IsIntegral(tensor1.dtype(), /*include_bool=*/true) &&
      IsIntegral(tensor2.dtype(), /*include_bool=*/true)) {
    // Upstream's text, double space included.
    return RuntimeError(
        "Integer division with addcdiv is no longer supported, and in a future  release "
        "addcdiv will perform a true division of tensor1 and tensor2. The historic addcdiv "
        "behavior can be implemented as (input + value * torch.trunc(tensor1 / tensor2))"
        ".to(input.dtype) for integer inputs and as (input + value * tensor1 / tensor2) for "
        "float inputs. The future addcdiv behavior is just the latter implementation: "
        "(input + value * tensor1 / tensor2), for all dtypes.");
  }
  const Tensor* inputs[] = {&self, &tensor1, &tensor2};
  const DType compute = ResultType(inputs);  // Floating: one of tensor1, tensor2 is.
  return internal::RunSimple(
      inputs, compute, compute, mode,
      [&](internal::Out out, internal::Order order, absl::Span<const Tensor> ins) {
        internal::RunTernaryKernel<internal::kFloats>(
            out, order, ins[0], ins[1], ins[2],
            [&]<typename T>() { return internal::AddcdivFn<T>{value.to<T>()}; });
      });
}

}  // namespace wick::tensor
