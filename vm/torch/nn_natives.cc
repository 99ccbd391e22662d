// torch._C._nn: the natives torch.nn.functional and torch.nn (Python prelude) call, with
// PyTorch's Python signatures (F.embedding(input, weight), F.dropout's range check), the
// Parameter constructor, and Linear's PyTorch-identical initialisation.
#include <utility>

#include "absl/strings/str_cat.h"
#include "tensor/ops/creation/creation.h"
#include "tensor/ops/random/samplers.h"
#include "vm/objects/dict.h"
#include "vm/objects/internal/objects_internal.h"
#include "vm/protocol.h"
#include "vm/torch/internal.h"
#include "vm/torch/torch.h"

namespace wick::vm::torch {
namespace {

using internal::UnpackArgs;

// Missing optional arguments (Raised) become None for the registry.
Value Opt(const Value& v) { return v.is_raised() ? Value::None() : v; }

Value Relu(Runtime& rt, Args args, const KwArgs& kw) {
  Value a[2];
  if (!UnpackArgs(rt, "relu", args, kw, {"input", "inplace"}, 1, a)) return Value::Raised();
  return CallOp(rt, "relu", {a[0]}, {});
}

Value Silu(Runtime& rt, Args args, const KwArgs& kw) {
  Value a[2];
  if (!UnpackArgs(rt, "silu", args, kw, {"input", "inplace"}, 1, a)) return Value::Raised();
  return CallOp(rt, "silu", {a[0]}, {});
}

Value Gelu(Runtime& rt, Args args, const KwArgs& kw) {
  Value a[2];
  if (!UnpackArgs(rt, "gelu", args, kw, {"input", "approximate"}, 1, a)) return Value::Raised();
  if (a[1].is_raised()) return CallOp(rt, "gelu", {a[0]}, {});
  Value names[1] = {rt.NewStr("approximate")};
  return CallOp(rt, "gelu", {a[0]}, KwArgs(names, absl::MakeConstSpan(&a[1], 1)));
}

// F.softmax(input, dim=None, _stacklevel=3, dtype=None) and log_softmax.
Value SoftmaxLike(Runtime& rt, const char* op, Args args, const KwArgs& kw) {
  Value a[4];
  if (!UnpackArgs(rt, op, args, kw, {"input", "dim", "_stacklevel", "dtype"}, 1, a)) {
    return Value::Raised();
  }
  Value dim = Opt(a[1]);
  if (dim.is_none()) {
    // PyTorch's legacy implicit dim: 0 for 0-, 1- and 3-d inputs, else 1.
    int64_t nd = IsTensor(rt, a[0]) ? TensorOf(a[0]).dim() : 0;
    dim = Value::Int(nd == 0 || nd == 1 || nd == 3 ? 0 : 1);
  }
  return CallOp(rt, op, {a[0], dim, Opt(a[3])}, {});
}
Value Softmax(Runtime& rt, Args args, const KwArgs& kw) {
  return SoftmaxLike(rt, "softmax", args, kw);
}
Value LogSoftmax(Runtime& rt, Args args, const KwArgs& kw) {
  return SoftmaxLike(rt, "log_softmax", args, kw);
}

Value Linear(Runtime& rt, Args args, const KwArgs& kw) {
  Value a[3];
  if (!UnpackArgs(rt, "linear", args, kw, {"input", "weight", "bias"}, 2, a)) {
    return Value::Raised();
  }
  return CallOp(rt, "linear", {a[0], a[1], Opt(a[2])}, {});
}

// torch._C._nn.nll_loss_nd(input, target, weight=None, reduction=1, ignore_index=-100).
Value NllLossNd(Runtime& rt, Args args, const KwArgs& kw) {
  Value a[5];
  if (!UnpackArgs(rt, "nll_loss_nd", args, kw,
                  {"input", "target", "weight", "reduction", "ignore_index"}, 2, a)) {
    return Value::Raised();
  }
  Value reduction = a[3].is_raised() ? Value::Int(1) : a[3];
  Value ignore_index = a[4].is_raised() ? Value::Int(-100) : a[4];
  return CallOp(rt, "nll_loss_nd", {a[0], a[1], Opt(a[2]), reduction, ignore_index}, {});
}

Value LayerNorm(Runtime& rt, Args args, const KwArgs& kw) {
  Value a[5];
  if (!UnpackArgs(rt, "layer_norm", args, kw,
                  {"input", "normalized_shape", "weight", "bias", "eps"}, 2, a)) {
    return Value::Raised();
  }
  Value eps = a[4].is_raised() ? Value::Float(1e-5) : a[4];
  return CallOp(rt, "layer_norm", {a[0], a[1], Opt(a[2]), Opt(a[3]), eps}, {});
}

// F.dropout(input, p=0.5, training=True, inplace=False)
Value Dropout(Runtime& rt, Args args, const KwArgs& kw) {
  Value a[4];
  if (!UnpackArgs(rt, "dropout", args, kw, {"input", "p", "training", "inplace"}, 1, a)) {
    return Value::Raised();
  }
  Value p = a[1].is_raised() ? Value::Float(0.5) : a[1];
  Value pf = internal::FloatFromValue(rt, p);
  if (pf.is_raised()) return pf;
  if (pf.as_float() < 0.0 || pf.as_float() > 1.0) {
    std::string r;
    if (!ReprString(rt, p, &r)) return Value::Raised();
    return rt.Raise(rt.exc().value_error,
                    absl::StrCat("dropout probability has to be between 0 and 1, but got ", r));
  }
  Value training = a[2].is_raised() ? Value::Bool(true) : a[2];
  bool inplace = !a[3].is_raised() && Truthy(rt, a[3]) == 1;
  return CallOp(rt, inplace ? "dropout_" : "dropout", {a[0], pf, training}, {});
}

// F.embedding(input, weight, padding_idx=None, ...): the registry's order is (weight, indices).
Value Embedding(Runtime& rt, Args args, const KwArgs& kw) {
  Value a[3];
  if (!UnpackArgs(rt, "embedding", args, kw, {"input", "weight", "padding_idx"}, 2, a)) {
    return Value::Raised();
  }
  Value pad = Opt(a[2]).is_none() ? Value::Int(-1) : a[2];
  return CallOp(rt, "embedding", {a[1], a[0], pad}, {});
}

Value Sdpa(Runtime& rt, Args args, const KwArgs& kw) {
  return CallOp(rt, "scaled_dot_product_attention", args, kw);
}

// Parameter(data=None, requires_grad=True): shares data's storage.
Value ParameterNew(Runtime& rt, Args args, const KwArgs& kw) {
  Value a[2];
  if (!UnpackArgs(rt, "Parameter", args, kw, {"data", "requires_grad"}, 0, a)) {
    return Value::Raised();
  }
  tensor::Tensor t;
  if (a[0].is_raised() || a[0].is_none()) {
    absl::StatusOr<tensor::Tensor> e = tensor::Tensor::Empty({0}, tensor::DefaultFloatDType());
    if (!e.ok()) return rt.RaiseStatus(e.status());
    t = *e;
  } else if (IsTensor(rt, a[0])) {
    t = tensor::Alias(TensorOf(a[0]));
  } else {
    return RaiseTypeName(rt, "Parameter(): argument 'data' must be Tensor, not ", a[0], "");
  }
  bool rg = true;
  if (!a[1].is_raised()) {
    int b = Truthy(rt, a[1]);
    if (b < 0) return Value::Raised();
    rg = b == 1;
  }
  t.set_requires_grad(rg);
  return Value::Steal(rt.Alloc<TensorObject>(State(rt).parameter(), std::move(t)));
}

Value ParameterConstruct(Runtime& rt, Type*, Args args, const KwArgs& kw) {
  return ParameterNew(rt, args, kw);
}

// reset_linear_parameters(weight, bias=None): kaiming_uniform_(a=sqrt(5)) + bias uniform.
Value ResetLinear(Runtime& rt, Args args, const KwArgs& kw) {
  Value a[2];
  if (!UnpackArgs(rt, "reset_linear_parameters", args, kw, {"weight", "bias"}, 1, a)) {
    return Value::Raised();
  }
  if (!IsTensor(rt, a[0])) return RaiseTypeName(rt, "weight must be a Tensor, not ", a[0], "");
  tensor::Tensor bias;
  if (!a[1].is_raised() && IsTensor(rt, a[1])) bias = TensorOf(a[1]);
  absl::Status s = tensor::ResetLinearParameters(TensorOf(a[0]), bias);
  if (!s.ok()) return rt.RaiseStatus(s);
  return Value::None();
}

}  // namespace
}  // namespace wick::vm::torch

namespace wick::vm {

Value NewTorchNNModule(Runtime& rt) {
  using namespace torch;  // NOLINT
  Value module = rt.NewModule("torch._C._nn");
  Dict* d = module.as<Module>()->dict;
  struct Fn {
    const char* name;
    BuiltinFn fn;
  };
  static constexpr Fn kFns[] = {
      {"relu", &Relu},
      {"silu", &Silu},
      {"gelu", &Gelu},
      {"softmax", &Softmax},
      {"log_softmax", &LogSoftmax},
      {"linear", &Linear},
      {"layer_norm", &LayerNorm},
      {"nll_loss_nd", &NllLossNd},
      {"dropout", &Dropout},
      {"embedding", &Embedding},
      {"scaled_dot_product_attention", &Sdpa},
      {"reset_linear_parameters", &ResetLinear},
  };
  for (const Fn& f : kFns) AddFunction(rt, d, f.name, f.fn);
  Type* p = State(rt).parameter();
  p->slots().construct = &ParameterConstruct;
  d->SetStr(rt, rt.Intern("Parameter"), State(rt).parameter_type);
  return module;
}

}  // namespace wick::vm
