// Pointwise tensor ops as C++ functions: arithmetic, math functions, activations,
// comparisons, logical and bitwise ops, clamp, where and lerp, with PyTorch 1.13's
// broadcasting, type promotion (Python numbers as wrapped 0-dim tensors), output layouts
// and error messages. The registry ops (RegisterPointwiseOps) call these; so can other
// op groups.
//
//   ASSIGN_OR_RETURN(Tensor y, Add(x, b, /*alpha=*/2));
//   ASSIGN_OR_RETURN(Tensor m, Maximum(x, y));
//   ASSIGN_OR_RETURN(Tensor e, Unary(UnaryOp::kExp, x));
//   ASSIGN_OR_RETURN(x, Mul(x, y, {.inplace = true}));   // x.mul_(y)
//
// Errors are RuntimeError/TypeError statuses (base/python_error.h) with PyTorch's text.
#ifndef WICK_TENSOR_OPS_POINTWISE_POINTWISE_H_
#define WICK_TENSOR_OPS_POINTWISE_POINTWISE_H_

#include <optional>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "tensor/scalar.h"
#include "tensor/tensor.h"

namespace wick::tensor {

// Parameterless unary ops. The comment gives the result dtype for an input of dtype D.
enum class UnaryOp : uint8_t {
  // Same dtype as the input.
  kNeg, kAbs, kSign, kFloor, kCeil, kRound, kTrunc, kRelu, kBitwiseNot,
  // Floating inputs keep their dtype; bool and integers give the default float dtype.
  kReciprocal, kExp, kExpm1, kLog, kLog2, kLog10, kLog1p, kSqrt, kRsqrt, kSin, kCos, kTan,
  kAsin, kTanh, kSigmoid, kErf, kAtanh,
  // Floating inputs only (nn activations).
  kGelu, kGeluTanh, kSilu,
  // pow(x, 2): bool becomes int64.
  kSquare,
  // bool results.
  kIsNan, kIsInf, kIsFinite, kLogicalNot,
};

enum class BinaryOp : uint8_t {
  // Result dtype: promoted dtype of the operands.
  kAdd, kSub, kMul, kDivTrunc, kDivFloor, kRemainder, kFmod, kPow, kMaximum, kMinimum,
  kBitwiseAnd, kBitwiseOr, kBitwiseXor, kLShift, kRShift,
  // True division: integer and bool operands give the default float dtype.
  kDiv,
  // bool results.
  kEq, kNe, kLt, kLe, kGt, kGe, kLogicalAnd, kLogicalOr, kLogicalXor,
};

// The PyTorch op name ("exp", "floor_divide", "eq", ...).
absl::string_view UnaryOpName(UnaryOp op);
absl::string_view BinaryOpName(BinaryOp op);

// How an op runs. `inplace`: write the result into the first operand (PyTorch's `x.op_()`:
// the result must be castable to its dtype, broadcasting must not grow it, and it is
// returned). `meta`: compute the result's metadata only (a meta tensor, or the first
// operand itself when in place), with every check that does not need element values.
struct OpMode {
  bool inplace = false;
  bool meta = false;
};

// ---- Generic entry points --------------------------------------------------------------

absl::StatusOr<Tensor> Unary(UnaryOp op, const Tensor& x, OpMode mode = {});
absl::StatusOr<Tensor> Binary(BinaryOp op, const Tensor& a, const Tensor& b, OpMode mode = {});

// ---- Arithmetic ------------------------------------------------------------------------

// a + alpha * b and a - alpha * b. `alpha` must be integral for integral results and may
// be bool only for bool results.
absl::StatusOr<Tensor> Add(const Tensor& a, const Tensor& b, Scalar alpha = 1,
                           OpMode mode = {});
absl::StatusOr<Tensor> Sub(const Tensor& a, const Tensor& b, Scalar alpha = 1,
                           OpMode mode = {});
absl::StatusOr<Tensor> Mul(const Tensor& a, const Tensor& b, OpMode mode = {});
// rounding_mode: nullopt (true division), "trunc" or "floor". Integer division by zero
// is RuntimeError("ZeroDivisionError"), as in PyTorch 1.13.
absl::StatusOr<Tensor> Div(const Tensor& a, const Tensor& b,
                           std::optional<absl::string_view> rounding_mode = std::nullopt,
                           OpMode mode = {});
absl::StatusOr<Tensor> Pow(const Tensor& base, const Tensor& exponent, OpMode mode = {});
absl::StatusOr<Tensor> Pow(const Tensor& base, Scalar exponent, OpMode mode = {});
absl::StatusOr<Tensor> Pow(Scalar base, const Tensor& exponent, OpMode mode = {});
// Elementwise max/min; NaN propagates.
absl::StatusOr<Tensor> Maximum(const Tensor& a, const Tensor& b, OpMode mode = {});
absl::StatusOr<Tensor> Minimum(const Tensor& a, const Tensor& b, OpMode mode = {});

// ---- Ops with parameters ---------------------------------------------------------------

// round(x, decimals=d): floating inputs only.
absl::StatusOr<Tensor> RoundDecimals(const Tensor& x, int64_t decimals, OpMode mode = {});
// clamp with Python-number bounds (at least one given); a NaN bound gives NaN.
absl::StatusOr<Tensor> Clamp(const Tensor& x, std::optional<Scalar> min,
                             std::optional<Scalar> max, OpMode mode = {});
// clamp with tensor bounds (undefined = absent; at least one defined); NaN propagates.
absl::StatusOr<Tensor> ClampTensor(const Tensor& x, const Tensor& min, const Tensor& max,
                                   OpMode mode = {});
// nn activations; results keep the input's dtype.
absl::StatusOr<Tensor> Hardtanh(const Tensor& x, Scalar min_val, Scalar max_val,
                                OpMode mode = {});
absl::StatusOr<Tensor> LeakyRelu(const Tensor& x, Scalar negative_slope, OpMode mode = {});
absl::StatusOr<Tensor> Elu(const Tensor& x, Scalar alpha, Scalar scale, Scalar input_scale,
                           OpMode mode = {});
absl::StatusOr<Tensor> Softplus(const Tensor& x, Scalar beta, Scalar threshold,
                                OpMode mode = {});
// approximate: "none" or "tanh".
absl::StatusOr<Tensor> Gelu(const Tensor& x, absl::string_view approximate, OpMode mode = {});
// Defaults: NaN -> 0, +inf -> the dtype's max, -inf -> its lowest.
absl::StatusOr<Tensor> NanToNum(const Tensor& x, std::optional<double> nan,
                                std::optional<double> posinf, std::optional<double> neginf,
                                OpMode mode = {});

// ---- Ternary ---------------------------------------------------------------------------

// condition ? a : b, broadcasting all three; condition must be bool.
absl::StatusOr<Tensor> Where(const Tensor& condition, const Tensor& a, const Tensor& b,
                             OpMode mode = {});
// self + weight * (end - self); end (and a tensor weight) must have self's dtype.
absl::StatusOr<Tensor> Lerp(const Tensor& self, const Tensor& end, Scalar weight,
                            OpMode mode = {});
absl::StatusOr<Tensor> LerpTensor(const Tensor& self, const Tensor& end, const Tensor& weight,
                                  OpMode mode = {});
// self + value * tensor1 * tensor2 and self + value * tensor1 / tensor2, over the
// promoted dtype of all three (addcdiv refuses two integer operands, as 1.13 does).
absl::StatusOr<Tensor> Addcmul(const Tensor& self, const Tensor& tensor1, const Tensor& tensor2,
                               Scalar value, OpMode mode = {});
absl::StatusOr<Tensor> Addcdiv(const Tensor& self, const Tensor& tensor1, const Tensor& tensor2,
                               Scalar value, OpMode mode = {});

}  // namespace wick::tensor

#endif  // WICK_TENSOR_OPS_POINTWISE_POINTWISE_H_
