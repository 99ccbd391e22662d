// Instances of Python subclasses of list, tuple and dict: the builtin's C++ storage
// plus an attribute dict, so `class Config(dict)` instances keep their class, take
// attributes and reach the builtin methods through super(). Every object whose type is
// a heap (class-statement) subtype with layout kList, kTuple or kDict is a WithAttrs of
// that layout's class: they are allocated only by AllocSubclassInstance.
#ifndef WICK_VM_OBJECTS_SUBCLASS_H_
#define WICK_VM_OBJECTS_SUBCLASS_H_

#include <utility>

#include "vm/object.h"
#include "vm/objects/dict.h"
#include "vm/objects/objects.h"
#include "vm/runtime.h"

namespace wick::vm::internal {

template <class Base>
class WithAttrs final : public Base {
 public:
  using Base::Base;
  ~WithAttrs() override {
    if (attrs != nullptr) attrs->DecRef();
  }
  void ClearRefs() override {
    Base::ClearRefs();
    if (Dict* d = std::exchange(attrs, nullptr)) d->DecRef();
  }
  void Traverse(Object::Visitor visit, void* arg) const override {
    Base::Traverse(visit, arg);
    if (attrs != nullptr) visit(attrs, arg);
  }
  Dict* attrs = nullptr;  // owned reference, created on the first attribute store
};

// The attribute dict slot of `o` when its type is a heap subtype of list, tuple or
// dict; nullptr otherwise.
inline Dict** SubclassAttrsSlot(Object* o) {
  const Type* t = o->type();
  if (!t->is_heap()) return nullptr;
  switch (t->layout()) {
    case Layout::kList: return &static_cast<WithAttrs<List>*>(o)->attrs;
    case Layout::kTuple: return &static_cast<WithAttrs<Tuple>*>(o)->attrs;
    case Layout::kDict: return &static_cast<WithAttrs<Dict>*>(o)->attrs;
    default: return nullptr;
  }
}

// A new, empty instance of `type` for its layout (a tuple subtype gets `items`):
// Instance for kObject, WithAttrs<...> for heap subtypes of list/tuple/dict, and the
// plain builtin object for the builtin types themselves.
Value AllocInstance(Runtime& rt, Type* type, std::vector<Value> items = {});

}  // namespace wick::vm::internal

#endif  // WICK_VM_OBJECTS_SUBCLASS_H_
