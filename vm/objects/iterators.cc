// Iterator objects: over sequences (list, tuple, str, range, __getitem__ classes),
// reversed lists, dict keys/values/items (RuntimeError on resize), sets, and the
// enumerate, zip, map, filter and reversed builtins. Each follows the iterator
// convention of protocol.h (Raised() without a pending exception = exhausted).
#include <vector>

#include "absl/strings/str_cat.h"
#include "vm/objects/dict.h"
#include "vm/objects/internal/objects_internal.h"
#include "vm/objects/unicode.h"
#include "vm/objects/set.h"
#include "vm/protocol.h"

namespace wick::vm::internal {
namespace {

// An iterator over a sequence by index; `seq` becomes None once exhausted.
struct SeqIter : public Object {
  explicit SeqIter(Value s) : seq(std::move(s)) {}
  void ClearRefs() override { seq = Value(); }
  Value seq;
  int64_t index = 0;
};

Value Exhausted() { return Value::Raised(); }

Value SelfIter(Runtime&, const Value& v) { return v; }

Value SeqIterNext(Runtime& rt, const Value& it) {
  SeqIter* s = it.as<SeqIter>();
  if (s->seq.is_none()) return Exhausted();
  Object* o = s->seq.object();
  Layout l = o->type()->layout();
  if (l == Layout::kList || l == Layout::kTuple) {
    const std::vector<Value>& items = l == Layout::kList ? static_cast<List*>(o)->items
                                                         : static_cast<Tuple*>(o)->items;
    if (s->index < static_cast<int64_t>(items.size())) return items[s->index++];
  } else if (l == Layout::kStr) {
    // `index` is a byte offset: one step covers a whole UTF-8 character.
    absl::string_view text = static_cast<Str*>(o)->view();
    if (s->index < static_cast<int64_t>(text.size())) {
      size_t start = s->index, end = start;
      DecodeUtf8At(text, &end);
      s->index = static_cast<int64_t>(end);
      return rt.NewStr(text.substr(start, end - start));
    }
  } else if (l == Layout::kRange) {
    Range* r = static_cast<Range*>(o);
    if (s->index < r->length) return Value::Int(r->At(s->index++));
  } else {
    Value item = GetItem(rt, s->seq, Value::Int(s->index));
    if (!item.is_raised()) {
      ++s->index;
      return item;
    }
    if (!rt.ExceptionMatches(rt.exc().index_error) &&
        !rt.ExceptionMatches(rt.exc().stop_iteration)) {
      return item;
    }
    rt.ClearException();
  }
  s->seq = Value();
  return Exhausted();
}

struct ListRevIter : public Object {
  explicit ListRevIter(Value l) : list(std::move(l)), index(ListItems(list).size()) {}
  void ClearRefs() override { list = Value(); }
  Value list;
  int64_t index;
};

Value ListRevIterNext(Runtime&, const Value& it) {
  ListRevIter* s = it.as<ListRevIter>();
  if (s->list.is_none()) return Exhausted();
  std::vector<Value>& items = ListItems(s->list);
  if (s->index > 0 && s->index <= static_cast<int64_t>(items.size())) return items[--s->index];
  s->list = Value();
  return Exhausted();
}

struct DictIter : public Object {
  explicit DictIter(Value d) : dict(std::move(d)), size(dict.as<Dict>()->size()) {}
  void ClearRefs() override { dict = Value(); }
  Value dict;
  size_t pos = 0;
  int64_t size;
};

Value DictIterNext(Runtime& rt, const Value& it) {
  DictIter* s = it.as<DictIter>();
  if (s->dict.is_none()) return Exhausted();
  Dict* d = s->dict.as<Dict>();
  if (d->size() != s->size) {
    s->size = -1;  // keep raising, as CPython does
    return rt.Raise(rt.exc().runtime_error, "dictionary changed size during iteration");
  }
  const Dict::Entry* e;
  if (!d->Next(&s->pos, &e)) {
    s->dict = Value();
    return Exhausted();
  }
  Type* t = rt.TypeOf(it);
  if (t == rt.types().dict_keyiterator) return e->key;
  if (t == rt.types().dict_valueiterator) return e->value;
  return rt.NewTuple({e->key, e->value});
}

struct SetIter : public Object {
  explicit SetIter(Value s) : set(std::move(s)), size(set.as<Set>()->size()) {}
  void ClearRefs() override { set = Value(); }
  Value set;
  size_t pos = 0;
  int64_t size;
};

Value SetIterNext(Runtime& rt, const Value& it) {
  SetIter* s = it.as<SetIter>();
  if (s->set.is_none()) return Exhausted();
  Set* set = s->set.as<Set>();
  if (set->size() != s->size) {
    s->size = -1;
    return rt.Raise(rt.exc().runtime_error, "Set changed size during iteration");
  }
  const auto& table = set->table();
  while (s->pos < table.size()) {
    const Set::Entry& e = table[s->pos++];
    if (e.state == Set::State::kActive) return e.key;
  }
  s->set = Value();
  return Exhausted();
}

// enumerate / zip / map / filter: a list of source iterators plus a function or counter.
struct Combinator : public Object {
  void ClearRefs() override {
    std::vector<Value>().swap(iters);
    func = Value();
  }
  std::vector<Value> iters;
  Value func;
  int64_t count = 0;
  bool strict = false;
};

Value EnumerateNext(Runtime& rt, const Value& it) {
  Combinator* c = it.as<Combinator>();
  Value item = Next(rt, c->iters[0]);
  if (item.is_raised()) return item;
  return rt.NewTuple({Value::Int(c->count++), std::move(item)});
}

Value ZipNext(Runtime& rt, const Value& it) {
  Combinator* c = it.as<Combinator>();
  if (c->iters.empty()) return Exhausted();
  std::vector<Value> items;
  items.reserve(c->iters.size());
  for (size_t i = 0; i < c->iters.size(); ++i) {
    Value item = Next(rt, c->iters[i]);
    if (item.is_raised()) {
      if (!rt.HasPending() && c->strict && (i > 0)) {
        return rt.Raise(rt.exc().value_error,
                        absl::StrCat("zip() argument ", i + 1, " is shorter than argument",
                                     i == 1 ? "" : "s", " 1", i == 1 ? "" : absl::StrCat("-", i)));
      }
      return item;
    }
    items.push_back(std::move(item));
  }
  return rt.NewTuple(std::move(items));
}

Value MapNext(Runtime& rt, const Value& it) {
  Combinator* c = it.as<Combinator>();
  std::vector<Value> args;
  for (const Value& sub : c->iters) {
    Value item = Next(rt, sub);
    if (item.is_raised()) return item;
    args.push_back(std::move(item));
  }
  return Call(rt, c->func, args);
}

Value FilterNext(Runtime& rt, const Value& it) {
  Combinator* c = it.as<Combinator>();
  while (true) {
    Value item = Next(rt, c->iters[0]);
    if (item.is_raised()) return item;
    int t;
    if (c->func.is_none()) {
      t = Truthy(rt, item);
    } else {
      Value r = Call(rt, c->func, {item});
      if (r.is_raised()) return r;
      t = Truthy(rt, r);
    }
    if (t < 0) return Value::Raised();
    if (t) return item;
  }
}

Value MakeCombinator(Runtime& rt, Type* type, Args sources, Value func) {
  Combinator* c = rt.Alloc<Combinator>(type);
  Value result = Value::Steal(c);
  c->func = std::move(func);
  for (const Value& s : sources) {
    Value it = GetIter(rt, s);
    if (it.is_raised()) return it;
    c->iters.push_back(std::move(it));
  }
  return result;
}

Value EnumerateConstruct(Runtime& rt, Type* type, Args args, const KwArgs& kw) {
  Value a[2];
  if (!UnpackArgs(rt, "enumerate", args, kw, {"iterable", "start"}, 1, a)) return Value::Raised();
  int64_t start = 0;
  if (!a[1].is_raised() &&
      !AsIndex(rt, a[1], &start, absl::StrCat("'", rt.TypeOf(a[1])->name(),
                                              "' object cannot be interpreted as an integer"))) {
    return Value::Raised();
  }
  Value r = MakeCombinator(rt, type, {a[0]}, Value());
  if (!r.is_raised()) r.as<Combinator>()->count = start;
  return r;
}

Value ZipConstruct(Runtime& rt, Type* type, Args args, const KwArgs& kw) {
  bool strict = false;
  for (size_t i = 0; i < kw.size(); ++i) {
    if (kw.name(i) != "strict") {
      return rt.Raise(rt.exc().type_error,
                      absl::StrCat("zip() got an unexpected keyword argument '", kw.name(i), "'"));
    }
    int t = Truthy(rt, kw.value(i));
    if (t < 0) return Value::Raised();
    strict = t;
  }
  Value r = MakeCombinator(rt, type, args, Value());
  if (!r.is_raised()) r.as<Combinator>()->strict = strict;
  return r;
}

Value MapConstruct(Runtime& rt, Type* type, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "map", kw)) return Value::Raised();
  if (args.size() < 2) return rt.Raise(rt.exc().type_error, "map() must have at least two arguments.");
  return MakeCombinator(rt, type, args.subspan(1), args[0]);
}

Value FilterConstruct(Runtime& rt, Type* type, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "filter", kw)) return Value::Raised();
  if (args.size() != 2) {
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat("filter expected 2 arguments, got ", args.size()));
  }
  return MakeCombinator(rt, type, {args[1]}, args[0]);
}

// reversed(seq): lists get a list iterator; other sequences use __len__/__getitem__.
struct RevSeqIter : public Object {
  void ClearRefs() override { seq = Value(); }
  Value seq;
  int64_t index = 0;
};

Value RevSeqNext(Runtime& rt, const Value& it) {
  RevSeqIter* s = it.as<RevSeqIter>();
  if (s->index <= 0 || s->seq.is_none()) return Exhausted();
  Value item = GetItem(rt, s->seq, Value::Int(--s->index));
  if (item.is_raised() && rt.ExceptionMatches(rt.exc().index_error)) {
    rt.ClearException();
    s->seq = Value();
    return Exhausted();
  }
  return item;
}

Value ReversedConstruct(Runtime& rt, Type* type, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "reversed", kw) || !CheckArgCount(rt, "reversed", args, 1, 1)) {
    if (rt.HasPending() && args.size() != 1) {
      rt.ClearException();
      return rt.Raise(rt.exc().type_error,
                      absl::StrCat("reversed expected 1 argument, got ", args.size()));
    }
    return Value::Raised();
  }
  const Value& seq = args[0];
  if (rt.IsList(seq)) return NewListReverseIterator(rt, seq);
  Type* t = rt.TypeOf(seq);
  if (t->Lookup(rt.names().reversed) != nullptr) return CallMethod(rt, seq, "__reversed__", {});
  if (t == rt.types().range) {
    Range* r = seq.as<Range>();
    Value rr = rt.NewRange(r->At(r->length - 1), r->At(r->length - 1) - r->step * r->length,
                           -r->step);
    if (r->length == 0) rr = rt.NewRange(0, 0, 1);
    return NewSeqIterator(rt, rr);
  }
  if (t->slots().getitem == nullptr || t->slots().len == nullptr || rt.IsDict(seq)) {
    return RaiseTypeName(rt, "'", seq, "' object is not reversible");
  }
  int64_t n = Len(rt, seq);
  if (n < 0) return Value::Raised();
  RevSeqIter* it = rt.Alloc<RevSeqIter>(type);
  it->seq = seq;
  it->index = n;
  return Value::Steal(it);
}

}  // namespace

Value NewSeqIterator(Runtime& rt, Value seq) {
  return Value::Steal(rt.Alloc<SeqIter>(rt.types().seq_iterator, std::move(seq)));
}
Value NewListReverseIterator(Runtime& rt, Value list) {
  return Value::Steal(rt.Alloc<ListRevIter>(rt.types().list_reverseiterator, std::move(list)));
}
Value NewDictIterator(Runtime& rt, Type* kind, Value dict) {
  return Value::Steal(rt.Alloc<DictIter>(kind, std::move(dict)));
}
Value NewSetIterator(Runtime& rt, Value set) {
  return Value::Steal(rt.Alloc<SetIter>(rt.types().set_iterator, std::move(set)));
}

void InitIteratorTypes(Runtime& rt) {
  const Runtime::Types& t = rt.types();
  auto init = [](Type* type, TypeSlots::UnaryFn next) {
    type->slots().iter = &SelfIter;
    type->slots().next = next;
  };
  init(t.seq_iterator, &SeqIterNext);
  init(t.str_iterator, &SeqIterNext);
  init(t.range_iterator, &SeqIterNext);
  init(t.list_reverseiterator, &ListRevIterNext);
  init(t.dict_keyiterator, &DictIterNext);
  init(t.dict_valueiterator, &DictIterNext);
  init(t.dict_itemiterator, &DictIterNext);
  init(t.set_iterator, &SetIterNext);
  init(t.enumerate, &EnumerateNext);
  init(t.zip, &ZipNext);
  init(t.map, &MapNext);
  init(t.filter, &FilterNext);
  init(t.reversed, &RevSeqNext);
  t.enumerate->slots().construct = &EnumerateConstruct;
  t.zip->slots().construct = &ZipConstruct;
  t.map->slots().construct = &MapConstruct;
  t.filter->slots().construct = &FilterConstruct;
  t.reversed->slots().construct = &ReversedConstruct;
}

}  // namespace wick::vm::internal
