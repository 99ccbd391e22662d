// The compiler's last stage: assembly. Resolves a Unit's labels to instruction indexes,
// walks the control flow once to compute stack depths and the exception handler of
// every instruction (CPython 3.11's stackdepth + label_exception_targets), drops
// pseudo-instructions, unreachable code and jumps to the next instruction, and fills
// the CodeObject's tables (exception table, block table, positions).
#ifndef WICK_VM_COMPILER_ASSEMBLER_H_
#define WICK_VM_COMPILER_ASSEMBLER_H_

#include "absl/status/status.h"
#include "vm/code.h"
#include "vm/compiler/emitter.h"
#include "vm/runtime.h"

namespace wick::vm::compiler {

// Fills everything in `out` that the instruction stream determines; the caller sets
// identity and signature fields. Errors: Internal (an inconsistent stack depth, a bug).
absl::Status Assemble(Runtime& rt, const Unit& unit, CodeObject* out);

}  // namespace wick::vm::compiler

#endif  // WICK_VM_COMPILER_ASSEMBLER_H_
