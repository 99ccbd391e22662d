// The C++ layouts of the builtin heap objects: str, tuple, list, range, slice, cell,
// module, user-class instance, builtin function, bound method and exception. dict and
// set, which carry hash tables, are in dict.h and set.h. Fields are public on purpose:
// the interpreter's fast paths read them directly (list indexing, instance attribute
// dicts); invariants are stated beside each field.
#ifndef WICK_VM_OBJECTS_OBJECTS_H_
#define WICK_VM_OBJECTS_OBJECTS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "vm/object.h"
#include "vm/value.h"

namespace wick::vm {

// An immutable str: UTF-8 bytes with Python's code-point semantics. ASCII text (the
// common case, recorded once per string) takes byte-indexed paths; other text is
// decoded where an operation counts characters (vm/objects/unicode.h).
class Str : public Object {
 public:
  explicit Str(std::string s) : data(std::move(s)) {}
  absl::string_view view() const { return data; }
  // Python-visible hash, computed once (-1 = not yet computed; never a valid hash).
  int64_t Hash() const {
    if (hash_ == -1) hash_ = ComputeHash(data);
    return hash_;
  }
  static int64_t ComputeHash(absl::string_view s);
  // Whether every character is ASCII, so byte offsets are character offsets.
  bool is_ascii() const {
    if (ascii_ < 0) ascii_ = ComputeIsAscii(data);
    return ascii_ == 1;
  }
  // len(): the number of code points.
  int64_t length() const {
    return is_ascii() ? static_cast<int64_t>(data.size()) : CodePointLength(data);
  }

  const std::string data;

  // Set by Runtime::Intern: interned strs live as long as the Runtime, so their
  // address identifies them (the type attribute cache keys on it).
  bool interned() const { return interned_; }
  void set_interned() { interned_ = true; }

 private:
  bool interned_ = false;
  static int8_t ComputeIsAscii(absl::string_view s);
  static int64_t CodePointLength(absl::string_view s);
  mutable int64_t hash_ = -1;
  mutable int8_t ascii_ = -1;  // -1 = not yet computed
};

class Tuple : public Object {
 public:
  explicit Tuple(std::vector<Value> v) : items(std::move(v)) {}
  void ClearRefs() override { std::vector<Value>().swap(items); }
  void Traverse(Visitor visit, void* arg) const override {
    for (const Value& v : items) VisitValue(v, visit, arg);
  }
  // Never resized after construction (tuples are immutable); ClearRefs only at teardown.
  std::vector<Value> items;
};

class List : public Object {
 public:
  explicit List(std::vector<Value> v) : items(std::move(v)) {}
  void ClearRefs() override { std::vector<Value>().swap(items); }
  void Traverse(Visitor visit, void* arg) const override {
    for (const Value& v : items) VisitValue(v, visit, arg);
  }
  std::vector<Value> items;
};

// range(start, stop, step): step != 0; length precomputed.
class Range : public Object {
 public:
  Range(int64_t start, int64_t stop, int64_t step);
  int64_t start, stop, step, length;
  int64_t At(int64_t i) const { return start + i * step; }
};

class Slice : public Object {
 public:
  Slice(Value start, Value stop, Value step)
      : start(std::move(start)), stop(std::move(stop)), step(std::move(step)) {}
  void ClearRefs() override { start = stop = step = Value(); }
  void Traverse(Visitor visit, void* arg) const override {
    for (const Value* v : {&start, &stop, &step}) VisitValue(*v, visit, arg);
  }
  Value start, stop, step;
};

// A closure cell; `value.is_raised()` marks an empty (unbound) cell.
class Cell : public Object {
 public:
  explicit Cell(Value v) : value(std::move(v)) {}
  void ClearRefs() override { value = Value(); }
  // cell_contents for guards (an empty cell's Raised() marker reads as missing).
  const Value* PlainAttr(std::string_view name) const override {
    return name == "cell_contents" && !value.is_raised() ? &value : nullptr;
  }
  void Traverse(Visitor visit, void* arg) const override { VisitValue(value, visit, arg); }
  Value value;
};

class Module : public Object {
 public:
  Module(std::string name, Dict* dict) : name(std::move(name)), dict(dict) {}
  ~Module() override;
  void ClearRefs() override;
  std::string name;
  Dict* dict;  // owned reference
};

// An instance of a user class whose base chain has no builtin layout besides object.
class Instance : public Object {
 public:
  ~Instance() override;
  void ClearRefs() override;
  void Traverse(Visitor visit, void* arg) const override;
  Dict* dict = nullptr;  // owned reference, created on the first attribute store
  // __slots__ values (member descriptors), apart from `dict` so vars() never shows
  // them; owned, created on the first slot store.
  Dict* slot_values = nullptr;
};

using BuiltinFn = Value (*)(Runtime& rt, Args args, const KwArgs& kwargs);

// A function implemented in C++. When `is_method`, it lives in a type's dict, receives
// `self` as args[0], and binds on attribute access like a Python function does.
class BuiltinFunction : public Object {
 public:
  BuiltinFunction(std::string name, BuiltinFn fn, Type* owner)
      : name(std::move(name)), fn(fn), owner(owner) {}
  std::string name;
  BuiltinFn fn;
  Type* owner;  // borrowed: the type whose method this is (types outlive methods)
  bool is_method() const { return owner != nullptr; }
};

class BoundMethod : public Object {
 public:
  BoundMethod(Value self, Value func) : self(std::move(self)), func(std::move(func)) {}
  void ClearRefs() override { self = func = Value(); }
  void Traverse(Visitor visit, void* arg) const override {
    VisitValue(self, visit, arg);
    VisitValue(func, visit, arg);
  }
  Value self, func;
};

// One traceback entry, recorded as data as the exception unwinds through frames.
struct TraceEntry {
  std::string file;
  int line = 0;
  std::string function;
  // The failing expression's position (CPython's co_positions, 0-based byte columns)
  // for 3.11's `^^^^` markers; col < 0 means unknown. `source_line` is line `line` of
  // the file (empty when unavailable), kept so printing needs no file access.
  int col = -1;
  int end_line = 0;
  int end_col = -1;
  std::string source_line;
};

class ExceptionObject : public Object {
 public:
  explicit ExceptionObject(Value args) : args(std::move(args)) {}
  ~ExceptionObject() override;
  void ClearRefs() override;
  void Traverse(Visitor visit, void* arg) const override;
  Value args;     // a tuple
  Value cause;    // __cause__ (None when unset)
  Value context;  // __context__ (None when unset)
  bool suppress_context = false;
  std::vector<TraceEntry> traceback;  // innermost last, like Python prints it
  Dict* dict = nullptr;  // owned; attributes set by user code (and StopIteration.value)
};

// A complex number (vm/objects/complex.cc).
class Complex : public Object {
 public:
  Complex(double real, double imag) : real(real), imag(imag) {}
  double real;
  double imag;
};
Value NewComplex(Runtime& rt, double real, double imag);

// Singletons with no state: NotImplemented, Ellipsis.
class Singleton : public Object {
 public:
  explicit Singleton(std::string name) : name(std::move(name)) {}
  std::string name;
};

}  // namespace wick::vm

#endif  // WICK_VM_OBJECTS_OBJECTS_H_
