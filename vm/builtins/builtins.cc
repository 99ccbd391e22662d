// InstallBuiltins: fills the interpreter's builtins namespace and registers the native
// standard modules. The only file of vm/builtins/ that needs the Interpreter's symbols.
#include "vm/builtins/builtins.h"

#include "vm/builtins/internal.h"
#include "vm/stdlib/stdlib.h"

namespace wick::vm {
namespace {

// Adapts a Runtime-only module initialiser to Interpreter::ModuleInit.
template <bool (*kInit)(Runtime&, const Value&)>
bool InitNative(Interpreter& interp, const Value& module) {
  return kInit(interp.runtime(), module);
}

}  // namespace

void InstallBuiltins(Interpreter& interp) {
  builtins::InstallBuiltinsInto(interp.runtime(), interp.builtins());
  // Registration is process-wide and idempotent in effect (same initialisers).
  Interpreter::RegisterNativeModule("math", &InitNative<&builtins::InitMathModule>);
  Interpreter::RegisterNativeModule("operator", &InitNative<&builtins::InitOperatorModule>);
  // functools is vm/stdlib/functools.py over this native half.
  Interpreter::RegisterNativeModule("_functools", &InitNative<&builtins::InitFunctoolsModule>);
  Interpreter::RegisterNativeModule("time", &InitNative<&builtins::InitTimeModule>);
  Interpreter::RegisterNativeModule("sys", &InitNative<&builtins::InitSysModule>);
  Interpreter::RegisterNativeModule("logging", &InitNative<&builtins::InitLoggingModule>);
  Interpreter::RegisterNativeModule("contextlib", &InitNative<&builtins::InitContextlibModule>);
  // typing, collections, dataclasses, abc, ...: Python sources compiled on first import.
  RegisterStdlib();
}

}  // namespace wick::vm
