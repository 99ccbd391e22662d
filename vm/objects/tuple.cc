// tuple, plus the helpers list and tuple share: repr with a recursion guard,
// lexicographic comparison, CPython's xxHash-based tuple hash, slicing, and the
// argument-checking helpers every builtin method uses.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "vm/objects/internal/objects_internal.h"
#include "vm/protocol.h"

namespace wick::vm::internal {

bool NoKwargs(Runtime& rt, absl::string_view fname, const KwArgs& kwargs) {
  if (kwargs.empty()) return true;
  rt.Raise(rt.exc().type_error, absl::StrCat(fname, "() takes no keyword arguments"));
  return false;
}

bool CheckArgCount(Runtime& rt, absl::string_view fname, Args args, size_t min, size_t max) {
  // Methods count `self`; messages count only the user's arguments, as CPython does.
  if (args.size() >= min && args.size() <= max) return true;
  size_t given = args.empty() ? 0 : args.size() - 1;
  size_t lo = min == 0 ? 0 : min - 1, hi = max == 0 ? 0 : max - 1;
  std::string msg;
  if (lo == hi) {
    msg = hi == 0 ? absl::StrCat(fname, "() takes no arguments (", given, " given)")
          : hi == 1 ? absl::StrCat(fname, "() takes exactly one argument (", given, " given)")
                    : absl::StrCat(fname, " expected ", hi, " arguments, got ", given);
  } else if (given < lo) {
    msg = absl::StrCat(fname, " expected at least ", lo, " argument", lo == 1 ? "" : "s",
                       ", got ", given);
  } else {
    msg = absl::StrCat(fname, " expected at most ", hi, " argument", hi == 1 ? "" : "s",
                       ", got ", given);
  }
  rt.Raise(rt.exc().type_error, msg);
  return false;
}

bool UnpackArgs(Runtime& rt, absl::string_view fname, Args args, const KwArgs& kwargs,
                std::initializer_list<absl::string_view> names, int required, Value* out) {
  size_t n = names.size();
  if (args.size() > n) {
    rt.Raise(rt.exc().type_error, absl::StrCat(fname, "() takes at most ", n, " argument",
                                               n == 1 ? "" : "s", " (", args.size(), " given)"));
    return false;
  }
  for (size_t i = 0; i < n; ++i) out[i] = i < args.size() ? args[i] : Value::Raised();
  for (size_t k = 0; k < kwargs.size(); ++k) {
    size_t i = 0;
    for (absl::string_view nm : names) {
      if (nm == kwargs.name(k)) break;
      ++i;
    }
    if (i == n) {
      rt.Raise(rt.exc().type_error, absl::StrCat("'", kwargs.name(k),
                                                 "' is an invalid keyword argument for ", fname, "()"));
      return false;
    }
    if (!out[i].is_raised()) {
      rt.Raise(rt.exc().type_error, absl::StrCat("argument for ", fname, "() given by name ('",
                                                 kwargs.name(k), "') and position (", i + 1, ")"));
      return false;
    }
    out[i] = kwargs.value(k);
  }
  for (int i = 0; i < required; ++i) {
    if (out[i].is_raised()) {
      rt.Raise(rt.exc().type_error,
               absl::StrCat(fname, "() missing required argument '", *(names.begin() + i),
                            "' (pos ", i + 1, ")"));
      return false;
    }
  }
  return true;
}

bool SliceIndices(Runtime& rt, const Slice& s, int64_t n, int64_t* start, int64_t* stop,
                  int64_t* step, int64_t* count) {
  const char* what = "slice indices must be integers or None or have an __index__ method";
  *step = 1;
  if (!s.step.is_none() && !AsIndex(rt, s.step, step, what)) return false;
  if (*step == 0) {
    rt.Raise(rt.exc().value_error, "slice step cannot be zero");
    return false;
  }
  bool neg = *step < 0;
  int64_t lower = neg ? -1 : 0, upper = neg ? n - 1 : n;
  auto resolve = [&](const Value& v, int64_t dflt, int64_t* out) {
    if (v.is_none()) {
      *out = dflt;
      return true;
    }
    if (!AsIndex(rt, v, out, what)) return false;
    if (*out < 0) {
      *out += n;
      if (*out < lower) *out = lower;
    } else if (*out > upper) {
      *out = upper;
    }
    return true;
  };
  if (!resolve(s.start, neg ? upper : lower, start)) return false;
  if (!resolve(s.stop, neg ? lower : upper, stop)) return false;
  if (neg) *count = *stop < *start ? (*start - *stop - 1) / (-*step) + 1 : 0;
  else *count = *start < *stop ? (*stop - *start - 1) / *step + 1 : 0;
  return true;
}

std::vector<Value> SliceItems(const std::vector<Value>& items, int64_t start, int64_t step,
                              int64_t count) {
  std::vector<Value> out;
  out.reserve(count);
  for (int64_t i = 0, j = start; i < count; ++i, j += step) out.push_back(items[j]);
  return out;
}

Value SequenceRepr(Runtime& rt, const std::vector<Value>& items, absl::string_view open,
                   absl::string_view close, bool one_tuple) {
  std::string out(open);
  // Index loop with re-checked bounds: a user __repr__ may mutate the list.
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += ", ";
    Value item = items[i];
    Value r = Repr(rt, item);
    if (r.is_raised()) return r;
    absl::StrAppend(&out, StrView(r));
  }
  if (one_tuple && items.size() == 1) out += ",";
  absl::StrAppend(&out, close);
  return rt.NewStr(std::move(out));
}

Value SequenceCompare(Runtime& rt, const std::vector<Value>& a, const std::vector<Value>& b,
                      CmpOp op) {
  size_t i = 0;
  for (; i < a.size() && i < b.size(); ++i) {
    Value x = a[i], y = b[i];
    int eq = Equal(rt, x, y);
    if (eq < 0) return Value::Raised();
    if (!eq) break;
  }
  if (i >= a.size() || i >= b.size()) {
    size_t na = a.size(), nb = b.size();
    switch (op) {
      case CmpOp::kLt: return Value::Bool(na < nb);
      case CmpOp::kLe: return Value::Bool(na <= nb);
      case CmpOp::kEq: return Value::Bool(na == nb);
      case CmpOp::kNe: return Value::Bool(na != nb);
      case CmpOp::kGt: return Value::Bool(na > nb);
      case CmpOp::kGe: return Value::Bool(na >= nb);
    }
  }
  if (op == CmpOp::kEq) return Value::Bool(false);
  if (op == CmpOp::kNe) return Value::Bool(true);
  Value x = a[i], y = b[i];
  return Compare(rt, x, y, op);
}

bool TupleHash(Runtime& rt, const std::vector<Value>& items, int64_t* out) {
  // CPython 3.8+'s tuplehash: xxHash's round on each item hash.
  constexpr uint64_t kPrime1 = 11400714785074694791ull;
  constexpr uint64_t kPrime2 = 14029467366897019727ull;
  constexpr uint64_t kPrime5 = 2870177450012600261ull;
  uint64_t acc = kPrime5;
  for (const Value& item : items) {
    int64_t h;
    if (!Hash(rt, item, &h)) return false;
    acc += static_cast<uint64_t>(h) * kPrime2;
    acc = (acc << 31) | (acc >> 33);
    acc *= kPrime1;
  }
  acc += items.size() ^ (kPrime5 ^ 3527539ull);
  if (acc == static_cast<uint64_t>(-1)) acc = 1546275796;
  *out = static_cast<int64_t>(acc);
  return true;
}

namespace {

Value TupleRepr(Runtime& rt, const Value& v) {
  if (TupleItems(v).empty()) return rt.NewStr("()");
  if (!rt.ReprEnter(v.object())) return rt.NewStr("(...)");
  Value r = SequenceRepr(rt, TupleItems(v), "(", ")", true);
  rt.ReprLeave(v.object());
  return r;
}

bool TupleHashSlot(Runtime& rt, const Value& v, int64_t* out) {
  return TupleHash(rt, TupleItems(v), out);
}

Value TupleCompare(Runtime& rt, const Value& a, const Value& b, CmpOp op) {
  if (!rt.IsInstance(a, rt.types().tuple) || !rt.IsInstance(b, rt.types().tuple)) {
    return rt.NotImplemented();
  }
  return SequenceCompare(rt, TupleItems(a), TupleItems(b), op);
}

Value TupleAdd(Runtime& rt, const Value& a, const Value& b) {
  if (!rt.IsInstance(a, rt.types().tuple) || !rt.IsInstance(b, rt.types().tuple)) {
    return rt.NotImplemented();
  }
  std::vector<Value> out = TupleItems(a);
  out.insert(out.end(), TupleItems(b).begin(), TupleItems(b).end());
  return rt.NewTuple(std::move(out));
}

Value TupleMul(Runtime& rt, const Value& a, const Value& b) {
  bool left = rt.IsInstance(a, rt.types().tuple);
  const Value& t = left ? a : b;
  const Value& n = left ? b : a;
  if (!n.is_int_like()) return rt.NotImplemented();
  const std::vector<Value>& items = TupleItems(t);
  int64_t count = n.as_int();
  if (count <= 0 || items.empty()) return rt.empty_tuple();
  // MemoryError as CPython's: past the largest size, or what the allocator refuses.
  if (count > INT64_MAX / 16 / static_cast<int64_t>(items.size())) return rt.RaiseNoMemory();
  std::vector<Value> out;
  out.reserve(items.size() * count);
  for (int64_t i = 0; i < count; ++i) out.insert(out.end(), items.begin(), items.end());
  return rt.NewTuple(std::move(out));
}

int64_t TupleLen(Runtime&, const Value& v) { return static_cast<int64_t>(TupleItems(v).size()); }

Value TupleGetItem(Runtime& rt, const Value& v, const Value& key) {
  const std::vector<Value>& items = TupleItems(v);
  int64_t n = static_cast<int64_t>(items.size());
  if (key.is_int_like()) {
    int64_t i = key.as_int();
    if (!NormalizeIndex(&i, n)) return rt.Raise(rt.exc().index_error, "tuple index out of range");
    return items[i];
  }
  if (key.is_object() && key.object()->type() == rt.types().slice) {
    int64_t start, stop, step, count;
    if (!SliceIndices(rt, *key.as<Slice>(), n, &start, &stop, &step, &count)) {
      return Value::Raised();
    }
    if (count == n && step == 1) return v;
    return rt.NewTuple(SliceItems(items, start, step, count));
  }
  int64_t i;
  if (!AsIndex(rt, key, &i, absl::StrCat("tuple indices must be integers or slices, not ",
                                         rt.TypeOf(key)->name()))) {
    return Value::Raised();
  }
  if (!NormalizeIndex(&i, n)) return rt.Raise(rt.exc().index_error, "tuple index out of range");
  return items[i];
}

int TupleContains(Runtime& rt, const Value& v, const Value& key) {
  const std::vector<Value>& items = TupleItems(v);
  for (size_t i = 0; i < items.size(); ++i) {
    int eq = Equal(rt, items[i], key);
    if (eq != 0) return eq;
  }
  return 0;
}

Value TupleIter(Runtime& rt, const Value& v) { return NewSeqIterator(rt, v); }

Value TupleConstruct(Runtime& rt, Type*, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "tuple", kw)) return Value::Raised();
  if (args.size() > 1) {
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat("tuple expected at most 1 argument, got ", args.size()));
  }
  if (args.empty()) return rt.empty_tuple();
  if (rt.IsTuple(args[0])) return args[0];
  std::vector<Value> items;
  if (!Unpack(rt, args[0], &items)) return Value::Raised();
  return rt.NewTuple(std::move(items));
}

Value TupleIndex(Runtime& rt, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "index", kw) || !CheckArgCount(rt, "index", args, 2, 2)) return Value::Raised();
  const std::vector<Value>& items = TupleItems(args[0]);
  for (size_t i = 0; i < items.size(); ++i) {
    int eq = Equal(rt, items[i], args[1]);
    if (eq < 0) return Value::Raised();
    if (eq) return Value::Int(static_cast<int64_t>(i));
  }
  return rt.Raise(rt.exc().value_error, "tuple.index(x): x not in tuple");
}

Value TupleCount(Runtime& rt, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "count", kw) || !CheckArgCount(rt, "count", args, 2, 2)) return Value::Raised();
  const std::vector<Value>& items = TupleItems(args[0]);
  int64_t n = 0;
  for (size_t i = 0; i < items.size(); ++i) {
    int eq = Equal(rt, items[i], args[1]);
    if (eq < 0) return Value::Raised();
    n += eq;
  }
  return Value::Int(n);
}

}  // namespace

void InitTupleType(Runtime& rt) {
  Type* t = rt.types().tuple;
  TypeSlots& s = t->slots();
  s.repr = &TupleRepr;
  s.hash = &TupleHashSlot;
  s.compare = &TupleCompare;
  s.binary[static_cast<int>(BinOp::kAdd)] = &TupleAdd;
  s.binary[static_cast<int>(BinOp::kMul)] = &TupleMul;
  s.len = &TupleLen;
  s.getitem = &TupleGetItem;
  s.contains = &TupleContains;
  s.iter = &TupleIter;
  s.construct = &TupleConstruct;
  rt.AddMethod(t, "index", &TupleIndex);
  rt.AddMethod(t, "count", &TupleCount);
}

}  // namespace wick::vm::internal
