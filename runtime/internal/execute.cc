// Running a cache entry: read each graph input from the frame by its source, run the
// compiled graph, build the frame's return value from the Rebuild tree, replay the
// buffered side effects. No bytecode of the frame runs.
#include "runtime/internal/execute.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "runtime/internal/state.h"
#include "tensor/autograd/autograd.h"
#include "tensor/copy.h"
#include "tensor/op_registry.h"
#include "vm/objects/dict.h"
#include "vm/protocol.h"
#include "vm/torch/torch.h"

namespace wick::runtime::internal {
namespace {

using frontend::Rebuild;
using frontend::SideEffect;

// A graph's outputs and the Python objects made for them: an output reached twice (a
// local and a value on the stack) is one object, as it was when traced.
struct Outputs {
  std::vector<tensor::Tensor> tensors;
  std::vector<int64_t> sym_values;  // the entry's symbols on this call (dynamic shapes)
  absl::InlinedVector<vm::Value, 4> objects;  // None until wrapped
  // The objects the trace made, by Rebuild::id, once built: reached again, they are the
  // same object (a list in a local and bound as `self` on the stack).
  absl::InlinedVector<vm::Value, 4> made;
  vm::Value Object(vm::Runtime& rt, int32_t i) {
    if (objects.size() != tensors.size()) objects.assign(tensors.size(), vm::Value::None());
    if (objects[i].is_none()) objects[i] = vm::NewTensorObject(rt, tensors[i]);
    return objects[i];
  }
  const vm::Value* Made(int32_t id) const {
    return id >= 0 && id < static_cast<int32_t>(made.size()) && !made[id].is_raised() ? &made[id]
                                                                                      : nullptr;
  }
  vm::Value Remember(int32_t id, vm::Value v) {
    if (id < 0 || v.is_raised()) return v;
    if (id >= static_cast<int32_t>(made.size())) made.resize(id + 1, vm::Value::Raised());
    made[id] = v;
    return v;
  }
  void clear() {
    tensors.clear();
    objects.clear();
    made.clear();
  }
};

vm::Value Build(vm::Runtime& rt, const Rebuild& r, Outputs& outs,
                const guards::FrameView& view);

bool BuildChildren(vm::Runtime& rt, const Rebuild& r, Outputs& outs,
                   const guards::FrameView& view, std::vector<vm::Value>* items) {
  items->reserve(r.children.size());
  for (const Rebuild& c : r.children) {
    vm::Value v = Build(rt, c, outs, view);
    if (v.is_raised()) return false;
    items->push_back(std::move(v));
  }
  return true;
}

vm::Value BuildNew(vm::Runtime& rt, const Rebuild& r, Outputs& outs,
                   const guards::FrameView& view);

vm::Value Build(vm::Runtime& rt, const Rebuild& r, Outputs& outs,
                const guards::FrameView& view) {
  if (r.id < 0) return BuildNew(rt, r, outs, view);
  if (const vm::Value* v = outs.Made(r.id)) return *v;
  return outs.Remember(r.id, BuildNew(rt, r, outs, view));
}

// `r` as a new object (or the existing one it names).
vm::Value BuildNew(vm::Runtime& rt, const Rebuild& r, Outputs& outs,
                   const guards::FrameView& view) {
  std::vector<vm::Value> items;
  switch (r.kind) {
    case Rebuild::Kind::kGraphOutput:
      if (r.index < 0 || r.index >= static_cast<int32_t>(outs.tensors.size())) {
        return rt.Raise(rt.exc().runtime_error, "wick runtime: graph output out of range");
      }
      return outs.Object(rt, r.index);
    case Rebuild::Kind::kConstant:
      return r.value;
    case Rebuild::Kind::kSymInt:
      return vm::Value::Int(sym::Eval(*r.sym, outs.sym_values));
    case Rebuild::Kind::kNull:
      return rt.Raise(rt.exc().runtime_error, "wick runtime: a NULL slot outside the stack");
    case Rebuild::Kind::kGetAttr: {
      if (!BuildChildren(rt, r, outs, view, &items)) return vm::Value::Raised();
      return vm::GetAttr(rt, items[0], r.value.as<vm::Str>());
    }
    case Rebuild::Kind::kItem: {
      if (!BuildChildren(rt, r, outs, view, &items)) return vm::Value::Raised();
      return vm::CallMethod(rt, items[0], "item", {});
    }
    case Rebuild::Kind::kFrameLocal:
      if (r.index < 0 || r.index >= view.num_locals || view.locals[r.index].is_raised()) {
        return rt.Raise(rt.exc().runtime_error, "wick runtime: a local is unbound");
      }
      return view.locals[r.index];
    case Rebuild::Kind::kFrameCell: {
      if (r.index < 0 || r.index >= view.num_cells || !view.cells[r.index].is_object() ||
          rt.TypeOf(view.cells[r.index]) != rt.types().cell) {
        return rt.Raise(rt.exc().runtime_error, "wick runtime: a closure cell is missing");
      }
      if (!r.children.empty()) {  // the frame's own cell: what the trace left in it
        if (r.children[0].kind == Rebuild::Kind::kNull) {
          view.cells[r.index].as<vm::Cell>()->value = vm::Value();
        } else {
          vm::Value contents = Build(rt, r.children[0], outs, view);
          if (contents.is_raised()) return contents;
          view.cells[r.index].as<vm::Cell>()->value = std::move(contents);
        }
      }
      return view.cells[r.index];
    }
    case Rebuild::Kind::kMakeFunction: {
      if (!BuildChildren(rt, r, outs, view, &items)) return vm::Value::Raised();
      vm::Value closure = vm::Value::None();
      if (items.size() > 2) closure = rt.NewTuple(std::vector<vm::Value>(items.begin() + 2, items.end()));
      return rt.interpreter()->NewFunction(r.value, r.globals, items[0], items[1], closure);
    }
    case Rebuild::Kind::kBoundMethod:
      if (!BuildChildren(rt, r, outs, view, &items)) return vm::Value::Raised();
      return rt.NewBoundMethod(std::move(items[0]), std::move(items[1]));
    case Rebuild::Kind::kNullContextExit: {
      vm::Value m = rt.interpreter()->ImportModule("contextlib");
      if (m.is_raised()) return m;
      vm::Value cls = vm::GetAttr(rt, m, "nullcontext");
      if (cls.is_raised()) return cls;
      vm::Value ctx = vm::Call(rt, cls, {});
      if (ctx.is_raised()) return ctx;
      return vm::GetAttr(rt, ctx, "__exit__");
    }
    case Rebuild::Kind::kGradRestore:
    case Rebuild::Kind::kNestedOffRestore:
    case Rebuild::Kind::kErrorOnGraphBreakRestore: {
      vm::Value m = rt.interpreter()->ImportModule("torch._dynamo.eval_frame");
      if (m.is_raised()) return m;
      vm::Value cls = vm::GetAttr(rt, m, r.kind == Rebuild::Kind::kGradRestore ? "_GradModeRestore"
                                         : r.kind == Rebuild::Kind::kNestedOffRestore
                                             ? "_NestedGraphBreaksRestore"
                                             : "_ErrorOnGraphBreakRestore");
      if (cls.is_raised()) return cls;
      vm::Value args[] = {r.value};
      return vm::Call(rt, cls, args);
    }
    case Rebuild::Kind::kSource: {
      const vm::Value* v = guards::Resolve(*r.source, view);
      if (v == nullptr) {
        return rt.Raise(rt.exc().runtime_error,
                        absl::StrCat("wick runtime: a returned object is no longer reachable "
                                     "at ", r.source->Name()));
      }
      return *v;
    }
    case Rebuild::Kind::kTuple:
      if (!BuildChildren(rt, r, outs, view, &items)) return vm::Value::Raised();
      if (r.value.is_object()) {
        return vm::NewReturnTuple(rt, r.value.as<vm::Type>(), std::move(items));
      }
      return rt.NewTuple(std::move(items));
    case Rebuild::Kind::kList:
      if (!BuildChildren(rt, r, outs, view, &items)) return vm::Value::Raised();
      return rt.NewList(std::move(items));
    case Rebuild::Kind::kDict: {
      if (!BuildChildren(rt, r, outs, view, &items)) return vm::Value::Raised();
      vm::Value d = rt.NewDict();
      for (size_t i = 0; i < items.size() && i < r.keys.size(); ++i) {
        if (!d.as<vm::Dict>()->Set(rt, r.keys[i], items[i])) return vm::Value::Raised();
      }
      return d;
    }
    case Rebuild::Kind::kNewObject: {
      vm::Value new_fn = vm::GetAttr(rt, vm::Value::Borrow(rt.types().object), "__new__");
      if (new_fn.is_raised()) return new_fn;
      vm::Value cls_arg[] = {r.value};
      vm::Value obj = vm::Call(rt, new_fn, cls_arg);
      if (obj.is_raised()) return obj;
      // Registered before the attributes are built: an attribute may refer back to it.
      if (r.id >= 0) outs.Remember(r.id, obj);
      if (!BuildChildren(rt, r, outs, view, &items)) return vm::Value::Raised();
      vm::Value dict = vm::GetAttr(rt, obj, "__dict__");
      if (dict.is_raised()) return dict;
      for (size_t i = 0; i < items.size() && i < r.keys.size(); ++i) {
        if (!dict.as<vm::Dict>()->Set(rt, r.keys[i], items[i])) return vm::Value::Raised();
      }
      return obj;
    }
    case Rebuild::Kind::kCall: {
      if (!BuildChildren(rt, r, outs, view, &items)) return vm::Value::Raised();
      if (items.size() < 1 + r.keys.size()) {
        return rt.Raise(rt.exc().runtime_error, "wick runtime: a call without its callable");
      }
      const size_t npos = items.size() - 1 - r.keys.size();
      std::vector<vm::Value> kw_values(items.end() - static_cast<long>(r.keys.size()), items.end());
      return vm::Call(rt, items[0], absl::MakeSpan(items).subspan(1, npos),
                      vm::KwArgs(r.keys, kw_values));
    }
    case Rebuild::Kind::kSize: {
      if (!BuildChildren(rt, r, outs, view, &items)) return vm::Value::Raised();
      std::vector<int64_t> sizes;
      for (const vm::Value& v : items) sizes.push_back(v.is_int() ? v.as_int() : 0);
      return vm::NewSizeObject(rt, sizes);
    }
  }
  return rt.Raise(rt.exc().runtime_error, "wick runtime: unknown rebuild kind");
}

// The cell a kStoreCell writes: the running frame's own cell in the slot its kCell
// source names (frontend.h says why not a cell saved at trace time).
vm::Cell* StoreCellTarget(vm::Runtime& rt, const Rebuild& target, const guards::FrameView& view) {
  const vm::Value* cell = nullptr;
  if (target.kind == Rebuild::Kind::kSource &&
      target.source->kind() == guards::Source::Kind::kCell && target.source->index() >= 0 &&
      target.source->index() < view.num_cells) {
    cell = &view.cells[target.source->index()];
  }
  if (cell == nullptr || !cell->is_object() || rt.TypeOf(*cell) != rt.types().cell) {
    rt.Raise(rt.exc().runtime_error, "wick runtime: a closure cell to write is missing");
    return nullptr;
  }
  return cell->as<vm::Cell>();
}

bool Replay(vm::Runtime& rt, const SideEffect& e, Outputs& outs,
            const guards::FrameView& view) {
  vm::Value target;
  if (e.kind == SideEffect::Kind::kCall) {
    vm::Value fn = Build(rt, e.target, outs, view);
    if (fn.is_raised()) return false;
    vm::Value args = Build(rt, e.value, outs, view);
    if (args.is_raised()) return false;
    return !vm::Call(rt, fn, args.as<vm::Tuple>()->items).is_raised();
  }
  if (e.kind != SideEffect::Kind::kStoreGlobal && e.kind != SideEffect::Kind::kStoreCell) {
    target = Build(rt, e.target, outs, view);
    if (target.is_raised()) return false;
  }
  vm::Value value;
  if (e.kind != SideEffect::Kind::kDelAttr) {
    value = Build(rt, e.value, outs, view);
    if (value.is_raised()) return false;
  }
  switch (e.kind) {
    case SideEffect::Kind::kStoreAttr:
      return vm::SetAttr(rt, target, rt.Intern(e.name), value);
    case SideEffect::Kind::kDelAttr:
      return vm::DelAttr(rt, target, rt.Intern(e.name));
    case SideEffect::Kind::kStoreGlobal: {
      vm::Dict* globals = view.globals;
      if (e.target.value.is_object()) globals = e.target.value.as<vm::Dict>();
      return globals->SetStr(rt, rt.Intern(e.name), value);
    }
    case SideEffect::Kind::kStoreCell: {
      vm::Cell* cell = StoreCellTarget(rt, e.target, view);
      if (cell == nullptr) return false;
      cell->value = std::move(value);
      return true;
    }
    case SideEffect::Kind::kReplaceList:
      return vm::SetItem(rt, target,
                         rt.NewSlice(vm::Value::None(), vm::Value::None(), vm::Value::None()),
                         value);
    case SideEffect::Kind::kCall:
      return true;  // handled above
    case SideEffect::Kind::kReplaceDict: {
      vm::Value cleared = vm::CallMethod(rt, target, "clear", {});
      if (cleared.is_raised()) return false;
      vm::Value args[] = {value};
      return !vm::CallMethod(rt, target, "update", args).is_raised();
    }
  }
  return true;
}


// A break plan's second half: the frame as it was just before the break instruction
// (kResume) or the checkpoint (kStepBreak), then the interpreter from there.
// torch._dynamo.config.nested_graph_breaks as a disable_nested_graph_breaks() block the
// trace entered or left leaves it; false after raising.
bool SetNestedConfig(vm::Runtime& rt, const frontend::FrameValues& values) {
  if (!values.nested_graph_breaks.has_value()) return true;
  vm::Value config = rt.interpreter()->ImportModule("torch._dynamo.config");
  if (config.is_raised()) return false;
  return vm::SetAttr(rt, config, rt.Intern("nested_graph_breaks"),
                     vm::Value::Bool(*values.nested_graph_breaks));
}

// Fills `state`'s locals and value stack from `values`; false after raising.
bool BuildValues(vm::Runtime& rt, const frontend::FrameValues& values,
                 Outputs& outs, const guards::FrameView& view,
                 vm::FrameState* state) {
  state->handled_exception = vm::Value::None();
  state->locals.reserve(values.locals.size());
  for (const std::optional<Rebuild>& r : values.locals) {
    if (!r.has_value()) {
      state->locals.push_back(vm::Value::Raised());
      continue;
    }
    if (r->kind == Rebuild::Kind::kFrameLocal) {  // as the running frame has it
      const bool ok = r->index >= 0 && r->index < view.num_locals;
      state->locals.push_back(ok ? view.locals[r->index] : vm::Value::Raised());
      continue;
    }
    vm::Value v = Build(rt, *r, outs, view);
    if (v.is_raised()) return false;
    state->locals.push_back(std::move(v));
  }
  for (const Rebuild& r : values.stack) {
    if (r.kind == Rebuild::Kind::kNull) {
      state->stack.push_back(vm::Value::Raised());
      continue;
    }
    vm::Value v = Build(rt, r, outs, view);
    if (v.is_raised()) return false;
    state->stack.push_back(std::move(v));
  }
  return true;
}

// An inlined frame of a nested break as a frame state: its function's code, globals and
// closure, new cells for its own cell variables.
bool BuildInlinedState(vm::Runtime& rt, const frontend::InlinedFrame& f,
                       Outputs& outs, const guards::FrameView& view,
                       vm::FrameState* state) {
  const vm::Function* fn = f.function.as<vm::Function>();
  const vm::CodeObject* code = fn->code_object();
  state->code = fn->code;
  state->function = f.function;
  state->globals = fn->globals;
  state->locals_dict = vm::Value::None();
  if (!BuildValues(rt, f.values, outs, view, state)) return false;
  for (size_t i = 0; i < code->cellvars.size(); ++i) {
    vm::Value contents = vm::Value::Raised();
    if (i < f.cellvars.size() && f.cellvars[i].has_value()) {
      contents = Build(rt, *f.cellvars[i], outs, view);
      if (contents.is_raised()) return false;
    }
    state->cells.push_back(rt.NewCell(std::move(contents)));
  }
  if (rt.IsTuple(fn->closure)) {
    for (const vm::Value& c : fn->closure.as<vm::Tuple>()->items) state->cells.push_back(c);
  }
  return true;
}

// kNested: the innermost frame runs its breaking instruction; what is left of it comes
// back as a vm::Continuation (RuntimeState::OnContinuation), and so does each caller's rest
// after its CALL, each standing on its caller's stack for the value it will return, up
// to the top frame, which continues as a resume entry that traces the whole chain into
// one graph (upstream's chain of nested resume functions). A caller that only returns
// the value gets no continuation of its own. Frames with closure cells continue at once.
vm::Value ContinueNested(vm::Interpreter& interp, std::vector<vm::FrameState> states,
                         vm::Value step_code, int32_t leaf_offset) {
  RuntimeState& runtime = State(interp.runtime());
  vm::FrameState& leaf = states.back();
  leaf.offset = leaf_offset;
  const bool step = step_code.is_none();  // kNestedStep: the rest of the leaf is eager
  if (!step) leaf.code = std::move(step_code);
  vm::Value r = interp.Continue(leaf, /*consult_hook=*/!step);
  for (size_t i = states.size() - 1; i-- > 0;) {
    if (r.is_raised()) return r;
    vm::FrameState& s = states[i];
    const vm::CodeObject* code = s.code.as<vm::CodeObject>();
    if (i > 0 && code->code[s.offset].op == vm::Opcode::RETURN_VALUE) continue;
    s.stack.push_back(std::move(r));
    r = i > 0 ? runtime.OnContinuation(interp, std::move(s)) : interp.Continue(s);
  }
  return r;
}

vm::Value ContinueFrame(vm::Interpreter& interp, const vm::Frame& frame, const CacheEntry& entry,
                        Outputs& outs, const guards::FrameView& view) {
  vm::Runtime& rt = interp.runtime();
  vm::FrameState state;
  state.code = vm::Value::Borrow(frame.code);
  state.function = frame.function != nullptr ? vm::Value::Borrow(frame.function) : vm::Value::None();
  state.globals = vm::Value::Borrow(frame.globals);
  state.locals_dict = frame.locals_dict;
  if (!BuildValues(rt, entry.frame, outs, view, &state)) return vm::Value::Raised();
  state.cells.assign(frame.cells, frame.cells + frame.code->num_cells());
  for (size_t i = 0; i < entry.frame.cells.size() && i < state.cells.size(); ++i) {
    if (!entry.frame.cells[i].has_value()) continue;
    vm::Value v = Build(rt, *entry.frame.cells[i], outs, view);
    if (v.is_raised()) return v;
    state.cells[i].as<vm::Cell>()->value = std::move(v);
  }
  std::vector<vm::FrameState> nested_states;
  const bool nested =
      entry.plan == CacheEntry::Plan::kNested || entry.plan == CacheEntry::Plan::kNestedStep;
  if (nested) {
    state.offset = entry.offset + 1;
    nested_states.push_back(std::move(state));
    for (size_t i = 0; i < entry.inlined.size(); ++i) {
      vm::FrameState s;
      if (!BuildInlinedState(rt, entry.inlined[i], outs, view, &s)) return vm::Value::Raised();
      s.offset = entry.inlined[i].instruction + 1;
      nested_states.push_back(std::move(s));
    }
  }
  for (const SideEffect& e : entry.side_effects) {
    if (!Replay(rt, e, outs, view)) return vm::Value::Raised();
  }
  outs.clear();  // the graph's outputs live on in the frame only
  vm::SetGradModeEnabled(rt, entry.frame.grad_enabled);
  State(rt).error_on_graph_break = entry.frame.error_on_graph_break;
  if (!SetNestedConfig(rt, entry.frame)) return vm::Value::Raised();
  if (!nested_states.empty()) {
    return ContinueNested(interp, std::move(nested_states), entry.step_code, entry.leaf_offset);
  }
  state.offset = entry.offset;
  if (entry.plan == CacheEntry::Plan::kStepBreak) return interp.Continue(state, false);
  // The entry may be dropped (torch._dynamo.reset()) while the rest of the frame runs:
  // nothing of it is used after this point.
  state.code = entry.step_code;
  return interp.Continue(state);
}

// Grad mode on and a graph input requiring grad: the outputs need a grad_fn.
bool NeedsGraphAutograd(const CacheEntry& entry, absl::Span<const tensor::Tensor> inputs) {
  if (entry.eager_for_grad == nullptr || entry.compiled->records_autograd() ||
      !tensor::autograd::GradModeEnabled()) {
    return false;
  }
  for (const tensor::Tensor& t : inputs) {
    if (t.requires_grad()) return true;
  }
  return false;
}

// The graph with autograd (upstream: an autograd.Function per graph, whose backward is
// the compiled backward graph). This first design runs the graph on the eager backend
// over detached inputs with recording on, and hands out outputs whose grad_fn is one
// CompiledFunctionBackward node; its backward back-propagates through the recorded
// graph to the detached inputs. Gradients equal eager's; a joint traced
// forward/backward graph through the backend is a later step.
absl::StatusOr<std::vector<tensor::Tensor>> RunWithAutograd(
    const CacheEntry& entry, absl::Span<const tensor::Tensor> inputs) {
  namespace ag = tensor::autograd;
  std::vector<tensor::Tensor> inner_inputs;
  for (const tensor::Tensor& t : inputs) {
    tensor::Tensor d = ag::Detach(t);
    if (t.requires_grad()) RETURN_IF_ERROR(ag::SetRequiresGrad(d, true));
    inner_inputs.push_back(std::move(d));
  }
  ASSIGN_OR_RETURN(std::vector<tensor::Tensor> inner, entry.eager_for_grad->Run(inner_inputs));
  std::vector<tensor::Tensor> outputs;
  for (const tensor::Tensor& o : inner) outputs.push_back(o.defined() ? ag::Detach(o) : o);
  // What the backward needs: the recorded outputs and the inputs they lead back to.
  struct Saved {
    std::vector<tensor::Tensor> inner_outputs, inner_inputs;
  };
  auto saved = std::make_shared<Saved>(Saved{inner, inner_inputs});
  auto backward = [saved](std::vector<tensor::Tensor> grads)
      -> absl::StatusOr<std::vector<tensor::Tensor>> {
    std::vector<tensor::Tensor> outs, gs, ins;
    for (size_t i = 0; i < saved->inner_outputs.size() && i < grads.size(); ++i) {
      const tensor::Tensor& o = saved->inner_outputs[i];
      if (!o.defined() || !o.requires_grad() || !grads[i].defined()) continue;
      outs.push_back(o);
      gs.push_back(grads[i]);
    }
    std::vector<size_t> slots;
    for (size_t i = 0; i < saved->inner_inputs.size(); ++i) {
      if (!saved->inner_inputs[i].requires_grad()) continue;
      ins.push_back(saved->inner_inputs[i]);
      slots.push_back(i);
    }
    std::vector<tensor::Tensor> result(saved->inner_inputs.size());
    if (outs.empty() || ins.empty()) return result;
    ASSIGN_OR_RETURN(std::vector<tensor::Tensor> got,
                     ag::Grad(outs, gs, ins, /*retain_graph=*/true, /*create_graph=*/false,
                              /*allow_unused=*/true));
    for (size_t k = 0; k < slots.size(); ++k) result[slots[k]] = got[k];
    return result;
  };
  auto release = [saved] { *saved = Saved(); };
  auto node = std::make_shared<ag::FunctionNode>("CompiledFunctionBackward", backward, release);
  std::vector<bool> non_differentiable;
  for (const tensor::Tensor& o : inner) non_differentiable.push_back(!o.defined() || !o.requires_grad());
  ag::RecordFunction(node, std::vector<tensor::Tensor>(inputs.begin(), inputs.end()), outputs,
                     non_differentiable);
  return outputs;
}

// `t` with the geometry `meta` records (the compiled backward was made for it): itself
// when it has it, else a copy laid out that way.
absl::StatusOr<tensor::Tensor> Conform(const tensor::Tensor& t, const graph::TensorMeta& m) {
  if (t.dtype() == m.dtype && std::equal(t.sizes().begin(), t.sizes().end(), m.sizes.begin(),
                                         m.sizes.end()) &&
      std::equal(t.strides().begin(), t.strides().end(), m.strides.begin(), m.strides.end())) {
    return t;
  }
  ASSIGN_OR_RETURN(tensor::Tensor out, tensor::Tensor::EmptyStrided(m.sizes, m.strides, m.dtype));
  RETURN_IF_ERROR(tensor::CopyInto(out, t));
  return out;
}

// The graph under AOT autograd: the compiled forward (user outputs, then the values the
// backward reads), with one CompiledFunctionBackward node whose backward runs the
// compiled backward graph on the saved values and the output gradients.
absl::StatusOr<std::vector<tensor::Tensor>> RunAot(std::shared_ptr<const AotCompiled> aot,
                                                   absl::Span<const tensor::Tensor> inputs) {
  namespace ag = tensor::autograd;
  std::vector<tensor::Tensor> all;
  {
    ag::GradModeGuard off(false);
    ASSIGN_OR_RETURN(all, aot->forward->Run(inputs));
  }
  const size_t n = static_cast<size_t>(aot->num_user_outputs);
  const size_t num_tangents =
      std::count(aot->differentiable.begin(), aot->differentiable.end(), true);
  if (all.size() < n || all.size() - n + num_tangents != aot->backward_inputs.size()) {
    return absl::InternalError("wick runtime: the compiled forward returned the wrong count");
  }
  std::vector<tensor::Tensor> outputs;
  for (size_t i = 0; i < n; ++i) outputs.push_back(ag::Detach(all[i]));
  struct Saved {
    std::vector<tensor::Tensor> values;
    std::vector<uint64_t> versions;
  };
  auto saved = std::make_shared<Saved>();
  for (size_t i = n; i < all.size(); ++i) {
    saved->versions.push_back(all[i].version());
    saved->values.push_back(std::move(all[i]));
  }
  const size_t num_inputs = inputs.size();
  auto backward = [aot, saved, num_inputs](std::vector<tensor::Tensor> grads)
      -> absl::StatusOr<std::vector<tensor::Tensor>> {
    std::vector<tensor::Tensor> args;
    for (size_t i = 0; i < saved->values.size(); ++i) {
      RETURN_IF_ERROR(ag::CheckSavedVersion(saved->values[i], saved->versions[i]));
      ASSIGN_OR_RETURN(tensor::Tensor v, Conform(saved->values[i], aot->backward_inputs[i]));
      args.push_back(std::move(v));
    }
    for (size_t i = 0; i < aot->differentiable.size(); ++i) {
      if (!aot->differentiable[i]) continue;
      const graph::TensorMeta& m = aot->backward_inputs[args.size()];
      tensor::Tensor g = i < grads.size() ? grads[i] : tensor::Tensor();
      if (!g.defined()) {  // the engine zero-fills; a direct call may not
        ASSIGN_OR_RETURN(tensor::Value z,
                         tensor::OpRegistry::Global().Call("zeros", {tensor::Value(m.sizes)},
                                                           {{"dtype", m.dtype}}));
        g = z.to_tensor();
      }
      ASSIGN_OR_RETURN(g, Conform(g, m));
      args.push_back(std::move(g));
    }
    std::vector<tensor::Tensor> got;
    {
      ag::GradModeGuard off(false);
      ASSIGN_OR_RETURN(got, aot->backward->Run(args));
    }
    std::vector<tensor::Tensor> result(num_inputs);
    for (size_t k = 0; k < got.size() && k < aot->grad_inputs.size(); ++k) {
      result[aot->grad_inputs[k]] = std::move(got[k]);
    }
    if (ag::GradModeEnabled()) {
      // create_graph: the gradients get a node of their own that refuses a second
      // differentiation, as upstream's CompiledFunctionBackward does.
      auto refuse = [](std::vector<tensor::Tensor>) -> absl::StatusOr<std::vector<tensor::Tensor>> {
        return RuntimeError(
            "torch.compile with aot_autograd does not currently support double backward");
      };
      ag::RecordFunction(
          std::make_shared<ag::FunctionNode>("CompiledFunctionBackwardBackward", refuse), args,
          result);
    }
    return result;
  };
  auto release = [saved] { *saved = Saved(); };
  auto node = std::make_shared<ag::FunctionNode>("CompiledFunctionBackward", backward, release);
  std::vector<bool> non_differentiable;
  for (bool d : aot->differentiable) non_differentiable.push_back(!d);
  ag::RecordFunction(node, std::vector<tensor::Tensor>(inputs.begin(), inputs.end()), outputs,
                     non_differentiable);
  return outputs;
}

}  // namespace

absl::Status GraphInputs(vm::Runtime& rt, const std::vector<guards::SourcePtr>& sources,
                         const guards::FrameView& view, GraphInputList* out) {
  out->clear();
  out->reserve(sources.size());
  for (const guards::SourcePtr& s : sources) {
    const vm::Value* v = guards::Resolve(*s, view);
    // Symbolic Python numbers (dynamic shapes) enter the graph as 0-dim tensors.
    if (v != nullptr && v->is_int()) {
      out->push_back(tensor::Tensor::FromScalar(tensor::Scalar(v->as_int()),
                                                tensor::DType::kInt64));
      continue;
    }
    if (v != nullptr && v->is_float()) {
      out->push_back(tensor::Tensor::FromScalar(tensor::Scalar(v->as_float()),
                                                tensor::DType::kFloat64, true));
      continue;
    }
    if (v == nullptr || vm::TensorOfObject(rt, *v) == nullptr) {
      return absl::InternalError("wick runtime: a graph input is not a tensor (guards missed it)");
    }
    out->push_back(vm::TensorOfTensorObject(*v));
  }
  return absl::OkStatus();
}

vm::Value RunEntry(vm::Interpreter& interp, const vm::Frame& frame, CacheEntry& entry,
                   const guards::FrameView& view) {
  vm::Runtime& rt = interp.runtime();
  GraphInputList inputs;
  if (absl::Status s = GraphInputs(rt, entry.inputs, view, &inputs); !s.ok()) {
    return rt.Raise(rt.exc().runtime_error, s.message());
  }
  // Symbol values as the frame has them now, before anything runs.
  std::vector<int64_t> sym_values;
  for (const guards::ShapeSymbols::Binding& b : entry.symbols) {
    const vm::Value* v = guards::Resolve(*b.source, view);
    int64_t x = 0;
    if (v != nullptr && b.dim < 0 && v->is_int()) {
      x = v->as_int();
    } else if (v != nullptr && b.dim >= 0 && vm::TensorOfObject(rt, *v) != nullptr &&
               b.dim < vm::TensorOfTensorObject(*v).dim()) {
      x = vm::TensorOfTensorObject(*v).sizes()[b.dim];
    } else {
      return rt.Raise(rt.exc().runtime_error,
                      "wick runtime: a symbol's source is gone (guards missed it)");
    }
    sym_values.push_back(x);
  }
  absl::StatusOr<std::vector<tensor::Tensor>> ran =
      entry.compiled == nullptr ? absl::StatusOr<std::vector<tensor::Tensor>>(
                                      std::vector<tensor::Tensor>())
      : entry.run_recorded && entry.eager_for_grad != nullptr &&
              !entry.compiled->records_autograd() && tensor::autograd::GradModeEnabled()
          ? entry.eager_for_grad->Run(inputs)
      : !NeedsGraphAutograd(entry, inputs) ? entry.compiled->Run(inputs)
      : entry.aot != nullptr                ? RunAot(entry.aot, inputs)
                                            : RunWithAutograd(entry, inputs);
  if (!ran.ok()) {
    if (rt.HasPending()) return vm::Value::Raised();  // a Python backend raised
    return rt.RaiseStatus(ran.status());
  }
  Outputs outs;
  outs.tensors = *std::move(ran);
  outs.sym_values = std::move(sym_values);
  if (entry.plan != CacheEntry::Plan::kReturn) return ContinueFrame(interp, frame, entry, outs, view);
  // A resume entry may start inside a grad-mode or error_on_graph_break `with` and
  // leave it.
  if (entry.frame.grad_enabled != vm::GradModeEnabled(rt)) {
    vm::SetGradModeEnabled(rt, entry.frame.grad_enabled);
  }
  if (entry.frame.error_on_graph_break_changed) {
    State(rt).error_on_graph_break = entry.frame.error_on_graph_break;
  }
  if (!SetNestedConfig(rt, entry.frame)) return vm::Value::Raised();
  vm::Value result = Build(rt, entry.result, outs, view);
  if (result.is_raised()) return result;
  for (const SideEffect& e : entry.side_effects) {
    if (!Replay(rt, e, outs, view)) return vm::Value::Raised();
  }
  return result;
}

}  // namespace wick::runtime::internal
