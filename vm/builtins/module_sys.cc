// The sys module: argv and path (Interpreter::RunMain fills them), exit, the recursion limit,
// stdout/stderr stream objects with write() and flush(), modules, maxsize, version
// information.
#include <cstdint>
#include <string>

#include "absl/strings/str_cat.h"
#include "vm/builtins/args.h"
#include "vm/builtins/internal/builtins_internal.h"
#include "vm/interpreter.h"
#include "vm/objects/objects.h"
#include "vm/protocol.h"

namespace wick::vm::builtins {
namespace {

// sys.exit(status=None): raises SystemExit(status); None gives SystemExit().
Value Exit(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "exit", args, kw, 0, 1)) return Value::Raised();
  std::vector<Value> exc_args;
  if (args.size() == 1 && !args[0].is_none()) exc_args.push_back(args[0]);
  return rt.RaiseValue(rt.NewException(rt.exc().system_exit, std::move(exc_args)));
}

Value GetRecursionLimit(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "getrecursionlimit", args, kw, 0, 0)) return Value::Raised();
  Interpreter* interp = rt.interpreter();
  return Value::Int(interp != nullptr ? interp->recursion_limit() : 1000);
}

Value SetRecursionLimit(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "setrecursionlimit", args, kw, 1, 1)) return Value::Raised();
  if (args[0].is_float()) {
    return rt.Raise(rt.exc().type_error, "'float' object cannot be interpreted as an integer");
  }
  int64_t n;
  if (!AsIndex(rt, args[0], &n, absl::StrCat("'", TypeName(rt, args[0]),
                                             "' object cannot be interpreted as an integer"))) {
    return Value::Raised();
  }
  if (n < 1) {
    return rt.Raise(rt.exc().value_error, "recursion limit must be greater or equal than 1");
  }
  Interpreter* interp = rt.interpreter();
  if (interp == nullptr) return rt.Raise(rt.exc().runtime_error, "no interpreter");
  if (n <= interp->depth()) {
    return rt.Raise(rt.exc().recursion_error,
                    absl::StrCat("cannot set the recursion limit to ", n, " at the recursion depth ",
                                 interp->depth(), ": the limit is too low"));
  }
  interp->set_recursion_limit(static_cast<int>(n > INT32_MAX ? INT32_MAX : n));
  return Value::None();
}

// sys.stdout / sys.stderr: write() goes through WriteOut, like print().
struct Stream : public Object {
  explicit Stream(bool err) : is_stderr(err) {}
  bool is_stderr;
};

Value StreamWrite(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "write", args, kw, 2, 2)) return Value::Raised();
  if (!rt.IsInstance(args[1], rt.types().str)) {
    return RaiseTypeName(rt, "write() argument must be str, not ", args[1], "");
  }
  absl::string_view text = StrOf(args[1]);
  WriteOut(rt, args[0].as<Stream>()->is_stderr, text);
  return Value::Int(static_cast<int64_t>(text.size()));
}

Value StreamFlush(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "flush", args, kw, 1, 1)) return Value::Raised();
  FlushOut(args[0].as<Stream>()->is_stderr);
  return Value::None();
}

Value StreamRepr(Runtime& rt, const Value& v) {
  return rt.NewStr(absl::StrCat("<_io.TextIOWrapper name='<",
                                v.as<Stream>()->is_stderr ? "stderr" : "stdout",
                                ">' mode='w' encoding='utf-8'>"));
}

}  // namespace

bool InitSysModule(Runtime& rt, const Value& m) {
  AddModuleFunction(rt, m, "exit", &Exit);
  AddModuleFunction(rt, m, "getrecursionlimit", &GetRecursionLimit);
  AddModuleFunction(rt, m, "setrecursionlimit", &SetRecursionLimit);
  SetModuleAttr(rt, m, "argv", rt.NewList({}));
  SetModuleAttr(rt, m, "path", rt.NewList({}));  // RunMain puts the script's directory
  SetModuleAttr(rt, m, "maxsize", Value::Int(INT64_MAX));
  SetModuleAttr(rt, m, "platform", rt.NewStr("linux"));
  SetModuleAttr(rt, m, "byteorder", rt.NewStr("little"));
  SetModuleAttr(rt, m, "version", rt.NewStr("3.11.0 (wick)"));
  SetModuleAttr(rt, m, "version_info",
                rt.NewTuple({Value::Int(3), Value::Int(11), Value::Int(0), rt.NewStr("final"),
                             Value::Int(0)}));
  if (Interpreter* interp = rt.interpreter()) {
    if (interp->sys_modules() != nullptr) {
      SetModuleAttr(rt, m, "modules", Value::Borrow(interp->sys_modules()));
    }
  }

  Type* t = rt.NewBuiltinType("TextIOWrapper", rt.types().object, Layout::kOther);
  Value type = Value::Steal(t);
  t->set_base_type(false);
  t->dict()->SetStr(rt, rt.names().module, rt.NewStr("_io"));
  t->slots().repr = &StreamRepr;
  rt.AddMethod(t, "write", &StreamWrite);
  rt.AddMethod(t, "flush", &StreamFlush);
  for (bool err : {false, true}) {
    Value stream = Value::Steal(rt.Alloc<Stream>(t, err));
    SetModuleAttr(rt, m, err ? "stderr" : "stdout", stream);
    SetModuleAttr(rt, m, err ? "__stderr__" : "__stdout__", stream);
  }
  return true;
}

}  // namespace wick::vm::builtins
