// Grad-mode context managers. `with torch.no_grad():` saves the mode on __enter__ and
// restores it on __exit__; `@torch.no_grad()` wraps a function so every call runs under
// the mode; torch.set_grad_enabled(b) switches at construction (so it also works as a
// plain call) and restores on __exit__.
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "tensor/autograd/autograd.h"
#include "vm/objects/internal/objects_internal.h"
#include "vm/protocol.h"
#include "vm/torch/grad_mode.h"
#include "vm/torch/internal.h"

namespace wick::vm::torch {
namespace {

class GradModeObject : public Object {
 public:
  GradModeObject(bool mode, bool switch_now) : mode(mode), switch_now(switch_now) {}
  bool mode;
  bool switch_now;           // set_grad_enabled: switched by the constructor
  std::vector<bool> saved;   // modes to restore, innermost last (re-entrant use)
};

// A function decorated with a grad-mode object.
class GradWrapper : public Object {
 public:
  GradWrapper(Value func, bool mode) : func(std::move(func)), mode(mode) {}
  void ClearRefs() override { func = Value(); }
  const Value* PlainAttr(std::string_view name) const override {
    return name == "__wrapped__" ? &func : nullptr;
  }
  Value func;
  bool mode;
};

// The mode lives in tensor/autograd (per thread, one Runtime per thread).
struct GradFlag {
  operator bool() const { return tensor::autograd::GradModeEnabled(); }  // NOLINT
  GradFlag& operator=(bool b) {
    tensor::autograd::SetGradModeEnabled(b);
    return *this;
  }
};
GradFlag GradEnabled(Runtime&) { return GradFlag(); }

Value Enter(Runtime& rt, Args args, const KwArgs&) {
  GradModeObject* g = args[0].as<GradModeObject>();
  if (!g->switch_now) {
    g->saved.push_back(GradEnabled(rt));
    GradEnabled(rt) = g->mode;
  }
  return Value::None();
}

Value Exit(Runtime& rt, Args args, const KwArgs&) {
  GradModeObject* g = args[0].as<GradModeObject>();
  if (!g->saved.empty()) {
    GradEnabled(rt) = g->saved.back();
    g->saved.pop_back();
  }
  return Value::Bool(false);
}

Value WrapperCall(Runtime& rt, const Value& callee, Args args, const KwArgs& kwargs) {
  GradWrapper* w = callee.as<GradWrapper>();
  const bool saved = GradEnabled(rt);
  GradEnabled(rt) = w->mode;
  Value func = w->func;
  Value r = Call(rt, func, args, kwargs);
  GradEnabled(rt) = saved;
  return r;
}

Value WrapperGetAttr(Runtime& rt, const Value& v, Str* name) {
  // __name__, __doc__ and the like come from the wrapped function (functools.wraps).
  if (name == rt.names().class_) return Value::Borrow(rt.TypeOf(v));
  return GetAttr(rt, v.as<GradWrapper>()->func, name);
}

// A decorated function found on a class binds like the function it wraps (PyTorch's
// decorator returns a functools.wraps function), so `@torch.no_grad()` methods get self.
Value WrapperDescrGet(Runtime& rt, const Value& descr, const Value& instance, Type*) {
  if (instance.is_none()) return descr;
  return rt.NewBoundMethod(instance, descr);
}

Value DecoratorCall(Runtime& rt, const Value& callee, Args args, const KwArgs& kwargs) {
  if (args.size() != 1 || !kwargs.empty()) {
    return rt.Raise(rt.exc().type_error, "grad-mode decorators take exactly one function");
  }
  Type* t = State(rt).grad_wrapper_type.as<Type>();
  return Value::Steal(rt.Alloc<GradWrapper>(t, args[0], callee.as<GradModeObject>()->mode));
}

bool OptionalMode(Runtime& rt, const char* fname, Args args, const KwArgs& kwargs,
                  bool required, bool* mode) {
  Value a[1];
  if (!internal::UnpackArgs(rt, fname, args, kwargs, {"mode"}, required ? 1 : 0, a)) {
    return false;
  }
  if (a[0].is_raised()) return true;
  int b = Truthy(rt, a[0]);
  if (b < 0) return false;
  *mode = b == 1;
  return true;
}

Value NoGradConstruct(Runtime& rt, Type* type, Args args, const KwArgs& kwargs) {
  if (!internal::CheckArgCount(rt, "no_grad", args, 0, 0) ||
      !internal::NoKwargs(rt, "no_grad", kwargs)) {
    return Value::Raised();
  }
  return Value::Steal(rt.Alloc<GradModeObject>(type, false, false));
}

Value EnableGradConstruct(Runtime& rt, Type* type, Args args, const KwArgs& kwargs) {
  if (!internal::CheckArgCount(rt, "enable_grad", args, 0, 0) ||
      !internal::NoKwargs(rt, "enable_grad", kwargs)) {
    return Value::Raised();
  }
  return Value::Steal(rt.Alloc<GradModeObject>(type, true, false));
}

// inference_mode(mode=True): grad mode off inside for mode=True and on for mode=False, as
// PyTorch's InferenceMode guard sets grad mode to `not mode` (so inference_mode(False)
// inside no_grad records again).
Value InferenceModeConstruct(Runtime& rt, Type* type, Args args, const KwArgs& kwargs) {
  bool mode = true;
  if (!OptionalMode(rt, "inference_mode", args, kwargs, false, &mode)) return Value::Raised();
  return Value::Steal(rt.Alloc<GradModeObject>(type, !mode, false));
}

Value SetGradEnabledConstruct(Runtime& rt, Type* type, Args args, const KwArgs& kwargs) {
  bool mode = true;
  if (!OptionalMode(rt, "set_grad_enabled", args, kwargs, true, &mode)) return Value::Raised();
  GradModeObject* g = rt.Alloc<GradModeObject>(type, mode, true);
  g->saved.push_back(GradEnabled(rt));
  GradEnabled(rt) = mode;
  return Value::Steal(g);
}

Value IsGradEnabled(Runtime& rt, Args, const KwArgs&) {
  return Value::Bool(static_cast<bool>(GradEnabled(rt)));
}

Type* NewGradModeType(Runtime& rt, const char* name,
                      Value (*construct)(Runtime&, Type*, Args, const KwArgs&)) {
  Type* t = rt.NewBuiltinType(name, rt.types().object, Layout::kOther);
  t->dict()->SetStr(rt, rt.names().module, rt.NewStr("torch.autograd.grad_mode"));
  t->slots().construct = construct;
  t->slots().call = &DecoratorCall;
  rt.AddMethod(t, "__enter__", &Enter);
  rt.AddMethod(t, "__exit__", &Exit);
  return t;
}

}  // namespace

// torch._C._wick_set_grad_enabled_object(mode, prev): a set_grad_enabled object as if
// made when the mode was `prev` (its exit restores prev), without switching now. A
// compiled frame rebuilds one made in the trace (which switched there) this way.
Value SetGradEnabledObject(Runtime& rt, Args args, const KwArgs& kwargs) {
  if (args.size() != 2 || !kwargs.empty() || !args[0].is_bool() || !args[1].is_bool()) {
    return rt.Raise(rt.exc().type_error,
                    "_wick_set_grad_enabled_object(mode, prev) takes two bools");
  }
  const Value& type = State(rt).set_grad_enabled_type;
  if (type.is_none()) return rt.Raise(rt.exc().runtime_error, "torch.set_grad_enabled is missing");
  GradModeObject* g = rt.Alloc<GradModeObject>(type.as<Type>(), args[0].as_bool(), true);
  g->saved.push_back(args[1].as_bool());
  return Value::Steal(g);
}

bool AddGradModeFunctions(Runtime& rt, Dict* d) {
  TorchState& s = State(rt);
  if (s.grad_wrapper_type.is_none()) {
    Type* w = rt.NewBuiltinType("function", rt.types().object, Layout::kOther);
    w->slots().call = &WrapperCall;
    w->slots().getattr = &WrapperGetAttr;
    w->slots().descr_get = &WrapperDescrGet;
    w->set_method_descriptor(true);
    w->slots().construct = nullptr;
    s.grad_wrapper_type = Value::Steal(w);
  }
  struct Entry {
    const char* name;
    Value (*construct)(Runtime&, Type*, Args, const KwArgs&);
  };
  static constexpr Entry kTypes[] = {
      {"no_grad", &NoGradConstruct},
      {"enable_grad", &EnableGradConstruct},
      {"inference_mode", &InferenceModeConstruct},
      {"set_grad_enabled", &SetGradEnabledConstruct},
  };
  for (const Entry& e : kTypes) {
    Type* t = NewGradModeType(rt, e.name, e.construct);
    if (e.construct == &SetGradEnabledConstruct) s.set_grad_enabled_type = Value::Borrow(t);
    if (!d->SetStr(rt, rt.Intern(e.name), Value::Steal(t))) return false;
  }
  AddFunction(rt, d, "is_grad_enabled", &IsGradEnabled);
  AddAnomalyFunctions(rt, d);
  return true;
}

}  // namespace wick::vm::torch

namespace wick::vm {

const Value* GradWrapperFunction(Runtime& rt, const Value& v, bool* mode) {
  const Value& t = torch::State(rt).grad_wrapper_type;
  if (!v.is_object() || !t.is_object() || v.object()->type() != t.as<Type>()) return nullptr;
  const auto* w = static_cast<const torch::GradWrapper*>(v.object());
  *mode = w->mode;
  return &w->func;
}

}  // namespace wick::vm
