// RegisterStdlib: the embedded Python modules, and _wick_stdlib's native helpers:
//   caller_module(depth)  the __name__ of the module whose code called the function
//                         `depth` frames above the caller (namedtuple's __module__)
//   type_has(cls, name)   whether instances of cls support the dunder `name`, through
//                         a Python method or a builtin slot (collections.abc's checks
//                         on builtin types, whose slots are not all methods)
#include "vm/stdlib/stdlib.h"

#include "absl/strings/str_cat.h"
#include "vm/interpreter.h"
#include "vm/objects/dict.h"
#include "vm/stdlib/native_modules.h"
#include "vm/protocol.h"
#include "vm/stdlib/stdlib_sources.h"

namespace wick::vm {
namespace {

Value CallerModule(Runtime& rt, Args args, const KwArgs& kw) {
  if (!kw.empty() || args.size() != 1 || !args[0].is_int()) {
    return rt.Raise(rt.exc().type_error, "caller_module(depth) takes one int");
  }
  Interpreter* in = rt.interpreter();
  Frame* f = in != nullptr ? in->current_frame() : nullptr;
  for (int64_t i = 0; f != nullptr && i < args[0].as_int(); ++i) f = f->back;
  if (f == nullptr || f->globals == nullptr) return Value::None();
  const Value* name = f->globals->GetStr("__name__");
  return name != nullptr ? *name : Value::None();
}

// Whether the slot behind dunder `n` is filled in `t`.
int HasSlot(const TypeSlots& s, absl::string_view n) {
  if (n == "__call__") return s.call != nullptr;
  if (n == "__iter__") return s.iter != nullptr;
  if (n == "__next__") return s.next != nullptr;
  if (n == "__len__") return s.len != nullptr;
  if (n == "__contains__") return s.contains != nullptr;
  if (n == "__getitem__") return s.getitem != nullptr;
  return -1;  // no slot: the dict entry decides
}

Value TypeHas(Runtime& rt, Args args, const KwArgs& kw) {
  if (!kw.empty() || args.size() != 2 || !rt.IsInstance(args[0], rt.types().type) ||
      !rt.IsStr(args[1])) {
    return rt.Raise(rt.exc().type_error, "type_has(cls, name)");
  }
  Type* t = args[0].as<Type>();
  absl::string_view n = args[1].as<Str>()->view();
  const Value* found = t->Lookup(n);
  if (found != nullptr) return Value::Bool(!found->is_none());
  if (n == "__hash__") {
    return Value::Bool(t->slots().hash != nullptr && t != rt.types().list &&
                       t != rt.types().dict && t != rt.types().set);
  }
  int slot = HasSlot(t->slots(), n);
  if (slot == 1 && n == "__getitem__" && t->IsSubtypeOf(rt.types().type)) return Value::Bool(false);
  return Value::Bool(slot == 1);
}

bool InitSupport(Interpreter& in, const Value& module) {
  Runtime& rt = in.runtime();
  Dict* d = module.as<Module>()->dict;
  d->SetStr(rt, rt.Intern("caller_module"), rt.NewBuiltinFunction("caller_module", &CallerModule));
  d->SetStr(rt, rt.Intern("type_has"), rt.NewBuiltinFunction("type_has", &TypeHas));
  return true;
}

}  // namespace

void RegisterStdlib() {
  Interpreter::RegisterNativeModule("_wick_stdlib", &InitSupport);
  Interpreter::RegisterNativeModule("_wick_re", &InitReModule);
  for (const StdlibModule& m : StdlibModules()) {
    Interpreter::RegisterPythonModule(m.name, m.source);
  }
}

}  // namespace wick::vm
