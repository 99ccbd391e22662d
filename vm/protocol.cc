// The generic protocol (repr/str, hash, truth, len, comparison, operators, items,
// iteration, format). Attribute access and calls are in attribute.cc.
#include "vm/protocol.h"

#include <cmath>
#include <utility>

#include "absl/strings/str_cat.h"
#include "vm/objects/internal/objects_internal.h"

namespace wick::vm {

using internal::StrView;

Value RaiseTypeName(Runtime& rt, absl::string_view before, const Value& v,
                    absl::string_view after) {
  return rt.Raise(rt.exc().type_error,
                  absl::StrCat(before, rt.TypeOf(v)->name(), after));
}

namespace {

// Whether repr/hash/comparison of a `t` can recurse natively into nested values (the
// builtin containers and their subclasses). Other objects either hold no values or
// recurse through Python methods, whose frames count against the recursion limit.
bool MayNest(const Type* t) {
  switch (t->layout()) {
    case Layout::kTuple: case Layout::kList: case Layout::kDict: case Layout::kSet: return true;
    default: return false;
  }
}

}  // namespace

Value Repr(Runtime& rt, const Value& v) {
  switch (v.tag()) {
    case Value::Tag::kNone: return rt.NewStr("None");
    case Value::Tag::kBool: return rt.NewStr(v.as_bool() ? "True" : "False");
    case Value::Tag::kInt: return rt.NewStr(absl::StrCat(v.as_int()));
    case Value::Tag::kFloat: return rt.NewStr(internal::FloatRepr(v.as_float()));
    case Value::Tag::kRaised: return v;
    case Value::Tag::kObject: break;
  }
  Type* t = v.object()->type();
  RecursionScope scope(rt, " while getting the repr of an object", MayNest(t));
  if (!scope.ok()) return Value::Raised();
  Value r = t->slots().repr(rt, v);
  if (r.is_raised() || rt.IsInstance(r, rt.types().str)) return r;
  return RaiseTypeName(rt, "__repr__ returned non-string (type ", r, ")");
}

Value ToStr(Runtime& rt, const Value& v) {
  if (!v.is_object()) return Repr(rt, v);
  Type* t = v.object()->type();
  if (t == rt.types().str) return v;
  RecursionScope scope(rt, " while getting the str of an object", MayNest(t));
  if (!scope.ok()) return Value::Raised();
  Value r = t->slots().str != nullptr ? t->slots().str(rt, v) : t->slots().repr(rt, v);
  if (r.is_raised() || rt.IsInstance(r, rt.types().str)) return r;
  return RaiseTypeName(rt, "__str__ returned non-string (type ", r, ")");
}

bool ReprString(Runtime& rt, const Value& v, std::string* out) {
  Value r = Repr(rt, v);
  if (r.is_raised()) return false;
  *out = std::string(StrView(r));
  return true;
}

bool StrString(Runtime& rt, const Value& v, std::string* out) {
  Value r = ToStr(rt, v);
  if (r.is_raised()) return false;
  *out = std::string(StrView(r));
  return true;
}

bool Hash(Runtime& rt, const Value& v, int64_t* out) {
  switch (v.tag()) {
    case Value::Tag::kNone: *out = 0x1f7a5e3c; return true;  // CPython: id-based
    case Value::Tag::kBool: *out = v.as_int(); return true;
    case Value::Tag::kInt: *out = internal::HashInt(v.as_int()); return true;
    case Value::Tag::kFloat: *out = internal::HashDouble(v.as_float()); return true;
    default: break;
  }
  Type* t = v.object()->type();
  if (t == rt.types().str) {
    *out = v.as<Str>()->Hash();
    return true;
  }
  if (t->slots().hash == nullptr) {
    RaiseTypeName(rt, "unhashable type: '", v, "'");
    return false;
  }
  RecursionScope scope(rt, " while hashing an object", MayNest(t));  // nested tuples
  return scope.ok() && t->slots().hash(rt, v, out);
}

int Truthy(Runtime& rt, const Value& v) {
  switch (v.tag()) {
    case Value::Tag::kNone: return 0;
    case Value::Tag::kBool:
    case Value::Tag::kInt: return v.as_int() != 0;
    case Value::Tag::kFloat: return v.as_float() != 0.0;
    case Value::Tag::kRaised: return -1;
    case Value::Tag::kObject: break;
  }
  const TypeSlots& s = v.object()->type()->slots();
  if (s.truth != nullptr) return s.truth(rt, v);
  if (s.len != nullptr) {
    int64_t n = s.len(rt, v);
    return n < 0 ? -1 : n > 0;
  }
  return 1;
}

int64_t Len(Runtime& rt, const Value& v) {
  const TypeSlots& s = rt.TypeOf(v)->slots();
  if (s.len == nullptr) {
    RaiseTypeName(rt, "object of type '", v, "' has no len()");
    return -1;
  }
  return s.len(rt, v);
}

namespace {

// Exact comparison of an int64 and a double (long double holds every int64 exactly on
// x86-64; NaN compares false except for !=).
bool CompareNumbers(long double a, long double b, CmpOp op) {
  switch (op) {
    case CmpOp::kLt: return a < b;
    case CmpOp::kLe: return a <= b;
    case CmpOp::kEq: return a == b;
    case CmpOp::kNe: return a != b;
    case CmpOp::kGt: return a > b;
    case CmpOp::kGe: return a >= b;
  }
  return false;
}

template <typename T>
bool CompareInts(T a, T b, CmpOp op) {
  switch (op) {
    case CmpOp::kLt: return a < b;
    case CmpOp::kLe: return a <= b;
    case CmpOp::kEq: return a == b;
    case CmpOp::kNe: return a != b;
    case CmpOp::kGt: return a > b;
    case CmpOp::kGe: return a >= b;
  }
  return false;
}

}  // namespace

Value Compare(Runtime& rt, const Value& a, const Value& b, CmpOp op) {
  if (a.is_int_like() && b.is_int_like()) {
    return Value::Bool(CompareInts(a.as_int(), b.as_int(), op));
  }
  if ((a.is_float() || a.is_int_like()) && (b.is_float() || b.is_int_like())) {
    long double x = a.is_float() ? a.as_float() : static_cast<long double>(a.as_int());
    long double y = b.is_float() ? b.as_float() : static_cast<long double>(b.as_int());
    return Value::Bool(CompareNumbers(x, y, op));
  }
  Type* ta = rt.TypeOf(a);
  Type* tb = rt.TypeOf(b);
  RecursionScope scope(rt, " in comparison", MayNest(ta));
  if (!scope.ok()) return Value::Raised();
  bool checked_reverse = false;
  if (ta != tb && tb->IsSubtypeOf(ta) && tb->slots().compare != nullptr) {
    checked_reverse = true;
    Value r = tb->slots().compare(rt, b, a, SwappedCmpOp(op));
    if (!rt.IsNotImplemented(r)) return r;
  }
  if (ta->slots().compare != nullptr) {
    Value r = ta->slots().compare(rt, a, b, op);
    if (!rt.IsNotImplemented(r)) return r;
  }
  if (!checked_reverse && tb->slots().compare != nullptr) {
    Value r = tb->slots().compare(rt, b, a, SwappedCmpOp(op));
    if (!rt.IsNotImplemented(r)) return r;
  }
  if (op == CmpOp::kEq) return Value::Bool(a.Is(b));
  if (op == CmpOp::kNe) return Value::Bool(!a.Is(b));
  return rt.Raise(rt.exc().type_error,
                  absl::StrCat("'", CmpOpSymbol(op), "' not supported between instances of '",
                               ta->name(), "' and '", tb->name(), "'"));
}

int CompareBool(Runtime& rt, const Value& a, const Value& b, CmpOp op) {
  if (a.is_object() && a.Is(b)) {
    if (op == CmpOp::kEq) return 1;
    if (op == CmpOp::kNe) return 0;
  }
  Value r = Compare(rt, a, b, op);
  if (r.is_bool()) return r.as_bool();
  if (r.is_raised()) return -1;
  return Truthy(rt, r);
}

namespace {

bool IsSequenceForOps(Runtime& rt, const Value& v) {
  if (!v.is_object()) return false;
  Layout l = v.object()->type()->layout();
  return l == Layout::kStr || l == Layout::kList || l == Layout::kTuple;
}

Value RaiseBinaryError(Runtime& rt, BinOp op, const Value& a, const Value& b,
                       bool inplace) {
  Type* ta = rt.TypeOf(a);
  Type* tb = rt.TypeOf(b);
  if (op == BinOp::kAdd && IsSequenceForOps(rt, a)) {
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat("can only concatenate ", ta->name(), " (not \"", tb->name(),
                                 "\") to ", ta->name()));
  }
  if (op == BinOp::kMul && (IsSequenceForOps(rt, a) || IsSequenceForOps(rt, b))) {
    Type* other = IsSequenceForOps(rt, a) ? tb : ta;
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat("can't multiply sequence by non-int of type '",
                                 other->name(), "'"));
  }
  std::string sym(BinOpSymbol(op));
  if (inplace) sym += "=";
  if (op == BinOp::kPow && !inplace) sym = "** or pow()";
  return rt.Raise(rt.exc().type_error,
                  absl::StrCat("unsupported operand type(s) for ", sym, ": '", ta->name(),
                               "' and '", tb->name(), "'"));
}

Value BinaryOp1(Runtime& rt, BinOp op, const Value& a, const Value& b) {
  int k = static_cast<int>(op);
  Type* ta = rt.TypeOf(a);
  Type* tb = rt.TypeOf(b);
  TypeSlots::BinaryFn slotv = ta->slots().binary[k];
  TypeSlots::BinaryFn slotw = ta != tb ? tb->slots().binary[k] : nullptr;
  if (slotw == slotv) slotw = nullptr;
  if (slotv != nullptr) {
    if (slotw != nullptr && tb->IsSubtypeOf(ta)) {
      Value r = slotw(rt, a, b);
      if (!rt.IsNotImplemented(r)) return r;
      slotw = nullptr;
    }
    Value r = slotv(rt, a, b);
    if (!rt.IsNotImplemented(r)) return r;
  }
  if (slotw != nullptr) return slotw(rt, a, b);
  return rt.NotImplemented();
}

}  // namespace

Value BinaryOp(Runtime& rt, BinOp op, const Value& a, const Value& b) {
  // The interpreter's hottest cases, inline: int op int without overflow, float op float.
  if (a.is_int() && b.is_int()) {
    int64_t r;
    switch (op) {
      case BinOp::kAdd:
        if (!__builtin_add_overflow(a.as_int(), b.as_int(), &r)) return Value::Int(r);
        break;
      case BinOp::kSub:
        if (!__builtin_sub_overflow(a.as_int(), b.as_int(), &r)) return Value::Int(r);
        break;
      case BinOp::kMul:
        if (!__builtin_mul_overflow(a.as_int(), b.as_int(), &r)) return Value::Int(r);
        break;
      default: break;
    }
  } else if (a.is_float() && b.is_float()) {
    switch (op) {
      case BinOp::kAdd: return Value::Float(a.as_float() + b.as_float());
      case BinOp::kSub: return Value::Float(a.as_float() - b.as_float());
      case BinOp::kMul: return Value::Float(a.as_float() * b.as_float());
      default: break;
    }
  }
  // A huge repeat or concatenation: MemoryError.
  Value r = RaiseNoMemoryOnFailure(rt, [&] { return BinaryOp1(rt, op, a, b); });
  if (!rt.IsNotImplemented(r)) return r;
  return RaiseBinaryError(rt, op, a, b, /*inplace=*/false);
}

Value InPlaceOp(Runtime& rt, BinOp op, const Value& a, const Value& b) {
  TypeSlots::BinaryFn slot = rt.TypeOf(a)->slots().inplace[static_cast<int>(op)];
  if (slot != nullptr) {
    Value r = slot(rt, a, b);
    if (!rt.IsNotImplemented(r)) return r;
  }
  if (a.is_int() && b.is_int()) return BinaryOp(rt, op, a, b);
  Value r = BinaryOp1(rt, op, a, b);
  if (!rt.IsNotImplemented(r)) return r;
  return RaiseBinaryError(rt, op, a, b, /*inplace=*/true);
}

Value UnaryOperation(Runtime& rt, UnaryOp op, const Value& v) {
  TypeSlots::UnaryFn slot = rt.TypeOf(v)->slots().unary[static_cast<int>(op)];
  if (slot != nullptr) return slot(rt, v);
  static constexpr absl::string_view kSym[] = {"-", "+", "~"};
  return RaiseTypeName(rt, absl::StrCat("bad operand type for unary ",
                                        kSym[static_cast<int>(op)], ": '"),
                       v, "'");
}

Value GetItem(Runtime& rt, const Value& obj, const Value& key) {
  TypeSlots::BinaryFn slot = rt.TypeOf(obj)->slots().getitem;
  if (slot != nullptr) return slot(rt, obj, key);
  if (obj.is_object() && obj.object()->type()->layout() == Layout::kType) {
    // PEP 560: cls[key] calls cls.__class_getitem__(key), a classmethod even when
    // written as a plain def.
    if (const Value* f = obj.as<Type>()->Lookup("__class_getitem__")) {
      Value fn = *f;
      Type* ft = rt.TypeOf(fn);
      if (ft->is_method_descriptor()) return Call(rt, fn, {obj, key});
      if (ft->slots().descr_get != nullptr) {
        fn = ft->slots().descr_get(rt, fn, Value::None(), obj.as<Type>());
        if (fn.is_raised()) return fn;
      }
      return Call(rt, fn, {key});
    }
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat("type '", obj.as<Type>()->name(),
                                 "' is not subscriptable"));
  }
  return RaiseTypeName(rt, "'", obj, "' object is not subscriptable");
}

bool SetItem(Runtime& rt, const Value& obj, const Value& key, const Value& v) {
  auto slot = rt.TypeOf(obj)->slots().setitem;
  if (slot != nullptr) return slot(rt, obj, key, &v);
  RaiseTypeName(rt, "'", obj, "' object does not support item assignment");
  return false;
}

bool DelItem(Runtime& rt, const Value& obj, const Value& key) {
  auto slot = rt.TypeOf(obj)->slots().setitem;
  if (slot != nullptr) return slot(rt, obj, key, nullptr);
  RaiseTypeName(rt, "'", obj, "' object doesn't support item deletion");
  return false;
}

int Contains(Runtime& rt, const Value& obj, const Value& key) {
  const TypeSlots& s = rt.TypeOf(obj)->slots();
  if (s.contains != nullptr) return s.contains(rt, obj, key);
  if (s.iter == nullptr && s.getitem == nullptr) {
    RaiseTypeName(rt, "argument of type '", obj, "' is not iterable");
    return -1;
  }
  Value it = GetIter(rt, obj);
  if (it.is_raised()) return -1;
  while (true) {
    Value item = Next(rt, it);
    if (item.is_raised()) return rt.HasPending() ? -1 : 0;
    int eq = Equal(rt, item, key);
    if (eq != 0) return eq;
  }
}

Value GetIter(Runtime& rt, const Value& v) {
  const TypeSlots& s = rt.TypeOf(v)->slots();
  if (s.iter != nullptr) {
    Value it = s.iter(rt, v);
    if (it.is_raised() || rt.TypeOf(it)->slots().next != nullptr) return it;
    return RaiseTypeName(rt, "iter() returned non-iterator of type '", it, "'");
  }
  if (s.getitem != nullptr && v.is_object() && rt.TypeOf(v)->is_heap()) {
    return internal::NewSeqIterator(rt, v);  // the old __getitem__ protocol
  }
  return RaiseTypeName(rt, "'", v, "' object is not iterable");
}

Value Next(Runtime& rt, const Value& iterator) {
  TypeSlots::UnaryFn slot = rt.TypeOf(iterator)->slots().next;
  if (slot == nullptr) return RaiseTypeName(rt, "'", iterator, "' object is not an iterator");
  return slot(rt, iterator);
}

bool Unpack(Runtime& rt, const Value& iterable, std::vector<Value>* out) {
  if (rt.IsList(iterable) || rt.IsTuple(iterable)) {
    const std::vector<Value>& items = rt.IsList(iterable) ? internal::ListItems(iterable)
                                                          : internal::TupleItems(iterable);
    out->insert(out->end(), items.begin(), items.end());
    return true;
  }
  if (rt.TypeOf(iterable) == rt.types().range) {
    // Its length up front, as CPython's length hint: list(range(10**12)) fails at once
    // (bad_alloc, MemoryError to the script) instead of filling memory first.
    out->reserve(out->size() + static_cast<size_t>(iterable.as<Range>()->length));
  }
  Value it = GetIter(rt, iterable);
  if (it.is_raised()) return false;
  while (true) {
    Value item = Next(rt, it);
    if (item.is_raised()) return !rt.HasPending();
    out->push_back(std::move(item));
  }
}

bool IsInstance(Runtime& rt, const Value& v, Type* t) { return rt.IsInstance(v, t); }

bool AsIndex(Runtime& rt, const Value& v, int64_t* out, absl::string_view what) {
  if (v.is_int_like()) {
    *out = v.as_int();
    return true;
  }
  if (v.is_object() && rt.TypeOf(v)->Lookup(rt.names().index) != nullptr) {
    Value r = CallMethod(rt, v, "__index__", {});
    if (r.is_raised()) return false;
    if (r.is_int_like()) {
      *out = r.as_int();
      return true;
    }
    RaiseTypeName(rt, "__index__ returned non-int (type ", r, ")");
    return false;
  }
  rt.Raise(rt.exc().type_error, what);
  return false;
}

Value Format(Runtime& rt, const Value& v, absl::string_view spec) {
  switch (v.tag()) {
    case Value::Tag::kBool:
      if (spec.empty()) return Repr(rt, v);
      return internal::FormatInt(rt, v.as_int(), spec);
    case Value::Tag::kInt: return internal::FormatInt(rt, v.as_int(), spec);
    case Value::Tag::kFloat: return internal::FormatFloat(rt, v.as_float(), spec);
    default: break;
  }
  Type* t = rt.TypeOf(v);
  if (t == rt.types().str) return internal::FormatStr(rt, StrView(v), spec);
  if (t->slots().format != nullptr) return t->slots().format(rt, v, spec);
  if (spec.empty()) return ToStr(rt, v);
  return rt.Raise(rt.exc().type_error,
                  absl::StrCat("unsupported format string passed to ", t->name(),
                               ".__format__"));
}

}  // namespace wick::vm
