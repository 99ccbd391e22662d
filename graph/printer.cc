// The FX-style printers: PythonCode (gm.code), PrintReadable (gm.print_readable with
// strides and devices: the `graph_code` artifact) and PrintTabular (the `graph`
// artifact). They follow torch/fx/graph.py `CodeGen._gen_python_code`,
// torch/fx/graph_module.py `_print_readable` and `Graph.print_tabular`.
#include <algorithm>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "graph/graph.h"
#include "graph/internal/repr.h"

namespace wick::graph {
namespace {

// FX's `magic_methods` (reflectable ones included) and `inplace_methods` templates,
// keyed by the `operator` function name; "{}" are the arguments in order.
absl::string_view MagicTemplate(absl::string_view fn) {
  static const auto* table = new absl::flat_hash_map<absl::string_view, absl::string_view>{
      {"add", "{} + {}"},   {"sub", "{} - {}"},      {"mul", "{} * {}"},
      {"floordiv", "{} // {}"}, {"truediv", "{} / {}"}, {"div", "{} / {}"},
      {"mod", "{} % {}"},   {"pow", "{} ** {}"},     {"lshift", "{} << {}"},
      {"rshift", "{} >> {}"}, {"and_", "{} & {}"},   {"or_", "{} | {}"},
      {"xor", "{} ^ {}"},   {"getitem", "{}[{}]"},   {"matmul", "{} @ {}"},
      {"eq", "{} == {}"},   {"ne", "{} != {}"},      {"lt", "{} < {}"},
      {"gt", "{} > {}"},    {"le", "{} <= {}"},      {"ge", "{} >= {}"},
      {"pos", "+{}"},       {"neg", "-{}"},          {"invert", "~{}"}};
  auto it = table->find(fn);
  return it == table->end() ? absl::string_view() : it->second;
}

absl::string_view InplaceTemplate(absl::string_view fn) {
  static const auto* table = new absl::flat_hash_map<absl::string_view, absl::string_view>{
      {"iadd", "{} += {}"},   {"iand", "{} &= {}"},     {"ifloordiv", "{} //= {}"},
      {"ilshift", "{} <<= {}"}, {"imod", "{} %= {}"},   {"imul", "{} *= {}"},
      {"imatmul", "{} @= {}"}, {"ior", "{} |= {}"},     {"ipow", "{} **= {}"},
      {"irshift", "{} >>= {}"}, {"isub", "{} -= {}"},   {"itruediv", "{} /= {}"},
      {"ixor", "{} ^= {}"},   {"setitem", "{}[{}] = {}"}};
  auto it = table->find(fn);
  return it == table->end() ? absl::string_view() : it->second;
}

std::string Fill(absl::string_view tmpl, const std::vector<std::string>& args) {
  std::string out;
  size_t next = 0;
  for (size_t i = 0; i < tmpl.size(); ++i) {
    if (tmpl[i] == '{' && i + 1 < tmpl.size() && tmpl[i + 1] == '}') {
      out += next < args.size() ? args[next] : "";
      ++next;
      ++i;
    } else {
      out.push_back(tmpl[i]);
    }
  }
  return out;
}

// FX's `_format_target(base, target)`: `self.a.b`, getattr() for non-identifiers.
std::string FormatTarget(absl::string_view base, absl::string_view target) {
  std::string r(base);
  for (absl::string_view part : absl::StrSplit(target, '.')) {
    bool ident = !part.empty() && !absl::ascii_isdigit(part[0]);
    for (char c : part) ident &= absl::ascii_isalnum(c) || c == '_';
    r = ident ? absl::StrCat(r, ".", part) : absl::StrCat("getattr(", r, ", \"", part, "\")");
  }
  return r;
}

class CodeWriter {
 public:
  CodeWriter(const Graph& g, bool verbose) : g_(g), verbose_(verbose) { ComputeLastUses(); }

  // The `src` of FX's PythonCode: "\n\n\ndef forward(self, ...):\n    ...".
  std::string Src();

 private:
  std::vector<NodeId> InputsOf(const Node& n) const;
  void ComputeLastUses();
  std::string RefRepr(ValueRef r) const;
  std::string ArgRepr(const Arg& a) const;
  std::string FormatArgs(absl::Span<const Arg> args,
                         absl::Span<const std::pair<std::string, Arg>> kwargs) const;
  std::string TypeAnnotation(const Node& n) const;
  std::string CallExpr(const Node& n, const std::string& lhs) const;
  void AppendOrigin(const Node& n);
  void EmitNode(const Node& n);
  void DeleteUnused(const Node& n);

  const Graph& g_;
  const bool verbose_;
  std::vector<std::string> free_vars_;
  std::string body_;
  std::string prev_summary_;
  std::vector<std::vector<NodeId>> last_uses_;  // per user: values whose last use it is
  std::vector<int> num_users_;
};

std::vector<NodeId> CodeWriter::InputsOf(const Node& n) const {
  std::vector<NodeId> ids;
  auto add = [&](ValueRef r) {
    if (r.node >= 0 && std::find(ids.begin(), ids.end(), r.node) == ids.end()) {
      ids.push_back(r.node);
    }
  };
  if (n.kind == NodeKind::kOutput) {
    for (ValueRef r : n.outputs) add(r);
  } else if (n.kind == NodeKind::kCall) {
    for (const Arg& a : n.spelling.args) for (ValueRef r : a.refs()) add(r);
    for (const auto& [k, a] : n.spelling.kwargs) for (ValueRef r : a.refs()) add(r);
  }
  return ids;
}

void CodeWriter::ComputeLastUses() {
  const size_t size = g_.nodes().size();
  last_uses_.assign(size, {});
  num_users_.assign(size, 0);
  std::vector<bool> seen(size, false);
  for (auto it = g_.nodes().rbegin(); it != g_.nodes().rend(); ++it) {
    for (NodeId in : InputsOf(*it)) {
      ++num_users_[in];
      if (!seen[in]) {
        seen[in] = true;
        last_uses_[it->id].push_back(in);
      }
    }
  }
}

std::string CodeWriter::RefRepr(ValueRef r) const {
  if (r == kNoneRef) return "None";
  std::string s = g_.node(r.node).name;
  if (r.index >= 0) absl::StrAppend(&s, "[", r.index, "]");
  return s;
}

// How generated code names symbol `id`: a size symbol is a parameter of its own
// ("s0"); a symbolic int input is its placeholder's variable ("l_n_").
sym::SymbolNamer CodeNamer(const Graph& g) {
  return [&g](int32_t id) {
    const auto& symbols = g.symbols();
    if (id < 0 || id >= static_cast<int32_t>(symbols.size())) return absl::StrCat("s?", id);
    const SymbolInfo& s = symbols[id];
    if (s.dim < 0 && s.placeholder >= 0) return g.node(s.placeholder).name;
    return s.name;
  };
}

std::string CodeWriter::ArgRepr(const Arg& a) const {
  if (a.is_literal()) return a.literal();
  if (a.is_constant()) return internal::PyRepr(a.constant());
  if (a.is_sym()) return internal::SymRepr(a.sym(), a.is_sym_list(), CodeNamer(g_));
  if (a.is_ref()) return RefRepr(a.ref());
  return absl::StrCat("[", absl::StrJoin(a.refs(), ", ", [&](std::string* out, ValueRef r) {
                        out->append(RefRepr(r));
                      }), "]");
}

std::string CodeWriter::FormatArgs(absl::Span<const Arg> args,
                                   absl::Span<const std::pair<std::string, Arg>> kwargs) const {
  std::vector<std::string> parts;
  for (const Arg& a : args) parts.push_back(ArgRepr(a));
  for (const auto& [k, a] : kwargs) parts.push_back(absl::StrCat(k, " = ", ArgRepr(a)));
  return absl::StrJoin(parts, ", ");
}

// Verbose mode writes `: "f32[4, 3][3, 1]cpu"` for single-tensor values; tuples and
// None get nothing (FX annotates only when the example value is a tensor).
std::string CodeWriter::TypeAnnotation(const Node& n) const {
  if (n.kind == NodeKind::kPlaceholder) {
    for (const SymbolInfo& s : g_.symbols()) {  // a symbolic int input
      if (s.placeholder == n.id && s.dim < 0) {
        return verbose_ ? absl::StrCat(": \"Sym(", s.name, ")\"") : " : torch.SymInt";
      }
    }
  }
  if (n.kind == NodeKind::kPlaceholder && !verbose_) return " : torch.Tensor";
  if (!verbose_ || n.meta.size() != 1) return "";
  if (n.kind == NodeKind::kCall) {
    const auto& rets = n.op->schema.returns;
    if (rets.size() != 1 || rets[0].type.list) return "";
  }
  return absl::StrCat(": \"", n.meta[0].Annotation(), "\"");
}

std::string CodeWriter::CallExpr(const Node& n, const std::string& lhs) const {
  const Spelling& sp = n.spelling;
  if (sp.style == CallStyle::kMethod && !sp.args.empty()) {
    return absl::StrCat(lhs, " = ", FormatTarget(ArgRepr(sp.args[0]), sp.target), "(",
                        FormatArgs(absl::MakeConstSpan(sp.args).subspan(1), sp.kwargs), ")");
  }
  if (sp.style == CallStyle::kOperator && absl::StartsWith(sp.target, "operator.")) {
    absl::string_view fn = absl::string_view(sp.target).substr(9);
    std::vector<std::string> reprs;
    for (const Arg& a : sp.args) reprs.push_back(ArgRepr(a));
    if (absl::string_view t = MagicTemplate(fn); !t.empty() && sp.kwargs.empty()) {
      return absl::StrCat(lhs, " = ", Fill(t, reprs));
    }
    if (absl::string_view t = InplaceTemplate(fn); !t.empty() && !reprs.empty()) {
      return absl::StrCat(Fill(t, reprs), ";  ", lhs, " = ", reprs[0]);
    }
  }
  const std::string& target = sp.target.empty() ? n.op->name() : sp.target;
  return absl::StrCat(lhs, " = ", target, "(", FormatArgs(sp.args, sp.kwargs), ")");
}

// FX's `append_stacktrace_summary`: a `# File: ...` line whenever it changes.
void CodeWriter::AppendOrigin(const Node& n) {
  const NodeOrigin& o = n.origin;
  const std::string text =
      o.file.empty() ? "No stacktrace found for following nodes"
                     : absl::StrCat("File: ", o.file, ":", o.line, " in ", o.function,
                                    ", code: ", o.code);
  std::string summary = absl::StrCat("\n# ", text, "\n");
  if (summary != prev_summary_) {
    body_ += summary;
    prev_summary_ = std::move(summary);
  }
}

void CodeWriter::EmitNode(const Node& n) {
  const std::string lhs = absl::StrCat(n.name, TypeAnnotation(n));
  switch (n.kind) {
    case NodeKind::kPlaceholder:
      // Upstream passes each size symbol as an input of its own, before the tensor.
      for (const SymbolInfo& s : g_.symbols()) {
        if (s.placeholder == n.id && s.dim >= 0) {
          free_vars_.push_back(verbose_ ? absl::StrCat(s.name, ": \"Sym(", s.name, ")\"")
                                        : absl::StrCat(s.name, " : torch.SymInt"));
        }
      }
      free_vars_.push_back(absl::StrCat(n.target, TypeAnnotation(n)));
      if (n.target != n.name) absl::StrAppend(&body_, n.name, " = ", n.target, "\n");
      return;
    case NodeKind::kGetAttr:
      absl::StrAppend(&body_, lhs, " = ", FormatTarget("self", n.target));
      return;
    case NodeKind::kCall:
      body_ += CallExpr(n, lhs);
      return;
    case NodeKind::kOutput: {
      std::vector<std::string> outs;
      for (ValueRef r : n.outputs) outs.push_back(RefRepr(r));
      absl::StrAppend(&body_, "return (", absl::StrJoin(outs, ", "),
                      outs.size() == 1 ? ",)" : ")");
      return;
    }
  }
}

// FX's `delete_unused_values`: `;  a = b = None` after a value's last use.
void CodeWriter::DeleteUnused(const Node& n) {
  if (n.kind == NodeKind::kPlaceholder) return;
  if (n.kind == NodeKind::kOutput) {
    body_ += "\n";
    return;
  }
  std::vector<std::string> names;
  for (NodeId id : last_uses_[n.id]) names.push_back(g_.node(id).name);
  if (num_users_[n.id] == 0) names.push_back(n.name);
  if (names.empty()) {
    body_ += "\n";
  } else {
    absl::StrAppend(&body_, ";  ", absl::StrJoin(names, " = "), " = None\n");
  }
}

std::string CodeWriter::Src() {
  for (const Node& n : g_.nodes()) {
    if (verbose_ && n.kind != NodeKind::kPlaceholder && n.kind != NodeKind::kOutput) {
      AppendOrigin(n);
    }
    EmitNode(n);
    DeleteUnused(n);
  }
  if (body_.empty()) body_ = "pass\n";
  absl::string_view code = body_;
  while (absl::ConsumePrefix(&code, "\n")) {
  }
  std::vector<std::string> lines;
  for (absl::string_view line : absl::StrSplit(code, '\n')) {
    lines.push_back(absl::StrCat("    ", line));
  }
  free_vars_.insert(free_vars_.begin(), "self");
  return absl::StrCat("\n\n\ndef forward(", absl::StrJoin(free_vars_, ", "), "):\n",
                      absl::StrJoin(lines, "\n"));
}

// torch.nn.modules.module._addindent: every line but the first gets `n` spaces.
std::string AddIndent(absl::string_view s, int n) {
  std::vector<absl::string_view> lines = absl::StrSplit(s, '\n');
  if (lines.size() == 1) return std::string(s);
  std::string out(lines[0]);
  const std::string pad(n, ' ');
  for (size_t i = 1; i < lines.size(); ++i) absl::StrAppend(&out, "\n", pad, lines[i]);
  return out;
}

}  // namespace

std::string PythonCode(const Graph& g) { return CodeWriter(g, /*verbose=*/false).Src(); }

std::string PrintReadable(const Graph& g) {
  absl::string_view src;
  std::string code = CodeWriter(g, /*verbose=*/true).Src();
  src = code;
  while (absl::ConsumePrefix(&src, "\n")) {
  }
  return AddIndent(absl::StrCat("class GraphModule(torch.nn.Module):\n", src), 4);
}

}  // namespace wick::graph

namespace wick::graph {
namespace {

// str(node.target) for a call: what print_tabular shows. Upstream prints object
// addresses (`<built-in method sin of type object at 0x7f...>`); wick leaves the
// address out so that the text depends only on the program.
std::string TabularTarget(const Node& n) {
  const std::string& t = n.spelling.target.empty() ? n.op->name() : n.spelling.target;
  const size_t dot = t.rfind('.');
  const std::string last = dot == std::string::npos ? t : t.substr(dot + 1);
  switch (n.spelling.style) {
    case CallStyle::kMethod: return t;
    case CallStyle::kOperator: return absl::StrCat("<built-in function ", last, ">");
    case CallStyle::kFunction:
      if (absl::StartsWith(t, "torch.nn.functional.")) return absl::StrCat("<function ", last, ">");
      return absl::StrCat("<built-in method ", last, " of type object>");
  }
  return t;
}

std::string TabularRef(const Graph& g, ValueRef r) {
  if (r == kNoneRef) return "None";
  std::string s = g.node(r.node).name;
  if (r.index >= 0) absl::StrAppend(&s, "[", r.index, "]");
  return s;
}

std::string TabularArg(const Graph& g, const Arg& a) {
  if (a.is_literal()) return a.literal();
  if (a.is_constant()) return internal::PyRepr(a.constant());
  if (a.is_sym()) return internal::SymRepr(a.sym(), a.is_sym_list(), CodeNamer(g));
  if (a.is_ref()) return TabularRef(g, a.ref());
  return absl::StrCat("[", absl::StrJoin(a.refs(), ", ", [&](std::string* out, ValueRef r) {
                        out->append(TabularRef(g, r));
                      }), "]");
}

std::string TupleRepr(const std::vector<std::string>& items) {
  if (items.size() == 1) return absl::StrCat("(", items[0], ",)");
  return absl::StrCat("(", absl::StrJoin(items, ", "), ")");
}

std::vector<std::string> TabularRow(const Graph& g, const Node& n) {
  switch (n.kind) {
    case NodeKind::kPlaceholder:
      return {"placeholder", n.name, n.target, "()", "{}"};
    case NodeKind::kGetAttr:
      return {"get_attr", n.name, n.target, "()", "{}"};
    case NodeKind::kOutput: {
      std::vector<std::string> outs;
      for (ValueRef r : n.outputs) outs.push_back(TabularRef(g, r));
      return {"output", n.name, "output", TupleRepr({TupleRepr(outs)}), "{}"};
    }
    case NodeKind::kCall:
      break;
  }
  std::vector<std::string> args;
  for (const Arg& a : n.spelling.args) args.push_back(TabularArg(g, a));
  std::vector<std::string> kwargs;
  for (const auto& [k, a] : n.spelling.kwargs) {
    kwargs.push_back(absl::StrCat(internal::PyStringRepr(k), ": ", TabularArg(g, a)));
  }
  return {n.spelling.style == CallStyle::kMethod ? "call_method" : "call_function", n.name,
          TabularTarget(n), TupleRepr(args), absl::StrCat("{", absl::StrJoin(kwargs, ", "), "}")};
}

// tabulate(rows, headers, tablefmt="simple"): columns left-aligned, at least two wider
// than their header, two spaces apart, trailing blanks stripped.
std::string Tabulate(const std::vector<std::string>& headers,
                     const std::vector<std::vector<std::string>>& rows) {
  std::vector<size_t> width(headers.size());
  for (size_t c = 0; c < headers.size(); ++c) {
    width[c] = headers[c].size() + 2;
    for (const auto& row : rows) width[c] = std::max(width[c], row[c].size());
  }
  auto line = [&](const std::vector<std::string>& cells) {
    std::string s;
    for (size_t c = 0; c < cells.size(); ++c) {
      if (c > 0) s += "  ";
      s += cells[c];
      s.append(width[c] - cells[c].size(), ' ');
    }
    while (!s.empty() && s.back() == ' ') s.pop_back();
    return s;
  };
  std::vector<std::string> dashes;
  for (size_t w : width) dashes.push_back(std::string(w, '-'));
  std::vector<std::string> lines = {line(headers), line(dashes)};
  for (const auto& row : rows) lines.push_back(line(row));
  return absl::StrJoin(lines, "\n");
}

}  // namespace

std::string GraphSizes(const Graph& g) {
  std::string s = absl::StrCat("TRACED GRAPH TENSOR SIZES\n===== ", g.name(), " =====\n");
  for (const Node& n : g.nodes()) {
    if (n.kind == NodeKind::kOutput || n.meta.size() != 1) continue;
    if (n.kind == NodeKind::kCall &&
        (n.op->schema.returns.size() != 1 || n.op->schema.returns[0].type.list)) {
      continue;
    }
    // A symbolic int input is a SymInt upstream, not a tensor: not listed.
    bool int_input = false;
    for (const SymbolInfo& sy : g.symbols()) int_input |= sy.placeholder == n.id && sy.dim < 0;
    if (int_input) continue;
    const TensorMeta& m = n.meta[0];
    auto tuple = [](const std::vector<std::string>& xs) {
      return absl::StrCat("(", absl::StrJoin(xs, ", "), xs.size() == 1 ? ",)" : ")");
    };
    std::vector<std::string> concrete;
    for (int64_t x : m.sizes) concrete.push_back(absl::StrCat(x));
    if (!m.is_dynamic()) {
      absl::StrAppend(&s, n.name, ": ", tuple(concrete), "\n");
      continue;
    }
    // The symbolic sizes, then the values they had while tracing.
    std::vector<std::string> symbolic;
    for (const sym::ExprPtr& e : m.sym_sizes) symbolic.push_back(sym::ToString(*e));
    absl::StrAppend(&s, n.name, ": ", tuple(symbolic), "\n", n.name, " (concrete): ",
                    tuple(concrete), "\n");
  }
  return s;
}

std::string PrintTabular(const Graph& g) {
  std::vector<std::vector<std::string>> rows;
  for (const Node& n : g.nodes()) rows.push_back(TabularRow(g, n));
  return Tabulate({"opcode", "name", "target", "args", "kwargs"}, rows);
}

}  // namespace wick::graph
