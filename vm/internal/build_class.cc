// __build_class__: how a `class` statement creates its class. The compiler turns the
// class body into a function; this resolves PEP 560 __mro_entries__ bases, runs the
// body with a fresh namespace dict as its locals, creates the class from the namespace
// (single inheritance: wick has no multiple inheritance), fills the __class__ cell
// zero-argument super() reads, calls __set_name__ and the base's __init_subclass__
// with the class keywords.
//
// wick has no metaclasses: `metaclass=type` is accepted, and any other metaclass must
// define __wick_metaclass_init__(cls), which is called on the finished class (how
// abc.ABCMeta gives classes its behaviour); anything else is refused by name.
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

// __set_name__(owner, name) on the class attributes whose (class-statement) type
// defines it.
bool SetNames(Runtime& rt, Type* t) {
  std::vector<std::pair<Value, Value>> named;
  size_t pos = 0;
  const Dict::Entry* e;
  while (t->dict()->Next(&pos, &e)) {
    Type* vt = rt.TypeOf(e->value);
    if (vt->is_heap() && vt->Lookup("__set_name__") != nullptr) {
      named.emplace_back(e->key, e->value);
    }
  }
  for (const auto& [key, value] : named) {
    Value r = CallMethod(rt, value, "__set_name__", {Value::Borrow(t), key});
    if (r.is_raised()) return false;
  }
  return true;
}

// super(cls, cls).__init_subclass__(**kwargs): the nearest base's, bound to the new
// class; without one (object's), keywords are an error.
bool InitSubclass(Runtime& rt, Type* t, const std::vector<Value>& names,
                  const std::vector<Value>& values) {
  const Value* hook = t->base() != nullptr ? t->base()->Lookup("__init_subclass__") : nullptr;
  if (hook == nullptr) {
    if (names.empty()) return true;
    rt.Raise(rt.exc().type_error,
             absl::StrCat(t->name(), ".__init_subclass__() takes no keyword arguments"));
    return false;
  }
  Value fn = *hook;
  Type* ft = rt.TypeOf(fn);
  if (ft->slots().descr_get != nullptr) {
    fn = ft->slots().descr_get(rt, fn, Value::None(), t);
    if (fn.is_raised()) return false;
  }
  Value r = Call(rt, fn, {}, KwArgs(names, values));
  return !r.is_raised();
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
  // The class keywords: metaclass= is ours, the rest go to __init_subclass__.
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
  Value meta_init;
  if (!metaclass.is_none() && !metaclass.Is(Value::Borrow(rt.types().type))) {
    meta_init = GetAttr(rt, metaclass, "__wick_metaclass_init__");
    if (meta_init.is_raised()) {
      rt.ClearException();
      std::string r;
      if (!ReprString(rt, metaclass, &r)) return Value::Raised();
      return rt.Raise(rt.exc().type_error,
                      absl::StrCat("metaclass ", r, " is not supported by wick (no metaclasses)"));
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
  if (bases.size() > 1) {
    return rt.Raise(rt.exc().type_error, "multiple inheritance is not supported by wick");
  }
  Type* base = nullptr;
  if (bases.size() == 1) {
    const Value& b = bases[0];
    if (!(b.is_object() && b.object()->type() == rt.types().type)) {
      return RaiseTypeName(rt, "class base must be a class, not '", b, "'");
    }
    base = b.as<Type>();
  }
  Function* fn = args[0].as<Function>();
  Str* name = args[1].as<Str>();
  Value ns_value = rt.NewDict();
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
  if (!SetNames(rt, t) || !InitSubclass(rt, t, kw_names, kw_values)) return Value::Raised();
  if (!meta_init.is_none()) {
    Value r = Call(rt, meta_init, {cls});
    if (r.is_raised()) return r;
  }
  return cls;
}

}  // namespace wick::vm::internal
