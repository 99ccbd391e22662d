// Parameterless unary ops (UnaryOp): each op's name, dtype rule and supported dtypes in
// one table, and the dispatch from op and dtype to its element functor.
#include <cmath>
#include <cstdint>

#include "absl/strings/string_view.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/ops/pointwise/internal/elementwise.h"
#include "tensor/kernels/unary_fns.h"
#include "tensor/ops/pointwise/pointwise.h"

namespace wick::tensor {
namespace internal {
namespace {

enum class Promotion : uint8_t {
  kSame,     // The input's dtype.
  kToFloat,  // Bool and integers become the default float dtype.
  kToBool,   // A bool result computed in the input's dtype.
};

// atanh is rare in models (geotorch names it in a table): scalar libm only, no SIMD form.
template <typename T>
struct AtanhFn {
  T operator()(T x) const { return std::atanh(x); }
};

struct UnaryInfo {
  absl::string_view name;
  Promotion promotion;
  TypeSet types;             // Compute dtypes the kernel has.
  absl::string_view kernel;  // PyTorch's kernel name in "not implemented for" errors.
};

UnaryInfo Info(UnaryOp op) {
  using P = Promotion;
  switch (op) {
    case UnaryOp::kNeg: return {"neg", P::kSame, kNumbers, "neg_cpu"};
    case UnaryOp::kAbs: return {"abs", P::kSame, kNumbers, "abs_cpu"};
    case UnaryOp::kSign: return {"sign", P::kSame, kAllTypes, "sign_cpu"};
    case UnaryOp::kFloor: return {"floor", P::kSame, kNumbers, "floor_vml_cpu"};
    case UnaryOp::kCeil: return {"ceil", P::kSame, kNumbers, "ceil_vml_cpu"};
    case UnaryOp::kRound: return {"round", P::kSame, kNumbers, "round_vml_cpu"};
    case UnaryOp::kTrunc: return {"trunc", P::kSame, kNumbers, "trunc_vml_cpu"};
    case UnaryOp::kRelu: return {"relu", P::kSame, kNumbers, "clamp_min_cpu"};
    case UnaryOp::kBitwiseNot: return {"bitwise_not", P::kSame, kIntsAndBool, "bitwise_not_cpu"};
    case UnaryOp::kReciprocal: return {"reciprocal", P::kToFloat, kFloats, "reciprocal_cpu"};
    case UnaryOp::kExp: return {"exp", P::kToFloat, kFloats, "exp_vml_cpu"};
    case UnaryOp::kExpm1: return {"expm1", P::kToFloat, kFloats, "expm1_vml_cpu"};
    case UnaryOp::kLog: return {"log", P::kToFloat, kFloats, "log_vml_cpu"};
    case UnaryOp::kLog2: return {"log2", P::kToFloat, kFloats, "log2_vml_cpu"};
    case UnaryOp::kLog10: return {"log10", P::kToFloat, kFloats, "log10_vml_cpu"};
    case UnaryOp::kLog1p: return {"log1p", P::kToFloat, kFloats, "log1p_vml_cpu"};
    case UnaryOp::kSqrt: return {"sqrt", P::kToFloat, kFloats, "sqrt_vml_cpu"};
    case UnaryOp::kRsqrt: return {"rsqrt", P::kToFloat, kFloats, "rsqrt_cpu"};
    case UnaryOp::kSin: return {"sin", P::kToFloat, kFloats, "sin_vml_cpu"};
    case UnaryOp::kCos: return {"cos", P::kToFloat, kFloats, "cos_vml_cpu"};
    case UnaryOp::kTan: return {"tan", P::kToFloat, kFloats, "tan_vml_cpu"};
    case UnaryOp::kAsin: return {"asin", P::kToFloat, kFloats, "asin_vml_cpu"};
    case UnaryOp::kTanh: return {"tanh", P::kToFloat, kFloats, "tanh_vml_cpu"};
    case UnaryOp::kSigmoid: return {"sigmoid", P::kToFloat, kFloats, "sigmoid_cpu"};
    case UnaryOp::kErf: return {"erf", P::kToFloat, kFloats, "erf_vml_cpu"};
    case UnaryOp::kAtanh: return {"atanh", P::kToFloat, kFloats, "atanh_cpu"};
    case UnaryOp::kGelu: return {"gelu", P::kSame, kFloats, "GeluKernelImpl"};
    case UnaryOp::kGeluTanh: return {"gelu", P::kSame, kFloats, "GeluKernelImpl"};
    case UnaryOp::kSilu: return {"silu", P::kSame, kFloats, "silu_cpu"};
    case UnaryOp::kSquare: return {"square", P::kSame, kNumbers, "pow"};
    case UnaryOp::kIsNan: return {"isnan", P::kToBool, kAllTypes, "isnan_cpu"};
    case UnaryOp::kIsInf: return {"isinf", P::kToBool, kAllTypes, "isinf_cpu"};
    case UnaryOp::kIsFinite: return {"isfinite", P::kToBool, kAllTypes, "isfinite_cpu"};
    case UnaryOp::kLogicalNot: return {"logical_not", P::kToBool, kAllTypes, "logical_not_cpu"};
  }
  return {"?", P::kSame, 0, "?"};
}

void RunUnaryOp(UnaryOp op, const Tensor& out, const DimOrder& order, const Tensor& in) {
  switch (op) {
    case UnaryOp::kNeg: return RunUnaryKernel<kNumbers>(out, order, in, FnOf<NegFn>());
    case UnaryOp::kAbs: return RunUnaryKernel<kNumbers>(out, order, in, FnOf<AbsFn>());
    case UnaryOp::kSign: return RunUnaryKernel<kAllTypes>(out, order, in, FnOf<SignFn>());
    case UnaryOp::kFloor: return RunUnaryKernel<kNumbers>(out, order, in, FnOf<FloorFn>());
    case UnaryOp::kCeil: return RunUnaryKernel<kNumbers>(out, order, in, FnOf<CeilFn>());
    case UnaryOp::kRound: return RunUnaryKernel<kNumbers>(out, order, in, FnOf<RoundFn>());
    case UnaryOp::kTrunc: return RunUnaryKernel<kNumbers>(out, order, in, FnOf<TruncFn>());
    case UnaryOp::kRelu: return RunUnaryKernel<kNumbers>(out, order, in, FnOf<ReluFn>());
    case UnaryOp::kBitwiseNot:
      return RunUnaryKernel<kIntsAndBool>(out, order, in, FnOf<BitwiseNotFn>());
    case UnaryOp::kReciprocal:
      return RunUnaryKernel<kFloats>(out, order, in, FnOf<ReciprocalFn>());
    case UnaryOp::kExp: return RunUnaryKernel<kFloats>(out, order, in, FnOf<ExpFn>());
    case UnaryOp::kExpm1: return RunUnaryKernel<kFloats>(out, order, in, FnOf<Expm1Fn>());
    case UnaryOp::kLog: return RunUnaryKernel<kFloats>(out, order, in, FnOf<LogFn>());
    case UnaryOp::kLog2: return RunUnaryKernel<kFloats>(out, order, in, FnOf<Log2Fn>());
    case UnaryOp::kLog10: return RunUnaryKernel<kFloats>(out, order, in, FnOf<Log10Fn>());
    case UnaryOp::kLog1p: return RunUnaryKernel<kFloats>(out, order, in, FnOf<Log1pFn>());
    case UnaryOp::kSqrt: return RunUnaryKernel<kFloats>(out, order, in, FnOf<SqrtFn>());
    case UnaryOp::kRsqrt: return RunUnaryKernel<kFloats>(out, order, in, FnOf<RsqrtFn>());
    case UnaryOp::kSin: return RunUnaryKernel<kFloats>(out, order, in, FnOf<SinFn>());
    case UnaryOp::kCos: return RunUnaryKernel<kFloats>(out, order, in, FnOf<CosFn>());
    case UnaryOp::kTan: return RunUnaryKernel<kFloats>(out, order, in, FnOf<TanFn>());
    case UnaryOp::kAsin: return RunUnaryKernel<kFloats>(out, order, in, FnOf<AsinFn>());
    case UnaryOp::kTanh: return RunUnaryKernel<kFloats>(out, order, in, FnOf<TanhFn>());
    case UnaryOp::kSigmoid: return RunUnaryKernel<kFloats>(out, order, in, FnOf<SigmoidFn>());
    case UnaryOp::kErf: return RunUnaryKernel<kFloats>(out, order, in, FnOf<ErfFn>());
    case UnaryOp::kAtanh: return RunUnaryKernel<kFloats>(out, order, in, FnOf<AtanhFn>());
    case UnaryOp::kGelu:
      // PyTorch 1.13 hands these to oneDNN (gelu_out_cpu with use_mkldnn(self)).
      if (in.dtype() == DType::kFloat32 && in.is_contiguous() && in.numel() > 1) {
        return RunUnaryKernel<kFloat32T>(out, order, in, FnOf<GeluOneDnnFn>());
      }
      return RunUnaryKernel<kFloats>(out, order, in, FnOf<GeluFn>());
    case UnaryOp::kGeluTanh:
      return RunUnaryKernel<kFloats>(out, order, in, FnOf<GeluTanhFn>());
    case UnaryOp::kSilu: return RunUnaryKernel<kFloats>(out, order, in, FnOf<SiluFn>());
    case UnaryOp::kSquare: return;  // Runs as pow(x, 2).
    case UnaryOp::kIsNan: return RunUnaryKernel<kAllTypes>(out, order, in, FnOf<IsNanFn>());
    case UnaryOp::kIsInf: return RunUnaryKernel<kAllTypes>(out, order, in, FnOf<IsInfFn>());
    case UnaryOp::kIsFinite:
      return RunUnaryKernel<kAllTypes>(out, order, in, FnOf<IsFiniteFn>());
    case UnaryOp::kLogicalNot:
      return RunUnaryKernel<kAllTypes>(out, order, in, FnOf<LogicalNotFn>());
  }
}

}  // namespace
}  // namespace internal

absl::string_view UnaryOpName(UnaryOp op) { return internal::Info(op).name; }

absl::StatusOr<Tensor> Unary(UnaryOp op, const Tensor& x, OpMode mode) {
  using internal::Promotion;
  // square(x) is pow(x, 2), promotion of bool to int64 included.
  if (op == UnaryOp::kSquare) return Pow(x, Scalar(int64_t{2}), mode);
  const internal::UnaryInfo info = internal::Info(op);
  if (x.dtype() == DType::kBool) {
    if (op == UnaryOp::kNeg) {
      return RuntimeError(
          "Negation, the `-` operator, on a bool tensor is not supported. If you are trying "
          "to invert a mask, use the `~` or `logical_not()` operator instead.");
    }
    if (op == UnaryOp::kRelu) return RuntimeError("Boolean inputs not supported for relu");
  }
  DType compute = x.dtype();
  if (info.promotion == Promotion::kToFloat && !IsFloating(compute)) {
    compute = DefaultFloatDType();
  }
  if (!internal::InSet(compute, info.types)) {
    return internal::NotImplementedFor(info.kernel, compute);
  }
  const DType result = info.promotion == Promotion::kToBool ? DType::kBool : compute;
  const Tensor* inputs[] = {&x};
  return internal::RunSimple(
      inputs, compute, result, mode,
      [op](const Tensor& out, const internal::DimOrder& order, absl::Span<const Tensor> ins) {
        internal::RunUnaryOp(op, out, order, ins[0]);
      },
      /*check_cast=*/info.promotion != Promotion::kToBool);
}

}  // namespace wick::tensor
