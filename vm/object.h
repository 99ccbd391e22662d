// Type: a Python class. Owns its name, bases, MRO, attribute dict and the slots for
// the hot operations (C++ function pointers, CPython's tp_* / nb_* / sq_* in one
// struct). Builtin types fill their slots directly; user classes get slots that look up
// and call the matching dunder (vm/objects/instance.cc), so the interpreter always
// calls a slot and never branches on "builtin or user-defined".
//
// Slot conventions: a Value-returning slot returns Value::Raised() after raising; a
// binary or comparison slot returns rt.NotImplemented() to let the other operand try;
// a `bool` slot returns false after raising.
#ifndef WICK_VM_OBJECT_H_
#define WICK_VM_OBJECT_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "vm/value.h"

namespace wick::vm {

class Dict;
class Str;

// Binary operators; the order is the table order of TypeSlots::binary.
enum class BinOp : uint8_t {
  kAdd, kSub, kMul, kMatMul, kTrueDiv, kFloorDiv, kMod, kPow,
  kLShift, kRShift, kAnd, kOr, kXor,
};
inline constexpr int kNumBinOps = 13;
enum class CmpOp : uint8_t { kLt, kLe, kEq, kNe, kGt, kGe };
enum class UnaryOp : uint8_t { kNeg, kPos, kInvert };
inline constexpr int kNumUnaryOps = 3;

// The operator's source text ("+", "//", "<=") and dunder names ("__add__").
absl::string_view BinOpSymbol(BinOp op);
absl::string_view BinOpDunder(BinOp op);
absl::string_view BinOpReflectedDunder(BinOp op);
absl::string_view BinOpInPlaceDunder(BinOp op);
absl::string_view CmpOpSymbol(CmpOp op);
absl::string_view CmpOpDunder(CmpOp op);
CmpOp SwappedCmpOp(CmpOp op);  // a < b  <=>  b > a

// Keyword arguments of a call in vectorcall form: parallel spans of names (str
// Values) and values. Both spans are borrowed for the duration of the call.
class KwArgs {
 public:
  KwArgs() = default;
  KwArgs(absl::Span<const Value> names, absl::Span<const Value> values)
      : names_(names), values_(values) {}
  bool empty() const { return names_.empty(); }
  size_t size() const { return names_.size(); }
  absl::string_view name(size_t i) const;
  const Value& value(size_t i) const { return values_[i]; }
  absl::Span<const Value> names() const { return names_; }
  absl::Span<const Value> values() const { return values_; }
  // The value passed for `name`, or nullptr.
  const Value* Find(absl::string_view name) const;

 private:
  absl::Span<const Value> names_;
  absl::Span<const Value> values_;
};

using Args = absl::Span<const Value>;

struct TypeSlots {
  using UnaryFn = Value (*)(Runtime&, const Value&);
  using BinaryFn = Value (*)(Runtime&, const Value&, const Value&);
  // repr(x) / str(x): return a str Value.
  UnaryFn repr = nullptr;
  UnaryFn str = nullptr;
  // hash(x): writes the hash (never -1) and returns true, or raises and returns false.
  bool (*hash)(Runtime&, const Value&, int64_t* out) = nullptr;
  // Rich comparison; may return NotImplemented.
  Value (*compare)(Runtime&, const Value&, const Value&, CmpOp) = nullptr;
  // nb_*: called with the operands in source order whichever one owns the slot.
  BinaryFn binary[kNumBinOps] = {};
  // In-place forms (`+=`); null means "fall back to the binary slot".
  BinaryFn inplace[kNumBinOps] = {};
  UnaryFn unary[kNumUnaryOps] = {};
  // bool(x): 1, 0, or -1 after raising.
  int (*truth)(Runtime&, const Value&) = nullptr;
  // len(x): the length, or -1 after raising.
  int64_t (*len)(Runtime&, const Value&) = nullptr;
  // iter(x) and next(it); next follows the iterator convention of protocol.h.
  UnaryFn iter = nullptr;
  UnaryFn next = nullptr;
  BinaryFn getitem = nullptr;
  // x[k] = *v, or `del x[k]` when v is null.
  bool (*setitem)(Runtime&, const Value&, const Value& key, const Value* v) = nullptr;
  // `k in x`: 1, 0, or -1 after raising.
  int (*contains)(Runtime&, const Value&, const Value& key) = nullptr;
  Value (*call)(Runtime&, const Value& callee, Args args, const KwArgs& kwargs) = nullptr;
  Value (*getattr)(Runtime&, const Value&, Str* name) = nullptr;
  // x.name = *v, or `del x.name` when v is null.
  bool (*setattr)(Runtime&, const Value&, Str* name, const Value* v) = nullptr;
  // Descriptor protocol (functions, builtin methods, properties). `instance` is None
  // for access through the class.
  Value (*descr_get)(Runtime&, const Value& descr, const Value& instance,
                     Type* owner) = nullptr;
  bool (*descr_set)(Runtime&, const Value& descr, const Value& instance,
                    const Value* v) = nullptr;
  // format(x, spec).
  Value (*format)(Runtime&, const Value&, absl::string_view spec) = nullptr;
  // Type(args...): creates and initialises an instance of `type` (a subtype of the
  // type owning the slot).
  Value (*construct)(Runtime&, Type* type, Args args, const KwArgs& kwargs) = nullptr;
};

// How instances of a type are laid out in C++; a subclass shares its base's layout.
enum class Layout : uint8_t {
  kNone, kBool, kInt, kFloat,  // inline values
  kObject,                     // Instance: an attribute dict only
  kType, kStr, kTuple, kList, kDict, kSet, kRange, kSlice, kException, kOther,
};

class Type : public Object {
 public:
  Type(std::string name, Type* base, Dict* dict, Layout layout);
  ~Type() override;
  void ClearRefs() override;

  const std::string& name() const { return name_; }
  // __qualname__ (`Outer.Inner`); the name unless a class statement gave another.
  const std::string& qualname() const { return qualname_.empty() ? name_ : qualname_; }
  void set_name(std::string n) { name_ = std::move(n); }
  void set_qualname(std::string q) { qualname_ = std::move(q); }
  // __base__: the base whose C++ layout and slots this type extends (CPython's "best
  // base"); null only for `object`.
  Type* base() const { return base_; }
  // __bases__ as declared (borrowed; owned by the type). Builtin types: {base} or {}.
  absl::Span<Type* const> bases() const { return bases_; }
  // __mro__: this type first, then its C3 linearisation (borrowed pointers, kept alive
  // through bases()).
  absl::Span<Type* const> mro() const { return mro_; }
  // Replaces bases and MRO (a class statement's; computed by Runtime::NewClass). Takes
  // a reference to each base; mro[0] must be this type.
  void SetBases(std::vector<Type*> bases, std::vector<Type*> mro);
  // The types that list this one among their bases, oldest first (borrowed: each
  // removes itself when it dies). type.__subclasses__().
  absl::Span<Type* const> subclasses() const { return subclasses_; }
  Dict* dict() const { return dict_; }
  Layout layout() const { return layout_; }
  TypeSlots& slots() { return slots_; }
  const TypeSlots& slots() const { return slots_; }

  // Defined by Python code (a `class` statement) rather than by the runtime.
  bool is_heap() const { return is_heap_; }
  void set_heap(bool h) { is_heap_ = h; }
  // Whether `class X(ThisType)` is allowed (False for bool, NoneType, range, ...).
  bool is_base_type() const { return is_base_type_; }
  void set_base_type(bool b) { is_base_type_ = b; }
  // Instances found on a class bind `self` on attribute access (Python functions,
  // builtin methods): GetMethod may then skip creating a bound method.
  bool is_method_descriptor() const { return is_method_descriptor_; }
  void set_method_descriptor(bool b) { is_method_descriptor_ = b; }
  // A non-empty __abstractmethods__ was set on this class: object.__new__ refuses it.
  bool is_abstract() const { return is_abstract_; }
  void set_abstract(bool b) { is_abstract_ = b; }
  // Every class along the MRO declares __slots__ (without "__dict__"): instances take
  // no attributes beyond the slots and have no __dict__.
  bool slots_only() const { return slots_only_; }
  void set_slots_only(bool b) { slots_only_ = b; }

  // issubclass(this, other) along the MRO (no metaclass hooks).
  bool IsSubtypeOf(const Type* other) const {
    for (const Type* t : mro_) {
      if (t == other) return true;
    }
    return false;
  }
  // The attribute `name` along the MRO (borrowed), or nullptr. No allocation.
  const Value* Lookup(Str* name) const;
  const Value* Lookup(absl::string_view name) const;
  // Forgets every cached Lookup result; called when a type dict gains or loses a key
  // and when a type dies.
  static void InvalidateLookupCache();

 private:
  friend class Runtime;  // bootstraps the first types before `dict` exists
  // Lookup without the cache.
  const Value* LookupChain(Str* name) const;
  std::string name_;
  std::string qualname_;  // empty: same as name_
  Type* base_;  // owned reference; null only for `object`
  std::vector<Type*> bases_;  // owned references
  std::vector<Type*> mro_;    // borrowed; mro_[0] == this
  std::vector<Type*> subclasses_;  // borrowed
  void LinkBases();
  void UnlinkBases();
  Dict* dict_;  // owned reference
  Layout layout_;
  bool is_heap_ = false;
  bool is_base_type_ = true;
  bool is_method_descriptor_ = false;
  bool is_abstract_ = false;
  bool slots_only_ = false;
  TypeSlots slots_;
};

}  // namespace wick::vm

#endif  // WICK_VM_OBJECT_H_
