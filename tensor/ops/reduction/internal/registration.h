// Registration pieces of RegisterReductionOps that live in their own files.
#ifndef WICK_TENSOR_OPS_REDUCTION_INTERNAL_REGISTRATION_H_
#define WICK_TENSOR_OPS_REDUCTION_INTERNAL_REGISTRATION_H_

#include "absl/status/status.h"
#include "tensor/op_registry.h"

namespace wick::tensor::reduce_internal {

absl::Status RegisterDistanceOps(OpRegistry& r);  // distance.cc: cosine_similarity

}  // namespace wick::tensor::reduce_internal

#endif  // WICK_TENSOR_OPS_REDUCTION_INTERNAL_REGISTRATION_H_
