// The two facts guards read from vm/torch/: whether a value is a Tensor object (and its
// wick::tensor::Tensor), and the Runtime's grad mode. Kept in one file so the rest of
// guards/ does not see vm/torch's internal layout.
#ifndef WICK_GUARDS_INTERNAL_TORCH_ACCESS_H_
#define WICK_GUARDS_INTERNAL_TORCH_ACCESS_H_

#include "tensor/tensor.h"
#include "vm/object.h"
#include "vm/runtime.h"
#include "vm/value.h"

namespace wick::guards::internal {

// The torch types of one Runtime, fetched once per Check (a hash lookup) so that leaf
// checks compare type pointers only.
struct TorchTypes {
  const vm::Type* tensor = nullptr;     // torch.Tensor
  const vm::Type* parameter = nullptr;  // torch.nn.Parameter
  bool grad_enabled = true;
};

// Creates vm/torch's per-Runtime state on first use (only then does it allocate).
TorchTypes GetTorchTypes(vm::Runtime& rt);

// The tensor of `v`, or nullptr when `v` is not a Tensor object (or subclass instance).
const tensor::Tensor* TensorOf(const TorchTypes& types, const vm::Value& v);

}  // namespace wick::guards::internal

#endif  // WICK_GUARDS_INTERNAL_TORCH_ACCESS_H_
