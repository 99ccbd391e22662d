// Creating classes (CPython's type_new): the metaclass that wins over the bases', the
// base whose C++ layout the class extends ("best base"), the C3 method resolution order,
// and the class object itself with its dunder slots. `class` statements, type(name,
// bases, dict) and type.__new__ in user metaclasses all come here.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "vm/objects/dict.h"
#include "vm/objects/internal/objects_internal.h"
#include "vm/protocol.h"

namespace wick::vm {
namespace internal {
namespace {

// The nearest ancestor that adds C++ state to its base (CPython's solid_base): the
// type itself when its layout differs from its base's, else its base's solid base.
Type* SolidBase(Type* t) {
  while (t->base() != nullptr && t->base()->layout() == t->layout()) t = t->base();
  return t;
}

}  // namespace

Type* CalculateMetaclass(Runtime& rt, Type* meta, absl::Span<Type* const> bases) {
  std::vector<Type*> metas;
  for (Type* b : bases) metas.push_back(b->type());
  return WinningMetaclass(rt, meta, metas);
}

Type* WinningMetaclass(Runtime& rt, Type* meta, absl::Span<Type* const> metas) {
  Type* winner = meta;
  for (Type* bt : metas) {
    if (winner->IsSubtypeOf(bt)) continue;
    if (bt->IsSubtypeOf(winner)) {
      winner = bt;
      continue;
    }
    rt.Raise(rt.exc().type_error,
             "metaclass conflict: the metaclass of a derived class must be a (non-strict) "
             "subclass of the metaclasses of all its bases");
    return nullptr;
  }
  return winner;
}

Type* BestBase(Runtime& rt, absl::Span<Type* const> bases) {
  Type* base = nullptr;
  Type* winner = nullptr;
  for (Type* b : bases) {
    if (!b->is_base_type()) {
      rt.Raise(rt.exc().type_error,
               absl::StrCat("type '", b->name(), "' is not an acceptable base type"));
      return nullptr;
    }
    Type* candidate = SolidBase(b);
    if (winner == nullptr || candidate->IsSubtypeOf(winner)) {
      if (winner != candidate) base = b;
      winner = candidate;
    } else if (!winner->IsSubtypeOf(candidate)) {
      rt.Raise(rt.exc().type_error, "multiple bases have instance lay-out conflict");
      return nullptr;
    }
  }
  return base;
}

bool ComputeMro(Runtime& rt, Type* t, absl::Span<Type* const> bases, std::vector<Type*>* out) {
  out->assign(1, t);
  for (size_t i = 0; i < bases.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (bases[i] == bases[j]) {
        rt.Raise(rt.exc().type_error, absl::StrCat("duplicate base class ", bases[i]->name()));
        return false;
      }
    }
  }
  // C3: merge the bases' MROs and the list of bases, taking each time the first head
  // that is in no list's tail.
  std::vector<std::vector<Type*>> lists;
  for (Type* b : bases) lists.emplace_back(b->mro().begin(), b->mro().end());
  lists.emplace_back(bases.begin(), bases.end());
  std::vector<size_t> pos(lists.size(), 0);
  auto in_a_tail = [&](Type* c) {
    for (size_t i = 0; i < lists.size(); ++i) {
      for (size_t k = pos[i] + 1; k < lists[i].size(); ++k) {
        if (lists[i][k] == c) return true;
      }
    }
    return false;
  };
  while (true) {
    Type* next = nullptr;
    bool empty = true;
    for (size_t i = 0; i < lists.size() && next == nullptr; ++i) {
      if (pos[i] >= lists[i].size()) continue;
      empty = false;
      if (!in_a_tail(lists[i][pos[i]])) next = lists[i][pos[i]];
    }
    if (empty) return true;
    if (next == nullptr) {
      std::vector<std::string> heads;
      std::vector<Type*> seen;
      for (size_t i = 0; i < lists.size(); ++i) {
        if (pos[i] >= lists[i].size()) continue;
        Type* h = lists[i][pos[i]];
        if (std::find(seen.begin(), seen.end(), h) != seen.end()) continue;
        seen.push_back(h);
        heads.push_back(h->name());
      }
      rt.Raise(rt.exc().type_error,
               absl::StrCat("Cannot create a consistent method resolution\norder (MRO) for "
                            "bases ",
                            absl::StrJoin(heads, ", ")));
      return false;
    }
    out->push_back(next);
    for (size_t i = 0; i < lists.size(); ++i) {
      if (pos[i] < lists[i].size() && lists[i][pos[i]] == next) ++pos[i];
    }
  }
}

namespace {

// __set_name__(owner, name) on the class attributes whose (class-statement) type
// defines it.
bool SetNames(Runtime& rt, Type* t) {
  std::vector<std::pair<Value, Value>> named;
  size_t pos = 0;
  const Dict::Entry* e;
  while (t->dict()->Next(&pos, &e)) {
    Type* vt = rt.TypeOf(e->value);
    if (vt->is_heap() && vt->Lookup("__set_name__") != nullptr) {
      named.emplace_back(e->key, e->value);
    }
  }
  for (const auto& [key, value] : named) {
    Value r = CallMethod(rt, value, "__set_name__", {Value::Borrow(t), key});
    if (!r.is_raised()) continue;
    // 3.11 reports the failure as a RuntimeError caused by the original exception.
    Value cause = rt.FetchException();
    std::string key_repr;
    if (!ReprString(rt, key, &key_repr)) return false;
    Value exc = rt.NewException(
        rt.exc().runtime_error,
        {rt.NewStr(absl::StrCat("Error calling __set_name__ on '", rt.TypeOf(value)->name(),
                                "' instance ", key_repr, " in '", t->name(), "'"))});
    ExceptionObject* x = exc.as<ExceptionObject>();
    x->cause = cause;
    x->context = cause;
    x->suppress_context = true;
    rt.RaiseValue(std::move(exc));
    return false;
  }
  return true;
}

// super(cls, cls).__init_subclass__(**kwargs): the first one after the class in its
// MRO (object's at the latest), bound to the new class.
bool InitSubclass(Runtime& rt, Type* t, const KwArgs& kw) {
  const Value* hook = nullptr;
  for (Type* b : t->mro().subspan(1)) {
    if (b->dict() != nullptr && (hook = b->dict()->GetStr("__init_subclass__"))) break;
  }
  if (hook == nullptr) return true;
  Value fn = *hook;
  Type* ft = rt.TypeOf(fn);
  if (ft->slots().descr_get != nullptr) {
    fn = ft->slots().descr_get(rt, fn, Value::None(), t);
    if (fn.is_raised()) return false;
  }
  return !Call(rt, fn, {}, kw).is_raised();
}

}  // namespace

Value TypeNew(Runtime& rt, Type* meta, Args args, const KwArgs& kw) {
  if (args.size() != 3) {
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat("type.__new__() takes exactly 3 arguments (", args.size(),
                                 " given)"));
  }
  if (!rt.IsStr(args[0])) {
    return RaiseTypeName(rt, "type.__new__() argument 1 must be str, not ", args[0], "");
  }
  if (!rt.IsInstance(args[1], rt.types().tuple)) {
    return RaiseTypeName(rt, "type.__new__() argument 2 must be tuple, not ", args[1], "");
  }
  if (!rt.IsInstance(args[2], rt.types().dict)) {
    return RaiseTypeName(rt, "type.__new__() argument 3 must be dict, not ", args[2], "");
  }
  // The metaclass check comes first, as in CPython: type('X', (1,), {}) is a conflict.
  std::vector<Type*> metas;
  for (const Value& b : TupleItems(args[1])) metas.push_back(rt.TypeOf(b));
  if (WinningMetaclass(rt, meta, metas) == nullptr) return Value::Raised();
  std::vector<Type*> bases;
  for (const Value& b : TupleItems(args[1])) {
    if (!rt.IsInstance(b, rt.types().type)) {
      return RaiseTypeName(rt, "class base must be a class, not '", b, "'");
    }
    bases.push_back(b.as<Type>());
  }
  Value ns = rt.NewDict();
  Value classcell;
  size_t pos = 0;
  const Dict::Entry* e;
  while (args[2].as<Dict>()->Next(&pos, &e)) {
    if (rt.IsStr(e->key) && StrView(e->key) == "__classcell__") {
      classcell = e->value;
      continue;
    }
    if (!ns.as<Dict>()->Set(rt, e->key, e->value)) return Value::Raised();
  }
  Type* t = rt.NewClass(StrView(args[0]), bases, ns.as<Dict>(), meta);
  if (t == nullptr) return Value::Raised();
  Value cls = Value::Steal(t);
  if (rt.TypeOf(classcell) == rt.types().cell) classcell.as<Cell>()->value = cls;
  if (!SetNames(rt, t) || !InitSubclass(rt, t, kw)) return Value::Raised();
  return cls;
}

Value RaiseAbstractInstantiation(Runtime& rt, Type* cls) {
  Value names = GetAttr(rt, Value::Borrow(cls), "__abstractmethods__");
  if (names.is_raised()) return names;
  std::vector<Value> items;
  if (!Unpack(rt, names, &items)) return Value::Raised();
  std::vector<std::string> sorted;
  for (const Value& n : items) {
    if (rt.IsStr(n)) sorted.emplace_back(StrView(n));
  }
  std::sort(sorted.begin(), sorted.end());
  return rt.Raise(rt.exc().type_error,
                  absl::StrCat("Can't instantiate abstract class ", cls->name(),
                               " with abstract method", sorted.size() == 1 ? "" : "s", " ",
                               absl::StrJoin(sorted, ", ")));
}

}  // namespace internal

Type* Runtime::NewClass(absl::string_view name, Type* base, Dict* ns) {
  if (base == nullptr) return NewClass(name, absl::Span<Type* const>(), ns, nullptr);
  return NewClass(name, absl::MakeConstSpan(&base, 1), ns, nullptr);
}

Type* Runtime::NewClass(absl::string_view name, absl::Span<Type* const> bases, Dict* ns,
                        Type* meta) {
  Type* object = types_.object;
  absl::Span<Type* const> declared = bases.empty() ? absl::MakeConstSpan(&object, 1) : bases;
  if (meta == nullptr) meta = types_.type;
  meta = internal::CalculateMetaclass(*this, meta, declared);
  if (meta == nullptr) return nullptr;
  Type* base = internal::BestBase(*this, declared);
  if (base == nullptr) return nullptr;
  // type_new: __new__ is a static method, __init_subclass__ and __class_getitem__
  // class methods, even when written as plain defs.
  for (auto [dunder, wrapper] : {std::pair{"__new__", types_.staticmethod},
                                 std::pair{"__init_subclass__", types_.classmethod},
                                 std::pair{"__class_getitem__", types_.classmethod}}) {
    const Value* f = ns->GetStr(dunder);
    if (f == nullptr || wrapper == nullptr || TypeOf(*f) != types_.function) continue;
    Value wrapped = Call(*this, Value::Borrow(wrapper), {*f});
    if (wrapped.is_raised()) return nullptr;
    ns->SetStr(*this, Intern(dunder), std::move(wrapped));
  }
  // __slots__: a member descriptor per name; without "__dict__" among them (and no
  // base with an instance dict) instances take no other attributes.
  std::vector<std::string> slot_names;
  bool slots_only = false;
  if (const Value* slots = ns->GetStr("__slots__")) {
    std::vector<Value> items;
    if (IsStr(*slots)) {
      items.push_back(*slots);
    } else if (!Unpack(*this, *slots, &items)) {
      return nullptr;
    }
    slots_only = true;
    for (const Value& item : items) {
      if (!IsStr(item)) {
        RaiseTypeName(*this, "__slots__ items must be strings, not '", item, "'");
        return nullptr;
      }
      std::string n(internal::StrView(item));
      if (n == "__dict__") {
        slots_only = false;
        continue;
      }
      if (n == "__weakref__") continue;
      if (ns->GetStr(n) != nullptr) {
        Raise(exc_.value_error,
              absl::StrCat("'", n, "' in __slots__ conflicts with class variable"));
        return nullptr;
      }
      slot_names.push_back(std::move(n));
    }
    for (Type* b : declared) {
      const bool base_has_dict = b->is_heap() ? !b->slots_only()
                                              : b->layout() == Layout::kException;
      if (base_has_dict) slots_only = false;
    }
  }
  // A class that defines __eq__ alone is unhashable: CPython stores __hash__ = None.
  if (ns->GetStr(names_.eq) != nullptr && ns->GetStr(names_.hash) == nullptr) {
    ns->SetStr(*this, names_.hash, Value::None());
  }
  ns->IncRef();
  Type* t = Alloc<Type>(meta, std::string(name), base, ns, base->layout());
  Value hold = Value::Steal(t);
  t->set_heap(true);
  if (declared.size() > 1 || declared[0] != base) {
    std::vector<Type*> mro;
    if (!internal::ComputeMro(*this, t, declared, &mro)) return nullptr;
    t->SetBases({declared.begin(), declared.end()}, std::move(mro));
  }
  // As CPython: __qualname__ lives on the type, not in its dict (instances must not
  // find it), and the dict always has __doc__.
  if (const Value* qn = ns->GetStr(names_.qualname)) {
    if (!IsStr(*qn)) {
      RaiseTypeName(*this, "type __qualname__ must be a str, not ", *qn, "");
      return nullptr;
    }
    t->set_qualname(std::string(internal::StrView(*qn)));
    if (ns->Remove(*this, Value::Borrow(names_.qualname)) < 0) return nullptr;
  }
  if (ns->GetStr(names_.doc) == nullptr) ns->SetStr(*this, names_.doc, Value::None());
  for (const std::string& n : slot_names) internal::AddMemberDescriptor(*this, t, n);
  t->set_slots_only(slots_only);
  if (const Value* abstract = ns->GetStr("__abstractmethods__")) {
    int truth = Truthy(*this, *abstract);
    if (truth < 0) return nullptr;
    t->set_abstract(truth == 1);
  }
  internal::InstallDunderSlots(*this, t);
  return static_cast<Type*>(hold.Release());
}

}  // namespace wick::vm
