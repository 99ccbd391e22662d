// Value: the VM's universal value, and Object: the header every heap object carries.
// None, bools, ints and floats live inline in a 16-byte Value (no allocation, no
// refcount); everything else is a reference-counted heap Object.
//
// Errors: VM functions that can raise return a Value and signal a Python exception by
// returning Value::Raised() after storing the exception on the Runtime (CPython's
// "NULL + error indicator" convention, without the NULL). Callers test `is_raised()`
// and propagate. No C++ exception is ever thrown. The one exception to "Raised() means
// an exception is pending" is the iterator protocol (see Next() in protocol.h).
//
// Ownership: a Value owns one reference to its object. Copying adds a reference, moving
// transfers it. The VM is single-threaded per runtime, so counts are not atomic.
// Every Value must be destroyed before the Runtime that allocated its object.
#ifndef WICK_VM_VALUE_H_
#define WICK_VM_VALUE_H_

#include <cstdint>
#include <string_view>
#include <utility>

namespace wick::vm {

class Type;
class Runtime;

// Links every live object of a Runtime into one intrusive list, so the Runtime can
// free all of them (cycles included) when it is destroyed.
struct ObjectLink {
  ObjectLink* prev = nullptr;
  ObjectLink* next = nullptr;
};

// The header of every heap object. Concrete objects derive from it; the virtual
// destructor frees their C++ members. Allocate only through Runtime::Alloc.
class Object : public ObjectLink {
 public:
  Object() = default;
  Object(const Object&) = delete;
  Object& operator=(const Object&) = delete;
  virtual ~Object() = default;

  Type* type() const { return type_; }
  int64_t refcount() const { return refcount_; }
  void IncRef() { ++refcount_; }
  void DecRef() {
    if (--refcount_ == 0) Destroy(this);
  }

  // Drops every reference this object holds to other objects (its Values). Called on
  // each live object when the Runtime shuts down, before any object is freed, so that
  // reference cycles come apart. Every object that holds Values must override it.
  virtual void ClearRefs() {}
  // The cycle collector's view of this object (Runtime::CollectCycles): calls
  // visit(referent, arg) once per counted reference it owns to another heap object (its
  // Values and owned pointers: exactly what ClearRefs drops; not its type). An object
  // that does not override it is opaque: whatever it holds counts as referenced from
  // outside, so the collector never frees it early; it only never frees such cycles.
  using Visitor = void (*)(Object* referent, void* arg);
  virtual void Traverse(Visitor visit, void* arg) const {}
  // CPython's tp_finalize: when the last reference goes, Destroy calls Finalize with
  // the object kept alive while NeedsFinalize() (a suspended generator closes, so its
  // finally blocks run). Finalize may resurrect the object; it must make NeedsFinalize
  // false. Never called at Runtime teardown.
  virtual bool NeedsFinalize() const { return false; }
  virtual void Finalize() {}
  // An attribute stored in the object that can be read without running code (a
  // function's __globals__, a staticmethod's __func__), borrowed; nullptr otherwise.
  // Guards resolve sources through these (guards::Resolve).
  virtual const class Value* PlainAttr(std::string_view name) const { return nullptr; }

 private:
  friend class Runtime;
  // Unlinks and frees `o` and releases its type; defers when the C++ stack is deep
  // (freeing a long chain of nested containers would otherwise recurse unboundedly).
  static void Destroy(Object* o);

  Type* type_ = nullptr;
  int64_t refcount_ = 1;
};

class Value {
 public:
  enum class Tag : uint8_t { kNone, kBool, kInt, kFloat, kObject, kRaised };

  Value() : tag_(Tag::kNone), i_(0) {}
  static Value None() { return Value(); }
  static Value Bool(bool b) {
    Value v;
    v.tag_ = Tag::kBool;
    v.i_ = b;
    return v;
  }
  static Value Int(int64_t i) {
    Value v;
    v.tag_ = Tag::kInt;
    v.i_ = i;
    return v;
  }
  static Value Float(double d) {
    Value v;
    v.tag_ = Tag::kFloat;
    v.f_ = d;
    return v;
  }
  // The "an exception is pending" marker (see file comment).
  static Value Raised() {
    Value v;
    v.tag_ = Tag::kRaised;
    return v;
  }
  // Takes a new reference to `o` (o must not be null).
  static Value Borrow(Object* o) {
    o->IncRef();
    return Steal(o);
  }
  // Adopts an existing reference (used right after allocation).
  static Value Steal(Object* o) {
    Value v;
    v.tag_ = Tag::kObject;
    v.o_ = o;
    return v;
  }

  Value(const Value& other) : tag_(other.tag_), i_(other.i_) { IncRef(); }
  Value(Value&& other) noexcept : tag_(other.tag_), i_(other.i_) {
    other.tag_ = Tag::kNone;
  }
  Value& operator=(const Value& other) {
    Value tmp(other);
    Swap(tmp);
    return *this;
  }
  Value& operator=(Value&& other) noexcept {
    Value tmp(std::move(other));
    Swap(tmp);
    return *this;
  }
  ~Value() { DecRef(); }

  Tag tag() const { return tag_; }
  bool is_none() const { return tag_ == Tag::kNone; }
  bool is_bool() const { return tag_ == Tag::kBool; }
  bool is_int() const { return tag_ == Tag::kInt; }
  // int or bool: the values Python treats as ints (bool subclasses int).
  bool is_int_like() const { return tag_ == Tag::kInt || tag_ == Tag::kBool; }
  bool is_float() const { return tag_ == Tag::kFloat; }
  bool is_object() const { return tag_ == Tag::kObject; }
  bool is_raised() const { return tag_ == Tag::kRaised; }

  bool as_bool() const { return i_ != 0; }
  // Valid for ints and bools.
  int64_t as_int() const { return i_; }
  double as_float() const { return f_; }
  Object* object() const { return o_; }
  // Object pointer cast without a check; use after a type test.
  template <typename T>
  T* as() const {
    return static_cast<T*>(o_);
  }

  // Identity as Python's `is` sees it: inline values compare by value and tag.
  bool Is(const Value& o) const { return tag_ == o.tag_ && i_ == o.i_; }

  void Swap(Value& o) noexcept {
    std::swap(tag_, o.tag_);
    std::swap(i_, o.i_);
  }

  // Gives up ownership of the object reference without releasing it.
  Object* Release() {
    tag_ = Tag::kNone;
    return o_;
  }

 private:
  void IncRef() const {
    if (tag_ == Tag::kObject) o_->IncRef();
  }
  void DecRef() {
    if (tag_ == Tag::kObject) o_->DecRef();
  }

  Tag tag_;
  union {
    int64_t i_;
    double f_;
    Object* o_;
  };
};

static_assert(sizeof(Value) == 16, "Value must stay 16 bytes");

// Traverse's step for one Value: visits its object, if it holds one.
inline void VisitValue(const Value& v, Object::Visitor visit, void* arg) {
  if (v.is_object()) visit(v.object(), arg);
}

}  // namespace wick::vm

#endif  // WICK_VM_VALUE_H_
