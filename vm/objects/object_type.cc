// `object` and `type` (repr `<class 'int'>`, calling a class, class attribute access
// and assignment), builtin functions and bound methods (calls, binding, reprs), cells,
// modules, and the NotImplemented / Ellipsis singletons.
#include <string>

#include "absl/container/inlined_vector.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "vm/objects/dict.h"
#include "vm/objects/internal.h"
#include "vm/protocol.h"

namespace wick::vm {

Module::~Module() {
  if (dict != nullptr) dict->DecRef();
}
void Module::ClearRefs() {
  if (Dict* d = std::exchange(dict, nullptr)) d->DecRef();
}
Instance::~Instance() {
  if (dict != nullptr) dict->DecRef();
}
void Instance::ClearRefs() {
  if (Dict* d = std::exchange(dict, nullptr)) d->DecRef();
}

namespace internal {

bool UnhashableSlot(Runtime& rt, const Value& v, int64_t*) {
  RaiseTypeName(rt, "unhashable type: '", v, "'");
  return false;
}

namespace {

bool IdentityHash(Runtime&, const Value& v, int64_t* out) {
  // CPython hashes objects by address rotated by 4 bits.
  uint64_t p = reinterpret_cast<uintptr_t>(v.object());
  int64_t h = static_cast<int64_t>((p >> 4) | (p << 60));
  *out = h == -1 ? -2 : h;
  return true;
}

Value IdentityCompare(Runtime& rt, const Value& a, const Value& b, CmpOp op) {
  if (op == CmpOp::kEq) return a.Is(b) ? Value::Bool(true) : rt.NotImplemented();
  if (op == CmpOp::kNe) {
    // object.__ne__ inverts __eq__ unless that is NotImplemented.
    auto eq = rt.TypeOf(a)->slots().compare;
    Value r = eq == &IdentityCompare ? (a.Is(b) ? Value::Bool(true) : rt.NotImplemented())
                                     : eq(rt, a, b, CmpOp::kEq);
    if (r.is_raised() || rt.IsNotImplemented(r)) return r;
    int t = Truthy(rt, r);
    return t < 0 ? Value::Raised() : Value::Bool(!t);
  }
  return rt.NotImplemented();
}

Value ObjectConstruct(Runtime& rt, Type* type, Args args, const KwArgs& kw) {
  if (type == rt.types().object && (!args.empty() || !kw.empty())) {
    return rt.Raise(rt.exc().type_error, "object() takes no arguments");
  }
  return Value::Steal(rt.Alloc<Instance>(type));
}

// ---- type --------------------------------------------------------------------------

Value TypeRepr(Runtime& rt, const Value& v) {
  Type* t = v.as<Type>();
  const Value* mod = t->dict() ? t->dict()->GetStr(rt.names().module) : nullptr;
  if (mod != nullptr && rt.IsStr(*mod) && StrView(*mod) != "builtins") {
    return rt.NewStr(absl::StrCat("<class '", StrView(*mod), ".", t->name(), "'>"));
  }
  return rt.NewStr(absl::StrCat("<class '", t->name(), "'>"));
}

// type(name, bases, dict): a class like a class statement's (single inheritance; the
// dict is copied; no __init_subclass__ call).
Value NewClassFromArgs(Runtime& rt, Args args) {
  if (!rt.IsStr(args[0])) {
    return RaiseTypeName(rt, "type.__new__() argument 1 must be str, not ", args[0], "");
  }
  if (!rt.IsInstance(args[1], rt.types().tuple)) {
    return RaiseTypeName(rt, "type.__new__() argument 2 must be tuple, not ", args[1], "");
  }
  if (!rt.IsInstance(args[2], rt.types().dict)) {
    return RaiseTypeName(rt, "type.__new__() argument 3 must be dict, not ", args[2], "");
  }
  const std::vector<Value>& bases = TupleItems(args[1]);
  if (bases.size() > 1) {
    return rt.Raise(rt.exc().type_error, "multiple inheritance is not supported by wick");
  }
  Type* base = nullptr;
  if (!bases.empty()) {
    if (!rt.IsInstance(bases[0], rt.types().type)) {
      return RaiseTypeName(rt, "class base must be a class, not '", bases[0], "'");
    }
    base = bases[0].as<Type>();
  }
  Value ns = rt.NewDict();
  size_t pos = 0;
  const Dict::Entry* e;
  while (args[2].as<Dict>()->Next(&pos, &e)) {
    if (!ns.as<Dict>()->Set(rt, e->key, e->value)) return Value::Raised();
  }
  Type* cls = rt.NewClass(StrView(args[0]), base, ns.as<Dict>());
  if (cls == nullptr) return Value::Raised();
  return Value::Steal(cls);
}

Value TypeCall(Runtime& rt, const Value& callee, Args args, const KwArgs& kw) {
  Type* t = callee.as<Type>();
  if (t == rt.types().type) {
    if (args.size() == 1 && kw.empty()) return Value::Borrow(rt.TypeOf(args[0]));
    if (args.size() == 3 && kw.empty()) return NewClassFromArgs(rt, args);
    return rt.Raise(rt.exc().type_error, "type() takes 1 or 3 arguments");
  }
  if (t->slots().construct == nullptr) {
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat("cannot create '", t->name(), "' instances"));
  }
  return t->slots().construct(rt, t, args, kw);
}

// Attributes every class has that are not inherited through the base chain:
// __name__ and __doc__ belong to the class itself. Returns Raised() without raising
// when `name` is not one of them.
Value OwnTypeAttribute(Runtime& rt, Type* t, Str* name) {
  if (name == rt.names().name) return rt.NewStr(t->name());
  if (name == rt.names().doc) {
    const Value* doc = t->dict()->GetStr(name);
    return doc != nullptr ? *doc : Value::None();
  }
  if (name->view() == "__annotations__") {
    // A class's own annotations, never a base's; classes without any get an empty
    // dict on first access (3.10+), builtin types have none.
    if (const Value* own = t->dict()->GetStr(name)) return *own;
    if (!t->is_heap()) return Value::Raised();
    Value d = rt.NewDict();
    if (!t->dict()->SetStr(rt, name, d)) return Value::Raised();
    return d;
  }
  return Value::Raised();
}

// Attributes every class has, looked up after its dict and its bases' dicts.
Value DefaultTypeAttribute(Runtime& rt, Type* t, Str* name) {
  if (name == rt.names().dict) return Value::Borrow(t->dict());
  if (name == rt.names().class_) return Value::Borrow(t->type());
  if (name == rt.names().base) return t->base() ? Value::Borrow(t->base()) : Value::None();
  if (name == rt.names().bases) {
    if (t->base() == nullptr) return rt.empty_tuple();
    return rt.NewTuple({Value::Borrow(t->base())});
  }
  if (name == rt.names().mro) {
    std::vector<Value> mro;
    for (Type* b = t; b != nullptr; b = b->base()) mro.push_back(Value::Borrow(b));
    return rt.NewTuple(std::move(mro));
  }
  if (name == rt.names().qualname) return rt.NewStr(t->name());
  // Builtin types have no __module__ entry; CPython reports "builtins".
  if (name == rt.names().module) return Value::Borrow(rt.names().builtins);
  return rt.Raise(rt.exc().attribute_error, absl::StrCat("type object '", t->name(),
                                                         "' has no attribute '", name->view(), "'"));
}

Value TypeGetAttr(Runtime& rt, const Value& v, Str* name) {
  Type* t = v.as<Type>();
  Value own = OwnTypeAttribute(rt, t, name);
  if (!own.is_raised()) return own;
  const Value* found = t->Lookup(name);
  if (found != nullptr) {
    Value attr = *found;
    const TypeSlots& ds = rt.TypeOf(attr)->slots();
    // Functions accessed through the class stay plain functions; other descriptors
    // (classmethod, property) decide for themselves.
    if (ds.descr_get != nullptr && !rt.TypeOf(attr)->is_method_descriptor()) {
      return ds.descr_get(rt, attr, Value::None(), t);
    }
    return attr;
  }
  return DefaultTypeAttribute(rt, t, name);
}

bool TypeSetAttr(Runtime& rt, const Value& v, Str* name, const Value* value) {
  Type* t = v.as<Type>();
  if (!t->is_heap()) {
    rt.Raise(rt.exc().type_error, absl::StrCat("cannot set '", name->view(),
                                               "' attribute of immutable type '", t->name(), "'"));
    return false;
  }
  if (value == nullptr) {
    int r = t->dict()->Remove(rt, Value::Borrow(name));
    if (r == 0) {
      rt.Raise(rt.exc().attribute_error,
               absl::StrCat("type object '", t->name(), "' has no attribute '", name->view(), "'"));
    }
    if (r != 1) return false;
  } else if (!t->dict()->SetStr(rt, name, *value)) {
    return false;
  }
  if (absl::StartsWith(name->view(), "__")) InstallDunderSlots(rt, t);
  return true;
}

// ---- builtin functions and bound methods -----------------------------------------

Value BuiltinCall(Runtime& rt, const Value& callee, Args args, const KwArgs& kw) {
  BuiltinFunction* f = callee.as<BuiltinFunction>();
  if (f->is_method()) {
    if (args.empty()) {
      return rt.Raise(rt.exc().type_error,
                      absl::StrCat("unbound method ", f->owner->name(), ".", f->name,
                                   "() needs an argument"));
    }
    if (!rt.IsInstance(args[0], f->owner)) {
      return rt.Raise(rt.exc().type_error,
                      absl::StrCat("descriptor '", f->name, "' for '", f->owner->name(),
                                   "' objects doesn't apply to a '", rt.TypeOf(args[0])->name(),
                                   "' object"));
    }
  }
  return f->fn(rt, args, kw);
}

Value BuiltinDescrGet(Runtime& rt, const Value& descr, const Value& instance, Type*) {
  if (instance.is_none() || !descr.as<BuiltinFunction>()->is_method()) return descr;
  return rt.NewBoundMethod(instance, descr);
}

Value BuiltinRepr(Runtime& rt, const Value& v) {
  BuiltinFunction* f = v.as<BuiltinFunction>();
  if (f->is_method()) {
    return rt.NewStr(absl::StrCat("<method '", f->name, "' of '", f->owner->name(), "' objects>"));
  }
  return rt.NewStr(absl::StrCat("<built-in function ", f->name, ">"));
}

Value BoundCall(Runtime& rt, const Value& callee, Args args, const KwArgs& kw) {
  BoundMethod* m = callee.as<BoundMethod>();
  absl::InlinedVector<Value, 8> full;
  full.reserve(args.size() + 1);
  full.push_back(m->self);
  full.insert(full.end(), args.begin(), args.end());
  Value func = m->func;  // the call may drop the last reference to `callee`
  return Call(rt, func, absl::MakeConstSpan(full), kw);
}

Value BoundRepr(Runtime& rt, const Value& v) {
  BoundMethod* m = v.as<BoundMethod>();
  std::string self_repr;
  if (!ReprString(rt, m->self, &self_repr)) return Value::Raised();
  std::string name = "?";
  if (rt.TypeOf(m->func) == rt.types().builtin_function) {
    BuiltinFunction* f = m->func.as<BuiltinFunction>();
    return rt.NewStr(absl::StrCat("<built-in method ", f->name, " of ", rt.TypeOf(m->self)->name(),
                                  " object at ", absl::StrFormat("%p", static_cast<void*>(m->self.is_object() ? m->self.object() : nullptr)), ">"));
  }
  Value qn = GetAttr(rt, m->func, rt.names().qualname);
  if (qn.is_raised()) {
    rt.ClearException();
    qn = GetAttr(rt, m->func, rt.names().name);
    if (qn.is_raised()) rt.ClearException();
  }
  if (rt.IsStr(qn)) name = std::string(StrView(qn));
  return rt.NewStr(absl::StrCat("<bound method ", name, " of ", self_repr, ">"));
}

Value BoundGetAttr(Runtime& rt, const Value& v, Str* name) {
  BoundMethod* m = v.as<BoundMethod>();
  if (name == rt.names().self) return m->self;
  if (name == rt.names().func) return m->func;
  Value r = GenericGetAttr(rt, v, name);
  if (!r.is_raised() || !rt.ExceptionMatches(rt.exc().attribute_error)) return r;
  rt.ClearException();
  return GetAttr(rt, m->func, name);  // __name__, __doc__ of the function
}

Value BoundCompare(Runtime& rt, const Value& a, const Value& b, CmpOp op) {
  if ((op != CmpOp::kEq && op != CmpOp::kNe) || rt.TypeOf(b) != rt.types().bound_method) {
    return rt.NotImplemented();
  }
  BoundMethod* x = a.as<BoundMethod>();
  BoundMethod* y = b.as<BoundMethod>();
  bool eq = x->self.Is(y->self) && x->func.Is(y->func);
  return Value::Bool(op == CmpOp::kEq ? eq : !eq);
}

// ---- cells, modules, singletons --------------------------------------------------

Value CellRepr(Runtime& rt, const Value& v) {
  Cell* c = v.as<Cell>();
  if (c->value.is_raised()) {
    return rt.NewStr(absl::StrFormat("<cell at %p: empty>", static_cast<void*>(c)));
  }
  return rt.NewStr(absl::StrFormat("<cell at %p: %s object>", static_cast<void*>(c),
                                   rt.TypeOf(c->value)->name()));
}

Value ModuleRepr(Runtime& rt, const Value& v) {
  return rt.NewStr(absl::StrCat("<module '", v.as<Module>()->name, "' (built-in)>"));
}

Value ModuleGetAttr(Runtime& rt, const Value& v, Str* name) {
  Module* m = v.as<Module>();
  if (m->dict != nullptr) {
    if (const Value* r = m->dict->GetStr(name)) return *r;
  }
  if (name == rt.names().dict && m->dict != nullptr) return Value::Borrow(m->dict);
  if (name == rt.names().class_) return Value::Borrow(rt.TypeOf(v));
  return rt.Raise(rt.exc().attribute_error,
                  absl::StrCat("module '", m->name, "' has no attribute '", name->view(), "'"));
}

Value SingletonRepr(Runtime& rt, const Value& v) { return rt.NewStr(v.as<Singleton>()->name); }

}  // namespace

void InitObjectType(Runtime& rt) {
  const Runtime::Types& t = rt.types();
  TypeSlots& o = t.object->slots();
  o.repr = &ObjectRepr;
  o.hash = &IdentityHash;
  o.compare = &IdentityCompare;
  o.getattr = &GenericGetAttr;
  o.setattr = &GenericSetAttr;
  o.construct = &ObjectConstruct;
  for (Type* u : {t.list, t.dict, t.set}) u->slots().hash = &UnhashableSlot;

  TypeSlots& ty = t.type->slots();
  ty.repr = &TypeRepr;
  ty.call = &TypeCall;
  ty.getattr = &TypeGetAttr;
  ty.setattr = &TypeSetAttr;
}

void InitFunctionTypes(Runtime& rt) {
  const Runtime::Types& t = rt.types();
  t.builtin_function->set_method_descriptor(true);
  TypeSlots& b = t.builtin_function->slots();
  b.call = &BuiltinCall;
  b.descr_get = &BuiltinDescrGet;
  b.repr = &BuiltinRepr;
  TypeSlots& m = t.bound_method->slots();
  m.call = &BoundCall;
  m.repr = &BoundRepr;
  m.getattr = &BoundGetAttr;
  m.compare = &BoundCompare;
  t.cell->slots().repr = &CellRepr;
  t.module->slots().repr = &ModuleRepr;
  t.module->slots().getattr = &ModuleGetAttr;
  t.not_implemented->slots().repr = &SingletonRepr;
  t.ellipsis->slots().repr = &SingletonRepr;
  for (Type* x : {t.cell, t.module, t.builtin_function, t.bound_method, t.not_implemented,
                  t.ellipsis, t.dict_keys, t.dict_values, t.dict_items}) {
    // Not instantiable from Python code: construct stays null after inheritance.
    x->slots().construct = nullptr;
  }
}

}  // namespace internal
}  // namespace wick::vm
