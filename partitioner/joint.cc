// The joint forward/backward trace and its min-cut partition (joint.h).
#include "partitioner/joint.h"
#include "partitioner/min_cut.h"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <set>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/hash/hash.h"
#include "absl/strings/str_cat.h"
#include "base/status_macros.h"
#include "tensor/autograd/autograd.h"
#include "tensor/ops/random/generator.h"

namespace wick::partitioner {
namespace {

namespace ag = tensor::autograd;
using graph::Arg;
using graph::NodeId;
using graph::ValueRef;
using tensor::Tensor;
using tensor::Value;

absl::Status Unsupported(absl::string_view why) {
  return absl::UnimplementedError(absl::StrCat("AOT autograd: ", why));
}

// A tensor value's identity while tracing: the storage it reads and how. Handles made
// by Detach or saved-variable unpacking share it with the tensor they stand for; every
// traced tensor is kept alive, so no address is reused while the trace runs.
struct Key {
  const void* storage = nullptr;
  int64_t offset = 0;
  std::vector<int64_t> sizes, strides;
  tensor::DType dtype = tensor::DType::kFloat32;

  bool operator==(const Key& o) const {
    return storage == o.storage && offset == o.offset && sizes == o.sizes &&
           strides == o.strides && dtype == o.dtype;
  }
  template <typename H>
  friend H AbslHashValue(H h, const Key& k) {
    return H::combine(std::move(h), k.storage, k.offset, k.sizes, k.strides,
                      static_cast<int>(k.dtype));
  }
};

Key KeyOf(const Tensor& t) {
  return {t.storage().get(), t.storage_offset(),
          std::vector<int64_t>(t.sizes().begin(), t.sizes().end()),
          std::vector<int64_t>(t.strides().begin(), t.strides().end()), t.dtype()};
}

enum class Kind : uint8_t { kPrimal, kTangent, kConstant, kCall };

struct JNode {
  Kind kind = Kind::kCall;
  std::string name;              // FX-style, unique in the joint graph
  std::string attr_name;         // kConstant: the original get_attr target
  const tensor::OpDef* op = nullptr;
  std::vector<Arg> args;         // refs name JNode ids
  bool list = false;             // produces a list: refs carry an element index
  std::vector<Tensor> values;    // example values (kept alive)
  graph::NodeOrigin origin;
  bool writes = false;           // writes into an argument (batch_norm's running stats)
};

bool ProducesList(const tensor::OpDef& op) {
  const auto& rets = op.schema.returns;
  return rets.size() != 1 || rets[0].type.list;
}

bool WritesArgument(const tensor::OpDef& op) {
  for (const tensor::Argument& a : op.schema.arguments) {
    if (a.is_write) return true;
  }
  return false;
}

// Ops the partition never moves into the backward: compute-heavy ones (recomputing them
// costs more than their output's memory is worth), random ones (a second draw differs)
// and ones with side effects.
bool BannedFromRecompute(const JNode& n) {
  if (n.kind != Kind::kCall) return true;
  if (n.writes || n.op->flags.random || n.op->flags.data_dependent) return true;
  static const absl::flat_hash_set<std::string>* const kHeavy =
      new absl::flat_hash_set<std::string>{
          "mm", "bmm", "addmm", "matmul", "baddbmm", "addbmm", "addmv", "mv", "dot",
          "linear", "conv1d", "conv2d", "conv3d", "convolution", "conv_transpose1d",
          "conv_transpose2d", "conv_transpose3d", "convolution_backward",
          "scaled_dot_product_attention", "einsum", "sort", "topk", "cumsum", "cumprod",
          "embedding", "embedding_dense_backward", "max_pool2d", "avg_pool2d",
          "adaptive_avg_pool2d", "native_layer_norm", "native_batch_norm", "batch_norm",
          "layer_norm", "group_norm", "softmax", "_softmax", "log_softmax",
          "_log_softmax", "linalg_inv", "linalg_solve", "linalg_cholesky", "linalg_eigh",
          "linalg_svd", "linalg_qr", "linalg_det", "linalg_slogdet", "matrix_exp"};
  return kHeavy->contains(n.op->name());
}

int64_t Bytes(const JNode& n) {
  int64_t b = 0;
  for (const Tensor& t : n.values) {
    if (t.defined()) b += t.numel() * static_cast<int64_t>(t.element_size());
  }
  return b;
}

// FX names an aten call node after its op packet: mul, mul_1, ...
class Namer {
 public:
  std::string Next(const std::string& base) {
    int64_t& count = counts_[base];
    std::string name = count == 0 ? base : absl::StrCat(base, "_", count);
    ++count;
    return name;
  }

 private:
  absl::flat_hash_map<std::string, int64_t> counts_;
};

class Tracer : public ag::OpObserver {
 public:
  std::vector<JNode> nodes;
  absl::Status status;
  graph::NodeOrigin origin;  // of the Dynamo graph node being run
  Namer namer;

  int Add(JNode n) {
    nodes.push_back(std::move(n));
    readers_.push_back(0);
    return static_cast<int>(nodes.size()) - 1;
  }
  void Bind(const Tensor& t, ValueRef r) {
    if (t.defined() && !t.is_meta()) by_key_[KeyOf(t)] = r;
  }
  std::optional<ValueRef> Find(const Tensor& t) const {
    if (!t.defined() || t.is_meta()) return std::nullopt;
    auto it = by_key_.find(KeyOf(t));
    if (it == by_key_.end()) return std::nullopt;
    return it->second;
  }
  void Fail(absl::Status s) {
    if (status.ok()) status = std::move(s);
  }

  absl::StatusOr<Arg> ArgOf(const tensor::OpDef& op, const Value& v) {
    if (v.is_tensor()) {
      const Tensor& t = v.to_tensor();
      if (!t.defined()) return Arg();
      if (std::optional<ValueRef> r = Find(t)) return Arg::Ref(*r);
      if (t.is_wrapped_number()) {
        ASSIGN_OR_RETURN(tensor::Scalar s, t.Item());
        return Arg::Constant(Value(s));
      }
      return Unsupported(absl::StrCat(op.full_name(), " read a tensor made outside the traced ops"));
    }
    if (v.is_tensor_list()) {
      std::vector<ValueRef> refs;
      for (const Tensor& t : v.to_tensor_list()) {
        if (!t.defined()) {
          refs.push_back(graph::kNoneRef);
          continue;
        }
        std::optional<ValueRef> r = Find(t);
        if (!r) {
          return Unsupported(
              absl::StrCat(op.full_name(), " read a tensor made outside the traced ops"));
        }
        refs.push_back(*r);
      }
      return Arg::RefList(std::move(refs));
    }
    return Arg::Constant(v);
  }

  void OnOp(const tensor::OpDef& op, const std::vector<Value>& args,
            const Value& result) override {
    if (!status.ok()) return;
    if (op.name() == "_set_grad_enabled") return;  // grad mode only: nothing to compute
    // An in-place op is a plain write when nothing about it is differentiable and no
    // other op has read the value it overwrites (buffer updates such as
    // num_batches_tracked.add_(1), fills of fresh tensors): the graph keeps it as a
    // side effect, and later readers read its result. Anything else (a write into a view,
    // or a value the backward may read as it was) is left to eager autograd.
    if (op.is_inplace()) {
      std::optional<ValueRef> self =
          args.empty() || !args[0].is_tensor() ? std::nullopt : Find(args[0].to_tensor());
      if (!self || ag::NeedsRecording(args) || readers_[self->node] > 0 ||
          SharesStorage(args[0].to_tensor(), *self)) {
        Fail(Unsupported(absl::StrCat("in-place op ", op.full_name())));
        return;
      }
    }
    JNode n;
    n.kind = Kind::kCall;
    n.op = &op;
    n.origin = origin;
    n.writes = WritesArgument(op);
    for (const Value& v : args) {
      absl::StatusOr<Arg> a = ArgOf(op, v);
      if (!a.ok()) {
        Fail(a.status());
        return;
      }
      n.args.push_back(*std::move(a));
    }
    for (const Arg& a : n.args) {
      for (ValueRef r : a.refs()) {
        if (r.node >= 0) ++readers_[r.node];
      }
    }
    n.list = ProducesList(op);
    if (result.is_tensor() && !n.list) {
      n.values = {result.to_tensor()};
    } else if (result.is_tensor_list() && n.list) {
      n.values = result.to_tensor_list();
    } else {
      Fail(Unsupported(absl::StrCat(op.full_name(), " returns no tensor")));
      return;
    }
    n.name = namer.Next(op.name());
    const int id = Add(std::move(n));
    const JNode& added = nodes[id];
    for (size_t i = 0; i < added.values.size(); ++i) {
      Bind(added.values[i], {id, added.list ? static_cast<int32_t>(i) : -1});
    }
  }

 private:
  // Whether another traced value (not `self` itself) lives in t's storage: a write into
  // t would change it behind the graph's back.
  bool SharesStorage(const Tensor& t, ValueRef self) const {
    for (const auto& [key, ref] : by_key_) {
      if (key.storage == t.storage().get() && !(ref == self)) return true;
    }
    return false;
  }

  absl::flat_hash_map<Key, ValueRef> by_key_;
  std::vector<int> readers_;  // per node: how many traced calls read it
};

// How upstream prints an aten call: positional arguments up to the last one that
// differs from its default, keyword-only ones only when they differ.
graph::Spelling AtenSpelling(const tensor::OpDef& op, const std::vector<Arg>& args) {
  graph::Spelling sp;
  sp.style = graph::CallStyle::kFunction;
  sp.target = absl::StrCat("torch.ops.aten.", op.name(), ".",
                           op.schema.overload.empty() ? "default" : op.schema.overload);
  const auto& params = op.schema.arguments;
  auto is_default = [&](size_t i) {
    if (!params[i].default_value.has_value() || !args[i].is_constant()) return false;
    return args[i] == Arg::Constant(*params[i].default_value);
  };
  size_t last = 0;
  for (size_t i = 0; i < params.size() && i < args.size(); ++i) {
    if (!params[i].keyword_only && !is_default(i)) last = i + 1;
  }
  for (size_t i = 0; i < last; ++i) {
    if (!params[i].keyword_only) sp.args.push_back(args[i]);
  }
  for (size_t i = 0; i < params.size() && i < args.size(); ++i) {
    if (params[i].keyword_only && !is_default(i)) sp.kwargs.push_back({params[i].name, args[i]});
  }
  return sp;
}

// Builds one graph over a subset of the joint nodes. `inputs` become placeholders (named
// after the joint value), `keep` lists the call/constant nodes in joint order.
class Emitter {
 public:
  Emitter(const std::vector<JNode>& nodes, std::string name)
      : nodes_(nodes), b_(std::move(name)) {}

  void Input(ValueRef r, const std::string& name) {
    const JNode& n = nodes_[r.node];
    const Tensor& example = n.values[r.index < 0 ? 0 : r.index];
    const NodeId id = b_.AddPlaceholder(name, "", graph::TensorMeta::Of(example));
    refs_[{r.node, r.index}] = {id, -1};
    names_.push_back(name);
  }

  absl::Status Node(int jid) {
    const JNode& n = nodes_[jid];
    if (n.kind == Kind::kConstant) {
      nodes_map_[jid] = b_.AddGetAttr(n.attr_name, n.values[0], n.origin);
      names_.push_back(n.name);
      return absl::OkStatus();
    }
    std::vector<Arg> args;
    for (const Arg& a : n.args) {
      if (a.is_ref()) {
        ASSIGN_OR_RETURN(ValueRef r, Map(a.ref()));
        args.push_back(Arg::Ref(r));
      } else if (a.is_ref_list()) {
        std::vector<ValueRef> rs;
        for (ValueRef r : a.refs()) {
          if (r == graph::kNoneRef) {
            rs.push_back(r);
            continue;
          }
          ASSIGN_OR_RETURN(ValueRef m, Map(r));
          rs.push_back(m);
        }
        args.push_back(Arg::RefList(std::move(rs)));
      } else {
        args.push_back(a);
      }
    }
    graph::Spelling sp = AtenSpelling(*n.op, args);
    ASSIGN_OR_RETURN(NodeId id, b_.AddCall(n.op, std::move(args), std::move(sp), n.origin));
    nodes_map_[jid] = id;
    names_.push_back(n.name);
    return absl::OkStatus();
  }

  absl::StatusOr<graph::Graph> Finish(const std::vector<ValueRef>& outputs) && {
    std::vector<ValueRef> outs;
    for (ValueRef r : outputs) {
      ASSIGN_OR_RETURN(ValueRef m, Map(r));
      outs.push_back(m);
    }
    b_.SetOutput(std::move(outs));
    ASSIGN_OR_RETURN(graph::Graph g, std::move(b_).Finish());
    // The joint graph's names, kept in every graph cut from it (as upstream's are).
    auto& nodes = g.mutable_nodes();
    for (size_t i = 0; i < names_.size() && i < nodes.size(); ++i) {
      nodes[i].name = names_[i];
      if (nodes[i].kind != graph::NodeKind::kCall) nodes[i].target = names_[i];
    }
    return g;
  }

 private:
  absl::StatusOr<ValueRef> Map(ValueRef r) const {
    auto it = refs_.find({r.node, r.index});
    if (it != refs_.end()) return it->second;
    auto n = nodes_map_.find(r.node);
    if (n == nodes_map_.end()) {
      return absl::InternalError(absl::StrCat("AOT autograd: ", nodes_[r.node].name,
                                              " is used before it is defined"));
    }
    return ValueRef{n->second, r.index};
  }

  const std::vector<JNode>& nodes_;
  graph::GraphBuilder b_;
  std::map<std::pair<int32_t, int32_t>, ValueRef> refs_;
  absl::flat_hash_map<int, NodeId> nodes_map_;
  std::vector<std::string> names_;  // per emitted node, in order
};

void ForEachRef(const JNode& n, const std::function<void(ValueRef)>& fn) {
  for (const Arg& a : n.args) {
    for (ValueRef r : a.refs()) {
      if (r.node >= 0) fn(r);
    }
  }
}

// The example values of g's outputs after running its forward under recording.
struct ForwardRun {
  std::vector<Tensor> primals;  // detached inputs (requires_grad as the originals)
  std::vector<Tensor> outputs;
};

absl::StatusOr<ForwardRun> RunForward(const graph::Graph& g, absl::Span<const Tensor> inputs,
                                      Tracer& tr) {
  const auto gnodes = g.nodes();
  // Inputs an op writes into (batch_norm's running stats) are copied: the real call
  // writes them once.
  absl::flat_hash_set<NodeId> written;
  for (const graph::Node& n : gnodes) {
    if (n.kind != graph::NodeKind::kCall) continue;
    for (size_t i = 0; i < n.args.size() && i < n.op->schema.arguments.size(); ++i) {
      if (!n.op->schema.arguments[i].is_write) continue;
      for (ValueRef r : n.args[i].refs()) written.insert(r.node);
    }
  }
  // The trace must not write into the caller's tensors: every written value must be an
  // input (copied above) or a fresh result, never a view that may alias an input.
  std::function<bool(NodeId)> fresh = [&](NodeId id) {
    const graph::Node& n = g.node(id);
    if (n.kind != graph::NodeKind::kCall) return true;
    if (n.op->is_inplace()) return n.args.empty() || !n.args[0].is_ref() || fresh(n.args[0].ref().node);
    for (const tensor::Return& r : n.op->schema.returns) {
      if (r.alias_set != 0) return false;
    }
    return true;
  };
  for (const graph::Node& n : gnodes) {
    if (n.kind != graph::NodeKind::kCall) continue;
    for (size_t i = 0; i < n.args.size() && i < n.op->schema.arguments.size(); ++i) {
      if (!n.op->schema.arguments[i].is_write) continue;
      for (ValueRef r : n.args[i].refs()) {
        if (r.node >= 0 && !fresh(r.node)) {
          return Unsupported(absl::StrCat(n.op->full_name(), " writes into a view"));
        }
      }
    }
  }
  ForwardRun run;
  std::vector<Value> env(gnodes.size());
  size_t next_input = 0;
  for (const graph::Node& n : gnodes) {
    switch (n.kind) {
      case graph::NodeKind::kPlaceholder: {
        if (next_input >= inputs.size()) return absl::InternalError("AOT autograd: too few inputs");
        const Tensor& t = inputs[next_input++];
        Tensor inner;
        if (written.contains(n.id)) {
          ASSIGN_OR_RETURN(inner, t.CopyAs(t.dtype()));
        } else {
          inner = ag::Detach(t);
        }
        if (t.requires_grad()) RETURN_IF_ERROR(ag::SetRequiresGrad(inner, true));
        JNode p;
        p.kind = Kind::kPrimal;
        p.name = absl::StrCat("primals_", next_input);
        p.values = {inner};
        const int id = tr.Add(std::move(p));
        tr.Bind(inner, {id, -1});
        run.primals.push_back(inner);
        env[n.id] = Value(inner);
        break;
      }
      case graph::NodeKind::kGetAttr: {
        if (n.attr.requires_grad()) return Unsupported("a graph constant requires grad");
        Tensor value = n.attr;
        if (written.contains(n.id)) {
          ASSIGN_OR_RETURN(value, n.attr.CopyAs(n.attr.dtype()));
        }
        JNode c;
        c.kind = Kind::kConstant;
        c.name = n.name;
        c.attr_name = n.target;
        c.values = {value};
        c.origin = n.origin;
        const int id = tr.Add(std::move(c));
        tr.Bind(value, {id, -1});
        env[n.id] = Value(value);
        break;
      }
      case graph::NodeKind::kCall: {
        ASSIGN_OR_RETURN(std::vector<Value> args,
                         graph::MaterializeArgs(*n.op, n.args,
                                                [&](NodeId id) -> const Value& { return env[id]; }));
        if (n.op->name() == "_set_grad_enabled") {
          if (!args.empty() && args[0].is_bool()) ag::SetGradModeEnabled(args[0].to_bool());
          break;
        }
        tr.origin = n.origin;
        absl::StatusOr<Value> r;
        {
          ag::ObserveOps observe(&tr);
          r = ag::RunOp(*n.op, std::move(args));
        }
        if (!r.ok()) return r.status();
        RETURN_IF_ERROR(tr.status);
        env[n.id] = *std::move(r);
        break;
      }
      case graph::NodeKind::kOutput:
        for (ValueRef r : n.outputs) {
          const Value& v = env[r.node];
          if (r.index >= 0 && v.is_tensor_list()) {
            run.outputs.push_back(v.to_tensor_list()[r.index]);
          } else if (r.index < 0 && v.is_tensor()) {
            run.outputs.push_back(v.to_tensor());
          } else {
            return Unsupported("a graph output is not a tensor");
          }
        }
        break;
    }
  }
  return run;
}

// The partition: which forward values the backward reads from the forward (saved) and
// which it recomputes.
struct Cut {
  std::vector<bool> recompute;   // per joint node
  std::vector<ValueRef> saved;   // in joint order
};

Cut MinCut(const std::vector<JNode>& nodes, const std::vector<bool>& backward,
           const std::vector<bool>& live, const std::vector<ValueRef>& grads) {
  const int n = static_cast<int>(nodes.size());
  const int source = 0, sink = 1;
  auto in = [](int v) { return 2 + 2 * v; };
  auto out = [](int v) { return 3 + 2 * v; };
  // Forward values the backward reads: arguments of backward nodes, and gradients that
  // are forward values themselves (not made from a tangent).
  auto read_by_backward = [&](ValueRef r) {
    return !backward[r.node] && nodes[r.node].kind != Kind::kConstant;
  };
  FlowGraph flow(2 + 2 * n);
  for (ValueRef r : grads) {
    if (read_by_backward(r)) flow.AddEdge(out(r.node), sink, kInfiniteCapacity);
  }
  for (int v = 0; v < n; ++v) {
    const JNode& node = nodes[v];
    if (!live[v] || node.kind == Kind::kConstant || node.kind == Kind::kTangent) continue;
    if (backward[v]) {
      ForEachRef(node, [&](ValueRef r) {
        if (read_by_backward(r)) flow.AddEdge(out(r.node), sink, kInfiniteCapacity);
      });
      continue;
    }
    if (node.kind == Kind::kPrimal || BannedFromRecompute(node)) {
      flow.AddEdge(source, in(v), kInfiniteCapacity);
    }
    flow.AddEdge(in(v), out(v), Bytes(node));
    ForEachRef(node, [&](ValueRef r) {
      if (nodes[r.node].kind != Kind::kConstant) {
        flow.AddEdge(out(r.node), in(v), kInfiniteCapacity);
      }
    });
  }
  flow.MaxFlow(source, sink);
  // Among cuts of equal size, the one nearest the backward: it saves later values (a
  // matmul's activation rather than its input), which recomputes less and leaves the
  // forward's op chains whole for fusion.
  const std::vector<bool> s = flow.LargestSourceSide(sink);
  Cut cut;
  cut.recompute.assign(n, false);
  // Walk back from what the backward reads: a forward value on the sink side is
  // recomputed (its inputs are walked in turn); one cut from the source side is saved.
  // Constants are emitted wherever they are used.
  std::set<std::pair<int32_t, int32_t>> saved;
  std::vector<int> stack;
  auto visit = [&](ValueRef r) {
    const JNode& src = nodes[r.node];
    if (backward[r.node] && src.kind != Kind::kConstant) return;
    if (src.kind == Kind::kConstant) {
      cut.recompute[r.node] = true;
      return;
    }
    if (s[in(r.node)]) {
      saved.insert({r.node, r.index});
    } else if (!cut.recompute[r.node]) {
      cut.recompute[r.node] = true;
      stack.push_back(r.node);
    }
  };
  for (ValueRef r : grads) visit(r);
  for (int v = 0; v < n; ++v) {
    if (live[v] && backward[v]) stack.push_back(v);
  }
  while (!stack.empty()) {
    const int v = stack.back();
    stack.pop_back();
    ForEachRef(nodes[v], visit);
  }
  for (const auto& [node, index] : saved) cut.saved.push_back({node, index});
  return cut;
}

}  // namespace

bool CreatesGradLeaves(const graph::Graph& g) {
  for (const graph::Node& n : g.nodes()) {
    if (n.kind != graph::NodeKind::kCall) continue;
    const auto& params = n.op->schema.arguments;
    for (size_t i = 0; i < params.size() && i < n.args.size(); ++i) {
      if (params[i].name == "requires_grad" && n.args[i].is_constant() &&
          n.args[i].constant().is_bool() && n.args[i].constant().to_bool()) {
        return true;
      }
    }
  }
  return false;
}

bool WritesInPlace(const graph::Graph& g) {
  for (const graph::Node& n : g.nodes()) {
    if (n.kind == graph::NodeKind::kCall && (n.op->is_inplace() || WritesArgument(*n.op))) {
      return true;
    }
  }
  return false;
}

absl::StatusOr<JointGraphs> TraceJoint(const graph::Graph& g,
                                       absl::Span<const tensor::Tensor> inputs) {
  if (!g.symbols().empty()) return Unsupported("a dynamic-shape graph");
  if (CreatesGradLeaves(g)) return Unsupported("the graph makes leaves that require grad");
  if (ag::AnomalyEnabled()) return Unsupported("anomaly mode is on");
  tensor::Generator& gen = tensor::DefaultGenerator();
  const std::vector<uint8_t> rng = gen.GetState();
  struct RestoreRng {
    tensor::Generator& gen;
    const std::vector<uint8_t>& state;
    ~RestoreRng() { (void)gen.SetState(state); }
  } restore{gen, rng};
  ag::GradModeGuard grad_on(true);

  Tracer tr;
  ASSIGN_OR_RETURN(ForwardRun run, RunForward(g, inputs, tr));
  JointGraphs out;
  out.num_user_outputs = static_cast<int>(run.outputs.size());
  std::vector<ValueRef> user_outputs;
  std::vector<Tensor> diff_outputs, tangents;
  for (const Tensor& o : run.outputs) {
    std::optional<ValueRef> r = tr.Find(o);
    if (!r) return Unsupported("a graph output was made outside the traced ops");
    user_outputs.push_back(*r);
    const bool diff = o.requires_grad() && tensor::IsFloating(o.dtype());
    out.differentiable.push_back(diff);
    if (!diff) continue;
    std::vector<int64_t> sizes(o.sizes().begin(), o.sizes().end());
    ASSIGN_OR_RETURN(Value ones, tensor::OpRegistry::Global().Call(
                                     "ones", {Value(std::move(sizes))}, {{"dtype", o.dtype()}}));
    JNode t;
    t.kind = Kind::kTangent;
    t.name = absl::StrCat("tangents_", tangents.size() + 1);
    t.values = {ones.to_tensor()};
    const int id = tr.Add(std::move(t));
    tr.Bind(ones.to_tensor(), {id, -1});
    diff_outputs.push_back(o);
    tangents.push_back(ones.to_tensor());
  }
  std::vector<Tensor> grad_primals;
  for (size_t i = 0; i < run.primals.size(); ++i) {
    if (!run.primals[i].requires_grad()) continue;
    grad_primals.push_back(run.primals[i]);
    out.grad_inputs.push_back(static_cast<int>(i));
  }
  if (diff_outputs.empty() || grad_primals.empty()) return Unsupported("nothing to differentiate");
  std::vector<Tensor> grads;
  {
    tr.origin = graph::NodeOrigin();
    ag::ObserveOps observe(&tr);
    ASSIGN_OR_RETURN(grads, ag::Grad(diff_outputs, tangents, grad_primals,
                                     /*retain_graph=*/false, /*create_graph=*/false,
                                     /*allow_unused=*/true));
  }
  RETURN_IF_ERROR(tr.status);
  // Undefined gradients (an input the outputs do not depend on) stay None: they are
  // not backward outputs.
  std::vector<ValueRef> grad_refs;
  std::vector<int> grad_inputs;
  for (size_t i = 0; i < grads.size(); ++i) {
    if (!grads[i].defined()) continue;
    std::optional<ValueRef> r = tr.Find(grads[i]);
    if (!r) return Unsupported("a gradient was made outside the traced ops");
    grad_refs.push_back(*r);
    grad_inputs.push_back(out.grad_inputs[i]);
  }
  out.grad_inputs = std::move(grad_inputs);
  if (grad_refs.empty()) return Unsupported("no input gets a gradient");

  const std::vector<JNode>& nodes = tr.nodes;
  const int n = static_cast<int>(nodes.size());
  // Backward nodes: those that read a tangent, directly or not.
  std::vector<bool> backward(n, false);
  for (int v = 0; v < n; ++v) {
    if (nodes[v].kind == Kind::kTangent) backward[v] = true;
    ForEachRef(nodes[v], [&](ValueRef r) { backward[v] = backward[v] || backward[r.node]; });
  }
  // Live nodes: what the outputs and gradients need, and ops with side effects.
  std::vector<bool> live(n, false);
  std::vector<int> stack;
  auto mark = [&](int v) {
    if (!live[v]) {
      live[v] = true;
      stack.push_back(v);
    }
  };
  for (ValueRef r : user_outputs) mark(r.node);
  for (ValueRef r : grad_refs) mark(r.node);
  for (int v = 0; v < n; ++v) {
    if (nodes[v].writes && !backward[v]) mark(v);
  }
  while (!stack.empty()) {
    const int v = stack.back();
    stack.pop_back();
    ForEachRef(nodes[v], [&](ValueRef r) { mark(r.node); });
  }
  Cut cut = MinCut(nodes, backward, live, grad_refs);
  out.num_saved = static_cast<int>(cut.saved.size());

  // The forward: what the user outputs, the saved values and the side effects need.
  std::vector<bool> in_forward(n, false);
  for (ValueRef r : user_outputs) in_forward[r.node] = true;
  for (ValueRef r : cut.saved) in_forward[r.node] = true;
  for (int v = 0; v < n; ++v) {
    if (nodes[v].writes && !backward[v] && live[v]) in_forward[v] = true;
  }
  for (int v = n; v-- > 0;) {
    if (in_forward[v]) ForEachRef(nodes[v], [&](ValueRef r) { in_forward[r.node] = true; });
  }
  const std::string base = g.name();
  {
    Emitter e(nodes, base);
    for (int v = 0; v < n; ++v) {
      if (nodes[v].kind == Kind::kPrimal) e.Input({v, -1}, nodes[v].name);
    }
    for (int v = 0; v < n; ++v) {
      const Kind k = nodes[v].kind;
      if (in_forward[v] && (k == Kind::kCall || k == Kind::kConstant)) RETURN_IF_ERROR(e.Node(v));
    }
    std::vector<ValueRef> outs = user_outputs;
    outs.insert(outs.end(), cut.saved.begin(), cut.saved.end());
    ASSIGN_OR_RETURN(out.forward, std::move(e).Finish(outs));
  }
  {
    Emitter e(nodes, base);
    for (ValueRef r : cut.saved) {
      const JNode& src = nodes[r.node];
      e.Input(r, r.index < 0 ? src.name : absl::StrCat(src.name, "_", r.index));
    }
    for (int v = 0; v < n; ++v) {
      if (nodes[v].kind == Kind::kTangent) e.Input({v, -1}, nodes[v].name);
    }
    for (int v = 0; v < n; ++v) {
      const Kind k = nodes[v].kind;
      if (k == Kind::kPrimal || k == Kind::kTangent || !live[v]) continue;
      if (backward[v] || cut.recompute[v]) RETURN_IF_ERROR(e.Node(v));
    }
    ASSIGN_OR_RETURN(out.backward, std::move(e).Finish(grad_refs));
  }
  {
    Emitter e(nodes, base);
    for (int v = 0; v < n; ++v) {
      if (nodes[v].kind == Kind::kPrimal) e.Input({v, -1}, nodes[v].name);
    }
    for (int v = 0; v < n; ++v) {
      if (nodes[v].kind == Kind::kTangent) e.Input({v, -1}, nodes[v].name);
    }
    for (int v = 0; v < n; ++v) {
      const Kind k = nodes[v].kind;
      if (live[v] && (k == Kind::kCall || k == Kind::kConstant)) RETURN_IF_ERROR(e.Node(v));
    }
    std::vector<ValueRef> outs = user_outputs;
    outs.insert(outs.end(), grad_refs.begin(), grad_refs.end());
    ASSIGN_OR_RETURN(out.joint, std::move(e).Finish(outs));
  }
  return out;
}

}  // namespace wick::partitioner
