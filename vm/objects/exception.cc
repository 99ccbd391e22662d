// Exception objects: construction (args = the positional arguments), str() and repr()
// as Python prints them (KeyError's str is the repr of its key), the attributes args,
// __cause__, __context__, __suppress_context__, __traceback__ and StopIteration.value,
// and BaseException.__init__ for subclasses that call it.
#include <string>

#include "absl/strings/str_cat.h"
#include "vm/objects/dict.h"
#include "vm/objects/internal/objects_internal.h"
#include "vm/protocol.h"

namespace wick::vm {

ExceptionObject::~ExceptionObject() {
  if (dict != nullptr) dict->DecRef();
}

void ExceptionObject::Traverse(Visitor visit, void* arg) const {
  for (const Value* v : {&args, &cause, &context}) VisitValue(*v, visit, arg);
  if (dict != nullptr) visit(dict, arg);
}

void ExceptionObject::ClearRefs() {
  args = cause = context = Value();
  if (Dict* d = std::exchange(dict, nullptr)) d->DecRef();
}

namespace internal {

Value ExceptionStr(Runtime& rt, const Value& e) {
  if (!rt.IsInstance(e, rt.exc().base_exception)) return ToStr(rt, e);
  Type* t = rt.TypeOf(e);
  if (t->slots().str != nullptr && t->is_heap() && t->Lookup(rt.names().str) != nullptr) {
    return ToStr(rt, e);
  }
  ExceptionObject* x = e.as<ExceptionObject>();
  const std::vector<Value>& args = rt.IsTuple(x->args) ? TupleItems(x->args)
                                                       : TupleItems(rt.empty_tuple());
  if (args.empty()) return rt.empty_str();
  if (args.size() == 1) {
    if (rt.IsInstance(e, rt.exc().key_error)) return Repr(rt, args[0]);
    return ToStr(rt, args[0]);
  }
  return Repr(rt, x->args);
}

namespace {

ExceptionObject* E(const Value& v) { return v.as<ExceptionObject>(); }

Value ExcStrSlot(Runtime& rt, const Value& v) {
  ExceptionObject* x = E(v);
  const std::vector<Value>& args = TupleItems(x->args);
  if (args.empty()) return rt.empty_str();
  if (args.size() == 1) {
    if (rt.IsInstance(v, rt.exc().key_error)) return Repr(rt, args[0]);
    return ToStr(rt, args[0]);
  }
  return Repr(rt, x->args);
}

Value ExcRepr(Runtime& rt, const Value& v) {
  ExceptionObject* x = E(v);
  const std::vector<Value>& args = TupleItems(x->args);
  std::string inner;
  if (args.size() == 1) {
    if (!ReprString(rt, args[0], &inner)) return Value::Raised();
  } else {
    if (!ReprString(rt, x->args, &inner)) return Value::Raised();
    inner = inner.substr(1, inner.size() - 2);
    if (args.size() == 0) inner.clear();
  }
  return rt.NewStr(absl::StrCat(rt.TypeOf(v)->name(), "(", inner, ")"));
}

Value ExcGetAttr(Runtime& rt, const Value& v, Str* name) {
  ExceptionObject* x = E(v);
  const Runtime::Names& n = rt.names();
  if (name == n.args) return x->args;
  if (name == n.cause) return x->cause;
  if (name == n.context) return x->context;
  if (name == n.suppress_context) return Value::Bool(x->suppress_context);
  if (name == n.traceback) return Value::None();
  if (name == n.value && rt.IsInstance(v, rt.exc().stop_iteration) &&
      (x->dict == nullptr || x->dict->GetStr(name) == nullptr)) {
    const std::vector<Value>& args = TupleItems(x->args);
    return args.empty() ? Value::None() : args[0];
  }
  // SystemExit.code: None, the one argument, or the argument tuple (as CPython sets it).
  if (name->view() == "code" && rt.IsInstance(v, rt.exc().system_exit) &&
      (x->dict == nullptr || x->dict->GetStr(name) == nullptr)) {
    const std::vector<Value>& args = TupleItems(x->args);
    if (args.empty()) return Value::None();
    return args.size() == 1 ? args[0] : x->args;
  }
  return GenericGetAttr(rt, v, name);
}

bool ExcSetAttr(Runtime& rt, const Value& v, Str* name, const Value* value) {
  ExceptionObject* x = E(v);
  const Runtime::Names& n = rt.names();
  if (value != nullptr) {
    if (name == n.args) {
      std::vector<Value> items;
      if (!Unpack(rt, *value, &items)) return false;
      x->args = rt.NewTuple(std::move(items));
      return true;
    }
    if (name == n.cause) {
      if (!value->is_none() && !rt.IsInstance(*value, rt.exc().base_exception)) {
        rt.Raise(rt.exc().type_error, "exception cause must be None or derive from BaseException");
        return false;
      }
      x->cause = *value;
      x->suppress_context = true;
      return true;
    }
    if (name == n.context) {
      x->context = *value;
      return true;
    }
    if (name == n.suppress_context) {
      int t = Truthy(rt, *value);
      if (t < 0) return false;
      x->suppress_context = t;
      return true;
    }
  }
  return GenericSetAttr(rt, v, name, value);
}

Value ExcConstruct(Runtime& rt, Type* type, Args args, const KwArgs& kw) {
  if (!kw.empty()) {
    return rt.Raise(rt.exc().type_error, absl::StrCat(type->name(), "() takes no keyword arguments"));
  }
  return Value::Steal(rt.Alloc<ExceptionObject>(type, rt.NewTuple({args.begin(), args.end()})));
}

Value ExcInit(Runtime& rt, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "BaseException.__init__", kw)) return Value::Raised();
  E(args[0])->args = rt.NewTuple({args.begin() + 1, args.end()});
  return Value::None();
}

Value ObjectInit(Runtime& rt, Args args, const KwArgs& kw) { return Value::None(); }

}  // namespace

void InitExceptionTypes(Runtime& rt) {
  Type* b = rt.exc().base_exception;
  TypeSlots& s = b->slots();
  s.str = &ExcStrSlot;
  s.repr = &ExcRepr;
  s.getattr = &ExcGetAttr;
  s.setattr = &ExcSetAttr;
  s.construct = &ExcConstruct;
  rt.AddMethod(b, "__init__", &ExcInit);
  rt.AddMethod(rt.types().object, "__init__", &ObjectInit);
}

}  // namespace internal
}  // namespace wick::vm
