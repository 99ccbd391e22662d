// Autograd metadata, grad mode, and recording at the op-call point (RunOp).
#include "tensor/autograd/autograd.h"

#include <algorithm>
#include <atomic>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_join.h"
#include "absl/synchronization/mutex.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/autograd/derivatives.h"
#include "tensor/ops/creation/creation.h"

namespace wick::tensor::autograd {
namespace {

thread_local bool g_grad_mode = true;
std::atomic<bool> g_anomaly{false};
std::atomic<bool> g_anomaly_check_nan{true};

struct MetaEntry {
  std::weak_ptr<const void> owner;  // The TensorImpl: expired once the tensor is gone.
  std::shared_ptr<AutogradMeta> meta;
};
struct MetaTable {
  absl::Mutex mu;
  absl::flat_hash_map<const void*, MetaEntry> map;
  uint64_t inserts = 0;
};
MetaTable& Metas() {
  static MetaTable* table = new MetaTable();
  return *table;
}

// A weak handle on t's TensorImpl. Tensor is exactly one shared_ptr to its Impl (the
// static_assert keeps that true), which is read here as a shared_ptr<const void>.
std::weak_ptr<const void> ImplOwner(const Tensor& t) {
  static_assert(sizeof(Tensor) == sizeof(std::shared_ptr<const void>));
  return *reinterpret_cast<const std::shared_ptr<const void>*>(&t);
}

// Drops the entries of dead tensors (their metadata is destroyed by the caller, outside
// the lock: destroying a graph may release other tensors).
void SweepLocked(MetaTable& table, std::vector<std::shared_ptr<AutogradMeta>>* dead) {
  for (auto it = table.map.begin(); it != table.map.end();) {
    if (it->second.owner.expired()) {
      dead->push_back(std::move(it->second.meta));
      table.map.erase(it++);
    } else {
      ++it;
    }
  }
}
std::atomic<uint64_t> g_next_sequence_nr{0};

// The requires_grad flag of t's TensorImpl (shared by every handle on it).
void SetFlag(const Tensor& t, bool requires_grad) {
  Tensor handle = t;
  handle.set_requires_grad(requires_grad);
}

bool Differentiable(const Tensor& t) { return t.defined() && IsFloating(t.dtype()); }

// A metadata-only stand-in for an unsaved tensor argument (formulas read its sizes).
Tensor Placeholder(const Tensor& t) {
  if (!t.defined()) return t;
  return Tensor::MetaStrided(t.sizes(), t.strides(), t.dtype());
}

// "torch.FloatTensor" for the in-place error message.
std::string LegacyTypeName(DType d) {
  switch (d) {
    case DType::kFloat64: return "torch.DoubleTensor";
    case DType::kFloat32: return "torch.FloatTensor";
    case DType::kInt64: return "torch.LongTensor";
    case DType::kInt32: return "torch.IntTensor";
    case DType::kBool: return "torch.BoolTensor";
    default: return absl::StrCat("torch.", DTypeName(d), "Tensor");
  }
}

// A tensor a formula reads, with what the in-place check needs to explain itself.
struct SavedTensor {
  Tensor tensor;
  uint64_t version = 0;
  std::string producer;  // grad_fn name at save time, "" for a leaf
  uint32_t output_nr = 0;
};

absl::Status CheckVersion(const SavedTensor& s) {
  return CheckSavedVersion(s.tensor, s.version, s.producer, s.output_nr);
}

void SetHistory(const Tensor& t, const std::shared_ptr<Node>& node, uint32_t output_nr);

// The node recorded for one registry op call.
class OpNode : public Node {
 public:
  OpNode(const OpDef& op, const Derivative* d) : op_(op), d_(d) {}
  std::string name() const override { return name_; }
  void Rename(std::string name) override { name_ = std::move(name); }

  absl::StatusOr<std::vector<Tensor>> Apply(std::vector<Tensor> grads) override {
    if (d_ == nullptr) {
      return RuntimeError(
          absl::StrCat("derivative for aten::", op_.name(), " is not implemented"));
    }
    if (released_ && !d_->save.empty()) return FreedGraphError();
    for (const SavedTensor& s : saved_) RETURN_IF_ERROR(CheckVersion(s));
    std::vector<Tensor> results = results_;
    if (GradModeEnabled()) {
      // create_graph: saved outputs come back with this node as their grad_fn, as
      // PyTorch's saved output variables do, so that formulas reading them (tanh,
      // sigmoid, softmax, logsumexp, ...) are differentiated through them too.
      for (size_t i = 0; i < results.size(); ++i) {
        Tensor& r = results[i];
        if (!r.defined() || r.is_meta() || !Differentiable(r)) continue;
        Tensor alias = Detach(r);
        SetHistory(alias, shared_from_this(), static_cast<uint32_t>(i));
        r = std::move(alias);
      }
    }
    GradCtx ctx{args_, std::move(results), std::move(grads), needs_};
    FormulaBuilder f;
    std::vector<Tensor> out = d_->formula(ctx, f);
    RETURN_IF_ERROR(f.status());
    out.resize(next_edges.size());
    return out;
  }

  void Release() override {
    released_ = true;
    for (Value& v : args_) {
      if (v.is_tensor()) {
        v = Value(Placeholder(v.to_tensor()));
      } else if (v.is_tensor_list()) {
        std::vector<Tensor> ts;
        for (const Tensor& t : v.to_tensor_list()) ts.push_back(Placeholder(t));
        v = Value(std::move(ts));
      }
    }
    for (Tensor& t : results_) t = Placeholder(t);
    for (SavedTensor& s : saved_) s.tensor = Placeholder(s.tensor);
  }

  const OpDef& op_;
  const Derivative* d_;
  std::string name_;
  std::vector<Value> args_;
  std::vector<Tensor> results_;
  std::vector<SavedTensor> saved_;
  std::vector<bool> needs_;
  bool released_ = false;
};

SavedTensor Save(const Tensor& t) {
  SavedTensor s{t, t.version(), "", 0};
  if (const AutogradMeta* m = FindMeta(t); m != nullptr && m->grad_fn != nullptr) {
    s.producer = m->grad_fn->name();
    s.output_nr = m->output_nr;
  }
  return s;
}

// The flattened tensor argument slots of a bound call: one per Tensor argument (an
// undefined tensor for None), one per element of a Tensor[] argument.
std::vector<Tensor> TensorSlots(const OpDef& op, const std::vector<Value>& args) {
  std::vector<Tensor> slots;
  for (size_t i = 0; i < args.size() && i < op.schema.arguments.size(); ++i) {
    const ArgType& t = op.schema.arguments[i].type;
    if (t.base != ArgType::Base::kTensor) continue;
    const Value& v = args[i];
    if (v.is_tensor()) {
      slots.push_back(v.to_tensor());
    } else if (v.is_tensor_list()) {
      for (const Tensor& e : v.to_tensor_list()) slots.push_back(e);
    } else if (!t.list) {
      slots.push_back(Tensor());
    }
  }
  return slots;
}

std::vector<Tensor> ResultTensors(const Value& v) {
  if (v.is_tensor()) return {v.to_tensor()};
  if (v.is_tensor_list()) return v.to_tensor_list();
  return {};
}

// The kernel, then a version bump for an in-place op whose kernel did not bump one.
absl::StatusOr<Value> RunKernel(const OpDef& op, const std::vector<Value>& args) {
  if (!op.is_inplace() || !args[0].is_tensor()) return op.kernel(OpArgs(args));
  const Tensor& self = args[0].to_tensor();
  const uint64_t before = self.version();
  absl::StatusOr<Value> result = op.kernel(OpArgs(args));
  if (result.ok() && self.version() == before) self.bump_version();
  return result;
}

void SetHistory(const Tensor& t, const std::shared_ptr<Node>& node, uint32_t output_nr) {
  AutogradMeta& m = MetaOf(t);
  m.grad_fn = node;
  m.output_nr = output_nr;
  SetFlag(t, true);
}

// --- in-place ops on views ---------------------------------------------------------

// A view's place in its base's storage.
struct ViewGeometry {
  Shape sizes, strides;
  int64_t offset = 0;  // Relative to the base's storage offset.
  explicit ViewGeometry(const Tensor& view, const Tensor& base)
      : sizes(view.sizes().begin(), view.sizes().end()),
        strides(view.strides().begin(), view.strides().end()),
        offset(view.storage_offset() - base.storage_offset()) {}
};

// Whether no two elements of t share memory (a base or view the gradient can be
// scattered into without summing).
bool NonOverlapping(IntSpan sizes, IntSpan strides) {
  std::vector<std::pair<int64_t, int64_t>> dims;  // (stride, size) of the dims that count
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (sizes[i] == 0) return true;
    if (sizes[i] > 1) dims.push_back({strides[i], sizes[i]});
  }
  std::sort(dims.begin(), dims.end());
  int64_t extent = 1;  // Elements spanned by the dims so far.
  for (const auto& [stride, size] : dims) {
    if (stride < extent) return false;
    extent = stride * size;
  }
  return true;
}

// A zero tensor with the base's sizes and strides, and the view's window on it.
absl::Status BaseShapedBuffer(const Shape& base_sizes, const Shape& base_strides,
                              const ViewGeometry& view, DType dtype, Tensor* buffer,
                              Tensor* window) {
  ASSIGN_OR_RETURN(*buffer, Tensor::EmptyStrided(base_sizes, base_strides, dtype));
  *window = Tensor::View(*buffer, view.sizes, view.strides,
                         buffer->storage_offset() + view.offset);
  return absl::OkStatus();
}

// The base's grad_fn after an in-place op on one of its views: runs the op's node on
// the view's part of the base's gradient; the rest of that gradient flows to the base's
// history from before the op unchanged.
class CopySlices : public Node {
 public:
  CopySlices(const Tensor& base, const Tensor& view, std::shared_ptr<Node> fn)
      : base_sizes_(base.sizes().begin(), base.sizes().end()),
        base_strides_(base.strides().begin(), base.strides().end()),
        view_(view, base),
        fn_(std::move(fn)) {}
  std::string name() const override { return "CopySlices"; }

  absl::StatusOr<std::vector<Tensor>> Apply(std::vector<Tensor> grads) override {
    Tensor result, window;
    RETURN_IF_ERROR(
        BaseShapedBuffer(base_sizes_, base_strides_, view_, grads[0].dtype(), &result, &window));
    RETURN_IF_ERROR(CopyInPlace(result, grads[0]));
    ASSIGN_OR_RETURN(Tensor part, window.CopyAs(window.dtype()));
    ASSIGN_OR_RETURN(std::vector<Tensor> res, fn_->Apply({std::move(part)}));
    if (res.empty()) res.resize(1);
    if (res[0].defined()) {
      RETURN_IF_ERROR(CopyInPlace(window, res[0]));
    } else {
      RETURN_IF_ERROR(FillInPlace(window, Scalar(0.0)));
    }
    res[0] = std::move(result);
    return res;
  }
  void Release() override { fn_->Release(); }

 private:
  Shape base_sizes_, base_strides_;
  ViewGeometry view_;
  std::shared_ptr<Node> fn_;
};

// A view's grad_fn once its base was written in place: the view's gradient scattered
// into a zero gradient of the base.
class AsStridedBackward : public Node {
 public:
  AsStridedBackward(const Tensor& base, const Tensor& view)
      : base_sizes_(base.sizes().begin(), base.sizes().end()),
        base_strides_(base.strides().begin(), base.strides().end()),
        view_(view, base) {}
  std::string name() const override { return "AsStridedBackward0"; }

  absl::StatusOr<std::vector<Tensor>> Apply(std::vector<Tensor> grads) override {
    Tensor result, window;
    RETURN_IF_ERROR(
        BaseShapedBuffer(base_sizes_, base_strides_, view_, grads[0].dtype(), &result, &window));
    RETURN_IF_ERROR(FillInPlace(result, Scalar(0.0)));
    RETURN_IF_ERROR(CopyInPlace(window, grads[0]));
    return std::vector<Tensor>{std::move(result)};
  }

 private:
  Shape base_sizes_, base_strides_;
  ViewGeometry view_;
};

// Makes `view`'s grad_fn an AsStridedBackward0 over base's current history.
void SetViewHistory(const Tensor& view, const Tensor& base) {
  auto node = std::make_shared<AsStridedBackward>(base, view);
  node->next_edges.push_back(GradientEdge(base));
  node->input_meta.push_back({Shape(view.sizes().begin(), view.sizes().end()), view.dtype()});
  SetHistory(view, node, 0);
  MetaOf(view).view_version = view.version();
}

// After `op_node` ran in place on `view` (of `base`): base's history becomes CopySlices
// over op_node, the view's an AsStridedBackward0 over that.
absl::Status RewriteBaseHistory(const std::shared_ptr<Node>& op_node, const Tensor& view,
                                const Tensor& base) {
  if (!NonOverlapping(base.sizes(), base.strides()) ||
      !NonOverlapping(view.sizes(), view.strides())) {
    return RuntimeError(
        "unsupported operation: more than one element of the written-to tensor refers to a "
        "single memory location. Please clone() the tensor before performing the operation.");
  }
  auto cs = std::make_shared<CopySlices>(base, view, op_node);
  cs->next_edges = op_node->next_edges;
  cs->next_edges[0] = base.requires_grad() ? GradientEdge(base) : Edge{};
  cs->input_meta.push_back({Shape(base.sizes().begin(), base.sizes().end()), base.dtype()});
  SetHistory(base, cs, 0);
  SetViewHistory(view, base);
  return absl::OkStatus();
}

// The base an in-place op on `t` must rewrite the history of, if t is a marked view.
Tensor ViewBaseOf(const Tensor& t) {
  const AutogradMeta* m = FindMeta(t);
  return m != nullptr ? m->view_base : Tensor();
}

absl::StatusOr<Value> RecordOp(const OpDef& op, std::vector<Value> args) {
  const Derivative* d = FindDerivative(op);
  if (d != nullptr && d->composite) return d->composite(OpArgs(args));
  if (d != nullptr && !d->formula) {
    // Not differentiable (detach, zeros_like, ...): outputs never require grad, unless
    // the call asked for a new leaf (zeros_like(x, requires_grad=True)).
    ASSIGN_OR_RETURN(Value result, RunKernel(op, args));
    for (size_t i = 0; i < op.schema.arguments.size() && i < args.size(); ++i) {
      if (op.schema.arguments[i].name == "requires_grad" && args[i].is_bool() &&
          args[i].to_bool()) {
        return result;
      }
    }
    for (const Tensor& o : ResultTensors(result)) {
      bool is_input = false;
      for (const Value& v : args) is_input |= v.is_tensor() && v.to_tensor().is_same(o);
      if (o.defined() && !is_input) SetFlag(o, false);
    }
    return result;
  }
  const bool inplace = op.is_inplace();
  std::vector<Tensor> inputs = TensorSlots(op, args);
  Tensor view_base;  // Set for an in-place op on a view.
  if (inplace && args[0].is_tensor()) {
    const Tensor& self = args[0].to_tensor();
    view_base = ViewBaseOf(self);
    if (view_base.defined()) {
      if (view_base.requires_grad() && IsLeaf(view_base)) {
        return RuntimeError(
            "a view of a leaf Variable that requires grad is being used in an in-place "
            "operation.");
      }
    } else if (self.requires_grad() && IsLeaf(self)) {
      return RuntimeError(
          "a leaf Variable that requires grad is being used in an in-place operation.");
    }
  }
  // Edges are taken before the kernel: an in-place op replaces self's history.
  auto node = std::make_shared<OpNode>(op, d);
  node->name_ = d == nullptr ? "NotImplemented"
                : d->name_fn ? d->name_fn(OpArgs(args))
                             : d->node;
  bool any = false;
  for (const Tensor& t : inputs) {
    const bool needs = t.defined() && t.requires_grad() && Differentiable(t);
    node->needs_.push_back(needs);
    node->next_edges.push_back(needs ? GradientEdge(t) : Edge{});
    any |= needs;
  }
  std::vector<SavedTensor> saved;
  std::vector<Value> node_args = args;
  if (d != nullptr) {
    for (int i : d->save) {
      if (i < 0) continue;  // results are saved after the kernel
      if (i == 0 && inplace && args[0].is_tensor()) {
        // The kernel overwrites self: the formula reads a copy of the original.
        ASSIGN_OR_RETURN(Tensor original, args[0].to_tensor().CopyAs(args[0].to_tensor().dtype()));
        node_args[0] = Value(std::move(original));
        continue;
      }
      // Arguments the op writes (batch_norm's running stats) change by design.
      if (op.schema.arguments[i].is_write) continue;
      for (const Tensor& t : ResultTensors(args[i])) {
        if (t.defined()) saved.push_back(Save(t));
      }
    }
  }
  ASSIGN_OR_RETURN(Value result, RunKernel(op, args));
  if (!any) return result;
  std::vector<Tensor> outputs = ResultTensors(result);
  args = std::move(node_args);
  std::vector<bool> save_result(outputs.size(), false);
  std::vector<bool> saved_arg(args.size(), false);
  if (d != nullptr) {
    for (int i : d->save) {
      if (i == kResult) {
        save_result.assign(outputs.size(), true);
      } else if (i < 0) {
        const size_t r = static_cast<size_t>(-2 - i);
        if (r < save_result.size()) save_result[r] = true;
      } else {
        saved_arg[i] = true;
      }
    }
  }
  for (size_t i = 0; i < args.size(); ++i) {
    if (saved_arg[i]) continue;
    if (args[i].is_tensor()) {
      args[i] = Value(Placeholder(args[i].to_tensor()));
    } else if (args[i].is_tensor_list()) {
      std::vector<Tensor> ts;
      for (const Tensor& t : args[i].to_tensor_list()) ts.push_back(Placeholder(t));
      args[i] = Value(std::move(ts));
    }
  }
  node->args_ = std::move(args);
  for (size_t r = 0; r < outputs.size(); ++r) {
    const Tensor& o = outputs[r];
    node->input_meta.push_back({Shape(o.sizes().begin(), o.sizes().end()), o.dtype()});
    if (!o.defined()) {
      node->results_.push_back(o);
      continue;
    }
    if (save_result[r]) {
      Tensor alias = Detach(o);
      node->results_.push_back(alias);
      saved.push_back({alias, o.version(), node->name(),
                       static_cast<uint32_t>(node->results_.size() - 1)});
    } else {
      node->results_.push_back(Placeholder(o));
    }
  }
  node->saved_ = std::move(saved);
  if (view_base.defined() && !outputs.empty() && Differentiable(outputs[0])) {
    RETURN_IF_ERROR(RewriteBaseHistory(node, outputs[0], view_base));
    return result;
  }
  const bool view_op = op.is_view() && !inplace && !inputs.empty() && inputs[0].defined();
  for (size_t i = 0; i < outputs.size(); ++i) {
    const Tensor& o = outputs[i];
    if (!o.defined()) continue;
    // An op that hands back an input itself (x.to(x.dtype), x.contiguous()) records
    // nothing on it.
    bool is_input = false;
    for (const Tensor& t : inputs) is_input |= !inplace && t.defined() && t.is_same(o);
    if (is_input) continue;
    if (Differentiable(o)) {
      SetHistory(o, node, static_cast<uint32_t>(i));
      if (view_op && o.shares_storage(inputs[0])) MarkView(o, inputs[0]);
    } else if (!inplace) {
      SetFlag(o, false);
    }
  }
  return result;
}

}  // namespace

Node::Node() : sequence_nr(g_next_sequence_nr.fetch_add(1)) {}

bool GradModeEnabled() { return g_grad_mode; }
bool AnomalyEnabled() { return g_anomaly; }
bool AnomalyCheckNan() { return g_anomaly_check_nan; }
void SetAnomaly(bool enabled, bool check_nan) {
  g_anomaly = enabled;
  g_anomaly_check_nan = check_nan;
}
void SetGradModeEnabled(bool enabled) { g_grad_mode = enabled; }

AutogradMeta* FindMeta(const Tensor& t) {
  if (!t.defined()) return nullptr;
  MetaTable& table = Metas();
  absl::MutexLock lock(&table.mu);
  auto it = table.map.find(t.id());
  if (it == table.map.end()) return nullptr;
  if (it->second.owner.expired()) return nullptr;  // A dead tensor's entry: swept later.
  return it->second.meta.get();
}

std::shared_ptr<AutogradMeta> MetaPtr(const Tensor& t) {
  MetaOf(t);
  MetaTable& table = Metas();
  absl::MutexLock lock(&table.mu);
  return table.map[t.id()].meta;
}

AutogradMeta& MetaOf(const Tensor& t) {
  std::vector<std::shared_ptr<AutogradMeta>> dead;  // Destroyed after the lock is let go.
  AutogradMeta* meta;
  {
    MetaTable& table = Metas();
    absl::MutexLock lock(&table.mu);
    MetaEntry& e = table.map[t.id()];
    if (e.meta != nullptr && !e.owner.expired()) return *e.meta;
    if (e.meta != nullptr) dead.push_back(std::move(e.meta));
    e.owner = ImplOwner(t);
    e.meta = std::make_shared<AutogradMeta>();
    meta = e.meta.get();
    if (++table.inserts % 256 == 0) SweepLocked(table, &dead);
  }
  return *meta;
}

void ShareMeta(const Tensor& from, const Tensor& to) {
  std::shared_ptr<AutogradMeta> m = FindMeta(from) != nullptr ? MetaPtr(from) : nullptr;
  std::shared_ptr<AutogradMeta> old;
  MetaTable& table = Metas();
  absl::MutexLock lock(&table.mu);
  if (m == nullptr) {
    auto it = table.map.find(to.id());
    if (it != table.map.end()) {
      old = std::move(it->second.meta);
      table.map.erase(it);
    }
    return;
  }
  MetaEntry& e = table.map[to.id()];
  old = std::move(e.meta);
  e.owner = ImplOwner(to);
  e.meta = std::move(m);
}

long ImplUseCount(const Tensor& t) { return ImplOwner(t).use_count(); }

void SweepDeadMetas() {
  std::vector<std::shared_ptr<AutogradMeta>> dead;
  {
    MetaTable& table = Metas();
    absl::MutexLock lock(&table.mu);
    SweepLocked(table, &dead);
  }
}

Tensor GradOf(const Tensor& t) {
  const AutogradMeta* m = FindMeta(t);
  return m != nullptr ? m->grad : Tensor();
}

void SetGrad(const Tensor& t, Tensor grad) {
  if (!grad.defined() && FindMeta(t) == nullptr) return;
  MetaOf(t).grad = std::move(grad);
}

void MarkView(const Tensor& view, const Tensor& base) {
  Tensor root = ViewBaseOf(base);
  if (!root.defined()) root = base;
  AutogradMeta& m = MetaOf(view);
  m.view_base = std::move(root);
  m.view_version = view.version();
}

void RefreshViewHistory(const Tensor& t) {
  AutogradMeta* m = FindMeta(t);
  if (m == nullptr || !m->view_base.defined() || m->view_version == t.version()) return;
  m->view_version = t.version();
  const Tensor base = m->view_base;
  if (!base.requires_grad() || !Differentiable(t) || !NonOverlapping(t.sizes(), t.strides()) ||
      !NonOverlapping(base.sizes(), base.strides())) {
    return;
  }
  SetViewHistory(t, base);
}

std::shared_ptr<Node> GradFnOf(const Tensor& t) {
  RefreshViewHistory(t);
  const AutogradMeta* m = FindMeta(t);
  return m != nullptr ? m->grad_fn : nullptr;
}

absl::Status SetRequiresGrad(const Tensor& t, bool requires_grad) {
  if (!IsLeaf(t)) {
    if (requires_grad) return absl::OkStatus();
    return RuntimeError(
        "you can only change requires_grad flags of leaf variables. If you want to use a "
        "computed variable in a subgraph that doesn't require differentiation use "
        "var_no_grad = var.detach().");
  }
  if (requires_grad && !IsFloating(t.dtype())) {
    return RuntimeError("only Tensors of floating point dtype can require gradients");
  }
  SetFlag(t, requires_grad);
  return absl::OkStatus();
}

Tensor Detach(const Tensor& t) {
  Tensor d = Tensor::View(t, t.sizes(), t.strides(), t.storage_offset());
  d.set_requires_grad(false);
  return d;
}

absl::Status DetachInPlace(const Tensor& t) {
  if (AutogradMeta* m = FindMeta(t)) {
    m->grad_fn = nullptr;
    m->output_nr = 0;
    m->hooks.clear();
  }
  SetFlag(t, false);
  return absl::OkStatus();
}

absl::Status RegisterHook(const Tensor& t, Hook hook) {
  if (!t.requires_grad()) {
    return RuntimeError("cannot register a hook on a tensor that doesn't require gradient");
  }
  AutogradMeta& m = MetaOf(t);
  if (m.grad_fn == nullptr) {
    m.hooks.push_back(std::move(hook));
  } else {
    m.grad_fn->pre_hooks.emplace_back(m.output_nr, std::move(hook));
  }
  return absl::OkStatus();
}

absl::Status RetainGrad(const Tensor& t) {
  if (!t.requires_grad()) {
    return RuntimeError("can't retain_grad on Tensor that has requires_grad=False");
  }
  AutogradMeta& m = MetaOf(t);
  if (m.grad_fn == nullptr || m.retains_grad) return absl::OkStatus();
  m.retains_grad = true;
  std::weak_ptr<AutogradMeta> weak = MetaPtr(t);
  m.grad_fn->pre_hooks.emplace_back(
      m.output_nr, [weak](const Tensor& grad) -> absl::StatusOr<Tensor> {
        if (std::shared_ptr<AutogradMeta> meta = weak.lock()) {
          if (!meta->grad.defined()) {
            ASSIGN_OR_RETURN(meta->grad, grad.CopyAs(grad.dtype()));
          } else {
            GradModeGuard off(false);
            ASSIGN_OR_RETURN(meta->grad, CallT("add", {meta->grad, grad}));
          }
        }
        return Tensor();
      });
  return absl::OkStatus();
}

namespace {

thread_local OpObserver* t_observer = nullptr;
// Whether a RunOp call below the current one ran (the current call is then no leaf).
thread_local bool* t_parent_had_children = nullptr;

absl::StatusOr<Value> RunOpUnobserved(const OpDef& op, std::vector<Value> args) {
  if (!NeedsRecording(args)) {
    ASSIGN_OR_RETURN(Value result, RunKernel(op, args));
    // A view is marked as one even when nothing requires grad (as PyTorch tracks every
    // view under grad mode): an in-place op that later writes a value requiring grad
    // through it (zeros(...)[:, 1:].copy_(x)) must rewrite its base's history.
    if (op.is_view() && !op.is_inplace() && GradModeEnabled() && !args.empty() &&
        args[0].is_tensor() && args[0].to_tensor().defined()) {
      const Tensor& base = args[0].to_tensor();
      for (const Tensor& o : ResultTensors(result)) {
        if (o.defined() && !o.is_same(base) && o.shares_storage(base)) MarkView(o, base);
      }
    }
    return result;
  }
  return RecordOp(op, std::move(args));
}

}  // namespace

ObserveOps::ObserveOps(OpObserver* observer) : saved_(t_observer) { t_observer = observer; }
ObserveOps::~ObserveOps() { t_observer = saved_; }

absl::StatusOr<Value> RunOp(const OpDef& op, std::vector<Value> args) {
  if (t_observer == nullptr) return RunOpUnobserved(op, std::move(args));
  if (t_parent_had_children != nullptr) *t_parent_had_children = true;
  bool had_children = false;
  bool* const saved = t_parent_had_children;
  t_parent_had_children = &had_children;
  std::vector<Value> seen = args;
  absl::StatusOr<Value> r = RunOpUnobserved(op, std::move(args));
  t_parent_had_children = saved;
  if (r.ok() && !had_children && t_observer != nullptr) t_observer->OnOp(op, seen, *r);
  return r;
}

absl::StatusOr<Value> Call(absl::string_view name, std::vector<Value> args,
                           const Kwargs& kwargs) {
  ASSIGN_OR_RETURN(BoundCall call, OpRegistry::Global().Bind(name, args, kwargs));
  return RunOp(*call.op, std::move(call.args));
}

absl::StatusOr<Tensor> CallT(absl::string_view name, std::vector<Value> args,
                             const Kwargs& kwargs) {
  ASSIGN_OR_RETURN(Value v, Call(name, std::move(args), kwargs));
  if (!v.is_tensor()) return absl::InternalError(absl::StrCat(name, " did not return a Tensor"));
  return v.to_tensor();
}

absl::StatusOr<std::vector<Tensor>> FunctionNode::Apply(std::vector<Tensor> grads) {
  if (released_) return FreedGraphError();
  return backward_(std::move(grads));
}

void FunctionNode::Release() {
  released_ = release_ != nullptr;
  if (release_) release_();
}

void RecordFunction(const std::shared_ptr<Node>& node, const std::vector<Tensor>& inputs,
                    const std::vector<Tensor>& outputs,
                    const std::vector<bool>& non_differentiable) {
  for (const Tensor& t : inputs) {
    const bool needs = t.defined() && t.requires_grad() && Differentiable(t);
    node->next_edges.push_back(needs ? GradientEdge(t) : Edge{});
  }
  for (size_t i = 0; i < outputs.size(); ++i) {
    const Tensor& o = outputs[i];
    node->input_meta.push_back(
        {o.defined() ? Shape(o.sizes().begin(), o.sizes().end()) : Shape(),
         o.defined() ? o.dtype() : DType::kFloat32});
    if (!o.defined()) continue;
    const bool nd = i < non_differentiable.size() && non_differentiable[i];
    if (Differentiable(o) && !nd) {
      SetHistory(o, node, static_cast<uint32_t>(i));
    } else {
      SetFlag(o, false);
    }
  }
}

absl::Status CheckSavedVersion(const Tensor& t, uint64_t version, absl::string_view producer,
                               uint32_t output_nr) {
  if (t.version() == version) return absl::OkStatus();
  std::string where;
  if (!producer.empty()) {
    where = absl::StrCat(", which is output ", output_nr, " of ", producer, ",");
  }
  return RuntimeError(absl::StrCat(
      "one of the variables needed for gradient computation has been modified by an inplace "
      "operation: [", LegacyTypeName(t.dtype()), " [", absl::StrJoin(t.sizes(), ", "), "]]",
      where, " is at version ", t.version(), "; expected version ", version,
      " instead. Hint: enable anomaly detection to find the operation that failed to compute "
      "its gradient, with torch.autograd.set_detect_anomaly(True)."));
}

absl::Status FreedGraphError() {
  return RuntimeError(
      "Trying to backward through the graph a second time (or directly access saved tensors "
      "after they have already been freed). Saved intermediate values of the graph are freed "
      "when you call .backward() or autograd.grad(). Specify retain_graph=True if you need to "
      "backward through the graph a second time or if you need to access saved tensors after "
      "calling backward.");
}

}  // namespace wick::tensor::autograd
