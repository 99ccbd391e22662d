// GraphBuilder: appends nodes in execution order, names them the way FX does and fills
// each call node's metadata by running the op's meta function (never its kernel).
#include "graph/graph.h"

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "base/status_macros.h"
#include "graph/internal/names.h"

namespace wick::graph {
namespace {

using tensor::Tensor;
using tensor::Value;

Tensor MetaTensor(const TensorMeta& m) {
  Tensor t = Tensor::MetaStrided(m.sizes, m.strides, m.dtype);
  t.set_requires_grad(m.requires_grad);
  return t;
}

// FX's `_target_to_str` for string targets (placeholders, attributes, methods).
std::string CandidateForName(absl::string_view target) {
  if (target.size() > 4 && absl::StartsWith(target, "__") && absl::EndsWith(target, "__")) {
    target = target.substr(2, target.size() - 4);
  }
  return internal::SnakeCase(target);
}

std::vector<TensorMeta> MetaOfResult(const Value& v) {
  std::vector<TensorMeta> metas;
  if (v.is_tensor()) {
    metas.push_back(TensorMeta::Of(v.to_tensor()));
  } else if (v.is_tensor_list()) {
    for (const Tensor& t : v.to_tensor_list()) metas.push_back(TensorMeta::Of(t));
  }
  return metas;
}

}  // namespace

GraphBuilder::GraphBuilder(std::string graph_name) { graph_.set_name(std::move(graph_name)); }

NodeId GraphBuilder::Append(Node n) {
  n.id = static_cast<NodeId>(nodes_.size());
  nodes_.push_back(std::move(n));
  return nodes_.back().id;
}

std::string GraphBuilder::UniqueName(absl::string_view candidate) {
  return internal::CreateName(candidate, used_names_, base_counts_);
}

NodeId GraphBuilder::AddPlaceholder(std::string target, std::string source, TensorMeta meta) {
  Node n;
  n.kind = NodeKind::kPlaceholder;
  n.name = UniqueName(CandidateForName(target));
  n.target = std::move(target);
  n.source = std::move(source);
  meta_values_.emplace_back(MetaTensor(meta));
  n.meta = {std::move(meta)};
  return Append(std::move(n));
}

NodeId GraphBuilder::AddGetAttr(std::string target, tensor::Tensor value, NodeOrigin origin) {
  Node n;
  n.kind = NodeKind::kGetAttr;
  n.name = UniqueName(CandidateForName(target));
  n.target = std::move(target);
  TensorMeta meta = TensorMeta::Of(value);
  meta_values_.emplace_back(MetaTensor(meta));
  n.meta = {std::move(meta)};
  n.attr = std::move(value);
  n.origin = std::move(origin);
  return Append(std::move(n));
}

absl::StatusOr<NodeId> GraphBuilder::AddCall(const tensor::OpDef* op,
                                             std::vector<Arg> bound_args, Spelling spelling,
                                             NodeOrigin origin) {
  if (op == nullptr) return absl::InternalError("GraphBuilder::AddCall: null op");
  if (!op->meta) {
    return absl::UnimplementedError(
        absl::StrCat("op ", op->full_name(), " has no meta function and cannot be traced"));
  }
  const NodeId size = static_cast<NodeId>(nodes_.size());
  for (const Arg& a : bound_args) {
    for (ValueRef r : a.refs()) {
      if (r == kNoneRef) continue;
      if (r.node < 0 || r.node >= size || nodes_[r.node].kind == NodeKind::kOutput) {
        return absl::InternalError(absl::StrCat(op->full_name(),
                                                ": argument refers to missing node %", r.node));
      }
    }
  }
  ASSIGN_OR_RETURN(std::vector<Value> values,
                   MaterializeArgs(
                       *op, bound_args,
                       [this](NodeId id) -> const Value& { return meta_values_[id]; }, hints_));
  ASSIGN_OR_RETURN(Value result, op->meta(tensor::OpArgs(values)));
  Node n;
  n.kind = NodeKind::kCall;
  n.name = UniqueName(internal::CandidateForTarget(
      spelling.target.empty() ? op->name() : spelling.target));
  n.op = op;
  n.args = std::move(bound_args);
  n.spelling = std::move(spelling);
  n.meta = MetaOfResult(result);
  n.origin = std::move(origin);
  meta_values_.push_back(std::move(result));
  ++num_calls_;
  return Append(std::move(n));
}

void GraphBuilder::SetOutput(std::vector<ValueRef> outputs) {
  Node n;
  n.kind = NodeKind::kOutput;
  n.name = UniqueName("output");
  n.target = "output";
  n.outputs = std::move(outputs);
  meta_values_.emplace_back();
  Append(std::move(n));
}

int32_t GraphBuilder::AddSymbol(SymbolInfo s) {
  std::vector<SymbolInfo> all = graph_.symbols();
  hints_.push_back(s.hint);
  all.push_back(std::move(s));
  graph_.set_symbols(std::move(all));
  return static_cast<int32_t>(hints_.size()) - 1;
}

void GraphBuilder::SetSymSizes(NodeId id, int32_t index, std::vector<sym::ExprPtr> sizes) {
  Node& n = nodes_[id];
  const size_t i = index < 0 ? 0 : static_cast<size_t>(index);
  // One expression per dimension, or none (Annotation reads every one).
  if (i < n.meta.size() && sizes.size() == n.meta[i].sizes.size()) {
    n.meta[i].sym_sizes = std::move(sizes);
  }
}

const Node& GraphBuilder::node(NodeId id) const { return nodes_[id]; }

absl::StatusOr<Graph> GraphBuilder::Finish() && {
  graph_.mutable_nodes() = std::move(nodes_);
  RETURN_IF_ERROR(Verify(graph_));
  return std::move(graph_);
}

}  // namespace wick::graph
