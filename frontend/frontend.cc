// Trace(): sets up the top frame's trackers from the live frame, runs the instruction
// translator, and turns what it produced into a TraceResult (graph outputs, the
// Rebuild tree of the return value, buffered side effects, guards).
#include "frontend/frontend.h"

#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "base/status_macros.h"
#include "frontend/internal/translator.h"
#include "vm/continuation.h"
#include "vm/objects/dict.h"
#include "vm/torch/torch.h"

namespace wick::frontend {
namespace internal {
namespace {

// Attribute `name` of the already-imported module `module`, or None. Never imports
// (importing runs module code, and tracing must not change user-visible state).
vm::Value ModuleAttr(vm::Interpreter& interp, const char* module, const char* name) {
  const vm::Value* m = interp.sys_modules()->GetStr(module);
  if (m == nullptr || !m->is_object() ||
      interp.runtime().TypeOf(*m) != interp.runtime().types().module) {
    return vm::Value();
  }
  if (name == nullptr) return *m;
  const vm::Value* v = m->as<vm::Module>()->dict->GetStr(name);
  return v == nullptr ? vm::Value() : *v;
}

KnownObjects FindKnownObjects(vm::Interpreter& interp) {
  KnownObjects k;
  // The markers are the VM's (torch._compile_markers); torch._dynamo and torch.compiler
  // re-export them.
  k.graph_break = ModuleAttr(interp, "torch._compile_markers", "graph_break");
  k.skip_frame = ModuleAttr(interp, "torch._compile_markers", "skip_frame");
  k.step_unsupported = ModuleAttr(interp, "torch._compile_markers", "step_unsupported");
  k.is_compiling = ModuleAttr(interp, "torch._compile_markers", "is_compiling");
  k.compiler_is_compiling = ModuleAttr(interp, "torch.compiler", "is_compiling");
  k.no_grad = ModuleAttr(interp, "torch", "no_grad");
  k.enable_grad = ModuleAttr(interp, "torch", "enable_grad");
  k.set_grad_enabled = ModuleAttr(interp, "torch", "set_grad_enabled");
  k.inference_mode = ModuleAttr(interp, "torch", "inference_mode");
  k.is_grad_enabled = ModuleAttr(interp, "torch", "is_grad_enabled");
  k.tensor_type = ModuleAttr(interp, "torch", "Tensor");
  k.finfo_type = ModuleAttr(interp, "torch", "finfo");
  k.einsum = ModuleAttr(interp, "torch", "einsum");
  k.torch_tensor = ModuleAttr(interp, "torch", "tensor");
  k.iinfo_type = ModuleAttr(interp, "torch", "iinfo");
  k.grad_restore_type = ModuleAttr(interp, "torch._dynamo.eval_frame", "_GradModeRestore");
  k.eogb_type = ModuleAttr(interp, "torch._dynamo", "error_on_graph_break");
  k.nullcontext_type = ModuleAttr(interp, "contextlib", "nullcontext");
  k.ngb_off_type = ModuleAttr(interp, "torch._dynamo.eval_frame", "_NestedGraphBreaksOff");
  k.ngb_restore_type =
      ModuleAttr(interp, "torch._dynamo.eval_frame", "_NestedGraphBreaksRestore");
  k.eogb_restore_type =
      ModuleAttr(interp, "torch._dynamo.eval_frame", "_ErrorOnGraphBreakRestore");
  k.nn_module_type = ModuleAttr(interp, "torch.nn", "Module");
  k.nn_natives = ModuleAttr(interp, "torch._C._nn", nullptr);
  k.math_module = ModuleAttr(interp, "math", nullptr);
  k.operator_module = ModuleAttr(interp, "operator", nullptr);
  return k;
}

// Where graph outputs are collected while the Rebuild trees are made, and which object
// each trace-made container or function is (Rebuild::id).
struct OutputCollector {
  std::vector<graph::ValueRef> outputs;
  absl::flat_hash_map<const Var*, int32_t> ids;
  absl::flat_hash_set<const Var*> building;  // a container inside itself cannot be rebuilt
  int32_t IndexOf(graph::ValueRef r) {
    for (size_t i = 0; i < outputs.size(); ++i) {
      if (outputs[i] == r) return static_cast<int32_t>(i);
    }
    outputs.push_back(r);
    return static_cast<int32_t>(outputs.size() - 1);
  }
  int32_t IdOf(const Var* v) {
    return ids.try_emplace(v, static_cast<int32_t>(ids.size())).first->second;
  }
};

absl::StatusOr<Rebuild> MakeRebuild(Translator& tx, const VarPtr& v, OutputCollector& out);

// A function MAKE_FUNCTION made in the top frame: rebuilt from its code, defaults and
// the frame's own cells (a closure over cells of an inlined call cannot be).
absl::StatusOr<Rebuild> RebuildClosure(Translator& tx, const VarPtr& v, OutputCollector& out) {
  Translator* top = tx.state().stack.empty() ? &tx : tx.state().stack.front();
  Rebuild r;
  r.kind = Rebuild::Kind::kMakeFunction;
  r.id = out.IdOf(v.get());
  r.value = v->code;
  r.globals = v->globals;
  for (const VarPtr& d : {v->defaults, v->kwdefaults}) {
    if (d == nullptr) {
      Rebuild none;
      none.value = vm::Value::None();
      r.children.push_back(std::move(none));
      continue;
    }
    ASSIGN_OR_RETURN(Rebuild c, MakeRebuild(tx, d, out));
    r.children.push_back(std::move(c));
  }
  for (const VarPtr& cell : v->closure) {
    int32_t index = -1;
    for (size_t i = 0; i < top->cells().size(); ++i) {
      if (top->cells()[i] == cell) index = static_cast<int32_t>(i);
    }
    if (index < 0) {
      return tx.Break("Reconstruction failure", DescribeVar(tx.state().rt, *v),
                      "Dynamo in wick cannot rebuild a closure over variables of an "
                      "inlined call after a graph break.");
    }
    Rebuild c;
    c.kind = Rebuild::Kind::kFrameCell;
    c.index = index;
    if (!cell->external_cell) {
      // A cell variable of the compiled frame: the compiled code never ran its stores,
      // so the rebuild writes what the trace left in it (empty: kNull).
      Rebuild contents;
      contents.kind = Rebuild::Kind::kNull;
      if (cell->contents != nullptr) {
        ASSIGN_OR_RETURN(contents, MakeRebuild(tx, cell->contents, out));
      }
      c.children.push_back(std::move(contents));
    }
    r.children.push_back(std::move(c));
  }
  return r;
}

absl::StatusOr<Rebuild> MakeRebuild(Translator& tx, const VarPtr& v, OutputCollector& out) {
  Rebuild r;
  bool existing = v->source != nullptr && v->kind != VarKind::kTensor;
  // A tensor the frame already held stays that object, also after in-place ops (the
  // graph writes them into the input): `h(x) is x` as in eager.
  if (v->kind == VarKind::kTensor && v->source != nullptr) existing = true;
  if (existing) {
    r.kind = Rebuild::Kind::kSource;
    r.source = v->source;
    return r;
  }
  switch (v->kind) {
    case VarKind::kNull:
      r.kind = Rebuild::Kind::kNull;
      return r;
    case VarKind::kBoundMethod: {
      if (v->self == nullptr || v->func == nullptr) break;
      ASSIGN_OR_RETURN(Rebuild self, MakeRebuild(tx, v->self, out));
      r.children.push_back(std::move(self));
      if (v->func->is_constant() && tx.state().rt.IsStr(v->func->value)) {
        r.kind = Rebuild::Kind::kGetAttr;  // a tensor or container method by name
        r.value = v->func->value;
        return r;
      }
      ASSIGN_OR_RETURN(Rebuild func, MakeRebuild(tx, v->func, out));
      r.children.push_back(std::move(func));
      r.kind = Rebuild::Kind::kBoundMethod;
      return r;
    }
    case VarKind::kGradMode: {
      // A grad-mode manager made in the trace and not entered yet (ctx =
      // torch.set_grad_enabled(True); graph_break(); with ctx: ...): made again after
      // the graph, set_grad_enabled without switching (the trace switched already) and
      // remembering the mode from before its call.
      if (v->mode != Var::Mode::kGrad || !v->value.is_object()) break;
      vm::Value fn = v->value;
      std::vector<vm::Value> call_args;
      if (!v->items.empty()) {
        vm::Value c = ModuleAttr(tx.state().interp, "torch._C", "_wick_set_grad_enabled_object");
        if (c.is_none()) break;
        fn = c;
        call_args = {vm::Value::Bool(v->grad_mode), v->items[0]->value};
      }
      r.kind = Rebuild::Kind::kCall;
      Rebuild callee;
      callee.value = fn;
      r.children.push_back(std::move(callee));
      for (vm::Value& a : call_args) {
        Rebuild arg;
        arg.value = std::move(a);
        r.children.push_back(std::move(arg));
      }
      return r;
    }
    case VarKind::kGradModeExit:
      if (v->mode == Var::Mode::kNestedOff) {
        r.kind = Rebuild::Kind::kNestedOffRestore;
        r.value = vm::Value::Bool(v->grad_mode);
        return r;
      }
      if (v->mode == Var::Mode::kNullContext) {
        r.kind = Rebuild::Kind::kNullContextExit;
        return r;
      }
      r.kind = v->mode == Var::Mode::kErrorOnGraphBreak ? Rebuild::Kind::kErrorOnGraphBreakRestore
                                                         : Rebuild::Kind::kGradRestore;
      r.value = vm::Value::Bool(v->grad_mode);
      return r;
    case VarKind::kTensor:
      r.kind = Rebuild::Kind::kGraphOutput;
      r.index = out.IndexOf(v->ref);
      if (v->scalar_item) {  // the Python number .item() gave
        Rebuild item;
        item.kind = Rebuild::Kind::kItem;
        item.children.push_back(std::move(r));
        return item;
      }
      return r;
    case VarKind::kSymInt:
      // A symbolic int leaving the graph: computed from this call's symbol values.
      r.kind = Rebuild::Kind::kSymInt;
      r.sym = v->sym;
      return r;
    case VarKind::kConstant:
    case VarKind::kObject:
      // A set built in the trace is mutable: one object shared by every compiled call
      // would alias across calls (internal/sets.cc); so is a module made in the trace.
      if (IsSetConstant(tx.state().rt, *v) || v->fresh_module) break;
      r.kind = Rebuild::Kind::kConstant;
      r.value = v->value;
      return r;
    case VarKind::kFunction:
      if (v->value.is_none()) return RebuildClosure(tx, v, out);
      r.kind = Rebuild::Kind::kConstant;
      r.value = v->value;
      return r;
    case VarKind::kPartial: {
      // functools.partial(func, *args, **keywords) again, after the graph.
      r.kind = Rebuild::Kind::kCall;
      r.id = out.IdOf(v.get());
      Rebuild type;
      type.value = v->value;
      r.children.push_back(std::move(type));
      ASSIGN_OR_RETURN(Rebuild func, MakeRebuild(tx, v->func, out));
      r.children.push_back(std::move(func));
      for (const VarPtr& x : v->items) {
        ASSIGN_OR_RETURN(Rebuild c, MakeRebuild(tx, x, out));
        r.children.push_back(std::move(c));
      }
      for (size_t i = 0; i < v->kwdefaults->items.size(); ++i) {
        ASSIGN_OR_RETURN(Rebuild c, MakeRebuild(tx, v->kwdefaults->items[i], out));
        r.children.push_back(std::move(c));
      }
      r.keys = v->kwdefaults->keys;
      return r;
    }
    case VarKind::kNewObject: {
      // A user object made in the trace and alive after it (returned, stored, live
      // across a break): made again without __init__, with the attributes the trace
      // left on it.
      r.kind = Rebuild::Kind::kNewObject;
      r.id = out.IdOf(v.get());
      r.value = v->value;
      if (!out.building.insert(v.get()).second) {
        // An attribute refers back to the object: the id makes it the same object.
        Rebuild again;
        again.kind = Rebuild::Kind::kNewObject;
        again.id = r.id;
        again.value = v->value;
        return again;
      }
      for (const VarPtr& x : v->items) {
        ASSIGN_OR_RETURN(Rebuild c, MakeRebuild(tx, x, out));
        r.children.push_back(std::move(c));
      }
      out.building.erase(v.get());
      r.keys = v->keys;
      return r;
    }
    case VarKind::kTuple:
    case VarKind::kList:
    case VarKind::kSize:
    case VarKind::kDict: {
      r.kind = v->kind == VarKind::kTuple  ? Rebuild::Kind::kTuple
               : v->kind == VarKind::kList ? Rebuild::Kind::kList
               : v->kind == VarKind::kSize ? Rebuild::Kind::kSize
                                           : Rebuild::Kind::kDict;
      if (v->kind != VarKind::kSize) r.id = out.IdOf(v.get());
      if (!out.building.insert(v.get()).second) {
        return tx.Break("Reconstruction failure", DescribeVar(tx.state().rt, *v),
                        "Dynamo in wick cannot rebuild a container that contains itself.");
      }
      for (const VarPtr& x : v->items) {
        ASSIGN_OR_RETURN(Rebuild c, MakeRebuild(tx, x, out));
        r.children.push_back(std::move(c));
      }
      out.building.erase(v.get());
      r.keys = v->keys;
      if (v->kind == VarKind::kTuple) r.value = v->tuple_type;
      return r;
    }
    default: break;
  }
  return tx.Break("Unsupported: escaping value", DescribeVar(tx.state().rt, *v),
                  "Dynamo in wick cannot rebuild this value after the graph runs.");
}

// Side effects in the order they must be replayed: container contents, attribute
// stores, closure cell stores, global stores.
absl::Status CollectSideEffects(Translator& tx, OutputCollector& out,
                                std::vector<SideEffect>* effects) {
  TraceState& st = tx.state();
  for (const VarPtr& c : st.mutated_containers) {
    SideEffect e;
    e.kind = c->kind == VarKind::kList ? SideEffect::Kind::kReplaceList
                                       : SideEffect::Kind::kReplaceDict;
    e.target.kind = Rebuild::Kind::kSource;
    e.target.source = c->source;
    VarPtr copy = MakeSequence(c->kind, c->items);
    copy->keys = c->keys;
    ASSIGN_OR_RETURN(e.value, MakeRebuild(tx, copy, out));
    effects->push_back(std::move(e));
  }
  for (const TraceState::AttrStore& s : st.attr_stores) {
    SideEffect e;
    e.kind = SideEffect::Kind::kStoreAttr;
    e.target.kind = Rebuild::Kind::kSource;
    e.target.source = s.target->source;
    e.name = s.name;
    ASSIGN_OR_RETURN(e.value, MakeRebuild(tx, s.value, out));
    effects->push_back(std::move(e));
  }
  for (const VarPtr& cell : st.cell_stores) {
    SideEffect e;
    e.kind = SideEffect::Kind::kStoreCell;
    e.target.kind = Rebuild::Kind::kSource;
    e.target.source = cell->source;
    ASSIGN_OR_RETURN(e.value, MakeRebuild(tx, cell->contents, out));
    effects->push_back(std::move(e));
  }
  for (const TraceState::GlobalStore& g : st.global_stores) {
    SideEffect e;
    e.kind = SideEffect::Kind::kStoreGlobal;
    e.name = g.name;
    if (g.globals != st.frame.globals) {
      e.target.kind = Rebuild::Kind::kConstant;
      e.target.value = vm::Value::Borrow(g.globals);
    }
    ASSIGN_OR_RETURN(e.value, MakeRebuild(tx, g.value, out));
    effects->push_back(std::move(e));
  }
  for (const auto& [fn, args] : st.deferred_calls) {
    SideEffect e;
    e.kind = SideEffect::Kind::kCall;
    ASSIGN_OR_RETURN(e.target, MakeRebuild(tx, fn, out));
    ASSIGN_OR_RETURN(e.value, MakeRebuild(tx, MakeSequence(VarKind::kTuple, args), out));
    effects->push_back(std::move(e));
  }
  return absl::OkStatus();
}

// A vm::Continuation a nested break left on the stack: the rest of an inlined frame,
// traced here as an inlined call from its offset, its values read through `source`
// (L['___stack0'].locals[1], ...). Its value is what it returns.
absl::StatusOr<VarPtr> InlineContinuation(Translator& tx, const vm::Continuation& cont,
                                          const guards::SourcePtr& source) {
  TraceState& st = tx.state();
  vm::Runtime& rt = st.rt;
  const vm::Value* fn = &cont.function;
  const vm::Value* offset = &cont.offset;
  const vm::Value* locals = &cont.locals;
  const vm::Value* stack = &cont.stack;
  ASSIGN_OR_RETURN(VarPtr fn_var, Wrap(tx, *fn, guards::Source::Attr(source, "function")));
  ASSIGN_OR_RETURN(VarPtr offset_var, Wrap(tx, *offset, guards::Source::Attr(source, "offset")));
  const vm::Function* f = fn->as<vm::Function>();
  vm::CodeObject* code = f->code_object();
  const std::vector<vm::Value>& lv = locals->as<vm::List>()->items;
  const std::vector<vm::Value>& sv = stack->as<vm::List>()->items;
  if (lv.size() != code->varnames.size()) {
    return absl::InternalError("continuation locals do not fit the code");
  }
  Translator child(st, code, &tx);
  child.function = fn_var;
  const int32_t at = static_cast<int32_t>(offset->as_int());
  if (at > 0) {
    child.origin_name =
        absl::StrCat("torch_dynamo_resume_in_", code->name, "_at_", code->LineAt(at - 1));
  }
  child.set_globals(f->globals.as<vm::Dict>(), f->globals.as<vm::Dict>() == st.frame.globals);
  const guards::SourcePtr ssrc = guards::Source::Attr(source, "stack");
  child.set_lazy_list(&lv, guards::Source::Attr(source, "locals"), vm::UnboundMarker(rt));
  for (size_t i = 0; i < sv.size(); ++i) {
    if (vm::IsNullMarker(sv[i])) {
      child.PushEntryValue(MakeVar(VarKind::kNull));
    } else if (const vm::Continuation* inner_cont = vm::AsContinuation(sv[i])) {
      ASSIGN_OR_RETURN(VarPtr inner,
                       InlineContinuation(tx, *inner_cont, guards::Source::Item(ssrc, i)));
      child.PushEntryValue(std::move(inner));
    } else {
      ASSIGN_OR_RETURN(VarPtr v, Wrap(tx, sv[i], guards::Source::Item(ssrc, i)));
      child.PushEntryValue(std::move(v));
    }
  }
  return child.Run(static_cast<int32_t>(offset->as_int()));
}

// The top frame's cells as trackers with sources; locals are read lazily by the
// translator (Translator::set_lazy_frame).
absl::Status SetUpTopFrame(Translator& tx, const vm::Frame& frame, int32_t entry) {
  vm::CodeObject* code = frame.code;
  tx.set_lazy_frame(&frame);
  size_t ncellvars = code->cellvars.size();
  for (int32_t i = 0; i < code->num_cells(); ++i) {
    VarPtr cell = MakeVar(VarKind::kCell);
    const vm::Value& contents = frame.cells[i].as<vm::Cell>()->value;
    bool is_free = static_cast<size_t>(i) >= ncellvars;
    std::string name = is_free ? code->freevars[i - ncellvars] : code->cellvars[i];
    if (!contents.is_raised()) {
      ASSIGN_OR_RETURN(cell->contents, Wrap(tx, contents, guards::Source::Cell(name, i)));
    }
    cell->external_cell = is_free;
    // A free variable's cell is the closure's own: the frame's slot finds it again on
    // every call, whichever closure of this code runs (kStoreCell replays through it).
    if (is_free) cell->source = guards::Source::Cell(name, i);
    // An inlined closure sharing this cell must see the same tracker.
    tx.state().seen_objects[frame.cells[i].object()] = cell;
    tx.cells()[i] = std::move(cell);
  }
  // A resume entry starts with the values the break left on the stack.
  if (!frame.handled_exception.is_none()) {
    return tx.Break("Unsupported: resume inside an exception handler", code->qualname,
                    "Dynamo in wick does not resume while an exception is being handled.");
  }
  const int32_t depth = static_cast<int32_t>(frame.stack_top - frame.stack_base);
  // A resume entry that only returns the value the break left (`return f(...)` cut at
  // the call): the value passes through uninspected, so it is named by its slot and gets
  // no guard, as upstream's lazy trackers install none for a value the frame never reads
  // (a new object each call would otherwise recompile the entry every time).
  const bool passes_through =
      depth == 1 && entry >= 0 && entry < static_cast<int32_t>(frame.code->code.size()) &&
      frame.code->code[entry].op == vm::Opcode::RETURN_VALUE;
  for (int32_t i = 0; i < depth; ++i) {
    const vm::Value& v = frame.stack_base[i];
    if (v.is_raised()) {
      tx.PushEntryValue(MakeVar(VarKind::kNull));
      continue;
    }
    if (passes_through && vm::AsContinuation(v) == nullptr) {
      VarPtr var = MakeVar(VarKind::kObject);
      var->value = v;
      var->source = guards::Source::Stack(i);
      tx.PushEntryValue(std::move(var));
      continue;
    }
    if (const vm::Continuation* cont = vm::AsContinuation(v)) {
      tx.state().in_continuation = true;
      absl::StatusOr<VarPtr> r = InlineContinuation(tx, *cont, guards::Source::Stack(i));
      tx.state().in_continuation = false;
      if (!r.ok()) return r.status();
      tx.PushEntryValue(*std::move(r));
      continue;
    }
    ASSIGN_OR_RETURN(VarPtr var, Wrap(tx, v, guards::Source::Stack(i)));
    const bool reenter = var->kind == VarKind::kGradModeExit && var->mode == Var::Mode::kGrad;
    if (var->kind == VarKind::kGradModeExit && var->mode == Var::Mode::kNestedOff) {
      ++tx.state().nested_off_depth;
    }
    tx.PushEntryValue(std::move(var));
    // Inside a grad-mode block a break cut: re-entered, as upstream's resume function
    // does in its prologue (the mode is already set; the node records it).
    if (reenter) RETURN_IF_ERROR(SetGradMode(tx, tx.state().grad_enabled, /*force=*/true));
  }
  return absl::OkStatus();
}

// The top frame's values where the trace stopped (Stop::kStopped).
absl::Status CaptureFrameValues(Translator& tx, OutputCollector& out, FrameValues* fv) {
  const vm::Frame& frame = tx.state().frame;
  const vm::CodeObject& code = *frame.code;
  fv->grad_enabled = tx.state().grad_enabled;
  fv->error_on_graph_break = tx.state().error_on_graph_break;
  fv->nested_graph_breaks = tx.state().nested_config;
  for (int32_t i = 0; i < static_cast<int32_t>(code.varnames.size()); ++i) {
    if (!tx.touched(i)) {  // never read or written: still the frame's own value
      Rebuild r;
      r.kind = Rebuild::Kind::kFrameLocal;
      r.index = i;
      fv->locals.push_back(std::move(r));
      continue;
    }
    const VarPtr& v = tx.locals()[i];
    if (v == nullptr) {
      fv->locals.push_back(std::nullopt);
      continue;
    }
    ASSIGN_OR_RETURN(Rebuild r, MakeRebuild(tx, v, out));
    fv->locals.push_back(std::move(r));
  }
  for (const VarPtr& v : tx.stack()) {
    ASSIGN_OR_RETURN(Rebuild r, MakeRebuild(tx, v, out));
    fv->stack.push_back(std::move(r));
  }
  // Cell variables (not free variables: writes to those are kStoreCell side effects).
  for (size_t i = 0; i < code.cellvars.size() && i < tx.cells().size(); ++i) {
    const VarPtr& cell = tx.cells()[i];
    if (cell == nullptr || cell->contents == nullptr) {
      fv->cells.push_back(std::nullopt);
      continue;
    }
    ASSIGN_OR_RETURN(Rebuild r, MakeRebuild(tx, cell->contents, out));
    fv->cells.push_back(std::move(r));
  }
  return absl::OkStatus();
}

// The inlined frames a stop_at_count trace stopped in (InlinedFrame).
absl::Status CaptureInlinedFrames(Translator& tx, OutputCollector& out,
                                  std::vector<InlinedFrame>* frames) {
  TraceState& st = tx.state();
  for (const CapturedFrame& c : st.captured) {
    InlinedFrame f;
    if (c.function == nullptr || c.function->value.is_none()) {
      return tx.Break("Reconstruction failure", "inlined frame",
                      "Dynamo in wick cannot resume a function made inside the trace.");
    }
    f.function = c.function->value;
    f.instruction = c.instruction;
    f.values.grad_enabled = st.grad_enabled;
    f.values.error_on_graph_break = st.error_on_graph_break;
    for (const VarPtr& v : c.locals) {
      if (v == nullptr) {
        f.values.locals.push_back(std::nullopt);
        continue;
      }
      ASSIGN_OR_RETURN(Rebuild r, MakeRebuild(tx, v, out));
      f.values.locals.push_back(std::move(r));
    }
    for (const VarPtr& v : c.stack) {
      ASSIGN_OR_RETURN(Rebuild r, MakeRebuild(tx, v, out));
      f.values.stack.push_back(std::move(r));
    }
    const vm::CodeObject* code = f.function.as<vm::Function>()->code_object();
    for (size_t i = 0; i < code->cellvars.size() && i < c.cells.size(); ++i) {
      const VarPtr& cell = c.cells[i];
      if (cell == nullptr || cell->contents == nullptr) {
        f.cellvars.push_back(std::nullopt);
        continue;
      }
      ASSIGN_OR_RETURN(Rebuild r, MakeRebuild(tx, cell->contents, out));
      f.cellvars.push_back(std::move(r));
    }
    frames->push_back(std::move(f));
  }
  return absl::OkStatus();
}

// "GenericContextWrappingVariable(Ctx)" for each user-defined context manager whose
// `with` block the top frame is in.
std::vector<std::string> GenericContexts(vm::Runtime& rt, const Translator& tx) {
  std::vector<std::string> names;
  for (const VarPtr& v : tx.stack()) {
    if (v == nullptr || !v->user_ctx_exit || v->self == nullptr) continue;
    const vm::Type* t = v->self->kind == VarKind::kNewObject ? v->self->value.as<vm::Type>()
                                                              : rt.TypeOf(v->self->value);
    names.push_back(absl::StrCat("GenericContextWrappingVariable(", t->name(), ")"));
  }
  for (const vm::Type* t : tx.entering()) {
    names.push_back(absl::StrCat("GenericContextWrappingVariable(", t->name(), ")"));
  }
  return names;
}

void AddEntryGuards(TraceState& st) {
  guards::GuardSpec g;
  g.kind = guards::GuardKind::kGlobalState;
  g.grad_enabled = st.entry_grad_enabled;
  st.guards.push_back(std::move(g));
  if (st.tensor_input_sources.size() >= 2) {
    guards::GuardSpec a;
    a.kind = guards::GuardKind::kNoTensorAliasing;
    a.aliases = st.tensor_input_sources;
    st.guards.push_back(std::move(a));
  }
}

}  // namespace

TraceState::TraceState(vm::Interpreter& interp, const vm::Frame& frame, const TraceOptions& opts)
    : interp(interp),
      rt(interp.runtime()),
      frame(frame),
      builtins(frame.builtins != nullptr ? frame.builtins : interp.builtins()),
      opts(opts),
      known(FindKnownObjects(interp)),
      builder(opts.graph_name) {
  grad_enabled = entry_grad_enabled = vm::GradModeEnabled(rt);
  error_on_graph_break = opts.error_on_graph_break;
}

}  // namespace internal

namespace {

// One attempt at tracing the frame with `known` inputs registered first. Sets
// *restart (and fills *known) when a new input was found too late.
absl::StatusOr<TraceResult> TraceOnce(vm::Interpreter& interp, const vm::Frame& frame,
                                      int32_t entry, const TraceOptions& opts,
                                      std::vector<internal::TraceState::KnownInput>* known,
                                      bool* restart) {
  using internal::Translator;
  internal::VarScope scope;  // declared first: frees the trackers after everything else
  internal::TraceState st(interp, frame, opts);
  for (const auto& in : *known) internal::AddKnownInput(st, in);
  TraceResult result;
  Translator top(st, frame.code, nullptr);
  top.set_globals(frame.globals, true);
  absl::Status s = internal::SetUpTopFrame(top, frame, entry);
  absl::StatusOr<internal::VarPtr> ret =
      s.ok() ? top.Run(entry) : absl::StatusOr<internal::VarPtr>(s);
  internal::OutputCollector out;
  if (st.stop_requested) {
    result.stop.kind = Stop::Kind::kStopped;
    result.stop.instruction = top.current();
    result.stop.visit = opts.stop_visit;
    s = internal::CaptureFrameValues(top, out, &result.frame);
    if (s.ok()) s = internal::CaptureInlinedFrames(top, out, &result.inlined);
    if (s.ok()) s = internal::CollectSideEffects(top, out, &result.side_effects);
    // The graph leaves grad mode as it found it; the runtime sets the mode the rest of
    // the frame runs in.
    if (s.ok()) s = internal::SetGradMode(top, st.entry_grad_enabled);
  } else if (ret.ok()) {
    absl::StatusOr<Rebuild> r = internal::MakeRebuild(top, *ret, out);
    if (r.ok()) {
      result.return_value = *std::move(r);
      s = internal::CollectSideEffects(top, out, &result.side_effects);
    } else {
      s = r.status();
    }
  } else {
    s = ret.status();
  }
  if (internal::IsRestart(s)) {
    *restart = true;
    *known = std::move(st.inputs);
    return result;
  }
  if (!s.ok() && !internal::IsBreak(s)) return s;
  if (internal::IsBreak(s)) {
    result.stop.kind = Stop::Kind::kBreak;
    result.stop.reason = std::move(*st.pending_break);
    result.stop.instruction = top.current();
    result.stop.visit = top.visits(top.current());
    result.stop.inlined = st.break_depth > 1;
    result.stop.generic_contexts = internal::GenericContexts(st.rt, top);
    result.stop.checkpoint = st.checkpoint;
    result.stop.checkpoint_visit = st.checkpoint_visit;
    result.stop.skip_frame = st.skip_frame;
    result.stop.step_requested = st.step_requested;
    result.stop.error_on_graph_break = st.break_error_on_graph_break;
    result.stop.frames = std::move(st.break_frames);
    result.stop.in_continuation = st.break_in_continuation;
    result.stop.fullgraph_region = st.break_fullgraph;
    result.side_effects.clear();
    result.frame = FrameValues();
    out.outputs.clear();
  }
  if (result.stop.kind == Stop::Kind::kReturn) {
    result.frame.grad_enabled = st.grad_enabled;
    result.frame.error_on_graph_break = st.error_on_graph_break;
    result.frame.error_on_graph_break_changed =
        st.error_on_graph_break != opts.error_on_graph_break;
    result.frame.nested_graph_breaks = st.nested_config;
  }
  internal::AddEntryGuards(st);
  internal::EmitShapeGuards(st);
  internal::FlushShapeLog(st.shape_env);
  result.seen = std::move(st.seen);
  result.symbols = st.shape_env.bindings;
  st.builder.SetOutput(std::move(out.outputs));
  ASSIGN_OR_RETURN(result.graph, std::move(st.builder).Finish());
  result.graph_inputs = std::move(st.graph_inputs);
  result.guards = std::move(st.guards);
  result.num_instructions_traced = st.instructions;
  return result;
}

}  // namespace

void MergeSeen(const SeenInputs& trace, SeenInputs* code) {
  for (const auto& [name, now] : trace) {
    auto it = code->find(name);
    if (it == code->end()) {
      code->emplace(name, now);
      continue;
    }
    SeenInput& before = it->second;
    if (before.is_tensor != now.is_tensor) {
      before = now;
      before.changed = true;
      continue;
    }
    if (!now.is_tensor) {
      before.changed |= before.number != now.number;
      continue;
    }
    if (before.sizes.size() != now.sizes.size()) {  // a rank change: all dynamic
      before.sizes.assign(now.sizes.size(), std::nullopt);
      continue;
    }
    for (size_t i = 0; i < now.sizes.size(); ++i) {
      if (before.sizes[i] != now.sizes[i]) before.sizes[i] = std::nullopt;
    }
  }
}

absl::StatusOr<TraceResult> Trace(vm::Interpreter& interp, const vm::Frame& frame,
                                  int32_t entry, const TraceOptions& opts) {
  std::vector<internal::TraceState::KnownInput> known;
  while (true) {
    size_t before = known.size();
    bool restart = false;
    ASSIGN_OR_RETURN(TraceResult r, TraceOnce(interp, frame, entry, opts, &known, &restart));
    if (!restart) return r;
    if (known.size() <= before) return absl::InternalError("trace restart made no progress");
  }
}

}  // namespace wick::frontend
