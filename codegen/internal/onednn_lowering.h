// Lowering of one partition (partitioner/fusion.h) to one executable step of the oneDNN
// backend: a oneDNN primitive created for the graph's static shapes (matmul with its
// post-op chain, softmax, log_softmax, layer_norm), a fused pointwise loop, or the
// registry kernel of one node. Steps only describe where their data comes from; the
// compiled graph (onednn_backend.cc) owns buffers and runs them.
#ifndef WICK_CODEGEN_INTERNAL_ONEDNN_LOWERING_H_
#define WICK_CODEGEN_INTERNAL_ONEDNN_LOWERING_H_

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "codegen/internal/pointwise_kernel.h"
#include "graph/graph.h"
#include "oneapi/dnnl/dnnl.hpp"
#include "partitioner/fusion.h"
#include "tensor/tensor.h"
#include "tensor/value.h"

namespace wick::codegen::internal {

// A weight reordered once into the layout the matmul prefers: a get_attr constant (packed
// at compile time), or a parameter the graph takes as an input (upstream's
// `L_self_..._parameters_weight_` placeholders; packed on the first run). The packed
// tensor and its storage version are remembered: an in-place update, or another tensor
// in the parameter's place, re-packs before the run, so results never go stale.
struct PackedWeight {
  tensor::Tensor source;
  uint64_t version = 0;
  // A placeholder or a folded value: `input` names it, packed again when it changes.
  bool from_input = false;
  bool valid = false;       // `packed` holds source's data at `version`
  graph::ValueRef input;
  dnnl::memory user;    // the source's layout, pointed at a contiguous copy
  tensor::Tensor storage;  // packed's bytes, from the caching allocator (huge pages)
  dnnl::memory packed;     // in the primitive's weights layout
  void* packed_data = nullptr;  // packed's buffer
  dnnl::reorder reorder;
};

// Where a primitive argument's data comes from at run time.
struct ArgBinding {
  enum class From { kValue, kResult, kScratch, kPacked };
  int dnnl_arg = 0;
  From from = From::kValue;
  graph::ValueRef ref;  // kValue
  // kValue read in place with these strides (a batched matmul's operands); empty: the
  // value is read densely (a contiguous copy is made when it is not).
  std::vector<int64_t> strides;
  dnnl::memory memory;  // created at compile time, re-pointed at each run
  dnnl_memory_t handle = nullptr;  // memory's C handle: runs use the C API (no throws)
};

struct Step {
  enum class Kind { kKernel, kPrimitive, kPointwise, kRows };
  Kind kind = Kind::kKernel;
  std::vector<graph::NodeId> nodes;  // the partition, result last
  graph::NodeId result() const { return nodes.back(); }
  std::string what;  // "matmul", "softmax", "pointwise", "kernel", ...

  // kKernel: the node's op with its constants coerced to schema types.
  const tensor::OpDef* op = nullptr;
  std::vector<graph::Arg> args;
  std::vector<tensor::Value> constants;
  std::string fallback_reason;  // why a lowerable partition runs as kernels

  // kPrimitive
  dnnl::primitive primitive;
  dnnl_primitive_t primitive_handle = nullptr;
  std::string impl;  // oneDNN's implementation name ("brg:avx512_core")
  size_t scratchpad_bytes = 0;
  std::vector<ArgBinding> bindings;
  std::shared_ptr<PackedWeight> packed;  // shared by steps with the same weight and layout
  std::string detail;  // post-op chain etc., for DescribeLowering

  // kPointwise
  std::optional<PointwiseProgram> program;
  std::vector<graph::ValueRef> inputs;  // program inputs in order (kRows: x, w, b)

  // kRows: softmax or layer_norm of a dense float32 tensor seen as rows x cols
  // (internal/row_kernels.h); layer_norm's weight and bias are inputs[1] and inputs[2]
  // where they are given (node -1 where not). `program`, if set, is the epilogue: a
  // pointwise program over one row (its input 0), applied to each row in place.
  enum class RowOp { kSoftmax, kLogSoftmax, kLayerNorm };
  RowOp row_op = RowOp::kSoftmax;
  int64_t rows = 0, cols = 0;
  float eps = 0;

  // Filled by the planner.
  int slot = -1;                     // arena slot of the result, -1: a fresh tensor
  std::vector<graph::NodeId> frees;  // values dropped after this step
};

// Lowers a matmul / pointwise / single partition. Unimplemented (or a oneDNN error) means
// "run these nodes as kernels instead"; the caller falls back. `folded[id]`: node `id` is
// computed once and kept (constant_folding.h), so a matmul weight it feeds is packed.
absl::StatusOr<Step> LowerPartition(const graph::Graph& g, const partitioner::Partition& p,
                                    const std::vector<bool>& folded,
                                    const dnnl::engine& engine, dnnl::stream& stream);

// The registry kernel of node `id`.
Step KernelStep(const graph::Graph& g, graph::NodeId id);

// Reorders `w.source` into `w.packed` (compile time, and again after an in-place update).
absl::Status Pack(PackedWeight& w, dnnl::stream& stream);

// Weights stored [n, k] (a Linear's) that stay from call to call are packed into
// oneDNN's preferred layout only where that layout is blocked (see
// PrefersBlockedWeights). Tests of the packing machinery force it on machines whose
// kernels prefer plain weights; process-wide, for tests only.
void SetAlwaysPackWeightsForTesting(bool always);

}  // namespace wick::codegen::internal

#endif  // WICK_CODEGEN_INTERNAL_ONEDNN_LOWERING_H_
