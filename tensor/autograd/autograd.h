// Eager autograd: the graph PyTorch records while grad mode is on, and the engine that
// runs it backwards.
//
// Every registry op call that may need recording goes through RunOp (the VM's CallOp
// does; derivative formulas do too, so create_graph records the backward itself). With
// grad mode on and a floating input that requires grad, RunOp runs the kernel and
// records an OpNode (named as PyTorch names it: MulBackward0, AddmmBackward0, ...) whose
// formula comes from the derivative table (derivatives.h), keyed by the op's full schema
// name. An op without an entry records a node that fails when differentiated, with
// PyTorch's "derivative for aten::X is not implemented".
//
//   Tensor x = ...; x.set_requires_grad(true);
//   ASSIGN_OR_RETURN(Value y, autograd::Call("mul", {x, x}));
//   RETURN_IF_ERROR(autograd::Backward({y.to_tensor().sum()}, {}, false, false));
//   autograd::GradOf(x);   // 2 * x
#ifndef WICK_TENSOR_AUTOGRAD_AUTOGRAD_H_
#define WICK_TENSOR_AUTOGRAD_AUTOGRAD_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "tensor/op_registry.h"
#include "tensor/tensor.h"
#include "tensor/value.h"

namespace wick::tensor::autograd {

// Grad mode (torch.is_grad_enabled), per thread: one Runtime per thread.
bool GradModeEnabled();
void SetGradModeEnabled(bool enabled);
class GradModeGuard {
 public:
  explicit GradModeGuard(bool enabled) : saved_(GradModeEnabled()) {
    SetGradModeEnabled(enabled);
  }
  ~GradModeGuard() { SetGradModeEnabled(saved_); }

 private:
  bool saved_;
};

class Node;

// A gradient edge: the node that receives the gradient, and which of its inputs.
struct Edge {
  std::shared_ptr<Node> fn;
  uint32_t input_nr = 0;
};

// The shape and dtype a gradient flowing into one node input must have (the engine sums
// broadcast gradients down to it and casts to its dtype, as PyTorch's validate_outputs).
struct InputMeta {
  Shape sizes;
  DType dtype = DType::kFloat32;
};

// A tensor hook: returns a replacement gradient, or an undefined tensor to keep it.
using Hook = std::function<absl::StatusOr<Tensor>(const Tensor& grad)>;

class Node : public std::enable_shared_from_this<Node> {
 public:
  Node();
  virtual ~Node() = default;
  // PyTorch's class name: "AddBackward0", "AccumulateGrad".
  virtual std::string name() const = 0;
  // Gradients of the node's inputs (one per next_edges entry; undefined = none) from
  // those of its outputs (one per input_meta entry, undefined ones already zero-filled
  // unless accepts_undefined()).
  virtual absl::StatusOr<std::vector<Tensor>> Apply(std::vector<Tensor> grads) = 0;
  // Drops saved tensors (backward without retain_graph).
  virtual void Release() {}
  virtual bool accepts_undefined() const { return false; }
  // Composite ops name the node of their last step as PyTorch's kernel would
  // (reshape's view is ReshapeAliasBackward0); no-op for non-op nodes.
  virtual void Rename(std::string) {}

  std::vector<Edge> next_edges;
  std::vector<InputMeta> input_meta;  // One per output of the forward op.
  uint64_t sequence_nr;
  // Hooks on the node's outputs (tensor.register_hook on a non-leaf, retain_grad), run
  // on the incoming gradient of output `first` before Apply.
  std::vector<std::pair<uint32_t, Hook>> pre_hooks;
};

struct AutogradMeta {
  Tensor grad;                       // .grad (leaves, or retain_grad)
  std::shared_ptr<Node> grad_fn;     // null for leaves
  uint32_t output_nr = 0;
  std::weak_ptr<Node> grad_accumulator;  // AccumulateGrad of a leaf
  bool retains_grad = false;
  std::vector<Hook> hooks;           // Leaf hooks (non-leaf ones live on grad_fn).
  // Views made by a recorded view op (or marked by MarkView): the tensor whose storage
  // they view (the root, never itself a view), so that an in-place op on the view
  // rewrites the base's history (PyTorch's CopySlices), and the version at which the
  // view's grad_fn was last valid (an in-place write to the base regenerates it).
  Tensor view_base;
  uint64_t view_version = 0;
};

// --- queries and setters used by the VM --------------------------------------------

// Autograd metadata lives beside the tensor, keyed by its TensorImpl and dropped once
// that dies (tensor.h has no slot for it yet: adding one rebuilds every package, so it
// waits for a quieter moment). Only tensors autograd touched have an entry.
AutogradMeta* FindMeta(const Tensor& t);          // null if none
std::shared_ptr<AutogradMeta> MetaPtr(const Tensor& t);
AutogradMeta& MetaOf(const Tensor& t);            // created on first use
// `to` takes `from`'s metadata (Tensor.data = ...: the Python tensor keeps its identity).
void ShareMeta(const Tensor& from, const Tensor& to);
// Handles sharing t's TensorImpl.
long ImplUseCount(const Tensor& t);
// Frees the metadata (and so the graphs) of tensors that are gone; the engine calls it
// after every backward, MetaOf every few hundred new entries.
void SweepDeadMetas();

inline bool IsLeaf(const Tensor& t) {
  if (!t.requires_grad()) return true;
  const AutogradMeta* m = FindMeta(t);
  return m == nullptr || m->grad_fn == nullptr;
}
Tensor GradOf(const Tensor& t);         // undefined if none
void SetGrad(const Tensor& t, Tensor grad);
std::shared_ptr<Node> GradFnOf(const Tensor& t);
// The edge a gradient for `t` flows along: grad_fn/output_nr, or the leaf's accumulator.
Edge GradientEdge(const Tensor& t);
// A view whose base was written in place since the view's grad_fn was set gets a new
// one (AsStridedBackward0 over the base's history), as PyTorch regenerates it; GradFnOf
// and GradientEdge call it.
void RefreshViewHistory(const Tensor& t);
// requires_grad_(b): PyTorch's checks (leaf only for False, floating dtypes only).
absl::Status SetRequiresGrad(const Tensor& t, bool requires_grad);
// A new tensor sharing t's storage and version counter with no autograd history (a
// plain Tensor::View keeps its base's requires_grad, as PyTorch's no-grad views do).
Tensor Detach(const Tensor& t);
// detach_(): t itself becomes a leaf that does not require grad.
absl::Status DetachInPlace(const Tensor& t);
absl::Status RegisterHook(const Tensor& t, Hook hook);
// Marks `view` (sharing `base`'s storage) as a view of base for autograd: an in-place op
// on it then gives base the grad_fn CopySlices. Recorded view ops mark their outputs;
// Tensor.__setitem__ marks the views it writes through without recording them.
void MarkView(const Tensor& view, const Tensor& base);
absl::Status RetainGrad(const Tensor& t);

// Anomaly detection (torch.autograd.detect_anomaly / set_detect_anomaly): with
// check_nan, the engine fails when a node returns a gradient holding NaN, naming the
// node ("Function 'DivBackward0' returned nan values in its 1th output."). Process-wide,
// as PyTorch's. The forward call's traceback is not recorded.
bool AnomalyEnabled();
bool AnomalyCheckNan();
void SetAnomaly(bool enabled, bool check_nan);

// --- running ops ------------------------------------------------------------------

// Whether a bound call needs recording: grad mode on and a tensor argument requires
// grad. Cheap: the VM's fast path is `!NeedsRecording(args) -> kernel`.
inline bool AnyRequiresGrad(absl::Span<const Value> args) {
  for (const Value& v : args) {
    if (v.is_tensor()) {
      const Tensor& t = v.to_tensor();
      if (t.defined() && t.requires_grad()) return true;
    } else if (v.is_tensor_list()) {
      for (const Tensor& t : v.to_tensor_list()) {
        if (t.defined() && t.requires_grad()) return true;
      }
    }
  }
  return false;
}
inline bool NeedsRecording(absl::Span<const Value> args) {
  return GradModeEnabled() && AnyRequiresGrad(args);
}

// Sees every op call that goes through RunOp on this thread while installed (AOT
// autograd's joint-graph tracer, partitioner/joint.h). Only *leaf* calls are reported: a
// composite op that ran as its decomposition is reported as its parts, not as itself.
// `args` are the bound arguments as the kernel got them (before any saving copy).
class OpObserver {
 public:
  virtual ~OpObserver() = default;
  virtual void OnOp(const OpDef& op, const std::vector<Value>& args, const Value& result) = 0;
};
// Installs `observer` for the scope (nesting restores the previous one).
class ObserveOps {
 public:
  explicit ObserveOps(OpObserver* observer);
  ~ObserveOps();
  ObserveOps(const ObserveOps&) = delete;
  ObserveOps& operator=(const ObserveOps&) = delete;

 private:
  OpObserver* saved_;
};

// Runs `op` on bound arguments, recording a node when NeedsRecording. In-place ops bump
// the written tensor's version counter.
absl::StatusOr<Value> RunOp(const OpDef& op, std::vector<Value> args);
// Bind + RunOp on the global registry (what derivative formulas call).
absl::StatusOr<Value> Call(absl::string_view name, std::vector<Value> args,
                           const Kwargs& kwargs = {});
absl::StatusOr<Tensor> CallT(absl::string_view name, std::vector<Value> args,
                             const Kwargs& kwargs = {});

// --- the engine -------------------------------------------------------------------

// tensor.backward / torch.autograd.backward: accumulates into the leaves' .grad (or
// only into `inputs` when given). `grads[i]` undefined: ones for a scalar output,
// otherwise PyTorch's "grad can be implicitly created only for scalar outputs".
absl::Status Backward(const std::vector<Tensor>& outputs, std::vector<Tensor> grads,
                      bool retain_graph, bool create_graph,
                      const std::vector<Tensor>& inputs = {});
// torch.autograd.grad: the gradients of `outputs` with respect to `inputs`; undefined
// where an input is unreachable and allow_unused.
absl::StatusOr<std::vector<Tensor>> Grad(const std::vector<Tensor>& outputs,
                                         std::vector<Tensor> grads,
                                         const std::vector<Tensor>& inputs, bool retain_graph,
                                         bool create_graph, bool allow_unused);

// A node whose backward is a host callback (torch.autograd.Function, the VM's
// CompiledFunctionBackward). Record it over `inputs` (the edges come from those that
// require grad) and attach it to `outputs` (differentiable ones; the others are marked
// as not requiring grad).
class FunctionNode : public Node {
 public:
  using Backward = std::function<absl::StatusOr<std::vector<Tensor>>(std::vector<Tensor>)>;
  // `accepts_undefined`: the callback gets undefined tensors for outputs no gradient
  // reached (PyTorch's set_materialize_grads(False)) instead of zeros.
  FunctionNode(std::string name, Backward backward, std::function<void()> release = {},
               bool accepts_undefined = false)
      : name_(std::move(name)),
        backward_(std::move(backward)),
        release_(std::move(release)),
        accepts_undefined_(accepts_undefined) {}
  std::string name() const override { return name_; }
  bool accepts_undefined() const override { return accepts_undefined_; }
  absl::StatusOr<std::vector<Tensor>> Apply(std::vector<Tensor> grads) override;
  void Release() override;

 private:
  std::string name_;
  Backward backward_;
  std::function<void()> release_;
  bool accepts_undefined_ = false;
  bool released_ = false;
};
// Connects `node` to `inputs` (next_edges, one per input, empty edge where the input
// does not require grad) and makes it the grad_fn of the floating `outputs` that are
// not listed in `non_differentiable`.
void RecordFunction(const std::shared_ptr<Node>& node, const std::vector<Tensor>& inputs,
                    const std::vector<Tensor>& outputs,
                    const std::vector<bool>& non_differentiable = {});

// PyTorch's in-place error ("one of the variables needed for gradient computation has
// been modified by an inplace operation: ...") when `t`'s version is no longer
// `version`, the one it had when saved; `producer` names the node whose output it was
// ("" for a leaf).
absl::Status CheckSavedVersion(const Tensor& t, uint64_t version,
                               absl::string_view producer = "", uint32_t output_nr = 0);

// PyTorch's "Trying to backward through the graph a second time ..." error.
absl::Status FreedGraphError();

}  // namespace wick::tensor::autograd

#endif  // WICK_TENSOR_AUTOGRAD_AUTOGRAD_H_
