// Which nodes the oneDNN backend folds. See constant_folding.h.
#include "codegen/internal/constant_folding.h"

#include <algorithm>

#include "absl/strings/match.h"

namespace wick::codegen::internal {
namespace {

using graph::Graph;
using graph::Node;
using graph::NodeKind;

bool WritesAnArgument(const Node& n) {
  // batch_norm writes its running statistics only when training and only when it has
  // them: in eval mode (a constant training=False), or without running statistics
  // (track_running_stats=False: both None), it writes nothing.
  if (n.op->full_name() == "batch_norm" && n.args.size() > 5) {
    const graph::Arg& training = n.args[5];
    const bool eval = training.is_constant() && training.constant().is_bool() &&
                      !training.constant().to_bool();
    const bool no_stats = n.args[3].is_constant() && n.args[3].constant().is_none() &&
                          n.args[4].is_constant() && n.args[4].constant().is_none();
    if (eval || no_stats) return false;
  }
  const auto& args = n.op->schema.arguments;
  return std::any_of(args.begin(), args.end(), [](const auto& a) { return a.is_write; });
}

}  // namespace

bool IsConstantSource(const Node& n) {
  if (n.kind == NodeKind::kGetAttr) return true;
  return n.kind == NodeKind::kPlaceholder && (absl::StrContains(n.source, "._parameters[") ||
                                              absl::StrContains(n.source, "._buffers["));
}

std::vector<bool> FoldableNodes(const Graph& g) {
  std::vector<bool> folded(g.nodes().size(), false);
  for (const Node& n : g.nodes()) {
    if (n.kind == NodeKind::kCall && n.op != nullptr && WritesAnArgument(n)) return folded;
  }
  std::vector<bool> constant(g.nodes().size(), false);
  for (const Node& n : g.nodes()) {
    if (IsConstantSource(n)) {
      constant[n.id] = true;
      continue;
    }
    if (n.kind != NodeKind::kCall || n.op == nullptr || n.op->flags.random ||
        n.op->schema.returns.empty() || n.meta.empty()) {
      continue;
    }
    bool all = true;
    for (const graph::Arg& a : n.args) {
      for (graph::ValueRef r : a.refs()) {
        if (r.node >= 0 && !constant[r.node]) all = false;
      }
    }
    constant[n.id] = all;
  }
  std::vector<bool> returned(g.nodes().size(), false);
  for (graph::ValueRef r : g.output().outputs) {
    if (r.node >= 0) returned[r.node] = true;
  }
  for (const Node& n : g.nodes()) {
    folded[n.id] = n.kind == NodeKind::kCall && constant[n.id] && !returned[n.id];
  }
  // Two rules unfold nodes until neither changes anything:
  // - A node that runs every call and returns a view of a folded value would hand out (or
  //   pass on) the kept tensor itself, which a caller could then change in place: such a
  //   value is not folded.
  // - A folded node runs once, before any step, so everything it reads is a constant
  //   source or folded too; one that reads an unfolded value (a returned one, say) runs
  //   every call instead.
  for (bool changed = true; changed;) {
    changed = false;
    for (const Node& n : g.nodes()) {
      if (n.kind != NodeKind::kCall || n.op == nullptr) continue;
      const bool pins_inputs = !folded[n.id] && n.op->is_view();
      for (const graph::Arg& a : n.args) {
        for (graph::ValueRef r : a.refs()) {
          if (r.node < 0) continue;
          if (pins_inputs && folded[r.node]) {
            folded[r.node] = false;
            changed = true;
          }
          if (folded[n.id] && !folded[r.node] && !IsConstantSource(g.node(r.node))) {
            folded[n.id] = false;
            changed = true;
          }
        }
      }
    }
  }
  return folded;
}

partitioner::NodeClass FoldingSupport::Classify(const Graph& g, const Node& n) const {
  if (folded_[n.id]) return partitioner::NodeClass::kUnsupported;
  return base_.Classify(g, n);
}

bool FoldingSupport::CanAppend(const Graph& g, absl::Span<const graph::NodeId> chain,
                               const Node& next) const {
  return base_.CanAppend(g, chain, next);
}

}  // namespace wick::codegen::internal
