// A graph pass of the oneDNN backend: convolution -> eval-mode batch norm [-> relu or
// relu6] becomes one `_conv_bn_act` node (tensor/ops/conv/conv.h, ConvBatchNorm), which
// folds the batch norm into the convolution's weights and bias on every run (so updated
// parameters or statistics are always used) and applies the activation as a oneDNN
// post-op. This removes two passes over each activation map per block.
#ifndef WICK_CODEGEN_INTERNAL_CONV_FUSION_H_
#define WICK_CODEGEN_INTERNAL_CONV_FUSION_H_

#include "absl/status/statusor.h"
#include "graph/graph.h"

namespace wick::codegen::internal {

// Rewrites every fusible conv1d/conv2d/conv3d -> batch_norm(training=False) pair whose
// intermediate values have no other user; true when the graph changed. Leaves the graph
// compacted and verifiable.
absl::StatusOr<bool> FuseConvBatchNorm(graph::Graph& g);

}  // namespace wick::codegen::internal

#endif  // WICK_CODEGEN_INTERNAL_CONV_FUSION_H_
