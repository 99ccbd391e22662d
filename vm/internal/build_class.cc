// __build_class__: how a `class` statement creates its class. The compiler turns the
// class body into a function; this runs it with a fresh namespace dict as its locals,
// then creates the class from the namespace (single inheritance: wick has no
// metaclasses or multiple inheritance) and fills the __class__ cell zero-argument
// super() reads.
#include <string>

#include "absl/strings/str_cat.h"
#include "vm/internal/interp_internal.h"
#include "vm/objects/dict.h"
#include "vm/protocol.h"

namespace wick::vm::internal {
namespace {

// Runs the class body `fn` with `ns` as its locals; returns what the body returns
// (the __class__ cell, or None).
Value RunClassBody(Interpreter& in, Function* fn, Dict* ns) {
  CodeObject* co = fn->code_object();
  FrameMemory mem(co);
  Frame f;
  f.code = co;
  f.function = fn;
  f.globals = fn->globals.as<Dict>();
  f.builtins = fn->builtins.as<Dict>();
  f.locals_dict = Value::Borrow(ns);
  mem.Attach(f);
  InitCells(in.runtime(), co, fn->closure, f.locals, f.cells);
  return InterpreterAccess::RunFrame(in, f, 0);
}

}  // namespace

// __build_class__(func, name, *bases, **kwds)
Value BuildClass(Runtime& rt, Args args, const KwArgs& kwargs) {
  if (args.size() < 2) {
    return rt.Raise(rt.exc().type_error, "__build_class__: not enough arguments");
  }
  if (rt.TypeOf(args[0]) != rt.types().function) {
    return rt.Raise(rt.exc().type_error, "__build_class__: func must be a function");
  }
  if (!rt.IsStr(args[1])) {
    return rt.Raise(rt.exc().type_error, "__build_class__: name is not a string");
  }
  if (!kwargs.empty()) {
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat("class keyword arguments ('", kwargs.name(0),
                                 "=...') are not supported by wick (no metaclasses)"));
  }
  if (args.size() > 3) {
    return rt.Raise(rt.exc().type_error, "multiple inheritance is not supported by wick");
  }
  Type* base = nullptr;
  if (args.size() == 3) {
    const Value& b = args[2];
    if (!(b.is_object() && b.object()->type() == rt.types().type)) {
      return RaiseTypeName(rt, "class base must be a class, not '", b, "'");
    }
    base = b.as<Type>();
  }
  Function* fn = args[0].as<Function>();
  Str* name = args[1].as<Str>();
  Value ns_value = rt.NewDict();
  Dict* ns = ns_value.as<Dict>();
  Value cell = RunClassBody(Interpreter::Of(rt), fn, ns);
  if (cell.is_raised()) return cell;
  // 3.11's class bodies store these themselves; keep them for bodies that do not.
  if (ns->GetStr(rt.names().module) == nullptr && !fn->module.is_none()) {
    ns->SetStr(rt, rt.names().module, fn->module);
  }
  if (ns->GetStr(rt.names().qualname) == nullptr) {
    ns->SetStr(rt, rt.names().qualname, rt.NewStr(fn->code_object()->qualname));
  }
  Value classcell;
  if (const Value* c = ns->GetStr("__classcell__")) {
    classcell = *c;
    ns->Remove(rt, rt.NewStr("__classcell__"));
  } else if (rt.TypeOf(cell) == rt.types().cell) {
    classcell = cell;
  }
  Type* t = rt.NewClass(name->view(), base, ns);
  if (t == nullptr) return Value::Raised();
  Value cls = Value::Steal(t);
  if (rt.TypeOf(classcell) == rt.types().cell) classcell.as<Cell>()->value = cls;
  return cls;
}

}  // namespace wick::vm::internal
