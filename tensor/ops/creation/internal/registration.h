// The pieces RegisterShapeOps and RegisterIndexingOps are assembled from, one per source
// file so that each file registers the ops it implements.
#ifndef WICK_TENSOR_OPS_CREATION_INTERNAL_REGISTRATION_H_
#define WICK_TENSOR_OPS_CREATION_INTERNAL_REGISTRATION_H_

#include "absl/status/status.h"
#include "tensor/op_registry.h"

namespace wick::tensor::creation_internal {

absl::Status RegisterViewOps(OpRegistry& r);           // shape_ops.cc: view, permute, split, ...
absl::Status RegisterCopyingShapeOps(OpRegistry& r);   // join_ops.cc: cat, stack, flip, ...
absl::Status RegisterConversionOps(OpRegistry& r);     // convert_ops.cc: clone, to, copy_, ...
absl::Status RegisterAdvancedIndexOps(OpRegistry& r);  // advanced_index.cc: index, index_put_
absl::Status RegisterSortingOps(OpRegistry& r);        // sorting.cc: sort, argsort, topk
absl::Status RegisterRepeatInterleaveOps(OpRegistry& r);  // repeat_interleave.cc

}  // namespace wick::tensor::creation_internal

#endif  // WICK_TENSOR_OPS_CREATION_INTERNAL_REGISTRATION_H_
