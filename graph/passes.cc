// Dead-code and common-subexpression elimination over graph::Graph, and the pass runner.
#include "graph/passes.h"

#include <algorithm>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "base/status_macros.h"

namespace wick::graph {
namespace {

bool WritesAnArgument(const tensor::OpDef& op) {
  return std::any_of(op.schema.arguments.begin(), op.schema.arguments.end(),
                     [](const tensor::Argument& a) { return a.is_write; });
}

// Calls on every reference a node holds (bound args, spelling, outputs).
template <typename Fn>
void ForEachRef(Node& n, Fn&& fn) {
  for (Arg& a : n.args) for (ValueRef& r : a.mutable_refs()) fn(r);
  for (Arg& a : n.spelling.args) for (ValueRef& r : a.mutable_refs()) fn(r);
  for (auto& [k, a] : n.spelling.kwargs) for (ValueRef& r : a.mutable_refs()) fn(r);
  for (ValueRef& r : n.outputs) fn(r);
}

bool HasSideEffects(const tensor::OpDef& op) {
  return WritesAnArgument(op) || op.flags.random || op.schema.returns.empty();
}

}  // namespace

absl::StatusOr<bool> RunPasses(Graph& g, absl::Span<const NamedPass> passes) {
  bool any = false;
  for (const NamedPass& p : passes) {
    ASSIGN_OR_RETURN(bool changed, p.pass(g));
    if (!changed) continue;
    any = true;
    if (absl::Status s = Verify(g); !s.ok()) {
      return absl::InternalError(absl::StrCat("after pass ", p.name, ": ", s.message()));
    }
  }
  return any;
}

absl::StatusOr<bool> DeadCodeElimination(Graph& g) {
  std::vector<Node>& nodes = g.mutable_nodes();
  std::vector<int> users(nodes.size(), 0);
  for (Node& n : nodes) {
    ForEachRef(n, [&](ValueRef& r) {
      if (r.node >= 0) ++users[r.node];
    });
  }
  bool changed = false;
  for (auto it = nodes.rbegin(); it != nodes.rend(); ++it) {
    Node& n = *it;
    if (n.kind != NodeKind::kCall || n.op == nullptr || users[n.id] > 0) continue;
    if (HasSideEffects(*n.op)) continue;
    ForEachRef(n, [&](ValueRef& r) {
      if (r.node >= 0) --users[r.node];
    });
    n.op = nullptr;
    changed = true;
  }
  if (changed) g.Compact();
  return changed;
}

absl::StatusOr<bool> CommonSubexpressionElimination(Graph& g) {
  std::vector<Node>& nodes = g.mutable_nodes();
  // replacement[j] = i: node j computes what node i already did.
  std::vector<NodeId> replacement(nodes.size(), -1);
  // Only looked up, never iterated, so pointer keys keep the pass deterministic.
  absl::flat_hash_map<const tensor::OpDef*, std::vector<NodeId>> available;
  bool changed = false;
  for (Node& n : nodes) {
    ForEachRef(n, [&](ValueRef& r) {
      if (r.node >= 0 && replacement[r.node] >= 0) r.node = replacement[r.node];
    });
    if (n.kind != NodeKind::kCall || n.op == nullptr) continue;
    if (WritesAnArgument(*n.op)) {
      available.clear();
      continue;
    }
    if (n.op->flags.random || n.op->schema.returns.empty()) continue;
    std::vector<NodeId>& same_op = available[n.op];
    auto match = std::find_if(same_op.begin(), same_op.end(),
                              [&](NodeId id) { return nodes[id].args == n.args; });
    if (match == same_op.end()) {
      same_op.push_back(n.id);
      continue;
    }
    replacement[n.id] = *match;
    n.op = nullptr;
    changed = true;
  }
  if (changed) g.Compact();
  return changed;
}

}  // namespace wick::graph
