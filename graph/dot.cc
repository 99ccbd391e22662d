// Graphviz .dot text of a graph (graph.h ToDot).
#include <string>

#include "absl/strings/str_cat.h"
#include "graph/graph.h"

namespace wick::graph {
namespace {

// A DOT double-quoted string.
std::string Quote(absl::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out.push_back('\\');
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out.push_back(c);
  }
  return out + "\"";
}

}  // namespace

std::string ToDot(const Graph& g) {
  std::string out = absl::StrCat("digraph ", Quote(g.name()), " {\n  rankdir=TB;\n",
                                 "  node [shape=box, fontname=\"monospace\", fontsize=10];\n");
  for (const Node& n : g.nodes()) {
    std::string label = n.name;
    std::string shape = "box";
    switch (n.kind) {
      case NodeKind::kPlaceholder:
        absl::StrAppend(&label, "\n", n.source);
        shape = "ellipse";
        break;
      case NodeKind::kGetAttr:
        absl::StrAppend(&label, "\nget_attr ", n.target);
        shape = "component";
        break;
      case NodeKind::kCall:
        absl::StrAppend(&label, "\n", n.spelling.target.empty() ? n.op->full_name()
                                                               : n.spelling.target);
        break;
      case NodeKind::kOutput:
        shape = "doubleoctagon";
        break;
    }
    if (n.meta.size() == 1) absl::StrAppend(&label, "\n", n.meta[0].Annotation());
    absl::StrAppend(&out, "  n", n.id, " [label=", Quote(label), ", shape=", shape, "];\n");
    auto edge = [&](const ValueRef& r) {
      if (r.node >= 0) absl::StrAppend(&out, "  n", r.node, " -> n", n.id, ";\n");
    };
    for (const Arg& a : n.args) {
      for (const ValueRef& r : a.refs()) edge(r);
    }
    for (const ValueRef& r : n.outputs) edge(r);
  }
  return out + "}\n";
}

}  // namespace wick::graph
