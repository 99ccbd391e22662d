// Constant folding of parameter-only subgraphs for the oneDNN backend.
//
// A node whose inputs are all module parameters or buffers (placeholders named
// `L['self']..._parameters[...]` / `._buffers[...]`), get_attr constants, or other such
// nodes computes the same value on every call until one of those tensors changes. The
// backend runs these nodes once, keeps their values, and runs them again only when a
// source tensor is replaced or updated in place (its storage, data pointer or version
// differ), so results are never stale:
//
//   std::vector<bool> fold = FoldableNodes(g);   // e.g. %t = t(%w), %mul = mul(%t, 2)
//   FoldingSupport support(OneDnnSupport(), fold);  // folded nodes join no partition
//
// Folding is off for a graph that writes any argument in place (a write could reach a
// folded value through a view), and never covers random ops, ops without results, or
// values the graph returns (a returned tensor must be a new object each call).
#ifndef WICK_CODEGEN_INTERNAL_CONSTANT_FOLDING_H_
#define WICK_CODEGEN_INTERNAL_CONSTANT_FOLDING_H_

#include <vector>

#include "absl/types/span.h"
#include "graph/graph.h"
#include "partitioner/fusion.h"

namespace wick::codegen::internal {

// Whether `n` is a source of folded values: a get_attr constant or a module parameter
// or buffer placeholder.
bool IsConstantSource(const graph::Node& n);

// Per node id: whether the call node is folded.
std::vector<bool> FoldableNodes(const graph::Graph& g);

// `base`, except that folded nodes are unsupported: each becomes a fallback partition of
// its own, and no chain grows into or out of one.
class FoldingSupport : public partitioner::BackendSupport {
 public:
  FoldingSupport(const partitioner::BackendSupport& base, const std::vector<bool>& folded)
      : base_(base), folded_(folded) {}
  partitioner::NodeClass Classify(const graph::Graph& g, const graph::Node& n) const override;
  bool CanAppend(const graph::Graph& g, absl::Span<const graph::NodeId> chain,
                 const graph::Node& next) const override;
  int MaxPostOps() const override { return base_.MaxPostOps(); }
  bool TakesEpilogue(const graph::Graph& g, const graph::Node& n) const override {
    return base_.TakesEpilogue(g, n);
  }

 private:
  const partitioner::BackendSupport& base_;
  const std::vector<bool>& folded_;
};

}  // namespace wick::codegen::internal

#endif  // WICK_CODEGEN_INTERNAL_CONSTANT_FOLDING_H_
