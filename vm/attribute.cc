// Attribute access (Python's object.__getattribute__ / __setattr__ with descriptors and
// instance dicts), method lookup without bound-method allocation, calls, and the
// operator name tables.
#include <utility>

#include "absl/container/inlined_vector.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "vm/objects/dict.h"
#include "vm/objects/internal/objects_internal.h"
#include "vm/objects/subclass.h"
#include "vm/protocol.h"

namespace wick::vm {
namespace {

// The attribute dict slot of an object that has one (instances, exceptions, modules).
Dict** InstanceDictSlot(Runtime& rt, Object* o) {
  switch (o->type()->layout()) {
    case Layout::kObject: return &static_cast<Instance*>(o)->dict;
    case Layout::kException: return &static_cast<ExceptionObject*>(o)->dict;
    case Layout::kList: case Layout::kTuple: case Layout::kDict:
      return internal::SubclassAttrsSlot(o);
    default: break;
  }
  if (o->type() == rt.types().module) return &static_cast<Module*>(o)->dict;
  return nullptr;
}

Value RaiseNoAttribute(Runtime& rt, const Value& obj, Str* name) {
  return rt.Raise(rt.exc().attribute_error,
                  absl::StrCat("'", rt.TypeOf(obj)->name(), "' object has no attribute '",
                               name->view(), "'"));
}

}  // namespace

namespace internal {
Dict** ObjectDictSlot(Runtime& rt, Object* o) { return InstanceDictSlot(rt, o); }
}  // namespace internal

Value GenericGetAttr(Runtime& rt, const Value& obj, Str* name) {
  Type* t = rt.TypeOf(obj);
  if (name == rt.names().class_) return Value::Borrow(t);
  const Value* found = t->Lookup(name);
  Value descr;
  if (found != nullptr) {
    descr = *found;
    const TypeSlots& ds = rt.TypeOf(descr)->slots();
    if (ds.descr_get != nullptr && ds.descr_set != nullptr) {
      return ds.descr_get(rt, descr, obj, t);
    }
  }
  if (obj.is_object()) {
    if (Dict** slot = InstanceDictSlot(rt, obj.object())) {
      if (*slot != nullptr) {
        if (const Value* v = (*slot)->GetStr(name)) return *v;
      }
      if (name == rt.names().dict && !t->slots_only()) {
        if (*slot == nullptr) *slot = rt.Alloc<Dict>(rt.types().dict);
        return Value::Borrow(*slot);
      }
    }
  }
  if (found != nullptr) {
    const TypeSlots& ds = rt.TypeOf(descr)->slots();
    if (ds.descr_get != nullptr) return ds.descr_get(rt, descr, obj, t);
    return descr;
  }
  return RaiseNoAttribute(rt, obj, name);
}

namespace {

// obj.__class__ = cls, as CPython allows it: between heap classes whose instances have
// the same layout (parametrize swaps a module's class for a generated subclass).
bool SetClass(Runtime& rt, const Value& obj, const Value* v) {
  Type* t = rt.TypeOf(obj);
  if (v == nullptr) {
    rt.Raise(rt.exc().type_error, "can't delete __class__ attribute");
    return false;
  }
  if (!v->is_object() || v->object()->type()->layout() != Layout::kType) {
    rt.Raise(rt.exc().type_error, absl::StrCat("__class__ must be set to a class, not '",
                                               rt.TypeOf(*v)->name(), "' object"));
    return false;
  }
  Type* nt = v->as<Type>();
  if (!obj.is_object() || !t->is_heap() || !nt->is_heap()) {
    rt.Raise(rt.exc().type_error, "__class__ assignment only supported for mutable types or "
                                  "ModuleType subclasses");
    return false;
  }
  if (nt->layout() != t->layout() || nt->slots_only() != t->slots_only()) {
    rt.Raise(rt.exc().type_error, absl::StrCat("__class__ assignment: '", nt->name(),
                                               "' object layout differs from '", t->name(), "'"));
    return false;
  }
  rt.SetType(obj.object(), nt);
  return true;
}

}  // namespace

bool GenericSetAttr(Runtime& rt, const Value& obj, Str* name, const Value* v) {
  if (name == rt.names().class_) return SetClass(rt, obj, v);
  Type* t = rt.TypeOf(obj);
  const Value* found = t->Lookup(name);
  if (found != nullptr) {
    Value descr = *found;
    const TypeSlots& ds = rt.TypeOf(descr)->slots();
    if (ds.descr_set != nullptr) return ds.descr_set(rt, descr, obj, v);
  }
  Dict** slot = obj.is_object() ? InstanceDictSlot(rt, obj.object()) : nullptr;
  if (slot != nullptr && t->slots_only()) {
    RaiseNoAttribute(rt, obj, name);  // __slots__ classes take no other attributes
    return false;
  }
  if (slot == nullptr) {
    if (found != nullptr) {
      rt.Raise(rt.exc().attribute_error,
               absl::StrCat("'", t->name(), "' object attribute '", name->view(),
                            "' is read-only"));
    } else {
      RaiseNoAttribute(rt, obj, name);
    }
    return false;
  }
  if (v == nullptr) {
    int removed = *slot == nullptr ? 0 : (*slot)->Remove(rt, Value::Borrow(name));
    if (removed < 0) return false;
    if (removed == 0) {
      RaiseNoAttribute(rt, obj, name);
      return false;
    }
    return true;
  }
  if (*slot == nullptr) *slot = rt.Alloc<Dict>(rt.types().dict);
  return (*slot)->SetStr(rt, name, *v);
}

Value GetAttr(Runtime& rt, const Value& obj, Str* name) {
  auto slot = rt.TypeOf(obj)->slots().getattr;
  if (slot == nullptr) return GenericGetAttr(rt, obj, name);
  return slot(rt, obj, name);
}

Value GetAttr(Runtime& rt, const Value& obj, absl::string_view name) {
  return GetAttr(rt, obj, rt.Intern(name));
}

bool SetAttr(Runtime& rt, const Value& obj, Str* name, const Value& v) {
  auto slot = rt.TypeOf(obj)->slots().setattr;
  if (slot == nullptr) return GenericSetAttr(rt, obj, name, &v);
  return slot(rt, obj, name, &v);
}

bool DelAttr(Runtime& rt, const Value& obj, Str* name) {
  auto slot = rt.TypeOf(obj)->slots().setattr;
  if (slot == nullptr) return GenericSetAttr(rt, obj, name, nullptr);
  return slot(rt, obj, name, nullptr);
}

Value GetMethod(Runtime& rt, const Value& obj, Str* name, bool* is_method) {
  *is_method = false;
  Type* t = rt.TypeOf(obj);
  if (t->slots().getattr == &GenericGetAttr) {
    const Value* found = t->Lookup(name);
    if (found != nullptr) {
      Type* dt = rt.TypeOf(*found);
      bool binds = dt->is_method_descriptor() &&
                   (dt != rt.types().builtin_function ||
                    found->as<BuiltinFunction>()->is_method());
      if (binds) {
        Dict** slot = obj.is_object() ? InstanceDictSlot(rt, obj.object()) : nullptr;
        if (slot == nullptr || *slot == nullptr || (*slot)->GetStr(name) == nullptr) {
          *is_method = true;
          return *found;
        }
      }
    }
  }
  return GetAttr(rt, obj, name);
}

Value CallMethod(Runtime& rt, const Value& obj, absl::string_view name, Args args) {
  bool is_method;
  Value f = GetMethod(rt, obj, rt.Intern(name), &is_method);
  if (f.is_raised()) return f;
  if (!is_method) return Call(rt, f, args);
  absl::InlinedVector<Value, 8> full;
  full.reserve(args.size() + 1);
  full.push_back(obj);
  full.insert(full.end(), args.begin(), args.end());
  return Call(rt, f, absl::MakeConstSpan(full));
}

Value Call(Runtime& rt, const Value& callable, Args args, const KwArgs& kwargs) {
  auto slot = rt.TypeOf(callable)->slots().call;
  if (slot == nullptr) return RaiseTypeName(rt, "'", callable, "' object is not callable");
  // list(range(10**12)), "".join of a huge list, ...: MemoryError.
  return RaiseNoMemoryOnFailure(rt, [&] { return slot(rt, callable, args, kwargs); });
}

Value ObjectRepr(Runtime& rt, const Value& v) {
  Type* t = rt.TypeOf(v);
  const Value* mod = t->Lookup(rt.names().module);
  std::string prefix;
  if (mod != nullptr && rt.IsStr(*mod) && internal::StrView(*mod) != "builtins") {
    prefix = absl::StrCat(internal::StrView(*mod), ".");
  }
  return rt.NewStr(absl::StrFormat("<%s%s object at %p>", prefix, t->qualname(),
                                   static_cast<void*>(v.object())));
}

absl::string_view BinOpSymbol(BinOp op) {
  static constexpr absl::string_view k[] = {"+", "-",  "*",  "@", "/", "//", "%",
                                            "**", "<<", ">>", "&", "|", "^"};
  return k[static_cast<int>(op)];
}
absl::string_view BinOpDunder(BinOp op) {
  static constexpr absl::string_view k[] = {
      "__add__", "__sub__",    "__mul__",    "__matmul__", "__truediv__",
      "__floordiv__", "__mod__", "__pow__",  "__lshift__", "__rshift__",
      "__and__", "__or__",     "__xor__"};
  return k[static_cast<int>(op)];
}
absl::string_view BinOpReflectedDunder(BinOp op) {
  static constexpr absl::string_view k[] = {
      "__radd__", "__rsub__",    "__rmul__",    "__rmatmul__", "__rtruediv__",
      "__rfloordiv__", "__rmod__", "__rpow__",  "__rlshift__", "__rrshift__",
      "__rand__", "__ror__",     "__rxor__"};
  return k[static_cast<int>(op)];
}
absl::string_view BinOpInPlaceDunder(BinOp op) {
  static constexpr absl::string_view k[] = {
      "__iadd__", "__isub__",    "__imul__",    "__imatmul__", "__itruediv__",
      "__ifloordiv__", "__imod__", "__ipow__",  "__ilshift__", "__irshift__",
      "__iand__", "__ior__",     "__ixor__"};
  return k[static_cast<int>(op)];
}
absl::string_view CmpOpSymbol(CmpOp op) {
  static constexpr absl::string_view k[] = {"<", "<=", "==", "!=", ">", ">="};
  return k[static_cast<int>(op)];
}
absl::string_view CmpOpDunder(CmpOp op) {
  static constexpr absl::string_view k[] = {"__lt__", "__le__", "__eq__",
                                            "__ne__", "__gt__", "__ge__"};
  return k[static_cast<int>(op)];
}
CmpOp SwappedCmpOp(CmpOp op) {
  switch (op) {
    case CmpOp::kLt: return CmpOp::kGt;
    case CmpOp::kLe: return CmpOp::kGe;
    case CmpOp::kGt: return CmpOp::kLt;
    case CmpOp::kGe: return CmpOp::kLe;
    default: return op;
  }
}

}  // namespace wick::vm
