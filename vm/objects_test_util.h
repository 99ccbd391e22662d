// Helpers for the object-model tests: repr/str of values as C++ strings, the pending
// exception as "Type: message", and small constructors.
#ifndef WICK_VM_OBJECTS_TEST_UTIL_H_
#define WICK_VM_OBJECTS_TEST_UTIL_H_

#include <initializer_list>
#include <string>
#include <vector>

#include "vm/objects/dict.h"
#include "vm/objects/set.h"
#include "vm/protocol.h"
#include "vm/runtime.h"

namespace wick::vm::testing {

// repr(v), or "<raised: TypeError: ...>".
inline std::string R(Runtime& rt, const Value& v) {
  if (v.is_raised()) return "<raised: " + rt.PendingMessage() + ">";
  std::string s;
  if (!ReprString(rt, v, &s)) return "<raised: " + rt.PendingMessage() + ">";
  return s;
}
inline std::string S(Runtime& rt, const Value& v) {
  if (v.is_raised()) return "<raised: " + rt.PendingMessage() + ">";
  std::string s;
  if (!StrString(rt, v, &s)) return "<raised: " + rt.PendingMessage() + ">";
  return s;
}
// The pending exception of a failed call, consumed.
inline std::string Err(Runtime& rt) { return rt.PendingMessage(); }

inline Value I(int64_t i) { return Value::Int(i); }
inline Value F(double d) { return Value::Float(d); }
inline Value List(Runtime& rt, std::initializer_list<Value> v) { return rt.NewList(v); }
inline Value Tuple(Runtime& rt, std::initializer_list<Value> v) { return rt.NewTuple(v); }
inline Value IntList(Runtime& rt, std::initializer_list<int64_t> v) {
  std::vector<Value> out;
  for (int64_t i : v) out.push_back(Value::Int(i));
  return rt.NewList(out);
}
// A set built by adding in order, as a set display does.
inline Value IntSet(Runtime& rt, std::initializer_list<int64_t> v) {
  Value s = rt.NewSet();
  for (int64_t i : v) s.as<Set>()->Add(rt, Value::Int(i));
  return s;
}
inline Value M(Runtime& rt, const Value& obj, const char* name, std::initializer_list<Value> args) {
  return CallMethod(rt, obj, name, Args(args.begin(), args.size()));
}

}  // namespace wick::vm::testing

#endif  // WICK_VM_OBJECTS_TEST_UTIL_H_
