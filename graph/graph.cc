// The graph IR's value types (Arg, TensorMeta), Graph queries and Compact, and the
// argument materialisation shared by the builder (meta tensors) and backends.
#include "graph/graph.h"

#include <cmath>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/status_macros.h"
#include "graph/internal/repr.h"

namespace wick::graph {
namespace {

using tensor::ArgType;
using tensor::Tensor;
using tensor::Value;

bool DoublesEqual(double a, double b) {
  if (std::isnan(a) && std::isnan(b)) return true;
  return std::memcmp(&a, &b, sizeof(double)) == 0;
}

bool ConstantsEqual(const Value& a, const Value& b) {
  if (a.kind() != b.kind()) return false;
  switch (a.kind()) {
    case Value::Kind::kNone: return true;
    case Value::Kind::kBool: return a.to_bool() == b.to_bool();
    case Value::Kind::kInt: return a.to_int() == b.to_int();
    case Value::Kind::kDouble: return DoublesEqual(a.to_double(), b.to_double());
    case Value::Kind::kString: return a.to_string() == b.to_string();
    case Value::Kind::kDType: return a.to_dtype() == b.to_dtype();
    case Value::Kind::kIntList: return a.to_int_list() == b.to_int_list();
    case Value::Kind::kDoubleList: {
      const auto& x = a.to_double_list();
      const auto& y = b.to_double_list();
      if (x.size() != y.size()) return false;
      for (size_t i = 0; i < x.size(); ++i) {
        if (!DoublesEqual(x[i], y[i])) return false;
      }
      return true;
    }
    case Value::Kind::kTensor: return a.to_tensor().is_same(b.to_tensor());
    case Value::Kind::kTensorList: return false;
  }
  return false;
}

std::string Brackets(tensor::IntSpan xs) { return absl::StrCat("[", absl::StrJoin(xs, ", "), "]"); }

absl::StatusOr<Tensor> ResolveRef(ValueRef r, const NodeValueFn& value_of) {
  if (r == kNoneRef) return Tensor();
  const Value& v = value_of(r.node);
  if (r.index < 0) {
    if (v.is_tensor()) return v.to_tensor();
    return absl::InternalError(absl::StrCat("graph value %", r.node, " is not a tensor"));
  }
  if (!v.is_tensor_list() || r.index >= static_cast<int32_t>(v.to_tensor_list().size())) {
    return absl::InternalError(
        absl::StrCat("graph value %", r.node, " has no element ", r.index));
  }
  return v.to_tensor_list()[r.index];
}

}  // namespace

Arg Arg::Constant(tensor::Value v) {
  Arg a;
  a.kind_ = Kind::kConstant;
  a.constant_ = std::move(v);
  return a;
}

Arg Arg::Ref(ValueRef r) {
  Arg a;
  a.kind_ = Kind::kRef;
  a.refs_ = {r};
  return a;
}

Arg Arg::RefList(std::vector<ValueRef> rs) {
  Arg a;
  a.kind_ = Kind::kRefList;
  a.refs_ = std::move(rs);
  return a;
}

Arg Arg::Literal(std::string python_text) {
  Arg a;
  a.kind_ = Kind::kLiteral;
  a.constant_ = Value(std::move(python_text));
  return a;
}

Arg Arg::Sym(sym::ExprPtr e) {
  Arg a;
  a.kind_ = Kind::kSym;
  a.sym_ = {std::move(e)};
  return a;
}

Arg Arg::SymList(std::vector<sym::ExprPtr> es) {
  Arg a;
  a.kind_ = Kind::kSymList;
  a.sym_ = std::move(es);
  return a;
}

bool Arg::operator==(const Arg& o) const {
  if (kind_ != o.kind_) return false;
  if (is_sym()) {
    if (sym_.size() != o.sym_.size()) return false;
    for (size_t i = 0; i < sym_.size(); ++i) {
      if (!sym::Equal(*sym_[i], *o.sym_[i])) return false;
    }
    return true;
  }
  if (kind_ == Kind::kConstant || kind_ == Kind::kLiteral) {
    return ConstantsEqual(constant_, o.constant_);
  }
  return refs_ == o.refs_;
}

std::string TensorMeta::Annotation() const {
  if (!is_dynamic()) {
    return absl::StrCat(internal::DTypeAbbr(dtype), Brackets(sizes), Brackets(strides), "cpu");
  }
  std::vector<std::string> size_text, stride_text;
  for (const sym::ExprPtr& e : sym_sizes) size_text.push_back(sym::ToString(*e));
  // Strides of a contiguous tensor are products of the later sizes: print those
  // symbolically; other layouts print their values while tracing.
  bool contiguous = true;
  int64_t expect = 1;
  for (size_t i = sizes.size(); i-- > 0;) {
    if (sizes[i] != 1 && strides[i] != expect) contiguous = false;
    expect *= sizes[i];
  }
  if (contiguous) {
    std::vector<sym::ExprPtr> st(sizes.size());
    sym::ExprPtr running = sym::Int(1);
    for (size_t i = sizes.size(); i-- > 0;) {
      st[i] = running;
      running = sym::Mul(running, sym_sizes[i]);
    }
    for (const sym::ExprPtr& e : st) stride_text.push_back(sym::ToString(*e));
  } else {
    for (int64_t s : strides) stride_text.push_back(absl::StrCat(s));
  }
  return absl::StrCat(internal::DTypeAbbr(dtype), "[", absl::StrJoin(size_text, ", "), "][",
                      absl::StrJoin(stride_text, ", "), "]cpu");
}

TensorMeta TensorMeta::Of(const tensor::Tensor& t) {
  TensorMeta m;
  m.dtype = t.dtype();
  m.sizes.assign(t.sizes().begin(), t.sizes().end());
  m.strides.assign(t.strides().begin(), t.strides().end());
  m.requires_grad = t.requires_grad();
  return m;
}

absl::string_view NodeKindName(NodeKind k) {
  switch (k) {
    case NodeKind::kPlaceholder: return "placeholder";
    case NodeKind::kCall: return "call_function";
    case NodeKind::kGetAttr: return "get_attr";
    case NodeKind::kOutput: return "output";
  }
  return "?";
}

std::vector<NodeId> Graph::placeholders() const {
  std::vector<NodeId> ids;
  for (const Node& n : nodes_) {
    if (n.kind == NodeKind::kPlaceholder) ids.push_back(n.id);
  }
  return ids;
}

int Graph::num_calls() const {
  int count = 0;
  for (const Node& n : nodes_) count += n.kind == NodeKind::kCall ? 1 : 0;
  return count;
}

absl::StatusOr<std::vector<int64_t>> Graph::BindSymbols(
    absl::Span<const tensor::Tensor> inputs) const {
  std::vector<int64_t> values(symbols_.size(), 0);
  if (symbols_.empty()) return values;
  // Placeholder node id -> input position.
  std::vector<int32_t> position(nodes_.size(), -1);
  int32_t next = 0;
  for (const Node& n : nodes_) {
    if (n.kind == NodeKind::kPlaceholder) position[n.id] = next++;
  }
  for (size_t i = 0; i < symbols_.size(); ++i) {
    const SymbolInfo& s = symbols_[i];
    const int32_t p = s.placeholder >= 0 && s.placeholder < static_cast<NodeId>(position.size())
                          ? position[s.placeholder]
                          : -1;
    if (p < 0 || p >= static_cast<int32_t>(inputs.size()) || !inputs[p].defined()) {
      return absl::InvalidArgumentError(absl::StrCat("symbol ", s.name, ": missing input"));
    }
    const Tensor& t = inputs[p];
    if (s.dim < 0) {
      if (t.dim() != 0 || t.dtype() != tensor::DType::kInt64) {
        return absl::InvalidArgumentError(
            absl::StrCat("symbol ", s.name, ": input is not a 0-dim int"));
      }
      values[i] = t.ElementAt(0).to_int();
    } else {
      if (s.dim >= t.dim()) {
        return absl::InvalidArgumentError(
            absl::StrCat("symbol ", s.name, ": input has no dimension ", s.dim));
      }
      values[i] = t.sizes()[s.dim];
    }
  }
  return values;
}

void Graph::Compact() {
  std::vector<NodeId> new_id(nodes_.size(), -1);
  std::vector<Node> kept;
  kept.reserve(nodes_.size());
  for (size_t i = 0; i < nodes_.size(); ++i) {
    if (nodes_[i].kind == NodeKind::kCall && nodes_[i].op == nullptr) continue;
    new_id[i] = static_cast<NodeId>(kept.size());
    kept.push_back(std::move(nodes_[i]));
  }
  // A reference to an erased node becomes -2 so that Verify reports it.
  auto remap = [&](ValueRef& r) {
    if (r == kNoneRef) return;
    r.node = r.node >= 0 && r.node < static_cast<NodeId>(new_id.size()) && new_id[r.node] >= 0
                 ? new_id[r.node]
                 : -2;
  };
  auto remap_arg = [&](Arg& a) {
    for (ValueRef& r : a.mutable_refs()) remap(r);
  };
  for (NodeId i = 0; i < static_cast<NodeId>(kept.size()); ++i) {
    Node& n = kept[i];
    n.id = i;
    for (Arg& a : n.args) remap_arg(a);
    for (Arg& a : n.spelling.args) remap_arg(a);
    for (auto& [name, a] : n.spelling.kwargs) remap_arg(a);
    for (ValueRef& r : n.outputs) remap(r);
  }
  nodes_ = std::move(kept);
}

tensor::Value CoerceConstant(const tensor::Argument& param, const tensor::Value& v) {
  const ArgType& t = param.type;
  if (v.is_none()) return v;
  if (!t.list) {
    if (t.base == ArgType::Base::kTensor && v.is_scalar()) {
      return Value(Tensor::FromScalar(v.to_scalar(), std::nullopt, /*wrapped_number=*/true));
    }
    if (t.base == ArgType::Base::kFloat && (v.is_int() || v.is_bool())) {
      return Value(v.to_double());
    }
    if (t.base == ArgType::Base::kInt && v.is_bool()) return Value(int64_t{v.to_bool()});
    return v;
  }
  if (t.base == ArgType::Base::kInt && v.is_int() && t.fixed_size > 0) {
    return Value(std::vector<int64_t>(t.fixed_size, v.to_int()));
  }
  if (t.base == ArgType::Base::kFloat && v.is_int_list()) {
    return Value(std::vector<double>(v.to_int_list().begin(), v.to_int_list().end()));
  }
  if (t.base == ArgType::Base::kTensor && v.is_int_list() && v.to_int_list().empty()) {
    return Value(std::vector<Tensor>{});
  }
  return v;
}

absl::StatusOr<std::vector<tensor::Value>> MaterializeArgs(const tensor::OpDef& op,
                                                           absl::Span<const Arg> args,
                                                           const NodeValueFn& value_of,
                                                           absl::Span<const int64_t> sym_values) {
  const auto& params = op.schema.arguments;
  if (args.size() != params.size()) {
    return absl::InternalError(absl::StrCat(op.full_name(), ": ", args.size(),
                                            " bound arguments for ", params.size(),
                                            " schema arguments"));
  }
  std::vector<Value> values;
  values.reserve(args.size());
  for (size_t i = 0; i < args.size(); ++i) {
    const Arg& a = args[i];
    if (a.is_literal()) {
      return absl::InternalError(absl::StrCat(op.full_name(), ": spelling-only literal ",
                                              a.literal(), " as a bound argument"));
    }
    if (a.is_constant()) {
      values.push_back(CoerceConstant(params[i], a.constant()));
    } else if (a.is_sym()) {
      std::vector<int64_t> ints;
      for (const sym::ExprPtr& e : a.sym()) {
        for (int32_t id : sym::FreeSymbols(*e)) {
          if (id >= static_cast<int32_t>(sym_values.size())) {
            return absl::InternalError(absl::StrCat(op.full_name(), ": no value for symbol ",
                                                    sym::ToString(*e)));
          }
        }
        ints.push_back(sym::Eval(*e, sym_values));
      }
      values.push_back(a.is_sym_list() ? CoerceConstant(params[i], Value(std::move(ints)))
                                       : CoerceConstant(params[i], Value(ints[0])));
    } else if (a.is_ref()) {
      ASSIGN_OR_RETURN(Tensor t, ResolveRef(a.ref(), value_of));
      values.emplace_back(std::move(t));
    } else {
      std::vector<Tensor> ts;
      ts.reserve(a.refs().size());
      for (ValueRef r : a.refs()) {
        ASSIGN_OR_RETURN(Tensor t, ResolveRef(r, value_of));
        ts.push_back(std::move(t));
      }
      values.emplace_back(std::move(ts));
    }
  }
  return values;
}

}  // namespace wick::graph
