// Runtime: one Python world. Owns the builtin type objects, the exception hierarchy,
// the pending exception, interned strings, and every heap object allocated through it
// (an intrusive list), so destroying the Runtime frees everything — reference cycles
// included. One Runtime per thread; objects never cross runtimes.
//
//   Runtime rt;
//   Value s = rt.NewStr("x");
//   Value r = BinaryOp(rt, BinOp::kAdd, Value::Int(1), s);  // vm/protocol.h
//   if (r.is_raised()) std::string msg = rt.PendingMessage();  // "unsupported ..."
#ifndef WICK_VM_RUNTIME_H_
#define WICK_VM_RUNTIME_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "vm/object.h"
#include "vm/objects/objects.h"
#include "vm/value.h"

namespace wick::vm {

class Dict;
class Interpreter;
class Set;
class Tuple;

// The exception classes: (field, Python name, base field). Order = creation order.
#define WICK_VM_EXCEPTION_TYPES(X)                                  \
  X(base_exception, "BaseException", object)                        \
  X(system_exit, "SystemExit", base_exception)                      \
  X(keyboard_interrupt, "KeyboardInterrupt", base_exception)        \
  X(generator_exit, "GeneratorExit", base_exception)                \
  X(exception, "Exception", base_exception)                         \
  X(stop_iteration, "StopIteration", exception)                     \
  X(arithmetic_error, "ArithmeticError", exception)                 \
  X(floating_point_error, "FloatingPointError", arithmetic_error)   \
  X(overflow_error, "OverflowError", arithmetic_error)              \
  X(zero_division_error, "ZeroDivisionError", arithmetic_error)     \
  X(assertion_error, "AssertionError", exception)                   \
  X(attribute_error, "AttributeError", exception)                   \
  X(import_error, "ImportError", exception)                         \
  X(module_not_found_error, "ModuleNotFoundError", import_error)    \
  X(lookup_error, "LookupError", exception)                         \
  X(memory_error, "MemoryError", exception)                         \
  X(index_error, "IndexError", lookup_error)                        \
  X(key_error, "KeyError", lookup_error)                            \
  X(name_error, "NameError", exception)                             \
  X(unbound_local_error, "UnboundLocalError", name_error)           \
  X(runtime_error, "RuntimeError", exception)                       \
  X(not_implemented_error, "NotImplementedError", runtime_error)    \
  X(recursion_error, "RecursionError", runtime_error)               \
  X(syntax_error, "SyntaxError", exception)                         \
  X(type_error, "TypeError", exception)                             \
  X(value_error, "ValueError", exception)                           \
  X(unicode_error, "UnicodeError", value_error)                     \
  X(unicode_decode_error, "UnicodeDecodeError", unicode_error)      \
  X(unicode_encode_error, "UnicodeEncodeError", unicode_error)

// Interned identifiers the runtime and interpreter use: (field, text).
#define WICK_VM_NAMES(X)                                                     \
  X(init, "__init__") X(new_, "__new__") X(repr, "__repr__") X(str, "__str__") \
  X(hash, "__hash__") X(eq, "__eq__") X(ne, "__ne__") X(lt, "__lt__")         \
  X(le, "__le__") X(gt, "__gt__") X(ge, "__ge__") X(len, "__len__")          \
  X(iter, "__iter__") X(next, "__next__") X(getitem, "__getitem__")          \
  X(setitem, "__setitem__") X(delitem, "__delitem__") X(contains, "__contains__") \
  X(bool_, "__bool__") X(call, "__call__") X(getattr, "__getattr__")         \
  X(getattribute, "__getattribute__") X(setattr, "__setattr__")              \
  X(delattr, "__delattr__") X(get, "__get__") X(set, "__set__")              \
  X(format, "__format__") X(neg, "__neg__") X(pos, "__pos__")                \
  X(invert, "__invert__") X(index, "__index__") X(int_, "__int__")           \
  X(float_, "__float__") X(name, "__name__") X(qualname, "__qualname__")     \
  X(module, "__module__") X(dict, "__dict__") X(class_, "__class__")         \
  X(doc, "__doc__") X(args, "args") X(value, "value") X(main, "__main__")    \
  X(builtins, "builtins") X(cause, "__cause__") X(context, "__context__")    \
  X(suppress_context, "__suppress_context__") X(traceback, "__traceback__")  \
  X(enter, "__enter__") X(exit, "__exit__") X(abs, "__abs__")               \
  X(round, "__round__") X(reversed, "__reversed__") X(base, "__base__")      \
  X(bases, "__bases__") X(mro, "__mro__") X(self, "__self__") X(func, "__func__")

class Runtime {
 public:
  struct Types {
    Type* object; Type* type; Type* none; Type* bool_; Type* int_; Type* float_;
    Type* str; Type* tuple; Type* list; Type* dict; Type* set; Type* frozenset; Type* range;
    Type* complex; Type* member_descriptor;
    Type* bytes; Type* bytearray;  // vm/objects/bytes.h
    Type* slice; Type* cell; Type* module; Type* builtin_function;
    Type* bound_method; Type* not_implemented; Type* ellipsis;
    Type* dict_keys; Type* dict_values; Type* dict_items;
    // Iterator types.
    Type* seq_iterator; Type* list_reverseiterator; Type* range_iterator;
    Type* dict_keyiterator; Type* dict_valueiterator; Type* dict_itemiterator;
    Type* set_iterator; Type* str_iterator; Type* enumerate; Type* zip; Type* map;
    Type* filter; Type* reversed; Type* call_iterator;
    // Filled in by the interpreter and builtins (vm/interpreter.h, vm/builtins/).
    Type* code; Type* function; Type* staticmethod; Type* classmethod; Type* property;
    Type* super_;
    // C++-implemented descriptors of builtin types (vm/objects/descriptor.cc):
    // computed attributes like `(5).real` and classmethods like `dict.fromkeys`.
    Type* getset_descriptor; Type* classmethod_descriptor;
    // PEP 585 `list[int]` and PEP 604 `int | None` (vm/objects/generic_alias.cc).
    Type* generic_alias; Type* union_type;
  };
  struct ExceptionTypes {
#define WICK_X(field, name, base) Type* field;
    WICK_VM_EXCEPTION_TYPES(WICK_X)
#undef WICK_X
  };
  struct Names {
#define WICK_X(field, text) Str* field;
    WICK_VM_NAMES(WICK_X)
#undef WICK_X
  };

  Runtime();
  // Shared with HeldValue: false once this runtime has freed its objects.
  const std::shared_ptr<bool>& alive_token() const { return alive_; }
  ~Runtime();
  Runtime(const Runtime&) = delete;
  Runtime& operator=(const Runtime&) = delete;

  const Types& types() const { return types_; }
  const ExceptionTypes& exc() const { return exc_; }
  const Names& names() const { return names_; }

  // The Python type of any value. Inline values map to the builtin types.
  Type* TypeOf(const Value& v) const {
    switch (v.tag()) {
      case Value::Tag::kNone: return types_.none;
      case Value::Tag::kBool: return types_.bool_;
      case Value::Tag::kInt: return types_.int_;
      case Value::Tag::kFloat: return types_.float_;
      default: return v.object()->type();
    }
  }
  bool IsInstance(const Value& v, const Type* t) const {
    return TypeOf(v)->IsSubtypeOf(t);
  }
  // Exact-type checks used on fast paths.
  bool IsStr(const Value& v) const { return v.is_object() && v.object()->type() == types_.str; }
  bool IsTuple(const Value& v) const {
    return v.is_object() && v.object()->type() == types_.tuple;
  }
  bool IsList(const Value& v) const { return v.is_object() && v.object()->type() == types_.list; }
  bool IsDict(const Value& v) const { return v.is_object() && v.object()->type() == types_.dict; }
  bool IsSet(const Value& v) const { return v.is_object() && v.object()->type() == types_.set; }

  // Allocates a heap object of class T (derived from Object) with Python type `type`.
  // The returned pointer carries the one reference; wrap it with Value::Steal.
  template <typename T, typename... A>
  T* Alloc(Type* type, A&&... a) {
    T* o = new T(std::forward<A>(a)...);
    Track(o, type);
    return o;
  }

  // Constructors for common objects (each returns a new reference).
  Value NewStr(absl::string_view s);
  Value NewStr(std::string&& s);
  Value NewStr(const char* s) { return NewStr(absl::string_view(s)); }
  Value NewTuple(std::vector<Value> items);
  Value NewList(std::vector<Value> items);
  Value NewDict();
  Value NewSet();
  Value NewRange(int64_t start, int64_t stop, int64_t step);
  Value NewSlice(Value start, Value stop, Value step);
  Value NewCell(Value v);
  Value NewModule(absl::string_view name);
  Value NewBoundMethod(Value self, Value func);
  Value NewBuiltinFunction(absl::string_view name, BuiltinFn fn);
  // Creates a builtin type (for the interpreter's function/code types and the like).
  Type* NewBuiltinType(absl::string_view name, Type* base, Layout layout);
  // Creates a user class (`class name(base): ...` with the given namespace, used as the
  // class dict). Derives slots from the dunders in `ns`. Returns a new reference, or
  // nullptr after raising (bad base).
  Type* NewClass(absl::string_view name, Type* base, Dict* ns);
  // The same with several bases (none = object) and a metaclass (null = type; the most
  // derived of it and the bases' metaclasses is used): C3 MRO, best base, and CPython's
  // TypeErrors for duplicate bases, inconsistent MROs, layout and metaclass conflicts.
  Type* NewClass(absl::string_view name, absl::Span<Type* const> bases, Dict* ns,
                 Type* meta);
  // Adds a builtin method to `type`'s dict.
  void AddMethod(Type* type, absl::string_view name, BuiltinFn fn);
  // dict[name] = a builtin function `name` calling fn (a native module's functions).
  void AddFunction(Dict* dict, absl::string_view name, BuiltinFn fn);

  // The interned str for `s` (borrowed; lives as long as the Runtime).
  Str* Intern(absl::string_view s);
  const Value& empty_tuple() const { return empty_tuple_; }
  const Value& empty_str() const { return empty_str_; }
  Value NotImplemented() const { return not_implemented_; }
  Value Ellipsis() const { return ellipsis_; }
  bool IsNotImplemented(const Value& v) const { return v.Is(not_implemented_); }

  // --- Exceptions -------------------------------------------------------------------
  // Creates `type(message)`, makes it pending, and returns Value::Raised().
  Value Raise(Type* type, absl::string_view message);
  // Raises an exception instance (or instantiates a class with no arguments).
  Value RaiseValue(Value exc);
  // Whether this thread's native stack is near its end: the interpreter and native walks
  // over user data raise RecursionError there rather than overflow it.
  bool NativeStackLow() const;
  // CPython's Py_EnterRecursiveCall, for native walks over user data (repr, str, hash,
  // comparison of nested containers): one level each against the recursion limit and
  // the native stack; false after raising RecursionError("maximum recursion depth
  // exceeded" + where). Pair with LeaveRecursiveCall (or use RecursionScope).
  bool EnterRecursiveCall(absl::string_view where);
  void LeaveRecursiveCall() { --native_depth_; }
  // The limit EnterRecursiveCall counts to (the interpreter keeps it equal to its own).
  void set_native_recursion_limit(int n) { native_limit_ = n; }
  // Raises MemoryError() (no arguments, as CPython's): an allocation failed.
  Value RaiseNoMemory();
  // Raises KeyError(key): the one exception whose str() is repr(key).
  Value RaiseKeyError(const Value& key);
  // Raises the Python exception named by base/python_error.h's payload of `s`.
  Value RaiseStatus(const absl::Status& s);
  // Makes RaiseStatus raise `type` (an exception class) for statuses whose Python error
  // type name (base/python_error.h) is `name`, beyond the built-in exception names:
  // torch.linalg's "_LinAlgError", created by its Python module. Later calls replace.
  void RegisterErrorType(absl::string_view name, Value type);
  // Creates an exception instance of `type` with the given args (not raised).
  Value NewException(Type* type, std::vector<Value> args);
  bool HasPending() const { return !pending_.is_none(); }
  const Value& pending() const { return pending_; }
  // Takes the pending exception (None when there is none) and clears it.
  Value FetchException() {
    Value e = std::move(pending_);
    pending_ = Value();
    return e;
  }
  void ClearException() { pending_ = Value(); }
  // Whether the pending exception is an instance of `type`.
  bool ExceptionMatches(const Type* type) const;
  // "TypeError: message" for the pending exception (tests and diagnostics). Takes the
  // exception: nothing is pending afterwards.
  std::string PendingMessage();

  // The interpreter running on this runtime (null when there is none, e.g. in object
  // model tests). Set by the Interpreter's constructor.
  Interpreter* interpreter() const { return interpreter_; }
  void set_interpreter(Interpreter* i) { interpreter_ = i; }

  // Objects currently alive (walks the list; for tests).
  int64_t LiveObjectCount() const;

  // The cycle collector (vm/gc.cc), CPython's gc module with its three generations.
  // Objects alive at FreezeGc() (the builtins, the preloaded modules) are permanent, and
  // types, modules and code objects are never collected (C++ tables hold them by
  // pointer). CollectCycles(g) frees the reference cycles among the objects of
  // generations 0..g that nothing outside them reaches, and returns how many objects it
  // found unreachable. CollectDue, CPython's automatic schedule, runs at the
  // interpreter's safe points (calls, backward jumps) once FreezeGc has been called and
  // `threshold` objects other than strs were allocated since the last collection.
  struct GcState {
    bool enabled = true;       // gc.enable()/gc.disable()
    bool armed = false;        // FreezeGc was called: automatic collection may run
    bool collecting = false;   // CollectCycles is running (finalizers may allocate)
    int64_t allocations = 0;   // objects allocated since the last collection
    int64_t threshold = 700;   // gc.set_threshold's first value; 0 = no automatic runs
    int64_t threshold1 = 10, threshold2 = 10;  // its second and third
    int64_t due_at = INT64_MAX;  // allocation count that makes a collection due
    int64_t young_runs = 0;    // generation-0 runs since generation 1 was collected
    int64_t mid_runs = 0;      // generation-1 runs since generation 2 was collected
    int64_t old_work = 0;      // references the last full collection visited
    int64_t old_pending = 0;   // candidates that reached generation 2 since then
    int64_t collections = 0, collected = 0;  // totals, for gc.get_stats()
  };
  int64_t CollectCycles(int generation = 2);
  int64_t CollectDue();
  void FreezeGc();
  GcState& gc() { return gc_; }
  bool GcDue() const { return gc_.allocations >= gc_.due_at; }
  // Objects allocated since FreezeGc and still alive.
  int64_t YoungObjectCount() const;

  // Makes `type` the type of the live object `o` (`obj.__class__ = cls`): the object's
  // reference moves from its old type to `type`. The caller checks the layouts agree.
  void SetType(Object* o, Type* type);

  // Recursion guard for repr of self-containing containers (Py_ReprEnter/Leave).
  // Enter returns false when `o` is already being printed.
  bool ReprEnter(Object* o);
  void ReprLeave(Object* o);

 private:
  void Track(Object* o, Type* type);
  // Objects of type `t` reference no other object (the collector skips them).
  bool IsAtomic(const Type* t) const;
  bool AtomicTuple(const Tuple& t) const;
  void InitTypes();
  void Teardown();

  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
  ObjectLink all_;  // sentinel of generation 0: allocated since the last collection
  ObjectLink mid_;  // sentinel of generation 1: survived one collection
  ObjectLink old_;  // sentinel of generation 2: survived a generation-1 collection
  ObjectLink untracked_;  // sentinel of the tuples of atoms (never in a cycle)
  ObjectLink permanent_;  // sentinel of the objects FreezeGc made permanent
  GcState gc_;
  Types types_{};
  ExceptionTypes exc_{};
  Names names_{};
  absl::flat_hash_map<std::string, Str*> interned_;
  Value empty_tuple_, empty_str_, not_implemented_, ellipsis_;
  Value pending_;
  absl::flat_hash_map<std::string, Value> error_types_;  // RegisterErrorType
  std::vector<Object*> repr_stack_;
  Interpreter* interpreter_ = nullptr;
  int native_depth_ = 0;
  int native_limit_ = 1000;
};

// A Value kept by native state outside the object graph that may outlive its Runtime:
// autograd nodes and tensor hooks are process-wide, and a node built by one interpreter
// can be swept after that interpreter is gone. Then the runtime has freed the object
// already: the reference is dropped without a decref, and runtime() is null.
class HeldValue {
 public:
  HeldValue(Runtime& rt, Value v) : alive_(rt.alive_token()), rt_(&rt), v_(std::move(v)) {}
  HeldValue(const HeldValue&) = delete;
  HeldValue& operator=(const HeldValue&) = delete;
  ~HeldValue() {
    if (!*alive_) v_.Release();
  }
  Runtime* runtime() const { return *alive_ ? rt_ : nullptr; }
  const Value& value() const { return v_; }

 private:
  std::shared_ptr<bool> alive_;
  Runtime* rt_;
  Value v_;
};

// EnterRecursiveCall for one scope when `enter` (nothing otherwise):
// `if (!scope.ok()) return Value::Raised();`.
class RecursionScope {
 public:
  RecursionScope(Runtime& rt, absl::string_view where, bool enter = true)
      : rt_(rt), entered_(enter && rt.EnterRecursiveCall(where)), ok_(!enter || entered_) {}
  ~RecursionScope() {
    if (entered_) rt_.LeaveRecursiveCall();
  }
  RecursionScope(const RecursionScope&) = delete;
  RecursionScope& operator=(const RecursionScope&) = delete;
  bool ok() const { return ok_; }

 private:
  Runtime& rt_;
  bool entered_;
  bool ok_;
};

}  // namespace wick::vm

#endif  // WICK_VM_RUNTIME_H_
