// Registration glue shared by linalg.cc and nn_ops.cc: every op here is one C++ function
// that returns metadata for meta inputs, so it is registered as both meta and kernel.
#ifndef WICK_TENSOR_OPS_LINALG_INTERNAL_REGISTER_UTIL_H_
#define WICK_TENSOR_OPS_LINALG_INTERNAL_REGISTER_UTIL_H_

#include <functional>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "base/status_macros.h"
#include "tensor/op_registry.h"

namespace wick::tensor::linalg_internal {

using TensorFn = std::function<absl::StatusOr<Tensor>(const OpArgs&)>;

inline absl::Status RegisterTensorOp(OpRegistry& r, absl::string_view schema, TensorFn f,
                                     OpFlags flags) {
  OpFn fn = [f = std::move(f)](const OpArgs& a) -> absl::StatusOr<Value> {
    ASSIGN_OR_RETURN(Tensor t, f(a));
    return Value(std::move(t));
  };
  return r.Register(schema, fn, fn, flags);
}

}  // namespace wick::tensor::linalg_internal

#endif  // WICK_TENSOR_OPS_LINALG_INTERNAL_REGISTER_UTIL_H_
