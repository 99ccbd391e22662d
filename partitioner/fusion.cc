// GroupFusible: greedy chain growth over single-consumer values. See fusion.h.
#include "partitioner/fusion.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace wick::partitioner {
namespace {

using graph::Arg;
using graph::Graph;
using graph::Node;
using graph::NodeId;
using graph::NodeKind;
using graph::ValueRef;

// For every node, the distinct nodes that read its value (in node order), and whether
// the graph returns it.
struct Uses {
  std::vector<std::vector<NodeId>> consumers;
  std::vector<bool> returned;
};

Uses CollectUses(const Graph& g) {
  Uses u;
  u.consumers.resize(g.nodes().size());
  u.returned.resize(g.nodes().size(), false);
  for (const Node& n : g.nodes()) {
    auto add = [&](ValueRef r) {
      if (r.node < 0) return;
      std::vector<NodeId>& c = u.consumers[r.node];
      if (c.empty() || c.back() != n.id) c.push_back(n.id);
    };
    for (const Arg& a : n.args) {
      for (ValueRef r : a.refs()) add(r);
    }
    for (ValueRef r : n.outputs) {
      if (r.node >= 0) u.returned[r.node] = true;
    }
  }
  return u;
}

// Ops that write an argument (`add_`, `out=`): a chain never grows across one, since the
// chain runs at its last node's position and must read what its first node read.
bool WritesAnArgument(const Node& n) {
  if (n.kind != NodeKind::kCall || n.op == nullptr) return false;
  const auto& args = n.op->schema.arguments;
  return std::any_of(args.begin(), args.end(), [](const auto& a) { return a.is_write; });
}

// The node `last` can hand its value to, if the chain may grow through it.
NodeId SoleConsumer(const Uses& u, NodeId last) {
  if (u.returned[last] || u.consumers[last].size() != 1) return -1;
  return u.consumers[last][0];
}

}  // namespace

absl::string_view PartitionKindName(PartitionKind k) {
  switch (k) {
    case PartitionKind::kMatmul: return "matmul";
    case PartitionKind::kPointwise: return "pointwise";
    case PartitionKind::kSingle: return "single";
    case PartitionKind::kFallback: return "fallback";
  }
  return "?";
}

std::vector<Partition> GroupFusible(const Graph& g, const BackendSupport& support) {
  const Uses uses = CollectUses(g);
  // writes_before[i]: how many argument-writing nodes precede node i.
  std::vector<int> writes_before(g.nodes().size() + 1, 0);
  for (const Node& n : g.nodes()) {
    writes_before[n.id + 1] = writes_before[n.id] + (WritesAnArgument(n) ? 1 : 0);
  }
  std::vector<bool> taken(g.nodes().size(), false);
  std::vector<Partition> parts;
  for (const Node& n : g.nodes()) {
    if (n.kind != NodeKind::kCall || taken[n.id]) continue;
    Partition p;
    p.nodes.push_back(n.id);
    taken[n.id] = true;
    const NodeClass cls = support.Classify(g, n);
    switch (cls) {
      case NodeClass::kUnsupported: p.kind = PartitionKind::kFallback; break;
      case NodeClass::kOpaque: p.kind = PartitionKind::kSingle; break;
      case NodeClass::kMatmul: p.kind = PartitionKind::kMatmul; break;
      case NodeClass::kPointwise: p.kind = PartitionKind::kPointwise; break;
    }
    if (cls == NodeClass::kMatmul || cls == NodeClass::kPointwise ||
        (cls == NodeClass::kOpaque && support.TakesEpilogue(g, n))) {
      while (static_cast<int>(p.nodes.size()) <= support.MaxPostOps()) {
        const NodeId next = SoleConsumer(uses, p.result());
        if (next < 0 || taken[next]) break;
        const Node& nn = g.node(next);
        if (nn.kind != NodeKind::kCall || writes_before[next] != writes_before[n.id + 1] ||
            support.Classify(g, nn) != NodeClass::kPointwise ||
            !support.CanAppend(g, p.nodes, nn)) {
          break;
        }
        p.nodes.push_back(next);
        taken[next] = true;
      }
    }
    parts.push_back(std::move(p));
  }
  // Partitions run at their result's position.
  std::stable_sort(parts.begin(), parts.end(), [](const Partition& a, const Partition& b) {
    return a.result() < b.result();
  });
  return parts;
}

std::string PrintPartitions(const Graph& g, absl::Span<const Partition> parts) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    absl::StrAppend(&out, "partition ", i, " ", PartitionKindName(parts[i].kind), ": ",
                    absl::StrJoin(parts[i].nodes, " -> ",
                                  [&](std::string* s, NodeId id) {
                                    absl::StrAppend(s, "%", g.node(id).name);
                                  }),
                    "\n");
  }
  return out;
}

}  // namespace wick::partitioner
