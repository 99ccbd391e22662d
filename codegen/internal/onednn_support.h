// What the oneDNN backend can lower, as partitioner::BackendSupport, and the per-node
// facts its lowering needs: which pointwise op a node is (and whether it is a oneDNN
// post-op), how an operand broadcasts, and the operands of a matmul-family anchor.
// Everything here is float32 only; other dtypes fall back to registry kernels.
#ifndef WICK_CODEGEN_INTERNAL_ONEDNN_SUPPORT_H_
#define WICK_CODEGEN_INTERNAL_ONEDNN_SUPPORT_H_

#include <cstdint>
#include <optional>
#include <vector>

#include "absl/strings/string_view.h"
#include "graph/graph.h"
#include "oneapi/dnnl/dnnl.hpp"
#include "partitioner/fusion.h"

namespace wick::codegen::internal {

enum class PwOp {
  kNeg, kAbs, kRelu, kExp, kLog, kSqrt, kSin, kCos, kTanh, kSigmoid, kGelu, kGeluTanh,
  kSilu, kSquare, kReciprocal, kRsqrt,  // unary
  kClampMin, kClampMax,                 // unary with a bound (carried as alpha)
  kAdd, kSub, kMul, kDiv,               // binary (add/sub carry alpha)
};
bool IsBinary(PwOp op);
// exp, log, sin, cos, tanh, sigmoid, gelu (both), silu: ops whose math costs more than
// moving their operands.
bool IsTranscendental(PwOp op);
absl::string_view PwOpName(PwOp op);

// The pointwise op of a call node, if it is one of PwOp (gelu's `approximate` decides
// kGelu / kGeluTanh). clamp/clip with both bounds is kClampMin (ClampBoundsOf has both).
std::optional<PwOp> PointwiseOpOf(const graph::Node& n);

// The constant bounds of a clamp / clip / clamp_min / clamp_max node; nullopt unless
// every given bound is a finite number (NaN bounds keep the kernel's semantics).
struct ClampBounds {
  std::optional<float> lo, hi;
};
std::optional<ClampBounds> ClampBoundsOf(const graph::Node& n);

// How an operand of shape `operand` is read by an elementwise loop over `out`.
enum class Broadcast {
  kFull,    // same sizes
  kScalar,  // one element
  kInner,   // `operand` equals the trailing dims of `out`: element i % numel(operand)
  kOther,   // anything else (not lowered)
};
Broadcast BroadcastOf(const std::vector<int64_t>& operand, const std::vector<int64_t>& out);

int64_t Numel(const std::vector<int64_t>& sizes);
bool HasContiguousStrides(const graph::TensorMeta& m);
// The metadata of the value `r` refers to (nullptr for a non-tensor value).
const graph::TensorMeta* MetaOf(const graph::Graph& g, graph::ValueRef r);

// A oneDNN eltwise algorithm with its alpha/beta, for unary post-ops.
struct EltwiseSpec {
  dnnl::algorithm alg;
  float alpha = 0;
  float beta = 0;
};
std::optional<EltwiseSpec> EltwiseOf(PwOp op);

// The operands of a matmul-family anchor (linear, addmm with beta = alpha = 1, mm,
// 2-D matmul), seen as dst[M, N] = src[M, K] @ weight[K, N] + bias[N]; or a batched
// matmul (both operands of one rank >= 3 with equal batch dims, no bias), whose operands
// are read with their own strides (a transposed view costs no copy).
struct MatmulOperands {
  graph::ValueRef src;
  graph::ValueRef weight;
  std::optional<graph::ValueRef> bias;
  bool weight_is_nk = false;  // linear: weight stored [N, K]
  int64_t m = 0, k = 0, n = 0;
  std::vector<int64_t> batch;                   // batched only: the leading dims
  std::vector<int64_t> src_strides, wei_strides;  // batched only
  bool batched() const { return !batch.empty(); }
};
std::optional<MatmulOperands> MatmulOf(const graph::Graph& g, const graph::Node& n);

// What chain node `next` (consuming node `chain`'s value) becomes in a matmul's post-op
// list: a binary post-op (a tensor operand) or an eltwise algorithm (unary ops, and
// binary ops with a constant as eltwise_linear). nullopt: not a post-op.
struct PostOpKind {
  bool binary = false;
  dnnl::algorithm alg = dnnl::algorithm::undef;  // eltwise only
  float alpha = 0, beta = 0;                     // eltwise only
};
std::optional<PostOpKind> PostOpOf(const graph::Graph& g, const graph::Node& next,
                                   graph::NodeId chain);

// Softmax / log_softmax / layer_norm (lowered as single primitives).
bool IsSoftmax(const graph::Node& n);
bool IsLayerNorm(const graph::Graph& g, const graph::Node& n);

class OneDnnSupport : public partitioner::BackendSupport {
 public:
  partitioner::NodeClass Classify(const graph::Graph& g, const graph::Node& n) const override;
  bool CanAppend(const graph::Graph& g, absl::Span<const graph::NodeId> chain,
                 const graph::Node& next) const override;
  // softmax along the last dim and layer_norm, where they run as row kernels
  // (row_kernels.h): each row goes through the epilogue while it is in L1.
  bool TakesEpilogue(const graph::Graph& g, const graph::Node& n) const override;
};

// Whether softmax / layer_norm node `n` runs as a row kernel on this machine.
bool RunsAsRows(const graph::Graph& g, const graph::Node& n);

}  // namespace wick::codegen::internal

#endif  // WICK_CODEGEN_INTERNAL_ONEDNN_SUPPORT_H_
