#include "runtime/assemble.h"

#include "runtime/runtime.h"
#include "vm/builtins/builtins.h"
#include "vm/interpreter.h"
#include "vm/torch/nn/prelude.h"
#include "vm/torch/torch.h"

namespace wick::runtime {

void AssembleInterpreter(vm::Interpreter& interp, const RuntimeOptions& options) {
  vm::InstallBuiltins(interp);
  vm::RegisterTorchNNPrelude();
  vm::InstallTorch(interp);
  InstallRuntime(interp, options);
}

}  // namespace wick::runtime
