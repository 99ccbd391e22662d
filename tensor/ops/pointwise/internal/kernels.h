// The pointwise kernels are written against the kernel toolkit's names (tensor/kernels/:
// Vec<T>, the element functors, DimOrder): one using-directive here instead of a
// using-declaration for each of the ~150 functors and vector operations. Private code
// of this op group only; nothing outside tensor/ops/pointwise includes it.
#ifndef WICK_TENSOR_OPS_POINTWISE_INTERNAL_KERNELS_H_
#define WICK_TENSOR_OPS_POINTWISE_INTERNAL_KERNELS_H_

#include "tensor/kernels/binary_fns.h"
#include "tensor/kernels/iteration_order.h"
#include "tensor/kernels/onednn_math.h"
#include "tensor/kernels/scalar_math.h"
#include "tensor/kernels/simd.h"
#include "tensor/kernels/unary_fns.h"

namespace wick::tensor::internal {
using namespace ::wick::tensor::kernels;  // NOLINT(build/namespaces): see above.
}  // namespace wick::tensor::internal

#endif  // WICK_TENSOR_OPS_POINTWISE_INTERNAL_KERNELS_H_
