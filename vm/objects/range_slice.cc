// range (len, indexing, slicing, containment, iteration, reversed, repr, equality,
// index/count) and slice (repr, equality, indices()).
#include <string>

#include "absl/strings/str_cat.h"
#include "vm/objects/internal/objects_internal.h"
#include "vm/protocol.h"

namespace wick::vm {

Range::Range(int64_t start, int64_t stop, int64_t step) : start(start), stop(stop), step(step) {
  // Computed in unsigned arithmetic: stop - start may not fit in int64.
  if (step > 0 && start < stop) {
    length = static_cast<int64_t>((static_cast<uint64_t>(stop) - static_cast<uint64_t>(start) - 1) /
                                  static_cast<uint64_t>(step) + 1);
  } else if (step < 0 && start > stop) {
    length = static_cast<int64_t>((static_cast<uint64_t>(start) - static_cast<uint64_t>(stop) - 1) /
                                  (0 - static_cast<uint64_t>(step)) + 1);
  } else {
    length = 0;
  }
}

namespace internal {
namespace {

Range* R(const Value& v) { return v.as<Range>(); }

Value RangeRepr(Runtime& rt, const Value& v) {
  Range* r = R(v);
  if (r->step == 1) return rt.NewStr(absl::StrCat("range(", r->start, ", ", r->stop, ")"));
  return rt.NewStr(absl::StrCat("range(", r->start, ", ", r->stop, ", ", r->step, ")"));
}

int64_t RangeLen(Runtime&, const Value& v) { return R(v)->length; }

Value RangeGetItem(Runtime& rt, const Value& v, const Value& key) {
  Range* r = R(v);
  if (key.is_object() && key.object()->type() == rt.types().slice) {
    int64_t start, stop, step, count;
    if (!SliceIndices(rt, *key.as<Slice>(), r->length, &start, &stop, &step, &count)) {
      return Value::Raised();
    }
    int64_t new_step = r->step * step;
    int64_t new_start = r->start + start * r->step;
    return rt.NewRange(new_start, new_start + count * new_step, new_step);
  }
  int64_t i;
  if (!AsIndex(rt, key, &i, absl::StrCat("range indices must be integers or slices, not ",
                                         rt.TypeOf(key)->name()))) {
    return Value::Raised();
  }
  if (!NormalizeIndex(&i, r->length)) {
    return rt.Raise(rt.exc().index_error, "range object index out of range");
  }
  return Value::Int(r->At(i));
}

// Position of int x in the range, or -1.
int64_t RangeFind(const Range& r, int64_t x) {
  if (r.length == 0) return -1;
  __int128 d = static_cast<__int128>(x) - r.start;
  if (d % r.step != 0) return -1;
  __int128 i = d / r.step;
  return (i >= 0 && i < r.length) ? static_cast<int64_t>(i) : -1;
}

int RangeContains(Runtime& rt, const Value& v, const Value& key) {
  if (key.is_int_like()) return RangeFind(*R(v), key.as_int()) >= 0;
  Range* r = R(v);
  for (int64_t i = 0; i < r->length; ++i) {
    int eq = Equal(rt, Value::Int(r->At(i)), key);
    if (eq != 0) return eq;
  }
  return 0;
}

Value RangeCompare(Runtime& rt, const Value& a, const Value& b, CmpOp op) {
  if ((op != CmpOp::kEq && op != CmpOp::kNe) || rt.TypeOf(a) != rt.types().range ||
      rt.TypeOf(b) != rt.types().range) {
    return rt.NotImplemented();
  }
  Range* x = R(a);
  Range* y = R(b);
  bool eq = x->length == y->length &&
            (x->length == 0 || (x->start == y->start && (x->length == 1 || x->step == y->step)));
  return Value::Bool(op == CmpOp::kEq ? eq : !eq);
}

bool RangeHash(Runtime& rt, const Value& v, int64_t* out) {
  Range* r = R(v);
  std::vector<Value> key = {Value::Int(r->length), Value::None(), Value::None()};
  if (r->length > 0) key[1] = Value::Int(r->start);
  if (r->length > 1) key[2] = Value::Int(r->step);
  return TupleHash(rt, key, out);
}

Value RangeIter(Runtime& rt, const Value& v) { return NewSeqIterator(rt, v); }

Value RangeConstruct(Runtime& rt, Type*, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "range", kw)) return Value::Raised();
  if (args.empty()) return rt.Raise(rt.exc().type_error, "range expected at least 1 argument, got 0");
  if (args.size() > 3) {
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat("range expected at most 3 arguments, got ", args.size()));
  }
  int64_t v[3] = {0, 0, 1};
  for (size_t i = 0; i < args.size(); ++i) {
    if (!AsIndex(rt, args[i], &v[i], absl::StrCat("'", rt.TypeOf(args[i])->name(),
                                                  "' object cannot be interpreted as an integer"))) {
      return Value::Raised();
    }
  }
  if (args.size() == 1) return rt.NewRange(0, v[0], 1);
  if (v[2] == 0) return rt.Raise(rt.exc().value_error, "range() arg 3 must not be zero");
  return rt.NewRange(v[0], v[1], v[2]);
}

Value RangeIndex(Runtime& rt, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "index", kw) || !CheckArgCount(rt, "index", args, 2, 2)) return Value::Raised();
  int64_t i = args[1].is_int_like() ? RangeFind(*R(args[0]), args[1].as_int()) : -1;
  if (i < 0) {
    std::string r;
    if (!ReprString(rt, args[1], &r)) return Value::Raised();
    return rt.Raise(rt.exc().value_error, absl::StrCat(r, " is not in range"));
  }
  return Value::Int(i);
}

Value RangeCount(Runtime& rt, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "count", kw) || !CheckArgCount(rt, "count", args, 2, 2)) return Value::Raised();
  int c = RangeContains(rt, args[0], args[1]);
  return c < 0 ? Value::Raised() : Value::Int(c);
}

Value SliceRepr(Runtime& rt, const Value& v) {
  Slice* s = v.as<Slice>();
  std::string a, b, c;
  if (!ReprString(rt, s->start, &a) || !ReprString(rt, s->stop, &b) ||
      !ReprString(rt, s->step, &c)) {
    return Value::Raised();
  }
  return rt.NewStr(absl::StrCat("slice(", a, ", ", b, ", ", c, ")"));
}

Value SliceCompare(Runtime& rt, const Value& a, const Value& b, CmpOp op) {
  if (rt.TypeOf(a) != rt.types().slice || rt.TypeOf(b) != rt.types().slice) {
    return rt.NotImplemented();
  }
  Slice* x = a.as<Slice>();
  Slice* y = b.as<Slice>();
  return SequenceCompare(rt, {x->start, x->stop, x->step}, {y->start, y->stop, y->step}, op);
}

Value SliceConstruct(Runtime& rt, Type*, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "slice", kw)) return Value::Raised();
  if (args.empty() || args.size() > 3) {
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat("slice expected ", args.empty() ? "at least 1" : "at most 3",
                                 " argument", args.empty() ? "" : "s", ", got ", args.size()));
  }
  if (args.size() == 1) return rt.NewSlice(Value::None(), args[0], Value::None());
  return rt.NewSlice(args[0], args[1], args.size() > 2 ? args[2] : Value::None());
}

Value SliceIndicesMethod(Runtime& rt, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "indices", kw) || !CheckArgCount(rt, "indices", args, 2, 2)) {
    return Value::Raised();
  }
  int64_t n;
  if (!AsIndex(rt, args[1], &n, absl::StrCat("'", rt.TypeOf(args[1])->name(),
                                             "' object cannot be interpreted as an integer"))) {
    return Value::Raised();
  }
  if (n < 0) return rt.Raise(rt.exc().value_error, "length should not be negative");
  int64_t start, stop, step, count;
  if (!SliceIndices(rt, *args[0].as<Slice>(), n, &start, &stop, &step, &count)) {
    return Value::Raised();
  }
  return rt.NewTuple({Value::Int(start), Value::Int(stop), Value::Int(step)});
}

Value SliceGetAttr(Runtime& rt, const Value& v, Str* name) {
  Slice* s = v.as<Slice>();
  if (name->view() == "start") return s->start;
  if (name->view() == "stop") return s->stop;
  if (name->view() == "step") return s->step;
  return GenericGetAttr(rt, v, name);
}

Value RangeGetAttr(Runtime& rt, const Value& v, Str* name) {
  Range* r = R(v);
  if (name->view() == "start") return Value::Int(r->start);
  if (name->view() == "stop") return Value::Int(r->stop);
  if (name->view() == "step") return Value::Int(r->step);
  return GenericGetAttr(rt, v, name);
}

}  // namespace

void InitRangeSliceTypes(Runtime& rt) {
  Type* range = rt.types().range;
  TypeSlots& r = range->slots();
  r.repr = &RangeRepr;
  r.len = &RangeLen;
  r.getitem = &RangeGetItem;
  r.contains = &RangeContains;
  r.compare = &RangeCompare;
  r.hash = &RangeHash;
  r.iter = &RangeIter;
  r.construct = &RangeConstruct;
  r.getattr = &RangeGetAttr;
  rt.AddMethod(range, "index", &RangeIndex);
  rt.AddMethod(range, "count", &RangeCount);
  Type* slice = rt.types().slice;
  TypeSlots& s = slice->slots();
  s.repr = &SliceRepr;
  s.compare = &SliceCompare;
  s.hash = &UnhashableSlot;  // slices are unhashable before Python 3.12
  s.construct = &SliceConstruct;
  s.getattr = &SliceGetAttr;
  rt.AddMethod(slice, "indices", &SliceIndicesMethod);
}

}  // namespace internal
}  // namespace wick::vm
