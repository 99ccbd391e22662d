// The Python-visible set and frozenset: repr (`{1, 2}` / `set()`), comparisons as subset
// tests, `| & - ^` and their in-place forms, and the methods, each building its result
// in the order CPython's setobject.c does so printed results match. A frozenset is the
// same C++ Set under another type: no mutating methods, CPython's hash, and results of
// its operators and methods are frozensets.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "vm/objects/dict.h"
#include "vm/objects/internal/objects_internal.h"
#include "vm/objects/set.h"
#include "vm/protocol.h"

namespace wick::vm::internal {
namespace {

#define WICK_SET_METHOD(Name) Value Name(Runtime& rt, Args args, const KwArgs& kw)

Set* S(const Value& v) { return v.as<Set>(); }
bool IsSetLike(Runtime& rt, const Value& v) {
  return rt.IsInstance(v, rt.types().set) || rt.IsInstance(v, rt.types().frozenset);
}
bool IsFrozen(Runtime& rt, const Value& v) { return rt.IsInstance(v, rt.types().frozenset); }

// A frozenset with the elements of the set `s`, in the same order.
Value Freeze(Runtime& rt, const Value& s) {
  if (s.is_raised() || IsFrozen(rt, s)) return s;
  Value f = Value::Steal(rt.Alloc<Set>(rt.types().frozenset));
  if (!S(f)->Merge(rt, *S(s))) return Value::Raised();
  return f;
}

Value NewSetFrom(Runtime& rt, const Value* iterable) {
  Value s = rt.NewSet();
  if (iterable != nullptr && !S(s)->Update(rt, *iterable)) return Value::Raised();
  return s;
}

// Active entries in table order (a snapshot: user __eq__ may mutate the set).
std::vector<std::pair<Value, int64_t>> Snapshot(const Set& s) {
  std::vector<std::pair<Value, int64_t>> out;
  out.reserve(s.size());
  for (const Set::Entry& e : s.table()) {
    if (e.state == Set::State::kActive) out.emplace_back(e.key, e.hash);
  }
  return out;
}

Value SetRepr(Runtime& rt, const Value& v) {
  Set* s = S(v);
  const bool frozen = IsFrozen(rt, v);
  if (s->size() == 0) return rt.NewStr(frozen ? "frozenset()" : "set()");
  if (!rt.ReprEnter(s)) return rt.NewStr(frozen ? "frozenset(...)" : "set(...)");
  std::vector<Value> items;
  for (auto& [k, h] : Snapshot(*s)) items.push_back(k);
  Value r = SequenceRepr(rt, items, frozen ? "frozenset({" : "{", frozen ? "})" : "}", false);
  rt.ReprLeave(s);
  return r;
}

// CPython's frozenset hash: the active entries' hashes, bit-shuffled and xor-ed (so
// order does not matter), then mixed with the size.
bool FrozenSetHash(Runtime&, const Value& v, int64_t* out) {
  auto shuffle = [](uint64_t h) { return ((h ^ 89869747ULL) ^ (h << 16)) * 3644798167ULL; };
  uint64_t h = 0;
  for (const Set::Entry& e : S(v)->table()) {
    if (e.state == Set::State::kActive) h ^= shuffle(static_cast<uint64_t>(e.hash));
  }
  h ^= (static_cast<uint64_t>(S(v)->size()) + 1) * 1927868237ULL;
  h ^= (h >> 11) ^ (h >> 25);
  h = h * 69069U + 907133923ULL;
  if (h == static_cast<uint64_t>(-1)) h = 590923713ULL;
  *out = static_cast<int64_t>(h);
  return true;
}

int64_t SetLen(Runtime&, const Value& v) { return S(v)->size(); }
int SetContains(Runtime& rt, const Value& v, const Value& key) { return S(v)->Contains(rt, key); }
Value SetIter(Runtime& rt, const Value& v) { return NewSetIterator(rt, v); }

// a <= b: every element of a is in b. -1 on error.
int IsSubset(Runtime& rt, const Value& a, const Value& b) {
  if (S(a)->size() > S(b)->size()) return 0;
  for (auto& [k, h] : Snapshot(*S(a))) {
    int c = S(b)->ContainsHashed(rt, k, h);
    if (c <= 0) return c;
  }
  return 1;
}

Value SetCompare(Runtime& rt, const Value& a, const Value& b, CmpOp op) {
  if (!IsSetLike(rt, a) || !IsSetLike(rt, b)) return rt.NotImplemented();
  int64_t na = S(a)->size(), nb = S(b)->size();
  int r = 0;
  switch (op) {
    case CmpOp::kEq:
    case CmpOp::kNe:
      r = na == nb ? IsSubset(rt, a, b) : 0;
      if (r < 0) return Value::Raised();
      return Value::Bool(op == CmpOp::kEq ? r : !r);
    case CmpOp::kLe: r = IsSubset(rt, a, b); break;
    case CmpOp::kGe: r = IsSubset(rt, b, a); break;
    case CmpOp::kLt: r = na < nb ? IsSubset(rt, a, b) : 0; break;
    case CmpOp::kGt: r = nb < na ? IsSubset(rt, b, a) : 0; break;
  }
  if (r < 0) return Value::Raised();
  return Value::Bool(r);
}

Value Union(Runtime& rt, const Value& a, const Value& other) {
  Value r = NewSetFrom(rt, &a);
  if (r.is_raised() || !S(r)->Update(rt, other)) return Value::Raised();
  return r;
}

Value Intersection(Runtime& rt, const Value& so_in, const Value& other_in) {
  Value result = rt.NewSet();
  if (IsSetLike(rt, other_in)) {
    Value so = so_in, other = other_in;
    if (S(other)->size() > S(so)->size()) std::swap(so, other);
    for (auto& [k, h] : Snapshot(*S(other))) {
      int c = S(so)->ContainsHashed(rt, k, h);
      if (c < 0) return Value::Raised();
      if (c && !S(result)->AddHashed(rt, k, h)) return Value::Raised();
    }
    return result;
  }
  std::vector<Value> items;
  if (!Unpack(rt, other_in, &items)) return Value::Raised();
  for (const Value& k : items) {
    int64_t h;
    if (!Hash(rt, k, &h)) return Value::Raised();
    int c = S(so_in)->ContainsHashed(rt, k, h);
    if (c < 0) return Value::Raised();
    if (c && !S(result)->AddHashed(rt, k, h)) return Value::Raised();
  }
  return result;
}

Value Difference(Runtime& rt, const Value& so, const Value& other) {
  int64_t other_size = -1;
  if (IsSetLike(rt, other)) other_size = S(other)->size();
  else if (rt.IsDict(other)) other_size = other.as<Dict>()->size();
  if (other_size < 0 || (S(so)->size() >> 2) > other_size) {
    // Copy, then discard each element of `other` (set_copy_and_difference).
    Value r = NewSetFrom(rt, &so);
    if (r.is_raised()) return r;
    std::vector<Value> items;
    if (!Unpack(rt, other, &items)) return Value::Raised();
    for (const Value& k : items) {
      if (S(r)->Discard(rt, k) < 0) return Value::Raised();
    }
    return r;
  }
  Value result = rt.NewSet();
  for (auto& [k, h] : Snapshot(*S(so))) {
    int c = IsSetLike(rt, other) ? S(other)->ContainsHashed(rt, k, h)
                                 : DictContainsKey(rt, other, k);
    if (c < 0) return Value::Raised();
    if (!c && !S(result)->AddHashed(rt, k, h)) return Value::Raised();
  }
  return result;
}

bool SymmetricDifferenceUpdate(Runtime& rt, const Value& so, const Value& other_set) {
  for (auto& [k, h] : Snapshot(*S(other_set))) {
    int r = S(so)->DiscardHashed(rt, k, h);
    if (r < 0) return false;
    if (r == 0 && !S(so)->AddHashed(rt, k, h)) return false;
  }
  return true;
}

Value SymmetricDifference(Runtime& rt, const Value& so, const Value& other) {
  Value r = NewSetFrom(rt, &other);
  if (r.is_raised() || !SymmetricDifferenceUpdate(rt, r, so)) return Value::Raised();
  return r;
}

template <int kOp>  // 0 |, 1 &, 2 -, 3 ^
Value SetBinary(Runtime& rt, const Value& a, const Value& b) {
  if (!IsSetLike(rt, a) || !IsSetLike(rt, b)) return rt.NotImplemented();
  Value r;
  switch (kOp) {
    case 0: r = Union(rt, a, b); break;
    case 1: r = Intersection(rt, a, b); break;
    case 2: r = Difference(rt, a, b); break;
    default: r = SymmetricDifference(rt, a, b); break;
  }
  // The result has the left operand's kind (frozenset | set is a frozenset).
  return IsFrozen(rt, a) ? Freeze(rt, r) : r;
}

template <int kOp>
Value SetInPlace(Runtime& rt, const Value& a, const Value& b) {
  if (!IsSetLike(rt, a) || !IsSetLike(rt, b)) return rt.NotImplemented();
  if (kOp == 0) {
    if (!S(a)->Update(rt, b)) return Value::Raised();
    return a;
  }
  if (kOp == 3) {
    Value other = NewSetFrom(rt, &b);
    if (other.is_raised() || !SymmetricDifferenceUpdate(rt, a, other)) return Value::Raised();
    return a;
  }
  Value r = kOp == 1 ? Intersection(rt, a, b) : Difference(rt, a, b);
  if (r.is_raised()) return r;
  // Adopt the result's table.
  S(a)->Clear();
  if (!S(a)->Merge(rt, *S(r))) return Value::Raised();
  return a;
}

Value SetConstruct(Runtime& rt, Type*, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "set", kw)) return Value::Raised();
  if (args.size() > 1) {
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat("set expected at most 1 argument, got ", args.size()));
  }
  return NewSetFrom(rt, args.empty() ? nullptr : &args[0]);
}

WICK_SET_METHOD(SetAdd) {
  if (!NoKwargs(rt, "add", kw) || !CheckArgCount(rt, "add", args, 2, 2)) return Value::Raised();
  return S(args[0])->Add(rt, args[1]) ? Value::None() : Value::Raised();
}

WICK_SET_METHOD(SetDiscard) {
  if (!NoKwargs(rt, "discard", kw) || !CheckArgCount(rt, "discard", args, 2, 2)) {
    return Value::Raised();
  }
  return S(args[0])->Discard(rt, args[1]) < 0 ? Value::Raised() : Value::None();
}

WICK_SET_METHOD(SetRemove) {
  if (!NoKwargs(rt, "remove", kw) || !CheckArgCount(rt, "remove", args, 2, 2)) {
    return Value::Raised();
  }
  int r = S(args[0])->Discard(rt, args[1]);
  if (r < 0) return Value::Raised();
  if (r == 0) return rt.RaiseKeyError(args[1]);
  return Value::None();
}

WICK_SET_METHOD(SetPop) {
  if (!CheckArgCount(rt, "pop", args, 1, 1)) return Value::Raised();
  if (S(args[0])->size() == 0) return rt.RaiseKeyError(rt.NewStr("pop from an empty set"));
  return S(args[0])->Pop();
}

WICK_SET_METHOD(SetUpdate) {
  if (!NoKwargs(rt, "update", kw)) return Value::Raised();
  for (size_t i = 1; i < args.size(); ++i) {
    if (!S(args[0])->Update(rt, args[i])) return Value::Raised();
  }
  return Value::None();
}

// union/intersection/difference take any number of iterables.
template <int kOp>
WICK_SET_METHOD(SetMulti) {
  static constexpr absl::string_view kNames[] = {"union", "intersection", "difference"};
  if (!NoKwargs(rt, kNames[kOp], kw)) return Value::Raised();
  Value result = NewSetFrom(rt, &args[0]);
  for (size_t i = 1; i < args.size() && !result.is_raised(); ++i) {
    if (kOp == 0) {
      if (!S(result)->Update(rt, args[i])) return Value::Raised();
    } else if (kOp == 1) {
      result = Intersection(rt, result, args[i]);
    } else {
      // set_difference_multi: discard from the copy in place.
      std::vector<Value> items;
      if (!Unpack(rt, args[i], &items)) return Value::Raised();
      for (const Value& k : items) {
        if (S(result)->Discard(rt, k) < 0) return Value::Raised();
      }
    }
  }
  return result;
}

WICK_SET_METHOD(SetSymDiff) {
  if (!NoKwargs(rt, "symmetric_difference", kw) ||
      !CheckArgCount(rt, "symmetric_difference", args, 2, 2)) {
    return Value::Raised();
  }
  return SymmetricDifference(rt, args[0], args[1]);
}

template <bool kSuperset>
WICK_SET_METHOD(SetSubsetTest) {
  absl::string_view name = kSuperset ? "issuperset" : "issubset";
  if (!NoKwargs(rt, name, kw) || !CheckArgCount(rt, name, args, 2, 2)) return Value::Raised();
  Value other = IsSetLike(rt, args[1]) ? args[1] : NewSetFrom(rt, &args[1]);
  if (other.is_raised()) return other;
  int r = kSuperset ? IsSubset(rt, other, args[0]) : IsSubset(rt, args[0], other);
  return r < 0 ? Value::Raised() : Value::Bool(r);
}

WICK_SET_METHOD(SetIsDisjoint) {
  if (!NoKwargs(rt, "isdisjoint", kw) || !CheckArgCount(rt, "isdisjoint", args, 2, 2)) {
    return Value::Raised();
  }
  std::vector<Value> items;
  if (!Unpack(rt, args[1], &items)) return Value::Raised();
  for (const Value& k : items) {
    int c = S(args[0])->Contains(rt, k);
    if (c != 0) return c < 0 ? Value::Raised() : Value::Bool(false);
  }
  return Value::Bool(true);
}

// intersection_update / difference_update / symmetric_difference_update: the
// non-mutating method's result replaces the set's contents.
template <int kOp>  // 1 intersection, 2 difference, 3 symmetric difference
WICK_SET_METHOD(SetUpdateWith) {
  static constexpr absl::string_view kNames[] = {
      "", "intersection_update", "difference_update", "symmetric_difference_update"};
  if (!NoKwargs(rt, kNames[kOp], kw)) return Value::Raised();
  if (kOp == 3 && !CheckArgCount(rt, kNames[kOp], args, 2, 2)) return Value::Raised();
  Value r = kOp == 1 ? SetMulti<1>(rt, args, kw)
            : kOp == 2 ? SetMulti<2>(rt, args, kw)
                       : SymmetricDifference(rt, args[0], args[1]);
  if (r.is_raised()) return r;
  S(args[0])->Clear();
  if (!S(args[0])->Merge(rt, *S(r))) return Value::Raised();
  return Value::None();
}

WICK_SET_METHOD(SetCopy) {
  if (!CheckArgCount(rt, "copy", args, 1, 1)) return Value::Raised();
  return NewSetFrom(rt, &args[0]);
}

// frozenset's non-mutating methods: the set method, its result frozen.
template <BuiltinFn kFn>
WICK_SET_METHOD(FrozenResult) {
  Value r = kFn(rt, args, kw);
  return rt.IsInstance(r, rt.types().set) ? Freeze(rt, r) : r;
}

WICK_SET_METHOD(FrozenCopy) {
  if (!CheckArgCount(rt, "copy", args, 1, 1)) return Value::Raised();
  return args[0];
}

Value FrozenSetConstruct(Runtime& rt, Type* type, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "frozenset", kw)) return Value::Raised();
  if (args.size() > 1) {
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat("frozenset expected at most 1 argument, got ", args.size()));
  }
  if (args.size() == 1 && rt.TypeOf(args[0]) == rt.types().frozenset) return args[0];
  Value f = Value::Steal(rt.Alloc<Set>(rt.types().frozenset));
  if (args.size() == 1 && !S(f)->Update(rt, args[0])) return Value::Raised();
  return f;
}

WICK_SET_METHOD(SetClear) {
  if (!CheckArgCount(rt, "clear", args, 1, 1)) return Value::Raised();
  S(args[0])->Clear();
  return Value::None();
}

}  // namespace

int DictContainsKey(Runtime& rt, const Value& dict, const Value& key) {
  bool error;
  const Value* r = dict.as<Dict>()->Get(rt, key, &error);
  return error ? -1 : r != nullptr;
}

void InitSetType(Runtime& rt) {
  Type* t = rt.types().set;
  TypeSlots& s = t->slots();
  s.repr = &SetRepr;
  s.compare = &SetCompare;
  s.len = &SetLen;
  s.contains = &SetContains;
  s.iter = &SetIter;
  s.construct = &SetConstruct;
  s.binary[static_cast<int>(BinOp::kOr)] = &SetBinary<0>;
  s.binary[static_cast<int>(BinOp::kAnd)] = &SetBinary<1>;
  s.binary[static_cast<int>(BinOp::kSub)] = &SetBinary<2>;
  s.binary[static_cast<int>(BinOp::kXor)] = &SetBinary<3>;
  s.inplace[static_cast<int>(BinOp::kOr)] = &SetInPlace<0>;
  s.inplace[static_cast<int>(BinOp::kAnd)] = &SetInPlace<1>;
  s.inplace[static_cast<int>(BinOp::kSub)] = &SetInPlace<2>;
  s.inplace[static_cast<int>(BinOp::kXor)] = &SetInPlace<3>;
  rt.AddMethod(t, "add", &SetAdd);
  rt.AddMethod(t, "discard", &SetDiscard);
  rt.AddMethod(t, "remove", &SetRemove);
  rt.AddMethod(t, "pop", &SetPop);
  rt.AddMethod(t, "update", &SetUpdate);
  rt.AddMethod(t, "union", &SetMulti<0>);
  rt.AddMethod(t, "intersection", &SetMulti<1>);
  rt.AddMethod(t, "difference", &SetMulti<2>);
  rt.AddMethod(t, "symmetric_difference", &SetSymDiff);
  rt.AddMethod(t, "issubset", &SetSubsetTest<false>);
  rt.AddMethod(t, "issuperset", &SetSubsetTest<true>);
  rt.AddMethod(t, "isdisjoint", &SetIsDisjoint);
  rt.AddMethod(t, "intersection_update", &SetUpdateWith<1>);
  rt.AddMethod(t, "difference_update", &SetUpdateWith<2>);
  rt.AddMethod(t, "symmetric_difference_update", &SetUpdateWith<3>);
  rt.AddMethod(t, "copy", &SetCopy);
  rt.AddMethod(t, "clear", &SetClear);

  Type* f = rt.types().frozenset;
  TypeSlots& fs = f->slots();
  fs.repr = &SetRepr;
  fs.compare = &SetCompare;
  fs.len = &SetLen;
  fs.contains = &SetContains;
  fs.iter = &SetIter;
  fs.hash = &FrozenSetHash;
  fs.construct = &FrozenSetConstruct;
  fs.binary[static_cast<int>(BinOp::kOr)] = &SetBinary<0>;
  fs.binary[static_cast<int>(BinOp::kAnd)] = &SetBinary<1>;
  fs.binary[static_cast<int>(BinOp::kSub)] = &SetBinary<2>;
  fs.binary[static_cast<int>(BinOp::kXor)] = &SetBinary<3>;
  rt.AddMethod(f, "union", &FrozenResult<&SetMulti<0>>);
  rt.AddMethod(f, "intersection", &FrozenResult<&SetMulti<1>>);
  rt.AddMethod(f, "difference", &FrozenResult<&SetMulti<2>>);
  rt.AddMethod(f, "symmetric_difference", &FrozenResult<&SetSymDiff>);
  rt.AddMethod(f, "issubset", &SetSubsetTest<false>);
  rt.AddMethod(f, "issuperset", &SetSubsetTest<true>);
  rt.AddMethod(f, "isdisjoint", &SetIsDisjoint);
  rt.AddMethod(f, "copy", &FrozenCopy);
}

}  // namespace wick::vm::internal
