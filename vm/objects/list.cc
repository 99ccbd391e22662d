// list: slots (repr with `[...]` recursion guard, comparison, + * +=, indexing,
// slicing with steps, slice assignment and deletion) and methods (append extend insert
// pop remove index count reverse sort copy clear). Loops re-read the size after any
// call into user code, so mutation during __eq__ or a sort key cannot crash.
#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "vm/objects/internal/objects_internal.h"
#include "vm/protocol.h"

namespace wick::vm::internal {
namespace {

#define WICK_LIST_METHOD(Name) Value Name(Runtime& rt, Args args, const KwArgs& kw)

bool IsListLike(Runtime& rt, const Value& v) { return rt.IsInstance(v, rt.types().list); }

Value ListRepr(Runtime& rt, const Value& v) {
  if (ListItems(v).empty()) return rt.NewStr("[]");
  if (!rt.ReprEnter(v.object())) return rt.NewStr("[...]");
  Value r = SequenceRepr(rt, ListItems(v), "[", "]", false);
  rt.ReprLeave(v.object());
  return r;
}

Value ListCompare(Runtime& rt, const Value& a, const Value& b, CmpOp op) {
  if (!IsListLike(rt, a) || !IsListLike(rt, b)) return rt.NotImplemented();
  return SequenceCompare(rt, ListItems(a), ListItems(b), op);
}

Value ListAdd(Runtime& rt, const Value& a, const Value& b) {
  if (!IsListLike(rt, a) || !IsListLike(rt, b)) return rt.NotImplemented();
  std::vector<Value> out = ListItems(a);
  out.insert(out.end(), ListItems(b).begin(), ListItems(b).end());
  return rt.NewList(std::move(out));
}

Value ListMul(Runtime& rt, const Value& a, const Value& b) {
  bool left = IsListLike(rt, a);
  const Value& l = left ? a : b;
  const Value& n = left ? b : a;
  if (!n.is_int_like()) return rt.NotImplemented();
  std::vector<Value> items = ListItems(l);
  int64_t count = n.as_int();
  std::vector<Value> out;
  if (count > 0 && !items.empty()) {
    // MemoryError as CPython's: past the largest size, or what the allocator refuses.
    if (count > INT64_MAX / 16 / static_cast<int64_t>(items.size())) return rt.RaiseNoMemory();
    out.reserve(items.size() * count);
    for (int64_t i = 0; i < count; ++i) out.insert(out.end(), items.begin(), items.end());
  }
  return rt.NewList(std::move(out));
}

Value ListInPlaceAdd(Runtime& rt, const Value& a, const Value& b) {
  std::vector<Value> extra;
  if (!Unpack(rt, b, &extra)) return Value::Raised();
  std::vector<Value>& items = ListItems(a);
  items.insert(items.end(), extra.begin(), extra.end());
  return a;
}

Value ListInPlaceMul(Runtime& rt, const Value& a, const Value& b) {
  if (!b.is_int_like()) return rt.NotImplemented();
  Value r = ListMul(rt, a, b);
  if (r.is_raised()) return r;
  ListItems(a).swap(ListItems(r));
  return a;
}

int64_t ListLen(Runtime&, const Value& v) { return static_cast<int64_t>(ListItems(v).size()); }

Value ListGetItem(Runtime& rt, const Value& v, const Value& key) {
  std::vector<Value>& items = ListItems(v);
  int64_t n = static_cast<int64_t>(items.size());
  if (key.is_int_like()) {
    int64_t i = key.as_int();
    if (!NormalizeIndex(&i, n)) return rt.Raise(rt.exc().index_error, "list index out of range");
    return items[i];
  }
  if (key.is_object() && key.object()->type() == rt.types().slice) {
    int64_t start, stop, step, count;
    if (!SliceIndices(rt, *key.as<Slice>(), n, &start, &stop, &step, &count)) {
      return Value::Raised();
    }
    // SliceIndices may run __index__ code that resized the list.
    if (static_cast<int64_t>(items.size()) != n) return ListGetItem(rt, v, key);
    return rt.NewList(SliceItems(items, start, step, count));
  }
  int64_t i;
  if (!AsIndex(rt, key, &i, absl::StrCat("list indices must be integers or slices, not ",
                                         rt.TypeOf(key)->name()))) {
    return Value::Raised();
  }
  if (!NormalizeIndex(&i, static_cast<int64_t>(items.size()))) {
    return rt.Raise(rt.exc().index_error, "list index out of range");
  }
  return items[i];
}

bool ListSetSlice(Runtime& rt, const Value& v, const Slice& slice, const Value* value) {
  std::vector<Value> repl;
  if (value != nullptr && !Unpack(rt, *value, &repl)) return false;
  std::vector<Value>& items = ListItems(v);
  int64_t start, stop, step, count;
  if (!SliceIndices(rt, slice, static_cast<int64_t>(items.size()), &start, &stop, &step, &count)) {
    return false;
  }
  std::vector<Value> old;  // released after the list is consistent
  if (step == 1) {
    if (stop < start) stop = start;
    old.assign(items.begin() + start, items.begin() + stop);
    items.erase(items.begin() + start, items.begin() + stop);
    items.insert(items.begin() + start, repl.begin(), repl.end());
    return true;
  }
  if (value == nullptr) {
    std::vector<Value> kept;
    kept.reserve(items.size() - count);
    int64_t lo = step > 0 ? start : start + (count - 1) * step;
    int64_t st = step > 0 ? step : -step;
    for (int64_t i = 0; i < static_cast<int64_t>(items.size()); ++i) {
      bool hit = i >= lo && (i - lo) % st == 0 && (i - lo) / st < count;
      (hit ? old : kept).push_back(std::move(items[i]));
    }
    items.swap(kept);
    return true;
  }
  if (static_cast<int64_t>(repl.size()) != count) {
    rt.Raise(rt.exc().value_error,
             absl::StrCat("attempt to assign sequence of size ", repl.size(),
                          " to extended slice of size ", count));
    return false;
  }
  for (int64_t i = 0, j = start; i < count; ++i, j += step) {
    old.push_back(std::exchange(items[j], std::move(repl[i])));
  }
  return true;
}

bool ListSetItem(Runtime& rt, const Value& v, const Value& key, const Value* value) {
  if (key.is_object() && key.object()->type() == rt.types().slice) {
    return ListSetSlice(rt, v, *key.as<Slice>(), value);
  }
  int64_t i;
  if (!AsIndex(rt, key, &i, absl::StrCat("list indices must be integers or slices, not ",
                                         rt.TypeOf(key)->name()))) {
    return false;
  }
  std::vector<Value>& items = ListItems(v);
  if (!NormalizeIndex(&i, static_cast<int64_t>(items.size()))) {
    rt.Raise(rt.exc().index_error, value ? "list assignment index out of range"
                                         : "list assignment index out of range");
    return false;
  }
  if (value == nullptr) {
    Value old = std::move(items[i]);
    items.erase(items.begin() + i);
  } else {
    Value old = std::exchange(items[i], *value);
  }
  return true;
}

int ListContains(Runtime& rt, const Value& v, const Value& key) {
  std::vector<Value>& items = ListItems(v);
  for (size_t i = 0; i < items.size(); ++i) {
    Value item = items[i];
    int eq = Equal(rt, item, key);
    if (eq != 0) return eq;
  }
  return 0;
}

Value ListIter(Runtime& rt, const Value& v) { return NewSeqIterator(rt, v); }

Value ListConstruct(Runtime& rt, Type*, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "list", kw)) return Value::Raised();
  if (args.size() > 1) {
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat("list expected at most 1 argument, got ", args.size()));
  }
  std::vector<Value> items;
  if (!args.empty() && !Unpack(rt, args[0], &items)) return Value::Raised();
  return rt.NewList(std::move(items));
}

WICK_LIST_METHOD(ListAppend) {
  if (!NoKwargs(rt, "append", kw) || !CheckArgCount(rt, "append", args, 2, 2)) return Value::Raised();
  ListItems(args[0]).push_back(args[1]);
  return Value::None();
}

WICK_LIST_METHOD(ListExtend) {
  if (!NoKwargs(rt, "extend", kw) || !CheckArgCount(rt, "extend", args, 2, 2)) return Value::Raised();
  Value r = ListInPlaceAdd(rt, args[0], args[1]);
  return r.is_raised() ? r : Value::None();
}

WICK_LIST_METHOD(ListInsert) {
  if (!NoKwargs(rt, "insert", kw) || !CheckArgCount(rt, "insert", args, 3, 3)) return Value::Raised();
  int64_t i;
  if (!AsIndex(rt, args[1], &i, absl::StrCat("'", rt.TypeOf(args[1])->name(),
                                             "' object cannot be interpreted as an integer"))) {
    return Value::Raised();
  }
  std::vector<Value>& items = ListItems(args[0]);
  int64_t n = static_cast<int64_t>(items.size());
  if (i < 0) i = std::max<int64_t>(0, i + n);
  i = std::min(i, n);
  items.insert(items.begin() + i, args[2]);
  return Value::None();
}

WICK_LIST_METHOD(ListPop) {
  if (!NoKwargs(rt, "pop", kw) || !CheckArgCount(rt, "pop", args, 1, 2)) return Value::Raised();
  int64_t i = -1;
  if (args.size() > 1 &&
      !AsIndex(rt, args[1], &i, absl::StrCat("'", rt.TypeOf(args[1])->name(),
                                             "' object cannot be interpreted as an integer"))) {
    return Value::Raised();
  }
  std::vector<Value>& items = ListItems(args[0]);
  if (items.empty()) return rt.Raise(rt.exc().index_error, "pop from empty list");
  if (!NormalizeIndex(&i, static_cast<int64_t>(items.size()))) {
    return rt.Raise(rt.exc().index_error, "pop index out of range");
  }
  Value v = std::move(items[i]);
  items.erase(items.begin() + i);
  return v;
}

// Position of the first item equal to x, -1 when absent, -2 on error.
int64_t FindItem(Runtime& rt, const Value& list, const Value& x, int64_t start, int64_t stop) {
  std::vector<Value>& items = ListItems(list);
  for (int64_t i = start; i < stop && i < static_cast<int64_t>(items.size()); ++i) {
    Value item = items[i];
    int eq = Equal(rt, item, x);
    if (eq < 0) return -2;
    if (eq) return i;
  }
  return -1;
}

WICK_LIST_METHOD(ListRemove) {
  if (!NoKwargs(rt, "remove", kw) || !CheckArgCount(rt, "remove", args, 2, 2)) return Value::Raised();
  int64_t i = FindItem(rt, args[0], args[1], 0, INT64_MAX);
  if (i == -2) return Value::Raised();
  if (i == -1) return rt.Raise(rt.exc().value_error, "list.remove(x): x not in list");
  std::vector<Value>& items = ListItems(args[0]);
  Value old = std::move(items[i]);
  items.erase(items.begin() + i);
  return Value::None();
}

WICK_LIST_METHOD(ListIndex) {
  if (!NoKwargs(rt, "index", kw) || !CheckArgCount(rt, "index", args, 2, 4)) return Value::Raised();
  int64_t n = static_cast<int64_t>(ListItems(args[0]).size());
  int64_t start = 0, stop = n;
  const char* what = "slice indices must be integers or have an __index__ method";
  if (args.size() > 2 && !AsIndex(rt, args[2], &start, what)) return Value::Raised();
  if (args.size() > 3 && !AsIndex(rt, args[3], &stop, what)) return Value::Raised();
  if (start < 0) start = std::max<int64_t>(0, start + n);
  if (stop < 0) stop = std::max<int64_t>(0, stop + n);
  int64_t i = FindItem(rt, args[0], args[1], start, stop);
  if (i == -2) return Value::Raised();
  if (i == -1) {
    std::string r;
    if (!ReprString(rt, args[1], &r)) return Value::Raised();
    return rt.Raise(rt.exc().value_error, absl::StrCat(r, " is not in list"));
  }
  return Value::Int(i);
}

WICK_LIST_METHOD(ListCount) {
  if (!NoKwargs(rt, "count", kw) || !CheckArgCount(rt, "count", args, 2, 2)) return Value::Raised();
  std::vector<Value>& items = ListItems(args[0]);
  int64_t n = 0;
  for (size_t i = 0; i < items.size(); ++i) {
    Value item = items[i];
    int eq = Equal(rt, item, args[1]);
    if (eq < 0) return Value::Raised();
    n += eq;
  }
  return Value::Int(n);
}

WICK_LIST_METHOD(ListReverse) {
  if (!CheckArgCount(rt, "reverse", args, 1, 1)) return Value::Raised();
  std::reverse(ListItems(args[0]).begin(), ListItems(args[0]).end());
  return Value::None();
}

WICK_LIST_METHOD(ListCopy) {
  if (!CheckArgCount(rt, "copy", args, 1, 1)) return Value::Raised();
  return rt.NewList(ListItems(args[0]));
}

WICK_LIST_METHOD(ListClear) {
  if (!CheckArgCount(rt, "clear", args, 1, 1)) return Value::Raised();
  std::vector<Value> old;
  old.swap(ListItems(args[0]));
  return Value::None();
}

// Stable merge sort over (key, value) pairs with a comparison that can raise. Unlike
// std::stable_sort it tolerates inconsistent user comparisons (never reads out of
// bounds) and stops comparing after the first error.
struct SortItem {
  Value key;
  Value value;
};

bool LessThan(Runtime& rt, const SortItem& a, const SortItem& b, bool* error) {
  if (*error) return false;
  int r = CompareBool(rt, a.key, b.key, CmpOp::kLt);
  if (r < 0) *error = true;
  return r > 0;
}

void MergeSort(Runtime& rt, std::vector<SortItem>& v, std::vector<SortItem>& tmp, size_t lo,
               size_t hi, bool* error) {
  if (hi - lo < 2 || *error) return;
  if (hi - lo <= 16) {
    // Binary-free insertion sort: stable, few moves for short runs.
    for (size_t i = lo + 1; i < hi; ++i) {
      size_t j = i;
      while (j > lo && LessThan(rt, v[j], v[j - 1], error)) {
        std::swap(v[j], v[j - 1]);
        --j;
      }
    }
    return;
  }
  size_t mid = lo + (hi - lo) / 2;
  MergeSort(rt, v, tmp, lo, mid, error);
  MergeSort(rt, v, tmp, mid, hi, error);
  if (*error || !LessThan(rt, v[mid], v[mid - 1], error)) return;
  size_t i = lo, j = mid, k = lo;
  while (i < mid && j < hi) {
    // Take from the right only when strictly less: keeps equal items in order.
    if (LessThan(rt, v[j], v[i], error)) tmp[k++] = std::move(v[j++]);
    else tmp[k++] = std::move(v[i++]);
  }
  while (i < mid) tmp[k++] = std::move(v[i++]);
  while (j < hi) tmp[k++] = std::move(v[j++]);
  for (size_t x = lo; x < hi; ++x) v[x] = std::move(tmp[x]);
}

WICK_LIST_METHOD(ListSort) {
  if (args.size() > 1) return rt.Raise(rt.exc().type_error, "sort() takes no positional arguments");
  Value key, reverse = Value::Bool(false);
  for (size_t i = 0; i < kw.size(); ++i) {
    if (kw.name(i) == "key") key = kw.value(i);
    else if (kw.name(i) == "reverse") reverse = kw.value(i);
    else {
      return rt.Raise(rt.exc().type_error, absl::StrCat("'", kw.name(i),
                                                        "' is an invalid keyword argument for sort()"));
    }
  }
  int rev = Truthy(rt, reverse);
  if (rev < 0) return Value::Raised();
  // Like CPython, the list is empty while sorting, so user code sees a stable state.
  std::vector<Value> values;
  values.swap(ListItems(args[0]));
  std::vector<SortItem> work;
  work.reserve(values.size());
  bool error = false;
  for (Value& v : values) {
    Value k = v;
    if (!key.is_none()) {
      k = Call(rt, key, {v});
      if (k.is_raised()) {
        error = true;
        break;
      }
    }
    work.push_back(SortItem{std::move(k), std::move(v)});
  }
  if (!error) {
    // reverse=True keeps equal items in original order: reverse, stable sort, reverse.
    if (rev) std::reverse(work.begin(), work.end());
    bool int_keys = std::all_of(work.begin(), work.end(),
                                [](const SortItem& i) { return i.key.is_int_like(); });
    if (int_keys) {
      // Ints compare without user code or errors: the same stable order, minus the
      // protocol dispatch per comparison.
      std::stable_sort(work.begin(), work.end(), [](const SortItem& a, const SortItem& b) {
        return a.key.as_int() < b.key.as_int();
      });
    } else {
      std::vector<SortItem> tmp(work.size());
      MergeSort(rt, work, tmp, 0, work.size(), &error);
    }
    if (rev) std::reverse(work.begin(), work.end());
  }
  bool modified = !ListItems(args[0]).empty();
  std::vector<Value> sorted;
  sorted.reserve(values.size());
  if (work.size() == values.size()) {
    for (SortItem& s : work) sorted.push_back(std::move(s.value));
  } else {
    sorted = std::move(values);  // key failed part way: restore the original order
    for (size_t i = 0; i < work.size(); ++i) sorted[i] = std::move(work[i].value);
  }
  std::vector<Value> during;
  during.swap(ListItems(args[0]));
  ListItems(args[0]).swap(sorted);
  if (error) return Value::Raised();
  if (modified) return rt.Raise(rt.exc().value_error, "list modified during sort");
  return Value::None();
}

}  // namespace

void InitListType(Runtime& rt) {
  Type* t = rt.types().list;
  TypeSlots& s = t->slots();
  s.repr = &ListRepr;
  s.compare = &ListCompare;
  s.binary[static_cast<int>(BinOp::kAdd)] = &ListAdd;
  s.binary[static_cast<int>(BinOp::kMul)] = &ListMul;
  s.inplace[static_cast<int>(BinOp::kAdd)] = &ListInPlaceAdd;
  s.inplace[static_cast<int>(BinOp::kMul)] = &ListInPlaceMul;
  s.len = &ListLen;
  s.getitem = &ListGetItem;
  s.setitem = &ListSetItem;
  s.contains = &ListContains;
  s.iter = &ListIter;
  s.construct = &ListConstruct;
  rt.AddMethod(t, "append", &ListAppend);
  rt.AddMethod(t, "extend", &ListExtend);
  rt.AddMethod(t, "insert", &ListInsert);
  rt.AddMethod(t, "pop", &ListPop);
  rt.AddMethod(t, "remove", &ListRemove);
  rt.AddMethod(t, "index", &ListIndex);
  rt.AddMethod(t, "count", &ListCount);
  rt.AddMethod(t, "reverse", &ListReverse);
  rt.AddMethod(t, "copy", &ListCopy);
  rt.AddMethod(t, "clear", &ListClear);
  rt.AddMethod(t, "sort", &ListSort);
}

}  // namespace wick::vm::internal
