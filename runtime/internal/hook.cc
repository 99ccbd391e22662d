// The frame hook: on every frame entry while a compiled function runs, look up the
// (code, entry) cache, run a matching entry, or compile on a miss. Frames of wick's own
// prelude (torch.nn internals), module and class bodies are never compiled; their
// callees still reach the hook.
#include "absl/strings/match.h"
#include "guards/frame_view.h"
#include "logging/logging.h"
#include "runtime/internal/compile_frame.h"
#include "runtime/internal/execute.h"
#include "runtime/internal/messages.h"
#include "runtime/internal/state.h"
#include "vm/code.h"
#include "vm/objects/dict.h"
#include "vm/objects/objects.h"
#include "vm/protocol.h"
#include "vm/torch/torch.h"

namespace wick::runtime::internal {
namespace {

WICK_LOG_DEFINE_CHANNEL(convert_frame_log, "torch._dynamo.convert_frame");

// Code the runtime leaves to the interpreter: module and class bodies, the embedded
// standard library (vm/stdlib, compiled from "<re>"-style file names; upstream's
// trace_rules skip the stdlib's files), and the prelude modules (compiled from
// "<torch._dynamo>"-style file names), except torch.nn's: upstream
// inlines torch.nn (trace_rules' MOD_INLINELIST), so `torch.compile(nn.Linear(4, 4))`
// compiles Linear.forward like a user's forward. Module.__call__ stays skipped: it only
// dispatches, and the frame that compiles is the forward it calls, as upstream reports.
bool IsSkippedCode(const vm::CodeObject& code) {
  if (code.flags & (vm::kCodeModule | vm::kCodeClassBody)) return true;
  if (code.source == nullptr) return false;
  const std::string& file = code.source->filename;
  if (!absl::StartsWith(file, "<")) return false;
  if (!absl::StartsWith(file, "<torch")) {
    // "<json>": an embedded module. Scripts run from strings ("<script>", "<string>")
    // are user code and compile.
    if (file.size() < 2 || file.back() != '>') return false;
    return vm::Interpreter::IsRegisteredPythonModule(
        absl::string_view(file).substr(1, file.size() - 2));
  }
  const bool nn = absl::StartsWith(file, "<torch.nn.") || file == "<torch.nn>";
  return !nn || file == "<torch.nn.modules.module>";
}

// Whether a frame works on tensors (upstream's has_tensor_in_frame, reduced to tensor
// locals): fail_on_recompile leaves other frames alone.
bool HasTensorLocal(vm::Runtime& rt, const guards::FrameView& view) {
  for (int32_t i = 0; i < view.num_locals; ++i) {
    if (vm::TensorOfObject(rt, view.locals[i]) != nullptr) return true;
  }
  return false;
}

// eager_then_compile's eager call: what the frame's arguments are (tensor sizes, Python
// numbers) goes into the code's automatic-dynamic record, as if a compile had seen them,
// so the first compile already makes what changed since dynamic.
void RecordEagerInputs(vm::Runtime& rt, const vm::Frame& frame, const guards::FrameView& view,
                       frontend::SeenInputs* seen) {
  frontend::SeenInputs now;
  for (int32_t i = 0; i < view.num_locals && i < static_cast<int32_t>(frame.code->varnames.size());
       ++i) {
    const vm::Value& v = view.locals[i];
    if (v.is_raised()) continue;
    frontend::SeenInput in;
    if (const tensor::Tensor* t = vm::TensorOfObject(rt, v)) {
      in.is_tensor = true;
      for (int64_t s : t->sizes()) in.sizes.push_back(s);
    } else if (v.is_int() && !v.is_bool()) {
      in.number = static_cast<double>(v.as_int());
    } else if (v.is_float()) {
      in.number = v.as_float();
    } else {
      continue;
    }
    now[guards::Source::Local(frame.code->varnames[i], i)->Name()] = std::move(in);
  }
  frontend::MergeSeen(now, seen);
}

// Whether `v` holds a tensor: itself, or inside lists, tuples, dicts and the attribute
// dicts of instances (nn.Modules included), a few levels deep.
bool HasTensor(vm::Runtime& rt, const vm::Value& v, int depth) {
  if (!v.is_object() || depth > 4) return false;
  if (vm::TensorOfObject(rt, v) != nullptr) return true;
  auto any_of = [&](const std::vector<vm::Value>& items) {
    for (size_t i = 0; i < items.size() && i < 64; ++i) {
      if (HasTensor(rt, items[i], depth + 1)) return true;
    }
    return false;
  };
  auto any_value = [&](const vm::Dict* d) {
    if (d == nullptr) return false;
    size_t n = 0;
    for (const vm::Dict::Entry& e : d->entries()) {
      if (++n > 64) break;
      if (!e.key.is_raised() && HasTensor(rt, e.value, depth + 1)) return true;
    }
    return false;
  };
  if (rt.TypeOf(v)->layout() == vm::Layout::kTuple) {  // named tuples, return_types too
    return any_of(v.as<vm::Tuple>()->items);
  }
  if (rt.IsList(v)) return any_of(v.as<vm::List>()->items);
  if (rt.IsInstance(v, rt.types().dict) && rt.TypeOf(v)->layout() == vm::Layout::kDict) {
    return any_value(v.as<vm::Dict>());
  }
  if (rt.TypeOf(v)->layout() == vm::Layout::kObject) {
    return any_value(v.as<vm::Instance>()->dict);
  }
  return false;
}

// Upstream's has_tensor_in_frame: the frame names the torch module (or a torch.*
// submodule) through its globals, or holds a tensor in a local, a cell or its value
// stack. Frames without either are not worth tracing ("skipping because no torch.*").
bool HasTensorInFrame(vm::Runtime& rt, const vm::Frame& frame, const guards::FrameView& view) {
  for (const vm::Value& name : frame.code->name_strs) {
    const vm::Value* g = frame.globals != nullptr ? frame.globals->GetStr(name.as<vm::Str>()) : nullptr;
    if (g == nullptr || !g->is_object() || rt.TypeOf(*g) != rt.types().module) continue;
    const std::string& m = g->as<vm::Module>()->name;
    if (m == "torch" || absl::StartsWith(m, "torch.")) return true;
  }
  for (int32_t i = 0; i < view.num_locals; ++i) {
    if (HasTensor(rt, view.locals[i], 0)) return true;
  }
  for (int32_t i = 0; i < view.num_cells; ++i) {
    const vm::Value& c = view.cells[i];
    if (c.is_object() && rt.TypeOf(c) == rt.types().cell &&
        HasTensor(rt, c.as<vm::Cell>()->value, 0)) {
      return true;
    }
  }
  for (int32_t i = 0; i < view.num_stack; ++i) {
    if (HasTensor(rt, view.stack[i], 0)) return true;
  }
  return false;
}

}  // namespace

// A resume entry whose value stack ends in a vm::Continuation (a nested break's inner
// frames): compiled entries trace it; anything that declines the frame runs it first,
// so the interpreter never sees one.
bool RuntimeState::OnFrameEnter(vm::Interpreter& interp, vm::Frame& frame,
                                int32_t entry_offset, vm::Value* result) {
  // Calls start with an empty value stack: only resume entries can hold one.
  auto pending = [&] {
    return entry_offset != 0 && frame.stack_top > frame.stack_base &&
           vm::AsContinuation(frame.stack_top[-1]) != nullptr;
  };
  // Runs the continuation and puts its value in its place; false after raising.
  auto force = [&] {
    vm::Value v = Force(interp, *vm::AsContinuation(frame.stack_top[-1]));
    if (v.is_raised()) {
      *result = std::move(v);
      return false;
    }
    frame.stack_top[-1] = std::move(v);
    return true;
  };
  if (pending() && CacheFor(frame.code, entry_offset).force_continuations && !force()) {
    return true;
  }
  if (Enter(interp, frame, entry_offset, result)) return true;
  if (!pending()) return false;
  if (!force()) return true;
  return Enter(interp, frame, entry_offset, result);
}

vm::Value RuntimeState::OnContinuation(vm::Interpreter& interp, vm::FrameState state) {
  vm::Value c = vm::NewContinuation(*rt_, state);
  return c.is_none() ? interp.Resume(state) : c;
}

vm::Value RuntimeState::Force(vm::Interpreter& interp, const vm::Continuation& continuation) {
  return interp.Resume(vm::FrameStateOf(continuation));
}

bool RuntimeState::Enter(vm::Interpreter& interp, vm::Frame& frame, int32_t entry_offset,
                         vm::Value* result) {
  if (stack_.empty()) {  // the common case: nothing compiled is running
    if (!compile_all_ || IsSkippedCode(*frame.code) || !IsMainScriptFrame(interp, frame)) {
      return false;
    }
    if (stance == Stance::kForceEager) return false;
    // A copy: HandleFrame pushes more contexts, which may move the stack's storage.
    const ActiveContext ctx{&compile_all_options_, Mode::kCompile};
    Scope scope(*this, ctx);
    return HandleFrame(interp, frame, entry_offset, ctx, result);
  }
  if (bypass_ != nullptr && bypass_ == frame.code) {
    bypass_ = nullptr;
    return false;
  }
  const ActiveContext ctx = stack_.back();
  if (ctx.mode == Mode::kDisabled || IsSkippedCode(*frame.code)) return false;
  if (stance == Stance::kForceEager) return false;
  return HandleFrame(interp, frame, entry_offset, ctx, result);
}

bool RuntimeState::HandleFrame(vm::Interpreter& interp, vm::Frame& frame, int32_t entry,
                               const ActiveContext& ctx, vm::Value* result) {
  CodeCache& cache = CacheFor(frame.code, entry);
  const guards::FrameView view = guards::FrameViewOf(*rt_, frame);
  if (CacheEntry* hit = Lookup(cache, view, ctx.options->backend_id)) {
    *result = RunEntry(interp, frame, *hit, view);
    return true;
  }
  if (cache.skip) return false;
  if (skip_guard_eval_unsafe && !cache.entries.empty()) {
    *result = rt_->Raise(rt_->exc().runtime_error, kSkipGuardEvalMessage);
    return true;
  }
  // Callees of a limit-hit frame, and eager_on_recompile: cached entries only.
  if (ctx.mode == Mode::kRunOnly || stance == Stance::kEagerOnRecompile) return false;
  if (stance == Stance::kFailOnRecompile) {
    if (!HasTensorLocal(*rt_, view)) return false;
    *result = RaiseFailOnRecompile(*rt_, *frame.code, cache, view, ctx.options->backend_id);
    return true;
  }
  if (cache.run_only) {
    *result = RunOnly(interp, frame, entry, ctx);
    return true;
  }
  if (stance == Stance::kEagerThenCompile && !cache.ran_eagerly) {
    cache.ran_eagerly = true;
    RecordEagerInputs(*rt_, frame, view, &cache.seen);
    return false;
  }
  if (cache.entries.empty() && !HasTensorInFrame(*rt_, frame, view)) {
    WICK_LOG_TO(convert_frame_log, logging::Level::kDebug)
        << "skipping because no torch.* " << frame.code->name << " "
        << (frame.code->source ? frame.code->source->filename : "<unknown>") << " "
        << frame.code->first_line;
    return false;
  }
  return CompileFrame(*this, interp, frame, entry, ctx, cache, result);
}

bool RuntimeState::IsMainScriptFrame(vm::Interpreter& interp, const vm::Frame& frame) {
  const vm::Value* main = interp.sys_modules()->GetStr("__main__");
  if (main == nullptr || !main->is_object()) return false;
  const vm::Module* m = dynamic_cast<const vm::Module*>(main->object());
  return m != nullptr && frame.globals == m->dict;
}

vm::Value RuntimeState::RunOnly(vm::Interpreter& interp, vm::Frame& frame, int32_t entry,
                                const ActiveContext& ctx) {
  vm::FrameState state = interp.CaptureFrameState(frame);
  state.offset = entry;
  Scope scope(*this, {ctx.options, Mode::kRunOnly});
  bypass_ = frame.code;  // Resume re-enters the hook for this very frame: decline it
  return interp.Continue(state);
}

}  // namespace wick::runtime::internal
