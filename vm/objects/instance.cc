// Slots of user-defined classes: each calls the matching dunder found on the class
// (through Call, so Python functions run once the interpreter installs the function
// type's call slot), with CPython's rules for reflected operators, __ne__ defaulting
// to `not __eq__`, __eq__ without __hash__ making instances unhashable, StopIteration
// from __next__ ending iteration, and __getattr__ as the fallback of attribute access.
// Also the constructor of user classes (allocate, then __init__).
#include <string>

#include "absl/container/inlined_vector.h"
#include "absl/strings/str_cat.h"
#include "vm/objects/dict.h"
#include "vm/objects/internal/objects_internal.h"
#include "vm/objects/subclass.h"
#include "vm/protocol.h"

namespace wick::vm::internal {
namespace {

// The user-defined dunder `name` on v's class (borrowed), or nullptr.
const Value* FindDunder(Runtime& rt, const Value& v, absl::string_view name) {
  const Value* f = rt.TypeOf(v)->Lookup(name);
  if (f == nullptr || f->is_none()) return nullptr;
  return f;
}

// Calls a dunder found on the class with self prepended.
Value CallDunder(Runtime& rt, const Value& func, const Value& self, Args args) {
  Value f = func;  // hold: the call may replace the class attribute
  absl::InlinedVector<Value, 4> full;
  full.push_back(self);
  full.insert(full.end(), args.begin(), args.end());
  Type* ft = rt.TypeOf(f);
  if (ft->is_method_descriptor()) return Call(rt, f, absl::MakeConstSpan(full));
  // Not a plain function (e.g. a staticmethod or callable object): bind normally.
  if (ft->slots().descr_get != nullptr) {
    Value b = ft->slots().descr_get(rt, f, self, rt.TypeOf(self));
    if (b.is_raised()) return b;
    return Call(rt, b, args);
  }
  return Call(rt, f, args);
}

Value CallNamed(Runtime& rt, const Value& self, absl::string_view name, Args args) {
  const Value* f = FindDunder(rt, self, name);
  if (f == nullptr) {
    return rt.Raise(rt.exc().attribute_error, absl::StrCat("'", rt.TypeOf(self)->name(),
                                                           "' object has no attribute '", name, "'"));
  }
  return CallDunder(rt, *f, self, args);
}

Value SlotRepr(Runtime& rt, const Value& v) { return CallNamed(rt, v, "__repr__", {}); }
Value SlotStr(Runtime& rt, const Value& v) { return CallNamed(rt, v, "__str__", {}); }

bool SlotHash(Runtime& rt, const Value& v, int64_t* out) {
  Value r = CallNamed(rt, v, "__hash__", {});
  if (r.is_raised()) return false;
  if (!r.is_int_like()) {
    rt.Raise(rt.exc().type_error, "__hash__ method should return an integer");
    return false;
  }
  // An int that fits is the hash itself (CPython's slot_tp_hash), -1 excepted.
  *out = r.as_int() == -1 ? -2 : r.as_int();
  return true;
}

Value SlotCompare(Runtime& rt, const Value& a, const Value& b, CmpOp op) {
  if (const Value* f = FindDunder(rt, a, CmpOpDunder(op))) return CallDunder(rt, *f, a, {b});
  if (op == CmpOp::kNe) {
    if (const Value* f = FindDunder(rt, a, "__eq__")) {
      Value r = CallDunder(rt, *f, a, {b});
      if (r.is_raised() || rt.IsNotImplemented(r)) return r;
      int t = Truthy(rt, r);
      return t < 0 ? Value::Raised() : Value::Bool(!t);
    }
  }
  if (op == CmpOp::kEq && a.Is(b)) return Value::Bool(true);
  return rt.NotImplemented();
}

template <BinOp kOp>
Value SlotBinary(Runtime& rt, const Value& a, const Value& b) {
  constexpr int k = static_cast<int>(kOp);
  Type* ta = rt.TypeOf(a);
  Type* tb = rt.TypeOf(b);
  absl::string_view op = BinOpDunder(kOp), rop = BinOpReflectedDunder(kOp);
  bool do_other = ta != tb && tb->slots().binary[k] == &SlotBinary<kOp> &&
                  FindDunder(rt, b, rop) != nullptr;
  if (ta->slots().binary[k] == &SlotBinary<kOp>) {
    if (do_other && tb->IsSubtypeOf(ta)) {
      Value r = CallNamed(rt, b, rop, {a});
      if (!rt.IsNotImplemented(r)) return r;
      do_other = false;
    }
    if (FindDunder(rt, a, op) != nullptr) {
      Value r = CallNamed(rt, a, op, {b});
      if (!rt.IsNotImplemented(r) || ta == tb) return r;
    }
  }
  if (do_other || (ta != tb && tb->slots().binary[k] == &SlotBinary<kOp> &&
                   FindDunder(rt, b, rop) != nullptr)) {
    return CallNamed(rt, b, rop, {a});
  }
  return rt.NotImplemented();
}

template <BinOp kOp>
Value SlotInPlace(Runtime& rt, const Value& a, const Value& b) {
  if (FindDunder(rt, a, BinOpInPlaceDunder(kOp)) == nullptr) return rt.NotImplemented();
  return CallNamed(rt, a, BinOpInPlaceDunder(kOp), {b});
}

template <UnaryOp kOp>
Value SlotUnary(Runtime& rt, const Value& v) {
  static constexpr absl::string_view kNames[] = {"__neg__", "__pos__", "__invert__"};
  return CallNamed(rt, v, kNames[static_cast<int>(kOp)], {});
}

int SlotTruth(Runtime& rt, const Value& v) {
  if (FindDunder(rt, v, "__bool__") != nullptr) {
    Value r = CallNamed(rt, v, "__bool__", {});
    if (r.is_raised()) return -1;
    if (!r.is_bool()) {
      RaiseTypeName(rt, "__bool__ should return bool, returned ", r, "");
      return -1;
    }
    return r.as_bool();
  }
  if (FindDunder(rt, v, "__len__") != nullptr) {
    int64_t n = Len(rt, v);
    return n < 0 ? -1 : n > 0;
  }
  return 1;
}

int64_t SlotLen(Runtime& rt, const Value& v) {
  Value r = CallNamed(rt, v, "__len__", {});
  if (r.is_raised()) return -1;
  if (!r.is_int_like()) {
    RaiseTypeName(rt, "'", r, "' object cannot be interpreted as an integer");
    return -1;
  }
  if (r.as_int() < 0) {
    rt.Raise(rt.exc().value_error, "__len__() should return >= 0");
    return -1;
  }
  return r.as_int();
}

Value SlotIter(Runtime& rt, const Value& v) { return CallNamed(rt, v, "__iter__", {}); }

Value SlotNext(Runtime& rt, const Value& v) {
  Value r = CallNamed(rt, v, "__next__", {});
  if (r.is_raised() && rt.ExceptionMatches(rt.exc().stop_iteration)) {
    rt.ClearException();  // StopIteration ends iteration: the "exhausted" convention
  }
  return r;
}

Value SlotGetItem(Runtime& rt, const Value& v, const Value& k) {
  return CallNamed(rt, v, "__getitem__", {k});
}

bool SlotSetItem(Runtime& rt, const Value& v, const Value& k, const Value* value) {
  Value r = value ? CallNamed(rt, v, "__setitem__", {k, *value})
                  : CallNamed(rt, v, "__delitem__", {k});
  return !r.is_raised();
}

int SlotContains(Runtime& rt, const Value& v, const Value& k) {
  if (FindDunder(rt, v, "__contains__") == nullptr) {
    // Fall back to iteration, as Python does.
    Value it = GetIter(rt, v);
    if (it.is_raised()) return -1;
    while (true) {
      Value item = Next(rt, it);
      if (item.is_raised()) return rt.HasPending() ? -1 : 0;
      int eq = Equal(rt, item, k);
      if (eq != 0) return eq;
    }
  }
  Value r = CallNamed(rt, v, "__contains__", {k});
  return r.is_raised() ? -1 : Truthy(rt, r);
}

Value SlotCall(Runtime& rt, const Value& callee, Args args, const KwArgs& kw) {
  const Value* f = FindDunder(rt, callee, "__call__");
  if (f == nullptr) return RaiseTypeName(rt, "'", callee, "' object is not callable");
  Value func = *f;
  absl::InlinedVector<Value, 8> full;
  full.push_back(callee);
  full.insert(full.end(), args.begin(), args.end());
  return Call(rt, func, absl::MakeConstSpan(full), kw);
}

Value SlotGetAttr(Runtime& rt, const Value& v, Str* name) {
  // A metaclass's __getattr__: its classes are looked up as classes first.
  Value r = rt.TypeOf(v)->layout() == Layout::kType ? TypeGetAttr(rt, v, name)
                                                    : GenericGetAttr(rt, v, name);
  if (!r.is_raised() || !rt.ExceptionMatches(rt.exc().attribute_error)) return r;
  rt.ClearException();
  return CallNamed(rt, v, "__getattr__", {Value::Borrow(name)});
}

bool SlotSetAttr(Runtime& rt, const Value& v, Str* name, const Value* value) {
  absl::string_view dunder = value ? "__setattr__" : "__delattr__";
  if (FindDunder(rt, v, dunder) == nullptr) return GenericSetAttr(rt, v, name, value);
  Value r = value ? CallNamed(rt, v, dunder, {Value::Borrow(name), *value})
                  : CallNamed(rt, v, dunder, {Value::Borrow(name)});
  return !r.is_raised();
}

Value SlotDescrGet(Runtime& rt, const Value& d, const Value& inst, Type* owner) {
  return CallNamed(rt, d, "__get__", {inst, Value::Borrow(owner)});
}

bool SlotDescrSet(Runtime& rt, const Value& d, const Value& inst, const Value* value) {
  Value r = value ? CallNamed(rt, d, "__set__", {inst, *value})
                  : CallNamed(rt, d, "__delete__", {inst});
  return !r.is_raised();
}

Value SlotFormat(Runtime& rt, const Value& v, absl::string_view spec) {
  return CallNamed(rt, v, "__format__", {rt.NewStr(spec)});
}

bool IsBuiltin(Runtime& rt, const Value* f) {
  return f == nullptr || rt.TypeOf(*f) == rt.types().builtin_function;
}

// The builtin __new__ of a layout: allocation, plus tuple.__new__'s items.
Value BuiltinNew(Runtime& rt, Type* type, Args args, const KwArgs& kw) {
  switch (type->layout()) {
    case Layout::kException:
      if (!kw.empty() && type->Lookup(rt.names().init) == nullptr) {
        return rt.Raise(rt.exc().type_error,
                        absl::StrCat(type->name(), "() takes no keyword arguments"));
      }
      return Value::Steal(
          rt.Alloc<ExceptionObject>(type, rt.NewTuple({args.begin(), args.end()})));
    case Layout::kTuple: {
      if (!kw.empty() && IsBuiltin(rt, type->Lookup(rt.names().init))) {
        return rt.Raise(rt.exc().type_error, "tuple() takes no keyword arguments");
      }
      if (args.size() > 1) {
        return rt.Raise(rt.exc().type_error,
                        absl::StrCat("tuple expected at most 1 argument, got ", args.size()));
      }
      std::vector<Value> items;
      if (!args.empty() && !Unpack(rt, args[0], &items)) return Value::Raised();
      return AllocInstance(rt, type, std::move(items));
    }
    case Layout::kType:
      return TypeNew(rt, type, args, kw);
    default:
      if (type->is_abstract()) return RaiseAbstractInstantiation(rt, type);
      return AllocInstance(rt, type);
  }
}

// The builtin __init__ of a layout for Type(args) (list and dict fill themselves).
Value BuiltinInit(Runtime& rt, Type* type, const Value& self, Args args, const KwArgs& kw,
                  bool custom_new) {
  switch (type->layout()) {
    case Layout::kObject:
      if (!custom_new && (!args.empty() || !kw.empty())) {
        return rt.Raise(rt.exc().type_error, absl::StrCat(type->name(), "() takes no arguments"));
      }
      return self;
    case Layout::kList:
    case Layout::kDict: {
      absl::InlinedVector<Value, 4> full;
      full.push_back(self);
      full.insert(full.end(), args.begin(), args.end());
      Type* base = type->layout() == Layout::kList ? rt.types().list : rt.types().dict;
      const Value* init = base->dict()->GetStr(rt.names().init);
      if (init == nullptr) return self;
      Value r = Call(rt, *init, absl::MakeConstSpan(full), kw);
      return r.is_raised() ? r : self;
    }
    default:
      return self;
  }
}

// Type(args) for classes defined by class statements: __new__ (a Python override,
// else the layout's allocation), then __init__ when the result is an instance of the
// type, as type.__call__ does.
Value InstanceConstruct(Runtime& rt, Type* type, Args args, const KwArgs& kw) {
  Value self;
  const Value* new_fn = type->Lookup(rt.names().new_);
  const bool custom_new = !IsBuiltin(rt, new_fn);
  if (custom_new) {
    Value fn = *new_fn;
    Type* ft = rt.TypeOf(fn);
    if (!ft->is_method_descriptor() && ft->slots().descr_get != nullptr) {
      fn = ft->slots().descr_get(rt, fn, Value::None(), type);  // staticmethod
      if (fn.is_raised()) return fn;
    }
    absl::InlinedVector<Value, 8> full;
    full.push_back(Value::Borrow(type));
    full.insert(full.end(), args.begin(), args.end());
    self = Call(rt, fn, absl::MakeConstSpan(full), kw);
    if (self.is_raised() || !rt.IsInstance(self, type)) return self;
  } else {
    self = BuiltinNew(rt, type, args, kw);
    if (self.is_raised()) return self;
  }
  const Value* init = type->Lookup(rt.names().init);
  if (IsBuiltin(rt, init)) return BuiltinInit(rt, type, self, args, kw, custom_new);
  Value f = *init;
  absl::InlinedVector<Value, 8> full;
  full.push_back(self);
  full.insert(full.end(), args.begin(), args.end());
  Value r = Call(rt, f, absl::MakeConstSpan(full), kw);
  if (r.is_raised()) return r;
  if (!r.is_none()) {
    return RaiseTypeName(rt, "__init__() should return None, not '", r, "'");
  }
  return self;
}

}  // namespace

void InstallDunderSlots(Runtime& rt, Type* type) {
  TypeSlots& s = type->slots();
  auto has = [&](absl::string_view name) {
    const Value* f = type->Lookup(name);
    return f != nullptr && rt.TypeOf(*f) != rt.types().builtin_function;
  };
  if (has("__repr__")) s.repr = &SlotRepr;
  if (has("__str__")) s.str = &SlotStr;
  // `__hash__ = None` anywhere along the MRO (class creation stores it for classes
  // that define __eq__ alone, as CPython does).
  const Value* h = type->Lookup("__hash__");
  if (h != nullptr && h->is_none()) s.hash = &UnhashableSlot;
  else if (has("__hash__")) s.hash = &SlotHash;
  else if (type->dict()->GetStr("__eq__") != nullptr) s.hash = &UnhashableSlot;
  for (absl::string_view n : {"__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"}) {
    if (has(n)) s.compare = &SlotCompare;
  }
#define WICK_BIN(op)                                                                    \
  if (has(BinOpDunder(BinOp::op)) || has(BinOpReflectedDunder(BinOp::op))) {            \
    s.binary[static_cast<int>(BinOp::op)] = &SlotBinary<BinOp::op>;                     \
  }                                                                                     \
  if (has(BinOpInPlaceDunder(BinOp::op))) {                                             \
    s.inplace[static_cast<int>(BinOp::op)] = &SlotInPlace<BinOp::op>;                   \
  }
  WICK_BIN(kAdd) WICK_BIN(kSub) WICK_BIN(kMul) WICK_BIN(kMatMul) WICK_BIN(kTrueDiv)
  WICK_BIN(kFloorDiv) WICK_BIN(kMod) WICK_BIN(kPow) WICK_BIN(kLShift) WICK_BIN(kRShift)
  WICK_BIN(kAnd) WICK_BIN(kOr) WICK_BIN(kXor)
#undef WICK_BIN
  if (has("__neg__")) s.unary[static_cast<int>(UnaryOp::kNeg)] = &SlotUnary<UnaryOp::kNeg>;
  if (has("__pos__")) s.unary[static_cast<int>(UnaryOp::kPos)] = &SlotUnary<UnaryOp::kPos>;
  if (has("__invert__")) {
    s.unary[static_cast<int>(UnaryOp::kInvert)] = &SlotUnary<UnaryOp::kInvert>;
  }
  if (has("__bool__") || has("__len__")) s.truth = &SlotTruth;
  if (has("__len__")) s.len = &SlotLen;
  if (has("__iter__")) s.iter = &SlotIter;
  if (has("__next__")) s.next = &SlotNext;
  if (has("__getitem__")) s.getitem = &SlotGetItem;
  if (has("__setitem__") || has("__delitem__")) s.setitem = &SlotSetItem;
  if (has("__contains__") || has("__iter__")) s.contains = &SlotContains;
  if (has("__call__")) s.call = &SlotCall;
  if (has("__getattr__")) s.getattr = &SlotGetAttr;
  if (has("__setattr__") || has("__delattr__")) s.setattr = &SlotSetAttr;
  if (has("__get__")) s.descr_get = &SlotDescrGet;
  if (has("__set__") || has("__delete__")) s.descr_set = &SlotDescrSet;
  if (has("__format__")) s.format = &SlotFormat;
  switch (type->layout()) {
    case Layout::kObject: case Layout::kException: case Layout::kList: case Layout::kTuple:
    case Layout::kDict: case Layout::kType:
      s.construct = &InstanceConstruct;
      break;
    default:
      break;
  }
}

}  // namespace wick::vm::internal
