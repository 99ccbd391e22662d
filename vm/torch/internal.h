// Shared by the files of vm/torch/: the per-Runtime torch state (type objects, dtype
// singletons, grad mode), the Tensor object layout, and conversions between Python
// values and wick::tensor values.
#ifndef WICK_VM_TORCH_INTERNAL_H_
#define WICK_VM_TORCH_INTERNAL_H_

#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "tensor/op_registry.h"
#include "tensor/tensor.h"
#include "tensor/value.h"
#include "vm/object.h"
#include "vm/objects/dict.h"
#include "vm/objects/objects.h"
#include "vm/runtime.h"
#include "vm/value.h"

namespace wick::vm::torch {

// A Python Tensor (or Parameter): a handle onto a wick tensor.
class TensorObject : public Object {
 public:
  explicit TensorObject(tensor::Tensor t) : tensor(std::move(t)) {}
  ~TensorObject() override;
  void ClearRefs() override;
  tensor::Tensor tensor;
  // torch._dynamo.mark_dynamic / mark_static on this object (upstream keeps them in
  // the `_dynamo_dynamic_indices` / `_dynamo_static_indices` attributes).
  std::vector<int64_t> dynamic_dims, static_dims;
  // Attributes a script sets on the tensor (`pe.require_grad = False`; PyTorch tensors
  // have a __dict__): an owned reference, created on the first store.
  Dict* attrs = nullptr;
};

class DTypeObject : public Object {
 public:
  explicit DTypeObject(tensor::DType d) : dtype(d) {}
  tensor::DType dtype;
};

// A torch function or Tensor method backed by the op registry (`op` names all the
// overloads). Methods receive self as args[0].
class OpFunction : public Object {
 public:
  OpFunction(std::string op, bool method) : op(std::move(op)), method(method) {}
  std::string op;
  bool method;
};

// `torch.ops` (ns "") or one of its namespaces (`torch.ops.mylib`), bindings.cc.
class OpsNamespace : public Object {
 public:
  explicit OpsNamespace(std::string ns) : ns(std::move(ns)) {}
  std::string ns;
};
Value NewOpsNamespace(Runtime& rt, absl::string_view ns);

// Everything torch keeps per Runtime. An Object so the Runtime frees it (and its
// references) at teardown; its destructor forgets the Runtime.
class TorchState : public Object {
 public:
  explicit TorchState(Runtime* rt) : rt(rt) {}
  ~TorchState() override;
  void ClearRefs() override;

  Runtime* rt;
  Value tensor_type, parameter_type, dtype_type, device_type, size_type, op_function_type,
      grad_mode_type, grad_wrapper_type, compile_decorator_type, ops_namespace_type,
      grad_fn_type;
  Value dtypes[tensor::kNumDTypes];
  Value cpu_device;
  // torch._tensor_types._tensor_new: what torch.Tensor(...) calls (install.cc).
  Value tensor_new;
  // torch.utils.hooks.RemovableHandle: what Tensor.register_hook returns (install.cc).
  Value removable_handle;
  Value set_grad_enabled_type;  // torch.set_grad_enabled (a grad-mode class)
  // Imports a module by its dotted name (set by InstallTorch, which has the
  // interpreter; null before): Tensor.numpy() reaches numpy._array through it.
  Value (*import_module)(Runtime& rt, const char* name) = nullptr;
  // The classes of grad_fn objects, by node name (autograd_natives.cc).
  absl::flat_hash_map<std::string, Value> grad_fn_classes;
  // torch.return_types.<name>: a tuple subclass per op, with its field names.
  absl::flat_hash_map<std::string, Value> return_types;
  absl::flat_hash_map<const Type*, std::vector<std::string>> return_fields;

  Type* tensor() const { return tensor_type.as<Type>(); }
  Type* parameter() const { return parameter_type.as<Type>(); }
  Type* size() const { return size_type.as<Type>(); }
};

// The state of `rt`, created (with all torch types) on first use.
TorchState& State(Runtime& rt);

// --- Tensor objects ------------------------------------------------------------------
bool IsTensor(Runtime& rt, const Value& v);
// The tensor object a numpy.ndarray (vm/stdlib/numpy/_array.py) wraps, or null for any
// other value.
const Value* NdarrayTensor(Runtime& rt, const Value& v);
// Calls numpy._array.`fn`(arg) (importing it on first use).
Value CallNumpyArray(Runtime& rt, const char* fn, const Value& arg);
inline const tensor::Tensor& TensorOf(const Value& v) {
  return v.as<TensorObject>()->tensor;
}
inline tensor::Tensor& MutableTensorOf(const Value& v) { return v.as<TensorObject>()->tensor; }
Value WrapTensor(Runtime& rt, tensor::Tensor t);
// The Tensor type's construct slot: torch.Tensor(...) through State(rt).tensor_new.
Value TensorConstruct(Runtime& rt, Type* type, Args args, const KwArgs& kwargs);
// Wraps a StatusOr<Tensor>, raising the status's Python exception on error.
Value WrapResult(Runtime& rt, absl::StatusOr<tensor::Tensor> t);
Value DTypeValue(Runtime& rt, tensor::DType d);
bool IsDType(Runtime& rt, const Value& v);
bool IsSize(Runtime& rt, const Value& v);
Value NewSize(Runtime& rt, tensor::IntSpan sizes);

// --- Conversions (convert.cc) --------------------------------------------------------
// A Python argument as the registry sees it: numbers, None, str, dtype, device (as its
// string), Tensor, and lists/tuples/Size of ints, floats or Tensors. False after raising.
// `position`, the argument's index when positional, names it in errors.
bool ToTensorValue(Runtime& rt, const Value& v, tensor::Value* out, int position = -1);
// A registry result as a Python value. `op` supplies the return names (named tuples);
// `inputs` are the Python arguments, so an op returning one of them returns that very
// object (`x.add_(1) is x`, `x.to(x.dtype) is x`).
Value FromTensorValue(Runtime& rt, tensor::Value v, const tensor::OpDef* op, Args inputs);
// Python scalar of a tensor::Scalar.
Value ScalarToValue(const tensor::Scalar& s);
// torch.tensor(data, dtype=): nested lists/tuples of numbers or 0-dim tensors.
absl::StatusOr<tensor::Tensor> TensorFromData(Runtime& rt, const Value& data,
                                              std::optional<tensor::DType> dtype,
                                              bool* raised);
// Optional dtype argument (None or a dtype object); false after raising TypeError.
bool OptionalDType(Runtime& rt, const Value* v, std::optional<tensor::DType>* out);

// --- Calling registry ops (bindings.cc) ----------------------------------------------
// Calls op `name` with Python args (self first for methods), packing varargs sizes.
Value CallOp(Runtime& rt, absl::string_view name, Args args, const KwArgs& kwargs);
// A function object for op `name`.
Value NewOpFunction(Runtime& rt, absl::string_view name, bool method);
// Adds Tensor.<op> for every registry op flagged as a method (unless already defined).
void InstallTensorOpMethods(Runtime& rt, Type* tensor_type);
// Adds torch.<op> to `module_dict` for every registry op flagged as a function.
void InstallTorchOpFunctions(Runtime& rt, Dict* module_dict);

// --- Types (tensor_object.cc, tensor_methods.cc, dtype_size.cc, indexing.cc) ----------
void InitTensorType(Runtime& rt, TorchState& s);
void InitTensorMethods(Runtime& rt, TorchState& s);
void InitDTypeSizeDeviceTypes(Runtime& rt, TorchState& s);
Value TensorGetItem(Runtime& rt, const Value& self, const Value& key);
bool TensorSetItem(Runtime& rt, const Value& self, const Value& key, const Value* v);
// The named tuple type torch.return_types.<name> with `fields`.
Type* ReturnType(Runtime& rt, absl::string_view name, const std::vector<std::string>& fields);

// --- Autograd (autograd_natives.cc) --------------------------------------------------
// t.grad_fn: a Node object, or None for a leaf.
Value GradFnOfTensor(Runtime& rt, const tensor::Tensor& t);
// torch._C._wick_backward, _wick_grad, _wick_record_function, _wick_register_hook.
void AddAutogradNatives(Runtime& rt, Dict* torch_c);
// torch.is_anomaly_enabled / is_anomaly_check_nan_enabled into the torch module.
void AddAnomalyFunctions(Runtime& rt, Dict* torch_dict);
Value AutogradRegisterHook(Runtime& rt, Args args, const KwArgs& kwargs);
// Raises an autograd status (keeping a Python exception a hook raised).
Value RaiseAutogradStatus(Runtime& rt, const absl::Status& s);

// --- Module helpers (module_torch.cc) ------------------------------------------------
void AddFunction(Runtime& rt, Dict* dict, absl::string_view name, BuiltinFn fn);
// torch._C natives of torch.save / torch.load (serialization_natives.cc).
void AddSerializationNatives(Runtime& rt, Dict* dict);

}  // namespace wick::vm::torch

#endif  // WICK_VM_TORCH_INTERNAL_H_
