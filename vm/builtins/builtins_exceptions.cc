// The builtin exception classes outside the Runtime's core table: the Warning family
// (warnings.warn's categories) and OSError with its subclasses (os, open()). They are
// classes built like `class UserWarning(Warning)` with __module__ 'builtins'; OSError's
// str gives CPython's "[Errno 2] No such file or directory: 'x'" (its args keep the
// filename, and errno/strerror/filename are set by whoever raises it, e.g. os.py).
#include "absl/strings/str_cat.h"
#include "vm/builtins/args.h"
#include "vm/builtins/internal/builtins_internal.h"
#include "vm/objects/dict.h"
#include "vm/objects/objects.h"
#include "vm/protocol.h"

namespace wick::vm::builtins {
namespace {

Value OsErrorStr(Runtime& rt, Args args, const KwArgs& kw) {
  if (args.size() != 1 || !kw.empty() || !args[0].is_object()) {
    return rt.Raise(rt.exc().type_error, "__str__() takes no arguments");
  }
  auto* e = dynamic_cast<ExceptionObject*>(args[0].object());
  if (e == nullptr || !rt.IsTuple(e->args)) {
    return rt.Raise(rt.exc().type_error, "OSError.__str__ needs an exception");
  }
  const std::vector<Value>& a = e->args.as<Tuple>()->items;
  if (a.size() < 2 || a.size() > 5) {
    if (a.empty()) return rt.NewStr("");
    if (a.size() == 1) return ToStr(rt, a[0]);
    return ToStr(rt, e->args);
  }
  std::string s, part;
  Value errno_str = ToStr(rt, a[0]);
  Value strerror = ToStr(rt, a[1]);
  if (errno_str.is_raised() || strerror.is_raised()) return Value::Raised();
  s = absl::StrCat("[Errno ", StrOf(errno_str), "] ", StrOf(strerror));
  if (a.size() >= 3 && !a[2].is_none()) {
    if (!ReprString(rt, a[2], &part)) return Value::Raised();
    absl::StrAppend(&s, ": ", part);
    if (a.size() == 5 && !a[4].is_none()) {
      if (!ReprString(rt, a[4], &part)) return Value::Raised();
      absl::StrAppend(&s, " -> ", part);
    }
  }
  return rt.NewStr(std::move(s));
}

// The str slot: OSError's __str__ (a builtin function in the class dict would not be
// bound as a method).
Value OsErrorStrSlot(Runtime& rt, const Value& v) { return OsErrorStr(rt, {&v, 1}, {}); }

}  // namespace

void InstallExtraExceptions(Runtime& rt, Dict* b) {
  static constexpr std::pair<const char*, const char*> kClasses[] = {
      {"Warning", "Exception"},
      {"UserWarning", "Warning"},
      {"DeprecationWarning", "Warning"},
      {"PendingDeprecationWarning", "Warning"},
      {"SyntaxWarning", "Warning"},
      {"RuntimeWarning", "Warning"},
      {"FutureWarning", "Warning"},
      {"ImportWarning", "Warning"},
      {"UnicodeWarning", "Warning"},
      {"BytesWarning", "Warning"},
      {"ResourceWarning", "Warning"},
      {"EncodingWarning", "Warning"},
      {"OSError", "Exception"},
      {"FileNotFoundError", "OSError"},
      {"FileExistsError", "OSError"},
      {"IsADirectoryError", "OSError"},
      {"NotADirectoryError", "OSError"},
      {"PermissionError", "OSError"},
      {"EOFError", "Exception"},
  };
  for (const auto& [name, base_name] : kClasses) {
    const Value* base = b->GetStr(base_name);
    if (base == nullptr || !rt.IsInstance(*base, rt.types().type)) continue;
    Value ns = rt.NewDict();
    ns.as<Dict>()->SetStr(rt, rt.names().module, rt.NewStr("builtins"));
    Type* t = rt.NewClass(name, base->as<Type>(), ns.as<Dict>());
    if (t == nullptr) {
      rt.ClearException();
      continue;
    }
    Value cls = Value::Steal(t);
    if (absl::string_view(name) == "OSError") {
      t->slots().str = &OsErrorStrSlot;
      b->SetStr(rt, rt.Intern("IOError"), cls);
      b->SetStr(rt, rt.Intern("EnvironmentError"), cls);
    }
    b->SetStr(rt, rt.Intern(name), cls);
  }
}

}  // namespace wick::vm::builtins
