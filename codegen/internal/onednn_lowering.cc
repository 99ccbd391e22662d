// Partition -> Step lowering for the oneDNN backend. See onednn_lowering.h.
#include "codegen/internal/onednn_lowering.h"

#include <atomic>
#include <numeric>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/status_macros.h"
#include "codegen/internal/dnnl_call.h"
#include "codegen/internal/onednn_support.h"

namespace wick::codegen::internal {
namespace {

using dnnl::memory;
using graph::Arg;
using graph::Graph;
using graph::Node;
using graph::NodeId;
using graph::TensorMeta;
using graph::ValueRef;
using partitioner::Partition;
using partitioner::PartitionKind;

memory::desc Md(const memory::dims& dims, const memory::dims& strides) {
  return memory::desc(dims, memory::data_type::f32, strides);
}

memory::desc DenseMd(const memory::dims& dims) {
  memory::dims strides(dims.size());
  int64_t s = 1;
  for (size_t i = dims.size(); i-- > 0;) {
    strides[i] = s;
    s *= dims[i];
  }
  return Md(dims, strides);
}

absl::Status Unsupported(absl::string_view what) { return absl::UnimplementedError(what); }

// Builds the primitive and one memory object per binding (args[i] gets mds[i]).
absl::Status Finish(Step& s, const dnnl::primitive_desc& pd, const dnnl::engine& engine,
                    const std::vector<memory::desc>& mds) {
  if (pd.get(true) == nullptr) return Unsupported(absl::StrCat("oneDNN has no ", s.what));
  s.impl = pd.impl_info_str();
  s.scratchpad_bytes = pd.scratchpad_desc().get_size();
  s.primitive = dnnl::primitive(pd);
  s.primitive_handle = s.primitive.get();
  for (size_t i = 0; i < s.bindings.size(); ++i) {
    s.bindings[i].memory = memory(mds[i], engine, DNNL_MEMORY_NONE);
  }
  if (s.scratchpad_bytes > 0) {
    ArgBinding scratch{DNNL_ARG_SCRATCHPAD, ArgBinding::From::kScratch};
    scratch.memory = memory(pd.scratchpad_desc(), engine, DNNL_MEMORY_NONE);
    s.bindings.push_back(std::move(scratch));
  }
  for (ArgBinding& b : s.bindings) b.handle = b.memory.get();
  return absl::OkStatus();
}

// Finish under the exception adapter.
absl::Status FinishChecked(Step& s, const dnnl::primitive_desc& pd, const dnnl::engine& engine,
                           const std::vector<memory::desc>& mds) {
  absl::Status finished;
  RETURN_IF_ERROR(DnnlCall([&] { finished = Finish(s, pd, engine, mds); }));
  return finished;
}

dnnl::primitive_attr ScratchpadAttr() {
  dnnl::primitive_attr attr;
  attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
  return attr;
}

std::string Name(const Graph& g, ValueRef r) { return absl::StrCat("%", g.node(r.node).name); }

// Appends chain node `next` (consuming `chain`) to the matmul's post-ops.
void AppendPostOp(const Graph& g, const Node& next, NodeId chain, int64_t m, int64_t n,
                  dnnl::post_ops& po, Step& s, std::vector<memory::desc>& mds,
                  std::vector<std::string>& names) {
  const PwOp op = *PointwiseOpOf(next);
  const PostOpKind kind = *PostOpOf(g, next, chain);
  if (!kind.binary) {
    po.append_eltwise(1.f, kind.alg, kind.alpha, kind.beta);
    names.push_back(kind.alg == dnnl::algorithm::eltwise_linear
                        ? absl::StrCat("linear(", kind.alpha, ", ", kind.beta, ")")
                        : std::string(PwOpName(op)));
    return;
  }
  const bool chain_first = next.args[0].is_ref() && next.args[0].ref() == ValueRef{chain, -1};
  const Arg& other = next.args[chain_first ? 1 : 0];
  static constexpr dnnl::algorithm kAlg[] = {
      dnnl::algorithm::binary_add, dnnl::algorithm::binary_sub, dnnl::algorithm::binary_mul,
      dnnl::algorithm::binary_div};
  const dnnl::algorithm alg = kAlg[static_cast<int>(op) - static_cast<int>(PwOp::kAdd)];
  const TensorMeta& om = *MetaOf(g, other.ref());
  memory::dims dims = {1, n};
  if (BroadcastOf(om.sizes, next.meta[0].sizes) == Broadcast::kFull) dims = {m, n};
  if (Numel(om.sizes) == 1) dims = {1, 1};
  const memory::desc md = DenseMd(dims);
  po.append_binary(alg, md);
  ArgBinding b{DNNL_ARG_ATTR_MULTIPLE_POST_OP(po.len() - 1) | DNNL_ARG_SRC_1,
               ArgBinding::From::kValue, other.ref()};
  s.bindings.push_back(std::move(b));
  mds.push_back(md);
  names.push_back(absl::StrCat(PwOpName(op), "(", Name(g, other.ref()), ")"));
}

// The matmul primitive descriptor with the partition's post-op chain (binary post-ops
// append their bindings to `s` and memory descriptors to `mds`); empty (pd.get(true) is
// null) when oneDNN has no implementation.
absl::StatusOr<dnnl::primitive_desc> MatmulPd(const Graph& g, const Partition& p,
                                              const MatmulOperands& mm,
                                              const memory::desc& src_md,
                                              const memory::desc& wei_md,
                                              const memory::desc* bias_md,
                                              const memory::desc& dst_md,
                                              const dnnl::engine& engine, Step& s,
                                              std::vector<memory::desc>& mds,
                                              std::vector<std::string>& post_names) {
  dnnl::primitive_desc pd;
  RETURN_IF_ERROR(DnnlCall([&] {
    dnnl::post_ops po;
    for (size_t i = 1; i < p.nodes.size(); ++i) {
      AppendPostOp(g, g.node(p.nodes[i]), p.nodes[i - 1], mm.m, mm.n, po, s, mds, post_names);
    }
    dnnl::primitive_attr attr;
    attr.set_post_ops(po);
    attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
    const dnnl::matmul::desc d = bias_md != nullptr
                                     ? dnnl::matmul::desc(src_md, wei_md, *bias_md, dst_md)
                                     : dnnl::matmul::desc(src_md, wei_md, dst_md);
    pd = dnnl::matmul::primitive_desc(d, attr, engine, /*allow_empty=*/true);
  }));
  return pd;
}

std::atomic<bool> always_pack_weights{false};

// Whether oneDNN's preferred weight layout for an [m x k] @ [k x n] matmul is a blocked
// one, worth packing the weights into once. Where it is plain row-major (the gemm
// kernels of AVX2 machines), packing only makes a row-major copy of an [n x k] weight (a
// Linear's), which those kernels read more slowly than the weight itself in place
// (mlp's 64x1024 @ 1024x1024: 3.3 ms against 1.7 ms per call on an AVX2 EPYC).
absl::StatusOr<bool> PrefersBlockedWeights(const memory::desc& src_md, int64_t k, int64_t n,
                                           const memory::desc& dst_md,
                                           const dnnl::engine& engine) {
  bool blocked = true;
  RETURN_IF_ERROR(DnnlCall([&] {
    const memory::desc any({k, n}, memory::data_type::f32, memory::format_tag::any);
    const dnnl::matmul::primitive_desc pd(dnnl::matmul::desc(src_md, any, dst_md), engine,
                                          /*allow_empty=*/true);
    if (pd.get(true) != nullptr) blocked = pd.weights_desc() != DenseMd({k, n});
  }));
  return blocked;
}

// A batched matmul: [..., M, K] @ [..., K, N] with both operands read in place, and
// eltwise post-ops.
absl::StatusOr<Step> LowerBatchedMatmul(const Graph& g, const Partition& p,
                                        const MatmulOperands& mm, const dnnl::engine& engine) {
  Step s;
  s.kind = Step::Kind::kPrimitive;
  s.what = "matmul";
  memory::dims src_dims(mm.batch.begin(), mm.batch.end()), wei_dims = src_dims,
      dst_dims = src_dims;
  src_dims.insert(src_dims.end(), {mm.m, mm.k});
  wei_dims.insert(wei_dims.end(), {mm.k, mm.n});
  dst_dims.insert(dst_dims.end(), {mm.m, mm.n});
  const memory::desc src_md = Md(src_dims, mm.src_strides);
  const memory::desc wei_md = Md(wei_dims, mm.wei_strides);
  const memory::desc dst_md = DenseMd(dst_dims);
  std::vector<memory::desc> mds = {src_md, dst_md, wei_md};
  s.bindings.push_back({DNNL_ARG_SRC, ArgBinding::From::kValue, mm.src});
  s.bindings.back().strides = mm.src_strides;
  s.bindings.push_back({DNNL_ARG_DST, ArgBinding::From::kResult});
  s.bindings.push_back({DNNL_ARG_WEIGHTS, ArgBinding::From::kValue, mm.weight});
  s.bindings.back().strides = mm.wei_strides;
  std::vector<std::string> post_names;
  ASSIGN_OR_RETURN(dnnl::primitive_desc pd, MatmulPd(g, p, mm, src_md, wei_md, nullptr, dst_md,
                                                     engine, s, mds, post_names));
  if (pd.get(true) == nullptr) return Unsupported("oneDNN has no batched matmul for these strides");
  RETURN_IF_ERROR(FinishChecked(s, pd, engine, mds));
  s.detail = absl::StrCat("batch [", absl::StrJoin(mm.batch, ", "), "] [", mm.m, "x", mm.k,
                          "] @ [", mm.k, "x", mm.n, "] in place (", Name(g, mm.src), ", ",
                          Name(g, mm.weight), ") post_ops [", absl::StrJoin(post_names, ", "),
                          "]");
  return s;
}

// The strides of a [rows, cols] matmul operand stored transposed (column-major: strides
// {1, rows}), when its strides are known for every call: a view op's result or a graph
// input (guards, or the runtime's conforming of backward inputs, fix those). Empty
// otherwise: the operand is read dense, copied when it is not.
std::vector<int64_t> TransposedStrides(const Graph& g, graph::ValueRef r, int64_t rows,
                                       int64_t cols) {
  const Node& n = g.node(r.node);
  if (r.index >= 0 || n.meta.empty() || rows <= 1 || cols <= 1) return {};
  const graph::TensorMeta& m = n.meta[0];
  if (m.sizes != std::vector<int64_t>{rows, cols} || m.is_dynamic()) return {};
  if (m.strides != std::vector<int64_t>{1, rows}) return {};
  const bool known = n.kind == graph::NodeKind::kPlaceholder ||
                     (n.kind == graph::NodeKind::kCall && n.op->is_view());
  return known ? m.strides : std::vector<int64_t>();
}

absl::StatusOr<Step> LowerMatmul(const Graph& g, const Partition& p,
                                 const std::vector<bool>& folded, const dnnl::engine& engine,
                                 dnnl::stream& stream) {
  const MatmulOperands mm = *MatmulOf(g, g.node(p.nodes[0]));
  if (mm.batched()) return LowerBatchedMatmul(g, p, mm, engine);
  Step s;
  s.kind = Step::Kind::kPrimitive;
  s.what = "matmul";
  // A transposed 2-d operand (a t() view, a transposed input: what backward graphs are
  // made of) is read in place with its strides instead of copied dense on every call.
  const std::vector<int64_t> src_strides = TransposedStrides(g, mm.src, mm.m, mm.k);
  const std::vector<int64_t> wei_strides =
      mm.weight_is_nk ? std::vector<int64_t>() : TransposedStrides(g, mm.weight, mm.k, mm.n);
  const memory::desc src_md =
      src_strides.empty() ? DenseMd({mm.m, mm.k}) : Md({mm.m, mm.k}, src_strides);
  const memory::desc dst_md = DenseMd({mm.m, mm.n});
  const memory::desc user_wei_md = mm.weight_is_nk || !wei_strides.empty()
                                       ? Md({mm.k, mm.n}, {1, mm.k})
                                       : Md({mm.k, mm.n}, {mm.n, 1});
  const Node& wnode = g.node(mm.weight.node);
  // Module parameters arrive as inputs whose source names them ("L['self']._modules[
  // 'fc']._parameters['weight']"), and folded values (a `w.t()`, a `w * scale`) are kept
  // from call to call: both are packed when they change. Other inputs change every call
  // and stay unpacked.
  const bool kept_input = (wnode.kind == graph::NodeKind::kPlaceholder &&
                            absl::StrContains(wnode.source, "._parameters[")) ||
                           folded[mm.weight.node];
  bool pack = (wnode.kind == graph::NodeKind::kGetAttr || kept_input) && wei_strides.empty();
  if (pack && mm.weight_is_nk && !always_pack_weights.load(std::memory_order_relaxed)) {
    ASSIGN_OR_RETURN(const bool blocked, PrefersBlockedWeights(src_md, mm.k, mm.n, dst_md, engine));
    pack = blocked;
  }
  const memory::desc wei_md =
      pack ? memory::desc({mm.k, mm.n}, memory::data_type::f32, memory::format_tag::any)
           : user_wei_md;
  const memory::desc bias_md = DenseMd({1, mm.n});

  std::vector<memory::desc> mds;
  s.bindings.push_back({DNNL_ARG_SRC, ArgBinding::From::kValue, mm.src});
  s.bindings.back().strides = src_strides;
  mds.push_back(src_md);
  s.bindings.push_back({DNNL_ARG_DST, ArgBinding::From::kResult});
  mds.push_back(dst_md);
  if (mm.bias) {
    s.bindings.push_back({DNNL_ARG_BIAS, ArgBinding::From::kValue, *mm.bias});
    mds.push_back(bias_md);
  }
  std::vector<std::string> post_names;
  ASSIGN_OR_RETURN(dnnl::primitive_desc pd,
                   MatmulPd(g, p, mm, src_md, wei_md, mm.bias ? &bias_md : nullptr, dst_md,
                            engine, s, mds, post_names));
  if (pd.get(true) == nullptr) return Unsupported("oneDNN has no matmul for these shapes");
  memory::desc weights_md = user_wei_md;
  RETURN_IF_ERROR(DnnlCall([&] { weights_md = pd.weights_desc(); }));
  if (pack) {
    s.packed = std::make_unique<PackedWeight>();
    if (kept_input) {
      s.packed->from_input = true;
      s.packed->input = mm.weight;
    } else {
      s.packed->source = wnode.attr;
    }
    ASSIGN_OR_RETURN(s.packed->storage,
                     tensor::Tensor::Empty({static_cast<int64_t>(weights_md.get_size() + 3) / 4},
                                           tensor::DType::kFloat32));
    RETURN_IF_ERROR(DnnlCall([&] {
      s.packed->user = memory(user_wei_md, engine, DNNL_MEMORY_NONE);
      s.packed->packed = memory(weights_md, engine, s.packed->storage.raw_data());
      s.packed->reorder = dnnl::reorder(s.packed->user, s.packed->packed);
      s.packed->packed_data = s.packed->packed.get_data_handle();
    }));
    if (!kept_input) RETURN_IF_ERROR(Pack(*s.packed, stream));
    s.bindings.push_back({DNNL_ARG_WEIGHTS, ArgBinding::From::kPacked});
  } else {
    s.bindings.push_back({DNNL_ARG_WEIGHTS, ArgBinding::From::kValue, mm.weight});
    s.bindings.back().strides = wei_strides;
  }
  mds.push_back(weights_md);
  RETURN_IF_ERROR(FinishChecked(s, pd, engine, mds));
  s.detail = absl::StrCat("[", mm.m, "x", mm.k, "]", src_strides.empty() ? "" : " (transposed)",
                          " @ [", mm.k, "x", mm.n, "] weights ", Name(g, mm.weight),
                          pack ? " (packed)" : "", wei_strides.empty() ? "" : " (transposed)",
                          mm.bias ? absl::StrCat(" bias ", Name(g, *mm.bias)) : "",
                          " post_ops [", absl::StrJoin(post_names, ", "), "]");
  return s;
}

absl::StatusOr<Step> LowerSoftmax(const Graph& g, const Node& n, const dnnl::engine& engine) {
  Step s;
  s.kind = Step::Kind::kPrimitive;
  const bool log = n.op->name() == "log_softmax";
  s.what = log ? "log_softmax" : "softmax";
  const std::vector<int64_t>& sizes = n.meta[0].sizes;
  int64_t axis = n.args[1].constant().to_int();
  if (axis < 0) axis += static_cast<int64_t>(sizes.size());
  s.detail = absl::StrCat("axis ", axis, " of ", Name(g, n.args[0].ref()));
  if (RunsAsRows(g, n)) {
    s.kind = Step::Kind::kRows;
    s.row_op = log ? Step::RowOp::kLogSoftmax : Step::RowOp::kSoftmax;
    s.impl = "wick:avx512_rows";
    s.inputs = {n.args[0].ref()};
    s.cols = sizes.back();
    s.rows = s.cols == 0 ? 0 : Numel(sizes) / s.cols;
    return s;
  }
  const memory::desc md = DenseMd(memory::dims(sizes.begin(), sizes.end()));
  s.bindings.push_back({DNNL_ARG_SRC, ArgBinding::From::kValue, n.args[0].ref()});
  s.bindings.push_back({DNNL_ARG_DST, ArgBinding::From::kResult});
  dnnl::primitive_desc pd;
  RETURN_IF_ERROR(DnnlCall([&] {
    const int ax = static_cast<int>(axis);
    if (log) {
      pd = dnnl::logsoftmax_forward::primitive_desc(
          dnnl::logsoftmax_forward::desc(dnnl::prop_kind::forward_inference, md, ax),
          ScratchpadAttr(), engine, /*allow_empty=*/true);
    } else {
      pd = dnnl::softmax_forward::primitive_desc(
          dnnl::softmax_forward::desc(dnnl::prop_kind::forward_inference, md, ax),
          ScratchpadAttr(), engine, /*allow_empty=*/true);
    }
  }));
  RETURN_IF_ERROR(FinishChecked(s, pd, engine, {md, md}));
  return s;
}

// layer_norm over the trailing normalized_shape, seen as [M, K] rows.
absl::StatusOr<Step> LowerLayerNorm(const Graph& g, const Node& n, const dnnl::engine& engine) {
  Step s;
  s.kind = Step::Kind::kPrimitive;
  s.what = "layer_norm";
  const int64_t k = Numel(n.args[1].constant().to_int_list());
  const int64_t m = Numel(n.meta[0].sizes) / k;
  const float eps = static_cast<float>(n.args[4].constant().to_double());
  const bool has_weight = n.args[2].is_ref(), has_bias = n.args[3].is_ref();
  s.detail = absl::StrCat("[", m, "x", k, "] eps ", eps, has_weight ? " scale" : "",
                          has_bias ? " shift" : "");
  if (RunsAsRows(g, n)) {
    s.kind = Step::Kind::kRows;
    s.row_op = Step::RowOp::kLayerNorm;
    s.impl = "wick:avx512_rows";
    s.inputs = {n.args[0].ref(), has_weight ? n.args[2].ref() : ValueRef{},
                has_bias ? n.args[3].ref() : ValueRef{}};
    s.rows = m;
    s.cols = k;
    s.eps = eps;
    return s;
  }
  const memory::desc data_md = DenseMd({m, k});
  const memory::desc stat_md = DenseMd({m});
  const memory::desc param_md = DenseMd({k});
  std::vector<memory::desc> mds = {data_md, data_md};
  s.bindings.push_back({DNNL_ARG_SRC, ArgBinding::From::kValue, n.args[0].ref()});
  s.bindings.push_back({DNNL_ARG_DST, ArgBinding::From::kResult});
  auto flags = dnnl::normalization_flags::none;
  if (has_weight) {
    flags = flags | dnnl::normalization_flags::use_scale;
    s.bindings.push_back({DNNL_ARG_SCALE, ArgBinding::From::kValue, n.args[2].ref()});
    mds.push_back(param_md);
  }
  if (has_bias) {
    flags = flags | dnnl::normalization_flags::use_shift;
    s.bindings.push_back({DNNL_ARG_SHIFT, ArgBinding::From::kValue, n.args[3].ref()});
    mds.push_back(param_md);
  }
  dnnl::primitive_desc pd;
  RETURN_IF_ERROR(DnnlCall([&] {
    pd = dnnl::layer_normalization_forward::primitive_desc(
        dnnl::layer_normalization_forward::desc(dnnl::prop_kind::forward_inference, data_md,
                                                stat_md, eps, flags),
        ScratchpadAttr(), engine, /*allow_empty=*/true);
  }));
  RETURN_IF_ERROR(FinishChecked(s, pd, engine, mds));
  return s;
}

// One operand of a fused pointwise loop.
Operand PointwiseOperand(const Graph& g, const Arg& a, NodeId chain,
                         const std::vector<int64_t>& out, Step& s) {
  if (a.is_constant()) return Operand::Const(static_cast<float>(a.constant().to_double()));
  const ValueRef r = a.ref();
  if (chain >= 0 && r == ValueRef{chain, -1}) return Operand::Chain();
  for (size_t i = 0; i < s.inputs.size(); ++i) {
    if (s.inputs[i] == r) return Operand::Input(static_cast<int>(i));
  }
  const TensorMeta& m = *MetaOf(g, r);
  s.inputs.push_back(r);
  return Operand::Input(s.program->AddInput(BroadcastOf(m.sizes, out), Numel(m.sizes)));
}

// Appends the ops of `nodes` (a pointwise chain, each reading the one before) to
// s.program; operands other than the chain and constants become inputs of s.
void AddPointwiseOps(const Graph& g, absl::Span<const NodeId> nodes, Step& s) {
  const std::vector<int64_t>& out = g.node(nodes.back()).meta[0].sizes;
  NodeId chain = -1;
  for (NodeId id : nodes) {
    const Node& n = g.node(id);
    const PwOp op = *PointwiseOpOf(n);
    const Operand a = PointwiseOperand(g, n.args[0], chain, out, s);
    if (op == PwOp::kClampMin || op == PwOp::kClampMax) {
      // min(max(x, lo), hi), as the kernel: one instruction per given bound.
      const ClampBounds b = *ClampBoundsOf(n);
      if (b.lo) s.program->Add(PwOp::kClampMin, a, Operand::Const(0), *b.lo);
      if (b.hi) s.program->Add(PwOp::kClampMax, b.lo ? Operand::Chain() : a, Operand::Const(0), *b.hi);
    } else if (!IsBinary(op)) {
      s.program->Add(op, a);
    } else {
      const Operand b = PointwiseOperand(g, n.args[1], chain, out, s);
      const bool has_alpha = op == PwOp::kAdd || op == PwOp::kSub;
      s.program->Add(op, a, b,
                     has_alpha ? static_cast<float>(n.args[2].constant().to_double()) : 1.f);
    }
    chain = id;
  }
}

Step LowerPointwise(const Graph& g, const Partition& p) {
  Step s;
  s.kind = Step::Kind::kPointwise;
  s.what = "pointwise";
  s.program.emplace(Numel(g.node(p.result()).meta[0].sizes));
  AddPointwiseOps(g, p.nodes, s);
  s.detail = s.program->Describe();
  return s;
}

// A row kernel's epilogue (partition nodes after the first): a program over one row whose
// input 0 is the row itself, run on each row as soon as the kernel has written it.
absl::StatusOr<Step> AddEpilogue(const Graph& g, const Partition& p, Step s) {
  if (s.kind != Step::Kind::kRows) return Unsupported("an epilogue needs a row kernel");
  Step e;
  e.program.emplace(s.cols);
  e.inputs = {ValueRef{p.nodes[0], -1}};
  e.program->AddInput(Broadcast::kFull, s.cols);
  AddPointwiseOps(g, absl::MakeConstSpan(p.nodes).subspan(1), e);
  if (e.inputs.size() != 1) return Unsupported("an epilogue reads another tensor");
  s.program = std::move(e.program);
  absl::StrAppend(&s.detail, ", then ", s.program->Describe(), " on each row");
  return s;
}

}  // namespace

void SetAlwaysPackWeightsForTesting(bool always) {
  always_pack_weights.store(always, std::memory_order_relaxed);
}

absl::Status Pack(PackedWeight& w, dnnl::stream& stream) {
  ASSIGN_OR_RETURN(tensor::Tensor dense, w.source.Contiguous());
  w.version = w.source.version();
  w.valid = false;
  return DnnlCall([&] {
    w.user.set_data_handle(dense.raw_data());
    w.reorder.execute(stream, w.user, w.packed);
    stream.wait();
    w.valid = true;
  });
}

absl::StatusOr<Step> LowerPartition(const Graph& g, const Partition& p,
                                    const std::vector<bool>& folded,
                                    const dnnl::engine& engine, dnnl::stream& stream) {
  absl::StatusOr<Step> s = Unsupported("not lowered");
  switch (p.kind) {
    case PartitionKind::kMatmul: s = LowerMatmul(g, p, folded, engine, stream); break;
    case PartitionKind::kPointwise: s = LowerPointwise(g, p); break;
    case PartitionKind::kSingle: {
      const Node& n = g.node(p.nodes[0]);
      s = IsSoftmax(n) ? LowerSoftmax(g, n, engine) : LowerLayerNorm(g, n, engine);
      if (s.ok() && p.nodes.size() > 1) s = AddEpilogue(g, p, *std::move(s));
      break;
    }
    case PartitionKind::kFallback: break;
  }
  if (s.ok()) s->nodes = p.nodes;
  return s;
}

Step KernelStep(const Graph& g, NodeId id) {
  const Node& n = g.node(id);
  Step s;
  s.kind = Step::Kind::kKernel;
  s.what = "kernel";
  s.nodes = {id};
  s.op = n.op;
  s.args = n.args;
  s.constants.resize(n.args.size());
  for (size_t i = 0; i < n.args.size(); ++i) {
    if (n.args[i].is_constant()) {
      s.constants[i] = graph::CoerceConstant(n.op->schema.arguments[i], n.args[i].constant());
    }
  }
  return s;
}

}  // namespace wick::codegen::internal
