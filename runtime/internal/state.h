// The runtime's per-Runtime state: the compiled-code caches (one CodeCache per (code
// object, entry offset), entries most recently used first), the stack of active compile
// contexts, compile-id counters and the stance. It is a vm::Object so the Runtime frees
// it (and the Python values its entries hold) at teardown, and it is the FrameEvalHook.
#ifndef WICK_RUNTIME_INTERNAL_STATE_H_
#define WICK_RUNTIME_INTERNAL_STATE_H_

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/string_view.h"
#include "codegen/backend.h"
#include "frontend/frontend.h"
#include "guards/frame_view.h"
#include "guards/guards.h"
#include "guards/source.h"
#include "runtime/runtime.h"
#include "vm/continuation.h"
#include "vm/interpreter.h"
#include "vm/object.h"
#include "vm/runtime.h"
#include "vm/value.h"

namespace wick::runtime::internal {

// One compiled version of a frame: valid while `guards` hold.
struct CacheEntry {
  std::unique_ptr<guards::GuardTree> guards;
  std::unique_ptr<codegen::CompiledGraph> compiled;
  std::vector<guards::SourcePtr> inputs;  // graph inputs, in placeholder order
  // Dynamic shapes: where each symbol is read (for Rebuild::kSymInt values).
  std::vector<guards::ShapeSymbols::Binding> symbols;
  frontend::Rebuild result;
  std::vector<frontend::SideEffect> side_effects;
  std::string compile_id;  // "0/1"
  uintptr_t backend_id = 0;  // CompileOptions::backend_id it was compiled with
  // A callable backend's object, held so that its address (backend_id) cannot be reused
  // by another backend while this entry lives (a stale hit for a new backend).
  vm::Value backend_fn;
  // A graph break's plan (partitioner/break_plan.h). kReturn: the graph is the whole
  // frame and `result` its return value. kResume: rebuild the frame from `frame`, run
  // instruction `offset` eagerly through `step_code` (vm::Interpreter::MakeStepCode),
  // and go on at a resume entry. kStepBreak: rebuild the frame and run it eagerly from
  // `offset`. `compiled` is null when no ops came before the break.
  // kNested (nested_graph_breaks=True): the break is in the innermost of `inlined`;
  // rebuild every frame, run its instruction through `step_code` (of that frame's
  // code), then hand its result to each caller in turn, continuing each after its CALL
  // (`offset` is the top frame's CALL).
  // kNestedStep: as kNested, but the innermost frame (which cannot resume: a try block)
  // continues eagerly from `leaf_offset`, its checkpoint.
  enum class Plan : uint8_t { kReturn, kResume, kStepBreak, kNested, kNestedStep };
  Plan plan = Plan::kReturn;
  frontend::FrameValues frame;
  std::vector<frontend::InlinedFrame> inlined;
  int32_t offset = -1;
  int32_t leaf_offset = -1;  // kNested: where step_code starts in the innermost frame
  vm::Value step_code;
};

// Everything the runtime knows about one (code object, entry offset).
struct CodeCache {
  vm::Value code;  // keeps the CodeObject (the map key) alive
  std::vector<std::unique_ptr<CacheEntry>> entries;  // most recently used first
  int64_t frame_id = -1;   // assigned on the first compile attempt
  int64_t compiles = 0;    // compile attempts so far (the next frame_compile_id)
  bool run_only = false;   // a recompile limit was hit: use entries, never compile
  // A chain of nested-break continuations could not be traced into this entry: run
  // them first, then trace the frame with their values.
  bool force_continuations = false;
  bool skip = false;       // nothing to compile or a break (M3): always run eagerly
  bool ran_eagerly = false;  // eager_then_compile: the first call ran eagerly
  // What the compiles so far saw at the frame's inputs (automatic dynamic shapes).
  frontend::SeenInputs seen;
  // Resume entries: upstream's resume-function name and first line
  // ("torch_dynamo_resume_in_f_at_12", 12), used in logs; empty for a frame's own entry.
  std::string resume_name;
  int32_t resume_line = 0;
};

// What frames entered now are subject to. kRunOnly: cached entries only (after a
// recompile limit, for the frame and everything it calls); kDisabled: the hook is off
// (while tracing, compiling, and running backends).
enum class Mode : uint8_t { kCompile, kRunOnly, kDisabled };
struct ActiveContext {
  const CompileOptions* options = nullptr;
  Mode mode = Mode::kDisabled;
};

// torch.compiler.set_stance's stances (what frames of compiled functions do).
enum class Stance : uint8_t {
  kDefault,           // compile on a miss
  kForceEager,        // ignore torch.compile: run everything eagerly
  kEagerOnRecompile,  // use cached entries; run eagerly where a recompile is needed
  kFailOnRecompile,   // use cached entries; raise where a recompile is needed
  kEagerThenCompile,  // each frame's first call runs eagerly, later calls compile
};
// The stance named `name` ("force_eager"); false for an unknown name.
bool ParseStance(absl::string_view name, Stance* out);
absl::string_view StanceName(Stance s);

// torch._dynamo.config as the runtime reads it (from the Python module, per compile).
struct Config {
  int64_t recompile_limit = 8;
  int64_t accumulated_recompile_limit = 256;
  bool fail_on_recompile_limit_hit = false;
  bool error_on_recompile = false;
  bool suppress_errors = false;
  bool verbose = false;
  bool capture_scalar_outputs = false;
  bool nested_graph_breaks = false;
  bool automatic_dynamic_shapes = true;
  bool assume_static_by_default = true;
  bool allow_unspec_int_on_nn_module = false;
  bool specialize_float = false;
  std::vector<vm::Value> reorderable_logging_functions;
};

// Counts kept for WICK_COMPILE_ALL's summary (every compile attempt counts, whichever
// context started it).
struct CompileStats {
  int64_t frames_compiled = 0;  // compile attempts that produced an entry
  int64_t graphs = 0;           // entries stored
  int64_t breaks = 0;           // attempts that stopped at a graph break
  std::map<std::string, int64_t> breaks_by_type;  // gb_type -> count (ordered output)
};

class RuntimeState : public vm::Object, public vm::FrameEvalHook {
 public:
  RuntimeState(vm::Runtime* rt) : rt_(rt) {}
  ~RuntimeState() override;
  void ClearRefs() override;

  bool OnFrameEnter(vm::Interpreter& interp, vm::Frame& frame, int32_t entry_offset,
                    vm::Value* result) override;
  // The rest of an inlined frame after a nested break, as a vm::Continuation on its
  // caller's stack (frames with closure cells are resumed now).
  vm::Value OnContinuation(vm::Interpreter& interp, vm::FrameState state) override;
  // Runs a continuation (its frame through the hook).
  vm::Value Force(vm::Interpreter& interp, const vm::Continuation& continuation);

  // Runs `fn(args, kwargs)` with `options` active (torch.compile's wrapper).
  vm::Value CallCompiled(const CompileOptions& options, const vm::Value& fn, vm::Args args,
                         const vm::KwArgs& kwargs);
  // A torch.compiler.disable'd call: `fn` runs with the hook off for its whole extent
  // (recursive) or with only its own frame left to the interpreter.
  vm::Value CallDisabled(const vm::Value& fn, bool recursive, const std::vector<vm::Value>& args,
                         vm::Dict* kwargs);
  // torch._dynamo.reset(): drops every cache and restarts compile ids at 0.
  void Reset();

  // Pushes a context for the scope's lifetime.
  class Scope {
   public:
    Scope(RuntimeState& s, ActiveContext c) : s_(s) { s_.stack_.push_back(c); }
    ~Scope() { s_.stack_.pop_back(); }
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

   private:
    RuntimeState& s_;
  };

  Stance stance = Stance::kDefault;
  // torch._dynamo.error_on_graph_break's process-wide value (its context manager and
  // decorator set it eagerly; inside a trace the tracer follows it).
  bool error_on_graph_break = false;
  bool skip_guard_eval_unsafe = false;
  vm::Value compiled_function_type;  // Type of torch.compile's wrappers
  vm::Value graph_handle_type;       // Type of the graph handles custom backends get
  int64_t next_graph_id = 1;         // __compiled_fn_{N}
  std::string dot_dir;               // RuntimeOptions::dot_dir

  // WICK_COMPILE_ALL: frames of the main script compile under `compile_all_options`.
  void EnableCompileAll(std::string stats_path);
  // Counts a stored entry / a break (and rewrites the stats file when one is set).
  void RecordGraph();
  void RecordBreak(absl::string_view gb_type);
  const CompileStats& stats() const { return stats_; }
  // Explain events (runtime.h), recorded while `recording_explain`.
  bool recording_explain = false;
  std::vector<ExplainEvent> explain_events;
  void RecordExplain(ExplainEvent e) {
    if (recording_explain) explain_events.push_back(std::move(e));
  }
  // Graph-break sites (file:line) logged in full so far: later records of the same
  // site print upstream's "user stack suppressed" form. Cleared by Reset().
  absl::flat_hash_set<std::string> logged_breaks;

  vm::Runtime& rt() { return *rt_; }
  CodeCache& CacheFor(vm::CodeObject* code, int32_t entry);
  int64_t NewFrameId() { return next_frame_id_++; }
  const ActiveContext* active() const { return stack_.empty() ? nullptr : &stack_.back(); }
  // Runs the frame in the interpreter with cached entries only for it and its callees
  // (after a recompile limit).
  vm::Value RunOnly(vm::Interpreter& interp, vm::Frame& frame, int32_t entry,
                    const ActiveContext& ctx);

 private:
  // The frame hook's work once a compile context is active (hook.cc).
  bool HandleFrame(vm::Interpreter& interp, vm::Frame& frame, int32_t entry,
                   const ActiveContext& ctx, vm::Value* result);
  bool Enter(vm::Interpreter& interp, vm::Frame& frame, int32_t entry_offset, vm::Value* result);

  vm::Runtime* rt_;
  std::vector<ActiveContext> stack_;
  absl::flat_hash_map<std::pair<const vm::CodeObject*, int32_t>, std::unique_ptr<CodeCache>>
      caches_;
  int64_t next_frame_id_ = 0;
  const vm::CodeObject* bypass_ = nullptr;  // RunOnly: decline this code's next entry once

  // Whether `frame` runs code of the `__main__` script (its globals are __main__'s).
  bool IsMainScriptFrame(vm::Interpreter& interp, const vm::Frame& frame);
  void WriteStats() const;

  bool compile_all_ = false;
  CompileOptions compile_all_options_;
  std::string stats_path_;
  CompileStats stats_;
};

// The state of `rt`, created on first use.
RuntimeState& State(vm::Runtime& rt);

// torch._dynamo.config's current values (defaults when the module is missing).
Config ReadConfig(vm::Runtime& rt);

// Raises torch._dynamo.exc.<name>(message) (RuntimeError when the module is missing).
vm::Value RaiseDynamoError(vm::Runtime& rt, absl::string_view name, absl::string_view message);

// torch._dynamo.utils.counters[category][key] += delta (a no-op without the module).
void BumpCounter(vm::Runtime& rt, absl::string_view category, absl::string_view key,
                 int64_t delta = 1);

// Looks up a cached entry of backend `backend_id` whose guards pass; moves it to the
// front. Null on a miss.
CacheEntry* Lookup(CodeCache& cache, const guards::FrameView& view, uintptr_t backend_id);

// Runs `entry` for the frame (execute.cc): inputs by source, the compiled graph, the
// return value or the rebuilt frame of a break plan, the side effects, and for a break
// the rest of the frame. Returns the frame's result or Raised().
vm::Value RunEntry(vm::Interpreter& interp, const vm::Frame& frame, CacheEntry& entry,
                   const guards::FrameView& view);

// The cache-miss path (compile_frame.cc). Returns true when it produced the frame's
// result (*result, possibly Raised()), false when the frame should run eagerly.
bool CompileFrame(RuntimeState& state, vm::Interpreter& interp, vm::Frame& frame,
                  int32_t entry, const ActiveContext& ctx, CodeCache& cache,
                  vm::Value* result);

// The RuntimeError of set_stance("fail_on_recompile") for a miss on `cache`.
vm::Value RaiseFailOnRecompile(vm::Runtime& rt, const vm::CodeObject& code,
                               const CodeCache& cache, const guards::FrameView& view,
                               uintptr_t backend_id);

// A Backend for a Python callable backend (python_backend.cc). Its Compile calls
// `fn(graph_module, example_inputs)` and wraps what it returns; a Python exception from
// it comes back as an Unknown status with the exception left pending.
std::unique_ptr<codegen::Backend> MakePythonBackend(vm::Runtime& rt, vm::Value fn,
                                                    std::vector<vm::Value> example_inputs);
// A Python object wrapping `g` (the graph module custom backends receive).
vm::Value NewGraphModule(vm::Runtime& rt, const graph::Graph& g);
// Adds the graph-handle natives to the `_wick_runtime` module dict.
void AddGraphNatives(vm::Runtime& rt, vm::Dict* module_dict);
// Adds explain_begin/explain_end (explain.cc).
void AddExplainNatives(vm::Runtime& rt, vm::Dict* module_dict);

}  // namespace wick::runtime::internal

#endif  // WICK_RUNTIME_INTERNAL_STATE_H_
