// Registry entries for unary pointwise ops: the parameterless ones from a table (plain,
// in-place and aliases), then round, clamp, the nn activations and nan_to_num.
#include <string>

#include "absl/strings/str_cat.h"
#include "base/status_macros.h"
#include "tensor/ops/pointwise/internal/registrar.h"
#include "tensor/ops/pointwise/pointwise.h"

namespace wick::tensor::internal {
namespace {

struct UnaryEntry {
  const char* name;
  UnaryOp op;
  bool function;          // torch.<name>
  bool method;            // Tensor.<name>
  bool inplace_function;  // torch.<name>_ (in-place methods exist for every entry but isnan & co.)
  bool has_inplace;
};

constexpr UnaryEntry kUnary[] = {
    {"neg", UnaryOp::kNeg, true, true, true, true},
    {"negative", UnaryOp::kNeg, true, true, true, true},
    {"abs", UnaryOp::kAbs, true, true, true, true},
    {"absolute", UnaryOp::kAbs, true, true, false, true},
    {"sign", UnaryOp::kSign, true, true, false, true},
    {"floor", UnaryOp::kFloor, true, true, true, true},
    {"ceil", UnaryOp::kCeil, true, true, true, true},
    {"trunc", UnaryOp::kTrunc, true, true, true, true},
    {"relu", UnaryOp::kRelu, true, true, true, true},
    {"bitwise_not", UnaryOp::kBitwiseNot, true, true, false, true},
    {"reciprocal", UnaryOp::kReciprocal, true, true, true, true},
    {"exp", UnaryOp::kExp, true, true, true, true},
    {"expm1", UnaryOp::kExpm1, true, true, true, true},
    {"log", UnaryOp::kLog, true, true, true, true},
    {"log2", UnaryOp::kLog2, true, true, true, true},
    {"log10", UnaryOp::kLog10, true, true, true, true},
    {"log1p", UnaryOp::kLog1p, true, true, true, true},
    {"sqrt", UnaryOp::kSqrt, true, true, true, true},
    {"rsqrt", UnaryOp::kRsqrt, true, true, true, true},
    {"sin", UnaryOp::kSin, true, true, true, true},
    {"cos", UnaryOp::kCos, true, true, true, true},
    {"tan", UnaryOp::kTan, true, true, true, true},
    {"asin", UnaryOp::kAsin, true, true, true, true},
    {"tanh", UnaryOp::kTanh, true, true, true, true},
    {"atanh", UnaryOp::kAtanh, true, true, true, true},
    {"sigmoid", UnaryOp::kSigmoid, true, true, true, true},
    {"erf", UnaryOp::kErf, true, true, true, true},
    {"square", UnaryOp::kSquare, true, true, true, true},
    // torch.nn.functional only (torch._C._nn).
    {"silu", UnaryOp::kSilu, false, false, false, true},
    {"isnan", UnaryOp::kIsNan, true, true, false, false},
    {"isinf", UnaryOp::kIsInf, true, true, false, false},
    {"isfinite", UnaryOp::kIsFinite, true, true, false, false},
    {"logical_not", UnaryOp::kLogicalNot, true, true, false, true},
};

// The op's self must be a tensor, not a Python number.
absl::Status SelfIsTensor(const OpArgs& a, absl::string_view name) {
  return RejectNumbers(a, name, {0}, {"input"});
}

OpFlags Flags(bool function, bool method) { return {.function = function, .method = method}; }

void RegisterTable(Registrar& r) {
  for (const UnaryEntry& e : kUnary) {
    const UnaryOp op = e.op;
    const std::string name = e.name;
    r.Add(absl::StrCat(name, "(Tensor self) -> Tensor"), Flags(e.function, e.method),
          [op, name](const OpArgs& a, OpMode mode) -> absl::StatusOr<Tensor> {
            RETURN_IF_ERROR(SelfIsTensor(a, name));
            return Unary(op, a.tensor(0), mode);
          });
    if (!e.has_inplace) continue;
    r.Add(absl::StrCat(name, "_(Tensor(a!) self) -> Tensor(a!)"),
          Flags(e.inplace_function, e.method),
          [op](const OpArgs& a, OpMode mode) { return Unary(op, a.tensor(0), mode); });
  }
}

void RegisterRound(Registrar& r) {
  for (const char* suffix : {"", "_"}) {
    const bool inplace = suffix[0] != '\0';
    const char* self = inplace ? "Tensor(a!) self" : "Tensor self";
    const char* ret = inplace ? "Tensor(a!)" : "Tensor";
    r.Add(absl::StrCat("round", suffix, "(", self, ") -> ", ret), Flags(true, true),
          [](const OpArgs& a, OpMode mode) -> absl::StatusOr<Tensor> {
            RETURN_IF_ERROR(SelfIsTensor(a, "round"));
            return Unary(UnaryOp::kRound, a.tensor(0), mode);
          });
    r.Add(absl::StrCat("round", suffix, ".decimals(", self, ", *, int decimals) -> ", ret),
          Flags(true, true), [](const OpArgs& a, OpMode mode) -> absl::StatusOr<Tensor> {
            RETURN_IF_ERROR(SelfIsTensor(a, "round"));
            return RoundDecimals(a.tensor(0), a.int_(1), mode);
          });
  }
}

void RegisterClamp(Registrar& r) {
  for (const char* name : {"clamp", "clip"}) {
    for (const char* suffix : {"", "_"}) {
      const bool inplace = suffix[0] != '\0';
      const char* self = inplace ? "Tensor(a!) self" : "Tensor self";
      const char* ret = inplace ? "Tensor(a!)" : "Tensor";
      const std::string op = name;
      // Python numbers bind the Scalar overload first; tensors fall through to .Tensor.
      r.Add(absl::StrCat(name, suffix, "(", self, ", Scalar? min=None, Scalar? max=None) -> ",
                         ret),
            Flags(true, true), [op](const OpArgs& a, OpMode mode) -> absl::StatusOr<Tensor> {
              RETURN_IF_ERROR(SelfIsTensor(a, op));
              return Clamp(a.tensor(0), a.optional_scalar(1), a.optional_scalar(2), mode);
            });
      r.Add(absl::StrCat(name, suffix, ".Tensor(", self,
                         ", Tensor? min=None, Tensor? max=None) -> ", ret),
            Flags(true, true), [op](const OpArgs& a, OpMode mode) -> absl::StatusOr<Tensor> {
              RETURN_IF_ERROR(SelfIsTensor(a, op));
              return ClampTensor(a.tensor(0), a.optional_tensor(1), a.optional_tensor(2),
                                 mode);
            });
    }
  }
  for (const char* bound : {"min", "max"}) {
    for (const char* suffix : {"", "_"}) {
      const bool inplace = suffix[0] != '\0';
      const bool is_min = bound[1] == 'i';
      const char* self = inplace ? "Tensor(a!) self" : "Tensor self";
      const char* ret = inplace ? "Tensor(a!)" : "Tensor";
      const std::string op = absl::StrCat("clamp_", bound);
      r.Add(absl::StrCat(op, suffix, "(", self, ", Scalar ", bound, ") -> ", ret),
            Flags(true, true),
            [op, is_min](const OpArgs& a, OpMode mode) -> absl::StatusOr<Tensor> {
              RETURN_IF_ERROR(SelfIsTensor(a, op));
              std::optional<Scalar> v = a.scalar(1);
              return is_min ? Clamp(a.tensor(0), v, std::nullopt, mode)
                            : Clamp(a.tensor(0), std::nullopt, v, mode);
            });
      r.Add(absl::StrCat(op, suffix, ".Tensor(", self, ", Tensor ", bound, ") -> ", ret),
            Flags(true, true),
            [op, is_min](const OpArgs& a, OpMode mode) -> absl::StatusOr<Tensor> {
              RETURN_IF_ERROR(SelfIsTensor(a, op));
              const Tensor& v = a.tensor(1);
              return is_min ? ClampTensor(a.tensor(0), v, Tensor(), mode)
                            : ClampTensor(a.tensor(0), Tensor(), v, mode);
            });
    }
  }
}

// The nn activations with parameters: torch.nn.functional only (function = method =
// false; the VM's torch.nn.functional binds them by name).
void RegisterActivations(Registrar& r) {
  const OpFlags nn = Flags(false, false);
  for (const char* suffix : {"", "_"}) {
    const bool inplace = suffix[0] != '\0';
    const char* self = inplace ? "Tensor(a!) self" : "Tensor self";
    const char* ret = inplace ? "Tensor(a!)" : "Tensor";
    r.Add(absl::StrCat("gelu", suffix, "(", self, ", *, str approximate='none') -> ", ret), nn,
          [](const OpArgs& a, OpMode mode) -> absl::StatusOr<Tensor> {
            RETURN_IF_ERROR(SelfIsTensor(a, "gelu"));
            return Gelu(a.tensor(0), a.string(1), mode);
          });
    r.Add(absl::StrCat("hardtanh", suffix, "(", self,
                       ", Scalar min_val=-1, Scalar max_val=1) -> ", ret),
          nn, [](const OpArgs& a, OpMode mode) -> absl::StatusOr<Tensor> {
            RETURN_IF_ERROR(SelfIsTensor(a, "hardtanh"));
            return Hardtanh(a.tensor(0), a.scalar(1), a.scalar(2), mode);
          });
    r.Add(absl::StrCat("leaky_relu", suffix, "(", self, ", Scalar negative_slope=0.01) -> ",
                       ret),
          nn, [](const OpArgs& a, OpMode mode) -> absl::StatusOr<Tensor> {
            RETURN_IF_ERROR(SelfIsTensor(a, "leaky_relu"));
            return LeakyRelu(a.tensor(0), a.scalar(1), mode);
          });
    r.Add(absl::StrCat("elu", suffix, "(", self,
                       ", Scalar alpha=1, Scalar scale=1, Scalar input_scale=1) -> ", ret),
          nn, [](const OpArgs& a, OpMode mode) -> absl::StatusOr<Tensor> {
            RETURN_IF_ERROR(SelfIsTensor(a, "elu"));
            return Elu(a.tensor(0), a.scalar(1), a.scalar(2), a.scalar(3), mode);
          });
    r.Add(absl::StrCat("nan_to_num", suffix, "(", self,
                       ", float? nan=None, float? posinf=None, float? neginf=None) -> ", ret),
          Flags(true, true), [](const OpArgs& a, OpMode mode) -> absl::StatusOr<Tensor> {
            RETURN_IF_ERROR(SelfIsTensor(a, "nan_to_num"));
            return NanToNum(a.tensor(0), a.optional_double(1), a.optional_double(2),
                            a.optional_double(3), mode);
          });
  }
  r.Add("softplus(Tensor self, Scalar beta=1, Scalar threshold=20) -> Tensor", nn,
        [](const OpArgs& a, OpMode mode) -> absl::StatusOr<Tensor> {
          RETURN_IF_ERROR(SelfIsTensor(a, "softplus"));
          return Softplus(a.tensor(0), a.scalar(1), a.scalar(2), mode);
        });
}

}  // namespace

absl::Status RegisterUnaryOps(Registrar& r) {
  RegisterTable(r);
  RegisterRound(r);
  RegisterClamp(r);
  RegisterActivations(r);
  return r.status();
}

}  // namespace wick::tensor::internal
