// staticmethod, classmethod and property: the descriptor types a class body uses
// through decorators. Each wraps callables; the attribute protocol (vm/attribute.cc)
// calls their descr_get/descr_set slots. property is a data descriptor (it has
// descr_set), so it wins over an instance's __dict__, as in CPython.
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "vm/builtins/args.h"
#include "vm/builtins/internal/builtins_internal.h"
#include "vm/objects/objects.h"
#include "vm/protocol.h"

namespace wick::vm::builtins {
namespace {

// staticmethod(f) and classmethod(f) share a layout: the wrapped callable.
struct MethodWrapper : public Object {
  void ClearRefs() override { func = Value(); }
  const Value* PlainAttr(std::string_view name) const override {
    return name == "__func__" ? &func : nullptr;
  }
  Value func;
};

Value WrapperConstruct(Runtime& rt, Type* type, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, type->name(), args, kw, 1, 1)) return Value::Raised();
  MethodWrapper* w = rt.Alloc<MethodWrapper>(type);
  w->func = args[0];
  return Value::Steal(w);
}

Value WrapperRepr(Runtime& rt, const Value& v) {
  std::string inner;
  if (!ReprString(rt, v.as<MethodWrapper>()->func, &inner)) return Value::Raised();
  return rt.NewStr(absl::StrCat("<", rt.TypeOf(v)->name(), "(", inner, ")>"));
}

// __func__ and, like CPython 3.10+, the wrapped function's __name__, __doc__ & co.
Value WrapperGetAttr(Runtime& rt, const Value& v, Str* name) {
  if (name == rt.names().func || name->view() == "__wrapped__") {
    return v.as<MethodWrapper>()->func;
  }
  Value r = GenericGetAttr(rt, v, name);
  if (!r.is_raised() || !rt.ExceptionMatches(rt.exc().attribute_error)) return r;
  if (name != rt.names().name && name != rt.names().qualname && name != rt.names().doc &&
      name != rt.names().module) {
    return r;
  }
  rt.ClearException();
  return GetAttr(rt, v.as<MethodWrapper>()->func, name);
}

Value StaticGet(Runtime&, const Value& descr, const Value&, Type*) {
  return descr.as<MethodWrapper>()->func;
}

// Static methods are callable since Python 3.10.
Value StaticCall(Runtime& rt, const Value& callee, Args args, const KwArgs& kw) {
  Value f = callee.as<MethodWrapper>()->func;
  return Call(rt, f, args, kw);
}

Value ClassGet(Runtime& rt, const Value& descr, const Value& instance, Type* owner) {
  Type* cls = owner != nullptr ? owner : rt.TypeOf(instance);
  return rt.NewBoundMethod(Value::Borrow(cls), descr.as<MethodWrapper>()->func);
}

// ---- property --------------------------------------------------------------------

struct Property : public Object {
  void ClearRefs() override { fget = fset = fdel = doc = name = Value(); }
  // Guards read a property's accessors without running code (L['m'].__class__.w.fget).
  const Value* PlainAttr(std::string_view attr) const override {
    if (attr == "fget") return &fget;
    if (attr == "fset") return &fset;
    if (attr == "fdel") return &fdel;
    return nullptr;
  }
  Value fget, fset, fdel, doc;
  Value name;  // str from __set_name__, else None
};

Value ArgOrNone(const Value& v) { return v.is_raised() ? Value::None() : v; }

// property(fget=None, fset=None, fdel=None, doc=None); the doc defaults to fget's.
Value NewProperty(Runtime& rt, Type* type, Value fget, Value fset, Value fdel, Value doc,
                  Value name) {
  Property* p = rt.Alloc<Property>(type);
  Value result = Value::Steal(p);
  if (doc.is_none() && !fget.is_none()) {
    doc = GetAttr(rt, fget, rt.names().doc);
    if (doc.is_raised()) {
      rt.ClearException();
      doc = Value::None();
    }
  }
  p->fget = std::move(fget);
  p->fset = std::move(fset);
  p->fdel = std::move(fdel);
  p->doc = std::move(doc);
  p->name = std::move(name);
  return result;
}

Value PropertyConstruct(Runtime& rt, Type* type, Args args, const KwArgs& kw) {
  Value a[4];
  if (!BindArgs(rt, "property", args, kw, {"fget", "fset", "fdel", "doc"}, 0, a)) {
    return Value::Raised();
  }
  return NewProperty(rt, type, ArgOrNone(a[0]), ArgOrNone(a[1]), ArgOrNone(a[2]),
                     ArgOrNone(a[3]), Value::None());
}

// "property 'x' of 'C' object has no setter": the name comes from __set_name__, else
// from the getter's __name__; CPython omits it when it is unknown.
Value RaiseMissing(Runtime& rt, const Property* p, const Value& instance,
                   absl::string_view what) {
  Value name = p->name;
  if (name.is_none() && !p->fget.is_none()) {
    name = GetAttr(rt, p->fget, rt.names().name);
    if (name.is_raised()) {
      rt.ClearException();
      name = Value::None();
    }
  }
  std::string label = "property";
  if (rt.IsStr(name)) label = absl::StrCat("property '", StrOf(name), "'");
  return rt.Raise(rt.exc().attribute_error, absl::StrCat(label, " of '", TypeName(rt, instance),
                                                         "' object has no ", what));
}

Value PropertyGet(Runtime& rt, const Value& descr, const Value& instance, Type*) {
  if (instance.is_none()) return descr;
  Property* p = descr.as<Property>();
  if (p->fget.is_none()) return RaiseMissing(rt, p, instance, "getter");
  Value f = p->fget;
  return Call(rt, f, {instance});
}

bool PropertySet(Runtime& rt, const Value& descr, const Value& instance, const Value* v) {
  Property* p = descr.as<Property>();
  Value f = v != nullptr ? p->fset : p->fdel;
  if (f.is_none()) {
    RaiseMissing(rt, p, instance, v != nullptr ? "setter" : "deleter");
    return false;
  }
  Value r = v != nullptr ? Call(rt, f, {instance, *v}) : Call(rt, f, {instance});
  return !r.is_raised();
}

Value PropertyGetAttr(Runtime& rt, const Value& v, Str* name) {
  Property* p = v.as<Property>();
  absl::string_view n = name->view();
  if (n == "fget") return p->fget;
  if (n == "fset") return p->fset;
  if (n == "fdel") return p->fdel;
  if (n == "__doc__") return p->doc;
  return GenericGetAttr(rt, v, name);
}

// property.getter/setter/deleter(f): a copy of the property with one accessor replaced.
template <int kWhich>
Value PropertyReplace(Runtime& rt, Args args, const KwArgs& kw) {
  static constexpr const char* kNames[] = {"getter", "setter", "deleter"};
  if (!ArgCount(rt, kNames[kWhich], args, kw, 2, 2)) return Value::Raised();
  Property* p = args[0].as<Property>();
  Value fget = kWhich == 0 ? args[1] : p->fget;
  Value fset = kWhich == 1 ? args[1] : p->fset;
  Value fdel = kWhich == 2 ? args[1] : p->fdel;
  // A doc taken from the old getter is re-derived from the new one, as CPython does.
  return NewProperty(rt, rt.TypeOf(args[0]), std::move(fget), std::move(fset),
                     std::move(fdel), kWhich == 0 ? Value::None() : p->doc, p->name);
}

Value PropertySetName(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "__set_name__", args, kw, 3, 3)) return Value::Raised();
  args[0].as<Property>()->name = args[2];
  return Value::None();
}

}  // namespace

void InitDescriptorTypes(Runtime& rt) {
  const Runtime::Types& t = rt.types();
  for (Type* w : {t.staticmethod, t.classmethod}) {
    TypeSlots& s = w->slots();
    s.construct = &WrapperConstruct;
    s.repr = &WrapperRepr;
    s.getattr = &WrapperGetAttr;
  }
  t.staticmethod->slots().descr_get = &StaticGet;
  t.staticmethod->slots().call = &StaticCall;
  t.classmethod->slots().descr_get = &ClassGet;

  TypeSlots& p = t.property->slots();
  p.construct = &PropertyConstruct;
  p.descr_get = &PropertyGet;
  p.descr_set = &PropertySet;
  p.getattr = &PropertyGetAttr;
  rt.AddMethod(t.property, "getter", &PropertyReplace<0>);
  rt.AddMethod(t.property, "setter", &PropertyReplace<1>);
  rt.AddMethod(t.property, "deleter", &PropertyReplace<2>);
  rt.AddMethod(t.property, "__set_name__", &PropertySetName);
}

}  // namespace wick::vm::builtins
