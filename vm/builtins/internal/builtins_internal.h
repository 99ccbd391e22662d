// The pieces InstallBuiltins assembles, split by file. Everything here needs only a
// Runtime (never the Interpreter's symbols), so the object-protocol tests can install
// and call builtins without linking the interpreter.
#ifndef WICK_VM_BUILTINS_INTERNAL_BUILTINS_INTERNAL_H_
#define WICK_VM_BUILTINS_INTERNAL_BUILTINS_INTERNAL_H_

#include "absl/strings/string_view.h"
#include "vm/objects/dict.h"
#include "vm/runtime.h"
#include "vm/value.h"

namespace wick::vm::builtins {

// Adds a builtin function `name` to the namespace `ns`.
void AddFunction(Runtime& rt, Dict* ns, absl::string_view name, BuiltinFn fn);

// Fills `b` with every builtin function, type, exception class and constant that needs
// no interpreter (builtins_core.cc, builtins_iter.cc, builtins_number.cc, ...).
void InstallBuiltinsInto(Runtime& rt, Dict* b);

// Per file installers, called by InstallBuiltinsInto.
void InstallCoreBuiltins(Runtime& rt, Dict* b);     // print, repr, getattr, isinstance, ...
void InstallIterBuiltins(Runtime& rt, Dict* b);     // iter, next, sorted, min, max, sum, ...
void InstallExtraExceptions(Runtime& rt, Dict* b);  // the Warning and OSError families
void InstallNumberBuiltins(Runtime& rt, Dict* b);   // abs, divmod, pow, chr, ord, ...
void InitDescriptorTypes(Runtime& rt);              // staticmethod, classmethod, property
void InitSuperType(Runtime& rt);                    // super

// print()'s and sys.stdout's output: through the interpreter's writers when there is
// one, else the process's stdout / stderr.
void WriteOut(Runtime& rt, bool to_stderr, absl::string_view text);
// Flushes what WriteOut buffered (print(flush=True), sys.stdout.flush()).
void FlushOut(bool to_stderr);

// Native module initialisers: fill `module` (a Module Value); false after raising.
bool InitMathModule(Runtime& rt, const Value& module);
bool InitOperatorModule(Runtime& rt, const Value& module);
bool InitFunctoolsModule(Runtime& rt, const Value& module);
bool InitTimeModule(Runtime& rt, const Value& module);
bool InitGcModule(Runtime& rt, const Value& module);
bool InitSysModule(Runtime& rt, const Value& module);
bool InitLoggingModule(Runtime& rt, const Value& module);
bool InitContextlibModule(Runtime& rt, const Value& module);

// Sets `name` in a module's namespace.
void SetModuleAttr(Runtime& rt, const Value& module, absl::string_view name, Value v);
void AddModuleFunction(Runtime& rt, const Value& module, absl::string_view name,
                       BuiltinFn fn);

}  // namespace wick::vm::builtins

#endif  // WICK_VM_BUILTINS_INTERNAL_BUILTINS_INTERNAL_H_
