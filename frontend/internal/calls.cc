// Calls over trackers: inlining Python functions (with defaults, *args, **kwargs and
// closures), torch functions and Tensor methods (graph nodes), torch._C._nn natives,
// builtins and operator.* (builtin_calls.cc), super() (super.cc), methods of traced
// containers, and the calls that
// stop the trace (torch._dynamo.graph_break(), print, Tensor.item()).
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_replace.h"
#include "base/status_macros.h"
#include "frontend/internal/translator.h"
#include "tensor/op_registry.h"
#include "tensor/ops/random/generator.h"
#include "vm/objects/dict.h"
#include "vm/protocol.h"
#include "vm/torch/torch.h"

namespace wick::frontend::internal {

using graph::CallStyle;
using guards::Source;
using guards::SourcePtr;
using Kwargs = std::vector<std::pair<std::string, VarPtr>>;

bool AllConstant(const std::vector<VarPtr>& args, const Kwargs& kwargs) {
  for (const VarPtr& a : args) {
    if (a->is_constant()) continue;
    if (a->kind != VarKind::kTuple && a->kind != VarKind::kList) return false;
    for (const VarPtr& x : a->items) {
      if (!AllConstant({x}, {})) return false;
    }
  }
  return kwargs.empty();
}

// Runs a pure builtin (or a method of a constant) on constant arguments.
absl::StatusOr<VarPtr> FoldCall(Translator& tx, const vm::Value& fn,
                                const std::vector<VarPtr>& args) {
  vm::Runtime& rt = tx.state().rt;
  std::vector<vm::Value> vals(args.size());
  for (size_t i = 0; i < args.size(); ++i) {
    if (!ReifyConstant(rt, args[i], &vals[i])) return absl::InternalError("FoldCall on a non-constant");
  }
  vm::Value r = vm::Call(rt, fn, vals);
  if (r.is_raised()) return RaisePending(tx);
  return MakeConstant(std::move(r));
}

// The Python type of a tracker's value, for type() and isinstance(); null where the
// tracker does not know it. Every read is checked: `value` of a container is the object
// it was wrapped from (or None), never a class.
vm::Type* TypeOfVar(TraceState& st, const Var& v) {
  vm::Runtime& rt = st.rt;
  switch (v.kind) {
    case VarKind::kTensor:
      if (v.scalar_item) {  // the Python number .item() gave
        if (v.meta.dtype == tensor::DType::kBool) return rt.types().bool_;
        return tensor::IsFloating(v.meta.dtype) ? rt.types().float_ : rt.types().int_;
      }
      return v.value.is_object() ? rt.TypeOf(v.value) : st.known.tensor_type.as<vm::Type>();
    case VarKind::kTuple:
      return v.tuple_type.is_object() ? v.tuple_type.as<vm::Type>() : rt.types().tuple;
    case VarKind::kList: return rt.types().list;
    case VarKind::kDict:  // an OrderedDict is traced as a dict and keeps its class
      return v.value.is_object() ? rt.TypeOf(v.value) : rt.types().dict;
    case VarKind::kSize: return vm::SizeType(rt);
    case VarKind::kSlice: return rt.types().slice;
    case VarKind::kSymInt: return rt.types().int_;
    case VarKind::kFunction: return rt.types().function;
    case VarKind::kConstant:
    case VarKind::kObject: return rt.TypeOf(v.value);
    case VarKind::kNewObject:
    case VarKind::kPartial:
      return v.value.is_object() && rt.IsInstance(v.value, rt.types().type)
                 ? v.value.as<vm::Type>()
                 : nullptr;
    default: return nullptr;
  }
}

namespace {

// Whether calling this nn.Module runs forward hooks or pre-hooks (its own, or the
// global ones Module exposes as _global_forward_hooks / _global_forward_pre_hooks):
// then the call inlines Module.__call__ (which runs them) instead of forward alone.
// Hooks are read at trace time, as Dynamo does: one registered after compiling is
// seen on the next recompile only.
bool ModuleHasForwardHooks(vm::Runtime& rt, const vm::Value& module) {
  for (const char* store : {"_forward_hooks", "_forward_pre_hooks", "_global_forward_hooks",
                            "_global_forward_pre_hooks"}) {
    vm::Value d = vm::GetAttr(rt, module, store);
    if (d.is_raised()) {
      rt.ClearException();
      continue;
    }
    if (rt.IsInstance(d, rt.types().dict) && d.as<vm::Dict>()->size() > 0) return true;
  }
  return false;
}

// Arguments by parameter name (positional first, then keywords); null when absent.
// False when an argument matches no parameter.
bool NamedArgs(const std::vector<VarPtr>& args, const Kwargs& kwargs,
               const std::vector<const char*>& names, std::vector<VarPtr>* out) {
  out->assign(names.size(), nullptr);
  if (args.size() > names.size()) return false;
  for (size_t i = 0; i < args.size(); ++i) (*out)[i] = args[i];
  for (const auto& [k, v] : kwargs) {
    size_t i = 0;
    while (i < names.size() && k != names[i]) ++i;
    if (i == names.size() || (*out)[i] != nullptr) return false;
    (*out)[i] = v;
  }
  return true;
}

// torch._C._nn natives are thin wrappers over registry ops (vm/torch/nn_natives.cc).
absl::StatusOr<VarPtr> CallNNNative(Translator& tx, const std::string& name,
                                    std::vector<VarPtr> args, Kwargs kwargs) {
  std::string target = "torch._C._nn." + name;
  std::vector<VarPtr> a;
  if (name == "dropout" && NamedArgs(args, kwargs, {"input", "p", "training", "inplace"}, &a) &&
      a[0] != nullptr) {
    VarPtr p = a[1] ? a[1] : MakeConstant(vm::Value::Float(0.5));
    VarPtr training = a[2] ? a[2] : MakeConstant(vm::Value::Bool(true));
    bool inplace = a[3] && a[3]->is_constant() && a[3]->value.is_bool() && a[3]->value.as_bool();
    if (p->is_constant() && (p->value.is_float() || p->value.is_int()) &&
        (p->value.is_float() ? p->value.as_float() : p->value.as_int()) >= 0 &&
        (p->value.is_float() ? p->value.as_float() : p->value.as_int()) <= 1 &&
        training->is_constant()) {
      if (p->value.is_int()) p = MakeConstant(vm::Value::Float(p->value.as_int()));
      return CallTensorOp(tx, inplace ? "dropout_" : "dropout", {a[0], p, training}, {},
                          CallStyle::kFunction, target);
    }
  }
  if (name == "embedding" && NamedArgs(args, kwargs, {"input", "weight", "padding_idx"}, &a) &&
      a[0] != nullptr && a[1] != nullptr) {
    VarPtr pad = a[2] && !(a[2]->is_constant() && a[2]->value.is_none())
                     ? a[2] : MakeConstant(vm::Value::Int(-1));
    return CallTensorOp(tx, "embedding", {a[1], a[0], pad}, {}, CallStyle::kFunction, target);
  }
  if (name == "relu" || name == "silu") {
    args.resize(1);
    return CallTensorOp(tx, name, std::move(args), {}, CallStyle::kFunction, target);
  }
  static const char* const kDirect[] = {"linear", "gelu", "layer_norm", "softmax",
                                        "log_softmax", "scaled_dot_product_attention",
                                        "nll_loss_nd"};
  for (const char* d : kDirect) {
    if (name == d) return CallTensorOp(tx, name, std::move(args), std::move(kwargs),
                                       CallStyle::kFunction, target);
  }
  return tx.Break("Unsupported function call", target,
                  absl::StrCat("Dynamo in wick does not trace `", target, "` yet."));
}

absl::StatusOr<VarPtr> CallTensorMethod(Translator& tx, const VarPtr& self,
                                        const std::string& name, std::vector<VarPtr> args,
                                        Kwargs kwargs) {
  TraceState& st = tx.state();
  if (name == "item" || name == "tolist") {
    if (!st.opts.capture_scalar_outputs || name == "tolist") {
      return tx.Break("Unsupported Tensor.item() call with capture_scalar_outputs=False",
                      absl::StrCat("call_method TensorVariable() ", name, " () {}"),
                      "Dynamo does not support tracing `Tensor.item()` with "
                      "config.capture_scalar_outputs=False.",
                      {"Set `torch._dynamo.config.capture_scalar_outputs = True` or "
                       "`export TORCHDYNAMO_CAPTURE_SCALAR_OUTPUTS=1` to include these "
                       "operations in the captured graph."});
    }
    // capture_scalar_outputs: the number stays in the graph as a 0-dim tensor; it may
    // meet tensors in arithmetic (where it promotes exactly as the Python number would:
    // ops.cc) and leave the graph as a number; anything else about it breaks.
    int64_t numel = 1;
    for (int64_t s : self->meta.sizes) numel *= s;
    if (numel != 1 || !args.empty() || !kwargs.empty()) {
      return tx.Break("Unsupported Tensor.item()", name,
                      "Dynamo in wick captures .item() of one-element tensors only.");
    }
    VarPtr shape = MakeSequence(VarKind::kTuple, {});
    ASSIGN_OR_RETURN(VarPtr r, CallTensorOp(tx, "reshape", {self, shape}, {}, CallStyle::kMethod,
                                            "reshape"));
    r->scalar_item = true;
    return r;
  }
  const auto& sizes = self->meta.sizes;
  if ((name == "size" || name == "dim" || name == "numel") && kwargs.empty()) {
    if (name == "dim") return MakeConstant(vm::Value::Int(sizes.size()));
    if (name == "numel") {
      if (self->meta.is_dynamic()) {
        sym::ExprPtr n = sym::Int(1);
        for (const sym::ExprPtr& e : self->meta.sym_sizes) n = sym::Mul(n, e);
        return MakeSymInt(st, n);
      }
      int64_t n = 1;
      for (int64_t s : sizes) n *= s;
      return MakeConstant(vm::Value::Int(n));
    }
    if (args.empty()) return SizeOf(st, self);
    if (args[0]->is_symint()) SpecializeVar(tx, args[0]);
    if (args[0]->is_constant() && args[0]->value.is_int_like()) {
      int64_t d = args[0]->value.as_int();
      int64_t n = static_cast<int64_t>(sizes.size());
      if (d < 0) d += n;
      if (d >= 0 && d < n) {
        if (self->meta.is_dynamic()) return MakeSymInt(st, self->meta.sym_sizes[d]);
        return MakeConstant(vm::Value::Int(sizes[d]));
      }
    }
  }
  if ((name == "stride") && kwargs.empty()) {
    // Strides of a dynamic tensor are read as values: its symbols are specialised.
    if (self->meta.is_dynamic()) {
      for (const sym::ExprPtr& e : self->meta.sym_sizes) Specialize(tx, e);
    }
    const auto& strides = self->meta.strides;
    if (args.empty()) {
      std::vector<vm::Value> items;
      for (int64_t s : strides) items.push_back(vm::Value::Int(s));
      return MakeConstant(tx.state().rt.NewTuple(std::move(items)));
    }
    if (args[0]->is_constant() && args[0]->value.is_int_like()) {
      int64_t d = args[0]->value.as_int();
      int64_t n = static_cast<int64_t>(strides.size());
      if (d < 0) d += n;
      if (d >= 0 && d < n) return MakeConstant(vm::Value::Int(strides[d]));
    }
  }
  if (name == "is_floating_point" && args.empty()) {
    return MakeConstant(vm::Value::Bool(tensor::IsFloating(self->meta.dtype)));
  }
  if ((name == "cpu" || (name == "contiguous" && self->fake.is_contiguous())) && args.empty()) {
    return self;
  }
  if (name == "ndimension") return CallTensorMethod(tx, self, "dim", args, kwargs);
  if (name == "nelement") return CallTensorMethod(tx, self, "numel", args, kwargs);
  if (name == "type" && args.size() == 1) return CallTensorMethod(tx, self, "to", args, kwargs);
  if (tensor::OpRegistry::Global().Overloads(name).empty()) {
    return tx.Break("Unsupported Tensor method", absl::StrCat("Tensor.", name),
                    absl::StrCat("Dynamo in wick does not trace `Tensor.", name, "` yet."));
  }
  args.insert(args.begin(), self);
  return CallTensorOp(tx, name, std::move(args), std::move(kwargs), CallStyle::kMethod, name);
}

// The Python value of a tracker that is constant data (numbers, bools and lists/tuples
// of them, nested); false for anything else.
bool ConstantData(vm::Runtime& rt, const VarPtr& v, vm::Value* out) {
  if (v->is_constant()) {
    *out = v->value;
    return true;
  }
  if (v->kind != VarKind::kList && v->kind != VarKind::kTuple) return false;
  if (v->kind == VarKind::kTuple && !v->tuple_type.is_none()) return false;
  std::vector<vm::Value> items;
  for (const VarPtr& x : v->items) {
    vm::Value item;
    if (!ConstantData(rt, x, &item)) return false;
    items.push_back(std::move(item));
  }
  *out = v->kind == VarKind::kList ? rt.NewList(std::move(items)) : rt.NewTuple(std::move(items));
  return true;
}

// torch.tensor(data) of constant data (numbers and nested lists/tuples of them, with
// constant dtype/device and no requires_grad): made at trace time, cloned by each call
// of the graph. A null tracker where the call is not of that form.
absl::StatusOr<VarPtr> TensorOfConstantData(Translator& tx, const vm::Value& fn,
                                            const std::vector<VarPtr>& args,
                                            const Kwargs& kwargs) {
  TraceState& st = tx.state();
  vm::Runtime& rt = st.rt;
  if (args.size() != 1) return VarPtr();
  vm::Value data;
  if (!ConstantData(rt, args[0], &data)) return VarPtr();
  std::vector<vm::Value> kw_names, kw_values;
  for (const auto& [name, a] : kwargs) {
    if (!a->is_constant()) return VarPtr();
    if (name == "requires_grad" && !(a->value.is_bool() && !a->value.as_bool())) return VarPtr();
    if (name != "dtype" && name != "device" && name != "requires_grad") return VarPtr();
    kw_names.push_back(rt.NewStr(name));
    kw_values.push_back(a->value);
  }
  // torch.tensor(data) built once here; each call of the graph clones it, so every call
  // gets a tensor of its own, as eager's torch.tensor gives.
  vm::Value call_args[] = {data};
  vm::Value made = vm::Call(rt, fn, call_args, vm::KwArgs(kw_names, kw_values));
  if (made.is_raised()) return RaisePending(tx);
  const tensor::Tensor* t = vm::TensorOfObject(rt, made);
  if (t == nullptr) return VarPtr();
  VarPtr c = MakeVar(VarKind::kTensor);
  c->meta = graph::TensorMeta::Of(*t);
  c->fake = tensor::Tensor::MetaStrided(t->sizes(), t->strides(), t->dtype());
  st.body_started = true;
  c->ref.node = st.builder.AddGetAttr(
      absl::StrCat("_tensor_constant", st.seen_objects.size(), "_", st.builder.num_calls()), *t);
  return CallTensorOp(tx, "clone", {c}, {}, CallStyle::kMethod, "clone");
}

// Methods of traced lists and dicts, and of constants (folded).
absl::StatusOr<VarPtr> CallContainerMethod(Translator& tx, const VarPtr& self,
                                           const std::string& name, std::vector<VarPtr> args,
                                           Kwargs kwargs) {
  vm::Runtime& rt = tx.state().rt;
  if (self->kind == VarKind::kSuper && name == "__init__") {  // object.__init__ via super()
    if (args.empty() && kwargs.empty()) return MakeConstant(vm::Value::None());
    return tx.Break("Unsupported: super()", "object.__init__",
                    "Dynamo in wick does not trace object.__init__ with arguments.");
  }
  if (self->kind == VarKind::kList) {
    if (name == "append" && args.size() == 1) {
      NoteMutation(tx, self);
      self->items.push_back(args[0]);
      return MakeConstant(vm::Value::None());
    }
    if (name == "extend" && args.size() == 1) {
      ASSIGN_OR_RETURN(std::vector<VarPtr> items, Unpack(tx, args[0]));
      NoteMutation(tx, self);
      self->items.insert(self->items.end(), items.begin(), items.end());
      return MakeConstant(vm::Value::None());
    }
    if (name == "pop" && args.size() <= 1 && !self->items.empty()) {
      int64_t n = static_cast<int64_t>(self->items.size());
      int64_t i = args.empty() ? n - 1 : args[0]->value.as_int();
      if (i < 0) i += n;
      if (i >= 0 && i < n) {
        NoteMutation(tx, self);
        VarPtr v = self->items[i];
        self->items.erase(self->items.begin() + i);
        return v;
      }
    }
    if (name == "insert" && args.size() == 2 && args[0]->is_constant()) {
      int64_t n = static_cast<int64_t>(self->items.size());
      int64_t i = std::clamp<int64_t>(args[0]->value.as_int() < 0
                                          ? args[0]->value.as_int() + n
                                          : args[0]->value.as_int(), 0, n);
      NoteMutation(tx, self);
      self->items.insert(self->items.begin() + i, args[1]);
      return MakeConstant(vm::Value::None());
    }
  }
  if (self->kind == VarKind::kDict && kwargs.empty()) {
    if (!args.empty()) args[0] = DictKey(rt, args[0]);
    std::vector<VarPtr> out;
    if (name == "keys" || name == "values" || name == "items") {
      for (size_t i = 0; i < self->keys.size(); ++i) {
        VarPtr k = MakeConstant(self->keys[i]);
        if (name == "keys") out.push_back(k);
        if (name == "values") out.push_back(self->items[i]);
        if (name == "items") out.push_back(MakeSequence(VarKind::kTuple, {k, self->items[i]}));
      }
      return MakeSequence(VarKind::kList, std::move(out));
    }
    if (name == "get" && !args.empty() && args[0]->is_constant()) {
      for (size_t i = 0; i < self->keys.size(); ++i) {
        if (vm::Equal(rt, self->keys[i], args[0]->value) == 1) return self->items[i];
      }
      return args.size() > 1 ? args[1] : MakeConstant(vm::Value::None());
    }
    if (name == "copy" && args.empty()) {
      VarPtr d = MakeSequence(VarKind::kDict, self->items);
      d->keys = self->keys;
      return d;
    }
    if (name == "clear" && args.empty()) {
      NoteMutation(tx, self);
      self->keys.clear();
      self->items.clear();
      return MakeConstant(vm::Value::None());
    }
    // pop(key[, default]) and setdefault(key[, default]) with a constant key.
    if ((name == "pop" || name == "setdefault") && !args.empty() && args.size() <= 2 &&
        args[0]->is_constant()) {
      for (size_t i = 0; i < self->keys.size(); ++i) {
        int eq = vm::Equal(rt, self->keys[i], args[0]->value);
        if (eq < 0) return RaisePending(tx);
        if (eq == 0) continue;
        VarPtr v = self->items[i];
        if (name == "pop") {
          NoteMutation(tx, self);
          self->keys.erase(self->keys.begin() + static_cast<long>(i));
          self->items.erase(self->items.begin() + static_cast<long>(i));
        }
        return v;
      }
      if (name == "pop" && args.size() == 2) return args[1];
      if (name == "setdefault") {
        NoteMutation(tx, self);
        self->keys.push_back(args[0]->value);
        self->items.push_back(args.size() == 2 ? args[1] : MakeConstant(vm::Value::None()));
        return self->items.back();
      }
      // pop of a missing key without a default: KeyError, raised by eager after a break.
    }
  }
  if (self->kind == VarKind::kDict && name == "update" && args.size() <= 1) {
    // update(mapping or pairs, **kw): each key set in order, as eager does.
    std::vector<std::pair<vm::Value, VarPtr>> entries;
    if (!args.empty()) {
      if (args[0]->kind == VarKind::kDict) {
        for (size_t i = 0; i < args[0]->keys.size(); ++i) {
          entries.emplace_back(args[0]->keys[i], args[0]->items[i]);
        }
      } else {
        ASSIGN_OR_RETURN(std::vector<VarPtr> pairs, Unpack(tx, args[0]));
        for (const VarPtr& pair : pairs) {
          ASSIGN_OR_RETURN(std::vector<VarPtr> kv, Unpack(tx, pair));
          if (kv.size() != 2 || !kv[0]->is_constant()) {
            return tx.Break("Unsupported method call", "dict.update",
                            "Dynamo in wick updates traced dicts from pairs with constant "
                            "keys only.");
          }
          entries.emplace_back(kv[0]->value, kv[1]);
        }
      }
    }
    for (auto& [k, v] : kwargs) entries.emplace_back(rt.NewStr(k), v);
    NoteMutation(tx, self);
    for (auto& [key, value] : entries) {
      bool found = false;
      for (size_t i = 0; i < self->keys.size() && !found; ++i) {
        int eq = vm::Equal(rt, self->keys[i], key);
        if (eq < 0) return RaisePending(tx);
        if (eq == 1) {
          self->items[i] = value;
          found = true;
        }
      }
      if (!found) {
        self->keys.push_back(key);
        self->items.push_back(value);
      }
    }
    return MakeConstant(vm::Value::None());
  }
  if (self->kind == VarKind::kList && kwargs.empty()) {
    if (name == "clear" && args.empty()) {
      NoteMutation(tx, self);
      self->items.clear();
      return MakeConstant(vm::Value::None());
    }
    if (name == "copy" && args.empty()) return MakeSequence(VarKind::kList, self->items);
    if (name == "reverse" && args.empty()) {
      NoteMutation(tx, self);
      std::reverse(self->items.begin(), self->items.end());
      return MakeConstant(vm::Value::None());
    }
    // index/count/remove compare with ==: decided here when every item is a constant.
    if ((name == "index" || name == "count" || name == "remove") && args.size() == 1 &&
        args[0]->is_constant() && AllConstant(self->items, {})) {
      int64_t count = 0;
      for (size_t i = 0; i < self->items.size(); ++i) {
        int eq = vm::Equal(rt, self->items[i]->value, args[0]->value);
        if (eq < 0) return RaisePending(tx);
        if (eq == 0) continue;
        if (name == "index") return MakeConstant(vm::Value::Int(static_cast<int64_t>(i)));
        if (name == "remove") {
          NoteMutation(tx, self);
          self->items.erase(self->items.begin() + static_cast<long>(i));
          return MakeConstant(vm::Value::None());
        }
        ++count;
      }
      if (name == "count") return MakeConstant(vm::Value::Int(count));
      vm::Value r = vm::Repr(rt, args[0]->value);
      if (r.is_raised()) return RaisePending(tx);
      return RaiseObserved(tx, rt.exc().value_error,
                           name == "index"
                               ? absl::StrCat(r.as<vm::Str>()->view(), " is not in list")
                               : std::string("list.remove(x): x not in list"));
    }
  }
  if (self->is_constant() && AllConstant(args, kwargs)) {
    vm::Value m = vm::GetAttr(rt, self->value, name);
    if (m.is_raised()) {
      rt.ClearException();
    } else {
      return FoldCall(tx, m, args);
    }
  }
  return tx.Break("Unsupported method call", absl::StrCat(DescribeVar(rt, *self), ".", name),
                  "Dynamo in wick does not trace this method.");
}

// `Cls(*args)` for a plain user class: a new tracked object, __init__ inlined. It
// lives only in the trace (returning it or storing it outside breaks).
absl::StatusOr<VarPtr> ConstructObject(Translator& tx, const VarPtr& cls, std::vector<VarPtr> args,
                                       Kwargs kwargs) {
  vm::Runtime& rt = tx.state().rt;
  VarPtr obj = MakeVar(VarKind::kNewObject);
  obj->value = cls->value;
  obj->class_source = cls->source;
  const vm::Value* init = cls->value.as<vm::Type>()->Lookup("__init__");
  if (init != nullptr && rt.TypeOf(*init) == rt.types().function) {
    ASSIGN_OR_RETURN(VarPtr f, WrapClassAttr(tx, *init, cls->source, cls->value, "__init__"));
    args.insert(args.begin(), obj);
    ASSIGN_OR_RETURN(VarPtr r, Call(tx, f, std::move(args), std::move(kwargs)));
    (void)r;
  } else if (!args.empty() || !kwargs.empty()) {
    return RaiseObserved(tx, rt.exc().type_error, "object() takes no arguments");
  }
  return obj;
}

// functools.reduce(function, iterable[, initial]) over an iterable the trace knows: the
// calls eager makes, in order (each one traced: tensor ops, user functions inlined).
absl::StatusOr<VarPtr> Reduce(Translator& tx, const std::vector<VarPtr>& args) {
  vm::Runtime& rt = tx.state().rt;
  ASSIGN_OR_RETURN(std::vector<VarPtr> items, Unpack(tx, args[1]));
  size_t i = 0;
  VarPtr acc;
  if (args.size() == 3) {
    acc = args[2];
  } else if (items.empty()) {
    return RaiseObserved(tx, rt.exc().type_error, "reduce() of empty iterable with no initial value");
  } else {
    acc = items[i++];
  }
  for (; i < items.size(); ++i) {
    ASSIGN_OR_RETURN(acc, Call(tx, args[0], {acc, items[i]}, {}));
  }
  return acc;
}

// functools.partial's type (a builtin type of the _functools module).
bool IsPartialType(const vm::Type* t) { return !t->is_heap() && t->name() == "partial"; }

// functools.partial(func, *args, **kwargs) in the trace: a tracker, called by inlining
// func with the stored arguments; rebuilt by calling functools.partial again when it
// leaves the graph. A partial of a partial is flattened, as CPython's constructor does.
absl::StatusOr<VarPtr> MakePartial(Translator& tx, const vm::Value& type,
                                   std::vector<VarPtr> args, Kwargs kwargs) {
  vm::Runtime& rt = tx.state().rt;
  if (args.empty()) {
    return RaiseObserved(tx, rt.exc().type_error, "type 'partial' takes at least one argument");
  }
  VarPtr p = MakeVar(VarKind::kPartial);
  p->value = type;
  p->kwdefaults = MakeVar(VarKind::kDict);
  VarPtr func = args[0];
  if (func->kind == VarKind::kPartial) {
    p->items = func->items;
    p->kwdefaults->keys = func->kwdefaults->keys;
    p->kwdefaults->items = func->kwdefaults->items;
    func = func->func;
  }
  p->func = std::move(func);
  p->items.insert(p->items.end(), args.begin() + 1, args.end());
  for (auto& [name, value] : kwargs) {
    vm::Value key = rt.NewStr(name);
    bool replaced = false;
    for (size_t i = 0; i < p->kwdefaults->keys.size() && !replaced; ++i) {
      if (p->kwdefaults->keys[i].as<vm::Str>()->view() == name) {
        p->kwdefaults->items[i] = value;
        replaced = true;
      }
    }
    if (!replaced) {
      p->kwdefaults->keys.push_back(std::move(key));
      p->kwdefaults->items.push_back(value);
    }
  }
  return p;
}

// An existing partial object the frame holds: a kPartial tracker over its func, args and
// keywords, each read (and guarded) through the partial's source.
absl::StatusOr<VarPtr> UnwrapPartial(Translator& tx, const VarPtr& fn) {
  vm::Runtime& rt = tx.state().rt;
  const SourcePtr& src = fn->source;
  if (src == nullptr) {
    return tx.Break("Unsupported function call", "functools.partial",
                    "Dynamo in wick calls partial objects it can name in the frame only.");
  }
  vm::Value func = vm::GetAttr(rt, fn->value, "func");
  vm::Value args = vm::GetAttr(rt, fn->value, "args");
  vm::Value keywords = vm::GetAttr(rt, fn->value, "keywords");
  if (func.is_raised() || args.is_raised() || keywords.is_raised()) return RaisePending(tx);
  VarPtr p = MakeVar(VarKind::kPartial);
  p->value = vm::Value::Borrow(rt.TypeOf(fn->value));
  p->source = src;
  ASSIGN_OR_RETURN(p->func, Wrap(tx, func, Source::Attr(src, "func")));
  const auto& items = args.as<vm::Tuple>()->items;
  for (size_t i = 0; i < items.size(); ++i) {
    ASSIGN_OR_RETURN(VarPtr a, Wrap(tx, items[i], Source::Item(Source::Attr(src, "args"),
                                                              static_cast<int64_t>(i))));
    p->items.push_back(std::move(a));
  }
  p->kwdefaults = MakeVar(VarKind::kDict);
  size_t pos = 0;
  const vm::Dict::Entry* e;
  while (keywords.as<vm::Dict>()->Next(&pos, &e)) {
    if (!rt.IsStr(e->key)) {
      return tx.Break("Unsupported function call", "functools.partial",
                      "A partial with a keyword that is not a str.");
    }
    ASSIGN_OR_RETURN(VarPtr v, Wrap(tx, e->value,
                                    Source::StrItem(Source::Attr(src, "keywords"),
                                                    std::string(e->key.as<vm::Str>()->view()))));
    p->kwdefaults->keys.push_back(e->key);
    p->kwdefaults->items.push_back(std::move(v));
  }
  return p;
}

absl::StatusOr<VarPtr> CallObject(Translator& tx, const VarPtr& fn, std::vector<VarPtr> args,
                                  Kwargs kwargs) {
  TraceState& st = tx.state();
  Translator* direct = st.direct_call;
  st.direct_call = nullptr;  // only an nn.Module's forward below stays the CALL's target
  vm::Runtime& rt = st.rt;
  const vm::Value& v = fn->value;
  const KnownObjects& k = st.known;
  if (v.Is(k.graph_break) && st.nonstrict_depth > 0) return MakeConstant(vm::Value::None());
  if (v.Is(k.graph_break)) {
    std::string msg = "None";
    VarPtr m = args.empty() ? nullptr : args[0];
    for (auto& [key, val] : kwargs) {
      if (key == "msg") m = val;
    }
    if (m != nullptr && m->is_constant() && rt.IsStr(m->value)) {
      msg = std::string(m->value.as<vm::Str>()->view());
    }
    std::string kw;
    for (auto& [key, val] : kwargs) {
      absl::StrAppend(&kw, kw.empty() ? "" : ", ", "'", key, "': ", DescribeVar(rt, *val));
    }
    return tx.Break("Call to `torch._dynamo.graph_break()`",
                    absl::StrCat("Called `torch._dynamo.graph_break()` with args `[",
                                 args.empty() ? "" : DescribeVar(rt, *args[0]), "]`, kwargs `{",
                                 kw, "}`"),
                    "User-inserted graph break. Message: " + msg,
                    {"Remove the `torch._dynamo.graph_break()` call."});
  }
  if (v.Is(k.skip_frame)) return SkipFrame(tx, args);
  if (v.Is(k.step_unsupported)) {
    st.step_requested = true;
    return tx.Break("Call to `torch._dynamo.step_unsupported()`", "",
                    "User-inserted step_unsupported.",
                    {"Remove the `torch._dynamo.step_unsupported()` call."});
  }
  if (v.Is(k.is_compiling) || v.Is(k.compiler_is_compiling)) {
    return MakeConstant(vm::Value::Bool(true));
  }
  if (v.Is(k.is_grad_enabled)) return MakeConstant(vm::Value::Bool(st.grad_enabled));
  if (v.is_object() && rt.IsInstance(v, rt.types().type) && IsPartialType(v.as<vm::Type>())) {
    return MakePartial(tx, v, std::move(args), std::move(kwargs));
  }
  if (v.is_object() && IsPartialType(rt.TypeOf(v))) {
    ASSIGN_OR_RETURN(VarPtr p, UnwrapPartial(tx, fn));
    return Call(tx, p, std::move(args), std::move(kwargs));
  }
  // tuple.__new__(cls, iterable): a tuple tracker of class cls (a namedtuple's __new__).
  if (const vm::Value* tuple_new = rt.types().tuple->Lookup("__new__");
      tuple_new != nullptr && v.Is(*tuple_new) && args.size() == 2 && kwargs.empty() &&
      args[0]->value.is_object() && rt.IsInstance(args[0]->value, rt.types().type) &&
      (args[0]->kind == VarKind::kObject || args[0]->kind == VarKind::kConstant) &&
      args[0]->value.as<vm::Type>()->IsSubtypeOf(rt.types().tuple)) {
    ASSIGN_OR_RETURN(std::vector<VarPtr> items, Unpack(tx, args[1]));
    VarPtr t = MakeSequence(VarKind::kTuple, std::move(items));
    vm::Type* cls = args[0]->value.as<vm::Type>();
    if (cls != rt.types().tuple) {
      if (NamedTupleFields(rt, cls) == nullptr) {
        return tx.Break("Unsupported: class construction", cls->name(),
                        "Dynamo in wick makes tuple subclasses that are namedtuples only.");
      }
      t->tuple_type = args[0]->value;
    }
    return t;
  }
  // object.__setattr__(obj, name, value) on an object the trace made (a class's own
  // __setattr__ ending in the default store).
  if (const vm::Value* object_setattr = rt.types().object->Lookup("__setattr__");
      object_setattr != nullptr && v.Is(*object_setattr) && args.size() == 3 &&
      kwargs.empty() && args[0]->kind == VarKind::kNewObject && args[1]->is_constant() &&
      rt.IsStr(args[1]->value)) {
    RETURN_IF_ERROR(
        SetAttrRaw(tx, args[0], std::string(args[1]->value.as<vm::Str>()->view()), args[2]));
    return MakeConstant(vm::Value::None());
  }
  if (v.is_object() && v.object() == rt.types().super_ && kwargs.empty()) {
    return MakeSuper(tx, args);
  }
  if (v.Is(k.ngb_off_type) && args.empty() && kwargs.empty()) {
    VarPtr g = MakeVar(VarKind::kGradMode);
    g->mode = Var::Mode::kNestedOff;
    return g;
  }
  if (v.Is(k.nullcontext_type) && args.size() <= 1 && kwargs.empty()) {
    VarPtr g = MakeVar(VarKind::kGradMode);
    g->mode = Var::Mode::kNullContext;
    g->items = args.empty() ? std::vector<VarPtr>{MakeConstant(vm::Value::None())} : args;
    return g;
  }
  if (v.Is(k.eogb_type) && args.size() == 1 && kwargs.empty() && args[0]->is_constant() &&
      args[0]->value.is_bool()) {
    VarPtr g = MakeVar(VarKind::kGradMode);
    g->mode = Var::Mode::kErrorOnGraphBreak;
    g->grad_mode = args[0]->value.as_bool();
    return g;
  }
  if ((v.Is(k.no_grad) || v.Is(k.enable_grad)) && args.empty()) {
    VarPtr g = MakeVar(VarKind::kGradMode);
    g->grad_mode = v.Is(k.enable_grad);
    g->value = v;
    return g;
  }
  // torch.set_grad_enabled(mode) / inference_mode(mode=True) with a constant mode, as
  // eager's (vm/torch/grad_mode.cc): set_grad_enabled switches at the call (it works as
  // a plain call too) and its block's exit restores the mode from before the call;
  // inference_mode sets grad mode to `not mode` (PyTorch's InferenceMode guard).
  if ((v.Is(k.set_grad_enabled) || v.Is(k.inference_mode)) && args.size() + kwargs.size() <= 1) {
    const VarPtr* mode = !args.empty() ? &args[0]
                         : !kwargs.empty() && kwargs[0].first == "mode" ? &kwargs[0].second
                                                                         : nullptr;
    const bool given = mode != nullptr && (*mode)->is_constant() && (*mode)->value.is_bool();
    if (v.Is(k.set_grad_enabled) && given) {
      VarPtr g = MakeVar(VarKind::kGradMode);
      g->grad_mode = (*mode)->value.as_bool();
      g->value = v;
      g->items = {MakeConstant(vm::Value::Bool(st.grad_enabled))};
      RETURN_IF_ERROR(SetGradMode(tx, g->grad_mode));
      return g;
    }
    if (v.Is(k.inference_mode) && (given || (args.empty() && kwargs.empty()))) {
      VarPtr g = MakeVar(VarKind::kGradMode);
      g->grad_mode = given && !(*mode)->value.as_bool();
      g->value = g->grad_mode ? k.enable_grad : k.no_grad;  // rebuilt as what it acts as
      return g;
    }
  }
  // torch.einsum(eq, *operands): the registry's einsum over the operand list.
  if (v.Is(k.einsum) && args.size() >= 2 && kwargs.empty() && args[0]->is_constant()) {
    std::vector<VarPtr> call_args = args;
    if (args[1]->is_tensor()) {
      call_args = {args[0], MakeSequence(VarKind::kList, {args.begin() + 1, args.end()})};
    }
    return CallTensorOp(tx, "einsum", std::move(call_args), {}, CallStyle::kFunction,
                        "torch.einsum");
  }
  if (v.Is(k.torch_tensor)) {
    absl::StatusOr<VarPtr> made = TensorOfConstantData(tx, v, args, kwargs);
    if (!made.ok() || *made != nullptr) return made;
  }
  std::string op;
  bool method = false;
  if (vm::RegistryOpOf(rt, v, &op, &method)) {
    std::string target = method ? op : "torch." + op;
    // A custom op (tensor/custom_ops.h) is spelled as scripts reach it: torch.ops.ns.name.
    if (!method && absl::StrContains(op, "::")) {
      target = "torch.ops." + absl::StrReplaceAll(op, {{"::", "."}});
    }
    return CallTensorOp(tx, op, std::move(args), std::move(kwargs),
                        method ? CallStyle::kMethod : CallStyle::kFunction, std::move(target));
  }
  if (rt.TypeOf(v) == rt.types().builtin_function) {
    const std::string& name = v.as<vm::BuiltinFunction>()->name;
    if (IsReorderable(st, v)) return DeferCall(tx, fn, std::move(args), kwargs);
    const vm::Value* b = st.builtins->GetStr(name);
    if (b != nullptr && b->Is(v)) return CallBuiltin(tx, name, v, std::move(args), std::move(kwargs));
    auto in_module = [&](const vm::Value& mod) {
      if (mod.is_none()) return false;
      const vm::Value* x = mod.as<vm::Module>()->dict->GetStr(name);
      return x != nullptr && x->Is(v);
    };
    if (in_module(k.nn_natives)) return CallNNNative(tx, name, std::move(args), std::move(kwargs));
    if (in_module(k.math_module)) {
      // math.sqrt(x.size(-1)) and friends read a symbolic int's value (guarded).
      for (const VarPtr& a : args) SpecializeVar(tx, a);
      if (AllConstant(args, kwargs)) return FoldCall(tx, v, args);
    }
    if (in_module(k.operator_module)) return CallOperatorModule(tx, name, args, kwargs);
    if (name == "reduce" && kwargs.empty() && (args.size() == 2 || args.size() == 3)) {
      const vm::Value* functools = st.interp.sys_modules()->GetStr("_functools");
      if (functools != nullptr && in_module(*functools)) return Reduce(tx, args);
    }
    if (name == "print") return BreakUnsupportedBuiltin(tx, name, args);
    return BreakSkippedBuiltin(tx, v);
  }
  if (rt.IsInstance(v, rt.types().type)) {
    if (v.as<vm::Type>()->IsSubtypeOf(rt.exc().base_exception) && kwargs.empty()) {
      VarPtr e = MakeVar(VarKind::kException);
      e->value = v;
      e->items = std::move(args);
      if (e->items.empty()) e->items.push_back(MakeConstant(rt.NewStr("")));
      return e;
    }
    const vm::Value* b = st.builtins->GetStr(v.as<vm::Type>()->name());
    if (b != nullptr && b->Is(v)) {
      return CallBuiltin(tx, v.as<vm::Type>()->name(), v, std::move(args), std::move(kwargs));
    }
    // torch.device('cpu'), torch.finfo(dtype), torch.iinfo(dtype): constants, made as
    // eager makes them (upstream folds the same calls).
    if ((v.as<vm::Type>() == rt.TypeOf(vm::CpuDeviceObject(rt)) || v.Is(k.finfo_type) ||
         v.Is(k.iinfo_type)) &&
        kwargs.empty() && AllConstant(args, {})) {
      return FoldCall(tx, v, args);
    }
    vm::Type* cls = v.as<vm::Type>();
    bool is_module = !k.nn_module_type.is_none() &&
                     cls->IsSubtypeOf(k.nn_module_type.as<vm::Type>());
    // object.__new__ (or none) allocates a plain instance: ConstructObject's model.
    const vm::Value* new_fn = cls->Lookup("__new__");
    const bool default_new = new_fn == nullptr || new_fn == rt.types().object->Lookup("__new__");
    // A metaclass's __call__, abstract methods and __slots__ change what construction
    // does (or raises); only type.__call__'s plain path is modelled.
    vm::Type* meta = rt.TypeOf(v);
    const bool plain_call =
        meta == rt.types().type ||
        meta->Lookup("__call__") == rt.types().type->Lookup("__call__");
    if (cls->is_heap() && cls->layout() == vm::Layout::kObject && !is_module && default_new &&
        plain_call && !cls->is_abstract() && !cls->slots_only()) {
      return ConstructObject(tx, fn, std::move(args), std::move(kwargs));
    }
    // A namedtuple class: its generated __new__ inlined (it binds the arguments and ends
    // in tuple.__new__(cls, values), a tuple tracker of that class).
    if (NamedTupleFields(rt, cls) != nullptr && plain_call && new_fn != nullptr) {
      vm::Value nf = *new_fn;
      const bool is_static = rt.TypeOf(nf) == rt.types().staticmethod;
      if (is_static) nf = vm::GetAttr(rt, nf, "__func__");
      const vm::Value* init = cls->Lookup("__init__");
      const bool default_init = init == nullptr || init->Is(*rt.types().object->Lookup("__init__"));
      if (!nf.is_raised() && rt.TypeOf(nf) == rt.types().function && default_init &&
          fn->source != nullptr) {
        // Guarded where the guard finds it: through the staticmethod's __func__.
        ASSIGN_OR_RETURN(VarPtr f,
                         is_static ? WrapClassAttr(tx, nf, Source::Attr(fn->source, "__new__"),
                                                   v, "__func__")
                                   : WrapClassAttr(tx, nf, fn->source, v, "__new__"));
        args.insert(args.begin(), fn);
        return Call(tx, f, std::move(args), std::move(kwargs));
      }
      rt.ClearException();
    }
    // A torch.nn layer with constant arguments and no parameters or buffers
    // (nn.Softmax(dim=-1), nn.ReLU()): made now, as eager would make it on each call,
    // and traced into when called (upstream traces such modules made in forward).
    bool constant_kwargs = true;
    for (const auto& kv : kwargs) constant_kwargs = constant_kwargs && AllConstant({kv.second}, {});
    if (is_module && IsTorchLibraryClass(rt, cls) && AllConstant(args, {}) && constant_kwargs) {
      std::vector<vm::Value> vals(args.size()), names, kw_vals;
      bool ok = true;
      for (size_t i = 0; i < args.size() && ok; ++i) ok = ReifyConstant(rt, args[i], &vals[i]);
      for (auto& [name, value] : kwargs) {
        names.push_back(rt.NewStr(name));
        kw_vals.emplace_back();
        ok = ok && ReifyConstant(rt, value, &kw_vals.back());
      }
      if (ok) {
        // A layer whose construction draws random numbers (parameter init) must draw
        // them on every call, not once here: such a construction is undone and breaks.
        tensor::Generator& gen = tensor::DefaultGenerator();
        const std::vector<uint8_t> rng_before = gen.GetState();
        vm::Value m = vm::Call(rt, v, vals, vm::KwArgs(names, kw_vals));
        if (m.is_raised()) {
          (void)gen.SetState(rng_before);
          return RaisePending(tx);
        }
        bool stateless = true;
        for (const char* store : {"_parameters", "_buffers"}) {
          vm::Value d = vm::GetAttr(rt, m, store);
          if (d.is_raised()) return RaisePending(tx);
          // Slots registered as None (CrossEntropyLoss's weight) hold no state.
          stateless = stateless && rt.IsInstance(d, rt.types().dict);
          size_t pos = 0;
          const vm::Dict::Entry* e;
          while (stateless && d.as<vm::Dict>()->Next(&pos, &e)) {
            stateless = e->value.is_none();
          }
        }
        if (stateless && gen.GetState() != rng_before) stateless = false;
        if (!stateless) (void)gen.SetState(rng_before);
        if (stateless) {
          VarPtr var = MakeVar(VarKind::kObject);
          var->value = std::move(m);
          var->fresh_module = true;
          return var;
        }
      }
    }
    return tx.Break("Unsupported: class construction", v.as<vm::Type>()->name(),
                    "Dynamo in wick does not trace constructing instances of classes yet.");
  }
  if (!rt.TypeOf(v)->is_heap() && rt.TypeOf(v)->name() == "CompiledFunction") {
    // A torch.compile'd function called from compiled code: its function is inlined
    // (upstream's _torchdynamo_inline), its fullgraph=True applying inside.
    vm::Value inner = vm::GetAttr(rt, v, "_torchdynamo_orig_callable");
    vm::Value full = vm::GetAttr(rt, v, "_torchdynamo_fullgraph");
    if (inner.is_raised() || full.is_raised()) {
      rt.ClearException();
    } else {
      ASSIGN_OR_RETURN(VarPtr target, Wrap(tx, inner, nullptr));
      const bool fullgraph = full.is_bool() && full.as_bool();
      st.direct_call = direct;
      if (fullgraph) ++st.fullgraph_depth;
      absl::StatusOr<VarPtr> r = Call(tx, target, std::move(args), std::move(kwargs));
      if (fullgraph) --st.fullgraph_depth;
      return r;
    }
  }
  if (rt.TypeOf(v)->layout() == vm::Layout::kObject) {
    // An nn.Module (or any callable instance): inline type(obj).forward, or __call__
    // when the module has forward hooks to run.
    const char* entry = ModuleHasForwardHooks(rt, v) ? "__call__" : "forward";
    ASSIGN_OR_RETURN(VarPtr target, GetAttr(tx, fn, entry));
    st.direct_call = direct;
    return Call(tx, target, std::move(args), std::move(kwargs));
  }
  std::string name = rt.TypeOf(v) == rt.types().builtin_function
                         ? v.as<vm::BuiltinFunction>()->name
                         : rt.TypeOf(v)->name();
  return tx.Break("Unsupported function call", name,
                  absl::StrCat("Dynamo does not know how to trace the function `", name, "`."),
                  {"Avoid calling this function in the compiled region."});
}

}  // namespace

absl::StatusOr<VarPtr> CallDunder(Translator& tx, const VarPtr& obj, const char* dunder,
                                  std::vector<VarPtr> args, bool* found) {
  vm::Runtime& rt = tx.state().rt;
  *found = false;
  vm::Type* type = obj->kind == VarKind::kNewObject ? obj->value.as<vm::Type>()
                   : obj->kind == VarKind::kObject  ? rt.TypeOf(obj->value)
                                                    : nullptr;
  if (type == nullptr || type->layout() != vm::Layout::kObject) return VarPtr();
  const vm::Value* f = type->Lookup(dunder);
  if (f == nullptr || rt.TypeOf(*f) != rt.types().function) return VarPtr();
  *found = true;
  // Guarded where the frame reaches the class (rebinding the dunder recompiles): through
  // the instance for an existing object (L['obj'].__add__ resolves through its type),
  // through the class's own source for an object made in the trace.
  const guards::SourcePtr& cls_source =
      obj->kind == VarKind::kNewObject ? obj->class_source : obj->source;
  ASSIGN_OR_RETURN(VarPtr fn, WrapClassAttr(tx, *f, cls_source, vm::Value::Borrow(type), dunder));
  args.insert(args.begin(), obj);
  return Call(tx, fn, std::move(args), {});
}

absl::StatusOr<VarPtr> Call(Translator& tx, const VarPtr& fn, std::vector<VarPtr> args,
                            Kwargs kwargs) {
  switch (fn->kind) {
    case VarKind::kFunction: {
      const vm::Value& v = fn->value;
      const KnownObjects& k = tx.state().known;
      if (v.is_object() && (v.Is(k.graph_break) || v.Is(k.is_compiling) ||
                            v.Is(k.compiler_is_compiling) || v.Is(k.skip_frame) ||
                            v.Is(k.step_unsupported))) {
        return CallObject(tx, fn, std::move(args), std::move(kwargs));
      }
      if (v.is_object()) {
        if (IsReorderable(tx.state(), v)) return DeferCall(tx, fn, std::move(args), kwargs);
        RETURN_IF_ERROR(CheckDisabled(tx, v));
        if (IsAllowedInGraph(tx.state().rt, v)) {
          return CallAllowedInGraph(tx, fn, std::move(args), std::move(kwargs));
        }
        if (IsNonstrict(tx.state().rt, v)) {
          ++tx.state().nonstrict_depth;
          absl::StatusOr<VarPtr> r = InlineFunction(tx, fn, std::move(args), std::move(kwargs));
          --tx.state().nonstrict_depth;
          return r;
        }
      }
      return InlineFunction(tx, fn, std::move(args), std::move(kwargs));
    }
    case VarKind::kBoundMethod: {
      const VarPtr& self = fn->self;
      if (fn->func->is_constant()) {  // a method looked up by name
        tx.state().direct_call = nullptr;
        std::string name(fn->func->value.as<vm::Str>()->view());
        if (self->is_tensor()) {
          return CallTensorMethod(tx, self, name, std::move(args), std::move(kwargs));
        }
        return CallContainerMethod(tx, self, name, std::move(args), std::move(kwargs));
      }
      args.insert(args.begin(), self);
      return Call(tx, fn->func, std::move(args), std::move(kwargs));
    }
    case VarKind::kObject: return CallObject(tx, fn, std::move(args), std::move(kwargs));
    case VarKind::kPartial: {
      // The stored arguments first; the call's keywords override the stored ones.
      std::vector<VarPtr> all = fn->items;
      all.insert(all.end(), std::make_move_iterator(args.begin()),
                 std::make_move_iterator(args.end()));
      Kwargs merged;
      for (size_t i = 0; i < fn->kwdefaults->keys.size(); ++i) {
        std::string name(fn->kwdefaults->keys[i].as<vm::Str>()->view());
        bool overridden = false;
        for (const auto& kv : kwargs) overridden = overridden || kv.first == name;
        if (!overridden) merged.emplace_back(std::move(name), fn->kwdefaults->items[i]);
      }
      for (auto& kv : kwargs) merged.push_back(std::move(kv));
      return Call(tx, fn->func, std::move(all), std::move(merged));
    }
    case VarKind::kNewObject: {
      bool found = false;
      ASSIGN_OR_RETURN(VarPtr r, CallDunder(tx, fn, "__call__", std::move(args), &found));
      if (found) return r;
      break;
    }
    case VarKind::kGradModeExit:
      tx.state().direct_call = nullptr;
      if (fn->mode == Var::Mode::kNullContext) return MakeConstant(vm::Value::None());
      if (fn->mode == Var::Mode::kNestedOff) {
        --tx.state().nested_off_depth;
        tx.state().nested_config = fn->grad_mode;
        return MakeConstant(vm::Value::None());
      }
      if (fn->mode == Var::Mode::kErrorOnGraphBreak) {
        tx.state().error_on_graph_break = fn->grad_mode;
      } else {
        RETURN_IF_ERROR(SetGradMode(tx, fn->grad_mode));
      }
      return MakeConstant(vm::Value::None());
    default: break;
  }
  return tx.Break("Unsupported function call", DescribeVar(tx.state().rt, *fn),
                  "This value is not callable in a way Dynamo in wick can trace.");
}

}  // namespace wick::frontend::internal
