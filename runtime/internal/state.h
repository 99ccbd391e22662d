// The runtime's per-Runtime state: the frame hook (a vm::FrameEvalHook) that owns the
// compiled-code caches (cache.h) per (code object, entry offset), the stack of active
// compile contexts and the stance (config.h), compile-id counters and the recorders
// (recorders.h). It is a vm::Object so the Runtime frees it (and the Python values its
// entries hold) at teardown. Its methods are defined in state.cc and hook.cc.
#ifndef WICK_RUNTIME_INTERNAL_STATE_H_
#define WICK_RUNTIME_INTERNAL_STATE_H_

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/string_view.h"
#include "runtime/internal/cache.h"
#include "runtime/internal/config.h"
#include "runtime/internal/recorders.h"
#include "runtime/runtime.h"
#include "vm/continuation.h"
#include "vm/interpreter.h"
#include "vm/object.h"
#include "vm/runtime.h"
#include "vm/value.h"

namespace wick::runtime::internal {

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
  int64_t next_aot_id = 0;           // "Forward graph {N}" (never reset, as upstream's)
  std::string dot_dir;               // RuntimeOptions::dot_dir

  // WICK_COMPILE_ALL: frames of the main script compile under `compile_all_options`
  // (the counts go to `stats_path` when it is not empty).
  void EnableCompileAll(std::string stats_path, std::string backend = "eager");
  // What compiles record as they go: compile-all counts, explain events, logged break
  // sites (recorders.h).
  Recorders recorders;

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

  bool compile_all_ = false;
  CompileOptions compile_all_options_;
};

// The state of `rt`, created on first use.
RuntimeState& State(vm::Runtime& rt);

}  // namespace wick::runtime::internal

#endif  // WICK_RUNTIME_INTERNAL_STATE_H_
