// The core builtins: print, repr, hash, id, callable, format, the getattr family,
// isinstance/issubclass, vars; and the names of the builtin types, exception classes
// and constants in the builtins namespace.
#include <cstdio>
#include <set>
#include <string>

#include "absl/strings/str_cat.h"
#include "vm/builtins/args.h"
#include "vm/builtins/internal/builtins_internal.h"
#include "vm/code.h"
#include "vm/interpreter.h"
#include "vm/objects/dict.h"
#include "vm/objects/objects.h"
#include "vm/protocol.h"

namespace wick::vm::builtins {

void AddFunction(Runtime& rt, Dict* ns, absl::string_view name, BuiltinFn fn) {
  ns->SetStr(rt, rt.Intern(name), rt.NewBuiltinFunction(name, fn));
}

void SetModuleAttr(Runtime& rt, const Value& module, absl::string_view name, Value v) {
  module.as<Module>()->dict->SetStr(rt, rt.Intern(name), std::move(v));
}

void AddModuleFunction(Runtime& rt, const Value& module, absl::string_view name,
                       BuiltinFn fn) {
  SetModuleAttr(rt, module, name, rt.NewBuiltinFunction(name, fn));
}

void WriteOut(Runtime& rt, bool to_stderr, absl::string_view text) {
  Interpreter* interp = rt.interpreter();
  if (interp != nullptr) {
    auto& writer = to_stderr ? interp->write_stderr : interp->write_stdout;
    if (writer) {
      writer(text);
      return;
    }
  }
  std::fwrite(text.data(), 1, text.size(), to_stderr ? stderr : stdout);
}

void FlushOut(bool to_stderr) {
  // The default writers go through C stdio; a host's own writer gets every write as it
  // happens, and flushing stdio then costs nothing.
  std::fflush(to_stderr ? stderr : stdout);
}

namespace {

// print(*objects, sep=' ', end='\n', file=None, flush=False)
Value Print(Runtime& rt, Args args, const KwArgs& kw) {
  if (!CheckKwNames(rt, "print", kw, {"sep", "end", "file", "flush"})) return Value::Raised();
  std::string sep = " ", end = "\n";
  for (const char* which : {"sep", "end"}) {
    const Value* v = kw.Find(which);
    if (v == nullptr || v->is_none()) continue;
    if (!rt.IsInstance(*v, rt.types().str)) {
      return rt.Raise(rt.exc().type_error, absl::StrCat(which, " must be None or a string, not ",
                                                        TypeName(rt, *v)));
    }
    (which[0] == 's' ? sep : end) = std::string(StrOf(*v));
  }
  std::string text;
  for (size_t i = 0; i < args.size(); ++i) {
    if (i > 0) text += sep;
    std::string s;
    if (!StrString(rt, args[i], &s)) return Value::Raised();
    text += s;
  }
  text += end;
  const Value* file = kw.Find("file");
  const Value* flush = kw.Find("flush");
  int flushing = 0;
  if (flush != nullptr && (flushing = Truthy(rt, *flush)) < 0) return Value::Raised();
  if (file == nullptr || file->is_none()) {
    WriteOut(rt, false, text);
    if (flushing) FlushOut(false);
    return Value::None();
  }
  // Any object with write() works, as in CPython (sys.stderr is one); flush=True calls
  // its flush().
  Value r = CallMethod(rt, *file, "write", {rt.NewStr(std::move(text))});
  if (r.is_raised()) return r;
  if (flushing) {
    r = CallMethod(rt, *file, "flush", {});
    if (r.is_raised()) return r;
  }
  return Value::None();
}

Value ReprFn(Runtime& rt, Args args, const KwArgs& kw) {
  if (!OneArg(rt, "repr", args, kw)) return Value::Raised();
  return Repr(rt, args[0]);
}

Value HashFn(Runtime& rt, Args args, const KwArgs& kw) {
  if (!OneArg(rt, "hash", args, kw)) return Value::Raised();
  int64_t h;
  if (!Hash(rt, args[0], &h)) return Value::Raised();
  return Value::Int(h);
}

// id(x): the address for heap objects. Inline values have no address; they get a
// number derived from tag and payload, so equal inline values share an id (as small
// ints and singletons do in CPython) and the result stays positive.
Value IdFn(Runtime& rt, Args args, const KwArgs& kw) {
  if (!OneArg(rt, "id", args, kw)) return Value::Raised();
  const Value& v = args[0];
  if (v.is_object()) return Value::Int(static_cast<int64_t>(reinterpret_cast<uintptr_t>(v.object())));
  uint64_t payload = v.is_float() ? static_cast<uint64_t>(v.as_float() * 1e6)
                                  : static_cast<uint64_t>(v.is_none() ? 0 : v.as_int());
  uint64_t id = (payload * 0x9E3779B97F4A7C15ull) ^ (static_cast<uint64_t>(v.tag()) << 56);
  return Value::Int(static_cast<int64_t>(id >> 1));
}

Value CallableFn(Runtime& rt, Args args, const KwArgs& kw) {
  if (!OneArg(rt, "callable", args, kw)) return Value::Raised();
  return Value::Bool(rt.TypeOf(args[0])->slots().call != nullptr);
}

// format(value, format_spec='')
Value FormatFn(Runtime& rt, Args args, const KwArgs& kw) {
  Value a[2];
  if (!BindArgs(rt, "format", args, kw, {"value", "format_spec"}, 1, a)) return Value::Raised();
  if (a[1].is_raised()) return Format(rt, a[0], "");
  if (!rt.IsInstance(a[1], rt.types().str)) {
    return rt.Raise(rt.exc().type_error, absl::StrCat("format() argument 2 must be str, not ",
                                                      TypeName(rt, a[1])));
  }
  return Format(rt, a[0], StrOf(a[1]));
}

// The attribute-name argument of getattr & co.: a str, else TypeError.
Str* AttrName(Runtime& rt, const Value& v) {
  if (!rt.IsInstance(v, rt.types().str)) {
    rt.Raise(rt.exc().type_error,
             absl::StrCat("attribute name must be string, not '", TypeName(rt, v), "'"));
    return nullptr;
  }
  return rt.Intern(StrOf(v));
}

// getattr(object, name[, default])
Value GetAttrFn(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "getattr", args, kw, 2, 3)) return Value::Raised();
  Str* name = AttrName(rt, args[1]);
  if (name == nullptr) return Value::Raised();
  Value r = GetAttr(rt, args[0], name);
  if (r.is_raised() && args.size() == 3 && rt.ExceptionMatches(rt.exc().attribute_error)) {
    rt.ClearException();
    return args[2];
  }
  return r;
}

Value HasAttrFn(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "hasattr", args, kw, 2, 2)) return Value::Raised();
  Str* name = AttrName(rt, args[1]);
  if (name == nullptr) return Value::Raised();
  Value r = GetAttr(rt, args[0], name);
  if (!r.is_raised()) return Value::Bool(true);
  if (!rt.ExceptionMatches(rt.exc().attribute_error)) return r;
  rt.ClearException();
  return Value::Bool(false);
}

Value SetAttrFn(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "setattr", args, kw, 3, 3)) return Value::Raised();
  Str* name = AttrName(rt, args[1]);
  if (name == nullptr || !SetAttr(rt, args[0], name, args[2])) return Value::Raised();
  return Value::None();
}

Value DelAttrFn(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "delattr", args, kw, 2, 2)) return Value::Raised();
  Str* name = AttrName(rt, args[1]);
  if (name == nullptr || !DelAttr(rt, args[0], name)) return Value::Raised();
  return Value::None();
}

bool IsTypeObject(Runtime& rt, const Value& v) { return rt.IsInstance(v, rt.types().type); }

// Calls hook(args...) and reads its answer as a truth value: 1, 0, or -1 after raising.
int CallCheck(Runtime& rt, const Value& hook, Args args) {
  Value r = Call(rt, hook, args);
  return r.is_raised() ? -1 : Truthy(rt, r);
}

// isinstance/issubclass against a class, a (nested) tuple of classes, a union (`int |
// None`) or an object whose type defines __instancecheck__/__subclasscheck__: 1, 0, or
// -1 after raising. `Type* t` is the class being tested (issubclass) or the object's
// type; `obj` the object (isinstance only).
//
// Classes of vm/stdlib/typing.py that answer isinstance without a metaclass (Protocol,
// TypedDict) define the classmethod cls.__wick_subclasscheck__(t), asked when t is not
// a real subclass.
int MatchesClassInfo(Runtime& rt, Type* t, const Value& info, bool is_instance,
                     const Value& obj) {
  if (IsTypeObject(rt, info)) {
    Type* cls = info.as<Type>();
    if (t->IsSubtypeOf(cls)) return 1;
    if (!cls->is_heap()) return 0;
    // A user metaclass's __instancecheck__ / __subclasscheck__ (abc.ABCMeta's): asked
    // only when the class is not a real base, which they would confirm anyway.
    Type* meta = rt.TypeOf(info);
    if (meta->is_heap()) {
      const Value* hook = meta->Lookup(is_instance ? "__instancecheck__" : "__subclasscheck__");
      if (hook != nullptr && rt.TypeOf(*hook) != rt.types().builtin_function) {
        Value h = *hook;
        return CallCheck(rt, h, {info, is_instance ? obj : Value::Borrow(t)});
      }
    }
    if (cls->Lookup("__wick_subclasscheck__") == nullptr) return 0;
    Value hook = GetAttr(rt, info, "__wick_subclasscheck__");
    if (hook.is_raised()) return -1;
    return CallCheck(rt, hook, {Value::Borrow(t)});
  }
  if (rt.IsInstance(info, rt.types().tuple)) {
    for (const Value& item : info.as<Tuple>()->items) {
      int r = MatchesClassInfo(rt, t, item, is_instance, obj);
      if (r != 0) return r;
    }
    return 0;
  }
  Type* it = rt.TypeOf(info);
  if (it == rt.types().union_type || it == rt.types().generic_alias) {
    Value items = it == rt.types().union_type ? GetAttr(rt, info, "__args__") : Value::None();
    if (items.is_raised()) return -1;
    if (rt.IsTuple(items)) {
      bool generic = false;
      for (const Value& item : items.as<Tuple>()->items) {
        if (rt.TypeOf(item) == rt.types().generic_alias) generic = true;
      }
      if (!generic) return MatchesClassInfo(rt, t, items, is_instance, obj);
    }
    rt.Raise(rt.exc().type_error,
             is_instance ? "isinstance() argument 2 cannot be a parameterized generic"
                         : "issubclass() argument 2 cannot be a parameterized generic");
    return -1;
  }
  if (const Value* hook = it->Lookup(is_instance ? "__instancecheck__" : "__subclasscheck__")) {
    Value h = *hook;
    return CallCheck(rt, h, {info, is_instance ? obj : Value::Borrow(t)});
  }
  rt.Raise(rt.exc().type_error,
           is_instance ? "isinstance() arg 2 must be a type, a tuple of types, or a union"
                       : "issubclass() arg 2 must be a class, a tuple of classes, or a union");
  return -1;
}

Value IsInstanceFn(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "isinstance", args, kw, 2, 2)) return Value::Raised();
  int r = MatchesClassInfo(rt, rt.TypeOf(args[0]), args[1], true, args[0]);
  return r < 0 ? Value::Raised() : Value::Bool(r);
}

Value IsSubclassFn(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "issubclass", args, kw, 2, 2)) return Value::Raised();
  if (!IsTypeObject(rt, args[0])) {
    return rt.Raise(rt.exc().type_error, "issubclass() arg 1 must be a class");
  }
  int r = MatchesClassInfo(rt, args[0].as<Type>(), args[1], false, args[0]);
  return r < 0 ? Value::Raised() : Value::Bool(r);
}

// locals() and globals() reject arguments with CPython's METH_NOARGS message.
bool NoArgs(Runtime& rt, const char* name, Args args, const KwArgs& kw) {
  if (!kw.empty()) {
    rt.Raise(rt.exc().type_error, absl::StrCat(name, "() takes no keyword arguments"));
    return false;
  }
  if (args.empty()) return true;
  rt.Raise(rt.exc().type_error,
           absl::StrCat(name, "() takes no arguments (", args.size(), " given)"));
  return false;
}

// globals(): the calling frame's module namespace (natives push no frame, so the
// interpreter's current frame is the caller).
Value GlobalsFn(Runtime& rt, Args args, const KwArgs& kw) {
  if (!NoArgs(rt, "globals", args, kw)) return Value::Raised();
  Frame* f = rt.interpreter() != nullptr ? rt.interpreter()->current_frame() : nullptr;
  if (f == nullptr || f->globals == nullptr) return rt.NewDict();
  return Value::Borrow(f->globals);
}

// locals(): a module or class body's namespace itself; in a function, a snapshot dict
// of its bound names in CPython 3.11's order (fast locals, then cells, then free
// variables), so writes to it do not change the function's variables.
Value CallerLocals(Runtime& rt) {
  Frame* f = rt.interpreter() != nullptr ? rt.interpreter()->current_frame() : nullptr;
  if (f == nullptr) return rt.NewDict();
  if (rt.IsDict(f->locals_dict)) return f->locals_dict;
  // CPython 3.11 keeps one dict per frame and refreshes it on every call: names bound
  // since are added, names unbound since are removed, other keys stay.
  if (!rt.IsDict(f->locals_snapshot)) f->locals_snapshot = rt.NewDict();
  Value out = f->locals_snapshot;
  Dict* d = out.as<Dict>();
  const CodeObject& code = *f->code;
  auto cell_index = [&](const std::string& name) -> int {
    for (size_t i = 0; i < code.cellvars.size(); ++i) {
      if (code.cellvars[i] == name) return static_cast<int>(i);
    }
    return -1;
  };
  auto put = [&](const std::string& name, const Value& v) {
    Str* key = rt.Intern(name);
    if (!v.is_raised()) return d->SetStr(rt, key, v);
    return d->Remove(rt, Value::Borrow(key)) >= 0;
  };
  auto put_cell = [&](const std::string& name, int ix) {
    const Value& cell = f->cells[ix];
    if (rt.TypeOf(cell) != rt.types().cell) return true;
    return put(name, cell.as<Cell>()->value);
  };
  for (size_t i = 0; i < code.varnames.size(); ++i) {
    const std::string& name = code.varnames[i];
    int c = cell_index(name);
    if (!(c >= 0 ? put_cell(name, c) : put(name, f->locals[i]))) return Value::Raised();
  }
  for (size_t i = 0; i < code.cellvars.size(); ++i) {
    bool is_var = false;
    for (const std::string& v : code.varnames) is_var = is_var || v == code.cellvars[i];
    if (!is_var && !put_cell(code.cellvars[i], static_cast<int>(i))) return Value::Raised();
  }
  for (size_t i = 0; i < code.freevars.size(); ++i) {
    if (!put_cell(code.freevars[i], static_cast<int>(code.cellvars.size() + i))) {
      return Value::Raised();
    }
  }
  return out;
}

Value LocalsFn(Runtime& rt, Args args, const KwArgs& kw) {
  if (!NoArgs(rt, "locals", args, kw)) return Value::Raised();
  return CallerLocals(rt);
}

// vars(object): its __dict__; vars(): locals().
Value VarsFn(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "vars", args, kw, 0, 1)) return Value::Raised();
  if (args.empty()) return CallerLocals(rt);
  Value d = GetAttr(rt, args[0], rt.names().dict);
  if (d.is_raised() && rt.ExceptionMatches(rt.exc().attribute_error)) {
    rt.ClearException();
    return rt.Raise(rt.exc().type_error, "vars() argument must have __dict__ attribute");
  }
  return d;
}

// The names dir() reports for `object` in CPython 3.11 (wick's object dict holds only
// some of them; listing CPython's keeps dir() of user classes identical).
constexpr absl::string_view kObjectDirNames[] = {
    "__class__", "__delattr__", "__dir__", "__doc__", "__eq__", "__format__", "__ge__",
    "__getattribute__", "__getstate__", "__gt__", "__hash__", "__init__",
    "__init_subclass__", "__le__", "__lt__", "__ne__", "__new__", "__reduce__",
    "__reduce_ex__", "__repr__", "__setattr__", "__sizeof__", "__str__",
    "__subclasshook__"};

// The attribute names of a class and its bases, as CPython's type.__dir__ merges them.
void AddClassDirNames(Runtime& rt, Type* t, std::set<std::string>* names) {
  bool instance_dict = false;
  for (Type* c : t->mro()) {
    if (c == rt.types().object) {
      names->insert(std::begin(kObjectDirNames), std::end(kObjectDirNames));
      continue;
    }
    if (c->dict() == nullptr) continue;
    size_t pos = 0;
    const Dict::Entry* e;
    while (c->dict()->Next(&pos, &e)) {
      if (!rt.IsStr(e->key)) continue;
      absl::string_view k = e->key.as<Str>()->view();
      // Kept in the class dict by wick, held elsewhere by CPython.
      if (c->is_heap() && (k == "__qualname__" || k == "__name__" || k == "__classcell__")) {
        continue;
      }
      names->emplace(k);
    }
    if (c->is_heap()) {
      names->insert({"__doc__", "__module__"});
      if (c->dict()->GetStr("__slots__") == nullptr) instance_dict = true;
    }
  }
  if (instance_dict) names->insert({"__dict__", "__weakref__"});
}

// dir(obj): obj.__dir__() when its class defines one, else the names of its __dict__
// and of its class's MRO (classes: of their own MRO), sorted.
Value DirFn(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "dir", args, kw, 1, 1)) {
    if (args.empty() && kw.empty()) {
      rt.ClearException();
      return rt.Raise(rt.exc().type_error, "dir() without arguments is not supported by wick");
    }
    return Value::Raised();
  }
  const Value& obj = args[0];
  Type* t = rt.TypeOf(obj);
  const Value* custom = t->is_heap() ? t->Lookup("__dir__") : nullptr;
  std::vector<Value> items;
  if (custom != nullptr && rt.TypeOf(*custom) != rt.types().builtin_function) {
    // Found on the object's class (for a class: on its metaclass), bound to the object.
    Value fn = *custom;
    Type* ft = rt.TypeOf(fn);
    Value r;
    if (ft->is_method_descriptor()) {
      r = Call(rt, fn, {obj});
    } else {
      if (ft->slots().descr_get != nullptr) fn = ft->slots().descr_get(rt, fn, obj, t);
      r = fn.is_raised() ? fn : Call(rt, fn, {});
    }
    if (r.is_raised() || !Unpack(rt, r, &items)) return Value::Raised();
    Value list = rt.NewList(std::move(items));
    Value sorted = CallMethod(rt, list, "sort", {});
    return sorted.is_raised() ? sorted : list;
  }
  std::set<std::string> names;
  if (t == rt.types().module) {
    Value d = GetAttr(rt, obj, rt.names().dict);
    if (d.is_raised()) return d;
    if (!Unpack(rt, d, &items)) return Value::Raised();
    for (const Value& k : items) {
      if (rt.IsStr(k)) names.emplace(k.as<Str>()->view());
    }
  } else if (rt.IsInstance(obj, rt.types().type)) {
    AddClassDirNames(rt, obj.as<Type>(), &names);
  } else {
    Value d = GetAttr(rt, obj, rt.names().dict);
    if (d.is_raised()) {
      if (!rt.ExceptionMatches(rt.exc().attribute_error)) return d;
      rt.ClearException();
    } else if (rt.IsInstance(d, rt.types().dict)) {
      if (!Unpack(rt, d, &items)) return Value::Raised();
      for (const Value& k : items) {
        if (rt.IsStr(k)) names.emplace(k.as<Str>()->view());
      }
    }
    AddClassDirNames(rt, t, &names);
  }
  std::vector<Value> out;
  out.reserve(names.size());
  for (const std::string& n : names) out.push_back(rt.NewStr(n));
  return rt.NewList(std::move(out));
}

// __name__ / __qualname__ / __doc__ of builtin functions and methods. Without it the
// generic lookup would find the *type's* __name__ ('builtin_function_or_method').
Value BuiltinFunctionGetAttr(Runtime& rt, const Value& v, Str* name) {
  BuiltinFunction* f = v.as<BuiltinFunction>();
  if (name == rt.names().name) return rt.NewStr(f->name);
  if (name == rt.names().qualname) {
    return rt.NewStr(f->is_method() ? absl::StrCat(f->owner->name(), ".", f->name) : f->name);
  }
  if (name == rt.names().doc) return Value::None();
  return GenericGetAttr(rt, v, name);
}

// object.__setattr__ & co. as methods, so `super().__setattr__(name, value)` and
// `object.__repr__(self)` work from classes that override them.
Value ObjectSetAttrMethod(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "__setattr__", args, kw, 3, 3)) return Value::Raised();
  Str* name = AttrName(rt, args[1]);
  if (name == nullptr || !GenericSetAttr(rt, args[0], name, &args[2])) return Value::Raised();
  return Value::None();
}

Value ObjectDelAttrMethod(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "__delattr__", args, kw, 2, 2)) return Value::Raised();
  Str* name = AttrName(rt, args[1]);
  if (name == nullptr || !GenericSetAttr(rt, args[0], name, nullptr)) return Value::Raised();
  return Value::None();
}

Value ObjectGetAttributeMethod(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "__getattribute__", args, kw, 2, 2)) return Value::Raised();
  Str* name = AttrName(rt, args[1]);
  if (name == nullptr) return Value::Raised();
  return GenericGetAttr(rt, args[0], name);
}

Value ObjectReprMethod(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "__repr__", args, kw, 1, 1)) return Value::Raised();
  return ObjectRepr(rt, args[0]);
}

// object.__str__ is repr(self), which reaches a subclass's __repr__.
Value ObjectStrMethod(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "__str__", args, kw, 1, 1)) return Value::Raised();
  return Repr(rt, args[0]);
}

Value ObjectEqMethod(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "__eq__", args, kw, 2, 2)) return Value::Raised();
  return args[0].Is(args[1]) ? Value::Bool(true) : rt.NotImplemented();
}

Value ObjectHashMethod(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "__hash__", args, kw, 1, 1)) return Value::Raised();
  int64_t h;
  if (!rt.types().object->slots().hash(rt, args[0], &h)) return Value::Raised();
  return Value::Int(h);
}

void InstallObjectMethods(Runtime& rt) {
  Type* o = rt.types().object;
  auto add = [&](absl::string_view name, BuiltinFn fn) {
    if (o->dict()->GetStr(name) == nullptr) rt.AddMethod(o, name, fn);
  };
  add("__setattr__", &ObjectSetAttrMethod);
  add("__delattr__", &ObjectDelAttrMethod);
  add("__getattribute__", &ObjectGetAttributeMethod);
  add("__repr__", &ObjectReprMethod);
  add("__str__", &ObjectStrMethod);
  add("__eq__", &ObjectEqMethod);
  add("__hash__", &ObjectHashMethod);
}

void AddType(Runtime& rt, Dict* b, absl::string_view name, Type* t) {
  b->SetStr(rt, rt.Intern(name), Value::Borrow(t));
}

}  // namespace

void InstallCoreBuiltins(Runtime& rt, Dict* b) {
  AddFunction(rt, b, "print", &Print);
  AddFunction(rt, b, "repr", &ReprFn);
  AddFunction(rt, b, "hash", &HashFn);
  AddFunction(rt, b, "id", &IdFn);
  AddFunction(rt, b, "callable", &CallableFn);
  AddFunction(rt, b, "format", &FormatFn);
  AddFunction(rt, b, "getattr", &GetAttrFn);
  AddFunction(rt, b, "hasattr", &HasAttrFn);
  AddFunction(rt, b, "setattr", &SetAttrFn);
  AddFunction(rt, b, "delattr", &DelAttrFn);
  AddFunction(rt, b, "isinstance", &IsInstanceFn);
  AddFunction(rt, b, "issubclass", &IsSubclassFn);
  AddFunction(rt, b, "vars", &VarsFn);
  AddFunction(rt, b, "globals", &GlobalsFn);
  AddFunction(rt, b, "locals", &LocalsFn);
  AddFunction(rt, b, "dir", &DirFn);

  const Runtime::Types& t = rt.types();
  AddType(rt, b, "object", t.object);
  AddType(rt, b, "type", t.type);
  AddType(rt, b, "int", t.int_);
  AddType(rt, b, "float", t.float_);
  AddType(rt, b, "bool", t.bool_);
  AddType(rt, b, "str", t.str);
  AddType(rt, b, "tuple", t.tuple);
  AddType(rt, b, "list", t.list);
  AddType(rt, b, "dict", t.dict);
  AddType(rt, b, "set", t.set);
  AddType(rt, b, "frozenset", t.frozenset);
  AddType(rt, b, "complex", t.complex);
  AddType(rt, b, "bytes", t.bytes);
  AddType(rt, b, "bytearray", t.bytearray);
  AddType(rt, b, "range", t.range);
  AddType(rt, b, "slice", t.slice);
  AddType(rt, b, "enumerate", t.enumerate);
  AddType(rt, b, "zip", t.zip);
  AddType(rt, b, "map", t.map);
  AddType(rt, b, "filter", t.filter);
  AddType(rt, b, "reversed", t.reversed);
  AddType(rt, b, "staticmethod", t.staticmethod);
  AddType(rt, b, "classmethod", t.classmethod);
  AddType(rt, b, "property", t.property);
  AddType(rt, b, "super", t.super_);
#define WICK_X(field, name, base) AddType(rt, b, name, rt.exc().field);
  WICK_VM_EXCEPTION_TYPES(WICK_X)
#undef WICK_X
  b->SetStr(rt, rt.Intern("NotImplemented"), rt.NotImplemented());
  b->SetStr(rt, rt.Intern("Ellipsis"), rt.Ellipsis());
  b->SetStr(rt, rt.Intern("__name__"), rt.NewStr("builtins"));
}

// __get__ / __set__ / __delete__ as methods of the builtin descriptor types, so Python
// code can test for them (hasattr(f, "__get__"): enum, inspect) and call them.
Value DescrGetMethod(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "__get__", args, kw, 2, 3)) return Value::Raised();
  const Value& instance = args[1];
  Value owner = args.size() == 3 ? args[2] : Value::None();
  if (instance.is_none() && owner.is_none()) {
    return rt.Raise(rt.exc().type_error, "__get__(None, None) is invalid");
  }
  Type* owner_type = rt.IsInstance(owner, rt.types().type) ? owner.as<Type>()
                                                           : rt.TypeOf(instance);
  return rt.TypeOf(args[0])->slots().descr_get(rt, args[0], instance, owner_type);
}

Value DescrSetMethod(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "__set__", args, kw, 3, 3)) return Value::Raised();
  if (!rt.TypeOf(args[0])->slots().descr_set(rt, args[0], args[1], &args[2])) {
    return Value::Raised();
  }
  return Value::None();
}

Value DescrDeleteMethod(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "__delete__", args, kw, 2, 2)) return Value::Raised();
  if (!rt.TypeOf(args[0])->slots().descr_set(rt, args[0], args[1], nullptr)) {
    return Value::Raised();
  }
  return Value::None();
}

void InstallDescriptorMethods(Runtime& rt) {
  const Runtime::Types& t = rt.types();
  for (Type* d : {t.function, t.staticmethod, t.classmethod, t.property}) {
    if (d->slots().descr_get != nullptr) rt.AddMethod(d, "__get__", &DescrGetMethod);
  }
  rt.AddMethod(t.property, "__set__", &DescrSetMethod);
  rt.AddMethod(t.property, "__delete__", &DescrDeleteMethod);
}

void InstallBuiltinsInto(Runtime& rt, Dict* b) {
  // Only when the object model has not given builtin functions their own lookup.
  TypeSlots& fs = rt.types().builtin_function->slots();
  if (fs.getattr == &GenericGetAttr) fs.getattr = &BuiltinFunctionGetAttr;
  InstallObjectMethods(rt);
  InitDescriptorTypes(rt);
  InitSuperType(rt);
  InstallDescriptorMethods(rt);
  InstallCoreBuiltins(rt, b);
  InstallIterBuiltins(rt, b);
  InstallNumberBuiltins(rt, b);
  InstallExtraExceptions(rt, b);
}

}  // namespace wick::vm::builtins
