// The backward engine: dependency counting over the graph reachable from the roots,
// then nodes in decreasing sequence number as their inputs complete (PyTorch's order for
// a single-threaded CPU graph), gradients summed per node input, hooks, AccumulateGrad.
#include <queue>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/autograd/autograd.h"

namespace wick::tensor::autograd {
namespace {

// Accumulates into a leaf's .grad (PyTorch's AccumulateGrad): steals a gradient nobody
// else holds, copies otherwise; adds in place when a gradient is already there.
class AccumulateGrad : public Node {
 public:
  explicit AccumulateGrad(Tensor leaf) : leaf_(std::move(leaf)) {
    input_meta.push_back({Shape(leaf_.sizes().begin(), leaf_.sizes().end()), leaf_.dtype()});
  }
  std::string name() const override { return "AccumulateGrad"; }
  bool accepts_undefined() const override { return true; }

  absl::StatusOr<std::vector<Tensor>> Apply(std::vector<Tensor> grads) override {
    Tensor g = std::move(grads[0]);
    if (!g.defined()) return std::vector<Tensor>{};
    AutogradMeta& m = MetaOf(leaf_);
    for (const Hook& h : m.hooks) {
      ASSIGN_OR_RETURN(Tensor r, h(g));
      if (r.defined()) g = std::move(r);
    }
    if (!m.grad.defined()) {
      if (GradModeEnabled()) {
        m.grad = std::move(g);  // create_graph: keep the history
      } else if (g.is_contiguous() && ImplUseCount(g) == 1 && g.storage().use_count() == 1) {
        m.grad = std::move(g);
      } else {
        ASSIGN_OR_RETURN(m.grad, g.CopyAs(g.dtype()));
      }
    } else if (GradModeEnabled()) {
      ASSIGN_OR_RETURN(m.grad, CallT("add", {m.grad, g}));
    } else {
      ASSIGN_OR_RETURN(m.grad, CallT("add_", {m.grad, g}));
    }
    return std::vector<Tensor>{};
  }

  Tensor leaf_;
};

// Anomaly mode's check of a node's gradients (PyTorch's validate_outputs under
// AnomalyMode::should_check_nan).
absl::Status CheckNoNan(const Node& n, const std::vector<Tensor>& outs) {
  GradModeGuard off(false);
  for (size_t i = 0; i < outs.size(); ++i) {
    if (!outs[i].defined() || !IsFloating(outs[i].dtype())) continue;
    ASSIGN_OR_RETURN(Tensor is_nan, CallT("isnan", {outs[i]}));
    ASSIGN_OR_RETURN(Tensor nan, CallT("any", {is_nan}));
    ASSIGN_OR_RETURN(Scalar any, nan.Item());
    if (any.to_bool()) {
      return RuntimeError(absl::StrCat("Function '", n.name(), "' returned nan values in its ",
                                       i, "th output."));
    }
  }
  return absl::OkStatus();
}

// The gradient as the receiving input expects it: broadcast dims summed away, cast to
// its dtype (PyTorch's validate_outputs).
absl::StatusOr<Tensor> Conform(Tensor g, const InputMeta& meta) {
  if (!g.defined()) return g;
  if (g.sizes() != IntSpan(meta.sizes)) {
    const int64_t lead = g.dim() - static_cast<int64_t>(meta.sizes.size());
    std::vector<int64_t> dims;
    bool ok = lead >= 0;
    for (int64_t d = 0; ok && d < g.dim(); ++d) {
      if (d < lead) {
        dims.push_back(d);
      } else if (meta.sizes[d - lead] == 1 && g.size(d) != 1) {
        dims.push_back(d);
      } else if (meta.sizes[d - lead] != g.size(d)) {
        ok = false;
      }
    }
    if (!ok) {
      return RuntimeError(absl::StrCat("Function backward returned an invalid gradient: got ",
                                       "shape [", absl::StrJoin(g.sizes(), ", "),
                                       "] but expected shape compatible with [",
                                       absl::StrJoin(meta.sizes, ", "), "]"));
    }
    if (!dims.empty()) {
      ASSIGN_OR_RETURN(g, CallT("sum", {g, Value(std::move(dims)), true}));
    }
    if (lead > 0 || g.sizes() != IntSpan(meta.sizes)) {
      ASSIGN_OR_RETURN(g, CallT("reshape", {g, Value(std::vector<int64_t>(
                                                     meta.sizes.begin(), meta.sizes.end()))}));
    }
  }
  if (g.dtype() != meta.dtype) {
    ASSIGN_OR_RETURN(g, CallT("to", {g, meta.dtype}));
  }
  return g;
}

struct Capture {
  Node* node;
  uint32_t input_nr;
};

struct ByPriority {
  bool operator()(const Node* a, const Node* b) const { return a->sequence_nr < b->sequence_nr; }
};

// Runs the graph from `roots` with `root_grads`. With `captures`, the gradients flowing
// into those (node, input) pairs are returned and AccumulateGrad nodes do not run
// (torch.autograd.grad); `accumulate_only` limits accumulation to those leaves.
absl::StatusOr<std::vector<Tensor>> Execute(const std::vector<Edge>& roots,
                                            std::vector<Tensor> root_grads, bool keep_graph,
                                            bool create_graph,
                                            const std::vector<Capture>& captures,
                                            bool accumulate) {
  absl::flat_hash_map<Node*, int> deps;
  absl::flat_hash_map<Node*, std::shared_ptr<Node>> owners;
  {
    std::vector<Node*> stack;
    for (const Edge& e : roots) {
      if (e.fn && owners.emplace(e.fn.get(), e.fn).second) stack.push_back(e.fn.get());
    }
    while (!stack.empty()) {
      Node* n = stack.back();
      stack.pop_back();
      for (const Edge& e : n->next_edges) {
        if (!e.fn) continue;
        ++deps[e.fn.get()];
        if (owners.emplace(e.fn.get(), e.fn).second) stack.push_back(e.fn.get());
      }
    }
  }
  absl::flat_hash_map<Node*, std::vector<Tensor>> buffers;
  auto add_to = [&](Node* n, uint32_t input_nr, Tensor g) -> absl::Status {
    std::vector<Tensor>& buf = buffers[n];
    if (buf.size() < n->input_meta.size()) buf.resize(n->input_meta.size());
    if (input_nr >= buf.size()) buf.resize(input_nr + 1);
    if (!g.defined()) return absl::OkStatus();
    if (!buf[input_nr].defined()) {
      buf[input_nr] = std::move(g);
    } else {
      ASSIGN_OR_RETURN(buf[input_nr], CallT("add", {buf[input_nr], g}));
    }
    return absl::OkStatus();
  };
  GradModeGuard mode(create_graph);
  for (size_t i = 0; i < roots.size(); ++i) {
    if (!roots[i].fn) continue;
    RETURN_IF_ERROR(add_to(roots[i].fn.get(), roots[i].input_nr, std::move(root_grads[i])));
  }
  std::vector<Tensor> captured(captures.size());
  std::priority_queue<Node*, std::vector<Node*>, ByPriority> ready;
  absl::flat_hash_set<Node*> queued;
  for (const Edge& e : roots) {
    if (e.fn && deps[e.fn.get()] == 0 && queued.insert(e.fn.get()).second) ready.push(e.fn.get());
  }
  while (!ready.empty()) {
    Node* n = ready.top();
    ready.pop();
    std::vector<Tensor> grads = std::move(buffers[n]);
    buffers.erase(n);
    grads.resize(n->input_meta.size());
    for (auto& [nr, hook] : n->pre_hooks) {
      if (nr >= grads.size() || !grads[nr].defined()) continue;
      ASSIGN_OR_RETURN(Tensor r, hook(grads[nr]));
      if (r.defined()) grads[nr] = std::move(r);
    }
    bool is_capture_target = false;
    for (size_t c = 0; c < captures.size(); ++c) {
      if (captures[c].node == n && captures[c].input_nr < grads.size()) {
        captured[c] = grads[captures[c].input_nr];
        is_capture_target = true;
      }
    }
    const bool is_accumulator = dynamic_cast<AccumulateGrad*>(n) != nullptr;
    if (is_accumulator && (!accumulate || (!captures.empty() && !is_capture_target))) {
      continue;
    }
    if (!n->accepts_undefined()) {
      for (size_t i = 0; i < grads.size(); ++i) {
        if (grads[i].defined()) continue;
        const InputMeta& m = n->input_meta[i];
        ASSIGN_OR_RETURN(grads[i], CallT("zeros", {Value(std::vector<int64_t>(
                                                       m.sizes.begin(), m.sizes.end()))},
                                         {{"dtype", Value(m.dtype)}}));
      }
    }
    ASSIGN_OR_RETURN(std::vector<Tensor> outs, n->Apply(std::move(grads)));
    if (AnomalyEnabled() && AnomalyCheckNan()) RETURN_IF_ERROR(CheckNoNan(*n, outs));
    if (!keep_graph) n->Release();
    for (size_t i = 0; i < n->next_edges.size(); ++i) {
      const Edge& e = n->next_edges[i];
      if (!e.fn) continue;
      Node* next = e.fn.get();
      if (i < outs.size() && outs[i].defined()) {
        const InputMeta& meta = next->input_meta[e.input_nr];
        ASSIGN_OR_RETURN(Tensor g, Conform(std::move(outs[i]), meta));
        RETURN_IF_ERROR(add_to(next, e.input_nr, std::move(g)));
      } else if (!buffers.contains(next)) {
        buffers[next].resize(next->input_meta.size());
      }
      if (--deps[next] == 0 && queued.insert(next).second) ready.push(next);
    }
  }
  return captured;
}

// The roots and their initial gradients, with PyTorch's checks.
absl::Status Roots(const std::vector<Tensor>& outputs, std::vector<Tensor>& grads,
                   std::vector<Edge>* edges) {
  grads.resize(outputs.size());
  for (size_t i = 0; i < outputs.size(); ++i) {
    const Tensor& o = outputs[i];
    if (!o.requires_grad()) {
      return RuntimeError(absl::StrCat("element ", i,
                                       " of tensors does not require grad and does not have "
                                       "a grad_fn"));
    }
    if (!grads[i].defined()) {
      if (o.numel() != 1) {
        return RuntimeError("grad can be implicitly created only for scalar outputs");
      }
      ASSIGN_OR_RETURN(grads[i], CallT("ones_like", {o}));
    } else if (grads[i].sizes() != o.sizes()) {
      return RuntimeError(absl::StrCat(
          "Mismatch in shape: grad_output[", i, "] has a shape of torch.Size([",
          absl::StrJoin(grads[i].sizes(), ", "), "]) and output[", i,
          "] has a shape of torch.Size([", absl::StrJoin(o.sizes(), ", "), "])."));
    }
    edges->push_back(GradientEdge(o));
  }
  return absl::OkStatus();
}

}  // namespace

Edge GradientEdge(const Tensor& t) {
  RefreshViewHistory(t);
  AutogradMeta& m = MetaOf(t);
  if (m.grad_fn != nullptr) return Edge{m.grad_fn, m.output_nr};
  std::shared_ptr<Node> acc = m.grad_accumulator.lock();
  if (acc == nullptr) {
    acc = std::make_shared<AccumulateGrad>(t);
    m.grad_accumulator = acc;
  }
  return Edge{acc, 0};
}

absl::Status Backward(const std::vector<Tensor>& outputs, std::vector<Tensor> grads,
                      bool retain_graph, bool create_graph, const std::vector<Tensor>& inputs) {
  std::vector<Edge> roots;
  RETURN_IF_ERROR(Roots(outputs, grads, &roots));
  std::vector<Capture> captures;
  std::vector<Edge> input_edges;
  for (const Tensor& t : inputs) {
    if (!t.requires_grad()) {
      return RuntimeError("One of the differentiated Tensors does not require grad");
    }
    input_edges.push_back(GradientEdge(t));
    captures.push_back({input_edges.back().fn.get(), input_edges.back().input_nr});
  }
  ASSIGN_OR_RETURN(std::vector<Tensor> got,
                   Execute(roots, std::move(grads), retain_graph || create_graph,
                           create_graph, captures, true));
  // backward(inputs=...): non-leaf inputs get the captured gradient as .grad.
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (IsLeaf(inputs[i]) || !got[i].defined()) continue;
    AutogradMeta& m = MetaOf(inputs[i]);
    if (!m.grad.defined()) {
      m.grad = got[i];
    } else {
      ASSIGN_OR_RETURN(m.grad, CallT("add", {m.grad, got[i]}));
    }
  }
  SweepDeadMetas();
  return absl::OkStatus();
}

absl::StatusOr<std::vector<Tensor>> Grad(const std::vector<Tensor>& outputs,
                                         std::vector<Tensor> grads,
                                         const std::vector<Tensor>& inputs, bool retain_graph,
                                         bool create_graph, bool allow_unused) {
  std::vector<Edge> roots;
  RETURN_IF_ERROR(Roots(outputs, grads, &roots));
  std::vector<Capture> captures;
  std::vector<Edge> keep;  // Keeps fresh accumulators alive while the graph runs.
  for (const Tensor& t : inputs) {
    if (!t.requires_grad()) {
      return RuntimeError("One of the differentiated Tensors does not require grad");
    }
    keep.push_back(GradientEdge(t));
    captures.push_back({keep.back().fn.get(), keep.back().input_nr});
  }
  ASSIGN_OR_RETURN(std::vector<Tensor> got,
                   Execute(roots, std::move(grads), retain_graph || create_graph,
                           create_graph, captures, false));
  for (size_t i = 0; i < got.size(); ++i) {
    if (got[i].defined() || allow_unused) continue;
    return RuntimeError(
        "One of the differentiated Tensors appears to not have been used in the graph. Set "
        "allow_unused=True if this is the desired behavior.");
  }
  SweepDeadMetas();
  return got;
}

}  // namespace wick::tensor::autograd
