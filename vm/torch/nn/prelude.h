// torch.nn for wick: registers the Python prelude (torch.nn, torch.nn.functional,
// torch.nn.init, torch.nn.parameter, torch.nn.modules.*) with the interpreter, so that
// `import torch.nn` compiles and runs the embedded sources on first use.
//
//   RegisterTorchNNPrelude();   // once, before running programs
//   InstallTorch(interp);       // `import torch` then imports torch.nn too
//
// The prelude needs the native modules torch and torch._C._nn (Parameter, gelu, silu,
// linear) from vm/torch/.
#ifndef WICK_VM_TORCH_NN_PRELUDE_H_
#define WICK_VM_TORCH_NN_PRELUDE_H_

namespace wick::vm {

// Registers every prelude module with Interpreter::RegisterPythonModule. Process-wide
// and idempotent (a second call re-registers the same sources).
void RegisterTorchNNPrelude();

}  // namespace wick::vm

#endif  // WICK_VM_TORCH_NN_PRELUDE_H_
