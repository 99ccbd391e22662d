// Reads Tensor objects and the grad mode through vm/torch's hot-path accessors.
#include "guards/internal/torch_access.h"

#include "vm/torch/torch.h"

namespace wick::guards::internal {

TorchTypes GetTorchTypes(vm::Runtime& rt) {
  const vm::TorchCheckState s = vm::GetTorchCheckState(rt);
  return TorchTypes{s.tensor, s.parameter, s.grad_enabled};
}

const tensor::Tensor* TensorOf(const TorchTypes& types, const vm::Value& v) {
  if (!v.is_object() || !v.object()->type()->IsSubtypeOf(types.tensor)) return nullptr;
  return &vm::TensorOfTensorObject(v);
}

}  // namespace wick::guards::internal
