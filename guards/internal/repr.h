// Constants as guards see them: which values an EQUALS_MATCH may hold (None, bool, int,
// float, str and tuples of these), their Python repr without a Runtime (guard text is
// built before any frame is seen), and allocation-free equality with a frame value.
#ifndef WICK_GUARDS_INTERNAL_REPR_H_
#define WICK_GUARDS_INTERNAL_REPR_H_

#include <string>

#include "absl/strings/string_view.h"
#include "vm/object.h"
#include "vm/value.h"

namespace wick::guards::internal {

// Whether `v` is a guardable constant (see file comment).
bool IsConstant(const vm::Value& v);
// repr(v) for a constant: "3", "0.5", "1e-05", "True", "None", "'k'", "(1, 'a')".
std::string ConstantRepr(const vm::Value& v);
// Python's repr of a float: shortest round-trip digits, "1.0", "1e+16", "inf", "nan".
std::string FloatRepr(double d);
// Python's repr of a str.
std::string StrRepr(absl::string_view s);
// type(a) is type(b) and a == b, for a constant `expected`; never calls user code.
bool ConstantEquals(const vm::Value& actual, const vm::Value& expected);
// "<class 'int'>", "<class '__main__.Point'>": str() of a type as upstream prints it.
std::string TypeRepr(const vm::Type* t);

}  // namespace wick::guards::internal

#endif  // WICK_GUARDS_INTERNAL_REPR_H_
