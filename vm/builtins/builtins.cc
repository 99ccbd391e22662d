// InstallBuiltins: fills the interpreter's builtins namespace and registers the native
// standard modules. The only file of vm/builtins/ that needs the Interpreter's symbols.
#include "vm/builtins/builtins.h"

#include "vm/builtins/internal/builtins_internal.h"
#include "vm/objects/dict.h"
#include "vm/protocol.h"
#include "vm/stdlib/stdlib.h"

namespace wick::vm {
namespace {

// Adapts a Runtime-only module initialiser to Interpreter::ModuleInit.
template <bool (*kInit)(Runtime&, const Value&)>
bool InitNative(Interpreter& interp, const Value& module) {
  return kInit(interp.runtime(), module);
}

// open(...): io.open, with io (vm/stdlib/io.py) imported on the first call so that
// programs that never open a file never load it.
Value OpenBuiltin(Runtime& rt, Args args, const KwArgs& kw) {
  Interpreter* in = rt.interpreter();
  if (in == nullptr) return rt.Raise(rt.exc().runtime_error, "open() needs an interpreter");
  Value io = in->ImportModule("io");
  if (io.is_raised()) return io;
  Value open = GetAttr(rt, io, "open");
  if (open.is_raised()) return open;
  return Call(rt, open, args, kw);
}

}  // namespace

void InstallBuiltins(Interpreter& interp) {
  builtins::InstallBuiltinsInto(interp.runtime(), interp.builtins());
  interp.builtins()->SetStr(interp.runtime(), interp.runtime().Intern("open"),
                            interp.runtime().NewBuiltinFunction("open", &OpenBuiltin));
  // Registration is process-wide and idempotent in effect (same initialisers).
  Interpreter::RegisterNativeModule("math", &InitNative<&builtins::InitMathModule>);
  Interpreter::RegisterNativeModule("operator", &InitNative<&builtins::InitOperatorModule>);
  // functools is vm/stdlib/functools.py over this native half.
  Interpreter::RegisterNativeModule("_functools", &InitNative<&builtins::InitFunctoolsModule>);
  Interpreter::RegisterNativeModule("time", &InitNative<&builtins::InitTimeModule>);
  Interpreter::RegisterNativeModule("gc", &InitNative<&builtins::InitGcModule>);
  Interpreter::RegisterNativeModule("sys", &InitNative<&builtins::InitSysModule>);
  Interpreter::RegisterNativeModule("logging", &InitNative<&builtins::InitLoggingModule>);
  // contextlib is vm/stdlib/contextlib.py over this native half.
  Interpreter::RegisterNativeModule("_contextlib", &InitNative<&builtins::InitContextlibModule>);
  // typing, collections, dataclasses, abc, ...: Python sources compiled on first import.
  RegisterStdlib();
}

}  // namespace wick::vm
