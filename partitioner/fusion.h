// Fusion grouping: splits a graph's call nodes into partitions a backend lowers as one
// unit. A backend describes what it can do through BackendSupport; GroupFusible walks
// the graph once, in node order, and grows chains greedily:
//
//   matmul   a matmul-family anchor (linear, addmm, mm) followed by up to
//            MaxPostOps() pointwise ops the backend accepts as post-ops of it
//   pointwise a chain of pointwise ops the backend runs as one fused loop
//   single   one supported op (softmax, layer_norm), with a pointwise epilogue where
//            the backend takes one
//   fallback one op the backend cannot lower (run by its registry kernel)
//
// A chain only grows through a value with exactly one consumer node that is not a graph
// output, so every intermediate of a partition is private to it and the partition can
// run at the position of its last node. Grouping is deterministic (node order only).
//
//   std::vector<Partition> parts = GroupFusible(graph, support);
//   std::cout << PrintPartitions(graph, parts);
//   // partition 0 matmul: %linear -> %relu
#ifndef WICK_PARTITIONER_FUSION_H_
#define WICK_PARTITIONER_FUSION_H_

#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "graph/graph.h"

namespace wick::partitioner {

// What a backend can do with one call node.
enum class NodeClass {
  kUnsupported,  // no lowering: the registry kernel runs it
  kMatmul,       // a matmul-family anchor that takes post-ops
  kPointwise,    // an elementwise op that can join a fused pointwise chain
  kOpaque,       // lowered on its own, never fused (softmax, layer_norm)
};

class BackendSupport {
 public:
  virtual ~BackendSupport() = default;
  // How the backend lowers `n` (a call node of `g`).
  virtual NodeClass Classify(const graph::Graph& g, const graph::Node& n) const = 0;
  // Whether pointwise node `next` can extend `chain` (the partition so far: its anchor
  // first; `next` consumes the last node's value, which nothing else reads). Only asked
  // for `next` classified kPointwise.
  virtual bool CanAppend(const graph::Graph& g, absl::Span<const graph::NodeId> chain,
                         const graph::Node& next) const = 0;
  // The longest chain after the anchor (oneDNN 2.6 allows 32 post-ops).
  virtual int MaxPostOps() const { return 32; }
  // Whether opaque node `n` takes an epilogue: pointwise ops applied to its result as it
  // is produced, grown like a matmul's post-ops (CanAppend is asked for each).
  virtual bool TakesEpilogue(const graph::Graph& g, const graph::Node& n) const {
    return false;
  }
};

enum class PartitionKind { kMatmul, kPointwise, kSingle, kFallback };
absl::string_view PartitionKindName(PartitionKind k);  // "matmul", "pointwise", ...

struct Partition {
  PartitionKind kind = PartitionKind::kFallback;
  // Call node ids in execution order: the anchor first, the result (the only value
  // visible outside the partition) last.
  std::vector<graph::NodeId> nodes;
  graph::NodeId result() const { return nodes.back(); }
};

// Partitions ordered by their result node; every call node is in exactly one.
std::vector<Partition> GroupFusible(const graph::Graph& g, const BackendSupport& support);

// One line per partition: "partition 0 matmul: %linear -> %relu\n".
std::string PrintPartitions(const graph::Graph& g, absl::Span<const Partition> parts);

}  // namespace wick::partitioner

#endif  // WICK_PARTITIONER_FUSION_H_
