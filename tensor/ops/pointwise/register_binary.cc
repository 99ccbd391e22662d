// Registry entries for binary and ternary pointwise ops: arithmetic with aliases and
// in-place forms, pow's three overloads, comparisons (Scalar and Tensor overloads),
// logical and bitwise ops, maximum/minimum, where, lerp and addcmul/addcdiv.
#include <string>

#include "absl/strings/str_cat.h"
#include "base/status_macros.h"
#include "tensor/ops/pointwise/internal/registrar.h"
#include "tensor/ops/pointwise/pointwise.h"

namespace wick::tensor::internal {
namespace {

using Impl = OpImpl;

OpFlags Flags(bool function, bool method) { return {.function = function, .method = method}; }

// Registers name.overload and name_.overload (the in-place method) over one impl.
// `args` is the text after "self" in the schema.
void AddWithInplace(Registrar& r, absl::string_view name, absl::string_view overload,
                    absl::string_view args, bool function, const Impl& impl) {
  const std::string dot = overload.empty() ? "" : absl::StrCat(".", overload);
  r.Add(absl::StrCat(name, dot, "(Tensor self", args, ") -> Tensor"), Flags(function, true),
        impl);
  r.Add(absl::StrCat(name, "_", dot, "(Tensor(a!) self", args, ") -> Tensor(a!)"),
        Flags(false, true), impl);
}

void RegisterArithmetic(Registrar& r) {
  const Impl add = [](const OpArgs& a, OpMode mode) {
    return Add(a.tensor(0), a.tensor(1), a.scalar(2), mode);
  };
  const Impl sub = [](const OpArgs& a, OpMode mode) {
    return Sub(a.tensor(0), a.tensor(1), a.scalar(2), mode);
  };
  const Impl mul = [](const OpArgs& a, OpMode mode) {
    return Mul(a.tensor(0), a.tensor(1), mode);
  };
  const Impl div = [](const OpArgs& a, OpMode mode) {
    return Div(a.tensor(0), a.tensor(1), std::nullopt, mode);
  };
  const Impl div_mode = [](const OpArgs& a, OpMode mode) -> absl::StatusOr<Tensor> {
    if (a.is_none(2)) return Div(a.tensor(0), a.tensor(1), std::nullopt, mode);
    return Div(a.tensor(0), a.tensor(1), absl::string_view(a.string(2)), mode);
  };
  const char* kAlpha = ", Tensor other, *, Scalar alpha=1";
  AddWithInplace(r, "add", "Tensor", kAlpha, true, add);
  AddWithInplace(r, "sub", "Tensor", kAlpha, true, sub);
  AddWithInplace(r, "subtract", "Tensor", kAlpha, true, sub);
  AddWithInplace(r, "mul", "Tensor", ", Tensor other", true, mul);
  AddWithInplace(r, "multiply", "Tensor", ", Tensor other", true, mul);
  for (const char* name : {"div", "divide"}) {
    AddWithInplace(r, name, "Tensor", ", Tensor other", true, div);
    AddWithInplace(r, name, "Tensor_mode", ", Tensor other, *, str? rounding_mode", true,
                   div_mode);
  }
  AddWithInplace(r, "true_divide", "Tensor", ", Tensor other", true, div);
  // rsub(self, other) = other - alpha * self: a function only.
  r.Add("rsub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor", Flags(true, false),
        [](const OpArgs& a, OpMode mode) -> absl::StatusOr<Tensor> {
          RETURN_IF_ERROR(RejectNumbers(a, "rsub", {0}, {"input"}));
          return Sub(a.tensor(1), a.tensor(0), a.scalar(2), mode);
        });
  const Impl floor_divide = [](const OpArgs& a, OpMode mode) {
    return Binary(BinaryOp::kDivFloor, a.tensor(0), a.tensor(1), mode);
  };
  r.Add("floor_divide(Tensor self, Tensor other) -> Tensor", Flags(true, true), floor_divide);
  r.Add("floor_divide_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", Flags(false, true),
        floor_divide);
  AddWithInplace(r, "remainder", "Tensor", ", Tensor other", true,
                 [](const OpArgs& a, OpMode mode) {
                   return Binary(BinaryOp::kRemainder, a.tensor(0), a.tensor(1), mode);
                 });
  AddWithInplace(r, "fmod", "Tensor", ", Tensor other", true,
                 [](const OpArgs& a, OpMode mode) -> absl::StatusOr<Tensor> {
                   RETURN_IF_ERROR(RejectNumbers(a, "fmod", {0}, {"input"}));
                   return Binary(BinaryOp::kFmod, a.tensor(0), a.tensor(1), mode);
                 });
}

void RegisterPow(Registrar& r) {
  // Overloads bind in this order: a number exponent, then a number base, then tensors.
  const Impl tensor_scalar = [](const OpArgs& a, OpMode mode) {
    return Pow(a.tensor(0), a.scalar(1), mode);
  };
  const Impl tensor_tensor = [](const OpArgs& a, OpMode mode) {
    return Pow(a.tensor(0), a.tensor(1), mode);
  };
  r.Add("pow.Tensor_Scalar(Tensor self, Scalar exponent) -> Tensor", Flags(true, true),
        tensor_scalar);
  r.Add("pow.Scalar(Scalar self, Tensor exponent) -> Tensor", Flags(true, false),
        [](const OpArgs& a, OpMode mode) { return Pow(a.scalar(0), a.tensor(1), mode); });
  r.Add("pow.Tensor_Tensor(Tensor self, Tensor exponent) -> Tensor", Flags(true, true),
        tensor_tensor);
  r.Add("pow_.Scalar(Tensor(a!) self, Scalar exponent) -> Tensor(a!)", Flags(false, true),
        tensor_scalar);
  r.Add("pow_.Tensor(Tensor(a!) self, Tensor exponent) -> Tensor(a!)", Flags(false, true),
        tensor_tensor);
}

struct BinaryEntry {
  const char* name;
  BinaryOp op;
  bool scalar_overload;  // Also name.Scalar(Tensor self, Scalar other), bound first.
  bool numbers_ok;       // Python numbers accepted for self/other (else TypeError).
  bool has_inplace;
};

constexpr BinaryEntry kBinary[] = {
    {"eq", BinaryOp::kEq, true, false, true},
    {"ne", BinaryOp::kNe, true, false, true},
    {"not_equal", BinaryOp::kNe, true, false, true},
    {"lt", BinaryOp::kLt, true, false, true},
    {"less", BinaryOp::kLt, true, false, true},
    {"le", BinaryOp::kLe, true, false, true},
    {"less_equal", BinaryOp::kLe, true, false, true},
    {"gt", BinaryOp::kGt, true, false, true},
    {"greater", BinaryOp::kGt, true, false, true},
    {"ge", BinaryOp::kGe, true, false, true},
    {"greater_equal", BinaryOp::kGe, true, false, true},
    {"bitwise_and", BinaryOp::kBitwiseAnd, false, true, true},
    {"bitwise_or", BinaryOp::kBitwiseOr, false, true, true},
    {"bitwise_xor", BinaryOp::kBitwiseXor, false, true, true},
    {"bitwise_left_shift", BinaryOp::kLShift, false, true, true},
    {"bitwise_right_shift", BinaryOp::kRShift, false, true, true},
    {"logical_and", BinaryOp::kLogicalAnd, false, false, true},
    {"logical_or", BinaryOp::kLogicalOr, false, false, true},
    {"logical_xor", BinaryOp::kLogicalXor, false, false, true},
    {"maximum", BinaryOp::kMaximum, false, false, false},
    {"minimum", BinaryOp::kMinimum, false, false, false},
};

void RegisterBinaryTable(Registrar& r) {
  for (const BinaryEntry& e : kBinary) {
    const BinaryOp op = e.op;
    const std::string name = e.name;
    // Comparisons accept a number as `other` (their Scalar overload), never as self;
    // logical ops and maximum/minimum accept numbers nowhere.
    const bool other_number_ok = e.numbers_ok || e.scalar_overload;
    const bool self_number_ok = e.numbers_ok;
    const Impl tensor_impl = [op, name, self_number_ok,
                              other_number_ok](const OpArgs& a,
                                               OpMode mode) -> absl::StatusOr<Tensor> {
      if (!self_number_ok) RETURN_IF_ERROR(RejectNumbers(a, name, {0}, {"input"}));
      if (!other_number_ok) RETURN_IF_ERROR(RejectNumbers(a, name, {1}, {"other"}));
      return Binary(op, a.tensor(0), a.tensor(1), mode);
    };
    // Tensor-only ops use a plain name where PyTorch has no overloads.
    const char* overload = (e.scalar_overload || e.numbers_ok) ? "Tensor" : "";
    if (e.scalar_overload) {
      const Impl scalar_impl = [op, name](const OpArgs& a,
                                          OpMode mode) -> absl::StatusOr<Tensor> {
        RETURN_IF_ERROR(RejectNumbers(a, name, {0}, {"input"}));
        const Tensor other = Tensor::FromScalar(a.scalar(1), std::nullopt, true);
        return Binary(op, a.tensor(0), other, mode);
      };
      r.Add(absl::StrCat(name, ".Scalar(Tensor self, Scalar other) -> Tensor"),
            Flags(true, true), scalar_impl);
      if (e.has_inplace) {
        r.Add(absl::StrCat(name, "_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)"),
              Flags(false, true), scalar_impl);
      }
    }
    if (e.has_inplace) {
      AddWithInplace(r, name, overload, ", Tensor other", true, tensor_impl);
    } else {
      r.Add(absl::StrCat(name, "(Tensor self, Tensor other) -> Tensor"), Flags(true, true),
            tensor_impl);
    }
  }
}

void RegisterTernary(Registrar& r) {
  // Tensor.where(condition, other): the method's receiver is `self`, the second argument.
  r.Add("where.self(Tensor condition, Tensor self, Tensor other) -> Tensor", Flags(true, true),
        [](const OpArgs& a, OpMode mode) -> absl::StatusOr<Tensor> {
          RETURN_IF_ERROR(RejectNumbers(a, "where", {0}, {"condition"}));
          return Where(a.tensor(0), a.tensor(1), a.tensor(2), mode);
        });
  AddWithInplace(r, "lerp", "Scalar", ", Tensor end, Scalar weight", true,
                 [](const OpArgs& a, OpMode mode) -> absl::StatusOr<Tensor> {
                   RETURN_IF_ERROR(RejectNumbers(a, "lerp", {0, 1}, {"input", "end"}));
                   return Lerp(a.tensor(0), a.tensor(1), a.scalar(2), mode);
                 });
  AddWithInplace(r, "lerp", "Tensor", ", Tensor end, Tensor weight", true,
                 [](const OpArgs& a, OpMode mode) -> absl::StatusOr<Tensor> {
                   RETURN_IF_ERROR(
                       RejectNumbers(a, "lerp", {0, 1, 2}, {"input", "end", "weight"}));
                   return LerpTensor(a.tensor(0), a.tensor(1), a.tensor(2), mode);
                 });
  AddWithInplace(r, "addcmul", "", ", Tensor tensor1, Tensor tensor2, *, Scalar value=1", true,
                 [](const OpArgs& a, OpMode mode) {
                   return Addcmul(a.tensor(0), a.tensor(1), a.tensor(2), a.scalar(3), mode);
                 });
  AddWithInplace(r, "addcdiv", "", ", Tensor tensor1, Tensor tensor2, *, Scalar value=1", true,
                 [](const OpArgs& a, OpMode mode) {
                   return Addcdiv(a.tensor(0), a.tensor(1), a.tensor(2), a.scalar(3), mode);
                 });
}

}  // namespace

absl::Status RegisterBinaryOps(Registrar& r) {
  RegisterArithmetic(r);
  RegisterPow(r);
  RegisterBinaryTable(r);
  RegisterTernary(r);
  return r.status();
}

}  // namespace wick::tensor::internal
