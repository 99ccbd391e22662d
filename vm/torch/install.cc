// InstallTorch: registers the native torch modules with the interpreter. Each
// initialiser builds its module with NewTorchModule / NewTorchNNModule and copies the
// namespace into the module object the interpreter created.
#include <algorithm>
#include <vector>

#include "absl/strings/str_cat.h"
#include "vm/interpreter.h"
#include "vm/objects/dict.h"
#include "vm/protocol.h"
#include "vm/torch/grad_mode.h"
#include "vm/torch/internal.h"
#include "vm/torch/torch.h"

namespace wick::vm {
namespace {

bool CopyNamespace(Runtime& rt, const Value& from, const Value& to) {
  if (from.is_raised()) return false;
  Dict* src = from.as<Module>()->dict;
  Dict* dst = to.as<Module>()->dict;
  size_t pos = 0;
  const Dict::Entry* e;
  while (src->Next(&pos, &e)) {
    if (rt.IsStr(e->key) && e->key.as<Str>()->view() == "__name__") continue;
    if (!dst->Set(rt, e->key, e->value)) return false;
  }
  return true;
}

bool InitTorch(Interpreter& interp, const Value& module) {
  Runtime& rt = interp.runtime();
  if (!CopyNamespace(rt, NewTorchModule(rt), module)) return false;
  // Like `import torch` in PyTorch, make torch.nn (the Python prelude, when registered)
  // available as an attribute. torch is put in sys.modules first so the prelude's own
  // `import torch` finds this module.
  Dict* mods = interp.sys_modules();
  if (mods != nullptr && mods->GetStr("torch") == nullptr) {
    if (!mods->SetStr(rt, rt.Intern("torch"), module)) return false;
  }
  for (const char* sub : {"_C", "nn", "compiler", "_dynamo", "_logging", "autograd", "utils",
                          "cuda", "backends", "optim", "serialization", "_utils", "linalg"}) {
    Value m = interp.ImportModule(absl::StrCat("torch.", sub));
    if (m.is_raised()) {
      if (!rt.ExceptionMatches(rt.exc().import_error)) return false;
      rt.ClearException();
      continue;
    }
    if (!module.as<Module>()->dict->SetStr(rt, rt.Intern(sub), m)) return false;
  }
  // torch.save / torch.load (vm/torch/nn/serialization.py).
  if (const Value* ser = module.as<Module>()->dict->GetStr(rt.Intern("serialization"))) {
    for (const char* name : {"save", "load"}) {
      const Value* fn = ser->as<Module>()->dict->GetStr(rt.Intern(name));
      if (fn != nullptr && !module.as<Module>()->dict->SetStr(rt, rt.Intern(name), *fn)) {
        return false;
      }
    }
  }
  torch::State(rt).import_module = [](Runtime& r, const char* name) {
    return r.interpreter()->ImportModule(name);
  };
  // Tensor.register_hook's handles (vm/torch/nn/utils/hooks.py).
  Value hooks = interp.ImportModule("torch.utils.hooks");
  if (hooks.is_raised()) {
    if (!rt.ExceptionMatches(rt.exc().import_error)) return false;
    rt.ClearException();
  } else if (const Value* cls =
                 hooks.as<Module>()->dict->GetStr(rt.Intern("RemovableHandle"))) {
    torch::State(rt).removable_handle = *cls;
  }
  // torch.FloatTensor, torch.LongTensor, ...: Python classes (vm/torch/nn/tensor_types.py).
  Value types = interp.ImportModule("torch._tensor_types");
  if (types.is_raised()) {
    if (!rt.ExceptionMatches(rt.exc().import_error)) return false;
    rt.ClearException();
    return true;
  }
  for (const char* name : {"FloatTensor", "DoubleTensor", "LongTensor", "IntTensor",
                           "BoolTensor", "finfo", "iinfo"}) {
    const Value* cls = types.as<Module>()->dict->GetStr(rt.Intern(name));
    if (cls != nullptr && !module.as<Module>()->dict->SetStr(rt, rt.Intern(name), *cls)) {
      return false;
    }
  }
  // torch.Tensor(...) calls the legacy constructor written there.
  if (const Value* fn = types.as<Module>()->dict->GetStr(rt.Intern("_tensor_new"))) {
    torch::State(rt).tensor_new = *fn;
    torch::State(rt).tensor()->slots().construct = &torch::TensorConstruct;
  }
  return true;
}

// torch._C._set_grad_enabled(mode): sets grad mode (what torch.no_grad() does inside).
Value SetGradEnabledNative(Runtime& rt, Args args, const KwArgs& kwargs) {
  if (args.size() != 1 || !kwargs.empty() || !args[0].is_bool()) {
    return rt.Raise(rt.exc().type_error, "_set_grad_enabled(): argument 'enabled' must be bool");
  }
  SetGradModeEnabled(rt, args[0].as_bool());
  return Value::None();
}

// torch._C._wick_mark_dims(t, dims, static): torch._dynamo.mark_dynamic / mark_static.
Value MarkDimsNative(Runtime& rt, Args args, const KwArgs& kwargs) {
  if (args.size() != 3 || !kwargs.empty() || !torch::IsTensor(rt, args[0]) ||
      !args[2].is_bool()) {
    return rt.Raise(rt.exc().type_error, "_wick_mark_dims(tensor, dims, static)");
  }
  auto* t = static_cast<torch::TensorObject*>(args[0].object());
  const int64_t rank = t->tensor.dim();
  std::vector<int64_t>& out = args[2].as_bool() ? t->static_dims : t->dynamic_dims;
  std::vector<Value> dims;
  if (args[1].is_int()) {
    dims.push_back(args[1]);
  } else if (rt.IsList(args[1]) || rt.IsTuple(args[1])) {
    dims = rt.IsList(args[1]) ? args[1].as<List>()->items : args[1].as<Tuple>()->items;
  } else {
    return rt.Raise(rt.exc().type_error, "mark_dynamic: index must be an int or a list of ints");
  }
  for (const Value& d : dims) {
    if (!d.is_int()) {
      return rt.Raise(rt.exc().type_error, "mark_dynamic: index must be an int or a list of ints");
    }
    int64_t i = d.as_int();
    if (i < 0) i += rank;
    if (i < 0 || i >= rank) {
      return rt.Raise(rt.exc().index_error, "mark_dynamic: dimension out of range");
    }
    if (std::find(out.begin(), out.end(), i) == out.end()) out.push_back(i);
  }
  return Value::None();
}

// torch._C._wick_register_error_type(name, cls): statuses carrying the Python error type
// `name` raise `cls` (torch.linalg's module registers its _LinAlgError this way).
Value RegisterErrorTypeNative(Runtime& rt, Args args, const KwArgs& kwargs) {
  if (args.size() != 2 || !kwargs.empty() || !rt.IsStr(args[0]) || !args[1].is_object() ||
      args[1].object()->type()->layout() != Layout::kType ||
      !args[1].as<Type>()->IsSubtypeOf(rt.exc().base_exception)) {
    return rt.Raise(rt.exc().type_error, "_wick_register_error_type(name, exception class)");
  }
  rt.RegisterErrorType(args[0].as<Str>()->view(), args[1]);
  return Value::None();
}

// torch._C holds `_nn`: built here and entered in sys.modules, so both
// `from torch._C import _nn` and `import torch._C._nn` find the same module.
bool InitTorchC(Interpreter& interp, const Value& module) {
  Runtime& rt = interp.runtime();
  Dict* mods = interp.sys_modules();
  const Value* existing = mods != nullptr ? mods->GetStr("torch._C._nn") : nullptr;
  Value nn = existing != nullptr ? *existing : NewTorchNNModule(rt);
  if (nn.is_raised()) return false;
  if (mods != nullptr && existing == nullptr &&
      !mods->SetStr(rt, rt.Intern("torch._C._nn"), nn)) {
    return false;
  }
  torch::AddFunction(rt, module.as<Module>()->dict, "_set_grad_enabled", &SetGradEnabledNative);
  torch::AddFunction(rt, module.as<Module>()->dict, "_wick_set_grad_enabled_object",
                     &torch::SetGradEnabledObject);
  torch::AddFunction(rt, module.as<Module>()->dict, "_wick_mark_dims", &MarkDimsNative);
  torch::AddFunction(rt, module.as<Module>()->dict, "_wick_register_error_type",
                     &RegisterErrorTypeNative);
  torch::AddSerializationNatives(rt, module.as<Module>()->dict);
  torch::AddAutogradNatives(rt, module.as<Module>()->dict);
  return module.as<Module>()->dict->SetStr(rt, rt.Intern("_nn"), nn);
}

bool InitTorchNN(Interpreter& interp, const Value& module) {
  Runtime& rt = interp.runtime();
  return CopyNamespace(rt, NewTorchNNModule(rt), module);
}

}  // namespace

void InstallTorch(Interpreter& interp) {
  (void)interp;
  Interpreter::RegisterNativeModule("torch", &InitTorch);
  Interpreter::RegisterNativeModule("torch._C", &InitTorchC);
  Interpreter::RegisterNativeModule("torch._C._nn", &InitTorchNN);
}

}  // namespace wick::vm
