// Binary ops (BinaryOp): the table of names, dtype rules and supported dtypes, the
// dispatch to element functors, and the ops with extra rules: add/sub (alpha, bool
// subtraction), div (rounding modes) and pow (scalar exponents, integer powers).
#include <cstdint>
#include <limits>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/kernels/binary_fns.h"
#include "tensor/ops/pointwise/internal/elementwise.h"
#include "tensor/kernels/unary_fns.h"
#include "tensor/ops/pointwise/pointwise.h"
#include "tensor/shape.h"

namespace wick::tensor {
namespace internal {
namespace {

enum class Rule : uint8_t {
  kCommon,   // The promoted dtype of the operands.
  kToFloat,  // Promoted, with bool and integers going to the default float dtype.
  kToBool,   // Computed in the promoted dtype, bool result.
};

struct BinaryInfo {
  absl::string_view name;
  Rule rule;
  TypeSet types;             // Compute dtypes the kernel has.
  absl::string_view kernel;  // PyTorch's kernel name in "not implemented for" errors.
  bool divides = false;      // Integer division by zero is an error.
};

BinaryInfo Info(BinaryOp op) {
  switch (op) {
    case BinaryOp::kAdd: return {"add", Rule::kCommon, kAllTypes, "add_cpu"};
    case BinaryOp::kSub: return {"sub", Rule::kCommon, kNumbers, "sub_cpu"};
    case BinaryOp::kMul: return {"mul", Rule::kCommon, kAllTypes, "mul_cpu"};
    case BinaryOp::kDivTrunc:
      return {"div", Rule::kCommon, kNumbers, "div_trunc_cpu", true};
    case BinaryOp::kDivFloor:
      return {"floor_divide", Rule::kCommon, kNumbers, "div_floor_cpu", true};
    case BinaryOp::kRemainder:
      return {"remainder", Rule::kCommon, kNumbers, "remainder_cpu", true};
    case BinaryOp::kFmod: return {"fmod", Rule::kCommon, kNumbers, "fmod_cpu", true};
    case BinaryOp::kPow: return {"pow", Rule::kCommon, kNumbers, "pow"};
    case BinaryOp::kMaximum: return {"maximum", Rule::kCommon, kAllTypes, "maximum_cpu"};
    case BinaryOp::kMinimum: return {"minimum", Rule::kCommon, kAllTypes, "minimum_cpu"};
    case BinaryOp::kBitwiseAnd:
      return {"bitwise_and", Rule::kCommon, kIntsAndBool, "bitwise_and_cpu"};
    case BinaryOp::kBitwiseOr:
      return {"bitwise_or", Rule::kCommon, kIntsAndBool, "bitwise_or_cpu"};
    case BinaryOp::kBitwiseXor:
      return {"bitwise_xor", Rule::kCommon, kIntsAndBool, "bitwise_xor_cpu"};
    case BinaryOp::kLShift:
      return {"bitwise_left_shift", Rule::kCommon, kInts, "lshift_cpu"};
    case BinaryOp::kRShift:
      return {"bitwise_right_shift", Rule::kCommon, kInts, "rshift_cpu"};
    case BinaryOp::kDiv: return {"div", Rule::kToFloat, kFloats, "div_true_cpu"};
    case BinaryOp::kEq: return {"eq", Rule::kToBool, kAllTypes, "eq_cpu"};
    case BinaryOp::kNe: return {"ne", Rule::kToBool, kAllTypes, "ne_cpu"};
    case BinaryOp::kLt: return {"lt", Rule::kToBool, kAllTypes, "lt_cpu"};
    case BinaryOp::kLe: return {"le", Rule::kToBool, kAllTypes, "le_cpu"};
    case BinaryOp::kGt: return {"gt", Rule::kToBool, kAllTypes, "gt_cpu"};
    case BinaryOp::kGe: return {"ge", Rule::kToBool, kAllTypes, "ge_cpu"};
    case BinaryOp::kLogicalAnd:
      return {"logical_and", Rule::kToBool, kAllTypes, "logical_and_cpu"};
    case BinaryOp::kLogicalOr:
      return {"logical_or", Rule::kToBool, kAllTypes, "logical_or_cpu"};
    case BinaryOp::kLogicalXor:
      return {"logical_xor", Rule::kToBool, kAllTypes, "logical_xor_cpu"};
  }
  return {"?", Rule::kCommon, 0, "?"};
}

using Out = const Tensor&;
using Order = const DimOrder&;

void RunBinaryOp(BinaryOp op, Out out, Order order, const Tensor& a, const Tensor& b) {
  switch (op) {
    case BinaryOp::kAdd: return RunBinaryKernel<kAllTypes>(out, order, a, b, FnOf<AddFn>());
    case BinaryOp::kSub: return RunBinaryKernel<kNumbers>(out, order, a, b, FnOf<SubFn>());
    case BinaryOp::kMul: return RunBinaryKernel<kAllTypes>(out, order, a, b, FnOf<MulFn>());
    case BinaryOp::kDivTrunc:
      return RunBinaryKernel<kNumbers>(out, order, a, b, FnOf<DivTruncFn>());
    case BinaryOp::kDivFloor:
      return RunBinaryKernel<kNumbers>(out, order, a, b, FnOf<DivFloorFn>());
    case BinaryOp::kRemainder:
      return RunBinaryKernel<kNumbers>(out, order, a, b, FnOf<RemainderFn>());
    case BinaryOp::kFmod: return RunBinaryKernel<kNumbers>(out, order, a, b, FnOf<FmodFn>());
    case BinaryOp::kPow: return RunBinaryKernel<kNumbers>(out, order, a, b, FnOf<PowFn>());
    case BinaryOp::kMaximum:
      return RunBinaryKernel<kAllTypes>(out, order, a, b, FnOf<MaximumFn>());
    case BinaryOp::kMinimum:
      return RunBinaryKernel<kAllTypes>(out, order, a, b, FnOf<MinimumFn>());
    case BinaryOp::kBitwiseAnd:
      return RunBinaryKernel<kIntsAndBool>(out, order, a, b, FnOf<BitwiseAndFn>());
    case BinaryOp::kBitwiseOr:
      return RunBinaryKernel<kIntsAndBool>(out, order, a, b, FnOf<BitwiseOrFn>());
    case BinaryOp::kBitwiseXor:
      return RunBinaryKernel<kIntsAndBool>(out, order, a, b, FnOf<BitwiseXorFn>());
    case BinaryOp::kLShift: return RunBinaryKernel<kInts>(out, order, a, b, FnOf<LShiftFn>());
    case BinaryOp::kRShift: return RunBinaryKernel<kInts>(out, order, a, b, FnOf<RShiftFn>());
    case BinaryOp::kDiv: return RunBinaryKernel<kFloats>(out, order, a, b, FnOf<DivFn>());
    case BinaryOp::kEq: return RunBinaryKernel<kAllTypes>(out, order, a, b, FnOf<EqFn>());
    case BinaryOp::kNe: return RunBinaryKernel<kAllTypes>(out, order, a, b, FnOf<NeFn>());
    case BinaryOp::kLt: return RunBinaryKernel<kAllTypes>(out, order, a, b, FnOf<LtFn>());
    case BinaryOp::kLe: return RunBinaryKernel<kAllTypes>(out, order, a, b, FnOf<LeFn>());
    case BinaryOp::kGt: return RunBinaryKernel<kAllTypes>(out, order, a, b, FnOf<GtFn>());
    case BinaryOp::kGe: return RunBinaryKernel<kAllTypes>(out, order, a, b, FnOf<GeFn>());
    case BinaryOp::kLogicalAnd:
      return RunBinaryKernel<kAllTypes>(out, order, a, b, FnOf<LogicalAndFn>());
    case BinaryOp::kLogicalOr:
      return RunBinaryKernel<kAllTypes>(out, order, a, b, FnOf<LogicalOrFn>());
    case BinaryOp::kLogicalXor:
      return RunBinaryKernel<kAllTypes>(out, order, a, b, FnOf<LogicalXorFn>());
  }
}

// add/sub with alpha != 1: a + alpha * b in the compute dtype.
absl::StatusOr<Tensor> AddWithAlpha(const Tensor& a, const Tensor& b, DType compute,
                                    Scalar alpha, bool negate, OpMode mode) {
  const Tensor* inputs[] = {&a, &b};
  return RunSimple(inputs, compute, compute, mode,
                   [&](Out out, Order order, absl::Span<const Tensor> ins) {
                     RunBinaryKernel<kAllTypes>(out, order, ins[0], ins[1],
                                                [&]<typename T>() {
                                                  T w = alpha.to<T>();
                                                  if (negate) w = WrapNeg(w);
                                                  return AddAlphaFn<T>{w};
                                                });
                   });
}

// PyTorch's alpha_check.
absl::Status CheckAlpha(DType compute, Scalar alpha) {
  if (alpha.is_bool() && compute != DType::kBool) {
    return RuntimeError("Boolean alpha only supported for Boolean results.");
  }
  if (!IsFloating(compute) && alpha.is_double()) {
    return RuntimeError(
        "For integral input tensors, argument alpha must not be a floating point number.");
  }
  return absl::OkStatus();
}

// pow(base, exponent) for a Python-number exponent, PyTorch's special cases included.
absl::StatusOr<Tensor> PowScalar(const Tensor& base, Scalar exponent, DType compute,
                                 OpMode mode) {
  const Tensor* inputs[] = {&base};
  const double e = exponent.to_double();
  if (e == 0) return RunFill(inputs, compute, Scalar(int64_t{1}), mode);
  auto run = [&](auto make) {  // Any numeric compute dtype.
    return RunSimple(inputs, compute, compute, mode,
                     [&](Out out, Order order, absl::Span<const Tensor> ins) {
                       RunUnaryKernel<kNumbers>(out, order, ins[0], make);
                     });
  };
  auto run_float = [&](auto make) {
    return RunSimple(inputs, compute, compute, mode,
                     [&](Out out, Order order, absl::Span<const Tensor> ins) {
                       RunUnaryKernel<kFloats>(out, order, ins[0], make);
                     });
  };
  if (e == 1) return run(FnOf<IdentityFn>());
  if (e == 2) return run(FnOf<SquareFn>());
  if (e == 3) return run(FnOf<CubeFn>());
  if (IsFloating(compute)) {
    if (e == 0.5) return run_float(FnOf<SqrtFn>());
    if (e == -0.5) return run_float(FnOf<RsqrtFn>());
    if (e == -1) return run_float(FnOf<ReciprocalFn>());
    if (e == -2) return run_float(FnOf<InvSquareFn>());
  } else if (compute == DType::kInt32 &&
             (exponent.to_int() > std::numeric_limits<int32_t>::max() ||
              exponent.to_int() < std::numeric_limits<int32_t>::min())) {
    return RuntimeError("value cannot be converted to type int without overflow");
  }
  return run([&]<typename T>() { return PowScalarFn<T>{exponent.to<T>()}; });
}

}  // namespace
}  // namespace internal

absl::string_view BinaryOpName(BinaryOp op) { return internal::Info(op).name; }

absl::StatusOr<Tensor> Binary(BinaryOp op, const Tensor& a, const Tensor& b, OpMode mode) {
  using internal::Rule;
  switch (op) {
    case BinaryOp::kAdd: return Add(a, b, 1, mode);
    case BinaryOp::kSub: return Sub(a, b, 1, mode);
    default: break;
  }
  const internal::BinaryInfo info = internal::Info(op);
  DType compute = ResultType(a, b);
  if (info.rule == Rule::kToFloat && !IsFloating(compute)) compute = DefaultFloatDType();
  if (!internal::InSet(compute, info.types)) {
    return internal::NotImplementedFor(info.kernel, compute);
  }
  const DType result = info.rule == Rule::kToBool ? DType::kBool : compute;
  const bool check_zero = info.divides && !IsFloating(compute);
  const Tensor* inputs[] = {&a, &b};
  return internal::RunSimple(
      inputs, compute, result, mode,
      [op](const Tensor& out, const internal::DimOrder& order, absl::Span<const Tensor> ins) {
        internal::RunBinaryOp(op, out, order, ins[0], ins[1]);
      },
      /*check_cast=*/info.rule != Rule::kToBool,
      check_zero ? internal::CheckNoZeroDivisor : nullptr);
}

absl::StatusOr<Tensor> Add(const Tensor& a, const Tensor& b, Scalar alpha, OpMode mode) {
  const DType compute = ResultType(a, b);
  RETURN_IF_ERROR(internal::CheckAlpha(compute, alpha));
  if (alpha.to_double() != 1) {
    return internal::AddWithAlpha(a, b, compute, alpha, /*negate=*/false, mode);
  }
  const Tensor* inputs[] = {&a, &b};
  return internal::RunSimple(
      inputs, compute, compute, mode,
      [](const Tensor& out, const internal::DimOrder& order, absl::Span<const Tensor> ins) {
        internal::RunBinaryOp(BinaryOp::kAdd, out, order, ins[0], ins[1]);
      });
}

absl::StatusOr<Tensor> Sub(const Tensor& a, const Tensor& b, Scalar alpha, OpMode mode) {
  if (a.dtype() == DType::kBool && b.dtype() == DType::kBool) {
    return RuntimeError(
        "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` "
        "or `logical_xor()` operator instead.");
  }
  if (a.dtype() == DType::kBool || b.dtype() == DType::kBool) {
    return RuntimeError(
        "Subtraction, the `-` operator, with a bool tensor is not supported. If you are "
        "trying to invert a mask, use the `~` or `logical_not()` operator instead.");
  }
  const DType compute = ResultType(a, b);
  RETURN_IF_ERROR(internal::CheckAlpha(compute, alpha));
  if (alpha.to_double() != 1) {
    return internal::AddWithAlpha(a, b, compute, alpha, /*negate=*/true, mode);
  }
  const Tensor* inputs[] = {&a, &b};
  return internal::RunSimple(
      inputs, compute, compute, mode,
      [](const Tensor& out, const internal::DimOrder& order, absl::Span<const Tensor> ins) {
        internal::RunBinaryOp(BinaryOp::kSub, out, order, ins[0], ins[1]);
      });
}

absl::StatusOr<Tensor> Mul(const Tensor& a, const Tensor& b, OpMode mode) {
  return Binary(BinaryOp::kMul, a, b, mode);
}

absl::StatusOr<Tensor> Div(const Tensor& a, const Tensor& b,
                           std::optional<absl::string_view> rounding_mode, OpMode mode) {
  if (!rounding_mode) return Binary(BinaryOp::kDiv, a, b, mode);
  if (*rounding_mode == "trunc") return Binary(BinaryOp::kDivTrunc, a, b, mode);
  if (*rounding_mode == "floor") return Binary(BinaryOp::kDivFloor, a, b, mode);
  return RuntimeError(absl::StrCat(
      "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '",
      *rounding_mode, "'"));
}

absl::StatusOr<Tensor> Pow(const Tensor& base, const Tensor& exponent, OpMode mode) {
  return Binary(BinaryOp::kPow, base, exponent, mode);
}

absl::StatusOr<Tensor> Pow(const Tensor& base, Scalar exponent, OpMode mode) {
  if (IsIntegral(base.dtype(), /*include_bool=*/true) && !exponent.is_double() &&
      exponent.to_int() < 0) {
    return RuntimeError("Integers to negative integer powers are not allowed.");
  }
  const Tensor wrapped = Tensor::FromScalar(exponent, std::nullopt, /*wrapped_number=*/true);
  const DType compute = ResultType(base, wrapped);
  if (compute == DType::kBool) return internal::NotImplementedFor("pow", compute);
  return internal::PowScalar(base, exponent, compute, mode);
}

absl::StatusOr<Tensor> Pow(Scalar base, const Tensor& exponent, OpMode mode) {
  mode.inplace = false;  // There is no tensor to write into.
  const Tensor wrapped = Tensor::FromScalar(base, std::nullopt, /*wrapped_number=*/true);
  if (base.to_double() == 1) {  // 1 ** anything is 1, NaN included.
    const Tensor* inputs[] = {&exponent};
    return internal::RunFill(inputs, ResultType(wrapped, exponent), Scalar(int64_t{1}), mode);
  }
  return Binary(BinaryOp::kPow, wrapped, exponent, mode);
}

absl::StatusOr<Tensor> Maximum(const Tensor& a, const Tensor& b, OpMode mode) {
  return Binary(BinaryOp::kMaximum, a, b, mode);
}

absl::StatusOr<Tensor> Minimum(const Tensor& a, const Tensor& b, OpMode mode) {
  return Binary(BinaryOp::kMinimum, a, b, mode);
}

}  // namespace wick::tensor
