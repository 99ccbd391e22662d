// The standard-library modules wick writes in Python (typing, collections,
// collections.abc, dataclasses, abc, __future__) and _wick_stdlib, the native helpers
// they use. InstallBuiltins registers them for every interpreter:
//
//   RegisterStdlib();   // process-wide, idempotent
//   interp.ImportModule("typing");   // compiles and runs the embedded source once
//
// Each module is compiled on its first import only, so a program that imports none of
// them pays nothing.
#ifndef WICK_VM_STDLIB_STDLIB_H_
#define WICK_VM_STDLIB_STDLIB_H_

namespace wick::vm {

void RegisterStdlib();

}  // namespace wick::vm

#endif  // WICK_VM_STDLIB_STDLIB_H_
