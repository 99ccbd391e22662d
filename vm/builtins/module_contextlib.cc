// The contextlib module: nullcontext(enter_result=None). contextmanager needs
// generators, which wick does not have (the compiler rejects `yield`).
#include "vm/builtins/args.h"
#include "vm/builtins/internal.h"
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
  return true;
}

}  // namespace wick::vm::builtins
