#include "tensor/ops/ops.h"

namespace wick::tensor::ops {

absl::Status RegisterRandomOps(OpRegistry& r) { return absl::OkStatus(); }

}  // namespace wick::tensor::ops
