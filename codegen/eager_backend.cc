// The `eager` backend: runs a graph node by node through the registry's kernels, the
// way upstream's backend="eager" runs the FX graph module. Compile precomputes the
// plan (coerced constants, where each value is last used) so Run only executes.
#include <algorithm>
#include <memory>

#include "absl/container/inlined_vector.h"
#include "absl/strings/str_cat.h"
#include "base/status_macros.h"
#include "codegen/backend.h"
#include "tensor/autograd/autograd.h"

namespace wick::codegen {
namespace {

using graph::Arg;
using graph::Node;
using graph::NodeId;
using graph::NodeKind;
using graph::ValueRef;
using tensor::Tensor;
using tensor::Value;
using ValueTable = absl::InlinedVector<Value, 16>;  // one slot per node, during Run

// One call node, ready to run: constants already coerced to their schema types.
struct CallStep {
  const tensor::OpDef* op = nullptr;
  bool sets_grad_mode = false;  // torch._C._set_grad_enabled(constant)
  std::vector<Arg> args;
  std::vector<Value> constants;  // parallel to args; None where the arg is a ref
};

class EagerCompiledGraph : public CompiledGraph {
 public:
  EagerCompiledGraph(graph::Graph g, bool records_autograd)
      : graph_(std::move(g)), records_autograd_(records_autograd) {
    Plan();
  }

  absl::StatusOr<std::vector<Tensor>> Run(absl::Span<const Tensor> inputs) override;
  bool records_autograd() const override { return records_autograd_; }

 private:
  void Plan();
  absl::StatusOr<Value> RunCall(const CallStep& step, const ValueTable& values,
                                absl::Span<const int64_t> sym_values) const;
  absl::StatusOr<std::vector<Tensor>> CollectOutputs(const ValueTable& values) const;

  graph::Graph graph_;
  bool records_autograd_ = true;
  std::vector<CallStep> calls_;            // indexed by node id (empty for non-calls)
  std::vector<std::vector<NodeId>> frees_;  // values to drop after running node i
  int num_inputs_ = 0;
};

void EagerCompiledGraph::Plan() {
  const auto nodes = graph_.nodes();
  calls_.resize(nodes.size());
  frees_.resize(nodes.size());
  std::vector<NodeId> last_use(nodes.size(), -1);
  auto use = [&](ValueRef r, NodeId user) {
    if (r.node >= 0) last_use[r.node] = user;
  };
  for (const Node& n : nodes) {
    if (n.kind == NodeKind::kPlaceholder) ++num_inputs_;
    for (const Arg& a : n.args) {
      for (ValueRef r : a.refs()) use(r, n.id);
    }
    if (n.kind != NodeKind::kCall) continue;
    CallStep& step = calls_[n.id];
    step.op = n.op;
    step.sets_grad_mode = n.op != nullptr && n.op->name() == "_set_grad_enabled";
    step.args = n.args;
    step.constants.resize(n.args.size());
    for (size_t i = 0; i < n.args.size(); ++i) {
      if (n.args[i].is_constant()) {
        step.constants[i] = graph::CoerceConstant(n.op->schema.arguments[i], n.args[i].constant());
      }
    }
  }
  // Values the output returns live until the end; the rest go after their last use
  // (a value nobody uses goes right after it is produced).
  for (const Node& n : nodes) {
    if (n.kind == NodeKind::kOutput) continue;
    const bool returned = std::any_of(graph_.output().outputs.begin(),
                                      graph_.output().outputs.end(),
                                      [&](ValueRef r) { return r.node == n.id; });
    if (returned) continue;
    frees_[last_use[n.id] >= 0 ? last_use[n.id] : n.id].push_back(n.id);
  }
}

absl::StatusOr<Value> EagerCompiledGraph::RunCall(const CallStep& step,
                                                  const ValueTable& values,
                                                  absl::Span<const int64_t> sym_values) const {
  if (!step.op->kernel) {
    return absl::UnimplementedError(absl::StrCat("op ", step.op->full_name(), " has no kernel"));
  }
  if (step.sets_grad_mode) {
    if (step.constants[0].is_bool()) {
      tensor::autograd::SetGradModeEnabled(step.constants[0].to_bool());
    }
    return Value();
  }
  // Inline storage: no heap allocation for ops with up to 8 arguments.
  absl::InlinedVector<Value, 8> bound(step.args.size());
  for (size_t i = 0; i < step.args.size(); ++i) {
    const Arg& a = step.args[i];
    if (a.is_constant()) {
      bound[i] = step.constants[i];
    } else if (a.is_sym()) {  // a size-derived int of a dynamic-shape graph
      std::vector<int64_t> ints;
      for (const sym::ExprPtr& e : a.sym()) ints.push_back(sym::Eval(*e, sym_values));
      bound[i] = graph::CoerceConstant(step.op->schema.arguments[i],
                                       a.is_sym_list() ? Value(std::move(ints)) : Value(ints[0]));
    } else if (a.is_ref()) {
      ValueRef r = a.ref();
      bound[i] = r.index < 0 ? values[r.node] : Value(values[r.node].to_tensor_list()[r.index]);
    } else {
      std::vector<Tensor> ts;
      ts.reserve(a.refs().size());
      for (ValueRef r : a.refs()) {
        if (r == graph::kNoneRef) {
          ts.emplace_back();
        } else {
          ts.push_back(r.index < 0 ? values[r.node].to_tensor()
                                   : values[r.node].to_tensor_list()[r.index]);
        }
      }
      bound[i] = Value(std::move(ts));
    }
  }
  // Recorded when grad mode is on and an input requires grad (the runtime runs graphs
  // needing gradients here, runtime/internal/execute.cc); the kernel alone otherwise.
  // Views also go through RunOp under grad mode, which marks them as views of their base
  // (an in-place op writing a value that requires grad through one rewrites the base).
  if (tensor::autograd::NeedsRecording(bound) ||
      (step.op->is_view() && tensor::autograd::GradModeEnabled())) {
    return tensor::autograd::RunOp(*step.op, std::vector<Value>(bound.begin(), bound.end()));
  }
  return step.op->kernel(tensor::OpArgs(bound));
}

absl::StatusOr<std::vector<Tensor>> EagerCompiledGraph::CollectOutputs(
    const ValueTable& values) const {
  std::vector<Tensor> outs;
  outs.reserve(graph_.output().outputs.size());
  for (ValueRef r : graph_.output().outputs) {
    const Value& v = values[r.node];
    if (r.index >= 0 && v.is_tensor_list()) {
      outs.push_back(v.to_tensor_list()[r.index]);
    } else if (r.index < 0 && v.is_tensor()) {
      outs.push_back(v.to_tensor());
    } else {
      return absl::InternalError(absl::StrCat("graph output %", r.node, " is not a tensor"));
    }
  }
  return outs;
}

absl::StatusOr<std::vector<Tensor>> EagerCompiledGraph::Run(absl::Span<const Tensor> inputs) {
  if (static_cast<int>(inputs.size()) != num_inputs_) {
    return absl::InternalError(absl::StrCat(graph_.name(), " takes ", num_inputs_,
                                            " inputs, got ", inputs.size()));
  }
  const auto nodes = graph_.nodes();
  // torch._C._set_grad_enabled nodes switch grad mode for the calls after them (what
  // they record); the graph ends in the mode it began in.
  tensor::autograd::GradModeGuard grad_mode(tensor::autograd::GradModeEnabled());
  std::vector<int64_t> sym_values;
  if (!graph_.symbols().empty()) {
    ASSIGN_OR_RETURN(sym_values, graph_.BindSymbols(inputs));
  }
  ValueTable values(nodes.size());
  size_t next_input = 0;
  for (const Node& n : nodes) {
    switch (n.kind) {
      case NodeKind::kPlaceholder:
        values[n.id] = Value(inputs[next_input++]);
        break;
      case NodeKind::kGetAttr:
        values[n.id] = Value(n.attr);
        break;
      case NodeKind::kCall: {
        ASSIGN_OR_RETURN(values[n.id], RunCall(calls_[n.id], values, sym_values));
        break;
      }
      case NodeKind::kOutput:
        return CollectOutputs(values);
    }
    for (NodeId dead : frees_[n.id]) values[dead] = Value();
  }
  return absl::InternalError("graph without an output node");
}

// "eager" runs the Dynamo graph under eager autograd; "aot_eager" leaves autograd to the
// runtime, which then compiles the graph's joint forward/backward (AOT autograd) and
// runs both halves here.
class EagerBackend : public Backend {
 public:
  explicit EagerBackend(bool aot) : aot_(aot) {}
  absl::string_view name() const override { return aot_ ? "aot_eager" : "eager"; }
  absl::StatusOr<std::unique_ptr<CompiledGraph>> Compile(const graph::Graph& g) override {
    RETURN_IF_ERROR(graph::Verify(g));
    return std::unique_ptr<CompiledGraph>(std::make_unique<EagerCompiledGraph>(g, !aot_));
  }

 private:
  bool aot_;
};

}  // namespace

std::unique_ptr<Backend> MakeEagerBackend() { return std::make_unique<EagerBackend>(false); }
std::unique_ptr<Backend> MakeAotEagerBackend() { return std::make_unique<EagerBackend>(true); }

}  // namespace wick::codegen
