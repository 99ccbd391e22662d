// torch.no_grad / enable_grad / inference_mode / set_grad_enabled (context managers and
// decorators) and torch.is_grad_enabled. The mode is tensor/autograd's (per thread, so
// per Runtime): eager ops record only while it is on; the tracer reads it too (the GLOBAL_STATE guard, and the
// torch._C._set_grad_enabled nodes a graph records where it switches).
#ifndef WICK_VM_TORCH_GRAD_MODE_H_
#define WICK_VM_TORCH_GRAD_MODE_H_

#include "vm/objects/dict.h"
#include "vm/runtime.h"

namespace wick::vm::torch {

// Adds the grad-mode classes and is_grad_enabled to the torch module dict `d`.
bool AddGradModeFunctions(Runtime& rt, Dict* d);
// torch._C._wick_set_grad_enabled_object(mode, prev): a set_grad_enabled object whose
// exit restores `prev`, made without switching the mode (compiled frames rebuild one).
Value SetGradEnabledObject(Runtime& rt, Args args, const KwArgs& kwargs);

}  // namespace wick::vm::torch

#endif  // WICK_VM_TORCH_GRAD_MODE_H_
