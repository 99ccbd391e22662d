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

absl::StatusOr<Graph> Specialize(const Graph& g, absl::Span<const tensor::Tensor> inputs) {
  ASSIGN_OR_RETURN(std::vector<int64_t> values, g.BindSymbols(inputs));
  GraphBuilder b(g.name());
  std::vector<NodeId> new_id(g.nodes().size(), -1);
  auto remap = [&](Arg& a) {
    for (ValueRef& r : a.mutable_refs()) {
      if (!(r == kNoneRef)) r.node = new_id[r.node];
    }
  };
  auto fix = [&](Arg& a) {
    if (a.is_sym()) {
      std::vector<int64_t> ints;
      for (const sym::ExprPtr& e : a.sym()) ints.push_back(sym::Eval(*e, values));
      a = a.is_sym_list() ? Arg::Constant(tensor::Value(std::move(ints)))
                          : Arg::Constant(tensor::Value(ints[0]));
    }
    remap(a);
  };
  size_t next_input = 0;
  for (const Node& n : g.nodes()) {
    switch (n.kind) {
      case NodeKind::kPlaceholder: {
        if (next_input >= inputs.size()) return absl::InvalidArgumentError("too few inputs");
        TensorMeta meta = TensorMeta::Of(inputs[next_input++]);
        new_id[n.id] = b.AddPlaceholder(n.target, n.source, std::move(meta));
        break;
      }
      case NodeKind::kGetAttr:
        new_id[n.id] = b.AddGetAttr(n.target, n.attr, n.origin);
        break;
      case NodeKind::kCall: {
        std::vector<Arg> args = n.args;
        for (Arg& a : args) fix(a);
        Spelling sp = n.spelling;
        for (Arg& a : sp.args) fix(a);
        for (auto& [k, a] : sp.kwargs) fix(a);
        ASSIGN_OR_RETURN(new_id[n.id], b.AddCall(n.op, std::move(args), std::move(sp), n.origin));
        break;
      }
      case NodeKind::kOutput: {
        std::vector<ValueRef> outs = n.outputs;
        for (ValueRef& r : outs) r.node = new_id[r.node];
        b.SetOutput(std::move(outs));
        break;
      }
    }
  }
  return std::move(b).Finish();
}

}  // namespace wick::graph
