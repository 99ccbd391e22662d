// One interpreter with everything installed, in the one order that works: builtins, the
// embedded Python prelude (torch.nn, torch._dynamo, ...), the torch module and the
// compiler runtime (torch.compile compiles). The CLI (tools/), the embedding API (api/),
// the runtime's tests and benchmarks and the tracer fuzz target all assemble their
// interpreters here, so a new piece is installed in one place.
//
//   vm::Runtime rt;
//   vm::Interpreter interp(rt);
//   runtime::AssembleInterpreter(interp, {.dot_dir = "graphs"});
//   interp.RunMain(source, "model.py", {"model.py"});
#ifndef WICK_RUNTIME_ASSEMBLE_H_
#define WICK_RUNTIME_ASSEMBLE_H_

#include "runtime/runtime.h"
#include "vm/interpreter.h"

namespace wick::runtime {

void AssembleInterpreter(vm::Interpreter& interp, const RuntimeOptions& options = {});

}  // namespace wick::runtime

#endif  // WICK_RUNTIME_ASSEMBLE_H_
