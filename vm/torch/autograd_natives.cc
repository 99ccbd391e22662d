// The VM side of autograd: grad_fn objects (`<AddBackward0 object at 0x...>`, name(),
// next_functions), and the torch._C natives torch.autograd's prelude builds on:
// _wick_backward, _wick_grad, _wick_record_function (torch.autograd.Function) and
// _wick_register_hook. A Python exception raised inside a backward callback stays
// pending and surfaces from the backward() call that ran it.
#include <memory>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "base/python_error.h"
#include "tensor/autograd/autograd.h"
#include "tensor/ops/random/generator.h"
#include "vm/objects/bytes.h"
#include "vm/objects/dict.h"
#include "vm/objects/internal/objects_internal.h"
#include "vm/protocol.h"
#include "vm/torch/internal.h"

namespace wick::vm::torch {
namespace {

namespace ag = tensor::autograd;

class GradFnObject : public Object {
 public:
  explicit GradFnObject(std::shared_ptr<ag::Node> node) : node(std::move(node)) {}
  std::shared_ptr<ag::Node> node;
};

// The status a callback returns when its Python exception is pending in the runtime.
absl::Status PythonRaised() { return absl::CancelledError("wick: Python exception pending"); }

Value RaiseFrom(Runtime& rt, const absl::Status& s) {
  if (absl::IsCancelled(s) && rt.HasPending()) return Value::Raised();
  return rt.RaiseStatus(s);
}

Type* GradFnType(Runtime& rt);
Value GradFnRepr(Runtime& rt, const Value& v);
Value GradFnGetAttr(Runtime& rt, const Value& v, Str* name);

// The class of a grad_fn: one per node name (`type(y.grad_fn).__name__` is
// "MulBackward0", module "builtins", as in PyTorch 1.13), each a subclass of the Node
// type that holds the methods, made on first use.
Type* GradFnClass(Runtime& rt, const std::string& name) {
  TorchState& s = State(rt);
  auto it = s.grad_fn_classes.find(name);
  if (it != s.grad_fn_classes.end()) return it->second.as<Type>();
  Type* t = rt.NewBuiltinType(name, GradFnType(rt), Layout::kOther);
  t->dict()->SetStr(rt, rt.names().module, rt.NewStr("builtins"));
  t->slots().repr = &GradFnRepr;
  t->slots().getattr = &GradFnGetAttr;
  t->slots().construct = nullptr;
  s.grad_fn_classes[name] = Value::Steal(t);
  return t;
}

Value NewGradFn(Runtime& rt, std::shared_ptr<ag::Node> node) {
  if (node == nullptr) return Value::None();
  Type* cls = GradFnClass(rt, node->name());
  return Value::Steal(rt.Alloc<GradFnObject>(cls, std::move(node)));
}

Value GradFnRepr(Runtime& rt, const Value& v) {
  return rt.NewStr(absl::StrFormat("<%s object at %p>", v.as<GradFnObject>()->node->name(),
                                   static_cast<const void*>(v.as<GradFnObject>()->node.get())));
}

// grad_fn.name(): PyTorch's C++ nodes that are not generated from derivatives.yaml
// answer with their qualified C++ name ("torch::autograd::CopySlices"); their Python
// class (the repr) is the short one.
Value GradFnName(Runtime& rt, Args args, const KwArgs&) {
  const std::string name = args[0].as<GradFnObject>()->node->name();
  if (name == "CopySlices" || name == "AccumulateGrad" || name == "GraphRoot" ||
      name == "Error" || name == "DelayedError") {
    return rt.NewStr(absl::StrCat("torch::autograd::", name));
  }
  return rt.NewStr(name);
}

Value GradFnGetAttr(Runtime& rt, const Value& v, Str* name) {
  const std::shared_ptr<ag::Node>& node = v.as<GradFnObject>()->node;
  if (name->view() == "next_functions") {
    std::vector<Value> items;
    for (const ag::Edge& e : node->next_edges) {
      items.push_back(rt.NewTuple({NewGradFn(rt, e.fn), Value::Int(e.input_nr)}));
    }
    return rt.NewTuple(std::move(items));
  }
  return GenericGetAttr(rt, v, name);
}

Type* GradFnType(Runtime& rt) {
  TorchState& s = State(rt);
  if (s.grad_fn_type.is_none()) {
    Type* t = rt.NewBuiltinType("Node", rt.types().object, Layout::kOther);
    t->dict()->SetStr(rt, rt.names().module, rt.NewStr("torch.autograd.graph"));
    t->slots().repr = &GradFnRepr;
    t->slots().getattr = &GradFnGetAttr;
    t->slots().construct = nullptr;
    rt.AddMethod(t, "name", &GradFnName);
    s.grad_fn_type = Value::Steal(t);
  }
  return s.grad_fn_type.as<Type>();
}

// A list or tuple of tensors (or a single tensor / None entries) as tensors.
bool TensorsOf(Runtime& rt, const Value& v, std::vector<tensor::Tensor>* out,
               bool allow_none = false) {
  if (v.is_none()) return true;
  if (IsTensor(rt, v)) {
    out->push_back(TensorOf(v));
    return true;
  }
  if (!rt.IsList(v) && !rt.IsTuple(v)) {
    rt.Raise(rt.exc().type_error, "expected a Tensor or a sequence of Tensors");
    return false;
  }
  const std::vector<Value>& items = rt.IsList(v) ? v.as<List>()->items : v.as<Tuple>()->items;
  for (const Value& x : items) {
    if (x.is_none() && allow_none) {
      out->push_back(tensor::Tensor());
    } else if (IsTensor(rt, x)) {
      out->push_back(TensorOf(x));
    } else {
      rt.Raise(rt.exc().type_error, "expected a Tensor or a sequence of Tensors");
      return false;
    }
  }
  return true;
}

// _wick_backward(tensors, grad_tensors, retain_graph, create_graph, inputs)
Value BackwardNative(Runtime& rt, Args args, const KwArgs&) {
  if (args.size() != 5) return rt.Raise(rt.exc().type_error, "_wick_backward takes 5 arguments");
  std::vector<tensor::Tensor> outs, grads, inputs;
  if (!TensorsOf(rt, args[0], &outs) || !TensorsOf(rt, args[1], &grads, true) ||
      !TensorsOf(rt, args[4], &inputs)) {
    return Value::Raised();
  }
  const int create = Truthy(rt, args[3]);
  if (create < 0) return Value::Raised();
  int retain = create;
  if (!args[2].is_none()) retain = Truthy(rt, args[2]);
  if (retain < 0) return Value::Raised();
  absl::Status s = ag::Backward(outs, std::move(grads), retain == 1, create == 1, inputs);
  if (!s.ok()) return RaiseFrom(rt, s);
  return Value::None();
}

// _wick_grad(outputs, grad_outputs, inputs, retain_graph, create_graph, allow_unused)
Value GradNative(Runtime& rt, Args args, const KwArgs&) {
  if (args.size() != 6) return rt.Raise(rt.exc().type_error, "_wick_grad takes 6 arguments");
  std::vector<tensor::Tensor> outs, grads, inputs;
  if (!TensorsOf(rt, args[0], &outs) || !TensorsOf(rt, args[1], &grads, true) ||
      !TensorsOf(rt, args[2], &inputs)) {
    return Value::Raised();
  }
  const int create = Truthy(rt, args[4]);
  if (create < 0) return Value::Raised();
  int retain = create;
  if (!args[3].is_none()) retain = Truthy(rt, args[3]);
  const int unused = Truthy(rt, args[5]);
  if (retain < 0 || unused < 0) return Value::Raised();
  absl::StatusOr<std::vector<tensor::Tensor>> got =
      ag::Grad(outs, std::move(grads), inputs, retain == 1, create == 1, unused == 1);
  if (!got.ok()) return RaiseFrom(rt, got.status());
  std::vector<Value> items;
  for (tensor::Tensor& g : *got) {
    items.push_back(g.defined() ? WrapTensor(rt, std::move(g)) : Value::None());
  }
  return rt.NewTuple(std::move(items));
}

// _wick_record_function(backward, inputs, outputs, non_differentiable, name):
// `backward(*grads)` returns one gradient (or None) per input.
// _wick_record_function(backward, inputs, outputs, non_differentiable, name
// [, materialize_grads=True]): with materialize_grads False the backward gets None for
// outputs that received no gradient (ctx.set_materialize_grads(False)).
Value RecordFunctionNative(Runtime& rt, Args args, const KwArgs&) {
  if ((args.size() != 5 && args.size() != 6) || !rt.IsStr(args[4])) {
    return rt.Raise(rt.exc().type_error, "_wick_record_function takes 5 or 6 arguments");
  }
  bool materialize = true;
  if (args.size() == 6) {
    const int t = Truthy(rt, args[5]);
    if (t < 0) return Value::Raised();
    materialize = t == 1;
  }
  std::vector<tensor::Tensor> inputs, outputs, nd;
  if (!TensorsOf(rt, args[1], &inputs, true) || !TensorsOf(rt, args[2], &outputs, true) ||
      !TensorsOf(rt, args[3], &nd)) {
    return Value::Raised();
  }
  std::vector<bool> non_diff(outputs.size(), false);
  for (size_t i = 0; i < outputs.size(); ++i) {
    for (const tensor::Tensor& t : nd) non_diff[i] = non_diff[i] || t.is_same(outputs[i]);
  }
  const std::string name(internal::StrView(args[4]));
  auto fn = std::make_shared<HeldValue>(rt, args[0]);
  const size_t n_inputs = inputs.size();
  auto backward = [fn, n_inputs](std::vector<tensor::Tensor> grads)
      -> absl::StatusOr<std::vector<tensor::Tensor>> {
    if (fn->runtime() == nullptr) {
      return RuntimeError("the interpreter that recorded this autograd.Function is gone");
    }
    Runtime& rt = *fn->runtime();
    std::vector<Value> pyargs;
    for (tensor::Tensor& g : grads) {
      pyargs.push_back(g.defined() ? WrapTensor(rt, std::move(g)) : Value::None());
    }
    Value r = Call(rt, fn->value(), pyargs);
    if (r.is_raised()) return PythonRaised();
    std::vector<tensor::Tensor> out;
    if (!TensorsOf(rt, r, &out, true)) return PythonRaised();
    if (out.size() != n_inputs) {
      return RuntimeError(absl::StrCat("function backward returned an incorrect number "
                                               "of gradients (expected ", n_inputs, ", got ",
                                               out.size(), ")"));
    }
    return out;
  };
  auto node = std::make_shared<ag::FunctionNode>(name, std::move(backward), nullptr,
                                                 /*accepts_undefined=*/!materialize);
  ag::RecordFunction(node, inputs, outputs, non_diff);
  return Value::None();
}

}  // namespace

// _wick_register_hook(tensor, fn) and Tensor.register_hook: returns a
// torch.utils.hooks.RemovableHandle. The hook lives in the handle's dict: the callback
// the engine keeps calls it while it is there, and does nothing once handle.remove()
// (or leaving `with handle:`) deleted it.
Value AutogradRegisterHook(Runtime& rt, Args args, const KwArgs&) {
  if (args.size() != 2 || !IsTensor(rt, args[0])) {
    return rt.Raise(rt.exc().type_error, "_wick_register_hook(tensor, fn)");
  }
  const Value handle_type = State(rt).removable_handle;
  if (handle_type.is_none()) {
    return rt.Raise(rt.exc().runtime_error, "register_hook needs torch.utils.hooks");
  }
  auto hooks = std::make_shared<HeldValue>(rt, rt.NewDict());
  absl::Status s = ag::RegisterHook(
      TensorOf(args[0]),
      [hooks](const tensor::Tensor& g) -> absl::StatusOr<tensor::Tensor> {
        if (hooks->runtime() == nullptr) return tensor::Tensor();  // its interpreter is gone
        Runtime& rt = *hooks->runtime();
        size_t pos = 0;
        const Dict::Entry* hook = nullptr;
        if (!hooks->value().as<Dict>()->Next(&pos, &hook)) return tensor::Tensor();  // removed
        Value fn = hook->value;
        Value r = Call(rt, fn, {WrapTensor(rt, g)});
        if (r.is_raised()) return PythonRaised();
        if (r.is_none()) return tensor::Tensor();
        if (!IsTensor(rt, r)) {
          return TypeError("hook must return None or a Tensor");
        }
        return TensorOf(r);
      });
  if (!s.ok()) return rt.RaiseStatus(s);
  Value handle = Call(rt, handle_type, {hooks->value()});
  if (handle.is_raised()) return handle;
  Value id = GetAttr(rt, handle, "id");
  if (id.is_raised()) return id;
  if (!hooks->value().as<Dict>()->Set(rt, id, args[1])) return Value::Raised();
  return handle;
}

Value GradFnOfTensor(Runtime& rt, const tensor::Tensor& t) {
  return NewGradFn(rt, ag::GradFnOf(t));
}

// torch._C._set_anomaly_enabled(enabled, check_nan); torch.is_anomaly_enabled();
// torch.is_anomaly_check_nan_enabled().
Value SetAnomalyNative(Runtime& rt, Args args, const KwArgs&) {
  if (args.size() != 2) {
    return rt.Raise(rt.exc().type_error, "_set_anomaly_enabled(enabled, check_nan)");
  }
  const int enabled = Truthy(rt, args[0]);
  const int check_nan = Truthy(rt, args[1]);
  if (enabled < 0 || check_nan < 0) return Value::Raised();
  ag::SetAnomaly(enabled == 1, check_nan == 1);
  return Value::None();
}
Value IsAnomalyEnabled(Runtime&, Args, const KwArgs&) {
  return Value::Bool(ag::AnomalyEnabled());
}
Value IsAnomalyCheckNanEnabled(Runtime&, Args, const KwArgs&) {
  return Value::Bool(ag::AnomalyCheckNan());
}

void AddAnomalyFunctions(Runtime& rt, Dict* torch_dict) {
  AddFunction(rt, torch_dict, "is_anomaly_enabled", &IsAnomalyEnabled);
  AddFunction(rt, torch_dict, "is_anomaly_check_nan_enabled", &IsAnomalyCheckNanEnabled);
}

// The default generator's state as bytes, and back (torch.utils.checkpoint's
// preserve_rng_state; PyTorch's get_rng_state gives a ByteTensor, which wick lacks).
Value GetRngStateNative(Runtime& rt, Args, const KwArgs&) {
  const std::vector<uint8_t> state = tensor::DefaultGenerator().GetState();
  return NewBytes(rt, std::string(state.begin(), state.end()));
}
Value SetRngStateNative(Runtime& rt, Args args, const KwArgs&) {
  absl::string_view bytes;
  if (args.size() != 1 || !AsBytesLike(rt, args[0], &bytes)) {
    return rt.Raise(rt.exc().type_error, "_wick_set_rng_state() takes the bytes of a state");
  }
  absl::Status s = tensor::DefaultGenerator().SetState(absl::Span<const uint8_t>(
      reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
  if (!s.ok()) return RaiseFrom(rt, s);
  return Value::None();
}

// _wick_name_grad_fn(t, name): renames t's grad_fn node (an op's node only), for the
// ops torch.nn.functional composes from others (see _named there). Returns None.
Value NameGradFnNative(Runtime& rt, Args args, const KwArgs&) {
  if (args.size() != 2 || !IsTensor(rt, args[0]) || !rt.IsStr(args[1])) {
    return rt.Raise(rt.exc().type_error, "_wick_name_grad_fn(tensor, name)");
  }
  const tensor::Tensor& t = TensorOf(args[0]);
  if (t.requires_grad()) {
    if (std::shared_ptr<ag::Node> fn = ag::GradFnOf(t)) {
      fn->Rename(std::string(internal::StrView(args[1])));
    }
  }
  return Value::None();
}

void AddAutogradNatives(Runtime& rt, Dict* torch_c) {
  AddFunction(rt, torch_c, "_wick_name_grad_fn", &NameGradFnNative);
  AddFunction(rt, torch_c, "_wick_get_rng_state", &GetRngStateNative);
  AddFunction(rt, torch_c, "_wick_set_rng_state", &SetRngStateNative);
  AddFunction(rt, torch_c, "_set_anomaly_enabled", &SetAnomalyNative);
  AddFunction(rt, torch_c, "_wick_backward", &BackwardNative);
  AddFunction(rt, torch_c, "_wick_grad", &GradNative);
  AddFunction(rt, torch_c, "_wick_record_function", &RecordFunctionNative);
  AddFunction(rt, torch_c, "_wick_register_hook", &AutogradRegisterHook);
}

Value RaiseAutogradStatus(Runtime& rt, const absl::Status& s) { return RaiseFrom(rt, s); }

}  // namespace wick::vm::torch
