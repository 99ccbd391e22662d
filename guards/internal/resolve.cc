// Source resolution without allocation or user code: fast locals and cells by slot,
// globals then builtins by name, attributes through instance/module/type dicts only,
// items of lists, tuples and dicts.
#include "guards/internal/resolve.h"

#include <new>

#include "vm/object.h"
#include "vm/objects/dict.h"
#include "vm/objects/objects.h"
#include "vm/runtime.h"

namespace wick::guards {
namespace internal {
namespace {

const vm::Value* Bound(const vm::Value* v) {
  return (v == nullptr || v->is_raised()) ? nullptr : v;
}

// The attribute dict a plain attribute read consults before the type.
const vm::Dict* InstanceDict(const vm::Value& obj) {
  switch (obj.object()->type()->layout()) {
    case vm::Layout::kObject: return obj.as<vm::Instance>()->dict;
    case vm::Layout::kException: return obj.as<vm::ExceptionObject>()->dict;
    default: return nullptr;
  }
}

const vm::Value* GetAttrNoCode(const vm::Value& obj, const std::string& name,
                               const FrameView& frame) {
  if (!obj.is_object()) return nullptr;
  vm::Object* o = obj.object();
  // Modules and classes: their namespace is the attribute space (module.__getattr__
  // and metaclass descriptors are not followed).
  if (o->type()->layout() == vm::Layout::kType) {
    return obj.as<vm::Type>()->Lookup(name);
  }
  if (frame.rt != nullptr && o->type() == frame.rt->types().module) {
    return obj.as<vm::Module>()->dict->GetStr(name);
  }
  // The class: a property's accessor or a class attribute is reached through it
  // (L['self'].__class__.weight.fget). The object holds its type by pointer, so the
  // Value is made in a per-thread slot that holds no reference (never destroyed: it
  // must not outlive the interpreter as an owner), valid until the next __class__ step
  // on this thread; Resolve consumes each step's parent before taking the next, and the
  // object keeps its type alive meanwhile.
  if (name == "__class__") {
    struct alignas(vm::Value) Slot {
      unsigned char bytes[sizeof(vm::Value)];
    };
    thread_local Slot slot;
    return new (slot.bytes) vm::Value(vm::Value::Steal(o->type()));
  }
  // Attributes stored in the object: a function's __globals__ (another module's globals
  // read by an inlined function), a classmethod's __func__.
  if (const vm::Value* a = o->PlainAttr(name)) return a;
  // A bound method's parts (a method call cut by a graph break leaves one on the stack).
  if (frame.rt != nullptr && o->type() == frame.rt->types().bound_method) {
    const vm::BoundMethod* m = obj.as<vm::BoundMethod>();
    if (name == "__self__") return &m->self;
    if (name == "__func__") return &m->func;
    return nullptr;
  }
  const vm::Value* on_type = o->type()->Lookup(name);
  // A data descriptor (property, getset) on the type wins over the instance dict and
  // would run code: the guard cannot read it, so the path "does not exist".
  if (on_type != nullptr && on_type->is_object() &&
      on_type->object()->type()->slots().descr_set != nullptr) {
    return nullptr;
  }
  if (const vm::Dict* d = InstanceDict(obj)) {
    if (const vm::Value* v = d->GetStr(name)) return v;
  }
  return on_type;
}

const vm::Value* GetItemNoCode(const vm::Value& obj, const Source& s) {
  if (!obj.is_object()) return nullptr;
  switch (obj.object()->type()->layout()) {
    case vm::Layout::kList:
    case vm::Layout::kTuple: {
      if (s.has_str_key()) return nullptr;
      const std::vector<vm::Value>& items =
          obj.object()->type()->layout() == vm::Layout::kList ? obj.as<vm::List>()->items
                                                               : obj.as<vm::Tuple>()->items;
      int64_t i = s.index();
      if (i < 0) i += static_cast<int64_t>(items.size());
      if (i < 0 || i >= static_cast<int64_t>(items.size())) return nullptr;
      return &items[i];
    }
    case vm::Layout::kDict: {
      const vm::Dict* d = obj.as<vm::Dict>();
      if (s.has_str_key()) return d->GetStr(s.name());
      // An int key: scan for an int (or bool/float equal to it) key. Dicts guarded by int
      // key are small in practice; a hash probe would need Runtime-side hashing.
      size_t pos = 0;
      const vm::Dict::Entry* e = nullptr;
      while (d->Next(&pos, &e)) {
        const vm::Value& k = e->key;
        if ((k.is_int_like() && k.as_int() == s.index()) ||
            (k.is_float() && k.as_float() == static_cast<double>(s.index()))) {
          return &e->value;
        }
      }
      return nullptr;
    }
    default:
      return nullptr;
  }
}

}  // namespace

const vm::Value* Step(const Source& s, const vm::Value* parent, const FrameView& frame) {
  switch (s.kind()) {
    case Source::Kind::kLocal:
      if (s.index() < 0 || s.index() >= frame.num_locals) return nullptr;
      return Bound(&frame.locals[s.index()]);
    case Source::Kind::kStack:
      if (s.index() < 0 || s.index() >= frame.num_stack) return nullptr;
      return Bound(&frame.stack[s.index()]);
    case Source::Kind::kCell: {
      if (s.index() < 0 || s.index() >= frame.num_cells) return nullptr;
      const vm::Value& cell = frame.cells[s.index()];
      if (!cell.is_object()) return nullptr;
      return Bound(&cell.as<vm::Cell>()->value);
    }
    case Source::Kind::kGlobal: {
      const vm::Value* v = frame.globals ? frame.globals->GetStr(s.name()) : nullptr;
      if (v == nullptr && frame.builtins != nullptr) v = frame.builtins->GetStr(s.name());
      return v;
    }
    case Source::Kind::kAttr:
      return parent == nullptr ? nullptr : GetAttrNoCode(*parent, s.name(), frame);
    case Source::Kind::kItem:
      return parent == nullptr ? nullptr : GetItemNoCode(*parent, s);
  }
  return nullptr;
}

}  // namespace internal

const vm::Value* Resolve(const Source& source, const FrameView& frame) {
  const vm::Value* parent = nullptr;
  if (source.base() != nullptr) {
    parent = Resolve(*source.base(), frame);
    if (parent == nullptr) return nullptr;
  }
  return internal::Step(source, parent, frame);
}

}  // namespace wick::guards
