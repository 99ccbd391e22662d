// Named slow paths of the dispatch loop (see eval_ops.h): name lookups with their
// NameError texts, unpacking, calls with *args/**kwargs, function creation, f-string
// pieces, container displays, `with` entry/exit and raising.
#include "vm/internal/eval_ops.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "vm/internal/interp_internal.h"
#include "vm/objects/dict.h"
#include "vm/objects/set.h"
#include "vm/protocol.h"

namespace wick::vm::internal {

namespace {
inline Value Pop(Value** sp) { return std::move(*--*sp); }
inline void Push(Value** sp, Value v) { *(*sp)++ = std::move(v); }
}  // namespace

Value RaiseUnboundLocal(Runtime& rt, absl::string_view name) {
  return rt.Raise(rt.exc().unbound_local_error,
                  absl::StrCat("cannot access local variable '", name,
                               "' where it is not associated with a value"));
}

Value RaiseUnboundCell(Runtime& rt, const CodeObject& code, int32_t cell) {
  size_t ncell = code.cellvars.size();
  if (static_cast<size_t>(cell) < ncell) return RaiseUnboundLocal(rt, code.cellvars[cell]);
  return rt.Raise(rt.exc().name_error,
                  absl::StrCat("cannot access free variable '", code.freevars[cell - ncell],
                               "' where it is not associated with a value in enclosing "
                               "scope"));
}

Value RaiseNameError(Runtime& rt, Str* name) {
  return rt.Raise(rt.exc().name_error,
                  absl::StrCat("name '", name->view(), "' is not defined"));
}

const Value* LoadGlobal(Runtime& rt, Frame& f, Str* name) {
  if (const Value* v = f.globals->GetStr(name)) return v;
  if (const Value* v = f.builtins->GetStr(name)) return v;
  RaiseNameError(rt, name);
  return nullptr;
}

const Value* LoadName(Runtime& rt, Frame& f, Str* name) {
  if (rt.IsDict(f.locals_dict)) {
    if (const Value* v = f.locals_dict.as<Dict>()->GetStr(name)) return v;
  }
  return LoadGlobal(rt, f, name);
}

bool StoreName(Runtime& rt, Frame& f, Str* name, Value v) {
  if (!rt.IsDict(f.locals_dict)) {
    rt.Raise(rt.exc().runtime_error,
             absl::StrCat("no locals found when storing '", name->view(), "'"));
    return false;
  }
  return f.locals_dict.as<Dict>()->SetStr(rt, name, std::move(v));
}

bool DeleteName(Runtime& rt, Dict* ns, Str* name) {
  int removed = ns != nullptr ? ns->Remove(rt, Value::Borrow(name)) : 0;
  if (removed < 0) return false;
  if (removed == 0) {
    RaiseNameError(rt, name);
    return false;
  }
  return true;
}

// UNPACK_SEQUENCE: TOS -> n items, the first on top.
bool UnpackSequence(Runtime& rt, Value** sp, int32_t n) {
  Value seq = Pop(sp);
  std::vector<Value> items;
  if (rt.IsTuple(seq) || rt.IsList(seq)) {
    items = rt.IsTuple(seq) ? seq.as<Tuple>()->items : seq.as<List>()->items;
  } else {
    if (rt.TypeOf(seq)->slots().iter == nullptr &&
        !(rt.TypeOf(seq)->slots().getitem != nullptr && rt.TypeOf(seq)->is_heap())) {
      RaiseTypeName(rt, "cannot unpack non-iterable ", seq, " object");
      return false;
    }
    if (!Unpack(rt, seq, &items)) return false;
  }
  if (items.size() < static_cast<size_t>(n)) {
    rt.Raise(rt.exc().value_error,
             absl::StrCat("not enough values to unpack (expected ", n, ", got ",
                          items.size(), ")"));
    return false;
  }
  if (items.size() > static_cast<size_t>(n)) {
    rt.Raise(rt.exc().value_error,
             absl::StrCat("too many values to unpack (expected ", n, ")"));
    return false;
  }
  for (int32_t i = n - 1; i >= 0; --i) Push(sp, std::move(items[i]));
  return true;
}

// UNPACK_EX: `a, *b, c = seq` (arg & 0xff names before the star, arg >> 8 after).
bool UnpackEx(Runtime& rt, Value** sp, int32_t arg) {
  size_t before = arg & 0xff, after = arg >> 8;
  Value seq = Pop(sp);
  if (rt.TypeOf(seq)->slots().iter == nullptr &&
      !(rt.TypeOf(seq)->slots().getitem != nullptr && rt.TypeOf(seq)->is_heap())) {
    RaiseTypeName(rt, "cannot unpack non-iterable ", seq, " object");
    return false;
  }
  std::vector<Value> items;
  if (!Unpack(rt, seq, &items)) return false;
  if (items.size() < before + after) {
    rt.Raise(rt.exc().value_error,
             absl::StrCat("not enough values to unpack (expected at least ",
                          before + after, ", got ", items.size(), ")"));
    return false;
  }
  size_t n = items.size();
  for (size_t i = 0; i < after; ++i) Push(sp, std::move(items[n - 1 - i]));
  Push(sp, rt.NewList({std::make_move_iterator(items.begin() + before),
                       std::make_move_iterator(items.end() - after)}));
  for (size_t i = before; i > 0; --i) Push(sp, std::move(items[i - 1]));
  return true;
}

namespace {

// "f()" as CPython's _PyObject_FunctionStr names a callable in call errors.
std::string FunctionStr(Runtime& rt, const Value& f) {
  if (rt.TypeOf(f) == rt.types().function) {
    return absl::StrCat(f.as<Function>()->qualname.as<Str>()->view(), "()");
  }
  if (rt.TypeOf(f) == rt.types().builtin_function) {
    return absl::StrCat(f.as<BuiltinFunction>()->name, "()");
  }
  if (rt.TypeOf(f) == rt.types().bound_method) {
    return FunctionStr(rt, f.as<BoundMethod>()->func);
  }
  std::string r;
  if (!ReprString(rt, f, &r)) rt.ClearException();
  return absl::StrCat(r, " object");
}

bool IsMapping(Runtime& rt, const Value& v) {
  return rt.IsDict(v) || rt.TypeOf(v)->Lookup("keys") != nullptr;
}

// Copies a mapping's items into `d`; `merge` (calls) rejects duplicate keys, naming
// `func` in the message.
bool MergeMapping(Runtime& rt, Dict* d, const Value& src, bool merge, const Value* func) {
  std::vector<Value> keys;
  if (rt.IsDict(src)) {
    for (const Dict::Entry& e : src.as<Dict>()->entries()) {
      if (!e.key.is_raised()) keys.push_back(e.key);
    }
  } else {
    Value k = CallMethod(rt, src, "keys", {});
    if (k.is_raised() || !Unpack(rt, k, &keys)) return false;
  }
  for (const Value& key : keys) {
    Value v = GetItem(rt, src, key);
    if (v.is_raised()) return false;
    if (merge) {
      if (!rt.IsStr(key)) {
        rt.Raise(rt.exc().type_error, "keywords must be strings");
        return false;
      }
      bool error = false;
      if (d->Get(rt, key, &error) != nullptr) {
        rt.Raise(rt.exc().type_error,
                 absl::StrCat(func ? FunctionStr(rt, *func) : "function",
                              " got multiple values for keyword argument '",
                              key.as<Str>()->view(), "'"));
        return false;
      }
    }
    if (!d->Set(rt, key, std::move(v))) return false;
  }
  return true;
}

}  // namespace

// CALL_FUNCTION_EX: [NULL, f, args, kwargs?] -> f(*args, **kwargs).
bool CallFunctionEx(Interpreter& in, Value** sp, int32_t arg) {
  Runtime& rt = in.runtime();
  Value kwargs = (arg & 1) ? Pop(sp) : Value::None();
  Value args = Pop(sp);
  Value func = Pop(sp);
  Value self = Pop(sp);
  std::vector<Value> pos;
  if (!self.is_raised()) pos.push_back(std::move(self));
  if (rt.IsTuple(args)) {
    const auto& items = args.as<Tuple>()->items;
    pos.insert(pos.end(), items.begin(), items.end());
  } else {
    if (rt.TypeOf(args)->slots().iter == nullptr) {
      rt.Raise(rt.exc().type_error,
               absl::StrCat(FunctionStr(rt, func), " argument after * must be an iterable, not ",
                            rt.TypeOf(args)->name()));
      return false;
    }
    if (!Unpack(rt, args, &pos)) return false;
  }
  std::vector<Value> names, values;
  if (!kwargs.is_none()) {
    if (!rt.IsDict(kwargs)) {
      Value d = rt.NewDict();
      if (!IsMapping(rt, kwargs)) {
        rt.Raise(rt.exc().type_error,
                 absl::StrCat(FunctionStr(rt, func), " argument after ** must be a mapping, not ",
                              rt.TypeOf(kwargs)->name()));
        return false;
      }
      if (!MergeMapping(rt, d.as<Dict>(), kwargs, true, &func)) return false;
      kwargs = std::move(d);
    }
    for (const Dict::Entry& e : kwargs.as<Dict>()->entries()) {
      if (e.key.is_raised()) continue;
      if (!rt.IsStr(e.key)) {
        rt.Raise(rt.exc().type_error, "keywords must be strings");
        return false;
      }
      names.push_back(e.key);
      values.push_back(e.value);
    }
  }
  KwArgs kw(names, values);
  Value r = rt.TypeOf(func) == rt.types().function
                ? in.CallFunction(func.as<Function>(), pos, kw)
                : Call(rt, func, pos, kw);
  if (r.is_raised()) return false;
  Push(sp, std::move(r));
  return true;
}

// MAKE_FUNCTION: code on top; below it closure (arg & 8), kwdefaults (arg & 2),
// defaults (arg & 1), and annotations (arg & 4): a flat (name, value, ...) tuple that
// becomes the function's __annotations__ dict.
bool MakeFunction(Runtime& rt, Frame& f, Value** sp, int32_t arg) {
  Value code = Pop(sp);
  if (rt.TypeOf(code) != rt.types().code) {
    rt.Raise(rt.exc().type_error, "MAKE_FUNCTION expects a code object");
    return false;
  }
  Value closure = (arg & 8) ? Pop(sp) : Value::None();
  Value annotations = (arg & 4) ? Pop(sp) : Value::None();
  Value kwdefaults = (arg & 2) ? Pop(sp) : Value::None();
  Value defaults = (arg & 1) ? Pop(sp) : Value::None();
  Value fn = NewFunction(rt, std::move(code), f.globals, f.builtins);
  Function* func = fn.as<Function>();
  func->closure = std::move(closure);
  func->kwdefaults = std::move(kwdefaults);
  func->defaults = std::move(defaults);
  if (rt.IsTuple(annotations)) {
    const std::vector<Value>& items = annotations.as<Tuple>()->items;
    Value d = rt.NewDict();
    for (size_t i = 0; i + 1 < items.size(); i += 2) {
      if (!d.as<Dict>()->Set(rt, items[i], items[i + 1])) return false;
    }
    func->annotations = std::move(d);
  }
  Push(sp, std::move(fn));
  return true;
}

// FORMAT_VALUE: conversion (arg & 3) then format with the spec on TOS (arg & 4).
bool FormatValue(Runtime& rt, Value** sp, int32_t arg) {
  Value spec = (arg & 4) ? Pop(sp) : Value::None();
  Value v = Pop(sp);
  switch (arg & 3) {
    case 1: v = ToStr(rt, v); break;
    case 2:
    case 3: v = Repr(rt, v); break;
    default: break;
  }
  if (v.is_raised()) return false;
  absl::string_view s = rt.IsStr(spec) ? spec.as<Str>()->view() : absl::string_view();
  if (!(rt.IsStr(v) && s.empty())) {
    v = Format(rt, v, s);
    if (v.is_raised()) return false;
  }
  Push(sp, std::move(v));
  return true;
}

bool BuildString(Runtime& rt, Value** sp, int32_t n) {
  std::string out;
  Value* first = *sp - n;
  size_t total = 0;
  for (Value* p = first; p < *sp; ++p) {
    if (rt.IsInstance(*p, rt.types().str)) total += p->as<Str>()->data.size();
  }
  out.reserve(total);  // one allocation for the whole f-string
  for (Value* p = first; p < *sp; ++p) {
    if (rt.IsInstance(*p, rt.types().str)) out.append(p->as<Str>()->data);
  }
  while (*sp > first) Pop(sp);
  Push(sp, rt.NewStr(std::move(out)));
  return true;
}

// BUILD_TUPLE / BUILD_LIST / BUILD_SET / BUILD_MAP of the top items.
bool BuildContainer(Runtime& rt, Opcode op, Value** sp, int32_t n) {
  int32_t count = op == Opcode::BUILD_MAP ? 2 * n : n;
  Value* first = *sp - count;
  Value result;
  if (op == Opcode::BUILD_TUPLE || op == Opcode::BUILD_LIST) {
    std::vector<Value> items(std::make_move_iterator(first), std::make_move_iterator(*sp));
    result = op == Opcode::BUILD_TUPLE ? rt.NewTuple(std::move(items))
                                       : rt.NewList(std::move(items));
  } else if (op == Opcode::BUILD_SET) {
    result = rt.NewSet();
    for (Value* p = first; p < *sp; ++p) {
      if (!result.as<Set>()->Add(rt, *p)) break;
    }
  } else {
    result = rt.NewDict();
    for (Value* p = first; p < *sp; p += 2) {
      if (!result.as<Dict>()->Set(rt, p[0], p[1])) break;
    }
  }
  while (*sp > first) Pop(sp);
  if (rt.HasPending()) return false;
  Push(sp, std::move(result));
  return true;
}

bool ContainerUpdate(Runtime& rt, Opcode op, Value** sp, int32_t arg) {
  if (op == Opcode::MAP_ADD) {
    Value v = Pop(sp);
    Value k = Pop(sp);
    return (*sp)[-arg].as<Dict>()->Set(rt, k, std::move(v));
  }
  Value item = Pop(sp);
  const Value& target = (*sp)[-arg];
  switch (op) {
    case Opcode::SET_ADD: return target.as<Set>()->Add(rt, item);
    case Opcode::SET_UPDATE: return target.as<Set>()->Update(rt, item);
    case Opcode::LIST_EXTEND: {
      if (rt.TypeOf(item)->slots().iter == nullptr && !rt.TypeOf(item)->is_heap()) {
        rt.Raise(rt.exc().type_error,
                 absl::StrCat("Value after * must be an iterable, not ",
                              rt.TypeOf(item)->name()));
        return false;
      }
      return Unpack(rt, item, &target.as<List>()->items);
    }
    case Opcode::DICT_UPDATE:
    case Opcode::DICT_MERGE: {
      bool merge = op == Opcode::DICT_MERGE;
      if (!IsMapping(rt, item)) {
        if (merge) {
          const Value& func = (*sp)[-arg - 2];
          rt.Raise(rt.exc().type_error,
                   absl::StrCat(FunctionStr(rt, func), " argument after ** must be a mapping, not ",
                                rt.TypeOf(item)->name()));
        } else {
          RaiseTypeName(rt, "'", item, "' object is not a mapping");
        }
        return false;
      }
      const Value* func = merge ? &(*sp)[-arg - 2] : nullptr;
      return MergeMapping(rt, target.as<Dict>(), item, merge, func);
    }
    default: break;
  }
  rt.Raise(rt.exc().runtime_error, "bad container update opcode");
  return false;
}

// BEFORE_WITH: mgr -> (bound mgr.__exit__, mgr.__enter__()).
bool BeforeWith(Runtime& rt, Value** sp) {
  Value mgr = Pop(sp);
  Type* t = rt.TypeOf(mgr);
  if (t->Lookup(rt.names().enter) == nullptr) {
    RaiseTypeName(rt, "'", mgr, "' object does not support the context manager protocol");
    return false;
  }
  if (t->Lookup(rt.names().exit) == nullptr) {
    RaiseTypeName(rt, "'", mgr,
                  "' object does not support the context manager protocol (missed "
                  "__exit__ method)");
    return false;
  }
  Value exit = GetAttr(rt, mgr, rt.names().exit);
  if (exit.is_raised()) return false;
  // Pre-interned name: CallMethod's string form would intern "__enter__" every time.
  bool is_method = false;
  Value enter = GetMethod(rt, mgr, rt.names().enter, &is_method);
  if (enter.is_raised()) return false;
  Value res = is_method ? Call(rt, enter, absl::MakeConstSpan(&mgr, 1)) : Call(rt, enter, {});
  if (res.is_raised()) return false;
  Push(sp, std::move(exit));
  Push(sp, std::move(res));
  return true;
}

// WITH_EXCEPT_START: [exit, lasti, prev_exc, exc] -> pushes exit(type(exc), exc, None).
bool WithExceptStart(Runtime& rt, Value** sp) {
  const Value& exc = (*sp)[-1];
  const Value& exit = (*sp)[-4];
  Value args[3] = {Value::Borrow(rt.TypeOf(exc)), exc, Value::None()};
  Value r = Call(rt, exit, args);
  if (r.is_raised()) return false;
  Push(sp, std::move(r));
  return true;
}

namespace {
bool IsExceptionClass(Runtime& rt, const Value& v) {
  return v.is_object() && v.object()->type()->layout() == Layout::kType &&
         v.as<Type>()->IsSubtypeOf(rt.exc().base_exception);
}
}  // namespace

int ExceptionMatches(Runtime& rt, const Value& exc, const Value& type) {
  absl::Span<const Value> types(&type, 1);
  if (rt.IsTuple(type)) types = type.as<Tuple>()->items;
  for (const Value& t : types) {
    if (!IsExceptionClass(rt, t)) {
      rt.Raise(rt.exc().type_error,
               "catching classes that do not inherit from BaseException is not allowed");
      return -1;
    }
  }
  for (const Value& t : types) {
    if (rt.IsInstance(exc, t.as<Type>())) return 1;
  }
  return 0;
}

bool DoRaise(Runtime& rt, Value exc, const Value* cause, const Value& handled) {
  if (IsExceptionClass(rt, exc)) {
    Value inst = Call(rt, exc, {});
    if (inst.is_raised()) return false;
    if (!rt.IsInstance(inst, rt.exc().base_exception)) {
      rt.Raise(rt.exc().type_error,
               absl::StrCat("calling ", exc.as<Type>()->name(),
                            "() should have returned an instance of BaseException, not ",
                            rt.TypeOf(inst)->name()));
      return false;
    }
    exc = std::move(inst);
  } else if (!rt.IsInstance(exc, rt.exc().base_exception)) {
    rt.Raise(rt.exc().type_error, "exceptions must derive from BaseException");
    return false;
  }
  if (cause != nullptr) {
    Value c = *cause;
    if (IsExceptionClass(rt, c)) {
      c = Call(rt, c, {});
      if (c.is_raised()) return false;
    } else if (!c.is_none() && !rt.IsInstance(c, rt.exc().base_exception)) {
      rt.Raise(rt.exc().type_error, "exception causes must derive from BaseException");
      return false;
    }
    ExceptionObject* x = exc.as<ExceptionObject>();
    x->cause = std::move(c);
    x->suppress_context = true;
  }
  SetContext(rt, exc, handled);
  rt.RaiseValue(std::move(exc));
  return false;
}

}  // namespace wick::vm::internal
