// The graph verifier: the structural invariants every pass and backend may rely on.
// Failures are our bugs (InternalError), named by node.
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "base/status_macros.h"
#include "graph/graph.h"

namespace wick::graph {
namespace {

absl::Status Fail(const Node& n, absl::string_view what) {
  return absl::InternalError(
      absl::StrCat("graph verifier: node %", n.id, " (", n.name, "): ", what));
}

bool ProducesValue(const Node& n) {
  return n.kind == NodeKind::kPlaceholder || n.kind == NodeKind::kGetAttr ||
         n.kind == NodeKind::kCall;
}

// A reference from node `user` must point backwards to a value-producing node and,
// with an index, to an element that exists.
absl::Status CheckRef(const Graph& g, const Node& user, ValueRef r, bool none_ok) {
  if (r == kNoneRef) {
    if (none_ok) return absl::OkStatus();
    return Fail(user, "None where a tensor reference is required");
  }
  if (r.node < 0 || r.node >= user.id) {
    return Fail(user, absl::StrCat("reference to %", r.node, " is not an earlier node"));
  }
  const Node& src = g.node(r.node);
  if (!ProducesValue(src)) {
    return Fail(user, absl::StrCat("reference to %", r.node, " which produces no value"));
  }
  if (r.index >= 0 && r.index >= static_cast<int32_t>(src.meta.size())) {
    return Fail(user, absl::StrCat("reference to element ", r.index, " of %", r.node,
                                   " which has ", src.meta.size()));
  }
  return absl::OkStatus();
}

absl::Status CheckCall(const Graph& g, const Node& n) {
  if (n.op == nullptr) return Fail(n, "call node without an op");
  const auto& params = n.op->schema.arguments;
  if (n.args.size() != params.size()) {
    return Fail(n, absl::StrCat(n.args.size(), " bound arguments for ", n.op->full_name(),
                                " which takes ", params.size()));
  }
  for (size_t i = 0; i < params.size(); ++i) {
    const Arg& a = n.args[i];
    const tensor::ArgType& t = params[i].type;
    const bool tensor_slot = t.base == tensor::ArgType::Base::kTensor;
    if (a.is_ref() && (!tensor_slot || t.list)) {
      return Fail(n, absl::StrCat("argument '", params[i].name, "' is not a Tensor slot"));
    }
    if (a.is_ref_list() && (!tensor_slot || !t.list)) {
      return Fail(n, absl::StrCat("argument '", params[i].name, "' is not a Tensor[] slot"));
    }
    if (a.is_literal()) {
      return Fail(n, absl::StrCat("spelling-only literal as argument '", params[i].name, "'"));
    }
    if (a.is_constant() && a.constant().is_tensor()) {
      return Fail(n, "tensor constant inline (constants must be get_attr nodes)");
    }
    for (ValueRef r : a.refs()) RETURN_IF_ERROR(CheckRef(g, n, r, t.optional_elements));
  }
  auto check_spelled = [&](const Arg& a) -> absl::Status {
    for (ValueRef r : a.refs()) RETURN_IF_ERROR(CheckRef(g, n, r, true));
    return absl::OkStatus();
  };
  for (const Arg& a : n.spelling.args) RETURN_IF_ERROR(check_spelled(a));
  for (const auto& [name, a] : n.spelling.kwargs) RETURN_IF_ERROR(check_spelled(a));
  return absl::OkStatus();
}

absl::Status CheckNode(const Graph& g, const Node& n, bool* seen_non_placeholder) {
  switch (n.kind) {
    case NodeKind::kPlaceholder:
      if (*seen_non_placeholder) return Fail(n, "placeholder after a non-placeholder node");
      if (n.meta.size() != 1) return Fail(n, "placeholder without tensor metadata");
      return absl::OkStatus();
    case NodeKind::kGetAttr:
      *seen_non_placeholder = true;
      if (!n.attr.defined()) return Fail(n, "get_attr without a tensor");
      return absl::OkStatus();
    case NodeKind::kCall:
      *seen_non_placeholder = true;
      return CheckCall(g, n);
    case NodeKind::kOutput:
      *seen_non_placeholder = true;
      if (n.id != static_cast<NodeId>(g.nodes().size()) - 1) {
        return Fail(n, "output node is not last");
      }
      for (ValueRef r : n.outputs) RETURN_IF_ERROR(CheckRef(g, n, r, false));
      return absl::OkStatus();
  }
  return Fail(n, "unknown node kind");
}

}  // namespace

absl::Status Verify(const Graph& g) {
  if (g.nodes().empty() || g.nodes().back().kind != NodeKind::kOutput) {
    return absl::InternalError("graph verifier: the last node must be the output");
  }
  absl::flat_hash_set<absl::string_view> names;
  absl::flat_hash_set<absl::string_view> params;  // forward()'s parameter names
  bool seen_non_placeholder = false;
  for (size_t i = 0; i < g.nodes().size(); ++i) {
    const Node& n = g.nodes()[i];
    if (n.id != static_cast<NodeId>(i)) {
      return absl::InternalError(absl::StrCat("graph verifier: node at position ", i,
                                              " (", n.name, ") has id ", n.id));
    }
    if (n.name.empty()) return Fail(n, "empty name");
    if (!names.insert(n.name).second) return Fail(n, "duplicate name");
    if (n.kind == NodeKind::kPlaceholder && (n.target.empty() || !params.insert(n.target).second)) {
      return Fail(n, absl::StrCat("placeholder target '", n.target, "' empty or repeated"));
    }
    RETURN_IF_ERROR(CheckNode(g, n, &seen_non_placeholder));
  }
  return absl::OkStatus();
}

}  // namespace wick::graph
