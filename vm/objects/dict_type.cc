// The Python-visible dict: repr, equality, d[k] (KeyError with the key's repr),
// `in`, iteration, dict(...) construction, `|`, and the methods keys values items get
// pop popitem setdefault update copy clear; plus the keys/values/items views.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "vm/objects/dict.h"
#include "vm/objects/internal/objects_internal.h"
#include "vm/objects/set.h"
#include "vm/protocol.h"

namespace wick::vm::internal {
namespace {

#define WICK_DICT_METHOD(Name) Value Name(Runtime& rt, Args args, const KwArgs& kw)

Dict* D(const Value& v) { return v.as<Dict>(); }

Value DictRepr(Runtime& rt, const Value& v) {
  Dict* d = D(v);
  if (d->size() == 0) return rt.NewStr("{}");
  if (!rt.ReprEnter(d)) return rt.NewStr("{...}");
  std::string out = "{";
  size_t pos = 0;
  const Dict::Entry* e;
  bool first = true;
  while (d->Next(&pos, &e)) {
    Value k = e->key, val = e->value;  // hold: repr may mutate the dict
    Value kr = Repr(rt, k);
    if (kr.is_raised()) {
      rt.ReprLeave(d);
      return kr;
    }
    Value vr = Repr(rt, val);
    if (vr.is_raised()) {
      rt.ReprLeave(d);
      return vr;
    }
    absl::StrAppend(&out, first ? "" : ", ", StrView(kr), ": ", StrView(vr));
    first = false;
  }
  rt.ReprLeave(d);
  out += "}";
  return rt.NewStr(std::move(out));
}

Value DictCompare(Runtime& rt, const Value& a, const Value& b, CmpOp op) {
  if ((op != CmpOp::kEq && op != CmpOp::kNe) || !rt.IsInstance(a, rt.types().dict) ||
      !rt.IsInstance(b, rt.types().dict)) {
    return rt.NotImplemented();
  }
  Dict* x = D(a);
  Dict* y = D(b);
  bool equal = x->size() == y->size();
  size_t pos = 0;
  const Dict::Entry* e;
  while (equal && x->Next(&pos, &e)) {
    Value k = e->key, v = e->value;
    bool error;
    const Value* other = y->Get(rt, k, &error);
    if (error) return Value::Raised();
    if (other == nullptr) {
      equal = false;
      break;
    }
    Value ov = *other;
    int eq = Equal(rt, v, ov);
    if (eq < 0) return Value::Raised();
    equal = eq;
  }
  return Value::Bool(op == CmpOp::kEq ? equal : !equal);
}

int64_t DictLen(Runtime&, const Value& v) { return D(v)->size(); }

Value DictGetItem(Runtime& rt, const Value& v, const Value& key) {
  bool error;
  const Value* r = D(v)->Get(rt, key, &error);
  if (error) return Value::Raised();
  if (r == nullptr) {
    // A subclass may define __missing__.
    if (rt.TypeOf(v)->is_heap() && rt.TypeOf(v)->Lookup("__missing__") != nullptr) {
      return CallMethod(rt, v, "__missing__", {key});
    }
    return rt.RaiseKeyError(key);
  }
  return *r;
}

bool DictSetItem(Runtime& rt, const Value& v, const Value& key, const Value* value) {
  if (value != nullptr) return D(v)->Set(rt, key, *value);
  int r = D(v)->Remove(rt, key);
  if (r == 0) rt.RaiseKeyError(key);
  return r == 1;
}

int DictContains(Runtime& rt, const Value& v, const Value& key) {
  bool error;
  const Value* r = D(v)->Get(rt, key, &error);
  return error ? -1 : r != nullptr;
}

Value DictIter(Runtime& rt, const Value& v) {
  return NewDictIterator(rt, rt.types().dict_keyiterator, v);
}

// dict.update / dict(...) body: a mapping (dict or object with keys()), or an iterable
// of pairs, then keyword arguments.
bool UpdateFrom(Runtime& rt, Dict* d, const Value* src, const KwArgs& kw) {
  if (src != nullptr) {
    if (rt.IsInstance(*src, rt.types().dict)) {
      Dict* s = D(*src);
      std::vector<std::pair<Value, Value>> items;
      size_t pos = 0;
      const Dict::Entry* e;
      while (s->Next(&pos, &e)) items.emplace_back(e->key, e->value);
      for (auto& [k, v] : items) {
        if (!d->Set(rt, k, v)) return false;
      }
    } else if (rt.TypeOf(*src)->Lookup("keys") != nullptr) {
      Value keys = CallMethod(rt, *src, "keys", {});
      if (keys.is_raised()) return false;
      std::vector<Value> ks;
      if (!Unpack(rt, keys, &ks)) return false;
      for (const Value& k : ks) {
        Value v = GetItem(rt, *src, k);
        if (v.is_raised() || !d->Set(rt, k, v)) return false;
      }
    } else {
      Value it = GetIter(rt, *src);
      if (it.is_raised()) return false;
      for (int64_t i = 0;; ++i) {
        Value item = Next(rt, it);
        if (item.is_raised()) {
          if (rt.HasPending()) return false;
          break;
        }
        std::vector<Value> pair;
        if (!rt.IsTuple(item) && !rt.IsList(item) && rt.TypeOf(item)->slots().iter == nullptr) {
          rt.Raise(rt.exc().type_error,
                   absl::StrCat("cannot convert dictionary update sequence element #", i,
                                " to a sequence"));
          return false;
        }
        if (!Unpack(rt, item, &pair)) return false;
        if (pair.size() != 2) {
          rt.Raise(rt.exc().value_error,
                   absl::StrCat("dictionary update sequence element #", i, " has length ",
                                pair.size(), "; 2 is required"));
          return false;
        }
        if (!d->Set(rt, pair[0], pair[1])) return false;
      }
    }
  }
  for (size_t i = 0; i < kw.size(); ++i) {
    if (!d->Set(rt, kw.names()[i], kw.value(i))) return false;
  }
  return true;
}

Value DictConstruct(Runtime& rt, Type* type, Args args, const KwArgs& kw) {
  if (args.size() > 1) {
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat("dict expected at most 1 argument, got ", args.size()));
  }
  Value d = type == rt.types().dict ? rt.NewDict() : Value::Steal(rt.Alloc<Dict>(type));
  if (!UpdateFrom(rt, D(d), args.empty() ? nullptr : &args[0], kw)) return Value::Raised();
  return d;
}

Value DictOr(Runtime& rt, const Value& a, const Value& b) {
  if (!rt.IsInstance(a, rt.types().dict) || !rt.IsInstance(b, rt.types().dict)) {
    return rt.NotImplemented();
  }
  Value out = rt.NewDict();
  if (!UpdateFrom(rt, D(out), &a, {}) || !UpdateFrom(rt, D(out), &b, {})) return Value::Raised();
  return out;
}

Value DictInPlaceOr(Runtime& rt, const Value& a, const Value& b) {
  if (!UpdateFrom(rt, D(a), &b, {})) return Value::Raised();
  return a;
}

WICK_DICT_METHOD(DictKeys) {
  if (!CheckArgCount(rt, "keys", args, 1, 1)) return Value::Raised();
  return NewDictView(rt, rt.types().dict_keys, args[0]);
}
WICK_DICT_METHOD(DictValues) {
  if (!CheckArgCount(rt, "values", args, 1, 1)) return Value::Raised();
  return NewDictView(rt, rt.types().dict_values, args[0]);
}
WICK_DICT_METHOD(DictItems) {
  if (!CheckArgCount(rt, "items", args, 1, 1)) return Value::Raised();
  return NewDictView(rt, rt.types().dict_items, args[0]);
}

WICK_DICT_METHOD(DictGet) {
  if (!NoKwargs(rt, "get", kw) || !CheckArgCount(rt, "get", args, 2, 3)) return Value::Raised();
  bool error;
  const Value* r = D(args[0])->Get(rt, args[1], &error);
  if (error) return Value::Raised();
  if (r != nullptr) return *r;
  return args.size() > 2 ? args[2] : Value::None();
}

WICK_DICT_METHOD(DictPop) {
  if (!NoKwargs(rt, "pop", kw) || !CheckArgCount(rt, "pop", args, 2, 3)) return Value::Raised();
  Value out;
  int r = D(args[0])->Remove(rt, args[1], &out);
  if (r < 0) return Value::Raised();
  if (r == 1) return out;
  if (args.size() > 2) return args[2];
  return rt.RaiseKeyError(args[1]);
}

WICK_DICT_METHOD(DictPopItem) {
  if (!CheckArgCount(rt, "popitem", args, 1, 1)) return Value::Raised();
  Dict* d = D(args[0]);
  if (d->size() == 0) {
    return rt.RaiseKeyError(rt.NewStr("popitem(): dictionary is empty"));
  }
  const auto& entries = d->entries();
  for (size_t i = entries.size(); i-- > 0;) {
    if (entries[i].key.is_raised()) continue;
    Value k = entries[i].key;
    Value v;
    if (d->Remove(rt, k, &v) < 0) return Value::Raised();
    return rt.NewTuple({k, v});
  }
  return Value::None();
}

WICK_DICT_METHOD(DictSetDefault) {
  if (!NoKwargs(rt, "setdefault", kw) || !CheckArgCount(rt, "setdefault", args, 2, 3)) {
    return Value::Raised();
  }
  bool error;
  const Value* r = D(args[0])->Get(rt, args[1], &error);
  if (error) return Value::Raised();
  if (r != nullptr) return *r;
  Value dflt = args.size() > 2 ? args[2] : Value::None();
  if (!D(args[0])->Set(rt, args[1], dflt)) return Value::Raised();
  return dflt;
}

WICK_DICT_METHOD(DictUpdate) {
  if (args.size() > 2) {
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat("update expected at most 1 argument, got ", args.size() - 1));
  }
  if (!UpdateFrom(rt, D(args[0]), args.size() > 1 ? &args[1] : nullptr, kw)) {
    return Value::Raised();
  }
  return Value::None();
}

WICK_DICT_METHOD(DictCopy) {
  if (!CheckArgCount(rt, "copy", args, 1, 1)) return Value::Raised();
  Value out = rt.NewDict();
  if (!UpdateFrom(rt, D(out), &args[0], {})) return Value::Raised();
  return out;
}

WICK_DICT_METHOD(DictClear) {
  if (!CheckArgCount(rt, "clear", args, 1, 1)) return Value::Raised();
  D(args[0])->Clear();
  return Value::None();
}

// dict.fromkeys(iterable, value=None), a classmethod: args[0] is the class.
WICK_DICT_METHOD(DictFromKeys) {
  if (!NoKwargs(rt, "fromkeys", kw)) return Value::Raised();
  if (args.size() < 2 || args.size() > 3) {
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat("fromkeys expected ", args.size() < 2 ? "at least 1 argument"
                                                                       : "at most 2 arguments",
                                 ", got ", args.size() - 1));
  }
  std::vector<Value> keys;
  if (!Unpack(rt, args[1], &keys)) return Value::Raised();
  Value value = args.size() > 2 ? args[2] : Value::None();
  Value out = rt.NewDict();
  for (const Value& k : keys) {
    if (!D(out)->Set(rt, k, value)) return Value::Raised();
  }
  return out;
}

// Views: dict_keys([...]) etc. They hold the dict and read it live.
struct DictView : public Object {
  explicit DictView(Value d) : dict(std::move(d)) {}
  void ClearRefs() override { dict = Value(); }
  void Traverse(Visitor visit, void* arg) const override { VisitValue(dict, visit, arg); }
  Value dict;
};

Value ViewRepr(Runtime& rt, const Value& v) {
  DictView* view = v.as<DictView>();
  Type* t = rt.TypeOf(v);
  Value it = NewDictIterator(rt, t == rt.types().dict_keys     ? rt.types().dict_keyiterator
                                 : t == rt.types().dict_values ? rt.types().dict_valueiterator
                                                               : rt.types().dict_itemiterator,
                             view->dict);
  std::vector<Value> items;
  if (!Unpack(rt, it, &items)) return Value::Raised();
  if (!rt.ReprEnter(v.object())) return rt.NewStr("...");
  Value r = SequenceRepr(rt, items, absl::StrCat(t->name(), "(["), "])", false);
  rt.ReprLeave(v.object());
  return r;
}

int64_t ViewLen(Runtime&, const Value& v) { return D(v.as<DictView>()->dict)->size(); }

Value ViewIter(Runtime& rt, const Value& v) {
  Type* t = rt.TypeOf(v);
  return NewDictIterator(rt, t == rt.types().dict_keys     ? rt.types().dict_keyiterator
                             : t == rt.types().dict_values ? rt.types().dict_valueiterator
                                                           : rt.types().dict_itemiterator,
                         v.as<DictView>()->dict);
}

int ViewContains(Runtime& rt, const Value& v, const Value& key) {
  Type* t = rt.TypeOf(v);
  const Value& d = v.as<DictView>()->dict;
  if (t == rt.types().dict_keys) return DictContains(rt, d, key);
  if (t == rt.types().dict_items) {
    if (!rt.IsTuple(key) || TupleItems(key).size() != 2) return 0;
    bool error;
    const Value* r = D(d)->Get(rt, TupleItems(key)[0], &error);
    if (error) return -1;
    if (r == nullptr) return 0;
    Value held = *r;
    return Equal(rt, held, TupleItems(key)[1]);
  }
  return Contains(rt, ViewIter(rt, v), key);
}

}  // namespace

Value NewDictView(Runtime& rt, Type* kind, Value dict) {
  return Value::Steal(rt.Alloc<DictView>(kind, std::move(dict)));
}

void InitDictType(Runtime& rt) {
  Type* t = rt.types().dict;
  TypeSlots& s = t->slots();
  s.repr = &DictRepr;
  s.compare = &DictCompare;
  s.len = &DictLen;
  s.getitem = &DictGetItem;
  s.setitem = &DictSetItem;
  s.contains = &DictContains;
  s.iter = &DictIter;
  s.construct = &DictConstruct;
  s.binary[static_cast<int>(BinOp::kOr)] = &DictOr;
  s.inplace[static_cast<int>(BinOp::kOr)] = &DictInPlaceOr;
  rt.AddMethod(t, "keys", &DictKeys);
  rt.AddMethod(t, "values", &DictValues);
  rt.AddMethod(t, "items", &DictItems);
  rt.AddMethod(t, "get", &DictGet);
  rt.AddMethod(t, "pop", &DictPop);
  rt.AddMethod(t, "popitem", &DictPopItem);
  rt.AddMethod(t, "setdefault", &DictSetDefault);
  rt.AddMethod(t, "update", &DictUpdate);
  rt.AddMethod(t, "copy", &DictCopy);
  rt.AddMethod(t, "clear", &DictClear);
  AddClassMethod(rt, t, "fromkeys", &DictFromKeys);
  for (Type* v : {rt.types().dict_keys, rt.types().dict_values, rt.types().dict_items}) {
    v->slots().repr = &ViewRepr;
    v->slots().len = &ViewLen;
    v->slots().iter = &ViewIter;
    v->slots().contains = &ViewContains;
  }
}

}  // namespace wick::vm::internal
