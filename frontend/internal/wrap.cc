// VariableBuilder: turning pre-existing Python objects into trackers with the guards
// the trace depends on; attribute reads and writes on trackers.
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "base/status_macros.h"
#include "frontend/internal/translator.h"
#include "vm/objects/dict.h"
#include "vm/protocol.h"
#include "vm/torch/torch.h"

namespace wick::frontend::internal {
namespace {

using guards::GuardKind;
using guards::Source;
using guards::SourcePtr;

// "L['x']" -> "L_x_": runs of characters that are not letters or digits become one '_'.
std::string PlaceholderName(const std::string& source_name) {
  std::string out;
  bool in_run = false;
  for (char c : source_name) {
    bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (alnum) {
      out.push_back(c);
      in_run = false;
    } else if (!in_run) {
      out.push_back('_');
      in_run = true;
    }
  }
  return out;
}

bool IsNNModule(TraceState& st, const vm::Value& v) {
  if (st.known.nn_module_type.is_none() || !v.is_object()) return false;
  return st.rt.TypeOf(v)->IsSubtypeOf(st.known.nn_module_type.as<vm::Type>());
}

VarPtr NewInput(TraceState& st, const vm::Value& v, const tensor::Tensor& t,
                const SourcePtr& source, std::string user_code, std::string user_location) {
  VarPtr var = MakeVar(VarKind::kTensor);
  var->value = v;
  var->source = source;
  var->meta = graph::TensorMeta::Of(t);
  var->fake = tensor::Tensor::MetaStrided(t.sizes(), t.strides(), t.dtype());
  var->fake.set_requires_grad(t.requires_grad());
  std::string name = source->Name();
  var->ref.node = st.builder.AddPlaceholder(PlaceholderName(name), name, var->meta);
  var->is_input = true;
  st.graph_inputs.push_back(source);
  guards::GuardSpec g;
  g.kind = GuardKind::kTensorMatch;
  g.source = source;
  g.tensor.dtype = t.dtype();
  // Dynamic dimensions get symbols and go unchecked here (shape guards cover them),
  // as do the strides that depend on them.
  const std::vector<DimKind> kinds = DynamicDims(st, v, t, source);
  std::vector<bool> dynamic(kinds.size(), false);
  std::vector<sym::ExprPtr> sym_sizes;
  bool any_dynamic = false;
  for (size_t i = 0; i < kinds.size(); ++i) {
    dynamic[i] = kinds[i] != DimKind::kStatic;
    if (dynamic[i]) {
      any_dynamic = true;
      sym_sizes.push_back(SizeSymbol(st, user_location, source, static_cast<int32_t>(i),
                                     t.sizes()[i], var->ref.node,
                                     kinds[i] == DimKind::kDuck));
    } else {
      sym_sizes.push_back(sym::Int(t.sizes()[i]));
    }
  }
  bool later_dynamic = false;
  std::vector<std::optional<int64_t>> strides(t.dim());
  for (size_t i = dynamic.size(); i-- > 0;) {
    g.tensor.sizes.insert(g.tensor.sizes.begin(),
                          dynamic[i] ? std::nullopt : std::optional<int64_t>(t.sizes()[i]));
    if (!later_dynamic) strides[i] = t.strides()[i];
    later_dynamic |= dynamic[i];
  }
  g.tensor.strides = std::move(strides);
  if (any_dynamic) {
    // The strides left unchecked follow the symbolic sizes (dynamic inputs are
    // contiguous): guard them as expressions, as upstream's shape env does.
    sym::ExprPtr running = sym::Int(1);
    for (size_t i = dynamic.size(); i-- > 0;) {
      if (!g.tensor.strides[i].has_value()) {
        StrideEquals(st, source, static_cast<int32_t>(i), running);
      }
      running = sym::Mul(running, sym_sizes[i]);
    }
    var->meta.sym_sizes = sym_sizes;
    st.builder.SetSymSizes(var->ref.node, -1, std::move(sym_sizes));
  }
  g.tensor.requires_grad = t.requires_grad();
  g.user_code = user_code;
  g.user_location = user_location;
  st.guards.push_back(std::move(g));
  st.tensor_input_sources.push_back(source);
  st.seen_objects[v.object()] = var;
  st.inputs.push_back({v, source, std::move(user_code), std::move(user_location)});
  return var;
}

// A Python int or float that automatic dynamic made symbolic: a graph input of its own
// (a 0-dim int64 / float64 tensor on every call) guarded by its type only. An int is a
// symbol (SymNodeVariable); a float a 0-dim tensor tracker, used as a captured scalar.
VarPtr NewScalarInput(TraceState& st, const vm::Value& v, const SourcePtr& source,
                      std::string user_code, std::string user_location) {
  const bool is_int = v.is_int();
  graph::TensorMeta meta;
  meta.dtype = is_int ? tensor::DType::kInt64 : tensor::DType::kFloat64;
  std::string name = source->Name();
  const graph::NodeId node = st.builder.AddPlaceholder(PlaceholderName(name), name, meta);
  st.graph_inputs.push_back(source);
  guards::GuardSpec g;
  g.kind = GuardKind::kTypeMatch;
  g.source = source;
  g.expected = vm::Value::Borrow(st.rt.TypeOf(v));
  g.user_code = user_code;
  g.user_location = user_location;
  st.guards.push_back(std::move(g));
  st.inputs.push_back({v, source, user_code, user_location});
  VarPtr var;
  if (is_int) {
    sym::ExprPtr e = IntSymbol(st, user_location, source, v.as_int(), node);
    var = MakeVar(VarKind::kSymInt);
    var->value = v;
    var->sym = std::move(e);
  } else {
    var = MakeVar(VarKind::kTensor);
    var->ref.node = node;
    var->meta = meta;
    var->fake = tensor::Tensor::Meta({}, meta.dtype);
    var->scalar_item = true;
    var->float_input = true;
    var->is_input = true;
    var->value = v;
  }
  var->source = source;
  st.scalar_inputs[name] = var;
  return var;
}

absl::StatusOr<VarPtr> WrapTensor(Translator& tx, const vm::Value& v, const tensor::Tensor& t,
                                  const SourcePtr& source) {
  TraceState& st = tx.state();
  if (source != nullptr) {
    if (st.body_started) {
      st.inputs.push_back({v, source, tx.UserCode(), tx.UserLocation()});
      return absl::AbortedError("restart with a new graph input");
    }
    return NewInput(st, v, t, source, tx.UserCode(), tx.UserLocation());
  }
  // A tensor the frame cannot name (a closure of a callee, another module's global):
  // the graph owns it as a constant attribute.
  VarPtr var = MakeVar(VarKind::kTensor);
  var->value = v;
  var->meta = graph::TensorMeta::Of(t);
  var->fake = tensor::Tensor::MetaStrided(t.sizes(), t.strides(), t.dtype());
  var->fake.set_requires_grad(t.requires_grad());
  st.body_started = true;
  var->ref.node =
      st.builder.AddGetAttr(absl::StrCat("_tensor_constant", st.seen_objects.size()), t);
  return var;
}

absl::StatusOr<VarPtr> WrapSequence(Translator& tx, const vm::Value& v, VarKind kind,
                                    const std::vector<vm::Value>& items,
                                    const SourcePtr& source) {
  VarPtr var = MakeVar(kind);
  var->value = v;
  var->source = source;
  if (source != nullptr) {
    AddGuard(tx, GuardKind::kTypeMatch, source, vm::Value::Borrow(tx.state().rt.TypeOf(v)));
    guards::GuardSpec g;
    g.kind = GuardKind::kLength;
    g.source = source;
    g.length = static_cast<int64_t>(items.size());
    g.user_code = tx.UserCode();
    g.user_location = tx.UserLocation();
    tx.state().guards.push_back(std::move(g));
  }
  for (size_t i = 0; i < items.size(); ++i) {
    SourcePtr s = source ? Source::Item(source, static_cast<int64_t>(i)) : nullptr;
    ASSIGN_OR_RETURN(VarPtr item, Wrap(tx, items[i], s));
    var->items.push_back(std::move(item));
  }
  return var;
}

absl::StatusOr<VarPtr> WrapDict(Translator& tx, const vm::Value& v, const SourcePtr& source) {
  vm::Runtime& rt = tx.state().rt;
  VarPtr var = MakeVar(VarKind::kDict);
  var->value = v;
  var->source = source;
  std::vector<vm::Value> keys;
  for (const vm::Dict::Entry& e : v.as<vm::Dict>()->entries()) {
    if (e.key.is_raised()) continue;
    if (!rt.IsStr(e.key) && !e.key.is_int()) {
      return tx.Break("Unsupported: dict with non-constant keys", "dict",
                      "Dynamo in wick traces dicts whose keys are str or int only.");
    }
    keys.push_back(e.key);
    SourcePtr s;
    if (source != nullptr) {
      s = rt.IsStr(e.key) ? Source::StrItem(source, std::string(e.key.as<vm::Str>()->view()))
                          : Source::Item(source, e.key.as_int());
    }
    ASSIGN_OR_RETURN(VarPtr item, Wrap(tx, e.value, s));
    var->items.push_back(std::move(item));
  }
  var->keys = keys;
  if (source != nullptr) {
    AddGuard(tx, GuardKind::kTypeMatch, source, vm::Value::Borrow(rt.TypeOf(v)));
    guards::GuardSpec g;
    g.kind = GuardKind::kDictKeys;
    g.source = source;
    g.keys = std::move(keys);
    g.user_code = tx.UserCode();
    g.user_location = tx.UserLocation();
    tx.state().guards.push_back(std::move(g));
  }
  return var;
}

// Whether `source` is a second path to the pre-existing object `seen` tracks.
bool ReachedByAnotherPath(const VarPtr& seen, const SourcePtr& source) {
  return source != nullptr && seen->source != nullptr && source->Name() != seen->source->Name();
}

// Wrap at `source`, also when `v` was seen before without a path, or under this one:
// Wrap then returns the earlier tracker without guarding, so an identity guard is added
// here (class attributes are guarded by identity whatever their history).
absl::StatusOr<VarPtr> WrapGuardingPath(Translator& tx, const vm::Value& v,
                                        const SourcePtr& source) {
  bool guard = false;
  if (source != nullptr && v.is_object()) {
    auto it = tx.state().seen_objects.find(v.object());
    guard = it != tx.state().seen_objects.end() && !ReachedByAnotherPath(it->second, source);
  }
  ASSIGN_OR_RETURN(VarPtr var, Wrap(tx, v, source));
  if (guard) AddGuard(tx, GuardKind::kIdMatch, source, v);
  return var;
}

}  // namespace

// The field names of a namedtuple class (collections.namedtuple, typing.NamedTuple): a
// heap subclass of tuple whose `_fields` is a tuple; nullptr for anything else.
const vm::Tuple* NamedTupleFields(vm::Runtime& rt, vm::Type* t) {
  if (!t->is_heap() || t->layout() != vm::Layout::kTuple) return nullptr;
  const vm::Value* f = t->Lookup("_fields");
  if (f == nullptr || !rt.IsTuple(*f)) return nullptr;
  return f->as<vm::Tuple>();
}


VarPtr SizeOf(const TraceState& st, const VarPtr& t) {
  VarPtr size = MakeVar(VarKind::kSize);
  for (size_t i = 0; i < t->meta.sizes.size(); ++i) {
    size->items.push_back(t->meta.is_dynamic()
                              ? MakeSymInt(st, t->meta.sym_sizes[i])
                              : MakeConstant(vm::Value::Int(t->meta.sizes[i])));
  }
  return size;
}

void AddKnownInput(TraceState& st, const TraceState::KnownInput& in) {
  if (in.value.is_int() || in.value.is_float()) {
    NewScalarInput(st, in.value, in.source, in.user_code, in.user_location);
    return;
  }
  NewInput(st, in.value, *vm::TensorOfObject(st.rt, in.value), in.source, in.user_code,
           in.user_location);
}

void AddGuard(Translator& tx, GuardKind kind, const SourcePtr& source, vm::Value expected) {
  if (source == nullptr) return;
  // The same check twice (a function's default read by two inlined calls): once.
  for (const guards::GuardSpec& have : tx.state().guards) {
    if (have.kind == kind && have.source != nullptr && *have.source == *source &&
        have.expected.Is(expected)) {
      return;
    }
  }
  guards::GuardSpec g;
  g.kind = kind;
  g.source = source;
  g.expected = std::move(expected);
  g.user_code = tx.UserCode();
  g.user_location = tx.UserLocation();
  tx.state().guards.push_back(std::move(g));
}

absl::StatusOr<VarPtr> Wrap(Translator& tx, const vm::Value& v, SourcePtr source) {
  TraceState& st = tx.state();
  vm::Runtime& rt = st.rt;
  if (v.is_object()) {
    auto it = st.seen_objects.find(v.object());
    if (it != st.seen_objects.end()) {
      // One object reached through a second path (f(x, x)): the trace relies on both
      // paths holding that object, which only an identity guard on this path keeps
      // true on later calls. Upstream guards `L['b'] is L['a']` (DUPLICATE_INPUT); an
      // ID_MATCH is stricter (another pair of equal inputs recompiles) but never wrong.
      const VarPtr& seen = it->second;
      // (An object made during this trace has no source: a path to it found later
      // comes from this trace's own stores and needs no guard.)
      if (ReachedByAnotherPath(seen, source)) AddGuard(tx, GuardKind::kIdMatch, source, v);
      return seen;
    }
  }
  if (v.is_none()) {
    AddGuard(tx, GuardKind::kNone, source);
    return MakeConstant(v);
  }
  if (v.Is(rt.Ellipsis())) {  // a singleton, like None
    AddGuard(tx, GuardKind::kIdMatch, source, v);
    return MakeConstant(v);
  }
  if (source != nullptr && (v.is_int() || v.is_float()) && !v.is_bool()) {
    const std::string name = source->Name();
    auto known = st.scalar_inputs.find(name);
    if (known != st.scalar_inputs.end()) return known->second;
    if (v.is_int() ? DynamicInt(st, v, source) : DynamicFloat(st, v, source)) {
      if (st.body_started) {  // inputs precede every node: start again with it known
        st.inputs.push_back({v, source, tx.UserCode(), tx.UserLocation()});
        return absl::AbortedError("restart with a new graph input");
      }
      return NewScalarInput(st, v, source, tx.UserCode(), tx.UserLocation());
    }
  }
  if (v.is_bool() || v.is_int() || v.is_float() || rt.IsStr(v)) {
    AddGuard(tx, GuardKind::kEqualsMatch, source, v);
    return MakeConstant(v);
  }
  VarPtr var;
  tensor::DType dtype;
  if (const tensor::Tensor* t = vm::TensorOfObject(rt, v)) {
    ASSIGN_OR_RETURN(var, WrapTensor(tx, v, *t, source));
  } else if (vm::DTypeOfObject(rt, v, &dtype)) {
    AddGuard(tx, GuardKind::kIdMatch, source, v);
    return MakeConstant(v);
  } else if (vm::IsSizeObject(rt, v)) {
    var = MakeVar(VarKind::kSize);
    for (const vm::Value& x : v.as<vm::Tuple>()->items) var->items.push_back(MakeConstant(x));
    AddGuard(tx, GuardKind::kEqualsMatch, source, v);
  } else if (rt.IsTuple(v) || vm::ReturnTypeFields(rt, rt.TypeOf(v)) != nullptr ||
             NamedTupleFields(rt, rt.TypeOf(v)) != nullptr) {
    ASSIGN_OR_RETURN(var, WrapSequence(tx, v, VarKind::kTuple, v.as<vm::Tuple>()->items, source));
    // A torch.return_types tuple or a namedtuple keeps its type (field reads, methods);
    // TYPE_MATCH guards it (as upstream's NamedTupleVariable).
    if (!rt.IsTuple(v)) var->tuple_type = vm::Value::Borrow(rt.TypeOf(v));
  } else if (rt.IsList(v)) {
    ASSIGN_OR_RETURN(var, WrapSequence(tx, v, VarKind::kList, v.as<vm::List>()->items, source));
  } else if (rt.IsInstance(v, rt.types().dict) &&
             rt.TypeOf(v)->layout() == vm::Layout::kDict) {  // dict, OrderedDict
    ASSIGN_OR_RETURN(var, WrapDict(tx, v, source));
  } else if (rt.TypeOf(v) == rt.types().range) {
    AddGuard(tx, GuardKind::kEqualsMatch, source, v);
    return MakeConstant(v);
  } else if (rt.TypeOf(v) == rt.types().function) {
    // Matched by its code, as upstream's CLOSURE_MATCH: what the code reads from the
    // function (defaults, closure cells) is guarded through the function's source when
    // it is inlined (Describe), so a fresh closure or lambda of the same code each call
    // reuses the entry.
    var = MakeVar(VarKind::kFunction);
    var->value = v;
    if (source != nullptr) {
      AddGuard(tx, GuardKind::kIdMatch, Source::Attr(source, "__code__"),
               v.as<vm::Function>()->code);
    }
  } else if ((!st.known.grad_restore_type.is_none() &&
              rt.TypeOf(v) == st.known.grad_restore_type.as<vm::Type>()) ||
             (!st.known.eogb_restore_type.is_none() &&
              rt.TypeOf(v) == st.known.eogb_restore_type.as<vm::Type>()) ||
             (!st.known.ngb_restore_type.is_none() &&
              rt.TypeOf(v) == st.known.ngb_restore_type.as<vm::Type>())) {
    // A grad-mode `with` block's exit, rebuilt across a graph break (Rebuild::kGradRestore).
    vm::Value mode = vm::GetAttr(rt, v, "mode");
    if (mode.is_raised() || !mode.is_bool()) {
      rt.ClearException();
      return tx.Break("Unsupported: grad-mode exit", "GradModeRestore",
                      "The grad-mode restorer has no boolean `mode`.");
    }
    var = MakeVar(VarKind::kGradModeExit);
    var->grad_mode = mode.as_bool();
    auto is = [&](const vm::Value& type) { return type.Is(vm::Value::Borrow(rt.TypeOf(v))); };
    if (is(st.known.grad_restore_type)) {
      var->mode = Var::Mode::kGrad;
    } else if (is(st.known.eogb_restore_type)) {
      var->mode = Var::Mode::kErrorOnGraphBreak;
    } else {
      var->mode = Var::Mode::kNestedOff;
    }
    AddGuard(tx, GuardKind::kTypeMatch, source, vm::Value::Borrow(rt.TypeOf(v)));
    if (source != nullptr) AddGuard(tx, GuardKind::kEqualsMatch, Source::Attr(source, "mode"), mode);
  } else if (rt.TypeOf(v) == rt.types().bound_method) {
    // Guards reach the parts through `__self__` and `__func__` (guards::Resolve).
    AddGuard(tx, GuardKind::kTypeMatch, source, vm::Value::Borrow(rt.TypeOf(v)));
    const vm::BoundMethod* m = v.as<vm::BoundMethod>();
    if (!st.known.nullcontext_type.is_none() && m->self.is_object() &&
        rt.TypeOf(m->self) == st.known.nullcontext_type.as<vm::Type>()) {
      // A nullcontext block's exit a graph break left on the stack.
      AddGuard(tx, GuardKind::kTypeMatch, source ? Source::Attr(source, "__self__") : nullptr,
               vm::Value::Borrow(rt.TypeOf(m->self)));
      var = MakeVar(VarKind::kGradModeExit);
      var->mode = Var::Mode::kNullContext;
      return var;
    }
    var = MakeVar(VarKind::kBoundMethod);
    ASSIGN_OR_RETURN(var->self, Wrap(tx, m->self, source ? Source::Attr(source, "__self__") : nullptr));
    if (rt.TypeOf(m->func) == rt.types().builtin_function &&
        m->func.as<vm::BuiltinFunction>()->is_method()) {
      // A native method (x.item): the tracker form LOAD_METHOD makes, a method by name.
      AddGuard(tx, GuardKind::kIdMatch, source ? Source::Attr(source, "__func__") : nullptr,
               m->func);
      var->func = MakeConstant(rt.NewStr(m->func.as<vm::BuiltinFunction>()->name));
    } else {
      ASSIGN_OR_RETURN(var->func,
                       Wrap(tx, m->func, source ? Source::Attr(source, "__func__") : nullptr));
    }
  } else {
    // Modules, classes, builtins, instances: identity for nn.Modules (their parameters
    // and submodules are read through the same object), type for other instances.
    var = MakeVar(VarKind::kObject);
    var->value = v;
    // A module a graph break's instruction just made (`nn.Softmax(dim=-1)(w)` leaves a
    // new one on the resume entry's stack each call) is guarded by type, as other
    // instances are: its attributes are guarded where read. An identity guard there
    // recompiled on every call until the recompile limit.
    const bool fresh = source != nullptr && source->kind() == Source::Kind::kStack;
    bool by_type = v.object()->type()->layout() == vm::Layout::kObject &&
                   (!IsNNModule(st, v) || fresh);
    if (by_type) {
      AddGuard(tx, GuardKind::kTypeMatch, source, vm::Value::Borrow(rt.TypeOf(v)));
    } else {
      AddGuard(tx, GuardKind::kIdMatch, source, v);
    }
  }
  var->source = source;
  if (v.is_object()) st.seen_objects[v.object()] = var;
  return var;
}

// A class of torch's own Python modules (torch.autograd.Function, its FunctionCtx):
// read without guards, as upstream does not guard torch.* attributes.
bool IsTorchLibraryClass(vm::Runtime& rt, vm::Type* cls) {
  const vm::Value* mod = cls->dict()->GetStr(rt.names().module);
  if (mod == nullptr || !rt.IsStr(*mod)) return false;
  absl::string_view m = mod->as<vm::Str>()->view();
  return m == "torch" || absl::StartsWith(m, "torch.");
}

absl::StatusOr<VarPtr> WrapClassAttr(Translator& tx, const vm::Value& a,
                                     const SourcePtr& cls_source, const vm::Value& cls,
                                     const std::string& name) {
  if (cls_source == nullptr) {
    if (!cls.as<vm::Type>()->is_heap() || IsTorchLibraryClass(tx.state().rt, cls.as<vm::Type>())) {
      return Wrap(tx, a, nullptr);
    }
    return tx.Break("Unsupported: class attribute without a source",
                    absl::StrCat(cls.as<vm::Type>()->name(), ".", name),
                    "Dynamo in wick cannot guard on the class this attribute is read from "
                    "(the compiled frame cannot name it), so a later rebinding of the "
                    "attribute would go unseen.");
  }
  return WrapGuardingPath(tx, a, Source::Attr(cls_source, name));
}

namespace {

// Calls accessor `which` ("fget"/"fset") of `prop`, a property on the class of `obj`,
// inlined with `obj` (and `value`) as its arguments, as eager's descriptor protocol
// would. `prop_source` is where the frame reads the property from the class (null when
// it cannot be named, which breaks: a rebinding would go unseen).
absl::StatusOr<VarPtr> CallPropertyAccessor(Translator& tx, const VarPtr& obj,
                                            const vm::Value& prop, const SourcePtr& prop_source,
                                            const std::string& name, const char* which,
                                            VarPtr value = nullptr) {
  vm::Runtime& rt = tx.state().rt;
  vm::Value fn = vm::GetAttr(rt, prop, which);
  if (fn.is_raised()) return RaisePending(tx);
  if (fn.is_none()) {
    // CPython 3.11's messages for a property without a getter or setter.
    return RaiseObserved(tx, rt.exc().attribute_error,
                         std::string(which) == "fget"
                             ? absl::StrCat("property '", name, "' has no getter")
                             : absl::StrCat("can't set attribute '", name, "'"));
  }
  if (rt.TypeOf(fn) != rt.types().function) {
    return tx.Break("Unsupported: descriptor attribute", name,
                    "Dynamo in wick traces properties whose accessors are Python functions "
                    "only.");
  }
  if (prop_source == nullptr) {
    return tx.Break("Unsupported: class attribute without a source", name,
                    "Dynamo in wick cannot guard on the class this property is read from.");
  }
  ASSIGN_OR_RETURN(VarPtr f, WrapGuardingPath(tx, fn, Source::Attr(prop_source, which)));
  std::vector<VarPtr> args{obj};
  if (value != nullptr) args.push_back(std::move(value));
  return Call(tx, f, std::move(args), {});
}

bool IsProperty(vm::Runtime& rt, const vm::Value* a) {
  return a != nullptr && a->is_object() && rt.TypeOf(*a) == rt.types().property;
}

}  // namespace

absl::StatusOr<VarPtr> GetAttr(Translator& tx, const VarPtr& obj, const std::string& name) {
  TraceState& st = tx.state();
  vm::Runtime& rt = st.rt;
  auto sub = [&](const std::string& attr) {
    return obj->source ? Source::Attr(obj->source, attr) : nullptr;
  };
  switch (obj->kind) {
    case VarKind::kTensor: {
      if (obj->scalar_item) {  // a Python number held in the graph: its attributes
        if (!obj->float_input) {
          return tx.Break("Unsupported: attribute of a captured scalar", name,
                          "Dynamo in wick does not read attributes of the number "
                          "Tensor.item() gave inside the graph.");
        }
        SpecializeVar(tx, obj);  // a float input: its value, guarded
        return GetAttr(tx, obj, name);
      }
      if (name == "shape") return SizeOf(st, obj);
      if (name == "ndim") return MakeConstant(vm::Value::Int(obj->meta.sizes.size()));
      if (name == "dtype") return MakeConstant(vm::DTypeObject(rt, obj->meta.dtype));
      if (name == "requires_grad") return MakeConstant(vm::Value::Bool(obj->meta.requires_grad));
      if (name == "mT") {
        return CallTensorOp(tx, "transpose", {obj, MakeConstant(vm::Value::Int(-2)),
                                               MakeConstant(vm::Value::Int(-1))},
                            {}, graph::CallStyle::kMethod, "transpose");
      }
      if (name == "T" && obj->meta.sizes.size() <= 2) {
        return CallTensorOp(tx, "t", {obj}, {}, graph::CallStyle::kMethod, "t");
      }
      if (name == "is_leaf" || name == "grad" || name == "grad_fn") {
        // Autograd state lives on the eager tensor (tensor/autograd): read it there.
        return tx.Break("Unsupported Tensor attribute", "Tensor." + name,
                        "Dynamo in wick reads autograd state (.grad, .grad_fn, .is_leaf) "
                        "outside the graph.");
      }
      if (name == "device") return MakeConstant(vm::CpuDeviceObject(rt));
      if (name == "is_cuda") return MakeConstant(vm::Value::Bool(false));
      if (name == "T" || name == "data") {
        return tx.Break("Unsupported Tensor attribute", "Tensor." + name,
                        "Dynamo in wick does not trace this tensor attribute yet.");
      }
      vm::Type* type = TypeOfVar(st, *obj);
      if (type != nullptr && type->Lookup(name) == nullptr) {
        // Not a method: an instance attribute of an input tensor, or AttributeError (so
        // getattr(t, "count", None) is None, as in eager).
        if (obj->value.is_object()) {
          if (type->is_heap()) {
            return tx.Break("Unsupported Tensor attribute", "Tensor." + name,
                            "Dynamo in wick does not read attributes of Tensor subclasses.");
          }
          vm::Value a = vm::GetAttr(rt, obj->value, name);  // a builtin type: no user code
          if (a.is_raised()) return RaisePending(tx);
          return Wrap(tx, a, sub(name));
        }
        return RaiseObserved(tx, rt.exc().attribute_error,
                             absl::StrCat("'", type->name(), "' object has no attribute '", name, "'"));
      }
      VarPtr m = MakeVar(VarKind::kBoundMethod);
      m->self = obj;
      m->func = MakeConstant(rt.NewStr(name));  // a Tensor method by name (calls.cc)
      return m;
    }
    case VarKind::kObject: break;
    case VarKind::kSuper: return SuperGetAttr(tx, obj, name);
    case VarKind::kPartial:
      if (name == "func") return obj->func;
      if (name == "args") return MakeSequence(VarKind::kTuple, obj->items);
      if (name == "keywords") {
        VarPtr d = MakeSequence(VarKind::kDict, obj->kwdefaults->items);
        d->keys = obj->kwdefaults->keys;
        return d;
      }
      return tx.Break("Unsupported attribute access", "functools.partial." + name,
                      "Dynamo in wick reads func, args and keywords of a partial only.");
    case VarKind::kNewObject: {
      for (size_t i = 0; i < obj->keys.size(); ++i) {
        if (obj->keys[i].as<vm::Str>()->view() == name) return obj->items[i];
      }
      const vm::Value* a = obj->value.as<vm::Type>()->Lookup(name);
      if (a == nullptr) {
        return RaiseObserved(tx, rt.exc().attribute_error,
                             absl::StrCat("'", obj->value.as<vm::Type>()->name(),
                                          "' object has no attribute '", name, "'"));
      }
      if (IsProperty(rt, a)) {
        return CallPropertyAccessor(
            tx, obj, *a, obj->class_source ? Source::Attr(obj->class_source, name) : nullptr,
            name, "fget");
      }
      bool is_function = rt.TypeOf(*a) == rt.types().function;
      if (!is_function && a->is_object() && rt.TypeOf(*a)->slots().descr_get != nullptr) {
        return tx.Break("Unsupported: descriptor attribute", name,
                        "Dynamo in wick does not trace properties or other descriptors yet.");
      }
      ASSIGN_OR_RETURN(VarPtr attr, WrapClassAttr(tx, *a, obj->class_source, obj->value, name));
      if (!is_function) return attr;
      VarPtr m = MakeVar(VarKind::kBoundMethod);
      m->self = obj;
      m->func = std::move(attr);
      return m;
    }
    case VarKind::kFunction:
      if (name == "__name__" && !obj->value.is_none()) {
        return MakeConstant(obj->value.as<vm::Function>()->name);
      }
      return tx.Break("Unsupported function attribute", name,
                      "Dynamo in wick does not trace this function attribute.");
    case VarKind::kConstant: {
      // Attributes of constants (dtype.is_floating_point, str methods) read through
      // the VM: constants are builtin objects, so this runs no user code.
      vm::Value a = vm::GetAttr(rt, obj->value, name);
      if (a.is_raised()) return RaisePending(tx);
      vm::Type* at = rt.TypeOf(a);
      if (at != rt.types().bound_method && at != rt.types().builtin_function) {
        return MakeConstant(std::move(a));
      }
      VarPtr m = MakeVar(VarKind::kBoundMethod);
      m->self = obj;
      m->func = MakeConstant(rt.NewStr(name));
      return m;
    }
    case VarKind::kTuple:
      if (obj->tuple_type.is_object()) {  // torch.return_types: a field by name
        vm::Type* tt = obj->tuple_type.as<vm::Type>();
        const std::vector<std::string>* fields = vm::ReturnTypeFields(rt, tt);
        for (size_t i = 0; fields != nullptr && i < fields->size() && i < obj->items.size(); ++i) {
          if ((*fields)[i] == name) return obj->items[i];
        }
        if (const vm::Tuple* nt = NamedTupleFields(rt, tt)) {
          // A namedtuple: a field (the class's property for it) is its item; a method
          // of the class is a user function, inlined with the tuple as self.
          const vm::Value* cls_attr = tt->Lookup(name);
          for (size_t i = 0; i < nt->items.size() && i < obj->items.size(); ++i) {
            if (rt.IsStr(nt->items[i]) && nt->items[i].as<vm::Str>()->view() == name &&
                cls_attr != nullptr && rt.TypeOf(*cls_attr) == rt.types().property) {
              return obj->items[i];
            }
          }
          if (cls_attr != nullptr && rt.TypeOf(*cls_attr) == rt.types().function) {
            VarPtr m = MakeVar(VarKind::kBoundMethod);
            m->self = obj;
            ASSIGN_OR_RETURN(m->func, WrapGuardingPath(tx, *cls_attr, sub(name)));
            return m;
          }
          if (cls_attr != nullptr && (rt.TypeOf(*cls_attr) == rt.types().staticmethod ||
                                      rt.TypeOf(*cls_attr) == rt.types().classmethod)) {
            // A staticmethod is its function; a classmethod binds the class.
            vm::Value f = vm::GetAttr(rt, *cls_attr, "__func__");
            if (f.is_raised()) return RaisePending(tx);
            SourcePtr fs = obj->source ? Source::Attr(sub(name), "__func__") : nullptr;
            ASSIGN_OR_RETURN(VarPtr func, WrapGuardingPath(tx, f, fs));
            if (rt.TypeOf(*cls_attr) == rt.types().staticmethod) return func;
            VarPtr m = MakeVar(VarKind::kBoundMethod);
            m->self = MakeConstant(obj->tuple_type);
            m->func = std::move(func);
            return m;
          }
          if (cls_attr != nullptr && rt.TypeOf(*cls_attr)->slots().descr_get != nullptr &&
              rt.TypeOf(*cls_attr) != rt.types().builtin_function) {
            return tx.Break("Unsupported: descriptor attribute", name,
                            "Dynamo in wick does not trace properties or other descriptors "
                            "of namedtuple classes yet.");
          }
          if (cls_attr != nullptr && rt.TypeOf(*cls_attr)->slots().descr_get == nullptr &&
              (rt.IsTuple(*cls_attr) || rt.IsStr(*cls_attr) || cls_attr->is_none() ||
               rt.IsInstance(*cls_attr, rt.types().dict))) {
            // Class data the namedtuple factory made (_fields, _field_defaults): values.
            if (rt.IsInstance(*cls_attr, rt.types().dict)) {
              return WrapGuardingPath(tx, *cls_attr, sub(name));
            }
            return MakeConstant(*cls_attr);
          }
        }
      }
      [[fallthrough]];
    default: {
      // Methods of traced containers (list.append, dict.items); a name the class lacks
      // raises AttributeError as eager does (getattr(xs, "shape", None) is None).
      if (vm::Type* t = TypeOfVar(st, *obj); t != nullptr && t->Lookup(name) == nullptr) {
        return RaiseObserved(tx, rt.exc().attribute_error,
                             absl::StrCat("'", t->name(), "' object has no attribute '", name, "'"));
      }
      VarPtr m = MakeVar(VarKind::kBoundMethod);
      m->self = obj;
      m->func = MakeConstant(rt.NewStr(name));
      return m;
    }
  }
  const vm::Value& v = obj->value;
  vm::Type* type = rt.TypeOf(v);
  // A module's attribute: its dict.
  if (type == rt.types().module) {
    vm::Dict* globals = v.as<vm::Module>()->dict;
    for (auto it = st.global_stores.rbegin(); it != st.global_stores.rend(); ++it) {
      if (it->globals == globals && it->name == name) return it->value;  // stored in the trace
    }
    const vm::Value* a = globals->GetStr(name);
    if (a == nullptr) {
      return tx.Break("Unsupported: missing module attribute", name,
                      "Dynamo could not find the attribute on the module.");
    }
    // torch's own modules and math are wick's (native or prelude): their attributes are
    // not guarded, as upstream does not guard torch.* functions.
    const std::string& mod = v.as<vm::Module>()->name;
    bool library = mod == "torch" || mod.rfind("torch.", 0) == 0 || mod == "math";
    return Wrap(tx, *a, library ? nullptr : sub(name));
  }
  // An instance: pending stores, the instance dict, nn.Module stores, then the class.
  if (type->layout() == vm::Layout::kObject) {
    for (auto it = st.attr_stores.rbegin(); it != st.attr_stores.rend(); ++it) {
      if (it->target == obj && it->name == name) return it->value;
    }
    const vm::Value* cls_attr = type->Lookup(name);
    if (IsProperty(rt, cls_attr)) {  // a data descriptor: before the instance dict
      return CallPropertyAccessor(
          tx, obj, *cls_attr,
          obj->source ? Source::Attr(Source::Attr(obj->source, "__class__"), name) : nullptr,
          name, "fget");
    }
    vm::Dict* d = v.as<vm::Instance>()->dict;
    if (d != nullptr) {
      if (const vm::Value* a = d->GetStr(name)) return Wrap(tx, *a, sub(name));
    }
    if (cls_attr == nullptr && IsNNModule(st, v) && d != nullptr) {
      for (const char* store : {"_parameters", "_buffers", "_modules"}) {
        const vm::Value* s = d->GetStr(store);
        if (s == nullptr || !rt.IsInstance(*s, rt.types().dict)) continue;
        if (const vm::Value* a = s->as<vm::Dict>()->GetStr(name)) {
          SourcePtr src = obj->source ? Source::StrItem(Source::Attr(obj->source, store), name)
                                      : nullptr;
          return Wrap(tx, *a, src);
        }
      }
    }
    if (cls_attr != nullptr) {
      if (rt.TypeOf(*cls_attr) == rt.types().function) {
        // Guarded through the instance (L['obj'].method resolves through the type), so
        // rebinding the method on the class recompiles.
        VarPtr m = MakeVar(VarKind::kBoundMethod);
        m->self = obj;
        ASSIGN_OR_RETURN(m->func, WrapGuardingPath(tx, *cls_attr, sub(name)));
        return m;
      }
      // A method decorated with @torch.no_grad() & co. while that mode is already on
      // (the mode is guarded): the decorator changes nothing, so its function is the
      // method. Under the other mode the call would switch it: that breaks below.
      bool wrapper_mode = false;
      if (const vm::Value* wrapped = vm::GradWrapperFunction(rt, *cls_attr, &wrapper_mode);
          wrapped != nullptr && wrapper_mode == st.grad_enabled &&
          rt.TypeOf(*wrapped) == rt.types().function) {
        VarPtr m = MakeVar(VarKind::kBoundMethod);
        m->self = obj;
        SourcePtr ws = obj->source ? Source::Attr(sub(name), "__wrapped__") : nullptr;
        ASSIGN_OR_RETURN(m->func, WrapGuardingPath(tx, *wrapped, ws));
        return m;
      }
      if (cls_attr->is_object() && rt.TypeOf(*cls_attr)->slots().descr_get != nullptr) {
        return tx.Break("Unsupported: descriptor attribute", name,
                        "Dynamo in wick does not trace properties or other descriptors yet.");
      }
      return WrapGuardingPath(tx, *cls_attr, sub(name));
    }
    return RaiseObserved(tx, rt.exc().attribute_error,
                         absl::StrCat("'", type->name(), "' object has no attribute '", name, "'"));
  }
  // A class: its dict along the base chain (functions stay plain functions).
  if (type == rt.types().type || v.object()->type()->IsSubtypeOf(rt.types().type)) {
    // A user metaclass's data descriptor (a property on the metaclass) wins over the
    // class's own attributes; the interpreter reads those.
    if (type->is_heap()) {
      const vm::Value* m = type->Lookup(name);
      if (m != nullptr && rt.TypeOf(*m)->slots().descr_set != nullptr) {
        return tx.Break("Unsupported attribute access", absl::StrCat(type->name(), ".", name),
                        "Dynamo in wick does not trace metaclass descriptors.");
      }
    }
    if (name == "__name__" || name == "__qualname__") {
      // The class's own name (a slot of the type, not in its dict): constant for the
      // class the frame holds (guarded like the class itself).
      vm::Value n = vm::GetAttr(rt, v, name);
      if (n.is_raised()) return RaisePending(tx);
      return MakeConstant(std::move(n));
    }
    const vm::Value* a = v.as<vm::Type>()->Lookup(name);
    if (a != nullptr && (rt.TypeOf(*a)->slots().descr_get == nullptr ||
                         rt.TypeOf(*a) == rt.types().function)) {
      return WrapClassAttr(tx, *a, obj->source, v, name);
    }
    // A classmethod binds the class; a staticmethod is its function. Both are read
    // (and guarded) through their __func__; a class the trace reached without a source
    // (another module's global read by a function that has none) is read unguarded, as
    // its plain functions are above.
    if (a != nullptr &&
        (rt.TypeOf(*a) == rt.types().classmethod || rt.TypeOf(*a) == rt.types().staticmethod)) {
      vm::Value fn = vm::GetAttr(rt, *a, "__func__");
      if (fn.is_raised()) return RaisePending(tx);
      if (rt.TypeOf(fn) == rt.types().function) {
        SourcePtr fs = obj->source != nullptr ? Source::Attr(sub(name), "__func__") : nullptr;
        ASSIGN_OR_RETURN(VarPtr f, WrapGuardingPath(tx, fn, fs));
        if (rt.TypeOf(*a) == rt.types().staticmethod) return f;
        VarPtr m = MakeVar(VarKind::kBoundMethod);
        m->self = obj;
        m->func = std::move(f);
        return m;
      }
    }
    if (a != nullptr && !v.as<vm::Type>()->is_heap()) {
      // A builtin class's own attribute (object.__setattr__, dict.fromkeys): read
      // through the VM, which runs no user code, and never rebound.
      vm::Value got = vm::GetAttr(rt, v, name);
      if (got.is_raised()) return RaisePending(tx);
      return Wrap(tx, got, nullptr);
    }
  }
  return tx.Break("Unsupported attribute access", absl::StrCat(type->name(), ".", name),
                  "Dynamo in wick does not trace this attribute read.");
}

absl::Status SetAttr(Translator& tx, const VarPtr& obj, const std::string& name, VarPtr v) {
  TraceState& st = tx.state();
  vm::Runtime& rt = st.rt;
  if (obj->kind == VarKind::kNewObject) {
    // type(obj).__setattr__ when the class defines one, then a data descriptor of the
    // class (a property's setter), then the instance dict: object.__setattr__'s order.
    vm::Type* type = obj->value.as<vm::Type>();
    const vm::Value* hook = type->Lookup("__setattr__");
    if (hook != nullptr && rt.TypeOf(*hook) == rt.types().function) {
      ASSIGN_OR_RETURN(VarPtr f, WrapClassAttr(tx, *hook, obj->class_source, obj->value,
                                               "__setattr__"));
      ASSIGN_OR_RETURN(VarPtr r, Call(tx, f, {obj, MakeConstant(rt.NewStr(name)), std::move(v)},
                                      {}));
      (void)r;
      return absl::OkStatus();
    }
    if (hook != nullptr && hook->is_object() && !hook->Is(*rt.types().object->Lookup("__setattr__"))) {
      return tx.Break("Unsupported attribute store", absl::StrCat(type->name(), ".", name),
                      "Dynamo in wick does not trace this class's __setattr__.");
    }
    const vm::Value* d = type->Lookup(name);
    if (IsProperty(rt, d)) {
      ASSIGN_OR_RETURN(VarPtr r, CallPropertyAccessor(
                                     tx, obj, *d,
                                     obj->class_source ? Source::Attr(obj->class_source, name)
                                                       : nullptr,
                                     name, "fset", std::move(v)));
      (void)r;
      return absl::OkStatus();
    }
    if (d != nullptr && d->is_object() && rt.TypeOf(*d)->slots().descr_set != nullptr) {
      return tx.Break("Unsupported: descriptor attribute", name,
                      "Dynamo in wick does not trace stores through this descriptor.");
    }
    return SetAttrRaw(tx, obj, name, std::move(v));
  }
  if (obj->kind == VarKind::kObject && obj->value.is_object() &&
      rt.TypeOf(obj->value) == rt.types().module) {
    // `mod.x = v` is a store to mod's globals: buffered with STORE_GLOBALs, so that
    // mod's functions and later reads of mod.x in the trace see it.
    st.global_stores.push_back({name, std::move(v), obj->value.as<vm::Module>()->dict});
    return absl::OkStatus();
  }
  if (obj->kind == VarKind::kObject && obj->value.is_object() &&
      rt.TypeOf(obj->value)->layout() == vm::Layout::kObject && !IsNNModule(st, obj->value)) {
    // An existing instance: stores are buffered and replayed with setattr after the
    // graph, and reads in between see the buffered value. That holds only for plain
    // instance-dict stores.
    vm::Type* type = rt.TypeOf(obj->value);
    const vm::Value* hook = type->Lookup("__setattr__");
    const vm::Value* d = type->Lookup(name);
    if ((hook != nullptr && !hook->Is(*rt.types().object->Lookup("__setattr__"))) ||
        (d != nullptr && d->is_object() && rt.TypeOf(*d)->slots().descr_set != nullptr)) {
      return tx.Break("Unsupported attribute store", absl::StrCat(type->name(), ".", name),
                      "Dynamo in wick does not trace stores through __setattr__ or a data "
                      "descriptor on an existing object.");
    }
  }
  return SetAttrRaw(tx, obj, name, std::move(v));
}

absl::Status SetAttrRaw(Translator& tx, const VarPtr& obj, const std::string& name, VarPtr v) {
  TraceState& st = tx.state();
  if (obj->kind == VarKind::kNewObject) {
    for (size_t i = 0; i < obj->keys.size(); ++i) {
      if (obj->keys[i].as<vm::Str>()->view() == name) {
        obj->items[i] = std::move(v);
        return absl::OkStatus();
      }
    }
    obj->keys.push_back(st.rt.NewStr(name));
    obj->items.push_back(std::move(v));
    return absl::OkStatus();
  }
  if (obj->kind != VarKind::kObject || obj->source == nullptr ||
      st.rt.TypeOf(obj->value)->layout() != vm::Layout::kObject) {
    return tx.Break("Unsupported attribute store", DescribeVar(st.rt, *obj),
                    "Dynamo in wick buffers attribute stores on existing instances only.");
  }
  if (IsNNModule(st, obj->value) && (v->is_tensor() || v->kind == VarKind::kObject)) {
    return tx.Break("Unsupported attribute store", "nn.Module." + name,
                    "Storing tensors or modules on an nn.Module inside the compiled region "
                    "is not traced by wick yet.");
  }
  st.attr_stores.push_back({obj, name, std::move(v)});
  return absl::OkStatus();
}

}  // namespace wick::frontend::internal
