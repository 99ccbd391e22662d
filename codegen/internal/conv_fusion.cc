// conv -> batch_norm(eval) [-> relu/relu6] fusion. See conv_fusion.h.
#include "codegen/internal/conv_fusion.h"

#include <cstdint>
#include <optional>
#include <vector>

#include "tensor/op_registry.h"

namespace wick::codegen::internal {
namespace {

using graph::Arg;
using graph::Graph;
using graph::Node;
using graph::NodeId;
using graph::NodeKind;
using graph::ValueRef;

bool IsCall(const Node& n, absl::string_view full_name) {
  return n.kind == NodeKind::kCall && n.op != nullptr && n.op->full_name() == full_name;
}

bool IsConstNone(const Arg& a) { return a.is_constant() && a.constant().is_none(); }

// How many times each node's value is read (arguments and the graph's outputs).
std::vector<int> UseCounts(const Graph& g) {
  std::vector<int> uses(g.nodes().size(), 0);
  for (const Node& n : g.nodes()) {
    for (const Arg& a : n.args) {
      for (const ValueRef& r : a.refs()) {
        if (r.node >= 0) ++uses[r.node];
      }
    }
    for (const ValueRef& r : n.outputs) {
      if (r.node >= 0) ++uses[r.node];
    }
  }
  return uses;
}

// An `int[]` constant for `_conv_bn_act`: a list as it is, one int repeated `rank` times.
std::optional<Arg> IntList(const Arg& a, int64_t rank) {
  if (!a.is_constant()) return std::nullopt;
  const tensor::Value& v = a.constant();
  if (v.is_int_list()) return a;
  if (v.is_int()) return Arg::Constant(tensor::Value(std::vector<int64_t>(rank, v.to_int())));
  return std::nullopt;
}

// 1 for relu/relu_ of `x`, 2 for clamp/clamp_(x, 0, 6); 0 otherwise.
int ActivationOf(const Node& n, NodeId x) {
  if (n.kind != NodeKind::kCall || n.op == nullptr || n.args.empty() || !n.args[0].is_ref() ||
      n.args[0].ref().node != x) {
    return 0;
  }
  const std::string name = n.op->full_name();
  if (name == "relu" || name == "relu_") return 1;
  if ((name == "clamp" || name == "clamp_") && n.args.size() == 3 && n.args[1].is_constant() &&
      n.args[2].is_constant() && n.args[1].constant().is_scalar() &&
      n.args[2].constant().is_scalar() && n.args[1].constant().to_double() == 0.0 &&
      n.args[2].constant().to_double() == 6.0) {
    return 2;
  }
  return 0;
}

}  // namespace

absl::StatusOr<bool> FuseConvBatchNorm(Graph& g) {
  const tensor::OpDef* fused = tensor::OpRegistry::Global().Find("_conv_bn_act");
  if (fused == nullptr) return false;
  std::vector<Node>& nodes = g.mutable_nodes();
  std::vector<int> uses = UseCounts(g);
  bool changed = false;
  for (Node& bn : nodes) {
    // batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps,
    // cudnn_enabled) in eval mode, over a conv's value that nothing else reads.
    if (!IsCall(bn, "batch_norm") || bn.args.size() != 9 || !bn.args[0].is_ref()) continue;
    const Arg& training = bn.args[5];
    if (!training.is_constant() || !training.constant().is_bool() ||
        training.constant().to_bool() || !bn.args[3].is_ref() || !bn.args[4].is_ref() ||
        !bn.args[7].is_constant()) {
      continue;
    }
    const NodeId conv_id = bn.args[0].ref().node;
    if (conv_id < 0 || uses[conv_id] != 1) continue;
    Node& conv = nodes[conv_id];
    if (!(IsCall(conv, "conv1d") || IsCall(conv, "conv2d") || IsCall(conv, "conv3d")) ||
        conv.args.size() != 7 || conv.meta.size() != 1 || bn.meta.size() != 1) {
      continue;
    }
    const int64_t rank = static_cast<int64_t>(conv.meta[0].sizes.size()) - 2;
    std::optional<Arg> stride = IntList(conv.args[3], rank);
    std::optional<Arg> padding = IntList(conv.args[4], rank);
    std::optional<Arg> dilation = IntList(conv.args[5], rank);
    if (!stride || !padding || !dilation || !conv.args[6].is_constant() ||
        !conv.args[6].constant().is_int() || conv.meta[0].dtype != bn.meta[0].dtype) {
      continue;
    }
    std::vector<Arg> args = {conv.args[0], conv.args[1], conv.args[2], bn.args[1], bn.args[2],
                             bn.args[3],   bn.args[4],   bn.args[7],   *stride,    *padding,
                             *dilation,    conv.args[6], Arg::Constant(tensor::Value(int64_t{0}))};
    // The activation after the batch norm, when it is the norm's only reader: it becomes
    // the fused node (keeping its id, name and users); the batch norm goes.
    Node* target = &bn;
    if (uses[bn.id] == 1) {
      for (Node& n : nodes) {
        if (n.id <= bn.id) continue;
        bool reads_bn = false;
        for (const Arg& a : n.args) {
          for (const ValueRef& r : a.refs()) reads_bn = reads_bn || r.node == bn.id;
        }
        for (const ValueRef& r : n.outputs) reads_bn = reads_bn || r.node == bn.id;
        if (!reads_bn) continue;
        const int act = ActivationOf(n, bn.id);
        if (act != 0 && n.meta.size() == 1 && n.meta[0].sizes == bn.meta[0].sizes) {
          args.back() = Arg::Constant(tensor::Value(int64_t{act}));
          target = &n;
        }
        break;
      }
    }
    target->op = fused;
    target->args = std::move(args);
    target->spelling = graph::Spelling{graph::CallStyle::kFunction,
                                       "torch.ops.aten._conv_bn_act", target->args, {}};
    if (target != &bn) {
      bn.op = nullptr;  // erased by Compact
      bn.args.clear();
    }
    conv.op = nullptr;
    conv.args.clear();
    changed = true;
  }
  if (changed) g.Compact();
  return changed;
}

}  // namespace wick::codegen::internal
