// The generic object protocol: what the interpreter and builtins call for `repr(x)`,
// `a + b`, `a < b`, `x[k]`, `for v in x`, `x.name`, `f(...)`. Each function dispatches
// through the operands' type slots (vm/object.h), which for user classes call the
// matching dunder, and produces Python 3.11's error texts when no slot applies.
// int and float operands take a direct path without slot calls or allocation.
//
// Iterator convention: Next() returns the next item; at the end it returns
// Value::Raised() with NO exception pending (CPython's tp_iternext). Callers check
// `rt.HasPending()` to tell exhaustion from an error.
#ifndef WICK_VM_PROTOCOL_H_
#define WICK_VM_PROTOCOL_H_

#include <cstdint>
#include <new>
#include <stdexcept>
#include <string>

#include "absl/strings/string_view.h"
#include "vm/object.h"
#include "vm/runtime.h"
#include "vm/value.h"

namespace wick::vm {

// Runs fn() (a native operation returning a Value); an allocation failure inside it
// (std::bad_alloc, or std::length_error from a container asked for too much) becomes
// MemoryError, raised where the script can catch it.
template <typename Fn>
Value RaiseNoMemoryOnFailure(Runtime& rt, Fn&& fn) {
  try {
    return fn();
  } catch (const std::bad_alloc&) {
    return rt.RaiseNoMemory();
  } catch (const std::length_error&) {
    return rt.RaiseNoMemory();
  }
}

// repr(v) / str(v): a str Value, or Raised.
Value Repr(Runtime& rt, const Value& v);
Value ToStr(Runtime& rt, const Value& v);
// C++-side conveniences: on error they return false and leave the exception pending.
bool ReprString(Runtime& rt, const Value& v, std::string* out);
bool StrString(Runtime& rt, const Value& v, std::string* out);

// hash(v). Unhashable values raise "TypeError: unhashable type: 'list'".
bool Hash(Runtime& rt, const Value& v, int64_t* out);
// bool(v): 1, 0, or -1 after raising.
int Truthy(Runtime& rt, const Value& v);
// len(v): the length, or -1 after raising.
int64_t Len(Runtime& rt, const Value& v);

// a <op> b. For == and != falls back to identity like Python.
Value Compare(Runtime& rt, const Value& a, const Value& b, CmpOp op);
// Compare, then bool(): 1, 0, or -1. Identity implies equality for == (containers).
int CompareBool(Runtime& rt, const Value& a, const Value& b, CmpOp op);
inline int Equal(Runtime& rt, const Value& a, const Value& b) {
  return CompareBool(rt, a, b, CmpOp::kEq);
}

Value BinaryOp(Runtime& rt, BinOp op, const Value& a, const Value& b);
// a <op>= b: tries the in-place slot, then the binary one.
Value InPlaceOp(Runtime& rt, BinOp op, const Value& a, const Value& b);
Value UnaryOperation(Runtime& rt, UnaryOp op, const Value& v);

Value GetItem(Runtime& rt, const Value& obj, const Value& key);
bool SetItem(Runtime& rt, const Value& obj, const Value& key, const Value& v);
bool DelItem(Runtime& rt, const Value& obj, const Value& key);
// `key in obj`: 1, 0, or -1. Falls back to iteration like Python.
int Contains(Runtime& rt, const Value& obj, const Value& key);

Value GetIter(Runtime& rt, const Value& v);
Value Next(Runtime& rt, const Value& iterator);
// Drains an iterable into `out`; false after raising.
bool Unpack(Runtime& rt, const Value& iterable, std::vector<Value>* out);

Value GetAttr(Runtime& rt, const Value& obj, Str* name);
Value GetAttr(Runtime& rt, const Value& obj, absl::string_view name);
bool SetAttr(Runtime& rt, const Value& obj, Str* name, const Value& v);
bool DelAttr(Runtime& rt, const Value& obj, Str* name);
// LOAD_METHOD: when `name` resolves to a method found on the type, returns the plain
// function and sets *is_method, so the caller passes `obj` as args[0] instead of
// allocating a bound method. Otherwise returns the attribute as GetAttr does.
Value GetMethod(Runtime& rt, const Value& obj, Str* name, bool* is_method);
// Calls `name` on `obj` with positional args.
Value CallMethod(Runtime& rt, const Value& obj, absl::string_view name, Args args);

Value Call(Runtime& rt, const Value& callable, Args args, const KwArgs& kwargs = {});

// isinstance(v, t) / issubclass(a, b) for a single class.
bool IsInstance(Runtime& rt, const Value& v, Type* t);

// format(v, spec): __format__ semantics for int, float, str and user objects.
Value Format(Runtime& rt, const Value& v, absl::string_view spec);

// round(x) / round(x, ndigits) for int, float (half to even, correctly rounded) and
// objects with __round__. `ndigits` may be null or None.
Value RoundNumber(Runtime& rt, const Value& x, const Value* ndigits);

// An int index from an int, bool or an object with __index__; raises TypeError with
// `what` ("list indices must be integers or slices, not str") otherwise.
bool AsIndex(Runtime& rt, const Value& v, int64_t* out, absl::string_view what);

// The default slots of `object`, reused by instances and builtin types.
Value GenericGetAttr(Runtime& rt, const Value& obj, Str* name);
bool GenericSetAttr(Runtime& rt, const Value& obj, Str* name, const Value* v);
Value ObjectRepr(Runtime& rt, const Value& v);
// "'list' object is not subscriptable" and the like: raises TypeError and returns Raised.
Value RaiseTypeName(Runtime& rt, absl::string_view fmt_before, const Value& v,
                    absl::string_view fmt_after);

}  // namespace wick::vm

#endif  // WICK_VM_PROTOCOL_H_
