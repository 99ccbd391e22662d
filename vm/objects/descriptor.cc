// Descriptors implemented in C++ for builtin types: getset_descriptor (a read-only
// computed attribute such as `(5).real`) and classmethod_descriptor (a method bound
// to the class, such as `dict.fromkeys`). The interpreter's property/classmethod types
// wrap Python callables and are created later (vm/builtins/); these exist from the
// start so the object model can use them for its own types.
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "vm/objects/dict.h"
#include "vm/objects/internal/objects_internal.h"

namespace wick::vm::internal {
namespace {

// One object layout for both kinds: a getter or a builtin function (never both).
class NativeDescriptor : public Object {
 public:
  NativeDescriptor(std::string name, Type* owner, GetterFn get, Value fn)
      : name(std::move(name)), owner(owner), get(get), fn(std::move(fn)) {}
  void ClearRefs() override { fn = Value(); }
  std::string name;
  Type* owner;  // borrowed: types outlive their attributes
  GetterFn get;
  Value fn;  // classmethod_descriptor: the BuiltinFunction called with the class
};

NativeDescriptor* ND(const Value& v) { return v.as<NativeDescriptor>(); }

// getset_descriptor.__get__: the descriptor itself through the class, else the value.
Value GetSetGet(Runtime& rt, const Value& descr, const Value& instance, Type*) {
  NativeDescriptor* d = ND(descr);
  if (instance.is_none() && rt.TypeOf(instance) != d->owner) return descr;
  if (!rt.IsInstance(instance, d->owner)) {
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat("descriptor '", d->name, "' for '", d->owner->name(),
                                 "' objects doesn't apply to a '",
                                 rt.TypeOf(instance)->name(), "' object"));
  }
  return d->get(rt, instance);
}

// getset_descriptor.__set__: every getter here is read-only, as in CPython.
bool GetSetSet(Runtime& rt, const Value& descr, const Value&, const Value*) {
  NativeDescriptor* d = ND(descr);
  rt.Raise(rt.exc().attribute_error,
           absl::StrCat("attribute '", d->name, "' of '", d->owner->name(),
                        "' objects is not writable"));
  return false;
}

Value GetSetRepr(Runtime& rt, const Value& v) {
  NativeDescriptor* d = ND(v);
  return rt.NewStr(absl::StrCat("<attribute '", d->name, "' of '", d->owner->name(),
                                "' objects>"));
}

// classmethod_descriptor.__get__: binds the class (the instance's type when reached
// through an instance), like CPython's classmethod.
Value ClassMethodGet(Runtime& rt, const Value& descr, const Value& instance, Type* owner) {
  Type* cls = owner != nullptr ? owner : rt.TypeOf(instance);
  return rt.NewBoundMethod(Value::Borrow(cls), ND(descr)->fn);
}

Value ClassMethodRepr(Runtime& rt, const Value& v) {
  NativeDescriptor* d = ND(v);
  return rt.NewStr(absl::StrCat("<method '", d->name, "' of '", d->owner->name(),
                                "' objects>"));
}

// Where a slot's value is kept: a plain instance's slot dict; instances of list, dict
// and exception subclasses keep it in their attribute dict (a slot there shows in
// vars(), which CPython's would not).
Dict** SlotStorage(Runtime& rt, const Value& instance) {
  if (!instance.is_object()) return nullptr;
  Object* o = instance.object();
  if (o->type()->layout() == Layout::kObject) return &static_cast<Instance*>(o)->slot_values;
  return ObjectDictSlot(rt, o);
}

// member_descriptor (a __slots__ entry): a data descriptor over the slot storage.
Value MemberGet(Runtime& rt, const Value& descr, const Value& instance, Type*) {
  NativeDescriptor* d = ND(descr);
  if (instance.is_none() && rt.TypeOf(instance) != d->owner) return descr;
  Dict** slot = SlotStorage(rt, instance);
  if (slot != nullptr && *slot != nullptr) {
    if (const Value* v = (*slot)->GetStr(rt.Intern(d->name))) return *v;
  }
  return rt.Raise(rt.exc().attribute_error,
                  absl::StrCat("'", rt.TypeOf(instance)->name(), "' object has no attribute '",
                               d->name, "'"));
}

bool MemberSet(Runtime& rt, const Value& descr, const Value& instance, const Value* v) {
  NativeDescriptor* d = ND(descr);
  Dict** slot = SlotStorage(rt, instance);
  if (slot == nullptr) {
    rt.Raise(rt.exc().type_error,
             absl::StrCat("descriptor '", d->name, "' for '", d->owner->name(),
                          "' objects doesn't apply to a '", rt.TypeOf(instance)->name(),
                          "' object"));
    return false;
  }
  if (*slot == nullptr) *slot = rt.Alloc<Dict>(rt.types().dict);
  Str* key = rt.Intern(d->name);
  if (v != nullptr) return (*slot)->SetStr(rt, key, *v);
  int removed = (*slot)->Remove(rt, Value::Borrow(key));
  if (removed == 0) {
    rt.Raise(rt.exc().attribute_error,
             absl::StrCat("'", rt.TypeOf(instance)->name(), "' object has no attribute '",
                          d->name, "'"));
  }
  return removed == 1;
}

Value MemberRepr(Runtime& rt, const Value& v) {
  NativeDescriptor* d = ND(v);
  return rt.NewStr(absl::StrCat("<member '", d->name, "' of '", d->owner->name(),
                                "' objects>"));
}

}  // namespace

void AddMemberDescriptor(Runtime& rt, Type* type, absl::string_view name) {
  Value d = Value::Steal(rt.Alloc<NativeDescriptor>(rt.types().member_descriptor,
                                                    std::string(name), type, nullptr, Value()));
  type->dict()->SetStr(rt, rt.Intern(name), d);
}

void AddGetter(Runtime& rt, Type* type, absl::string_view name, GetterFn get) {
  Value d = Value::Steal(rt.Alloc<NativeDescriptor>(rt.types().getset_descriptor,
                                                    std::string(name), type, get, Value()));
  type->dict()->SetStr(rt, rt.Intern(name), d);
}

void AddClassMethod(Runtime& rt, Type* type, absl::string_view name, BuiltinFn fn) {
  Value f = rt.NewBuiltinFunction(name, fn);
  Value d = Value::Steal(rt.Alloc<NativeDescriptor>(
      rt.types().classmethod_descriptor, std::string(name), type, nullptr, std::move(f)));
  type->dict()->SetStr(rt, rt.Intern(name), d);
}

void InitDescriptorTypes(Runtime& rt) {
  TypeSlots& g = rt.types().getset_descriptor->slots();
  g.descr_get = &GetSetGet;
  g.descr_set = &GetSetSet;
  g.repr = &GetSetRepr;
  TypeSlots& m = rt.types().member_descriptor->slots();
  m.descr_get = &MemberGet;
  m.descr_set = &MemberSet;
  m.repr = &MemberRepr;
  TypeSlots& c = rt.types().classmethod_descriptor->slots();
  c.descr_get = &ClassMethodGet;
  c.repr = &ClassMethodRepr;
}

}  // namespace wick::vm::internal
