// What subclassing list, tuple and dict needs from the builtin types: allocation of
// subclass instances (AllocInstance), `__new__` for object/list/tuple/dict, `__init__`
// for list/dict, and the dunder methods (`__getitem__`, `__repr__`, `__eq__`, ...) that
// call the builtin type's own slot, so an override can reach the builtin behaviour
// with super().__getitem__(key) or dict.__repr__(self).
#include <string>
#include <utility>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "absl/strings/str_cat.h"
#include "vm/objects/internal/objects_internal.h"
#include "vm/objects/subclass.h"
#include "vm/protocol.h"

namespace wick::vm::internal {

Value AllocInstance(Runtime& rt, Type* type, std::vector<Value> items) {
  const bool heap = type->is_heap();
  switch (type->layout()) {
    case Layout::kList:
      if (heap) return Value::Steal(rt.Alloc<WithAttrs<List>>(type, std::move(items)));
      return Value::Steal(rt.Alloc<List>(type, std::move(items)));
    case Layout::kTuple:
      if (type == rt.types().tuple) return rt.NewTuple(std::move(items));
      if (heap) return Value::Steal(rt.Alloc<WithAttrs<Tuple>>(type, std::move(items)));
      return Value::Steal(rt.Alloc<Tuple>(type, std::move(items)));
    case Layout::kDict:
      if (heap) return Value::Steal(rt.Alloc<WithAttrs<Dict>>(type));
      return Value::Steal(rt.Alloc<Dict>(type));
    case Layout::kException:
      return Value::Steal(rt.Alloc<ExceptionObject>(type, rt.empty_tuple()));
    default:
      return Value::Steal(rt.Alloc<Instance>(type));
  }
}

namespace {

using TypeField = Type* Runtime::Types::*;

template <TypeField kType>
Type* Owner(Runtime& rt) {
  return rt.types().*kType;
}

bool Arity(Runtime& rt, absl::string_view name, Args args, const KwArgs& kw, size_t n) {
  if (!NoKwargs(rt, name, kw)) return false;
  // args[0] is self; CPython counts the others.
  if (args.size() != n + 1) {
    rt.Raise(rt.exc().type_error,
             n == 0 ? absl::StrCat("expected 0 arguments, got ", args.size() - 1)
                    : absl::StrCat("expected ", n, " argument", n == 1 ? "" : "s", ", got ",
                                   args.size() - 1));
    return false;
  }
  return true;
}

template <TypeField kType>
Value GetItemW(Runtime& rt, Args args, const KwArgs& kw) {
  if (!Arity(rt, "__getitem__", args, kw, 1)) return Value::Raised();
  return Owner<kType>(rt)->slots().getitem(rt, args[0], args[1]);
}

template <TypeField kType>
Value SetItemW(Runtime& rt, Args args, const KwArgs& kw) {
  if (!Arity(rt, "__setitem__", args, kw, 2)) return Value::Raised();
  if (!Owner<kType>(rt)->slots().setitem(rt, args[0], args[1], &args[2])) return Value::Raised();
  return Value::None();
}

template <TypeField kType>
Value DelItemW(Runtime& rt, Args args, const KwArgs& kw) {
  if (!Arity(rt, "__delitem__", args, kw, 1)) return Value::Raised();
  if (!Owner<kType>(rt)->slots().setitem(rt, args[0], args[1], nullptr)) return Value::Raised();
  return Value::None();
}

template <TypeField kType>
Value LenW(Runtime& rt, Args args, const KwArgs& kw) {
  if (!Arity(rt, "__len__", args, kw, 0)) return Value::Raised();
  int64_t n = Owner<kType>(rt)->slots().len(rt, args[0]);
  return n < 0 ? Value::Raised() : Value::Int(n);
}

template <TypeField kType>
Value IterW(Runtime& rt, Args args, const KwArgs& kw) {
  if (!Arity(rt, "__iter__", args, kw, 0)) return Value::Raised();
  return Owner<kType>(rt)->slots().iter(rt, args[0]);
}

template <TypeField kType>
Value ContainsW(Runtime& rt, Args args, const KwArgs& kw) {
  if (!Arity(rt, "__contains__", args, kw, 1)) return Value::Raised();
  int r = Owner<kType>(rt)->slots().contains(rt, args[0], args[1]);
  return r < 0 ? Value::Raised() : Value::Bool(r);
}

template <TypeField kType>
Value ReprW(Runtime& rt, Args args, const KwArgs& kw) {
  if (!Arity(rt, "__repr__", args, kw, 0)) return Value::Raised();
  return Owner<kType>(rt)->slots().repr(rt, args[0]);
}

// str(self) by the builtin type's own slot (its repr where it has no str of its own).
template <TypeField kType>
Value StrW(Runtime& rt, Args args, const KwArgs& kw) {
  if (!Arity(rt, "__str__", args, kw, 0)) return Value::Raised();
  Type* t = Owner<kType>(rt);
  return t->slots().str != nullptr ? t->slots().str(rt, args[0]) : t->slots().repr(rt, args[0]);
}

template <TypeField kType>
Value HashW(Runtime& rt, Args args, const KwArgs& kw) {
  if (!Arity(rt, "__hash__", args, kw, 0)) return Value::Raised();
  int64_t h;
  if (!Owner<kType>(rt)->slots().hash(rt, args[0], &h)) return Value::Raised();
  return Value::Int(h);
}

template <TypeField kType, CmpOp kOp>
Value CompareW(Runtime& rt, Args args, const KwArgs& kw) {
  if (!Arity(rt, CmpOpDunder(kOp), args, kw, 1)) return Value::Raised();
  return Owner<kType>(rt)->slots().compare(rt, args[0], args[1], kOp);
}

template <TypeField kType, BinOp kOp, bool kInPlace>
Value BinaryW(Runtime& rt, Args args, const KwArgs& kw) {
  absl::string_view name = kInPlace ? BinOpInPlaceDunder(kOp) : BinOpDunder(kOp);
  if (!Arity(rt, name, args, kw, 1)) return Value::Raised();
  const TypeSlots& s = Owner<kType>(rt)->slots();
  auto fn = kInPlace ? s.inplace[static_cast<int>(kOp)] : s.binary[static_cast<int>(kOp)];
  if (fn == nullptr) return rt.NotImplemented();
  return fn(rt, args[0], args[1]);
}

// list.__init__(self, iterable=()): replaces the contents.
Value ListInit(Runtime& rt, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "list", kw)) return Value::Raised();
  if (args.size() > 2) {
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat("list expected at most 1 argument, got ", args.size() - 1));
  }
  std::vector<Value> items;
  if (args.size() == 2 && !Unpack(rt, args[1], &items)) return Value::Raised();
  ListItems(args[0]) = std::move(items);
  return Value::None();
}

// dict.__init__(self, [mapping or pairs], **kw): dict.update's work, never an override.
Value DictInit(Runtime& rt, Args args, const KwArgs& kw) {
  if (args.size() > 2) {
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat("dict expected at most 1 argument, got ", args.size() - 1));
  }
  const Value* update = rt.types().dict->dict()->GetStr("update");
  if (update == nullptr) return rt.Raise(rt.exc().type_error, "dict.update is missing");
  Value r = Call(rt, *update, args, kw);
  return r.is_raised() ? r : Value::None();
}

// The class argument of X.__new__(cls, ...), checked as CPython's tp_new wrapper does.
Type* NewTarget(Runtime& rt, Type* owner, Args args) {
  if (args.empty()) {
    rt.Raise(rt.exc().type_error, absl::StrCat(owner->name(), ".__new__(): not enough arguments"));
    return nullptr;
  }
  if (!rt.IsInstance(args[0], rt.types().type)) {
    RaiseTypeName(rt, absl::StrCat(owner->name(), ".__new__(X): X is not a type object ("),
                  args[0], ")");
    return nullptr;
  }
  Type* cls = args[0].as<Type>();
  if (!cls->IsSubtypeOf(owner)) {
    rt.Raise(rt.exc().type_error,
             absl::StrCat(owner->name(), ".__new__(", cls->name(), "): ", cls->name(),
                          " is not a subtype of ", owner->name()));
    return nullptr;
  }
  return cls;
}

bool IsBuiltinFn(Runtime& rt, const Value* f) {
  return f == nullptr || rt.TypeOf(*f) == rt.types().builtin_function;
}

Value ObjectNew(Runtime& rt, Args args, const KwArgs& kw) {
  Type* cls = NewTarget(rt, rt.types().object, args);
  if (cls == nullptr) return Value::Raised();
  if (cls->layout() != Layout::kObject) {
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat("object.__new__(", cls->name(), ") is not safe, use ",
                                 cls->name(), ".__new__()"));
  }
  if (args.size() > 1 || !kw.empty()) {
    if (!IsBuiltinFn(rt, cls->Lookup(rt.names().new_)) ||
        IsBuiltinFn(rt, cls->Lookup(rt.names().init))) {
      return rt.Raise(rt.exc().type_error,
                      IsBuiltinFn(rt, cls->Lookup(rt.names().init)) &&
                              IsBuiltinFn(rt, cls->Lookup(rt.names().new_))
                          ? absl::StrCat(cls->name(), "() takes no arguments")
                          : "object.__new__() takes exactly one argument (the type to "
                            "instantiate)");
    }
  }
  if (cls->is_abstract()) return RaiseAbstractInstantiation(rt, cls);
  return AllocInstance(rt, cls);
}

Value TupleNew(Runtime& rt, Args args, const KwArgs& kw) {
  Type* cls = NewTarget(rt, rt.types().tuple, args);
  if (cls == nullptr) return Value::Raised();
  if (!kw.empty() && IsBuiltinFn(rt, cls->Lookup(rt.names().init))) {
    return rt.Raise(rt.exc().type_error, "tuple() takes no keyword arguments");
  }
  if (args.size() > 2) {
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat("tuple expected at most 1 argument, got ", args.size() - 1));
  }
  std::vector<Value> items;
  if (args.size() == 2 && !Unpack(rt, args[1], &items)) return Value::Raised();
  return AllocInstance(rt, cls, std::move(items));
}

template <TypeField kType>
Value ContainerNew(Runtime& rt, Args args, const KwArgs&) {
  Type* cls = NewTarget(rt, Owner<kType>(rt), args);
  if (cls == nullptr) return Value::Raised();
  return AllocInstance(rt, cls);
}

// object.__init_subclass__(): the end of every super().__init_subclass__(**kw) chain;
// keywords left over by then are an error.
Value ObjectInitSubclass(Runtime& rt, Args args, const KwArgs& kw) {
  if (!kw.empty()) {
    std::string name = !args.empty() && rt.IsInstance(args[0], rt.types().type)
                           ? args[0].as<Type>()->name()
                           : "object";
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat(name, ".__init_subclass__() takes no keyword arguments"));
  }
  if (args.size() > 1) {
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat(args[0].as<Type>()->name(),
                                 ".__init_subclass__() takes no arguments (",
                                 args.size() - 1, " given)"));
  }
  return Value::None();
}

// Adds `__new__`, a function that does not bind (CPython's is a static method).
void AddNew(Runtime& rt, Type* t, BuiltinFn fn) {
  t->dict()->SetStr(rt, rt.names().new_, rt.NewBuiltinFunction("__new__", fn));
}

template <TypeField kType>
void AddSequenceWrappers(Runtime& rt) {
  Type* t = Owner<kType>(rt);
  rt.AddMethod(t, "__getitem__", &GetItemW<kType>);
  rt.AddMethod(t, "__len__", &LenW<kType>);
  rt.AddMethod(t, "__iter__", &IterW<kType>);
  rt.AddMethod(t, "__contains__", &ContainsW<kType>);
  rt.AddMethod(t, "__repr__", &ReprW<kType>);
  rt.AddMethod(t, "__eq__", &CompareW<kType, CmpOp::kEq>);
  rt.AddMethod(t, "__ne__", &CompareW<kType, CmpOp::kNe>);
}

}  // namespace

void InitSubclassSupport(Runtime& rt) {
  using T = Runtime::Types;
  AddSequenceWrappers<&T::list>(rt);
  AddSequenceWrappers<&T::tuple>(rt);
  AddSequenceWrappers<&T::dict>(rt);
  Type* list = rt.types().list;
  Type* tuple = rt.types().tuple;
  Type* dict = rt.types().dict;
  for (Type* t : {list, dict}) {
    if (t == list) {
      rt.AddMethod(t, "__setitem__", &SetItemW<&T::list>);
      rt.AddMethod(t, "__delitem__", &DelItemW<&T::list>);
    } else {
      rt.AddMethod(t, "__setitem__", &SetItemW<&T::dict>);
      rt.AddMethod(t, "__delitem__", &DelItemW<&T::dict>);
    }
  }
  rt.AddMethod(list, "__lt__", &CompareW<&T::list, CmpOp::kLt>);
  rt.AddMethod(list, "__le__", &CompareW<&T::list, CmpOp::kLe>);
  rt.AddMethod(list, "__gt__", &CompareW<&T::list, CmpOp::kGt>);
  rt.AddMethod(list, "__ge__", &CompareW<&T::list, CmpOp::kGe>);
  rt.AddMethod(list, "__add__", &BinaryW<&T::list, BinOp::kAdd, false>);
  rt.AddMethod(list, "__mul__", &BinaryW<&T::list, BinOp::kMul, false>);
  rt.AddMethod(list, "__iadd__", &BinaryW<&T::list, BinOp::kAdd, true>);
  rt.AddMethod(list, "__init__", &ListInit);
  rt.AddMethod(tuple, "__lt__", &CompareW<&T::tuple, CmpOp::kLt>);
  rt.AddMethod(tuple, "__le__", &CompareW<&T::tuple, CmpOp::kLe>);
  rt.AddMethod(tuple, "__gt__", &CompareW<&T::tuple, CmpOp::kGt>);
  rt.AddMethod(tuple, "__ge__", &CompareW<&T::tuple, CmpOp::kGe>);
  rt.AddMethod(tuple, "__add__", &BinaryW<&T::tuple, BinOp::kAdd, false>);
  rt.AddMethod(tuple, "__mul__", &BinaryW<&T::tuple, BinOp::kMul, false>);
  rt.AddMethod(tuple, "__hash__", &HashW<&T::tuple>);
  rt.AddMethod(dict, "__or__", &BinaryW<&T::dict, BinOp::kOr, false>);
  rt.AddMethod(dict, "__ior__", &BinaryW<&T::dict, BinOp::kOr, true>);
  rt.AddMethod(dict, "__init__", &DictInit);
  // The scalar types' own __repr__ (and str's __str__), as CPython's type dicts have
  // them: (2.5).__repr__(), int.__repr__(3) and "a".__str__() give what repr/str give,
  // not object's default; the others' str() comes from object.__str__ (their repr).
  rt.AddMethod(rt.types().int_, "__repr__", &ReprW<&T::int_>);
  rt.AddMethod(rt.types().bool_, "__repr__", &ReprW<&T::bool_>);
  rt.AddMethod(rt.types().float_, "__repr__", &ReprW<&T::float_>);
  rt.AddMethod(rt.types().complex, "__repr__", &ReprW<&T::complex>);
  rt.AddMethod(rt.types().str, "__repr__", &ReprW<&T::str>);
  rt.AddMethod(rt.types().str, "__str__", &StrW<&T::str>);
  rt.AddMethod(rt.types().none, "__repr__", &ReprW<&T::none>);
  AddNew(rt, rt.types().object, &ObjectNew);
  AddClassMethod(rt, rt.types().object, "__init_subclass__", &ObjectInitSubclass);
  for (Type* t : {list, dict, rt.types().set}) {
    t->dict()->SetStr(rt, rt.names().hash, Value::None());  // unhashable, as CPython spells it
  }
  AddNew(rt, tuple, &TupleNew);
  AddNew(rt, list, &ContainerNew<&T::list>);
  AddNew(rt, dict, &ContainerNew<&T::dict>);
}

}  // namespace wick::vm::internal
