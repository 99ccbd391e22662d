// The contextlib module: nullcontext(enter_result=None) and contextmanager, whose
// _GeneratorContextManager drives the decorated generator exactly as CPython 3.11's
// contextlib.py does (next() in __enter__, next() or throw() in __exit__).
#include <utility>
#include <vector>

#include "vm/builtins/args.h"
#include "vm/builtins/internal/builtins_internal.h"
#include "vm/objects/objects.h"
#include "vm/protocol.h"

namespace wick::vm::builtins {
namespace {

struct NullContext : public Object {
  void ClearRefs() override { enter_result = Value(); }
  Value enter_result;
};

Value NullContextConstruct(Runtime& rt, Type* type, Args args, const KwArgs& kw) {
  Value a[1];
  if (!BindArgs(rt, "nullcontext", args, kw, {"enter_result"}, 0, a)) return Value::Raised();
  NullContext* c = rt.Alloc<NullContext>(type);
  c->enter_result = a[0].is_raised() ? Value::None() : a[0];
  return Value::Steal(c);
}

Value NullEnter(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "__enter__", args, kw, 1, 1)) return Value::Raised();
  return args[0].as<NullContext>()->enter_result;
}

// __exit__(*exc_info): returns None, so exceptions propagate.
Value NullExit(Runtime& rt, Args args, const KwArgs& kw) {
  if (!NoKeywords(rt, "__exit__", kw)) return Value::Raised();
  return Value::None();
}

// contextmanager(func): calling the result creates a _GeneratorContextManager.
struct GcmFactory : public Object {
  void ClearRefs() override { func = cm_type = Value(); }
  Value func;
  Value cm_type;  // the _GeneratorContextManager type
};

struct GeneratorCm : public Object {
  void ClearRefs() override { gen = Value(); }
  Value gen;
};

Value ContextManager(Runtime& rt, Type* type, Args args, const KwArgs& kw) {
  if (!OneArg(rt, "contextmanager", args, kw)) return Value::Raised();
  const Value* cm_type = type->dict()->GetStr("_cm_type");
  if (cm_type == nullptr) return rt.Raise(rt.exc().type_error, "contextmanager: broken type");
  GcmFactory* f = rt.Alloc<GcmFactory>(type);
  f->func = args[0];
  f->cm_type = *cm_type;
  return Value::Steal(f);
}

// helper(*args, **kwds): _GeneratorContextManager(func, args, kwds).
Value FactoryCall(Runtime& rt, const Value& callee, Args args, const KwArgs& kw) {
  GcmFactory* f = callee.as<GcmFactory>();
  Value gen = Call(rt, f->func, args, kw);
  if (gen.is_raised()) return gen;
  GeneratorCm* cm = rt.Alloc<GeneratorCm>(f->cm_type.as<Type>());
  cm->gen = std::move(gen);
  return Value::Steal(cm);
}

// As a method (a decorated def in a class body) it binds like a function.
Value FactoryDescrGet(Runtime& rt, const Value& descr, const Value& instance, Type*) {
  if (instance.is_none()) return descr;
  return rt.NewBoundMethod(instance, descr);
}

// __name__, __doc__, ... come from the wrapped function (functools.wraps).
Value FactoryGetAttr(Runtime& rt, const Value& v, Str* name) {
  absl::string_view n = name->view();
  if (n == "__name__" || n == "__qualname__" || n == "__doc__" || n == "__module__" ||
      n == "__wrapped__") {
    if (n == "__wrapped__") return v.as<GcmFactory>()->func;
    return GetAttr(rt, v.as<GcmFactory>()->func, name);
  }
  return GenericGetAttr(rt, v, name);
}

Value GcmEnter(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "__enter__", args, kw, 1, 1)) return Value::Raised();
  Value v = Next(rt, args[0].as<GeneratorCm>()->gen);
  if (!v.is_raised()) return v;
  if (rt.HasPending() && !rt.ExceptionMatches(rt.exc().stop_iteration)) return v;
  // raise RuntimeError("generator didn't yield") from None
  rt.ClearException();
  Value exc = rt.NewException(rt.exc().runtime_error, {rt.NewStr("generator didn't yield")});
  exc.as<ExceptionObject>()->suppress_context = true;
  return rt.RaiseValue(std::move(exc));
}

// The exception `value` propagates unchanged: its traceback as it was before the throw.
Value Propagate(Runtime& rt, const Value& value, std::vector<TraceEntry> tb) {
  rt.ClearException();
  value.as<ExceptionObject>()->traceback = std::move(tb);
  return Value::Bool(false);
}

// __exit__ after an exception: throw it into the generator (contextlib.py's else branch).
Value ExitWithException(Runtime& rt, const Value& gen, Value typ, Value value,
                        const Value& tb) {
  if (value.is_none()) {
    value = Call(rt, typ, Args());
    if (value.is_raised()) return value;
  }
  Value throw_fn = GetAttr(rt, gen, rt.Intern("throw"));
  if (throw_fn.is_raised()) return throw_fn;
  std::vector<TraceEntry> saved;
  bool is_exc = rt.IsInstance(value, rt.exc().base_exception);
  if (is_exc) saved = value.as<ExceptionObject>()->traceback;
  Value a[3] = {typ, value, tb};
  Value r = Call(rt, throw_fn, Args(a, 3));
  if (!r.is_raised()) {
    return rt.Raise(rt.exc().runtime_error, "generator didn't stop after throw()");
  }
  const Value& exc = rt.pending();
  if (rt.ExceptionMatches(rt.exc().stop_iteration)) {
    bool same = exc.Is(value);
    rt.ClearException();
    return Value::Bool(!same);
  }
  if (exc.Is(value)) return Propagate(rt, value, std::move(saved));
  if (rt.ExceptionMatches(rt.exc().runtime_error) &&
      rt.IsInstance(value, rt.exc().stop_iteration) &&
      exc.as<ExceptionObject>()->cause.Is(value)) {
    return Propagate(rt, value, std::move(saved));
  }
  return Value::Raised();
}

Value GcmExit(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "__exit__", args, kw, 4, 4)) return Value::Raised();
  const Value& gen = args[0].as<GeneratorCm>()->gen;
  if (!args[1].is_none()) return ExitWithException(rt, gen, args[1], args[2], args[3]);
  Value v = Next(rt, gen);
  if (!v.is_raised()) return rt.Raise(rt.exc().runtime_error, "generator didn't stop");
  if (!rt.HasPending()) return Value::Bool(false);
  if (!rt.ExceptionMatches(rt.exc().stop_iteration)) return v;
  rt.ClearException();
  return Value::Bool(false);
}

}  // namespace

bool InitContextlibModule(Runtime& rt, const Value& m) {
  Type* t = rt.NewBuiltinType("nullcontext", rt.types().object, Layout::kOther);
  Value type = Value::Steal(t);
  t->set_base_type(false);
  t->dict()->SetStr(rt, rt.names().module, rt.NewStr("contextlib"));
  t->slots().construct = &NullContextConstruct;
  rt.AddMethod(t, "__enter__", &NullEnter);
  rt.AddMethod(t, "__exit__", &NullExit);
  SetModuleAttr(rt, m, "nullcontext", type);

  Type* cm = rt.NewBuiltinType("_GeneratorContextManager", rt.types().object, Layout::kOther);
  Value cm_type = Value::Steal(cm);
  cm->set_base_type(false);
  cm->dict()->SetStr(rt, rt.names().module, rt.NewStr("contextlib"));
  cm->slots().construct = nullptr;
  rt.AddMethod(cm, "__enter__", &GcmEnter);
  rt.AddMethod(cm, "__exit__", &GcmExit);
  SetModuleAttr(rt, m, "_GeneratorContextManager", cm_type);

  Type* ft = rt.NewBuiltinType("contextmanager", rt.types().object,
                               Layout::kOther);
  Value factory_type = Value::Steal(ft);
  ft->set_base_type(false);
  ft->slots().call = &FactoryCall;
  ft->slots().descr_get = &FactoryDescrGet;
  ft->slots().getattr = &FactoryGetAttr;
  ft->set_method_descriptor(true);
  // contextmanager itself is the factory type (its instances are the decorated
  // functions); the type's dict carries the context manager type they create.
  ft->slots().construct = &ContextManager;
  ft->dict()->SetStr(rt, rt.Intern("_cm_type"), cm_type);
  SetModuleAttr(rt, m, "contextmanager", factory_type);
  return true;
}

}  // namespace wick::vm::builtins
