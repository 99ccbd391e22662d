// super(): the zero-argument form reads the calling frame (its first argument and its
// `__class__` free cell, which the compiler creates for methods that use super), the
// two-argument form takes both explicitly. Attribute lookup starts after `type` in the
// MRO of the object's class and binds what it finds to the object.
#include <algorithm>
#include <string>

#include "absl/strings/str_cat.h"
#include "vm/builtins/args.h"
#include "vm/builtins/internal/builtins_internal.h"
#include "vm/interpreter.h"
#include "vm/objects/objects.h"
#include "vm/protocol.h"

namespace wick::vm::builtins {
namespace {

struct Super : public Object {
  void ClearRefs() override { type = obj = Value(); }
  Value type;                 // the class named in super(type, obj)
  Value obj;                  // the instance or class being looked up
  Type* obj_type = nullptr;   // obj itself when obj is a class, else type(obj)
};

// Fills *type and *obj from the caller's frame, or raises RuntimeError as CPython.
bool ZeroArgSuper(Runtime& rt, Value* type, Value* obj) {
  Interpreter* interp = rt.interpreter();
  Frame* frame = interp != nullptr ? interp->current_frame() : nullptr;
  if (frame == nullptr) {
    rt.Raise(rt.exc().runtime_error, "super(): no current frame");
    return false;
  }
  const CodeObject* code = frame->code;
  if (code->arg_count == 0 || frame->locals == nullptr) {
    rt.Raise(rt.exc().runtime_error, "super(): no arguments");
    return false;
  }
  *obj = frame->locals[0];
  // A first argument captured by an inner function lives in its cell.
  for (size_t i = 0; i < code->cell2arg.size(); ++i) {
    if (code->cell2arg[i] == 0) *obj = frame->cells[i].as<Cell>()->value;
  }
  if (obj->is_raised()) {
    rt.Raise(rt.exc().runtime_error, "super(): arg[0] deleted");
    return false;
  }
  for (size_t i = 0; i < code->freevars.size(); ++i) {
    if (code->freevars[i] != "__class__") continue;
    const Value& cell = frame->cells[code->cellvars.size() + i];
    *type = cell.as<Cell>()->value;
    if (type->is_raised()) {
      rt.Raise(rt.exc().runtime_error, "super(): empty __class__ cell");
      return false;
    }
    if (!rt.IsInstance(*type, rt.types().type)) {
      rt.Raise(rt.exc().runtime_error,
               absl::StrCat("super(): __class__ is not a type (", TypeName(rt, *type), ")"));
      return false;
    }
    return true;
  }
  rt.Raise(rt.exc().runtime_error, "super(): __class__ cell not found");
  return false;
}

Value SuperConstruct(Runtime& rt, Type* stype, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "super", args, kw, 0, 2)) return Value::Raised();
  Value type, obj;
  if (args.empty()) {
    if (!ZeroArgSuper(rt, &type, &obj)) return Value::Raised();
  } else {
    type = args[0];
    if (!rt.IsInstance(type, rt.types().type)) {
      return rt.Raise(rt.exc().type_error, absl::StrCat("super() argument 1 must be a type, not ",
                                                        TypeName(rt, type)));
    }
    if (args.size() == 1) {
      return rt.Raise(rt.exc().runtime_error, "super(type) without an object is not supported");
    }
    obj = args[1];
  }
  Type* t = type.as<Type>();
  Type* obj_type = nullptr;
  if (rt.IsInstance(obj, rt.types().type) && obj.as<Type>()->IsSubtypeOf(t)) {
    obj_type = obj.as<Type>();
  } else if (rt.TypeOf(obj)->IsSubtypeOf(t)) {
    obj_type = rt.TypeOf(obj);
  } else {
    return rt.Raise(rt.exc().type_error,
                    "super(type, obj): obj must be an instance or subtype of type");
  }
  Super* s = rt.Alloc<Super>(stype);
  s->type = std::move(type);
  s->obj = std::move(obj);
  s->obj_type = obj_type;
  return Value::Steal(s);
}

Value SuperGetAttr(Runtime& rt, const Value& v, Str* name) {
  Super* s = v.as<Super>();
  if (name != rt.names().class_) {
    // The classes after `type` in the MRO of obj's class (cooperative super()).
    absl::Span<Type* const> mro = s->obj_type->mro();
    size_t i = 0;
    while (i < mro.size() && mro[i] != s->type.as<Type>()) ++i;
    for (Type* t : mro.subspan(std::min(i + 1, mro.size()))) {
      const Value* found = t->dict() != nullptr ? t->dict()->GetStr(name) : nullptr;
      if (found == nullptr) continue;
      Value attr = *found;
      Type* at = rt.TypeOf(attr);
      if (at->slots().descr_get == nullptr) return attr;
      // Looked up on a class (classmethods calling super()), functions stay unbound.
      bool on_class = s->obj.is_object() && s->obj.object() == s->obj_type;
      if (on_class && at->is_method_descriptor()) return attr;
      return at->slots().descr_get(rt, attr, on_class ? Value::None() : s->obj, s->obj_type);
    }
  }
  absl::string_view n = name->view();
  if (n == "__thisclass__") return s->type;
  if (n == "__self__") return s->obj;
  if (n == "__self_class__") return Value::Borrow(s->obj_type);
  return GenericGetAttr(rt, v, name);
}

Value SuperRepr(Runtime& rt, const Value& v) {
  Super* s = v.as<Super>();
  return rt.NewStr(absl::StrCat("<super: <class '", s->type.as<Type>()->name(), "'>, <",
                                s->obj_type->name(), " object>>"));
}

}  // namespace

void InitSuperType(Runtime& rt) {
  TypeSlots& s = rt.types().super_->slots();
  s.construct = &SuperConstruct;
  s.getattr = &SuperGetAttr;
  s.repr = &SuperRepr;
}

}  // namespace wick::vm::builtins
