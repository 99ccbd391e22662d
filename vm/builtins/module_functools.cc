// The functools module: partial (a type, with CPython's repr and flattening of nested
// partials), update_wrapper / wraps (wraps(f) is partial(update_wrapper, wrapped=f),
// as in CPython), and reduce.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "vm/builtins/args.h"
#include "vm/builtins/internal/builtins_internal.h"
#include "vm/objects/dict.h"
#include "vm/objects/objects.h"
#include "vm/protocol.h"

namespace wick::vm::builtins {
namespace {

struct Partial : public Object {
  void ClearRefs() override { func = args = keywords = Value(); }
  // Read without running code, so guards and graph inputs can follow L['p'].args[0].
  const Value* PlainAttr(std::string_view name) const override {
    if (name == "func") return &func;
    if (name == "args") return &args;
    if (name == "keywords") return &keywords;
    return nullptr;
  }
  Value func;
  Value args;      // tuple
  Value keywords;  // dict with str keys
};

// The entries of `dict` (str keys) as the parallel vectors a KwArgs views.
void DictToKeywords(const Dict& dict, std::vector<Value>* names, std::vector<Value>* values) {
  for (const Dict::Entry& e : dict.entries()) {
    if (e.key.is_raised()) continue;
    names->push_back(e.key);
    values->push_back(e.value);
  }
}

Value PartialConstruct(Runtime& rt, Type* type, Args args, const KwArgs& kw) {
  if (args.empty()) {
    return rt.Raise(rt.exc().type_error, "type 'partial' takes at least one argument");
  }
  Value func = args[0];
  if (rt.TypeOf(func)->slots().call == nullptr) {
    return rt.Raise(rt.exc().type_error, "the first argument must be callable");
  }
  std::vector<Value> pos;
  Value keywords = rt.NewDict();
  // partial(partial(f, a), b) is partial(f, a, b): flatten an exact partial.
  if (rt.TypeOf(func) == type) {
    Partial* inner = func.as<Partial>();
    pos = inner->args.as<Tuple>()->items;
    for (const Dict::Entry& e : inner->keywords.as<Dict>()->entries()) {
      if (!e.key.is_raised()) keywords.as<Dict>()->Set(rt, e.key, e.value);
    }
    func = inner->func;
  }
  pos.insert(pos.end(), args.begin() + 1, args.end());
  for (size_t i = 0; i < kw.size(); ++i) {
    if (!keywords.as<Dict>()->Set(rt, kw.names()[i], kw.value(i))) return Value::Raised();
  }
  Partial* p = rt.Alloc<Partial>(type);
  p->func = std::move(func);
  p->args = rt.NewTuple(std::move(pos));
  p->keywords = std::move(keywords);
  return Value::Steal(p);
}

Value PartialCall(Runtime& rt, const Value& callee, Args args, const KwArgs& kw) {
  Partial* p = callee.as<Partial>();
  std::vector<Value> pos = p->args.as<Tuple>()->items;
  pos.insert(pos.end(), args.begin(), args.end());
  // Stored keywords first, then the call's; a name given in both takes the call's.
  Value merged = rt.NewDict();
  Dict* d = merged.as<Dict>();
  for (const Dict::Entry& e : p->keywords.as<Dict>()->entries()) {
    if (!e.key.is_raised()) d->Set(rt, e.key, e.value);
  }
  for (size_t i = 0; i < kw.size(); ++i) d->Set(rt, kw.names()[i], kw.value(i));
  std::vector<Value> names, values;
  DictToKeywords(*d, &names, &values);
  Value func = p->func;
  return Call(rt, func, pos, KwArgs(names, values));
}

Value PartialRepr(Runtime& rt, const Value& v) {
  Partial* p = v.as<Partial>();
  if (!rt.ReprEnter(p)) return rt.NewStr("...");
  std::string s = "functools.partial(";
  std::string r;
  bool ok = ReprString(rt, p->func, &r);
  s += r;
  for (const Value& a : p->args.as<Tuple>()->items) {
    ok = ok && ReprString(rt, a, &r);
    absl::StrAppend(&s, ", ", r);
  }
  for (const Dict::Entry& e : p->keywords.as<Dict>()->entries()) {
    if (e.key.is_raised()) continue;
    ok = ok && ReprString(rt, e.value, &r);
    absl::StrAppend(&s, ", ", StrOf(e.key), "=", r);
  }
  rt.ReprLeave(p);
  if (!ok) return Value::Raised();
  return rt.NewStr(absl::StrCat(s, ")"));
}

Value PartialGetAttr(Runtime& rt, const Value& v, Str* name) {
  Partial* p = v.as<Partial>();
  absl::string_view n = name->view();
  if (n == "func") return p->func;
  if (n == "args") return p->args;
  if (n == "keywords") return p->keywords;
  return GenericGetAttr(rt, v, name);
}

// update_wrapper(wrapper, wrapped): copies __module__, __name__, __qualname__, __doc__
// (skipping ones `wrapped` lacks), merges __dict__, sets __wrapped__; returns wrapper.
Value UpdateWrapper(Runtime& rt, Args args, const KwArgs& kw) {
  Value a[2];
  if (!BindArgs(rt, "update_wrapper", args, kw, {"wrapper", "wrapped"}, 2, a)) {
    return Value::Raised();
  }
  const Value& wrapper = a[0];
  const Value& wrapped = a[1];
  for (Str* attr : {rt.names().module, rt.names().name, rt.names().qualname, rt.names().doc}) {
    Value v = GetAttr(rt, wrapped, attr);
    if (v.is_raised()) {
      if (!rt.ExceptionMatches(rt.exc().attribute_error)) return v;
      rt.ClearException();
      continue;
    }
    if (!SetAttr(rt, wrapper, attr, v)) return Value::Raised();
  }
  Value src = GetAttr(rt, wrapped, rt.names().dict);
  Value dst = src.is_raised() ? Value::None() : GetAttr(rt, wrapper, rt.names().dict);
  if (src.is_raised() || dst.is_raised()) {
    if (!rt.ExceptionMatches(rt.exc().attribute_error)) return Value::Raised();
    rt.ClearException();
  } else if (rt.IsDict(src) && rt.IsDict(dst)) {
    for (const Dict::Entry& e : src.as<Dict>()->entries()) {
      if (!e.key.is_raised() && !dst.as<Dict>()->Set(rt, e.key, e.value)) return Value::Raised();
    }
  }
  if (!SetAttr(rt, wrapper, rt.Intern("__wrapped__"), wrapped)) return Value::Raised();
  return wrapper;
}

// wraps(wrapped), bound to the partial type (see InitFunctoolsModule).
Value Wraps(Runtime& rt, Args args, const KwArgs& kw) {
  Value a[1];
  if (!BindArgs(rt, "wraps", args.subspan(1), kw, {"wrapped"}, 1, a)) return Value::Raised();
  Type* partial = args[0].as<Type>();
  Value update = rt.NewBuiltinFunction("update_wrapper", &UpdateWrapper);
  Value name = Value::Borrow(rt.Intern("wrapped"));
  return partial->slots().construct(rt, partial, {update}, KwArgs({&name, 1}, {&a[0], 1}));
}

// reduce(function, iterable[, initial])
Value Reduce(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "reduce", args, kw, 2, 3)) return Value::Raised();
  Value it = GetIter(rt, args[1]);
  if (it.is_raised()) return it;
  Value acc = args.size() == 3 ? args[2] : Value::Raised();
  while (true) {
    Value item = Next(rt, it);
    if (item.is_raised()) {
      if (rt.HasPending()) return item;
      break;
    }
    if (acc.is_raised()) {
      acc = std::move(item);
      continue;
    }
    acc = Call(rt, args[0], {acc, item});
    if (acc.is_raised()) return acc;
  }
  if (acc.is_raised()) {
    return rt.Raise(rt.exc().type_error, "reduce() of empty iterable with no initial value");
  }
  return acc;
}

}  // namespace

bool InitFunctoolsModule(Runtime& rt, const Value& m) {
  Type* t = rt.NewBuiltinType("partial", rt.types().object, Layout::kOther);
  t->dict()->SetStr(rt, rt.names().module, rt.NewStr("functools"));
  t->set_base_type(false);
  TypeSlots& s = t->slots();
  s.construct = &PartialConstruct;
  s.call = &PartialCall;
  s.repr = &PartialRepr;
  s.getattr = &PartialGetAttr;
  Value partial = Value::Steal(t);
  SetModuleAttr(rt, m, "partial", partial);
  // wraps needs the partial type; binding it as `self` avoids any global state.
  SetModuleAttr(rt, m, "wraps",
                rt.NewBoundMethod(partial, rt.NewBuiltinFunction("wraps", &Wraps)));
  AddModuleFunction(rt, m, "update_wrapper", &UpdateWrapper);
  AddModuleFunction(rt, m, "reduce", &Reduce);
  return true;
}

}  // namespace wick::vm::builtins
