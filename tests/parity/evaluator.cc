// Call dispatch for parity cases: names resolve the way Python resolves them against
// the `torch` module, `torch.nn.functional` and Tensor methods, and end in the registry.
// The input helpers and torch.tensor live in inputs.cc.
#include "tests/parity/evaluator.h"

#include <algorithm>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/dtype.h"
#include "tensor/shape.h"
#include "tests/parity/functional.h"
#include "tests/parity/inputs.h"

namespace wick::parity {

using tensor::DType;
using tensor::Kwargs;
using tensor::OpDef;
using tensor::Tensor;
using tensor::Value;

namespace {

// torch.float32 and friends. float16/bfloat16/... exist in torch but not in wick: those
// are reported as missing rather than as a parse error.
std::optional<DType> TorchDType(absl::string_view name) {
  if (name == "float32" || name == "float") return DType::kFloat32;
  if (name == "float64" || name == "double") return DType::kFloat64;
  if (name == "int64" || name == "long") return DType::kInt64;
  if (name == "int32" || name == "int") return DType::kInt32;
  if (name == "bool") return DType::kBool;
  return std::nullopt;
}

// Submodules whose functions are registered as `<module>_<name>` ops, as in ATen
// (torch.linalg.norm is aten::linalg_norm, torch.special.erf is aten::special_erf).
constexpr absl::string_view kPrefixedModules[] = {"linalg", "special", "fft"};

bool IsTensorSelf(const OpDef& op) {
  return !op.schema.arguments.empty() &&
         op.schema.arguments[0].type.base == tensor::ArgType::Base::kTensor &&
         !op.schema.arguments[0].type.list;
}

// PyTorch's python_arg_parser lets a signature whose only positional parameter is an
// int list take that list as varargs: x.view(2, 3), torch.zeros(2, 3), x.permute(1, 0).
std::vector<Value> PackVarargs(const OpDef& op, const std::vector<Value>& args, bool method) {
  const int skip = method ? 1 : 0;
  const int npos = op.schema.num_positional() - skip;
  if (npos != 1) return args;
  const tensor::Argument& p = op.schema.arguments[skip];
  if (p.type.base != tensor::ArgType::Base::kInt || !p.type.list) return args;
  if (static_cast<int>(args.size()) <= skip) return args;
  std::vector<int64_t> ints;
  for (size_t i = skip; i < args.size(); ++i) {
    if (!args[i].is_int()) return args;
  }
  for (size_t i = skip; i < args.size(); ++i) ints.push_back(args[i].to_int());
  std::vector<Value> packed(args.begin(), args.begin() + skip);
  packed.emplace_back(std::move(ints));
  return packed;
}

}  // namespace

absl::Status Evaluator::Missing(const std::string& python_name) {
  if (std::find(missing_.begin(), missing_.end(), python_name) == missing_.end()) {
    missing_.push_back(python_name);
  }
  return absl::NotFoundError(absl::StrCat("wick has no ", python_name));
}

absl::StatusOr<Value> Evaluator::Run(const std::vector<ExprPtr>& statements) {
  Value last;
  for (const ExprPtr& s : statements) {
    ASSIGN_OR_RETURN(last, Eval(*s));
  }
  return last;
}

absl::StatusOr<Value> Evaluator::Eval(const Expr& e) {
  switch (e.kind) {
    case Expr::Kind::kNone:
      return Value();
    case Expr::Kind::kBool:
      return Value(e.b);
    case Expr::Kind::kInt:
      return Value(e.i);
    case Expr::Kind::kFloat:
      return Value(e.f);
    case Expr::Kind::kString:
      return Value(e.text);
    case Expr::Kind::kList:
    case Expr::Kind::kTuple:
      return EvalList(e);
    case Expr::Kind::kName:
      return PythonError("NameError", absl::StrCat("name '", e.text, "' is not defined"));
    case Expr::Kind::kAttr:
      return EvalAttribute(e);
    case Expr::Kind::kCall:
      return EvalCall(e);
  }
  return absl::InternalError("unknown expression kind");
}

// A list or tuple argument becomes an int list, a float list, or a tensor list (with
// None entries as undefined tensors, for `Tensor?[]`), as PyTorch's argument parser
// would read it for the parameter types that occur.
absl::StatusOr<Value> Evaluator::EvalList(const Expr& e) {
  std::vector<Value> items;
  bool any_double = false, any_tensor = false, any_none = false, any_other = false;
  for (const ExprPtr& item : e.items) {
    ASSIGN_OR_RETURN(Value v, Eval(*item));
    any_double |= v.is_double();
    any_tensor |= v.is_tensor();
    any_none |= v.is_none();
    any_other |= !(v.is_int() || v.is_bool() || v.is_double() || v.is_tensor() || v.is_none());
    items.push_back(std::move(v));
  }
  if (any_other) {
    return TypeError("nested lists are only supported as the data of torch.tensor");
  }
  if (any_tensor || (any_none && !items.empty())) {
    std::vector<Tensor> tensors;
    for (const Value& v : items) {
      if (!v.is_tensor() && !v.is_none()) {
        return TypeError("expected a list of Tensors (or None), got a number among them");
      }
      tensors.push_back(v.is_tensor() ? v.to_tensor() : Tensor());
    }
    return Value(std::move(tensors));
  }
  if (any_double) {
    std::vector<double> d;
    for (const Value& v : items) d.push_back(v.to_scalar().to_double());
    return Value(std::move(d));
  }
  std::vector<int64_t> ints;
  for (const Value& v : items) ints.push_back(v.to_scalar().to_int());
  return Value(std::move(ints));
}

absl::StatusOr<Value> Evaluator::EvalAttribute(const Expr& e) {
  const std::string dotted = e.DottedName();
  if (absl::StartsWith(dotted, "torch.") && dotted.find('.', 6) == std::string::npos) {
    if (std::optional<DType> dt = TorchDType(e.text)) return Value(*dt);
    return Missing(dotted);
  }
  if (absl::StartsWith(dotted, "torch.") || absl::StartsWith(dotted, "F.")) {
    return Missing(dotted);
  }
  ASSIGN_OR_RETURN(Value target, Eval(*e.target));
  if (!target.is_tensor()) {
    return PythonError("AttributeError", absl::StrCat("'", tensor::ValueTypeName(target),
                                                      "' object has no attribute '", e.text, "'"));
  }
  const Tensor& t = target.to_tensor();
  if (e.text == "shape") {
    return Value(std::vector<int64_t>(t.sizes().begin(), t.sizes().end()));
  }
  if (e.text == "dtype") return Value(t.dtype());
  if (e.text == "ndim") return Value(t.dim());
  if (e.text == "requires_grad") return Value(t.requires_grad());
  return Missing(absl::StrCat("Tensor.", e.text));
}

absl::Status Evaluator::EvalArgs(const Expr& call, std::vector<Value>* args, Kwargs* kwargs) {
  for (const ExprPtr& a : call.items) {
    ASSIGN_OR_RETURN(Value v, Eval(*a));
    args->push_back(std::move(v));
  }
  for (const auto& [name, expr] : call.kwargs) {
    ASSIGN_OR_RETURN(Value v, Eval(*expr));
    kwargs->emplace_back(name, std::move(v));
  }
  return absl::OkStatus();
}

absl::StatusOr<Value> Evaluator::EvalCall(const Expr& e) {
  const Expr& callee = *e.target;
  const std::string dotted = callee.DottedName();
  if (dotted == "torch.tensor") return TorchTensor(e);
  std::vector<Value> args;
  Kwargs kwargs;
  if (callee.kind == Expr::Kind::kName) {
    RETURN_IF_ERROR(EvalArgs(e, &args, &kwargs));
    return CallInputHelper(callee.text, args, kwargs);
  }
  if (callee.kind != Expr::Kind::kAttr) {
    return TypeError("this expression is not callable");
  }
  const std::string& name = callee.text;
  if (dotted == "F." + name || dotted == "torch.nn.functional." + name) {
    RETURN_IF_ERROR(EvalArgs(e, &args, &kwargs));
    return CallFunctional(name, std::move(args), kwargs);
  }
  if (dotted == "torch." + name) {
    RETURN_IF_ERROR(EvalArgs(e, &args, &kwargs));
    return CallRegistry(name, dotted, /*method=*/false, /*check_flags=*/true, std::move(args),
                        kwargs);
  }
  for (absl::string_view module : kPrefixedModules) {
    if (dotted == absl::StrCat("torch.", module, ".", name)) {
      RETURN_IF_ERROR(EvalArgs(e, &args, &kwargs));
      return CallRegistry(absl::StrCat(module, "_", name), dotted, false, false, std::move(args),
                          kwargs);
    }
  }
  if (absl::StartsWith(dotted, "torch.") || absl::StartsWith(dotted, "F.")) {
    return Missing(dotted);
  }
  // A method call: the receiver is `self`.
  ASSIGN_OR_RETURN(Value self, Eval(*callee.target));
  if (!self.is_tensor()) {
    return PythonError("AttributeError", absl::StrCat("'", tensor::ValueTypeName(self),
                                                      "' object has no attribute '", name, "'"));
  }
  args.push_back(self);
  RETURN_IF_ERROR(EvalArgs(e, &args, &kwargs));
  return CallRegistry(name, absl::StrCat("Tensor.", name), /*method=*/true,
                      /*check_flags=*/true, std::move(args), kwargs);
}

absl::StatusOr<Value> Evaluator::CallRegistry(const std::string& op, const std::string& python_name,
                                              bool method, bool check_flags,
                                              std::vector<Value> args, const Kwargs& kwargs) {
  absl::Span<const OpDef* const> all = registry_.Overloads(op);
  std::vector<const OpDef*> usable;
  for (const OpDef* def : all) {
    if (method && (!IsTensorSelf(*def) || (check_flags && !def->flags.method))) continue;
    if (!method && check_flags && !def->flags.function) continue;
    usable.push_back(def);
  }
  if (usable.empty()) {
    if (method) {
      // Tensor attributes that are methods in Python but need no kernel (size, dim, ...).
      bool found = false;
      std::vector<Value> rest(args.begin() + 1, args.end());
      absl::StatusOr<Value> v = CallTensorBuiltin(op, args[0].to_tensor(), rest, kwargs, &found);
      if (found) return v;
    }
    if (all.empty()) return Missing(python_name);
    // Registered, but not under this spelling: Python cannot see it either.
    return PythonError("AttributeError",
                       method ? absl::StrCat("'Tensor' object has no attribute '", op, "'")
                              : absl::StrCat("module 'torch' has no attribute '", op, "'"));
  }
  absl::Status first_error;
  for (const OpDef* def : usable) {
    const std::vector<Value> call_args = PackVarargs(*def, args, method);
    absl::StatusOr<std::vector<Value>> bound =
        tensor::BindArguments(*def, call_args, kwargs);
    if (!bound.ok()) {
      if (first_error.ok()) first_error = bound.status();
      continue;
    }
    if (!def->kernel) {
      return absl::UnimplementedError(absl::StrCat(def->full_name(), " has no kernel"));
    }
    return def->kernel(tensor::OpArgs(*bound));
  }
  if (usable.size() > 1) {
    return TypeError(absl::StrCat(op, "() received an invalid combination of arguments"));
  }
  return first_error;
}

absl::StatusOr<Value> Evaluator::CallFunctional(const std::string& name, std::vector<Value> args,
                                                const Kwargs& kwargs) {
  ASSIGN_OR_RETURN(std::optional<RegistryCall> call, LowerFunctional(name, args, kwargs));
  if (!call) {
    // No adapter: F.NAME is the registry op of the same name and signature.
    return CallRegistry(name, "F." + name, false, false, std::move(args), kwargs);
  }
  return CallRegistry(call->op, "F." + name, false, false, std::move(call->args), call->kwargs);
}

// torch.tensor(data, *, dtype=None, device=None, requires_grad=False, pin_memory=False)
absl::StatusOr<Value> Evaluator::TorchTensor(const Expr& call) {
  if (call.items.size() != 1) {
    return TypeError(absl::StrCat("tensor() takes 1 positional argument but ", call.items.size(),
                                  " were given"));
  }
  std::optional<DType> dtype;
  bool requires_grad = false;
  for (const auto& [name, expr] : call.kwargs) {
    ASSIGN_OR_RETURN(Value v, Eval(*expr));
    if (name == "dtype" && (v.is_dtype() || v.is_none())) {
      if (v.is_dtype()) dtype = v.to_dtype();
    } else if (name == "requires_grad" && v.is_bool()) {
      requires_grad = v.to_bool();
    } else if (name == "device" && v.is_string() && absl::StartsWith(v.to_string(), "cpu")) {
    } else if (name == "pin_memory" && v.is_bool()) {
    } else {
      return TypeError(
          absl::StrCat("tensor(): unsupported argument ", name, "=", tensor::ValueTypeName(v)));
    }
  }
  ASSIGN_OR_RETURN(Tensor t, TensorFromLiteral(*call.items[0], dtype, requires_grad));
  return Value(std::move(t));
}

absl::StatusOr<Value> Evaluator::CallTensorBuiltin(const std::string& name, const Tensor& t,
                                                   const std::vector<Value>& args,
                                                   const Kwargs& kwargs, bool* found) {
  *found = true;
  auto no_args = [&]() -> absl::Status {
    if (!args.empty() || !kwargs.empty()) {
      return TypeError(absl::StrCat(name, "() takes no arguments"));
    }
    return absl::OkStatus();
  };
  // size(dim=None) / stride(dim=None): a tuple, or one entry.
  if (name == "size" || name == "stride") {
    tensor::IntSpan values = name == "size" ? t.sizes() : t.strides();
    if (args.size() + kwargs.size() > 1)
      return TypeError(absl::StrCat(name, "() takes at most 1 argument"));
    const Value* dim = !args.empty() ? &args[0] : !kwargs.empty() ? &kwargs[0].second : nullptr;
    if (dim == nullptr || dim->is_none()) {
      return Value(std::vector<int64_t>(values.begin(), values.end()));
    }
    if (!dim->is_int()) return TypeError(absl::StrCat(name, "(): argument 'dim' must be int"));
    absl::StatusOr<int64_t> d = tensor::WrapDim(dim->to_int(), t.dim());
    if (!d.ok()) return IndexError(d.status().message());
    return Value(values[*d]);
  }
  if (name == "dim" || name == "ndimension") {
    RETURN_IF_ERROR(no_args());
    return Value(t.dim());
  }
  if (name == "numel" || name == "nelement") {
    RETURN_IF_ERROR(no_args());
    return Value(t.numel());
  }
  if (name == "storage_offset") {
    RETURN_IF_ERROR(no_args());
    return Value(t.storage_offset());
  }
  if (name == "element_size") {
    RETURN_IF_ERROR(no_args());
    return Value(static_cast<int64_t>(t.element_size()));
  }
  if (name == "is_contiguous") {
    RETURN_IF_ERROR(no_args());
    return Value(t.is_contiguous());
  }
  if (name == "item") {
    RETURN_IF_ERROR(no_args());
    absl::StatusOr<tensor::Scalar> s = t.Item();
    if (!s.ok()) return RuntimeError(s.status().message());
    return Value(*s);
  }
  *found = false;
  return Value();
}

}  // namespace wick::parity
