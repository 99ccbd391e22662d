// Custom ops: a C++ kernel that compiled code keeps in its graphs, upstream's
// torch.library.custom_op. Scripts call it as torch.ops.<namespace>.<name>(...).
//
//   wick::OpFn meta = [](const wick::OpArgs& a) -> absl::StatusOr<wick::OpValue> {
//     return wick::OpValue(wick::Tensor::Meta(a.tensor(0).sizes(), a.tensor(0).dtype()));
//   };
//   wick::OpFn kernel = [](const wick::OpArgs& a) -> absl::StatusOr<wick::OpValue> {...};
//   CHECK_OK(wick::RegisterCustomOp("mylib::scale(Tensor x, float alpha) -> Tensor",
//                                   meta, kernel));
//
// The meta function computes the results' sizes and dtypes from the arguments'
// metadata (it receives meta tensors while tracing and must not read elements); the
// kernel computes the values. Every call checks the kernel's results against the meta
// function's: a disagreement is a RuntimeError, never a graph built on wrong shapes.
// Register before creating interpreters; ops are process-wide.
#ifndef WICK_API_CUSTOM_OP_H_
#define WICK_API_CUSTOM_OP_H_

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "tensor/custom_ops.h"
#include "tensor/op_registry.h"
#include "tensor/value.h"

namespace wick {

using tensor::OpArgs;
using tensor::OpFn;
using OpValue = tensor::Value;

// The schema is PyTorch's (native_functions.yaml) syntax with a namespace:
// "ns::name(Tensor x, float alpha=1.0) -> Tensor". Errors: tensor/custom_ops.h.
using tensor::RegisterCustomOp;

}  // namespace wick

#endif  // WICK_API_CUSTOM_OP_H_
