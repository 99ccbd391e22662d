// Graph passes: small named rewrites that report "changed" or an error, run as a
// pipeline with the verifier after every pass that changed something (MLIR/XLA style).
//
//   ASSIGN_OR_RETURN(bool changed,
//                    RunPasses(g, {{"cse", CommonSubexpressionElimination},
//                                  {"dce", DeadCodeElimination}}));
#ifndef WICK_GRAPH_PASSES_H_
#define WICK_GRAPH_PASSES_H_

#include <functional>
#include <string>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "graph/graph.h"

namespace wick::graph {

// Rewrites the graph in place; true when it changed anything. A pass leaves the graph
// compacted (no erased nodes) and verifiable.
using Pass = std::function<absl::StatusOr<bool>(Graph&)>;

struct NamedPass {
  std::string name;
  Pass pass;
};

// Runs `passes` in order, verifying after each one that changed the graph (a verifier
// failure is reported as InternalError naming the pass). True when any pass changed it.
absl::StatusOr<bool> RunPasses(Graph& g, absl::Span<const NamedPass> passes);

// Removes call nodes whose results nobody uses (transitively). Never removes ops that
// write an argument (in-place, `out=`), draw random numbers, or return nothing (they
// exist for their side effects).
absl::StatusOr<bool> DeadCodeElimination(Graph& g);

// Merges call nodes with the same op and the same bound arguments into the first one.
// Never merges random ops or ops that write an argument, and forgets every earlier
// expression at a node that writes an argument (any earlier value may alias the
// mutated storage, so a later identical call can see different data).
absl::StatusOr<bool> CommonSubexpressionElimination(Graph& g);

// A dynamic-shape graph made static for one call's inputs (in placeholder order):
// placeholders take the inputs' metadata, Arg::Sym arguments become constants, metadata
// is recomputed by the meta functions (an error where the inputs do not fit, as eager
// would raise). Backends that need static shapes compile one of these per input shape.
absl::StatusOr<Graph> Specialize(const Graph& g, absl::Span<const tensor::Tensor> inputs);

}  // namespace wick::graph

#endif  // WICK_GRAPH_PASSES_H_
