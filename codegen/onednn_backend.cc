// The `onednn` backend: partitions a graph (partitioner::GroupFusible with
// OneDnnSupport), lowers each partition to a Step (internal/onednn_lowering.h), plans
// buffers by liveness, and runs the steps. Primitives, memory objects, packed weights,
// the scratchpad and the intermediate-buffer arena are created once at Compile and held
// by the compiled graph; a run only points memory objects at data and executes.
#include <omp.h>

#include <algorithm>
#include <memory>
#include <utility>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/synchronization/mutex.h"
#include "base/status_macros.h"
#include "codegen/backend.h"
#include "codegen/internal/constant_folding.h"
#include "codegen/internal/conv_fusion.h"
#include "codegen/internal/dnnl_call.h"
#include "codegen/internal/onednn_lowering.h"
#include "codegen/internal/onednn_support.h"
#include "codegen/internal/row_kernels.h"
#include "graph/passes.h"
#include "logging/logging.h"
#include "tensor/parallel.h"

namespace wick::codegen {
namespace {

using graph::Arg;
using graph::Graph;
using graph::Node;
using graph::NodeId;
using graph::NodeKind;
using graph::ValueRef;
using internal::ArgBinding;
using internal::Step;
using tensor::Tensor;
using tensor::Value;

// Every node id a step reads.
std::vector<NodeId> StepReads(const Graph& g, const Step& s) {
  std::vector<NodeId> reads;
  for (NodeId id : s.nodes) {
    for (const Arg& a : g.node(id).args) {
      for (ValueRef r : a.refs()) {
        if (r.node >= 0) reads.push_back(r.node);
      }
    }
  }
  return reads;
}

const Tensor* TensorOf(const std::vector<Value>& values, ValueRef r) {
  const Value& v = values[r.node];
  if (r.index >= 0) return v.is_tensor_list() ? &v.to_tensor_list()[r.index] : nullptr;
  return v.is_tensor() ? &v.to_tensor() : nullptr;
}

class OneDnnCompiledGraph : public CompiledGraph {
 public:
  explicit OneDnnCompiledGraph(Graph g, OneDnnFault fault = OneDnnFault::kNone)
      : graph_(std::move(g)), fault_(fault) {}
  absl::Status Build();
  absl::StatusOr<std::vector<Tensor>> Run(absl::Span<const Tensor> inputs) override;
  std::string Describe() const;

 private:
  void Plan();
  bool InPlaceInput(const Step& s, NodeId id) const;
  absl::StatusOr<Value> RunKernel(const Step& s, const std::vector<Value>& values) const;
  absl::StatusOr<Tensor> NewResult(const Step& s);
  absl::Status RunPrimitive(Step& s, std::vector<Value>& values);
  absl::Status RunPointwise(Step& s, std::vector<Value>& values);
  absl::Status RunRows(Step& s, std::vector<Value>& values);
  absl::Status RunFolds(std::vector<Value>& values);
  absl::Status SharePackedWeight(Step& s);

  Graph graph_;
  OneDnnFault fault_;
  std::vector<Step> steps_;
  // Folded nodes (internal/constant_folding.h) run as kernels before the steps, on the
  // first call and whenever a source tensor is another one or was updated in place.
  std::vector<bool> folded_;
  std::vector<Step> folds_;
  std::vector<Value> fold_values_;            // per fold step, its kept result
  std::vector<NodeId> fold_sources_;          // parameters / constants the folds read
  std::vector<Tensor> fold_source_tensors_;   // ...as last seen (kept alive: their
  std::vector<uint64_t> fold_source_versions_;  // addresses cannot be reused)
  bool folds_valid_ = false;
  std::vector<bool> returned_;
  std::vector<int64_t> slot_bytes_;  // arena slot sizes
  std::vector<Tensor> arena_;        // one block per slot, allocated at Build
  Tensor scratchpad_;                // shared by every primitive (runs are serialized)
  std::unique_ptr<dnnl::stream> stream_;
  dnnl_stream_t stream_handle_ = nullptr;  // runs use the C API, which returns statuses
  int num_inputs_ = 0;
  absl::Mutex mu_;  // one run at a time: the arena, scratchpad and memories are shared
};

// oneDNN's OpenMP runtime reads the calling thread's thread count, both when it plans a
// primitive and when it runs one; keep it at wick's policy (tensor::NumThreads).
void SyncThreads() {
  if (omp_get_max_threads() != tensor::NumThreads()) omp_set_num_threads(tensor::NumThreads());
}

absl::Status OneDnnCompiledGraph::Build() {
  if (fault_ == OneDnnFault::kWholeGraph) return absl::InternalError("injected lowering failure");
  SyncThreads();
  ASSIGN_OR_RETURN(const dnnl::engine* engine, internal::CpuEngine());
  RETURN_IF_ERROR(internal::DnnlCall([&] {
    stream_ = std::make_unique<dnnl::stream>(*engine);
    stream_handle_ = stream_->get();
  }));
  // conv -> batch_norm(eval) [-> relu] as one oneDNN convolution with folded weights.
  const graph::NamedPass fusion[] = {{"fuse_conv_batch_norm", internal::FuseConvBatchNorm}};
  RETURN_IF_ERROR(graph::RunPasses(graph_, fusion).status());
  folded_ = internal::FoldableNodes(graph_);
  internal::OneDnnSupport onednn;
  internal::FoldingSupport support(onednn, folded_);
  for (const partitioner::Partition& p : partitioner::GroupFusible(graph_, support)) {
    if (p.kind == partitioner::PartitionKind::kFallback && folded_[p.result()]) {
      folds_.push_back(internal::KernelStep(graph_, p.result()));
      for (const Arg& a : graph_.node(p.result()).args) {
        for (ValueRef r : a.refs()) {
          if (r.node >= 0 && internal::IsConstantSource(graph_.node(r.node)) &&
              std::find(fold_sources_.begin(), fold_sources_.end(), r.node) ==
                  fold_sources_.end()) {
            fold_sources_.push_back(r.node);
          }
        }
      }
      continue;
    }
    const Node& last = graph_.node(p.result());
    if (p.kind == partitioner::PartitionKind::kPointwise && p.nodes.size() == 1 &&
        internal::IsTranscendental(*internal::PointwiseOpOf(last)) &&
        !internal::HasRegisterForm(*internal::PointwiseOpOf(last),
                                   internal::Numel(last.meta[0].sizes))) {
      // Nothing to fuse, and the math dominates: the op's eager kernel runs it faster
      // than a one-instruction tile loop (gelu after layer_norm: 4.3 ms against 5.4 per
      // call in benchmarks/models). Cheap single ops, and ops with a 16-wide register
      // form (gelu on AVX-512: twice the kernel's speed), keep the loop.
      steps_.push_back(internal::KernelStep(graph_, p.result()));
      continue;
    }
    absl::StatusOr<Step> step =
        fault_ == OneDnnFault::kEveryPartition
            ? absl::UnimplementedError("injected lowering failure")
            : internal::LowerPartition(graph_, p, folded_, *engine, *stream_);
    if (step.ok()) {
      RETURN_IF_ERROR(SharePackedWeight(*step));
      steps_.push_back(*std::move(step));
      continue;
    }
    // Not lowered: run the partition's nodes by their kernels, in order, at its position.
    for (NodeId id : p.nodes) {
      steps_.push_back(internal::KernelStep(graph_, id));
      if (p.kind != partitioner::PartitionKind::kFallback) {
        steps_.back().fallback_reason = std::string(step.status().message());
      }
    }
    if (p.kind != partitioner::PartitionKind::kFallback) {
      WICK_ARTIFACT(perf_hints) << "onednn: the " << partitioner::PartitionKindName(p.kind)
                                << " partition ending at %" << graph_.node(p.result()).name
                                << " of " << graph_.name()
                                << " runs as kernels: " << step.status().message();
    }
  }
  for (const Node& n : graph_.nodes()) num_inputs_ += n.kind == NodeKind::kPlaceholder;
  Plan();
  for (int64_t bytes : slot_bytes_) {
    ASSIGN_OR_RETURN(Tensor block, Tensor::Empty({bytes / 4}, tensor::DType::kFloat32));
    arena_.push_back(std::move(block));
  }
  size_t scratch = 0;
  for (const Step& s : steps_) scratch = std::max(scratch, s.scratchpad_bytes);
  if (scratch > 0) {
    ASSIGN_OR_RETURN(scratchpad_, Tensor::Empty({static_cast<int64_t>(scratch)},
                                                tensor::DType::kBool));  // bytes
  }
  return absl::OkStatus();
}

// A step that multiplies by the same weight in the same layout as an earlier one (the
// linears of an unrolled loop) takes the earlier step's packed copy: one copy in memory,
// packed once, and once again when the weight changes.
absl::Status OneDnnCompiledGraph::SharePackedWeight(Step& s) {
  if (s.packed == nullptr) return absl::OkStatus();
  const internal::PackedWeight& w = *s.packed;
  for (size_t i = 0; i < steps_.size(); ++i) {
    if (steps_[i].packed == nullptr) continue;
    const internal::PackedWeight& o = *steps_[i].packed;
    // A constant: the same tensor, not another view of its storage (w and w.t() share
    // storage and data pointer).
    const bool same_source =
        w.from_input ? o.from_input && o.input == w.input
                     : !o.from_input && o.source.storage() == w.source.storage() &&
                           o.source.raw_data() == w.source.raw_data() &&
                           std::equal(o.source.sizes().begin(), o.source.sizes().end(),
                                      w.source.sizes().begin(), w.source.sizes().end()) &&
                           std::equal(o.source.strides().begin(), o.source.strides().end(),
                                      w.source.strides().begin(), w.source.strides().end());
    if (!same_source) continue;
    bool same_layout = false;
    RETURN_IF_ERROR(internal::DnnlCall([&] {
      same_layout = o.user.get_desc() == w.user.get_desc() &&
                    o.packed.get_desc() == w.packed.get_desc();
    }));
    if (!same_layout) continue;
    s.packed = steps_[i].packed;
    s.detail = absl::StrReplaceAll(s.detail,
                                   {{" (packed)", absl::StrCat(" (packed at step ", i, ")")}});
    return absl::OkStatus();
  }
  return absl::OkStatus();
}

// Whether step `s` may write its result over value `id`, which it reads for the last
// time: a softmax or layer_norm reads each row whole before writing it (the row kernels
// also run their epilogue on the written row), and a pointwise program reads an input of
// the result's shape element for element, each before it writes that element.
bool OneDnnCompiledGraph::InPlaceInput(const Step& s, NodeId id) const {
  if (id < 0) return false;
  const std::vector<int64_t>& sizes = graph_.node(s.result()).meta[0].sizes;
  if (graph_.node(id).meta.empty() || graph_.node(id).meta[0].sizes != sizes) return false;
  if (s.kind == Step::Kind::kPointwise) {
    return std::any_of(s.inputs.begin(), s.inputs.end(),
                       [&](ValueRef r) { return r.node == id && r.index < 0; });
  }
  if (s.kind == Step::Kind::kRows) return s.inputs[0].node == id && s.inputs[0].index < 0;
  if (s.what == "softmax" || s.what == "log_softmax") {
    return s.bindings[0].dnnl_arg == DNNL_ARG_SRC && s.bindings[0].ref.node == id &&
           s.bindings[0].ref.index < 0;
  }
  return false;
}

// Liveness: a value is dropped after the last step that reads it. A lowered step's
// result gets an arena slot when the graph does not return it and only lowered steps
// read it (a kernel could return a view of it, which must not outlive the run).
void OneDnnCompiledGraph::Plan() {
  const size_t num_nodes = graph_.nodes().size();
  returned_.assign(num_nodes, false);
  for (ValueRef r : graph_.output().outputs) returned_[r.node] = true;
  std::vector<int> last_read(num_nodes, -1);
  std::vector<bool> read_by_kernel(num_nodes, false);
  for (size_t i = 0; i < steps_.size(); ++i) {
    for (NodeId id : StepReads(graph_, steps_[i])) {
      last_read[id] = static_cast<int>(i);
      if (steps_[i].kind == Step::Kind::kKernel) read_by_kernel[id] = true;
    }
  }
  std::vector<int> free_at(slot_bytes_.size());  // step after which a slot is free again
  std::vector<NodeId> held(slot_bytes_.size());   // the value a slot holds last
  for (size_t i = 0; i < steps_.size(); ++i) {
    Step& s = steps_[i];
    const NodeId r = s.result();
    if (s.kind == Step::Kind::kKernel || returned_[r] || read_by_kernel[r]) continue;
    const int64_t bytes = internal::Numel(graph_.node(r).meta[0].sizes) * 4;
    const int until = std::max(last_read[r], static_cast<int>(i));
    int best = -1;
    for (size_t k = 0; k < slot_bytes_.size(); ++k) {
      // In place: the step reads the slot's value for the last time, element for element
      // where it writes (a softmax's rows, a pointwise input of the result's shape).
      if (free_at[k] == static_cast<int>(i) && InPlaceInput(s, held[k])) {
        best = static_cast<int>(k);
        break;
      }
      if (free_at[k] >= static_cast<int>(i)) continue;  // still live (or read by step i)
      if (best < 0 || std::abs(slot_bytes_[k] - bytes) < std::abs(slot_bytes_[best] - bytes)) {
        best = static_cast<int>(k);
      }
    }
    if (best < 0) {
      best = static_cast<int>(slot_bytes_.size());
      slot_bytes_.push_back(0);
      free_at.push_back(0);
      held.push_back(-1);
    }
    slot_bytes_[best] = std::max(slot_bytes_[best], bytes);
    free_at[best] = until;
    held[best] = r;
    s.slot = best;
  }
  for (const Node& n : graph_.nodes()) {
    if (n.kind == NodeKind::kOutput || returned_[n.id] || last_read[n.id] < 0) continue;
    steps_[last_read[n.id]].frees.push_back(n.id);
  }
}

absl::StatusOr<Value> OneDnnCompiledGraph::RunKernel(const Step& s,
                                                     const std::vector<Value>& values) const {
  if (!s.op->kernel) {
    return absl::UnimplementedError(absl::StrCat("op ", s.op->full_name(), " has no kernel"));
  }
  absl::InlinedVector<Value, 8> bound(s.args.size());
  for (size_t i = 0; i < s.args.size(); ++i) {
    const Arg& a = s.args[i];
    if (a.is_constant()) {
      bound[i] = s.constants[i];
    } else if (a.is_ref()) {
      const ValueRef r = a.ref();
      bound[i] = r.index < 0 ? values[r.node] : Value(values[r.node].to_tensor_list()[r.index]);
    } else {
      std::vector<Tensor> ts;
      for (ValueRef r : a.refs()) {
        ts.push_back(r == graph::kNoneRef ? Tensor() : *TensorOf(values, r));
      }
      bound[i] = Value(std::move(ts));
    }
  }
  return s.op->kernel(tensor::OpArgs(bound));
}

absl::StatusOr<Tensor> OneDnnCompiledGraph::NewResult(const Step& s) {
  const graph::TensorMeta& m = graph_.node(s.result()).meta[0];
  if (s.slot < 0) return Tensor::EmptyStrided(m.sizes, m.strides, tensor::DType::kFloat32);
  return Tensor::View(arena_[s.slot], m.sizes, m.strides, 0);
}

// A contiguous float32 operand; `keep` holds copies alive until the step has run.
absl::StatusOr<const float*> OperandData(const std::vector<Value>& values, ValueRef r,
                                         std::vector<Tensor>& keep) {
  const Tensor* t = TensorOf(values, r);
  if (t == nullptr || t->dtype() != tensor::DType::kFloat32) {
    return absl::InternalError("oneDNN step operand is not a float32 tensor");
  }
  if (t->is_contiguous()) return t->data<float>();
  ASSIGN_OR_RETURN(Tensor dense, t->Contiguous());
  keep.push_back(std::move(dense));
  return keep.back().data<float>();
}

absl::Status OneDnnCompiledGraph::RunPrimitive(Step& s, std::vector<Value>& values) {
  ASSIGN_OR_RETURN(Tensor out, NewResult(s));
  if (s.packed != nullptr) {
    internal::PackedWeight& w = *s.packed;
    if (w.from_input) {
      const Tensor* t = TensorOf(values, w.input);
      if (t == nullptr) return absl::InternalError("onednn: a packed weight input is missing");
      // Another tensor in the parameter's place, or this one updated in place. (source
      // keeps the packed tensor alive, so a new one cannot reuse its address.)
      if (!w.valid || t->storage() != w.source.storage() ||
          t->raw_data() != w.source.raw_data() || t->version() != w.version) {
        w.source = *t;
        RETURN_IF_ERROR(internal::Pack(w, *stream_));
      }
    } else if (w.source.version() != w.version) {
      RETURN_IF_ERROR(internal::Pack(w, *stream_));  // the weight changed in place
    }
  }
  std::vector<Tensor> keep;
  keep.reserve(s.bindings.size());
  absl::InlinedVector<dnnl_exec_arg_t, 8> args;
  for (ArgBinding& b : s.bindings) {
    void* data = nullptr;
    switch (b.from) {
      case ArgBinding::From::kValue: {
        if (!b.strides.empty()) {
          // Read in place: the primitive was made for these strides.
          const Tensor* t = TensorOf(values, b.ref);
          if (t == nullptr || t->dtype() != tensor::DType::kFloat32 ||
              !std::equal(t->strides().begin(), t->strides().end(), b.strides.begin(),
                          b.strides.end())) {
            return absl::InternalError(
                "onednn: a strided matmul operand does not have its traced strides");
          }
          data = t->raw_data();
          break;
        }
        ASSIGN_OR_RETURN(const float* p, OperandData(values, b.ref, keep));
        data = const_cast<float*>(p);
        break;
      }
      case ArgBinding::From::kResult: data = out.raw_data(); break;
      case ArgBinding::From::kScratch: data = scratchpad_.raw_data(); break;
      case ArgBinding::From::kPacked: data = s.packed->packed_data; break;
    }
    RETURN_IF_ERROR(internal::DnnlStatus(dnnl_memory_set_data_handle(b.handle, data),
                                         "set_data_handle"));
    args.push_back({b.dnnl_arg, b.handle});
  }
  SyncThreads();
  RETURN_IF_ERROR(internal::DnnlStatus(
      dnnl_primitive_execute(s.primitive_handle, stream_handle_, static_cast<int>(args.size()),
                             args.data()),
      s.what));
  values[s.result()] = Value(std::move(out));
  return absl::OkStatus();
}

absl::Status OneDnnCompiledGraph::RunPointwise(Step& s, std::vector<Value>& values) {
  ASSIGN_OR_RETURN(Tensor out, NewResult(s));
  std::vector<Tensor> keep;
  keep.reserve(s.inputs.size());
  absl::InlinedVector<const float*, 8> data;
  for (ValueRef r : s.inputs) {
    ASSIGN_OR_RETURN(const float* p, OperandData(values, r, keep));
    data.push_back(p);
  }
  s.program->Run(data, out.data<float>());
  values[s.result()] = Value(std::move(out));
  return absl::OkStatus();
}

absl::Status OneDnnCompiledGraph::RunRows(Step& s, std::vector<Value>& values) {
  ASSIGN_OR_RETURN(Tensor out, NewResult(s));
  std::vector<Tensor> keep;
  keep.reserve(s.inputs.size());
  const float* data[3] = {nullptr, nullptr, nullptr};  // x, and layer_norm's w and b
  for (size_t i = 0; i < s.inputs.size(); ++i) {
    if (s.inputs[i].node < 0) continue;
    ASSIGN_OR_RETURN(data[i], OperandData(values, s.inputs[i], keep));
  }
  const internal::PointwiseProgram* epilogue = s.program ? &*s.program : nullptr;
  if (s.row_op == Step::RowOp::kSoftmax) {
    internal::RowSoftmax(data[0], out.data<float>(), s.rows, s.cols, epilogue);
  } else if (s.row_op == Step::RowOp::kLogSoftmax) {
    internal::RowLogSoftmax(data[0], out.data<float>(), s.rows, s.cols, epilogue);
  } else {
    internal::RowLayerNorm(data[0], data[1], data[2], s.eps, out.data<float>(), s.rows,
                           s.cols, epilogue);
  }
  values[s.result()] = Value(std::move(out));
  return absl::OkStatus();
}

absl::Status OneDnnCompiledGraph::RunFolds(std::vector<Value>& values) {
  bool stale = !folds_valid_;
  fold_source_tensors_.resize(fold_sources_.size());
  fold_source_versions_.resize(fold_sources_.size());
  for (size_t k = 0; k < fold_sources_.size(); ++k) {
    const Tensor* t = TensorOf(values, ValueRef{fold_sources_[k], -1});
    if (t == nullptr) return absl::InternalError("onednn: a folded node's source is missing");
    Tensor& seen = fold_source_tensors_[k];  // set on every run that recomputes
    if (!folds_valid_ || t->storage() != seen.storage() || t->raw_data() != seen.raw_data() ||
        t->version() != fold_source_versions_[k]) {
      seen = *t;
      fold_source_versions_[k] = t->version();
      stale = true;
    }
  }
  if (!stale) {
    for (size_t i = 0; i < folds_.size(); ++i) values[folds_[i].result()] = fold_values_[i];
    return absl::OkStatus();
  }
  folds_valid_ = false;
  fold_values_.resize(folds_.size());
  for (size_t i = 0; i < folds_.size(); ++i) {
    ASSIGN_OR_RETURN(values[folds_[i].result()], RunKernel(folds_[i], values));
    fold_values_[i] = values[folds_[i].result()];
  }
  folds_valid_ = true;
  return absl::OkStatus();
}

absl::StatusOr<std::vector<Tensor>> OneDnnCompiledGraph::Run(absl::Span<const Tensor> inputs) {
  if (static_cast<int>(inputs.size()) != num_inputs_) {
    return absl::InternalError(absl::StrCat(graph_.name(), " takes ", num_inputs_,
                                            " inputs, got ", inputs.size()));
  }
  absl::MutexLock lock(&mu_);
  std::vector<Value> values(graph_.nodes().size());
  size_t next_input = 0;
  for (const Node& n : graph_.nodes()) {
    if (n.kind == NodeKind::kPlaceholder) values[n.id] = Value(inputs[next_input++]);
    if (n.kind == NodeKind::kGetAttr) values[n.id] = Value(n.attr);
  }
  if (!folds_.empty()) RETURN_IF_ERROR(RunFolds(values));
  for (Step& s : steps_) {
    switch (s.kind) {
      case Step::Kind::kKernel: {
        ASSIGN_OR_RETURN(values[s.result()], RunKernel(s, values));
        break;
      }
      case Step::Kind::kPrimitive: RETURN_IF_ERROR(RunPrimitive(s, values)); break;
      case Step::Kind::kPointwise: RETURN_IF_ERROR(RunPointwise(s, values)); break;
      case Step::Kind::kRows: RETURN_IF_ERROR(RunRows(s, values)); break;
    }
    for (NodeId dead : s.frees) values[dead] = Value();
  }
  std::vector<Tensor> outs;
  for (ValueRef r : graph_.output().outputs) {
    const Tensor* t = TensorOf(values, r);
    if (t == nullptr) {
      return absl::InternalError(absl::StrCat("graph output %", r.node, " is not a tensor"));
    }
    outs.push_back(*t);
  }
  return outs;
}

std::string OneDnnCompiledGraph::Describe() const {
  std::string out = absl::StrCat("onednn lowering of ", graph_.name(), ":\n");
  for (const Step& f : folds_) {
    absl::StrAppend(&out, "  fold %", graph_.node(f.result()).name, " = ", f.op->full_name(),
                    " (kept until a parameter it reads changes)\n");
  }
  for (size_t i = 0; i < steps_.size(); ++i) {
    const Step& s = steps_[i];
    absl::StrAppend(&out, "  step ", i, " ", s.what, " ",
                    absl::StrJoin(s.nodes, " -> ",
                                  [&](std::string* o, NodeId id) {
                                    absl::StrAppend(o, "%", graph_.node(id).name);
                                  }));
    if (s.kind == Step::Kind::kKernel) absl::StrAppend(&out, " = ", s.op->full_name());
    if (!s.impl.empty()) absl::StrAppend(&out, " [", s.impl, "]");
    if (!s.detail.empty()) absl::StrAppend(&out, ": ", s.detail);
    if (!s.fallback_reason.empty()) absl::StrAppend(&out, " (not lowered: ", s.fallback_reason, ")");
    if (s.kind != Step::Kind::kKernel) {
      absl::StrAppend(&out, s.slot >= 0 ? absl::StrCat(" -> buf", s.slot) : " -> new");
    }
    absl::StrAppend(&out, "\n");
  }
  for (size_t k = 0; k < slot_bytes_.size(); ++k) {
    absl::StrAppend(&out, "  buf", k, ": ", slot_bytes_[k], " bytes\n");
  }
  return out;
}

// Lowers a graph with static shapes. If the lowering fails as a whole (a oneDNN error
// while creating primitives or buffers), the graph runs on the eager backend instead:
// slower, never wrong, and said in a perf_hints record. The lowered program goes to the
// output_code artifact.
absl::StatusOr<std::unique_ptr<CompiledGraph>> CompileStatic(const Graph& g, OneDnnFault fault) {
  auto compiled = std::make_unique<OneDnnCompiledGraph>(g, fault);
  if (absl::Status built = compiled->Build(); !built.ok()) {
    WICK_ARTIFACT(perf_hints) << "onednn: lowering " << g.name() << " failed ("
                              << built.message() << "); it runs on the eager backend";
    WICK_ARTIFACT(output_code) << "Output code: \n" << g.name()
                               << ": eager backend (onednn lowering failed)\n";
    return MakeEagerBackend()->Compile(g);
  }
  if (WICK_ARTIFACT_IS_ON(output_code)) {
    WICK_ARTIFACT(output_code) << "Output code: \n" << compiled->Describe();
  }
  return std::unique_ptr<CompiledGraph>(std::move(compiled));
}

// A dynamic-shape graph: oneDNN primitives are made for static shapes, so each input
// shape gets its own specialised graph (graph::Specialize), lowered on first use and
// kept in a small most-recently-used cache.
class PerShapeCompiledGraph : public CompiledGraph {
 public:
  PerShapeCompiledGraph(Graph g, OneDnnFault fault) : graph_(std::move(g)), fault_(fault) {}

  absl::StatusOr<std::vector<Tensor>> Run(absl::Span<const Tensor> inputs) override {
    std::vector<int64_t> key;
    for (const Tensor& t : inputs) {
      key.push_back(t.dim());
      key.insert(key.end(), t.sizes().begin(), t.sizes().end());
      key.insert(key.end(), t.strides().begin(), t.strides().end());
      key.push_back(static_cast<int64_t>(t.dtype()));
      if (t.dim() == 0 && t.dtype() == tensor::DType::kInt64) key.push_back(t.ElementAt(0).to_int());
    }
    std::shared_ptr<CompiledGraph> compiled;  // kept alive while it runs
    {
      absl::MutexLock lock(&mu_);
      for (size_t i = 0; i < cache_.size(); ++i) {
        if (cache_[i].first != key) continue;
        std::rotate(cache_.begin(), cache_.begin() + i, cache_.begin() + i + 1);
        compiled = cache_.front().second;
        break;
      }
      if (compiled == nullptr) {
        ASSIGN_OR_RETURN(Graph specialised, graph::Specialize(graph_, inputs));
        ASSIGN_OR_RETURN(std::unique_ptr<CompiledGraph> c, CompileStatic(specialised, fault_));
        if (cache_.size() >= kMaxShapes) cache_.pop_back();
        compiled = std::shared_ptr<CompiledGraph>(std::move(c));
        cache_.insert(cache_.begin(), {std::move(key), compiled});
      }
    }
    return compiled->Run(inputs);
  }

 private:
  static constexpr size_t kMaxShapes = 8;
  Graph graph_;
  OneDnnFault fault_;
  absl::Mutex mu_;
  std::vector<std::pair<std::vector<int64_t>, std::shared_ptr<CompiledGraph>>> cache_;
};

class OneDnnBackend : public Backend {
 public:
  explicit OneDnnBackend(OneDnnFault fault) : fault_(fault) {}
  absl::string_view name() const override { return "onednn"; }
  absl::StatusOr<std::unique_ptr<CompiledGraph>> Compile(const Graph& g) override {
    RETURN_IF_ERROR(graph::Verify(g));
    if (!g.symbols().empty()) {
      return std::unique_ptr<CompiledGraph>(std::make_unique<PerShapeCompiledGraph>(g, fault_));
    }
    return CompileStatic(g, fault_);
  }

 private:
  OneDnnFault fault_;
};

}  // namespace

std::unique_ptr<Backend> MakeOneDnnBackend() {
  return std::make_unique<OneDnnBackend>(OneDnnFault::kNone);
}

std::unique_ptr<Backend> MakeOneDnnBackendForTesting(OneDnnFault fault) {
  return std::make_unique<OneDnnBackend>(fault);
}

absl::StatusOr<std::string> DescribeLowering(const Graph& g) {
  RETURN_IF_ERROR(graph::Verify(g));
  if (!g.symbols().empty()) {
    return absl::StrCat("onednn lowering of ", g.name(),
                        ": symbolic sizes; lowered for each input shape on first use "
                        "(up to 8 kept)\n");
  }
  OneDnnCompiledGraph compiled(g);
  RETURN_IF_ERROR(compiled.Build());
  return compiled.Describe();
}

}  // namespace wick::codegen
