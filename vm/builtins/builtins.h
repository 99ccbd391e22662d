// The builtins module and the standard modules wick provides (math, functools,
// operator, time, sys, logging, contextlib), installed into an interpreter.
//
//   Runtime rt;
//   Interpreter interp(rt);
//   InstallBuiltins(interp);   // print, len, range, ..., and registers `import math` & co.
#ifndef WICK_VM_BUILTINS_BUILTINS_H_
#define WICK_VM_BUILTINS_BUILTINS_H_

#include "vm/interpreter.h"

namespace wick::vm {

// Fills interp.builtins() with the builtin functions, types and exception classes of
// docs/language.md, sets up the staticmethod/classmethod/property/super types, and
// registers the standard native modules with Interpreter::RegisterNativeModule.
void InstallBuiltins(Interpreter& interp);

}  // namespace wick::vm

#endif  // WICK_VM_BUILTINS_BUILTINS_H_
