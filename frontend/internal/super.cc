// super() in traced code (Dynamo's SuperVariable): the zero-argument form reads the
// calling frame's first argument and its `__class__` cell from the translator, as the
// VM reads them from the live frame (vm/builtins/super.cc); attribute reads walk the
// bases after that class and bind what they find to the object. Anything other than a
// Python function or `object.__init__` stops the trace.
#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "base/status_macros.h"
#include "frontend/internal/translator.h"
#include "vm/objects/dict.h"
#include "vm/protocol.h"

namespace wick::frontend::internal {
namespace {

absl::Status BreakSuper(Translator& tx, const std::string& context, const std::string& why) {
  return tx.Break("Unsupported: super()", context,
                  absl::StrCat("Dynamo in wick does not trace this use of super(): ", why));
}

// The class of the object a super() tracker binds to; null when it is not an instance
// of a Python class.
vm::Type* InstanceType(TraceState& st, const Var& obj) {
  if (obj.kind == VarKind::kNewObject) return obj.value.as<vm::Type>();
  if (obj.kind != VarKind::kObject) return nullptr;
  vm::Type* t = st.rt.TypeOf(obj.value);
  return t->layout() == vm::Layout::kObject ? t : nullptr;
}

// super() with no arguments: arg 0 of the frame (or its cell) and the `__class__` cell.
absl::Status ZeroArgSuper(Translator& tx, VarPtr* type, VarPtr* obj) {
  const vm::CodeObject* code = tx.code();
  if (code->arg_count == 0) return BreakSuper(tx, code->qualname, "no arguments");
  ASSIGN_OR_RETURN(*obj, tx.ReadLocal(0));
  for (size_t i = 0; i < code->cell2arg.size(); ++i) {
    if (code->cell2arg[i] == 0) *obj = tx.cells()[i]->contents;
  }
  for (size_t i = 0; i < code->freevars.size(); ++i) {
    if (code->freevars[i] != "__class__") continue;
    const VarPtr& cell = tx.cells()[code->cellvars.size() + i];
    if (cell != nullptr) *type = cell->contents;
  }
  if (*obj == nullptr || *type == nullptr) {
    return BreakSuper(tx, code->qualname, "the frame has no `self` or `__class__` cell");
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<VarPtr> MakeSuper(Translator& tx, const std::vector<VarPtr>& args) {
  TraceState& st = tx.state();
  VarPtr type, obj;
  if (args.empty()) {
    RETURN_IF_ERROR(ZeroArgSuper(tx, &type, &obj));
  } else if (args.size() == 2) {
    type = args[0];
    obj = args[1];
  } else {
    return BreakSuper(tx, "super", "only super() and super(type, obj) are traced");
  }
  if (type->kind != VarKind::kObject || !st.rt.IsInstance(type->value, st.rt.types().type)) {
    return BreakSuper(tx, DescribeVar(st.rt, *type), "the first argument is not a class");
  }
  const bool of_class = obj->kind == VarKind::kObject && obj->value.is_object() &&
                        st.rt.IsInstance(obj->value, st.rt.types().type);
  vm::Type* obj_type = of_class ? obj->value.as<vm::Type>() : InstanceType(st, *obj);
  if (obj_type == nullptr) {
    return BreakSuper(tx, DescribeVar(st.rt, *obj), "the object is not a user instance");
  }
  if (!obj_type->IsSubtypeOf(type->value.as<vm::Type>())) {
    return RaiseObserved(tx, st.rt.exc().type_error,
                         "super(type, obj): obj must be an instance or subtype of type");
  }
  VarPtr sup = MakeVar(VarKind::kSuper);
  sup->value = type->value;
  sup->self = std::move(obj);
  sup->super_of_class = of_class;
  return sup;
}

absl::StatusOr<VarPtr> SuperGetAttr(Translator& tx, const VarPtr& sup, const std::string& name) {
  vm::Runtime& rt = tx.state().rt;
  // The classes after the super() class in the MRO of self's class (of self itself for
  // super(type, cls)).
  vm::Type* obj_type = sup->super_of_class ? sup->self->value.as<vm::Type>()
                                           : InstanceType(tx.state(), *sup->self);
  if (obj_type == nullptr) return BreakSuper(tx, name, "the object is not a user instance");
  absl::Span<vm::Type* const> mro = obj_type->mro();
  size_t i = 0;
  while (i < mro.size() && mro[i] != sup->value.as<vm::Type>()) ++i;
  for (vm::Type* t : mro.subspan(std::min(i + 1, mro.size()))) {
    const vm::Value* a = t->dict() != nullptr ? t->dict()->GetStr(name) : nullptr;
    if (a == nullptr) continue;
    if (sup->super_of_class) {
      // As a class binds them: a function stays unbound (cls.__new__ is called with cls
      // explicitly), a staticmethod is its function, a classmethod binds cls.
      vm::Value fn = *a;
      const bool classmethod = rt.TypeOf(*a) == rt.types().classmethod;
      if (classmethod || rt.TypeOf(*a) == rt.types().staticmethod) {
        fn = vm::GetAttr(rt, *a, "__func__");
        if (fn.is_raised()) return RaisePending(tx);
      }
      if (rt.TypeOf(fn) == rt.types().function || (!t->is_heap() && !classmethod)) {
        ASSIGN_OR_RETURN(VarPtr f, Wrap(tx, fn, nullptr));
        if (!classmethod) return f;
        VarPtr m = MakeVar(VarKind::kBoundMethod);
        m->self = sup->self;
        m->func = std::move(f);
        return m;
      }
      return BreakSuper(tx, absl::StrCat(t->name(), ".", name),
                        "the attribute is not a Python function");
    }
    if (rt.TypeOf(*a) == rt.types().function) {
      VarPtr m = MakeVar(VarKind::kBoundMethod);
      m->self = sup->self;
      ASSIGN_OR_RETURN(m->func, Wrap(tx, *a, nullptr));
      return m;
    }
    if (t == rt.types().object && name == "__init__") {
      // object.__init__ does nothing; calls.cc folds the call (CallContainerMethod).
      VarPtr m = MakeVar(VarKind::kBoundMethod);
      m->self = sup;
      m->func = MakeConstant(rt.NewStr(name));
      return m;
    }
    // Data attributes (and descriptors) would be read without a guard on the class
    // dict that holds them, so a later rebinding could go unseen: stop instead.
    return BreakSuper(tx, absl::StrCat(t->name(), ".", name),
                      "the attribute is not a Python function");
  }
  return RaiseObserved(tx, rt.exc().attribute_error,
                       absl::StrCat("'super' object has no attribute '", name, "'"));
}

}  // namespace wick::frontend::internal
