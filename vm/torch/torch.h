// The `torch` module of the VM: Tensor objects over wick::tensor, dtypes, devices,
// torch.Size, registry-driven torch.<op> / Tensor.<op> bindings, indexing, grad-mode
// context managers, and the natives torch.nn's Python prelude builds on.
//
//   Runtime rt;
//   Interpreter interp(rt);
//   InstallBuiltins(interp);
//   InstallTorch(interp);     // `import torch` now works
#ifndef WICK_VM_TORCH_TORCH_H_
#define WICK_VM_TORCH_TORCH_H_

#include "vm/runtime.h"
#include "vm/value.h"

namespace wick::vm {

class Interpreter;

// Registers the native modules "torch", "torch._C", "torch._C._nn" (functional natives
// and Parameter) and "torch.return_types" with Interpreter::RegisterNativeModule.
void InstallTorch(Interpreter& interp);

// Builds the `torch` module object on `rt` without an interpreter (tests, and the
// module initialiser itself). Returns Raised() after raising.
Value NewTorchModule(Runtime& rt);
// The `torch._C._nn` module: relu, gelu, ..., embedding, Parameter,
// reset_linear_parameters.
Value NewTorchNNModule(Runtime& rt);

}  // namespace wick::vm

#endif  // WICK_VM_TORCH_TORCH_H_
