// Operators over trackers: registry op calls that add graph nodes (mirroring how the
// eager bindings in vm/torch dispatch `x + 1`, `torch.sin(x)`, `x.view(2, 3)`), and
// Python operators on constants, which are folded by running the VM's own protocol
// on the constant values (pure: constants have no user code behind them).
#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "base/status_macros.h"
#include "frontend/internal/translator.h"
#include "tensor/op_registry.h"
#include "vm/objects/dict.h"
#include "vm/protocol.h"
#include "vm/torch/torch.h"

namespace wick::frontend::internal {
namespace {

using graph::Arg;
using graph::CallStyle;

// A tracker as a registry argument; Unimplemented when it is not one.
// Binding a call with symbolic ints twice: once with their values (for the meta
// function) and once with each replaced by a sentinel, so the bound arguments show
// where each one went (an int, an element of an int list, a wrapped number).
constexpr int64_t kSentinelBase = int64_t{1} << 52;
struct SymProbe {
  bool active = false;
  std::vector<sym::ExprPtr> exprs;  // sentinel kSentinelBase + i stands for exprs[i]
};
thread_local SymProbe* g_probe = nullptr;

absl::StatusOr<tensor::Value> ToRegistryValue(Translator& tx, const VarPtr& v) {
  vm::Runtime& rt = tx.state().rt;
  switch (v->kind) {
    case VarKind::kTensor: return tensor::Value(v->fake);
    case VarKind::kSymInt: {
      if (g_probe == nullptr || !g_probe->active) return tensor::Value(v->value.as_int());
      g_probe->exprs.push_back(v->sym);
      return tensor::Value(kSentinelBase + static_cast<int64_t>(g_probe->exprs.size()) - 1);
    }
    case VarKind::kConstant: {
      const vm::Value& c = v->value;
      tensor::DType d;
      if (v->wrapped_number) {
        tensor::Scalar sc = c.is_bool()  ? tensor::Scalar(c.as_bool())
                            : c.is_int() ? tensor::Scalar(c.as_int())
                                         : tensor::Scalar(c.as_float());
        return tensor::Value(tensor::Tensor::FromScalar(sc, std::nullopt, true));
      }
      if (c.is_none()) return tensor::Value();
      if (c.is_bool()) return tensor::Value(c.as_bool());
      if (c.is_int()) return tensor::Value(c.as_int());
      if (c.is_float()) return tensor::Value(c.as_float());
      if (rt.IsStr(c)) return tensor::Value(std::string(c.as<vm::Str>()->view()));
      if (vm::DTypeOfObject(rt, c, &d)) return tensor::Value(d);
      if (c.is_object() && rt.TypeOf(c) == rt.TypeOf(vm::CpuDeviceObject(rt))) {
        std::string device;  // torch.device('cpu') and the like: its str, as eager passes it
        if (!vm::StrString(rt, c, &device)) {
          rt.ClearException();
          break;
        }
        return tensor::Value(std::move(device));
      }
      if (rt.IsTuple(c)) {
        std::vector<VarPtr> items;
        for (const vm::Value& x : c.as<vm::Tuple>()->items) items.push_back(MakeConstant(x));
        return ToRegistryValue(tx, MakeSequence(VarKind::kTuple, std::move(items)));
      }
      break;
    }
    case VarKind::kTuple:
    case VarKind::kList:
    case VarKind::kSize: {
      bool all_int = true, all_num = true, all_tensor = true;
      for (const VarPtr& x : v->items) {
        bool is_int = (x->is_constant() && x->value.is_int_like()) || x->is_symint();
        all_int &= is_int;
        all_num &= is_int || (x->is_constant() && x->value.is_float());
        all_tensor &= x->is_tensor();
      }
      if (v->items.empty() || all_int) {
        std::vector<int64_t> l;
        for (const VarPtr& x : v->items) {
          if (x->is_symint()) {
            ASSIGN_OR_RETURN(tensor::Value e, ToRegistryValue(tx, x));
            l.push_back(e.to_int());
          } else {
            l.push_back(x->value.as_int());
          }
        }
        return tensor::Value(std::move(l));
      }
      if (all_num) {
        std::vector<double> l;
        for (const VarPtr& x : v->items) {
          l.push_back(x->value.is_float() ? x->value.as_float() : x->value.as_int());
        }
        return tensor::Value(std::move(l));
      }
      if (all_tensor) {
        std::vector<tensor::Tensor> l;
        for (const VarPtr& x : v->items) l.push_back(x->fake);
        return tensor::Value(std::move(l));
      }
      // Tensors and None (a Tensor?[] such as index_put_'s indices): None is an
      // undefined tensor, as the eager binding passes it.
      bool tensors_or_none = false;
      for (const VarPtr& x : v->items) {
        if (x->is_tensor()) {
          tensors_or_none = true;
        } else if (!(x->is_constant() && x->value.is_none())) {
          tensors_or_none = false;
          break;
        }
      }
      if (tensors_or_none) {
        std::vector<tensor::Tensor> l;
        for (const VarPtr& x : v->items) l.push_back(x->is_tensor() ? x->fake : tensor::Tensor());
        return tensor::Value(std::move(l));
      }
      break;
    }
    default: break;
  }
  return absl::UnimplementedError(DescribeVar(rt, *v));
}

// PyTorch's varargs sizes: `x.view(2, 3)` binds like `x.view((2, 3))` when the int
// list is the op's only positional parameter after self (as vm/torch/bindings.cc).
void PackVarargs(const std::string& name, bool method, std::vector<tensor::Value>* args) {
  size_t offset = method ? 1 : 0;
  if (args->size() <= offset) return;
  for (size_t i = offset; i < args->size(); ++i) {
    if (!(*args)[i].is_int() && !(*args)[i].is_bool()) return;
  }
  for (const tensor::OpDef* op : tensor::OpRegistry::Global().Overloads(name)) {
    const tensor::OpSchema& s = op->schema;
    if (s.num_positional() != static_cast<int>(offset) + 1) continue;
    const tensor::ArgType& t = s.arguments[offset].type;
    if (!t.list || t.base != tensor::ArgType::Base::kInt) continue;
    std::vector<int64_t> sizes;
    for (size_t i = offset; i < args->size(); ++i) {
      sizes.push_back((*args)[i].is_bool() ? (*args)[i].to_bool() : (*args)[i].to_int());
    }
    args->resize(offset);
    args->push_back(tensor::Value(std::move(sizes)));
    return;
  }
}

// The tracker whose fake tensor is `t`, among the call's inputs.
const VarPtr* FindTensor(const std::vector<const VarPtr*>& inputs, const tensor::Tensor& t) {
  for (const VarPtr* v : inputs) {
    if ((*v)->is_tensor() && (*v)->fake.is_same(t)) return v;
  }
  return nullptr;
}

// A bound registry value as a graph argument: fake tensors map back to their nodes,
// wrapped numbers (Python numbers in Tensor slots) become constants.
// The expression a sentinel stands for, or null.
sym::ExprPtr SentinelExpr(const SymProbe* probe, int64_t x) {
  if (probe == nullptr || x < kSentinelBase ||
      x - kSentinelBase >= static_cast<int64_t>(probe->exprs.size())) {
    return nullptr;
  }
  return probe->exprs[x - kSentinelBase];
}

absl::StatusOr<Arg> ToGraphArg(const std::vector<const VarPtr*>& inputs,
                               const tensor::Value& v, const SymProbe* probe = nullptr) {
  if (probe != nullptr) {
    if (v.is_int()) {
      if (sym::ExprPtr e = SentinelExpr(probe, v.to_int())) return Arg::Sym(e);
    }
    if (v.is_double() && v.to_double() >= static_cast<double>(kSentinelBase)) {
      if (sym::ExprPtr e = SentinelExpr(probe, static_cast<int64_t>(v.to_double()))) {
        return Arg::Sym(e);
      }
    }
    if (v.is_int_list()) {
      bool any = false;
      std::vector<sym::ExprPtr> es;
      for (int64_t x : v.to_int_list()) {
        sym::ExprPtr e = SentinelExpr(probe, x);
        any |= e != nullptr;
        es.push_back(e != nullptr ? e : sym::Int(x));
      }
      if (any) return Arg::SymList(std::move(es));
    }
    if (v.is_tensor() && v.to_tensor().is_wrapped_number() && !v.to_tensor().is_meta()) {
      absl::StatusOr<tensor::Scalar> sc = v.to_tensor().Item();
      if (sc.ok()) {
        const int64_t x = sc->to_int();
        if (sym::ExprPtr e = SentinelExpr(probe, x)) return Arg::Sym(e);
      }
    }
  }
  if (v.is_tensor()) {
    const tensor::Tensor& t = v.to_tensor();
    if (const VarPtr* var = FindTensor(inputs, t)) return Arg::Ref((*var)->ref);
    if (t.is_wrapped_number() && !t.is_meta()) {
      absl::StatusOr<tensor::Scalar> s = t.Item();
      if (!s.ok()) return s.status();
      return Arg::Constant(tensor::Value(*s));
    }
    return absl::InternalError("bound tensor argument is not a traced value");
  }
  if (v.is_tensor_list()) {
    std::vector<graph::ValueRef> refs;
    for (const tensor::Tensor& t : v.to_tensor_list()) {
      if (!t.defined()) {  // None in a Tensor?[] (index_put_'s untouched dims)
        refs.push_back(graph::kNoneRef);
        continue;
      }
      const VarPtr* var = FindTensor(inputs, t);
      if (var == nullptr) return absl::InternalError("bound tensor list element not traced");
      refs.push_back((*var)->ref);
    }
    return Arg::RefList(std::move(refs));
  }
  return Arg::Constant(v);
}

void CollectInputs(const VarPtr& v, std::vector<const VarPtr*>* out) {
  out->push_back(&v);
  if (v->kind == VarKind::kTuple || v->kind == VarKind::kList) {
    for (const VarPtr& x : v->items) CollectInputs(x, out);
  }
}

VarPtr TensorFromNode(TraceState& st, graph::ValueRef ref, const graph::TensorMeta& m) {
  VarPtr out = MakeVar(VarKind::kTensor);
  out->ref = ref;
  out->meta = m;
  out->fake = tensor::Tensor::MetaStrided(m.sizes, m.strides, m.dtype);
  out->fake.set_requires_grad(m.requires_grad);
  return out;
}

// The tracker for what node `id` produces, shaped by the op's returns.
VarPtr ResultOf(TraceState& st, const tensor::OpDef* op, graph::NodeId id) {
  const graph::Node& n = st.builder.node(id);
  const auto& rets = op->schema.returns;
  if (rets.empty() || n.meta.empty()) return MakeConstant(vm::Value::None());
  if (rets.size() == 1 && !rets[0].type.list) return TensorFromNode(st, {id, -1}, n.meta[0]);
  std::vector<VarPtr> items;
  for (size_t i = 0; i < n.meta.size(); ++i) {
    items.push_back(TensorFromNode(st, {id, static_cast<int32_t>(i)}, n.meta[i]));
  }
  VarPtr seq = MakeSequence(rets.size() == 1 ? VarKind::kList : VarKind::kTuple, std::move(items));
  // Named returns (max.dim's values, indices): a torch.return_types tuple, whose type
  // the tracker keeps for attribute reads and the rebuild.
  if (vm::Type* t = vm::ReturnTypeOfOp(st.rt, *op)) seq->tuple_type = vm::Value::Borrow(t);
  return seq;
}

bool IsNumber(const VarPtr& v) {
  return v->is_symint() || (v->is_constant() && (v->value.is_int_like() || v->value.is_float()));
}

// A captured .item() scalar (a 0-dim tensor in the graph) in arithmetic: only with a
// dimensioned tensor, and only where the 0-dim tensor promotes as the Python number
// would (a float32 value; an integer value with an integer tensor; a float value with a
// floating tensor); other uses need symbolic scalars and break.
absl::Status CheckCapturedScalar(Translator& tx, const VarPtr& a, const VarPtr& b) {
  const bool a_item = a->is_tensor() && a->scalar_item;
  const VarPtr& s = a_item ? a : b;
  const VarPtr& t = a_item ? b : a;
  const bool t_dimensioned = t->is_tensor() && !t->scalar_item && !t->meta.sizes.empty();
  const tensor::DType sd = s->meta.dtype;
  const tensor::DType td = t->is_tensor() ? t->meta.dtype : sd;
  const bool ok = t_dimensioned &&
                  (sd == tensor::DType::kFloat32 || tensor::IsFloating(sd) == tensor::IsFloating(td));
  if (ok) return absl::OkStatus();
  return tx.Break("Unsupported Tensor.item()", "captured scalar output",
                  "Dynamo in wick uses a captured .item() value only in arithmetic with a "
                  "tensor (symbolic scalars are M5's).");
}

// Folds an operation on constant values through the VM protocol; a raised Python
// exception stops the trace (exceptions are not traced yet).
absl::StatusOr<VarPtr> Fold(Translator& tx, vm::Value r) {
  if (r.is_raised()) return RaisePending(tx);
  return MakeConstant(std::move(r));
}

const char* BinaryOpName(vm::BinOp op) {
  switch (op) {
    case vm::BinOp::kAdd: return "add";
    case vm::BinOp::kSub: return "sub";
    case vm::BinOp::kMul: return "mul";
    case vm::BinOp::kMatMul: return "matmul";
    case vm::BinOp::kTrueDiv: return "div";
    case vm::BinOp::kFloorDiv: return "floor_divide";
    case vm::BinOp::kMod: return "remainder";
    case vm::BinOp::kPow: return "pow";
    case vm::BinOp::kLShift: return "bitwise_left_shift";
    case vm::BinOp::kRShift: return "bitwise_right_shift";
    case vm::BinOp::kAnd: return "bitwise_and";
    case vm::BinOp::kOr: return "bitwise_or";
    case vm::BinOp::kXor: return "bitwise_xor";
  }
  return "add";
}

// Python's operator module names: operator.add, operator.truediv, operator.iadd, ...
std::string OperatorTarget(vm::BinOp op, bool inplace) {
  static constexpr const char* kNames[] = {"add", "sub", "mul", "matmul", "truediv",
                                           "floordiv", "mod", "pow", "lshift", "rshift",
                                           "and_", "or_", "xor"};
  std::string n = kNames[static_cast<int>(op)];
  if (inplace) n = "i" + (n.back() == '_' ? n.substr(0, n.size() - 1) : n);
  return "operator." + n;
}

}  // namespace

// A fresh Python value equal to a tracker made only of constants (constants, and
// tuples/lists of them); false when the tracker holds anything else.
bool ReifyConstant(vm::Runtime& rt, const VarPtr& v, vm::Value* out) {
  if (v->is_constant()) {
    *out = v->value;
    return true;
  }
  if (v->kind != VarKind::kTuple && v->kind != VarKind::kList && v->kind != VarKind::kSize) {
    return false;
  }
  std::vector<vm::Value> items(v->items.size());
  for (size_t i = 0; i < items.size(); ++i) {
    if (!ReifyConstant(rt, v->items[i], &items[i])) return false;
  }
  *out = v->kind == VarKind::kList ? rt.NewList(std::move(items)) : rt.NewTuple(std::move(items));
  return true;
}

absl::StatusOr<Arg> SpellArg(Translator& tx, const VarPtr& v) {
  if (v->is_tensor()) return Arg::Ref(v->ref);
  if (v->is_symint()) return Arg::Sym(v->sym);
  if ((v->kind == VarKind::kTuple || v->kind == VarKind::kList || v->kind == VarKind::kSize) &&
      ContainsSymInt(v)) {
    std::vector<sym::ExprPtr> es;
    for (const VarPtr& x : v->items) {
      sym::ExprPtr e = AsExpr(x);
      if (e == nullptr) break;
      es.push_back(std::move(e));
    }
    if (es.size() == v->items.size()) return Arg::SymList(std::move(es));
  }
  if (v->kind == VarKind::kTuple || v->kind == VarKind::kList) {
    bool all_tensor = !v->items.empty();
    for (const VarPtr& x : v->items) all_tensor &= x->is_tensor();
    if (all_tensor) {
      std::vector<graph::ValueRef> refs;
      for (const VarPtr& x : v->items) refs.push_back(x->ref);
      return Arg::RefList(std::move(refs));
    }
  }
  absl::StatusOr<tensor::Value> c = ToRegistryValue(tx, v);
  if (!c.ok()) return c.status();
  return Arg::Constant(*std::move(c));
}

// Whether a call that did not bind would bind with its 0-dim tensor arguments read as
// numbers (an int for an integral tensor, a float otherwise), as eager's argument
// parsing reads them.
template <typename Bind>
bool TakesTensorAsNumber(const std::vector<VarPtr>& args,
                         const std::vector<std::pair<std::string, VarPtr>>& kwargs,
                         std::vector<tensor::Value> targs, tensor::Kwargs tkw,
                         const Bind& bind) {
  auto as_number = [](const VarPtr& v, tensor::Value* out) {
    if (!v->is_tensor() || v->scalar_item || v->fake.dim() != 0) return false;
    if (tensor::IsFloating(v->meta.dtype)) *out = tensor::Value(1.0);
    else *out = tensor::Value(int64_t{1});
    return true;
  };
  bool any = false;
  // targs may hold packed varargs after the positional ones: only the leading,
  // one-to-one positions are replaced.
  for (size_t i = 0; i < args.size() && i < targs.size(); ++i) {
    any |= as_number(args[i], &targs[i]);
  }
  for (size_t i = 0; i < kwargs.size() && i < tkw.size(); ++i) {
    any |= as_number(kwargs[i].second, &tkw[i].second);
  }
  return any && bind(targs, tkw).ok();
}

absl::StatusOr<VarPtr> CallTensorOp(Translator& tx, const std::string& name,
                                    std::vector<VarPtr> args,
                                    std::vector<std::pair<std::string, VarPtr>> kwargs,
                                    CallStyle style, std::string target,
                                    const tensor::OpDef* op) {
  TraceState& st = tx.state();
  auto unsupported = [&](const std::string& why) {
    return tx.Break("Unsupported function call", absl::StrCat(target, ": ", why),
                    absl::StrCat("Dynamo in wick cannot put this call to `", target,
                                 "` into a graph."));
  };
  std::vector<tensor::Value> targs;
  for (const VarPtr& a : args) {
    absl::StatusOr<tensor::Value> v = ToRegistryValue(tx, a);
    if (!v.ok()) return unsupported(std::string(v.status().message()));
    targs.push_back(*std::move(v));
  }
  PackVarargs(name, style == CallStyle::kMethod, &targs);
  tensor::Kwargs tkw;
  for (auto& [k, a] : kwargs) {
    absl::StatusOr<tensor::Value> v = ToRegistryValue(tx, a);
    if (!v.ok()) return unsupported(std::string(v.status().message()));
    tkw.emplace_back(k, *std::move(v));
  }
  auto bind = [&](absl::Span<const tensor::Value> values,
                  const tensor::Kwargs& kw) -> absl::StatusOr<tensor::BoundCall> {
    if (op == nullptr) return tensor::OpRegistry::Global().Bind(name, values, kw);
    absl::StatusOr<std::vector<tensor::Value>> bound =
        tensor::BindArguments(*op, values, kw);
    if (!bound.ok()) return bound.status();
    return tensor::BoundCall{op, *std::move(bound)};
  };
  absl::StatusOr<tensor::BoundCall> call = bind(targs, tkw);
  bool float_inputs = false;
  for (const VarPtr& a : args) float_inputs |= a->float_input;
  for (auto& kv : kwargs) float_inputs |= kv.second->float_input;
  if (!call.ok() && float_inputs) {
    // A symbolic float where the op takes a number: use its value.
    for (const VarPtr& a : args) {
      if (a->float_input) SpecializeVar(tx, a);
    }
    for (auto& kv : kwargs) {
      if (kv.second->float_input) SpecializeVar(tx, kv.second);
    }
    return CallTensorOp(tx, name, std::move(args), std::move(kwargs), style, std::move(target),
                        op);
  }
  if (!call.ok() && TakesTensorAsNumber(args, kwargs, targs, tkw, bind)) {
    // A 0-dim tensor where the op takes a number (F.one_hot(t, num_classes=n.max() + 1)):
    // eager reads its value, which a trace cannot know. Upstream's fake tensors fail the
    // same read (aten._local_scalar_dense) and break with this gb_type.
    return tx.Break("Data dependent operator", "aten._local_scalar_dense.default",
                    "Operator `aten._local_scalar_dense.default` has a non-Tensor output "
                    "whose value is dependent on the data of Tensor inputs.",
                    {"Enable tracing of data-dependent output operators with "
                     "`torch._dynamo.config.capture_scalar_outputs = True`"});
  }
  if (!call.ok()) {
    return tx.Break("Observed exception", std::string(call.status().message()),
                    absl::StrCat("The call to `", target, "` raises when run eagerly."));
  }
  if (!call->op->meta || call->op->flags.data_dependent) {
    return unsupported("the op has no meta function (data-dependent output)");
  }
  std::vector<const VarPtr*> inputs;
  for (const VarPtr& a : args) CollectInputs(a, &inputs);
  for (auto& kv : kwargs) CollectInputs(kv.second, &inputs);
  // Symbolic ints among the arguments: bind again with sentinels to see where each
  // went (a different overload, or a sentinel nobody can place: specialise them).
  SymProbe probe;
  std::optional<tensor::BoundCall> probed;
  bool symbolic = false;
  for (const VarPtr& a : args) symbolic |= ContainsSymInt(a);
  for (auto& kv : kwargs) symbolic |= ContainsSymInt(kv.second);
  if (symbolic) {
    probe.active = true;
    g_probe = &probe;
    std::vector<tensor::Value> pargs;
    tensor::Kwargs pkw;
    bool ok = true;
    for (const VarPtr& a : args) {
      absl::StatusOr<tensor::Value> v = ToRegistryValue(tx, a);
      ok &= v.ok();
      if (v.ok()) pargs.push_back(*std::move(v));
    }
    PackVarargs(name, style == CallStyle::kMethod, &pargs);
    for (auto& [k, a] : kwargs) {
      absl::StatusOr<tensor::Value> v = ToRegistryValue(tx, a);
      ok &= v.ok();
      if (v.ok()) pkw.emplace_back(k, *std::move(v));
    }
    g_probe = nullptr;
    probe.active = false;
    if (ok) {
      absl::StatusOr<tensor::BoundCall> pc = bind(pargs, pkw);
      if (pc.ok() && pc->op == call->op) probed = *std::move(pc);
    }
    if (!probed.has_value()) {
      for (const VarPtr& a : args) SpecializeVar(tx, a);
      for (auto& kv : kwargs) SpecializeVar(tx, kv.second);
    }
  }
  std::vector<Arg> bound;
  for (size_t i = 0; i < call->args.size(); ++i) {
    ASSIGN_OR_RETURN(Arg a, probed.has_value() ? ToGraphArg(inputs, probed->args[i], &probe)
                                               : ToGraphArg(inputs, call->args[i]));
    bound.push_back(std::move(a));
  }
  graph::Spelling sp;
  sp.style = style;
  sp.target = std::move(target);
  for (const VarPtr& a : args) {
    ASSIGN_OR_RETURN(Arg x, SpellArg(tx, a));
    sp.args.push_back(std::move(x));
  }
  for (auto& [k, a] : kwargs) {
    ASSIGN_OR_RETURN(Arg x, SpellArg(tx, a));
    sp.kwargs.emplace_back(k, std::move(x));
  }
  st.body_started = true;
  absl::StatusOr<graph::NodeId> id =
      st.builder.AddCall(call->op, std::move(bound), std::move(sp), tx.Origin());
  if (!id.ok()) {
    return tx.Break("Observed exception", std::string(id.status().message()),
                    absl::StrCat("The call to `", name, "` raises when run eagerly."));
  }
  RETURN_IF_ERROR(PropagateSizes(tx, *id));
  VarPtr result = ResultOf(st, call->op, *id);
  // requires_grad as eager autograd would set it: grad mode on and a tensor input
  // requiring grad make a floating result require grad.
  if (st.grad_enabled && result->is_tensor() && tensor::IsFloating(result->meta.dtype) &&
      !call->op->is_inplace()) {
    bool any = false;
    for (const VarPtr* in : inputs) any |= (*in)->is_tensor() && (*in)->meta.requires_grad;
    if (any) {
      result->meta.requires_grad = true;
      if (result->fake.defined()) result->fake.set_requires_grad(true);
    }
  }
  if (call->op->is_inplace() && !args.empty() && args[0]->is_tensor() && result->is_tensor()) {
    // The in-place op's output is the same tensor: later reads see the new node.
    args[0]->ref = result->ref;
    args[0]->meta = result->meta;
    args[0]->fake = result->fake;
    args[0]->is_input = false;
    return args[0];
  }
  return result;
}

namespace {

// The kind of sequence a tracker is for + and *: a traced tuple, list or torch.Size, or a
// constant tuple (kTuple then, its items as constants); false for anything else.
bool SequenceItems(vm::Runtime& rt, const VarPtr& v, VarKind* kind, std::vector<VarPtr>* items) {
  if (v->kind == VarKind::kTuple || v->kind == VarKind::kList || v->kind == VarKind::kSize) {
    *kind = v->kind;
    *items = v->items;
    return v->kind != VarKind::kTuple || !v->tuple_type.is_object();  // not return_types
  }
  if (v->is_constant() && rt.IsTuple(v->value)) {
    *kind = VarKind::kTuple;
    items->clear();
    for (const vm::Value& x : v->value.as<vm::Tuple>()->items) items->push_back(MakeConstant(x));
    return true;
  }
  return false;
}

const char* SequenceName(VarKind k) {
  return k == VarKind::kList ? "list" : "tuple";  // torch.Size concatenates as a tuple
}

// Concatenation and repetition of traced sequences as Python (and torch.Size) do them:
// tuple + tuple, list + list, list += iterable, Size + tuple (a Size; tuple + Size is a
// tuple), seq * n and n * seq (items shared, as Python shares the references). `*out`
// stays null when neither operand is such a sequence.
absl::Status SequenceOp(Translator& tx, vm::BinOp op, bool inplace, const VarPtr& a,
                        const VarPtr& b, VarPtr* out) {
  vm::Runtime& rt = tx.state().rt;
  VarKind ka, kb;
  std::vector<VarPtr> ia, ib;
  const bool sa = SequenceItems(rt, a, &ka, &ia);
  const bool sb = SequenceItems(rt, b, &kb, &ib);
  if (op == vm::BinOp::kAdd && sa && inplace && a->kind == VarKind::kList) {
    ASSIGN_OR_RETURN(std::vector<VarPtr> extra, Unpack(tx, b));  // list += any iterable
    a->items.insert(a->items.end(), extra.begin(), extra.end());
    NoteMutation(tx, a);
    *out = a;
    return absl::OkStatus();
  }
  if (op == vm::BinOp::kAdd && sa && sb) {
    const bool a_list = ka == VarKind::kList, b_list = kb == VarKind::kList;
    if (a_list != b_list) {
      return RaiseObserved(tx, rt.exc().type_error,
                           absl::StrCat("can only concatenate ", SequenceName(ka), " (not \"",
                                        SequenceName(kb), "\") to ", SequenceName(ka)));
    }
    ia.insert(ia.end(), ib.begin(), ib.end());
    *out = MakeSequence(ka, std::move(ia));
    return absl::OkStatus();
  }
  if (op == vm::BinOp::kMul && (sa || sb)) {
    const VarPtr& n = sa ? b : a;
    if (n->is_symint()) SpecializeVar(tx, n);
    if (!n->is_constant() || !n->value.is_int_like()) return absl::OkStatus();
    const VarKind kind = sa ? ka : kb;
    const std::vector<VarPtr>& items = sa ? ia : ib;
    const int64_t count = n->value.as_int();
    if (count > 0 && static_cast<int64_t>(items.size()) * count > (int64_t{1} << 20)) {
      return tx.Break("Unsupported binary operator", "sequence repetition",
                      "Dynamo in wick does not trace a repetition this long.");
    }
    std::vector<VarPtr> repeated;
    for (int64_t i = 0; i < count; ++i) repeated.insert(repeated.end(), items.begin(), items.end());
    if (inplace && a->kind == VarKind::kList && sa) {
      a->items = std::move(repeated);
      NoteMutation(tx, a);
      *out = a;
      return absl::OkStatus();
    }
    *out = MakeSequence(kind, std::move(repeated));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<VarPtr> BinaryOp(Translator& tx, vm::BinOp op, bool inplace, const VarPtr& a,
                                const VarPtr& b) {
  vm::Runtime& rt = tx.state().rt;
  std::string target = OperatorTarget(op, inplace);
  std::string fwd = BinaryOpName(op);
  // A symbolic float input stays symbolic only in arithmetic with a tensor.
  const bool a_dim = a->is_tensor() && !a->scalar_item;
  const bool b_dim = b->is_tensor() && !b->scalar_item;
  if (a->float_input && !b_dim) SpecializeVar(tx, a);
  if (b->float_input && !a_dim) SpecializeVar(tx, b);
  if ((a->is_tensor() && a->scalar_item) || (b->is_tensor() && b->scalar_item)) {
    RETURN_IF_ERROR(CheckCapturedScalar(tx, a, b));
  }
  if (a->is_symint() || b->is_symint()) {
    sym::ExprPtr x = AsExpr(a), y = AsExpr(b);
    if (x != nullptr && y != nullptr) {
      switch (op) {
        case vm::BinOp::kAdd: return MakeSymInt(tx.state(), sym::Add(x, y));
        case vm::BinOp::kSub: return MakeSymInt(tx.state(), sym::Sub(x, y));
        case vm::BinOp::kMul: return MakeSymInt(tx.state(), sym::Mul(x, y));
        case vm::BinOp::kFloorDiv:
        case vm::BinOp::kMod:
          // A zero divisor raises eagerly: decided on the value and guarded.
          if (!EvaluateRelation(tx, sym::Rel::kEq, y, sym::Int(0))) {
            return MakeSymInt(tx.state(), op == vm::BinOp::kMod ? sym::Mod(x, y)
                                                                : sym::FloorDiv(x, y));
          }
          break;
        default: break;
      }
    }
    // Everything else about a symbolic int (true division, floats, ...) uses its value.
    if (!a->is_tensor() && !b->is_tensor()) {
      SpecializeVar(tx, a);
      SpecializeVar(tx, b);
    }
  }
  if (a->is_tensor() && (b->is_tensor() || IsNumber(b))) {
    bool has_inplace = op != vm::BinOp::kMatMul;
    std::string name = inplace && has_inplace ? fwd + "_" : fwd;
    return CallTensorOp(tx, name, {a, b}, {}, CallStyle::kOperator, target);
  }
  if (b->is_tensor() && IsNumber(a)) {
    // The reflected forms, exactly as vm/torch/tensor_object.cc dispatches them.
    switch (op) {
      case vm::BinOp::kAdd:
      case vm::BinOp::kMul:
      case vm::BinOp::kAnd:
      case vm::BinOp::kOr:
      case vm::BinOp::kXor:
        return CallTensorOp(tx, fwd, {b, a}, {}, CallStyle::kOperator, target);
      case vm::BinOp::kSub:
        return CallTensorOp(tx, "rsub", {b, a}, {}, CallStyle::kFunction, "torch.rsub");
      case vm::BinOp::kTrueDiv: {
        ASSIGN_OR_RETURN(VarPtr r, CallTensorOp(tx, "reciprocal", {b}, {}, CallStyle::kFunction,
                                                "torch.reciprocal"));
        return CallTensorOp(tx, "mul", {r, a}, {}, CallStyle::kOperator, "operator.mul");
      }
      case vm::BinOp::kMatMul: break;
      default: {
        // forward(wrapped_number(a), b), as eager does.
        SpecializeVar(tx, a);
        VarPtr w = MakeConstant(a->value);
        w->wrapped_number = true;
        return CallTensorOp(tx, fwd, {w, b}, {}, CallStyle::kOperator, target);
      }
    }
  }
  if (a->is_constant() && b->is_constant()) {
    return Fold(tx, inplace ? vm::InPlaceOp(rt, op, a->value, b->value)
                            : vm::BinaryOp(rt, op, a->value, b->value));
  }
  {
    VarPtr r;
    RETURN_IF_ERROR(SequenceOp(tx, op, inplace, a, b, &r));
    if (r != nullptr) return r;
  }
  // User objects: the in-place dunder, then the forward one on the left operand, then
  // the reflected one on the right, as Python dispatches them, each inlined like a
  // method (guarded through the class); NotImplemented moves on to the next.
  auto try_dunder = [&](const VarPtr& self, absl::string_view dunder, const VarPtr& other,
                        VarPtr* out) -> absl::Status {
    if (self->kind != VarKind::kObject && self->kind != VarKind::kNewObject) {
      return absl::OkStatus();
    }
    bool found = false;
    ASSIGN_OR_RETURN(VarPtr r, CallDunder(tx, self, std::string(dunder).c_str(), {other}, &found));
    if (found && !(r->is_constant() && rt.IsNotImplemented(r->value))) *out = std::move(r);
    return absl::OkStatus();
  };
  VarPtr result;
  if (inplace) RETURN_IF_ERROR(try_dunder(a, vm::BinOpInPlaceDunder(op), b, &result));
  if (result == nullptr) RETURN_IF_ERROR(try_dunder(a, vm::BinOpDunder(op), b, &result));
  if (result == nullptr) RETURN_IF_ERROR(try_dunder(b, vm::BinOpReflectedDunder(op), a, &result));
  if (result != nullptr) return result;
  return tx.Break("Unsupported binary operator",
                  absl::StrCat(vm::BinOpSymbol(op), " on ", DescribeVar(rt, *a), " and ",
                               DescribeVar(rt, *b)),
                  "Dynamo in wick does not trace this operator on these operand types.");
}

absl::StatusOr<VarPtr> UnaryOp(Translator& tx, vm::Opcode op, const VarPtr& v) {
  vm::Runtime& rt = tx.state().rt;
  if (v->float_input) SpecializeVar(tx, v);
  if (v->is_symint()) {
    if (op == vm::Opcode::UNARY_NEGATIVE) return MakeSymInt(tx.state(), sym::Neg(v->sym));
    if (op == vm::Opcode::UNARY_POSITIVE) return v;
    if (op != vm::Opcode::UNARY_NOT) SpecializeVar(tx, v);
  }
  if (v->is_tensor()) {
    switch (op) {
      case vm::Opcode::UNARY_POSITIVE: return v;
      case vm::Opcode::UNARY_NEGATIVE:
        return CallTensorOp(tx, "neg", {v}, {}, CallStyle::kOperator, "operator.neg");
      case vm::Opcode::UNARY_INVERT:
        return CallTensorOp(tx, "bitwise_not", {v}, {}, CallStyle::kOperator, "operator.invert");
      default: break;  // `not t` needs the value: data-dependent
    }
    ASSIGN_OR_RETURN(bool t, Truth(tx, v));
    return MakeConstant(vm::Value::Bool(!t));
  }
  if (op == vm::Opcode::UNARY_NOT) {
    ASSIGN_OR_RETURN(bool t, Truth(tx, v));
    return MakeConstant(vm::Value::Bool(!t));
  }
  if (!v->is_constant()) {
    return tx.Break("Unsupported unary operator", DescribeVar(rt, *v),
                    "Dynamo in wick does not trace this operator on this operand.");
  }
  vm::UnaryOp u = op == vm::Opcode::UNARY_NEGATIVE   ? vm::UnaryOp::kNeg
                  : op == vm::Opcode::UNARY_POSITIVE ? vm::UnaryOp::kPos
                                                     : vm::UnaryOp::kInvert;
  return Fold(tx, vm::UnaryOperation(rt, u, v->value));
}

absl::StatusOr<VarPtr> CompareOp(Translator& tx, vm::CmpOp op, const VarPtr& a,
                                 const VarPtr& b) {
  vm::Runtime& rt = tx.state().rt;
  static constexpr const char* kOps[] = {"lt", "le", "eq", "ne", "gt", "ge"};
  std::string target = absl::StrCat("operator.", kOps[static_cast<int>(op)]);
  if (a->float_input) SpecializeVar(tx, a);
  if (b->float_input) SpecializeVar(tx, b);
  if (a->is_symint() || b->is_symint()) {
    sym::ExprPtr x = AsExpr(a), y = AsExpr(b);
    if (x != nullptr && y != nullptr) {
      static constexpr sym::Rel kRel[] = {sym::Rel::kLt, sym::Rel::kLe, sym::Rel::kEq,
                                          sym::Rel::kNe, sym::Rel::kGt, sym::Rel::kGe};
      return MakeConstant(vm::Value::Bool(EvaluateRelation(tx, kRel[static_cast<int>(op)], x, y)));
    }
    if (!a->is_tensor() && !b->is_tensor()) {
      SpecializeVar(tx, a);
      SpecializeVar(tx, b);
    }
  }
  if (a->is_tensor() && (b->is_tensor() || IsNumber(b))) {
    return CallTensorOp(tx, kOps[static_cast<int>(op)], {a, b}, {}, CallStyle::kOperator, target);
  }
  if (b->is_tensor() && IsNumber(a)) {
    vm::CmpOp sw = vm::SwappedCmpOp(op);
    return CallTensorOp(tx, kOps[static_cast<int>(sw)], {b, a}, {}, CallStyle::kOperator,
                        absl::StrCat("operator.", kOps[static_cast<int>(sw)]));
  }
  vm::Value av, bv;
  if (ReifyConstant(rt, a, &av) && ReifyConstant(rt, b, &bv)) {
    return Fold(tx, vm::Compare(rt, av, bv, op));
  }
  // Classes compare by identity (type(x) == list; builtins are opaque objects).
  auto is_class = [&](const VarPtr& v) {
    return (v->is_constant() || v->kind == VarKind::kObject) && v->value.is_object() &&
           rt.TypeOf(v->value) == rt.types().type;
  };
  if ((op == vm::CmpOp::kEq || op == vm::CmpOp::kNe) && is_class(a) && is_class(b)) {
    return MakeConstant(vm::Value::Bool(a->value.Is(b->value) == (op == vm::CmpOp::kEq)));
  }
  if (op == vm::CmpOp::kEq || op == vm::CmpOp::kNe) {
    bool same = a == b;
    if (a->is_constant() != b->is_constant() || same) {
      return MakeConstant(vm::Value::Bool(same == (op == vm::CmpOp::kEq)));
    }
  }
  return tx.Break("Unsupported comparison",
                  absl::StrCat(vm::CmpOpSymbol(op), " on ", DescribeVar(rt, *a), " and ",
                               DescribeVar(rt, *b)),
                  "Dynamo in wick does not trace this comparison.");
}

absl::StatusOr<bool> Truth(Translator& tx, const VarPtr& v) {
  vm::Runtime& rt = tx.state().rt;
  switch (v->kind) {
    case VarKind::kSymInt:
      return EvaluateRelation(tx, sym::Rel::kNe, v->sym, sym::Int(0));
    case VarKind::kConstant: {
      int t = vm::Truthy(rt, v->value);
      if (t < 0) return RaisePending(tx);
      return t == 1;
    }
    case VarKind::kTuple:
    case VarKind::kList:
    case VarKind::kSize:
    case VarKind::kDict: return !v->items.empty();
    case VarKind::kTensor:
      if (v->float_input) {
        SpecializeVar(tx, v);
        return Truth(tx, v);
      }
      return tx.Break("Data-dependent branching",
                      absl::StrCat("attempted to jump with ", DescribeVar(rt, *v)),
                      "Detected data-dependent branching (e.g. `if my_tensor.sum() > 0:`). "
                      "Dynamo does not support tracing dynamic control flow.",
                      {"Use `torch.cond` to express dynamic control flow."});
    case VarKind::kNull: return false;
    case VarKind::kObject:
    case VarKind::kNewObject: {
      bool found = false;
      for (const char* dunder : {"__bool__", "__len__"}) {
        ASSIGN_OR_RETURN(VarPtr r, CallDunder(tx, v, dunder, {}, &found));
        if (found) return Truth(tx, r);
      }
      return true;
    }
    default: return true;  // functions, modules, instances without __bool__/__len__
  }
}

absl::StatusOr<std::vector<VarPtr>> Unpack(Translator& tx, const VarPtr& v) {
  vm::Runtime& rt = tx.state().rt;
  switch (v->kind) {
    case VarKind::kTuple:
    case VarKind::kList:
    case VarKind::kSize: return v->items;
    case VarKind::kIterator:
      return std::vector<VarPtr>(v->items.begin() + v->pos, v->items.end());
    case VarKind::kDict: {
      std::vector<VarPtr> keys;
      for (const vm::Value& k : v->keys) keys.push_back(MakeConstant(k));
      return keys;
    }
    case VarKind::kConstant: {
      std::vector<vm::Value> items;
      if (!vm::Unpack(rt, v->value, &items)) {
        rt.ClearException();
        break;
      }
      std::vector<VarPtr> out;
      for (vm::Value& x : items) out.push_back(MakeConstant(std::move(x)));
      return out;
    }
    case VarKind::kObject:
    case VarKind::kNewObject: {
      bool found = false;
      ASSIGN_OR_RETURN(VarPtr it, CallDunder(tx, v, "__iter__", {}, &found));
      if (found) return Unpack(tx, it);
      break;
    }
    case VarKind::kTensor: {
      if (v->meta.sizes.empty()) break;
      ASSIGN_OR_RETURN(VarPtr parts, CallTensorOp(tx, "unbind", {v}, {}, graph::CallStyle::kMethod,
                                                  "unbind"));
      return parts->items;
    }
    default: break;
  }
  return tx.Break("Unsupported iteration", DescribeVar(rt, *v),
                  "Dynamo in wick cannot iterate over this value.");
}

VarPtr DictKey(vm::Runtime& rt, const VarPtr& key) {
  if (key->kind != VarKind::kTuple || !key->tuple_type.is_none()) return key;
  std::vector<vm::Value> items;
  for (const VarPtr& k : key->items) {
    VarPtr c = DictKey(rt, k);
    if (!c->is_constant()) return key;
    items.push_back(c->value);
  }
  return MakeConstant(rt.NewTuple(std::move(items)));
}

absl::StatusOr<VarPtr> GetItem(Translator& tx, const VarPtr& obj, const VarPtr& key_in) {
  vm::Runtime& rt = tx.state().rt;
  // A symbolic index picks an element by its value (specialised); a tensor slice keeps
  // symbolic bounds (the slice rule guards what it decides).
  if (key_in->is_symint() || (!obj->is_tensor() && ContainsSymInt(key_in))) {
    SpecializeVar(tx, key_in);
  } else if (obj->is_tensor() && key_in->kind == VarKind::kTuple) {
    for (const VarPtr& k : key_in->items) {
      if (k->is_symint()) SpecializeVar(tx, k);
    }
  }
  if (obj->is_tensor()) return TensorSubscript(tx, obj, key_in);
  VarPtr key = key_in;
  if (key->kind == VarKind::kSlice) {  // slice(a, b, c) over constants: a real slice
    std::vector<VarPtr> p = SliceParts(key);
    if (p[0]->is_constant() && p[1]->is_constant() && p[2]->is_constant()) {
      key = MakeConstant(rt.NewSlice(p[0]->value, p[1]->value, p[2]->value));
    }
  }
  if ((obj->kind == VarKind::kTuple || obj->kind == VarKind::kList ||
       obj->kind == VarKind::kSize) &&
      key->is_constant()) {
    int64_t n = static_cast<int64_t>(obj->items.size());
    if (key->value.is_int_like()) {
      int64_t i = key->value.as_int();
      if (i < 0) i += n;
      if (i < 0 || i >= n) {
        return RaiseObserved(tx, rt.exc().index_error,
                             absl::StrCat(obj->kind == VarKind::kList ? "list" : "tuple",
                                          " index out of range"));
      }
      return obj->items[i];
    }
    if (rt.TypeOf(key->value) == rt.types().slice) {
      // Slice the index list with the VM's own slicing, then pick the trackers.
      std::vector<vm::Value> idx;
      for (int64_t i = 0; i < n; ++i) idx.push_back(vm::Value::Int(i));
      vm::Value picked = vm::GetItem(rt, rt.NewList(std::move(idx)), key->value);
      if (picked.is_raised()) return Fold(tx, picked);
      std::vector<VarPtr> items;
      for (const vm::Value& i : picked.as<vm::List>()->items) items.push_back(obj->items[i.as_int()]);
      return MakeSequence(obj->kind, std::move(items));
    }
  }
  if (obj->kind == VarKind::kObject || obj->kind == VarKind::kNewObject) {
    bool found = false;
    ASSIGN_OR_RETURN(VarPtr r, CallDunder(tx, obj, "__getitem__", {key}, &found));
    if (found) return r;
  }
  if (obj->kind == VarKind::kSlice) {
    return tx.Break("Unsupported subscript", "slice", "slice objects are not subscriptable.");
  }
  if (obj->kind == VarKind::kDict && DictKey(rt, key)->is_constant()) {
    const vm::Value k = DictKey(rt, key)->value;
    for (size_t i = 0; i < obj->keys.size(); ++i) {
      if (vm::Equal(rt, obj->keys[i], k) == 1) return obj->items[i];
    }
    std::string r;
    if (!vm::ReprString(rt, k, &r)) rt.ClearException();
    return RaiseObserved(tx, rt.exc().key_error, r);
  }
  if (obj->is_constant() && key->is_constant()) {
    return Fold(tx, vm::GetItem(rt, obj->value, key->value));
  }
  if (key->kind == VarKind::kSlice && obj->is_constant()) {
    return tx.Break("Unsupported subscript", DescribeVar(rt, *obj), "slicing a constant");
  }
  return tx.Break("Unsupported subscript",
                  absl::StrCat(DescribeVar(rt, *obj), "[", DescribeVar(rt, *key), "]"),
                  "Dynamo in wick does not trace this subscript.");
}

absl::Status SetItem(Translator& tx, const VarPtr& obj, const VarPtr& key_in, VarPtr v) {
  vm::Runtime& rt = tx.state().rt;
  const VarPtr key = obj->kind == VarKind::kDict ? DictKey(rt, key_in) : key_in;
  if (obj->kind == VarKind::kDict && key->is_constant() &&
      (rt.IsStr(key->value) || key->value.is_int() || rt.IsTuple(key->value))) {
    NoteMutation(tx, obj);
    for (size_t i = 0; i < obj->keys.size(); ++i) {
      if (vm::Equal(rt, obj->keys[i], key->value) == 1) {
        obj->items[i] = std::move(v);
        return absl::OkStatus();
      }
    }
    obj->keys.push_back(key->value);
    obj->items.push_back(std::move(v));
    return absl::OkStatus();
  }
  if (obj->kind == VarKind::kList && key->is_constant() && key->value.is_int_like()) {
    int64_t n = static_cast<int64_t>(obj->items.size());
    int64_t i = key->value.as_int();
    if (i < 0) i += n;
    if (i < 0 || i >= n) {
      return RaiseObserved(tx, rt.exc().index_error, "list assignment index out of range");
    }
    NoteMutation(tx, obj);
    obj->items[i] = std::move(v);
    return absl::OkStatus();
  }
  if (obj->is_tensor() && !obj->scalar_item) return TensorSetItem(tx, obj, key_in, std::move(v));
  return tx.Break("Unsupported subscript store",
                  absl::StrCat(DescribeVar(rt, *obj), "[", DescribeVar(rt, *key), "]"),
                  "Dynamo in wick does not trace this subscript assignment.");
}

void NoteMutation(Translator& tx, const VarPtr& container) {
  if (container->source == nullptr || container->mutated) return;
  container->mutated = true;
  tx.state().mutated_containers.push_back(container);
}

}  // namespace wick::frontend::internal
