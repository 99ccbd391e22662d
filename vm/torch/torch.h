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

#include <string>
#include <vector>

#include "tensor/dtype.h"
#include "tensor/op_registry.h"
#include "tensor/tensor.h"
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

// --- Introspection for the tracer (frontend/) ---------------------------------------
// These read torch objects without raising and without running user code.

// A new Tensor object over `t`, sharing its storage (host tensors handed to scripts).
Value NewTensorObject(Runtime& rt, tensor::Tensor t);
// The wick tensor behind a Tensor or Parameter object, or null for anything else.
const tensor::Tensor* TensorOfObject(Runtime& rt, const Value& v);
// The dimensions torch._dynamo.mark_dynamic / mark_static marked on tensor object `v`
// (null pointers for a non-tensor).
const std::vector<int64_t>* MarkedDynamicDims(Runtime& rt, const Value& v);
const std::vector<int64_t>* MarkedStaticDims(Runtime& rt, const Value& v);
// Whether `v` is a torch.nn.Parameter.
bool IsParameterObject(Runtime& rt, const Value& v);
// For a registry-backed `torch.<op>` function or `Tensor.<op>` method object: its op
// name ("add") and whether it is the method form. False for anything else.
bool RegistryOpOf(Runtime& rt, const Value& v, std::string* op, bool* method);
// For a torch.dtype object: its dtype. False for anything else.
bool DTypeOfObject(Runtime& rt, const Value& v, tensor::DType* out);
// The torch.dtype object of `d`.
Value DTypeObject(Runtime& rt, tensor::DType d);
// The torch.device('cpu') object (tensors' `.device`).
Value CpuDeviceObject(Runtime& rt);
// Whether `v` is a torch.Size.
bool IsSizeObject(Runtime& rt, const Value& v);
// A new torch.Size of `sizes`.
Value NewSizeObject(Runtime& rt, tensor::IntSpan sizes);
// The torch.Size class.
Type* SizeType(Runtime& rt);
// torch.return_types.<op>, the named tuple an op with named returns gives (max.dim's
// (values, indices)); null for an op whose returns are one value or unnamed.
Type* ReturnTypeOfOp(Runtime& rt, const tensor::OpDef& op);
// The field names of a torch.return_types type; null for any other type.
const std::vector<std::string>* ReturnTypeFields(Runtime& rt, const Type* t);
// A new `t` (a ReturnTypeOfOp type, or a namedtuple class) over `items`, made as
// tuple.__new__(t, items) makes it.
Value NewReturnTuple(Runtime& rt, Type* t, std::vector<Value> items);
// The current grad mode (torch.is_grad_enabled()).
bool GradModeEnabled(Runtime& rt);
// The function a grad-mode decorator wraps (@torch.no_grad(), @torch.enable_grad(),
// @torch.inference_mode()) and the mode it runs it under; nullptr for other values.
const Value* GradWrapperFunction(Runtime& rt, const Value& v, bool* mode);
// Sets it (torch._C._set_grad_enabled).
void SetGradModeEnabled(Runtime& rt, bool enabled);

// --- Hot paths (guards/) -----------------------------------------------------------
// What a per-call check needs, fetched once (one state lookup) so each later test is a
// pointer comparison: the Tensor and Parameter types of `rt` and the grad mode now.
struct TorchCheckState {
  const Type* tensor = nullptr;
  const Type* parameter = nullptr;
  bool grad_enabled = true;
};
TorchCheckState GetTorchCheckState(Runtime& rt);
// The tensor of `v`, whose type must be Tensor or a subclass (checked by the caller
// against TorchCheckState::tensor).
const tensor::Tensor& TensorOfTensorObject(const Value& v);

}  // namespace wick::vm

#endif  // WICK_VM_TORCH_TORCH_H_
