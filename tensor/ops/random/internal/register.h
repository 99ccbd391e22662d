// The parts of RegisterRandomOps (random_ops.cc: seeding and factories; normal_ops.cc:
// torch.normal; inplace_ops.cc: Tensor.*_ samplers, bernoulli, dropout; multinomial.cc)
// and the flags they share.
#ifndef WICK_TENSOR_OPS_RANDOM_INTERNAL_REGISTER_H_
#define WICK_TENSOR_OPS_RANDOM_INTERNAL_REGISTER_H_

#include "absl/status/status.h"
#include "tensor/op_registry.h"

namespace wick::tensor::ops::random_internal {

// Every op of this group draws from the generator: never CSE'd or constant-folded.
inline constexpr OpFlags kRandomFunction{.function = true, .method = false, .random = true};
inline constexpr OpFlags kRandomMethod{.function = false, .method = true, .random = true};
inline constexpr OpFlags kRandomBoth{.function = true, .method = true, .random = true};

absl::Status RegisterRandomFactoryOps(OpRegistry& r);
absl::Status RegisterRandomNormalOps(OpRegistry& r);
absl::Status RegisterRandomInplaceOps(OpRegistry& r);
absl::Status RegisterMultinomialOps(OpRegistry& r);  // multinomial.cc

}  // namespace wick::tensor::ops::random_internal

#endif  // WICK_TENSOR_OPS_RANDOM_INTERNAL_REGISTER_H_
