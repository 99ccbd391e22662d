// Helpers for registering pointwise ops: one function of (args, mode) serves as an op's
// meta function and kernel, and PyTorch's rejection of Python numbers where an op takes
// only tensors.
#ifndef WICK_TENSOR_OPS_POINTWISE_INTERNAL_REGISTRAR_H_
#define WICK_TENSOR_OPS_POINTWISE_INTERNAL_REGISTRAR_H_

#include <functional>
#include <initializer_list>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "tensor/op_registry.h"
#include "tensor/ops/pointwise/pointwise.h"

namespace wick::tensor::internal {

// Computes an op from bound arguments; `mode.meta` asks for metadata only.
using OpImpl = std::function<absl::StatusOr<Tensor>(const OpArgs& args, OpMode mode)>;

// Collects registrations and the first error.
class Registrar {
 public:
  explicit Registrar(OpRegistry& registry) : registry_(registry) {}

  // Registers `schema` (in place when its first argument is `Tensor(a!)`).
  void Add(absl::string_view schema, OpFlags flags, OpImpl impl);

  absl::Status status() const { return status_; }

 private:
  OpRegistry& registry_;
  absl::Status status_;
};

// A TypeError like PyTorch's argument parser gives when a Python number is passed where
// the op accepts only a tensor ("maximum(): argument 'other' (position 2) must be Tensor,
// not int"). `positions` are 0-based argument indices, `names` their Python names.
absl::Status RejectNumbers(const OpArgs& args, absl::string_view op,
                           std::initializer_list<int> positions,
                           std::initializer_list<absl::string_view> names);

// The registrations, by file.
absl::Status RegisterUnaryOps(Registrar& r);
absl::Status RegisterBinaryOps(Registrar& r);

}  // namespace wick::tensor::internal

#endif  // WICK_TENSOR_OPS_POINTWISE_INTERNAL_REGISTRAR_H_
