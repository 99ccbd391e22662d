// Builtins over iterables: len, iter (both forms), next, any, all, sum, min, max,
// sorted; and the callable_iterator type that iter(callable, sentinel) returns.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "vm/builtins/args.h"
#include "vm/builtins/internal/builtins_internal.h"
#include "vm/objects/objects.h"
#include "vm/protocol.h"

namespace wick::vm::builtins {
namespace {

Value LenFn(Runtime& rt, Args args, const KwArgs& kw) {
  if (!OneArg(rt, "len", args, kw)) return Value::Raised();
  int64_t n = Len(rt, args[0]);
  return n < 0 ? Value::Raised() : Value::Int(n);
}

// iter(callable, sentinel): calls `func` until it returns something equal to
// `sentinel`; `func` becomes None once exhausted.
struct CallIterator : public Object {
  void ClearRefs() override { func = sentinel = Value(); }
  Value func, sentinel;
};

Value CallIterNext(Runtime& rt, const Value& it) {
  CallIterator* c = it.as<CallIterator>();
  if (c->func.is_none()) return Value::Raised();
  Value func = c->func;
  Value r = Call(rt, func, {});
  if (r.is_raised()) {
    if (rt.ExceptionMatches(rt.exc().stop_iteration)) {
      rt.ClearException();
      c->func = Value();
    }
    return r;
  }
  int eq = Equal(rt, r, c->sentinel);
  if (eq < 0) return Value::Raised();
  if (eq) {
    c->func = Value();
    return Value::Raised();
  }
  return r;
}

Value SelfIter(Runtime&, const Value& v) { return v; }

Value IterFn(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "iter", args, kw, 1, 2)) return Value::Raised();
  if (args.size() == 1) return GetIter(rt, args[0]);
  if (rt.TypeOf(args[0])->slots().call == nullptr) {
    return rt.Raise(rt.exc().type_error, "iter(v, w): v must be callable");
  }
  CallIterator* c = rt.Alloc<CallIterator>(rt.types().call_iterator);
  c->func = args[0];
  c->sentinel = args[1];
  return Value::Steal(c);
}

// next(iterator[, default])
Value NextFn(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "next", args, kw, 1, 2)) return Value::Raised();
  if (rt.TypeOf(args[0])->slots().next == nullptr) {
    return RaiseTypeName(rt, "'", args[0], "' object is not an iterator");
  }
  // A class's own __next__ is called directly, so the StopIteration it raises (with its
  // args) reaches the caller unchanged, as in CPython.
  const Value* user_next = rt.TypeOf(args[0])->Lookup(rt.names().next);
  bool direct = user_next != nullptr && rt.TypeOf(*user_next) != rt.types().builtin_function;
  Value r = direct ? Call(rt, Value(*user_next), {args[0]}) : Next(rt, args[0]);
  if (!r.is_raised() || rt.HasPending()) {
    if (r.is_raised() && args.size() == 2 && rt.ExceptionMatches(rt.exc().stop_iteration)) {
      rt.ClearException();
      return args[1];
    }
    return r;
  }
  if (args.size() == 2) return args[1];
  return rt.RaiseValue(Value::Borrow(rt.exc().stop_iteration));
}

// any/all: stop at the first item whose truth equals `stop_on`.
Value AnyAll(Runtime& rt, absl::string_view name, Args args, const KwArgs& kw, bool stop_on) {
  if (!OneArg(rt, name, args, kw)) return Value::Raised();
  Value it = GetIter(rt, args[0]);
  if (it.is_raised()) return it;
  while (true) {
    Value item = Next(rt, it);
    if (item.is_raised()) return rt.HasPending() ? item : Value::Bool(!stop_on);
    int t = Truthy(rt, item);
    if (t < 0) return Value::Raised();
    if (static_cast<bool>(t) == stop_on) return Value::Bool(stop_on);
  }
}
Value AnyFn(Runtime& rt, Args args, const KwArgs& kw) { return AnyAll(rt, "any", args, kw, true); }
Value AllFn(Runtime& rt, Args args, const KwArgs& kw) { return AnyAll(rt, "all", args, kw, false); }

// sum(iterable, /, start=0)
Value SumFn(Runtime& rt, Args args, const KwArgs& kw) {
  if (args.empty()) {
    return rt.Raise(rt.exc().type_error, "sum() takes at least 1 positional argument (0 given)");
  }
  if (!CheckKwNames(rt, "sum", kw, {"start"})) return Value::Raised();
  if (args.size() > 2) {
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat("sum() takes at most 2 arguments (", args.size(), " given)"));
  }
  Value total = Value::Int(0);
  if (args.size() == 2) total = args[1];
  if (const Value* s = kw.Find("start")) total = *s;
  if (rt.IsInstance(total, rt.types().str)) {
    return rt.Raise(rt.exc().type_error, "sum() can't sum strings [use ''.join(seq) instead]");
  }
  Value it = GetIter(rt, args[0]);
  if (it.is_raised()) return it;
  while (true) {
    Value item = Next(rt, it);
    if (item.is_raised()) return rt.HasPending() ? item : total;
    total = BinaryOp(rt, BinOp::kAdd, total, item);
    if (total.is_raised()) return total;
  }
}

// min/max(iterable, *[, default=obj, key=func]) and min/max(arg1, arg2, *args[, key]).
Value MinMax(Runtime& rt, absl::string_view name, Args args, const KwArgs& kw, CmpOp op) {
  if (!CheckKwNames(rt, name, kw, {"key", "default"})) return Value::Raised();
  if (args.empty()) {
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat(name, " expected at least 1 argument, got 0"));
  }
  const Value* dflt = kw.Find("default");
  if (args.size() > 1 && dflt != nullptr) {
    return rt.Raise(rt.exc().type_error, absl::StrCat("Cannot specify a default for ", name,
                                                      "() with multiple positional arguments"));
  }
  Value key;
  if (const Value* k = kw.Find("key")) key = *k;
  Value it = GetIter(rt, args.size() == 1 ? args[0] : rt.NewTuple({args.begin(), args.end()}));
  if (it.is_raised()) return it;
  Value best, best_key;
  bool have = false;
  while (true) {
    Value item = Next(rt, it);
    if (item.is_raised()) {
      if (rt.HasPending()) return item;
      break;
    }
    Value k = item;
    if (!key.is_none()) {
      k = Call(rt, key, {item});
      if (k.is_raised()) return k;
    }
    if (have) {
      // Only a strictly better item replaces the current one: the first of equals wins.
      int better = CompareBool(rt, k, best_key, op);
      if (better < 0) return Value::Raised();
      if (!better) continue;
    }
    best = std::move(item);
    best_key = std::move(k);
    have = true;
  }
  if (have) return best;
  if (dflt != nullptr) return *dflt;
  return rt.Raise(rt.exc().value_error, absl::StrCat(name, "() arg is an empty sequence"));
}
Value MinFn(Runtime& rt, Args args, const KwArgs& kw) { return MinMax(rt, "min", args, kw, CmpOp::kLt); }
Value MaxFn(Runtime& rt, Args args, const KwArgs& kw) { return MinMax(rt, "max", args, kw, CmpOp::kGt); }

// sorted(iterable, /, *, key=None, reverse=False): a new list, sorted by list.sort.
Value SortedFn(Runtime& rt, Args args, const KwArgs& kw) {
  if (args.size() != 1) {
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat("sorted expected 1 argument, got ", args.size()));
  }
  std::vector<Value> items;
  if (!Unpack(rt, args[0], &items)) return Value::Raised();
  Value list = rt.NewList(std::move(items));
  const Value* sort = rt.types().list->Lookup("sort");
  Value r = Call(rt, *sort, {list}, kw);
  if (r.is_raised()) return r;
  return list;
}

}  // namespace

void InstallIterBuiltins(Runtime& rt, Dict* b) {
  TypeSlots& s = rt.types().call_iterator->slots();
  s.iter = &SelfIter;
  s.next = &CallIterNext;
  AddFunction(rt, b, "len", &LenFn);
  AddFunction(rt, b, "iter", &IterFn);
  AddFunction(rt, b, "next", &NextFn);
  AddFunction(rt, b, "any", &AnyFn);
  AddFunction(rt, b, "all", &AllFn);
  AddFunction(rt, b, "sum", &SumFn);
  AddFunction(rt, b, "min", &MinFn);
  AddFunction(rt, b, "max", &MaxFn);
  AddFunction(rt, b, "sorted", &SortedFn);
}

}  // namespace wick::vm::builtins
