// Classification of graph nodes for the oneDNN backend. See onednn_support.h.
#include "codegen/internal/onednn_support.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "codegen/internal/row_kernels.h"

namespace wick::codegen::internal {
namespace {

using graph::Arg;
using graph::Graph;
using graph::Node;
using graph::TensorMeta;
using graph::ValueRef;
using partitioner::NodeClass;

bool IsNone(const Arg& a) { return a.is_constant() && a.constant().is_none(); }

bool IsScalarConstant(const Arg& a) { return a.is_constant() && a.constant().is_scalar(); }

double ConstantOf(const Arg& a) { return a.constant().to_double(); }

bool IsF32(const TensorMeta* m) { return m != nullptr && m->dtype == tensor::DType::kFloat32; }

// The node's single float32 result with contiguous strides (what lowered steps write).
const TensorMeta* LowerableResult(const Node& n) {
  if (n.meta.size() != 1 || !IsF32(&n.meta[0]) || !HasContiguousStrides(n.meta[0])) {
    return nullptr;
  }
  return Numel(n.meta[0].sizes) > 0 ? &n.meta[0] : nullptr;
}

// A float32 tensor operand, or nullptr.
const TensorMeta* F32Operand(const Graph& g, const Arg& a) {
  if (!a.is_ref()) return nullptr;
  const TensorMeta* m = MetaOf(g, a.ref());
  return IsF32(m) ? m : nullptr;
}

bool IsPointwiseNode(const Graph& g, const Node& n) {
  const std::optional<PwOp> op = PointwiseOpOf(n);
  const TensorMeta* out = LowerableResult(n);
  if (!op || out == nullptr) return false;
  if (*op == PwOp::kClampMin || *op == PwOp::kClampMax) {
    const TensorMeta* m = F32Operand(g, n.args[0]);
    return ClampBoundsOf(n) && m != nullptr && m->sizes == out->sizes;
  }
  const int arity = IsBinary(*op) ? 2 : 1;
  for (int i = 0; i < arity; ++i) {
    if (IsScalarConstant(n.args[i])) continue;
    const TensorMeta* m = F32Operand(g, n.args[i]);
    if (m == nullptr || BroadcastOf(m->sizes, out->sizes) == Broadcast::kOther) return false;
  }
  if ((*op == PwOp::kAdd || *op == PwOp::kSub) && !IsScalarConstant(n.args[2])) return false;
  return IsScalarConstant(n.args[0]) + IsScalarConstant(n.args[arity - 1]) < arity;
}

// Whether binary `next`, consuming the chain value `last`, is a oneDNN post-op of a
// matmul whose dst has sizes `out`.
bool IsBinaryPostOp(const Graph& g, PwOp op, const Node& last, const Node& next) {
  auto is_chain = [&](const Arg& a) { return a.is_ref() && a.ref() == ValueRef{last.id, -1}; };
  const bool first = is_chain(next.args[0]);
  const bool second = is_chain(next.args[1]);
  if (first == second) return false;  // x op x, or not consuming the chain value
  if (second && (op == PwOp::kSub || op == PwOp::kDiv)) return false;
  const Arg& other = next.args[first ? 1 : 0];
  if (IsScalarConstant(other)) return true;
  if ((op == PwOp::kAdd || op == PwOp::kSub) && ConstantOf(next.args[2]) != 1.0) return false;
  const TensorMeta* m = F32Operand(g, other);
  if (m == nullptr) return false;
  const std::vector<int64_t>& out = next.meta[0].sizes;
  switch (BroadcastOf(m->sizes, out)) {
    case Broadcast::kFull:
    case Broadcast::kScalar:
      return true;
    case Broadcast::kInner:
      return m->sizes.size() == 1;  // a bias-like row [N]
    case Broadcast::kOther:
      return false;
  }
  return false;
}

}  // namespace

bool IsBinary(PwOp op) { return op >= PwOp::kAdd; }

bool IsTranscendental(PwOp op) {
  switch (op) {
    case PwOp::kExp: case PwOp::kLog: case PwOp::kSin: case PwOp::kCos: case PwOp::kTanh:
    case PwOp::kSigmoid: case PwOp::kGelu: case PwOp::kGeluTanh: case PwOp::kSilu:
      return true;
    default:
      return false;
  }
}

absl::string_view PwOpName(PwOp op) {
  static constexpr absl::string_view kNames[] = {
      "neg", "abs", "relu", "exp", "log", "sqrt", "sin", "cos", "tanh", "sigmoid", "gelu",
      "gelu_tanh", "silu", "square", "reciprocal", "rsqrt", "clamp_min", "clamp_max",
      "add", "sub", "mul", "div"};
  return kNames[static_cast<int>(op)];
}

std::optional<PwOp> PointwiseOpOf(const Node& n) {
  if (n.kind != graph::NodeKind::kCall || n.op == nullptr) return std::nullopt;
  const std::string name = n.op->full_name();
  static const std::pair<absl::string_view, PwOp> kTable[] = {
      {"neg", PwOp::kNeg},         {"abs", PwOp::kAbs},         {"relu", PwOp::kRelu},
      {"exp", PwOp::kExp},         {"log", PwOp::kLog},         {"sqrt", PwOp::kSqrt},
      {"sin", PwOp::kSin},         {"cos", PwOp::kCos},         {"tanh", PwOp::kTanh},
      {"sigmoid", PwOp::kSigmoid}, {"silu", PwOp::kSilu},       {"square", PwOp::kSquare},
      {"reciprocal", PwOp::kReciprocal}, {"rsqrt", PwOp::kRsqrt}, {"add.Tensor", PwOp::kAdd},
      {"sub.Tensor", PwOp::kSub},  {"mul.Tensor", PwOp::kMul},  {"div.Tensor", PwOp::kDiv},
  };
  for (const auto& [op_name, op] : kTable) {
    if (name == op_name) return op;
  }
  if (name == "gelu" && n.args.size() == 2 && n.args[1].is_constant() &&
      n.args[1].constant().is_string()) {
    const std::string& approx = n.args[1].constant().to_string();
    if (approx == "none") return PwOp::kGelu;
    if (approx == "tanh") return PwOp::kGeluTanh;
  }
  if (name == "clamp_max") return PwOp::kClampMax;
  if (name == "clamp_min") return PwOp::kClampMin;
  if ((name == "clamp" || name == "clip") && n.args.size() == 3) {
    return IsNone(n.args[1]) ? PwOp::kClampMax : PwOp::kClampMin;
  }
  return std::nullopt;
}

std::optional<ClampBounds> ClampBoundsOf(const Node& n) {
  const std::optional<PwOp> op = PointwiseOpOf(n);
  if (!op || (*op != PwOp::kClampMin && *op != PwOp::kClampMax)) return std::nullopt;
  const std::string name = n.op->full_name();
  auto bound = [](const Arg& a, std::optional<float>* out) {
    if (IsNone(a)) return true;
    if (!IsScalarConstant(a) || a.constant().is_bool()) return false;
    const double v = ConstantOf(a);
    if (!std::isfinite(v)) return false;
    *out = static_cast<float>(v);
    return true;
  };
  ClampBounds b;
  bool ok = false;
  if (name == "clamp_min") ok = n.args.size() == 2 && bound(n.args[1], &b.lo);
  else if (name == "clamp_max") ok = n.args.size() == 2 && bound(n.args[1], &b.hi);
  else ok = bound(n.args[1], &b.lo) && bound(n.args[2], &b.hi);
  if (!ok || (!b.lo && !b.hi)) return std::nullopt;
  return b;
}

int64_t Numel(const std::vector<int64_t>& sizes) {
  int64_t n = 1;
  for (int64_t s : sizes) n *= s;
  return n;
}

bool HasContiguousStrides(const TensorMeta& m) {
  int64_t expected = 1;
  for (size_t i = m.sizes.size(); i-- > 0;) {
    if (m.sizes[i] != 1 && m.strides[i] != expected) return false;
    expected *= m.sizes[i];
  }
  return true;
}

Broadcast BroadcastOf(const std::vector<int64_t>& operand, const std::vector<int64_t>& out) {
  if (operand == out) return Broadcast::kFull;
  if (Numel(operand) == 1) return Broadcast::kScalar;
  // Leading 1s of the operand do not change which element is read.
  size_t skip = 0;
  while (skip < operand.size() && operand[skip] == 1) ++skip;
  const size_t rank = operand.size() - skip;
  if (rank > out.size()) return Broadcast::kOther;
  for (size_t i = 0; i < rank; ++i) {
    if (operand[skip + i] != out[out.size() - rank + i]) return Broadcast::kOther;
  }
  return operand.size() <= out.size() ? Broadcast::kInner : Broadcast::kOther;
}

const TensorMeta* MetaOf(const Graph& g, ValueRef r) {
  if (r.node < 0) return nullptr;
  const Node& n = g.node(r.node);
  const size_t i = r.index < 0 ? 0 : static_cast<size_t>(r.index);
  if (i >= n.meta.size() || (r.index < 0 && n.meta.size() != 1)) return nullptr;
  return &n.meta[i];
}

std::optional<EltwiseSpec> EltwiseOf(PwOp op) {
  using dnnl::algorithm;
  switch (op) {
    case PwOp::kNeg: return EltwiseSpec{algorithm::eltwise_linear, -1.f, 0.f};
    case PwOp::kAbs: return EltwiseSpec{algorithm::eltwise_abs};
    case PwOp::kRelu: return EltwiseSpec{algorithm::eltwise_relu};
    case PwOp::kExp: return EltwiseSpec{algorithm::eltwise_exp};
    case PwOp::kLog: return EltwiseSpec{algorithm::eltwise_log};
    case PwOp::kSqrt: return EltwiseSpec{algorithm::eltwise_sqrt};
    case PwOp::kTanh: return EltwiseSpec{algorithm::eltwise_tanh};
    case PwOp::kSigmoid: return EltwiseSpec{algorithm::eltwise_logistic};
    case PwOp::kGelu: return EltwiseSpec{algorithm::eltwise_gelu_erf};
    case PwOp::kGeluTanh: return EltwiseSpec{algorithm::eltwise_gelu_tanh};
    case PwOp::kSilu: return EltwiseSpec{algorithm::eltwise_swish, 1.f, 0.f};
    case PwOp::kSquare: return EltwiseSpec{algorithm::eltwise_square};
    case PwOp::kReciprocal: return EltwiseSpec{algorithm::eltwise_pow, 1.f, -1.f};
    case PwOp::kRsqrt: return EltwiseSpec{algorithm::eltwise_pow, 1.f, -0.5f};
    default: return std::nullopt;  // sin, cos: no oneDNN eltwise; binaries are separate
  }
}

namespace {

// matmul of two rank >= 3 operands with the same batch dims: [..., M, K] @ [..., K, N].
std::optional<MatmulOperands> BatchedMatmulOf(const Node& n, const TensorMeta& src,
                                              const TensorMeta& wei) {
  const size_t r = src.sizes.size();
  if (wei.sizes.size() != r || src.strides.size() != r || wei.strides.size() != r) {
    return std::nullopt;
  }
  for (size_t i = 0; i + 2 < r; ++i) {
    if (src.sizes[i] != wei.sizes[i]) return std::nullopt;  // broadcasting: the kernel
  }
  for (size_t i = 0; i < r; ++i) {
    if (src.strides[i] < 0 || wei.strides[i] < 0) return std::nullopt;
  }
  MatmulOperands mm;
  mm.src = n.args[0].ref();
  mm.weight = n.args[1].ref();
  mm.m = src.sizes[r - 2];
  mm.k = src.sizes[r - 1];
  mm.n = wei.sizes[r - 1];
  if (wei.sizes[r - 2] != mm.k || mm.k == 0) return std::nullopt;
  mm.batch.assign(src.sizes.begin(), src.sizes.end() - 2);
  mm.src_strides = src.strides;
  mm.wei_strides = wei.strides;
  return mm;
}

}  // namespace

std::optional<MatmulOperands> MatmulOf(const Graph& g, const Node& n) {
  if (n.kind != graph::NodeKind::kCall || LowerableResult(n) == nullptr) return std::nullopt;
  const std::string name = n.op->full_name();
  MatmulOperands mm;
  const TensorMeta* src = nullptr;
  const TensorMeta* wei = nullptr;
  const TensorMeta* bias = nullptr;
  if (name == "linear") {
    src = F32Operand(g, n.args[0]);
    wei = F32Operand(g, n.args[1]);
    if (!IsNone(n.args[2])) {
      bias = F32Operand(g, n.args[2]);
      if (bias == nullptr) return std::nullopt;
    }
    mm.weight_is_nk = true;
  } else if (name == "mm" || name == "matmul") {
    src = F32Operand(g, n.args[0]);
    wei = F32Operand(g, n.args[1]);
    if (name == "matmul" && src != nullptr && wei != nullptr && src->sizes.size() >= 3) {
      return BatchedMatmulOf(n, *src, *wei);
    }
    if (src != nullptr && src->sizes.size() != 2) return std::nullopt;
  } else if (name == "addmm") {
    if (!IsScalarConstant(n.args[3]) || ConstantOf(n.args[3]) != 1.0 ||
        !IsScalarConstant(n.args[4]) || ConstantOf(n.args[4]) != 1.0) {
      return std::nullopt;
    }
    bias = F32Operand(g, n.args[0]);
    src = F32Operand(g, n.args[1]);
    wei = F32Operand(g, n.args[2]);
    if (bias == nullptr || src == nullptr || src->sizes.size() != 2) return std::nullopt;
  } else {
    return std::nullopt;
  }
  if (src == nullptr || wei == nullptr || src->sizes.size() < 2 || wei->sizes.size() != 2) {
    return std::nullopt;
  }
  mm.src = n.args[name == "addmm" ? 1 : 0].ref();
  mm.weight = n.args[name == "addmm" ? 2 : 1].ref();
  mm.k = src->sizes.back();
  if (mm.k == 0) return std::nullopt;  // nothing to multiply: the kernel writes the bias
  mm.m = Numel(src->sizes) / mm.k;
  mm.n = mm.weight_is_nk ? wei->sizes[0] : wei->sizes[1];
  if ((mm.weight_is_nk ? wei->sizes[1] : wei->sizes[0]) != mm.k) return std::nullopt;
  if (bias != nullptr) {
    // A row broadcast over dst: [N] or [1, N].
    if (Numel(bias->sizes) != mm.n || bias->sizes.size() > 2 || bias->sizes.back() != mm.n) {
      return std::nullopt;
    }
    mm.bias = n.args[name == "addmm" ? 0 : 2].ref();
  }
  return mm;
}

namespace {
// A softmax node over the last dim, on a machine with the row kernels.
bool LastDimRows(const Node& n) {
  if (!HasRowKernels()) return false;
  const int64_t rank = static_cast<int64_t>(n.meta[0].sizes.size());
  const int64_t axis = n.args[1].constant().to_int();
  return axis == rank - 1 || axis == -1;
}
}  // namespace

bool IsSoftmax(const Node& n) {
  if (n.kind != graph::NodeKind::kCall) return false;
  const std::string name = n.op->full_name();
  if (name != "softmax.int" && name != "log_softmax.int") return false;
  if (LowerableResult(n) == nullptr || n.meta[0].sizes.empty() || !IsNone(n.args[2]) ||
      !n.args[1].is_constant() || !n.args[1].constant().is_int()) {
    return false;
  }
  // oneDNN 2.6's logsoftmax approximates exp and log (log_softmax of a row [0, -1000]
  // gives 1.4e-6 where the answer is 0), and its softmax lets NaN and inf through only in
  // part (rows [nan, 1, 2] and [inf, 1, 2] give [nan, 0, 0] where PyTorch gives NaN
  // throughout): both lower only as row kernels, elsewhere they run the eager kernel.
  return LastDimRows(n);
}

bool IsLayerNorm(const Graph& g, const Node& n) {
  if (n.kind != graph::NodeKind::kCall || n.op->full_name() != "layer_norm") return false;
  const TensorMeta* out = LowerableResult(n);
  const TensorMeta* in = F32Operand(g, n.args[0]);
  if (out == nullptr || in == nullptr || !n.args[1].is_constant() ||
      !n.args[1].constant().is_int_list() || !n.args[4].is_constant()) {
    return false;
  }
  const std::vector<int64_t>& shape = n.args[1].constant().to_int_list();
  if (shape.empty() || shape.size() > in->sizes.size() ||
      !std::equal(shape.begin(), shape.end(), in->sizes.end() - shape.size())) {
    return false;
  }
  for (int i : {2, 3}) {
    if (IsNone(n.args[i])) continue;
    const TensorMeta* m = F32Operand(g, n.args[i]);
    if (m == nullptr || m->sizes != shape) return false;
  }
  return true;
}

std::optional<PostOpKind> PostOpOf(const Graph& g, const Node& next, graph::NodeId chain) {
  const std::optional<PwOp> op = PointwiseOpOf(next);
  if (!op) return std::nullopt;
  if (!IsBinary(*op)) {
    const std::optional<EltwiseSpec> e = EltwiseOf(*op);
    if (!e || !next.args[0].is_ref() || next.args[0].ref() != ValueRef{chain, -1}) {
      return std::nullopt;
    }
    return PostOpKind{false, e->alg, e->alpha, e->beta};
  }
  if (!IsBinaryPostOp(g, *op, g.node(chain), next)) return std::nullopt;
  const bool chain_first = next.args[0].is_ref() && next.args[0].ref() == ValueRef{chain, -1};
  const Arg& other = next.args[chain_first ? 1 : 0];
  if (!other.is_constant()) return PostOpKind{true};
  // A constant operand: eltwise_linear(scale, shift) computes scale * x + shift.
  const float c = static_cast<float>(ConstantOf(other));
  const float alpha =
      (*op == PwOp::kAdd || *op == PwOp::kSub) ? static_cast<float>(ConstantOf(next.args[2])) : 1.f;
  PostOpKind linear{false, dnnl::algorithm::eltwise_linear, 1.f, 0.f};
  if (*op == PwOp::kAdd) linear.beta = alpha * c;
  if (*op == PwOp::kSub) linear.beta = -alpha * c;
  if (*op == PwOp::kMul) linear.alpha = c;
  if (*op == PwOp::kDiv) linear.alpha = 1.f / c;
  return linear;
}

NodeClass OneDnnSupport::Classify(const Graph& g, const Node& n) const {
  if (MatmulOf(g, n)) return NodeClass::kMatmul;
  if (IsPointwiseNode(g, n)) return NodeClass::kPointwise;
  if (IsSoftmax(n) || IsLayerNorm(g, n)) return NodeClass::kOpaque;
  return NodeClass::kUnsupported;
}

bool OneDnnSupport::CanAppend(const Graph& g, absl::Span<const graph::NodeId> chain,
                              const Node& next) const {
  const Node& last = g.node(chain.back());
  if (last.meta.size() != 1 || next.meta.empty() || last.meta[0].sizes != next.meta[0].sizes) {
    return false;
  }
  if (RunsAsRows(g, g.node(chain[0]))) {
    // An epilogue runs on one row at a time: it reads the chain and constants only.
    for (const graph::Arg& a : next.args) {
      for (graph::ValueRef r : a.refs()) {
        if (r.node >= 0 && r.node != last.id) return false;
      }
    }
    return true;
  }
  if (!MatmulOf(g, g.node(chain[0]))) return true;  // a fused loop takes any pointwise op
  std::vector<PostOpKind> ops;
  for (size_t i = 1; i < chain.size(); ++i) ops.push_back(*PostOpOf(g, g.node(chain[i]), chain[i - 1]));
  const std::optional<PostOpKind> added = PostOpOf(g, next, last.id);
  if (!added) return false;
  // A batched matmul's dst is rank >= 3: its chains take eltwise post-ops only.
  if (added->binary && MatmulOf(g, g.node(chain[0]))->batched()) return false;
  // oneDNN 2.6.3's brgemm matmul computes wrong values (errors of 6 to 15000 on unit
  // inputs) when two eltwise post-ops share an algorithm but not alpha/beta
  // (linear(0.5, 0) then linear(1, -6); pow(1, -1) then pow(1, 2)): the chain ends there.
  if (!added->binary) {
    for (const PostOpKind& k : ops) {
      if (!k.binary && k.alg == added->alg && (k.alpha != added->alpha || k.beta != added->beta)) {
        return false;
      }
    }
  }
  return true;
}

bool RunsAsRows(const Graph& g, const Node& n) {
  if (!HasRowKernels()) return false;
  if (IsLayerNorm(g, n)) return true;
  return IsSoftmax(n) && LastDimRows(n);
}

bool OneDnnSupport::TakesEpilogue(const Graph& g, const Node& n) const {
  if (!RunsAsRows(g, n)) return false;
  // An epilogue is a program over one row. Rows of one element would make it a one-element
  // program, which computes gelu by the exact formula where eager, for a tensor of 2+
  // elements, uses oneDNN's (PyTorch's choice): no epilogue there.
  const int64_t row = IsLayerNorm(g, n) ? Numel(n.args[1].constant().to_int_list())
                                        : n.meta[0].sizes.back();
  return row > 1;
}

}  // namespace wick::codegen::internal
