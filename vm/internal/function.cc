// The Python function type: construction by MAKE_FUNCTION, calling (through
// Interpreter::CallFunction), binding as a method (descr_get), repr, and the
// attributes Python functions expose (__name__, __qualname__, __doc__, __module__,
// __defaults__, __kwdefaults__, __code__, __globals__, __closure__, __dict__; anything
// else lives in the function's own dict, as functools.wraps expects). Also the code
// type's repr.
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "vm/internal/interp_internal.h"
#include "vm/objects/dict.h"
#include "vm/protocol.h"

namespace wick::vm {

void Function::Traverse(Visitor visit, void* arg) const {
  for (const Value* v : {&code, &globals, &builtins, &defaults, &kwdefaults, &closure, &name,
                         &qualname, &doc, &module, &annotations}) {
    VisitValue(*v, visit, arg);
  }
  if (dict != nullptr) visit(dict, arg);
}

void Function::ClearRefs() {
  code = globals = builtins = defaults = kwdefaults = closure = Value();
  name = qualname = doc = module = annotations = Value();
  if (Dict* d = std::exchange(dict, nullptr)) d->DecRef();
}

Function::~Function() {
  if (dict != nullptr) dict->DecRef();
}

namespace internal {
namespace {

Function* F(const Value& v) { return v.as<Function>(); }

Value FunctionCall(Runtime& rt, const Value& callee, Args args, const KwArgs& kwargs) {
  return Interpreter::Of(rt).CallFunction(F(callee), args, kwargs);
}

Value FunctionDescrGet(Runtime& rt, const Value& descr, const Value& instance, Type*) {
  if (instance.is_none()) return descr;
  return rt.NewBoundMethod(instance, descr);
}

Value FunctionRepr(Runtime& rt, const Value& v) {
  return rt.NewStr(absl::StrFormat("<function %s at %p>", F(v)->qualname.as<Str>()->view(),
                                   static_cast<void*>(v.object())));
}

Value CodeRepr(Runtime& rt, const Value& v) {
  CodeObject* co = v.as<CodeObject>();
  std::string file = co->source != nullptr ? co->source->filename : "<unknown>";
  return rt.NewStr(absl::StrFormat("<code object %s at %p, file \"%s\", line %d>", co->name,
                                   static_cast<void*>(v.object()), file, co->first_line));
}

// The field behind a settable special attribute, or nullptr.
Value* SpecialField(Function* f, absl::string_view n) {
  if (n == "__name__") return &f->name;
  if (n == "__qualname__") return &f->qualname;
  if (n == "__doc__") return &f->doc;
  if (n == "__module__") return &f->module;
  if (n == "__defaults__") return &f->defaults;
  if (n == "__kwdefaults__") return &f->kwdefaults;
  if (n == "__code__") return &f->code;
  return nullptr;
}

Value FunctionGetAttr(Runtime& rt, const Value& v, Str* name) {
  Function* f = F(v);
  absl::string_view n = name->view();
  if (n.size() > 4 && n[0] == '_' && n[1] == '_') {
    if (Value* field = SpecialField(f, n)) return *field;
    if (n == "__globals__") return f->globals;
    if (n == "__closure__") return f->closure;
    if (n == "__builtins__") return f->builtins;
    if (n == "__annotations__") {
      if (f->annotations.is_none()) f->annotations = rt.NewDict();
      return f->annotations;
    }
    if (n == "__dict__") {
      if (f->dict == nullptr) f->dict = rt.Alloc<Dict>(rt.types().dict);
      return Value::Borrow(f->dict);
    }
  }
  if (f->dict != nullptr) {
    if (const Value* found = f->dict->GetStr(name)) return *found;
  }
  return GenericGetAttr(rt, v, name);
}

bool CheckStrAttr(Runtime& rt, absl::string_view n, const Value* v) {
  if (v != nullptr && rt.IsStr(*v)) return true;
  rt.Raise(rt.exc().type_error, absl::StrCat(n, " must be set to a string object"));
  return false;
}

bool FunctionSetAttr(Runtime& rt, const Value& v, Str* name, const Value* value) {
  Function* f = F(v);
  absl::string_view n = name->view();
  if (Value* field = SpecialField(f, n)) {
    if (n == "__name__" || n == "__qualname__") {
      if (!CheckStrAttr(rt, n, value)) return false;
    } else if (n == "__code__") {
      if (value == nullptr || rt.TypeOf(*value) != rt.types().code) {
        rt.Raise(rt.exc().type_error, "__code__ must be set to a code object");
        return false;
      }
    } else if (n == "__defaults__" && value != nullptr && !value->is_none() &&
               !rt.IsTuple(*value)) {
      rt.Raise(rt.exc().type_error, "__defaults__ must be set to a tuple object");
      return false;
    } else if (n == "__kwdefaults__" && value != nullptr && !value->is_none() &&
               !rt.IsDict(*value)) {
      rt.Raise(rt.exc().type_error, "__kwdefaults__ must be set to a dict object");
      return false;
    }
    *field = value != nullptr ? *value : Value::None();
    return true;
  }
  if (n == "__annotations__") {
    if (value != nullptr && !value->is_none() && !rt.IsDict(*value)) {
      rt.Raise(rt.exc().type_error, "__annotations__ must be set to a dict object");
      return false;
    }
    f->annotations = value != nullptr ? *value : Value::None();
    return true;
  }
  if (n == "__dict__") {
    if (value == nullptr || !rt.IsDict(*value)) {
      rt.Raise(rt.exc().type_error, "__dict__ must be set to a dictionary, not a '" +
                                        (value ? rt.TypeOf(*value)->name() : "NoneType") +
                                        "'");
      return false;
    }
    value->object()->IncRef();
    if (f->dict != nullptr) f->dict->DecRef();
    f->dict = value->as<Dict>();
    return true;
  }
  if (n == "__globals__" || n == "__closure__" || n == "__builtins__") {
    rt.Raise(rt.exc().attribute_error, "readonly attribute");
    return false;
  }
  if (value == nullptr) {
    int removed = f->dict != nullptr ? f->dict->Remove(rt, Value::Borrow(name)) : 0;
    if (removed < 0) return false;
    if (removed == 0) {
      rt.Raise(rt.exc().attribute_error,
               absl::StrCat("'function' object has no attribute '", n, "'"));
      return false;
    }
    return true;
  }
  if (f->dict == nullptr) f->dict = rt.Alloc<Dict>(rt.types().dict);
  return f->dict->SetStr(rt, name, *value);
}

}  // namespace

void InitFunctionType(Runtime& rt) {
  Type* ft = rt.types().function;
  ft->set_method_descriptor(true);
  TypeSlots& s = ft->slots();
  const TypeSlots& object_slots = rt.types().object->slots();
  s.call = &FunctionCall;
  s.descr_get = &FunctionDescrGet;
  s.repr = &FunctionRepr;
  s.str = nullptr;
  s.getattr = &FunctionGetAttr;
  s.setattr = &FunctionSetAttr;
  s.construct = nullptr;
  if (s.hash == nullptr) s.hash = object_slots.hash;
  if (s.compare == nullptr) s.compare = object_slots.compare;
  Type* ct = rt.types().code;
  ct->slots().repr = &CodeRepr;
  ct->slots().construct = nullptr;
  if (ct->slots().hash == nullptr) ct->slots().hash = object_slots.hash;
}

Value NewFunction(Runtime& rt, Value code, Dict* globals, Dict* builtins) {
  CodeObject* co = code.as<CodeObject>();
  Function* f = rt.Alloc<Function>(rt.types().function);
  Value result = Value::Steal(f);
  f->name = rt.NewStr(co->name);
  f->qualname = rt.NewStr(co->qualname.empty() ? co->name : co->qualname);
  // CPython 3.11: the docstring is consts[0] when that is a str.
  f->doc = !co->consts.empty() && rt.IsStr(co->consts[0]) ? co->consts[0] : Value::None();
  f->code = std::move(code);
  f->globals = Value::Borrow(globals);
  f->builtins = Value::Borrow(builtins);
  const Value* mod = globals->GetStr(rt.names().name);
  f->module = mod != nullptr ? *mod : Value::None();
  return result;
}

}  // namespace internal
}  // namespace wick::vm
