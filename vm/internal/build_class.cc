// __build_class__: how a `class` statement creates its class. The compiler turns the
// class body into a function; this resolves PEP 560 __mro_entries__ bases, picks the
// metaclass (the `metaclass=` keyword or the bases' most derived one), asks it for the
// namespace (__prepare__), runs the body with that dict as its locals, and calls the
// metaclass with (name, bases, namespace, **keywords); type.__new__
// (vm/objects/class_new.cc) does the rest: MRO, __classcell__, __set_name__ and
// __init_subclass__.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "vm/internal/interp_internal.h"
#include "vm/objects/dict.h"
#include "vm/objects/internal/objects_internal.h"
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
  // The class keywords: metaclass= picks the metaclass, the rest go to it.
  Value metaclass;
  std::vector<Value> kw_names, kw_values;
  for (size_t i = 0; i < kwargs.size(); ++i) {
    if (kwargs.name(i) == "metaclass") {
      metaclass = kwargs.value(i);
    } else {
      kw_names.push_back(kwargs.names()[i]);
      kw_values.push_back(kwargs.value(i));
    }
  }
  // PEP 560: a base that is not a class may stand for others (typing.Generic[T]).
  std::vector<Value> original(args.begin() + 2, args.end());
  std::vector<Value> bases;
  bool replaced = false;
  for (const Value& b : original) {
    if (rt.IsInstance(b, rt.types().type)) {
      bases.push_back(b);
      continue;
    }
    Value entries = GetAttr(rt, b, "__mro_entries__");
    if (entries.is_raised()) {
      rt.ClearException();
      bases.push_back(b);
      continue;
    }
    Value r = Call(rt, entries, {rt.NewTuple(original)});
    if (r.is_raised()) return r;
    if (!rt.IsTuple(r)) return rt.Raise(rt.exc().type_error, "__mro_entries__ must return a tuple");
    for (const Value& e : r.as<Tuple>()->items) bases.push_back(e);
    replaced = true;
  }
  // The metaclass: explicit, else the first base's type; when it is a class, the most
  // derived of it and the bases' metaclasses (CPython's _PyType_CalculateMetaclass).
  bool explicit_meta = !metaclass.is_none();
  if (!explicit_meta) {
    metaclass = bases.empty() ? Value::Borrow(rt.types().type)
                              : Value::Borrow(rt.TypeOf(bases[0]));
  }
  if (rt.IsInstance(metaclass, rt.types().type)) {
    std::vector<Type*> metas;
    for (const Value& b : bases) metas.push_back(rt.TypeOf(b));
    Type* winner = WinningMetaclass(rt, metaclass.as<Type>(), metas);
    if (winner == nullptr) return Value::Raised();
    metaclass = Value::Borrow(winner);
  }
  Value bases_tuple = rt.NewTuple(bases);
  Function* fn = args[0].as<Function>();
  Str* name = args[1].as<Str>();
  Value ns_value;
  const bool is_type_meta = rt.IsInstance(metaclass, rt.types().type);
  if (is_type_meta && metaclass.as<Type>()->is_heap() &&
      metaclass.as<Type>()->Lookup("__prepare__") != nullptr) {
    Value prepare = GetAttr(rt, metaclass, "__prepare__");
    if (prepare.is_raised()) return prepare;
    ns_value = Call(rt, prepare, {args[1], bases_tuple}, KwArgs(kw_names, kw_values));
    if (ns_value.is_raised()) return ns_value;
    if (!rt.IsInstance(ns_value, rt.types().dict)) {
      return RaiseTypeName(rt, "__prepare__() must return a dict (wick supports no other "
                               "mapping), not ", ns_value, "");
    }
  } else {
    ns_value = rt.NewDict();
  }
  Dict* ns = ns_value.as<Dict>();
  if (replaced) ns->SetStr(rt, rt.Intern("__orig_bases__"), rt.NewTuple(original));
  Value cell = RunClassBody(Interpreter::Of(rt), fn, ns);
  if (cell.is_raised()) return cell;
  // 3.11's class bodies store these themselves; keep them for bodies that do not.
  if (ns->GetStr(rt.names().module) == nullptr && !fn->module.is_none()) {
    ns->SetStr(rt, rt.names().module, fn->module);
  }
  if (ns->GetStr(rt.names().qualname) == nullptr) {
    ns->SetStr(rt, rt.names().qualname, rt.NewStr(fn->code_object()->qualname));
  }
  if (rt.TypeOf(cell) == rt.types().cell && ns->GetStr("__classcell__") == nullptr) {
    ns->SetStr(rt, rt.Intern("__classcell__"), cell);
  }
  Value cls = Call(rt, metaclass, {args[1], bases_tuple, ns_value}, KwArgs(kw_names, kw_values));
  if (cls.is_raised()) return cls;
  if (rt.TypeOf(cell) == rt.types().cell && cell.as<Cell>()->value.is_raised()) {
    cell.as<Cell>()->value = cls;
  }
  return cls;
}

}  // namespace wick::vm::internal
