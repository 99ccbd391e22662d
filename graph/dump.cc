// Dump: the compact, line-per-node text form of a graph that Parse reads back
// (grammar at Dump() in graph/graph.h). Tests and pass pipelines compare this text.
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "graph/graph.h"
#include "graph/internal/dump_format.h"
#include "graph/internal/repr.h"
#include "tensor/print/print.h"

namespace wick::graph {
namespace internal {

std::string QuoteDumpString(absl::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default: out.push_back(c);
    }
  }
  out.push_back('"');
  return out;
}

absl::string_view StyleKeyword(CallStyle s) {
  switch (s) {
    case CallStyle::kOperator: return "op";
    case CallStyle::kFunction: return "fn";
    case CallStyle::kMethod: return "method";
  }
  return "fn";
}

}  // namespace internal

namespace {

std::string DumpRef(const Graph& g, ValueRef r) {
  if (r == kNoneRef) return "None";
  std::string s = absl::StrCat("%", r.node >= 0 && r.node < static_cast<NodeId>(g.nodes().size())
                                        ? g.node(r.node).name
                                        : absl::StrCat("?", r.node));
  if (r.index >= 0) absl::StrAppend(&s, ".", r.index);
  return s;
}

std::string DumpConstant(const tensor::Value& v) {
  if (v.is_string()) return internal::QuoteDumpString(v.to_string());
  if (v.is_double_list()) return absl::StrCat("float", internal::PyRepr(v));
  return internal::PyRepr(v);
}

std::string DumpArg(const Graph& g, const Arg& a) {
  if (a.is_literal()) return absl::StrCat("py", internal::QuoteDumpString(a.literal()));
  if (a.is_constant()) return DumpConstant(a.constant());
  if (a.is_sym()) return absl::StrCat("sym", internal::QuoteDumpString(internal::SymRepr(a.sym(), a.is_sym_list())));
  if (a.is_ref()) return DumpRef(g, a.ref());
  return absl::StrCat("{",
                      absl::StrJoin(a.refs(), ", ",
                                    [&](std::string* out, ValueRef r) {
                                      out->append(DumpRef(g, r));
                                    }),
                      "}");
}

std::string DumpArgs(const Graph& g, absl::Span<const Arg> args) {
  return absl::StrJoin(args, ", ", [&](std::string* out, const Arg& a) {
    out->append(DumpArg(g, a));
  });
}

std::string DumpMeta(const TensorMeta& m) {
  return absl::StrCat(m.Annotation(), m.requires_grad ? " requires_grad" : "");
}

std::string DumpAttrData(const tensor::Tensor& t) {
  std::vector<std::string> elems;
  elems.reserve(t.numel());
  for (int64_t i = 0; i < t.numel(); ++i) {
    elems.push_back(internal::PyRepr(tensor::Value(t.ElementAt(i))));
  }
  return absl::StrCat("[", absl::StrJoin(elems, ", "), "]");
}

std::string DumpCall(const Graph& g, const Node& n) {
  std::string s = absl::StrCat(n.op->full_name(), "(", DumpArgs(g, n.args), ")");
  const Spelling& sp = n.spelling;
  if (!sp.target.empty()) {
    std::string spelled = DumpArgs(g, sp.args);
    for (const auto& [key, a] : sp.kwargs) {
      absl::StrAppend(&spelled, spelled.empty() ? "" : ", ", key, "=", DumpArg(g, a));
    }
    absl::StrAppend(&s, " ~ ", internal::StyleKeyword(sp.style), " ", sp.target, "(",
                    spelled, ")");
  }
  const NodeOrigin& o = n.origin;
  if (!o.file.empty() || o.line != 0 || !o.function.empty() || !o.code.empty()) {
    absl::StrAppend(&s, " @ ", internal::QuoteDumpString(o.file), ":", o.line, " ",
                    internal::QuoteDumpString(o.function), " ",
                    internal::QuoteDumpString(o.code));
  }
  if (!n.meta.empty()) {
    absl::StrAppend(&s, "  # ", absl::StrJoin(n.meta, ", ", [](std::string* out, const TensorMeta& m) {
                      out->append(DumpMeta(m));
                    }));
  }
  return s;
}

std::string DumpNode(const Graph& g, const Node& n) {
  switch (n.kind) {
    case NodeKind::kPlaceholder:
      return absl::StrCat("%", n.name, " = placeholder ", n.target, " ",
                          internal::QuoteDumpString(n.source), " : ",
                          n.meta.empty() ? "?" : DumpMeta(n.meta[0]));
    case NodeKind::kGetAttr:
      return absl::StrCat("%", n.name, " = get_attr ", n.target, " : ",
                          DumpMeta(TensorMeta::Of(n.attr)), " = ", DumpAttrData(n.attr));
    case NodeKind::kCall:
      if (n.op == nullptr) return absl::StrCat("%", n.name, " = <erased>");
      return absl::StrCat("%", n.name, " = ", DumpCall(g, n));
    case NodeKind::kOutput:
      return absl::StrCat("return ", absl::StrJoin(n.outputs, ", ",
                                                   [&](std::string* out, ValueRef r) {
                                                     out->append(DumpRef(g, r));
                                                   }));
  }
  return "?";
}

}  // namespace

std::string Dump(const Graph& g) {
  std::string s = absl::StrCat("graph ", g.name().empty() ? "_" : g.name(), " {\n");
  for (const Node& n : g.nodes()) absl::StrAppend(&s, "  ", DumpNode(g, n), "\n");
  s += "}\n";
  return s;
}

}  // namespace wick::graph
