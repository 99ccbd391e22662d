// RegisterStdlib: the embedded Python modules, and _wick_stdlib's native helpers:
//   caller_module(depth)  the __name__ of the module whose code called the function
//                         `depth` frames above the caller (namedtuple's __module__)
//   frame_info(depth)     (filename, lineno, source line, __name__) of a calling frame
//   import_module(name)   the module `name`, imported (pickle's find_class)
//   type_has(cls, name)   whether instances of cls support the dunder `name`, through
//                         a Python method or a builtin slot (collections.abc's checks
//                         on builtin types, whose slots are not all methods)
#include "vm/stdlib/stdlib.h"

#include "absl/strings/str_cat.h"
#include "vm/code.h"
#include "vm/interpreter.h"
#include "vm/objects/dict.h"
#include "vm/protocol.h"
#include "vm/stdlib/native_modules.h"
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

// frame_info(depth) -> (filename, lineno, source line, module __name__) of the frame
// `depth` frames above the caller, or None past the outermost (warnings.warn).
Value FrameInfo(Runtime& rt, Args args, const KwArgs& kw) {
  if (!kw.empty() || args.size() != 1 || !args[0].is_int()) {
    return rt.Raise(rt.exc().type_error, "frame_info(depth) takes one int");
  }
  Interpreter* in = rt.interpreter();
  Frame* f = in != nullptr ? in->current_frame() : nullptr;
  for (int64_t i = 0; f != nullptr && i < args[0].as_int(); ++i) f = f->back;
  if (f == nullptr || f->code == nullptr) return Value::None();
  const CodeObject* co = f->code;
  int line = 0;
  if (f->lasti >= 0 && static_cast<size_t>(f->lasti) < co->positions.size()) {
    line = co->positions[f->lasti].line;
  }
  std::string file = co->source != nullptr ? co->source->filename : "";
  std::string text = co->source != nullptr && line > 0 ? std::string(co->source->Line(line)) : "";
  const Value* name = f->globals != nullptr ? f->globals->GetStr("__name__") : nullptr;
  return rt.NewTuple({rt.NewStr(file), Value::Int(line), rt.NewStr(text),
                      name != nullptr ? *name : Value::None()});
}

// import_module(name) -> the module, imported as `import name` would (pickle's
// find_class, which has no import statement to name its module with).
Value ImportModuleNative(Runtime& rt, Args args, const KwArgs& kw) {
  if (!kw.empty() || args.size() != 1 || !rt.IsStr(args[0])) {
    return rt.Raise(rt.exc().type_error, "import_module(name) takes one str");
  }
  Interpreter* in = rt.interpreter();
  if (in == nullptr) return rt.Raise(rt.exc().import_error, "no interpreter");
  return in->ImportModule(args[0].as<Str>()->view());
}

bool InitSupport(Interpreter& in, const Value& module) {
  Runtime& rt = in.runtime();
  Dict* d = module.as<Module>()->dict;
  d->SetStr(rt, rt.Intern("caller_module"), rt.NewBuiltinFunction("caller_module", &CallerModule));
  d->SetStr(rt, rt.Intern("type_has"), rt.NewBuiltinFunction("type_has", &TypeHas));
  d->SetStr(rt, rt.Intern("frame_info"), rt.NewBuiltinFunction("frame_info", &FrameInfo));
  d->SetStr(rt, rt.Intern("import_module"),
            rt.NewBuiltinFunction("import_module", &ImportModuleNative));
  return true;
}

}  // namespace

void RegisterStdlib() {
  Interpreter::RegisterNativeModule("_wick_stdlib", &InitSupport);
  Interpreter::RegisterNativeModule("_wick_re", &InitReModule);
  Interpreter::RegisterNativeModule("_wick_random", &InitRandomModule);
  Interpreter::RegisterNativeModule("_wick_json", &InitJsonModule);
  Interpreter::RegisterNativeModule("_wick_os", &InitOsModule);
  Interpreter::RegisterNativeModule("_wick_struct", &InitStructModule);
  Interpreter::RegisterNativeModule("_wick_weakref", &InitWeakrefModule);
  for (const StdlibModule& m : StdlibModules()) {
    Interpreter::RegisterPythonModule(m.name, m.source);
  }
}

}  // namespace wick::vm
