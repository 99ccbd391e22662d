// Reads Tensor objects and the grad mode through vm/torch's internal header.
#include "guards/internal/torch_access.h"

#include "vm/torch/internal.h"

namespace wick::guards::internal {

TorchTypes GetTorchTypes(vm::Runtime& rt) {
  vm::torch::TorchState& s = vm::torch::State(rt);
  return TorchTypes{s.tensor(), s.parameter(), s.grad_enabled};
}

const tensor::Tensor* TensorOf(const TorchTypes& types, const vm::Value& v) {
  if (!v.is_object() || !v.object()->type()->IsSubtypeOf(types.tensor)) return nullptr;
  return &v.as<vm::torch::TensorObject>()->tensor;
}

}  // namespace wick::guards::internal
