// Argument checking for builtin functions, with CPython 3.11's error texts. Each
// checker returns false after raising TypeError; callers return Value::Raised().
#ifndef WICK_VM_BUILTINS_ARGS_H_
#define WICK_VM_BUILTINS_ARGS_H_

#include <initializer_list>
#include <string>

#include "absl/strings/string_view.h"
#include "vm/object.h"
#include "vm/runtime.h"
#include "vm/value.h"

namespace wick::vm::builtins {

// "len() takes exactly one argument (2 given)" and "len() takes no keyword arguments":
// for the METH_O builtins (len, repr, id, hash, abs, callable, ...).
bool OneArg(Runtime& rt, absl::string_view fname, Args args, const KwArgs& kw);

// Positional-only builtins with a count range (getattr, divmod, next, iter):
// "getattr expected at least 2 arguments, got 1", "hasattr expected 2 arguments, got 1".
bool ArgCount(Runtime& rt, absl::string_view fname, Args args, const KwArgs& kw,
              size_t min, size_t max);

// Binds positional and keyword arguments to `names` (all positional-or-keyword; the
// first `required` mandatory) into out[0..names.size()); missing ones stay Raised().
// Texts: "round() missing required argument 'number' (pos 1)",
// "'foo' is an invalid keyword argument for round()", "round() takes at most 2
// arguments (3 given)".
bool BindArgs(Runtime& rt, absl::string_view fname, Args args, const KwArgs& kw,
              std::initializer_list<absl::string_view> names, size_t required, Value* out);

// "gcd() takes no keyword arguments".
bool NoKeywords(Runtime& rt, absl::string_view fname, const KwArgs& kw);

// Rejects keyword names not in `allowed`: "'foo' is an invalid keyword argument for
// print()".
bool CheckKwNames(Runtime& rt, absl::string_view fname, const KwArgs& kw,
                  std::initializer_list<absl::string_view> allowed);

// The str contents of a str Value (unchecked).
absl::string_view StrOf(const Value& v);
// The Python type name of `v` ("int", "list").
const std::string& TypeName(Runtime& rt, const Value& v);

}  // namespace wick::vm::builtins

#endif  // WICK_VM_BUILTINS_ARGS_H_
