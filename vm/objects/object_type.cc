// `object` and `type` (repr `<class 'int'>`, calling a class, class attribute access
// and assignment), builtin functions and bound methods (calls, binding, reprs), cells,
// modules, and the NotImplemented / Ellipsis singletons.
#include <string>

#include "absl/container/inlined_vector.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "vm/objects/dict.h"
#include "vm/objects/internal/objects_internal.h"
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
  if (slot_values != nullptr) slot_values->DecRef();
}
void Instance::Traverse(Visitor visit, void* arg) const {
  if (dict != nullptr) visit(dict, arg);
  if (slot_values != nullptr) visit(slot_values, arg);
}
void Instance::ClearRefs() {
  if (Dict* d = std::exchange(dict, nullptr)) d->DecRef();
  if (Dict* d = std::exchange(slot_values, nullptr)) d->DecRef();
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
    return rt.NewStr(absl::StrCat("<class '", StrView(*mod), ".", t->qualname(), "'>"));
  }
  return rt.NewStr(absl::StrCat("<class '", t->qualname(), "'>"));
}

Value TypeCall(Runtime& rt, const Value& callee, Args args, const KwArgs& kw) {
  Type* t = callee.as<Type>();
  if (t == rt.types().type) {
    if (args.size() == 1 && kw.empty()) return Value::Borrow(rt.TypeOf(args[0]));
    if (args.size() == 3) return TypeNew(rt, t, args, kw);
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
  if (name == rt.names().qualname) return rt.NewStr(t->qualname());
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

Value TypesTuple(Runtime& rt, absl::Span<Type* const> types) {
  std::vector<Value> items;
  items.reserve(types.size());
  for (Type* b : types) items.push_back(Value::Borrow(b));
  return rt.NewTuple(std::move(items));
}

// Attributes every class has, looked up after its dict and its bases' dicts. Returns
// Raised() without raising when `name` is not one of them.
Value DefaultTypeAttribute(Runtime& rt, Type* t, Str* name) {
  if (name == rt.names().dict) return Value::Borrow(t->dict());
  if (name == rt.names().class_) return Value::Borrow(t->type());
  if (name == rt.names().base) return t->base() ? Value::Borrow(t->base()) : Value::None();
  if (name == rt.names().bases) return TypesTuple(rt, t->bases());
  if (name == rt.names().mro) return TypesTuple(rt, t->mro());
  if (name == rt.names().qualname) return rt.NewStr(t->name());
  // Builtin types have no __module__ entry; CPython reports "builtins".
  if (name == rt.names().module) return Value::Borrow(rt.names().builtins);
  return Value::Raised();
}

// Binds an attribute found on the metaclass to the class `t` (a metaclass method
// becomes a method of the class).
Value BindMetaAttribute(Runtime& rt, const Value& attr, Type* t) {
  const TypeSlots& ds = rt.TypeOf(attr)->slots();
  if (ds.descr_get == nullptr) return attr;
  return ds.descr_get(rt, attr, Value::Borrow(t), t->type());
}

}  // namespace

Value TypeGetAttr(Runtime& rt, const Value& v, Str* name) {
  Type* t = v.as<Type>();
  Value own = OwnTypeAttribute(rt, t, name);
  if (!own.is_raised()) return own;
  Type* meta = t->type();
  // A user metaclass's data descriptors (properties) win over the class's attributes.
  const Value* meta_found = meta->is_heap() ? meta->Lookup(name) : nullptr;
  if (meta_found != nullptr && rt.TypeOf(*meta_found)->slots().descr_set != nullptr &&
      rt.TypeOf(*meta_found)->slots().descr_get != nullptr) {
    return BindMetaAttribute(rt, *meta_found, t);
  }
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
  Value dflt = DefaultTypeAttribute(rt, t, name);
  if (!dflt.is_raised()) return dflt;
  if (meta_found == nullptr) meta_found = meta->Lookup(name);
  if (meta_found != nullptr) return BindMetaAttribute(rt, *meta_found, t);
  return rt.Raise(rt.exc().attribute_error, absl::StrCat("type object '", t->name(),
                                                         "' has no attribute '", name->view(), "'"));
}

namespace {

bool TypeSetAttr(Runtime& rt, const Value& v, Str* name, const Value* value) {
  Type* t = v.as<Type>();
  if (!t->is_heap()) {
    rt.Raise(rt.exc().type_error, absl::StrCat("cannot set '", name->view(),
                                               "' attribute of immutable type '", t->name(), "'"));
    return false;
  }
  if (name == rt.names().name || name == rt.names().qualname) {
    // Kept on the type itself, as CPython keeps them.
    if (value == nullptr || !rt.IsStr(*value)) {
      if (value == nullptr) {
        rt.Raise(rt.exc().type_error, absl::StrCat("cannot delete '", name->view(),
                                                   "' attribute of immutable type '",
                                                   t->name(), "'"));
      } else {
        RaiseTypeName(rt, absl::StrCat("can only assign string to ", t->name(), ".",
                                       name->view(), ", not '"),
                      *value, "'");
      }
      return false;
    }
    if (name == rt.names().name) t->set_name(std::string(StrView(*value)));
    else t->set_qualname(std::string(StrView(*value)));
    return true;
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
  if (absl::StartsWith(name->view(), "__")) {
    if (name->view() == "__abstractmethods__") {
      int truth = value == nullptr ? 0 : Truthy(rt, *value);
      if (truth < 0) return false;
      t->set_abstract(truth == 1);
    }
    InstallDunderSlots(rt, t);
  }
  return true;
}

// type.__new__(meta, name, bases, ns, **kw): what a metaclass's super().__new__ reaches.
Value TypeNewMethod(Runtime& rt, Args args, const KwArgs& kw) {
  if (args.empty() || !rt.IsInstance(args[0], rt.types().type)) {
    return rt.Raise(rt.exc().type_error, "type.__new__(X): X is not a type object");
  }
  Type* meta = args[0].as<Type>();
  if (!meta->IsSubtypeOf(rt.types().type)) {
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat("type.__new__(", meta->name(), "): ", meta->name(),
                                 " is not a subtype of type"));
  }
  if (meta == rt.types().type && args.size() == 2 && kw.empty()) {
    return Value::Borrow(rt.TypeOf(args[1]));
  }
  return TypeNew(rt, meta, args.subspan(1), kw);
}

// type.__init__: the class is complete after __new__.
Value TypeInitMethod(Runtime& rt, Args args, const KwArgs&) {
  if (args.size() != 2 && args.size() != 4) {
    return rt.Raise(rt.exc().type_error, "type.__init__() takes 1 or 3 arguments");
  }
  return Value::None();
}

// type.__call__(cls, *args, **kw): what a metaclass's super().__call__ reaches.
Value TypeCallMethod(Runtime& rt, Args args, const KwArgs& kw) {
  return TypeCall(rt, args[0], args.subspan(1), kw);
}

Value TypeMroMethod(Runtime& rt, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "mro", kw)) return Value::Raised();
  if (args.size() != 1) {
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat("type.mro() takes no arguments (", args.size() - 1, " given)"));
  }
  std::vector<Value> items;
  for (Type* b : args[0].as<Type>()->mro()) items.push_back(Value::Borrow(b));
  return rt.NewList(std::move(items));
}

Value TypeSubclassesMethod(Runtime& rt, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "__subclasses__", kw)) return Value::Raised();
  if (args.size() != 1) {
    return rt.Raise(rt.exc().type_error, absl::StrCat("type.__subclasses__() takes no arguments (",
                                                      args.size() - 1, " given)"));
  }
  std::vector<Value> items;
  for (Type* t : args[0].as<Type>()->subclasses()) items.push_back(Value::Borrow(t));
  return rt.NewList(std::move(items));
}

// type.__setattr__ / __delattr__, for metaclasses that override them.
Value TypeSetAttrMethod(Runtime& rt, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "__setattr__", kw)) return Value::Raised();
  if (args.size() != 3 || !rt.IsStr(args[1])) {
    return rt.Raise(rt.exc().type_error, "expected 2 arguments, got " + std::to_string(args.size() - 1));
  }
  if (!TypeSetAttr(rt, args[0], rt.Intern(StrView(args[1])), &args[2])) return Value::Raised();
  return Value::None();
}

Value TypeDelAttrMethod(Runtime& rt, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "__delattr__", kw)) return Value::Raised();
  if (args.size() != 2 || !rt.IsStr(args[1])) {
    return rt.Raise(rt.exc().type_error, "expected 1 argument, got " + std::to_string(args.size() - 1));
  }
  if (!TypeSetAttr(rt, args[0], rt.Intern(StrView(args[1])), nullptr)) return Value::Raised();
  return Value::None();
}

// type.__instancecheck__ / __subclasscheck__: the real checks, for metaclasses that
// extend them through super().
Value TypeInstanceCheck(Runtime& rt, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "__instancecheck__", kw)) return Value::Raised();
  if (args.size() != 2) return rt.Raise(rt.exc().type_error, "expected 1 argument");
  return Value::Bool(rt.TypeOf(args[1])->IsSubtypeOf(args[0].as<Type>()));
}

Value TypeSubclassCheck(Runtime& rt, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "__subclasscheck__", kw)) return Value::Raised();
  if (args.size() != 2) return rt.Raise(rt.exc().type_error, "expected 1 argument");
  if (!rt.IsInstance(args[1], rt.types().type)) {
    return rt.Raise(rt.exc().type_error, "issubclass() arg 1 must be a class");
  }
  return Value::Bool(args[1].as<Type>()->IsSubtypeOf(args[0].as<Type>()));
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
  // The method type's own dict holds __name__ ('method'); CPython's method objects
  // report the function's.
  if (name == rt.names().name || name == rt.names().qualname || name == rt.names().doc ||
      name == rt.names().module) {
    return GetAttr(rt, m->func, name);
  }
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
  t.type->dict()->SetStr(rt, rt.names().new_, rt.NewBuiltinFunction("__new__", &TypeNewMethod));
  rt.AddMethod(t.type, "__init__", &TypeInitMethod);
  rt.AddMethod(t.type, "__call__", &TypeCallMethod);
  rt.AddMethod(t.type, "mro", &TypeMroMethod);
  rt.AddMethod(t.type, "__subclasses__", &TypeSubclassesMethod);
  rt.AddMethod(t.type, "__setattr__", &TypeSetAttrMethod);
  rt.AddMethod(t.type, "__delattr__", &TypeDelAttrMethod);
  rt.AddMethod(t.type, "__instancecheck__", &TypeInstanceCheck);
  rt.AddMethod(t.type, "__subclasscheck__", &TypeSubclassCheck);
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
