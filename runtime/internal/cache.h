// The compiled-code cache's parts: one CacheEntry per compiled version of a frame (its
// guards, compiled graph, rebuild and break plan), one CodeCache per (code object, entry
// offset) holding them most recently used first, and the guard-dispatched lookup
// (cache.cc). RuntimeState (state.h) owns the CodeCaches.
#ifndef WICK_RUNTIME_INTERNAL_CACHE_H_
#define WICK_RUNTIME_INTERNAL_CACHE_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "codegen/backend.h"
#include "graph/graph.h"
#include "frontend/frontend.h"
#include "guards/guards.h"
#include "guards/source.h"
#include "vm/value.h"

namespace wick::runtime::internal {

// A graph's forward and backward, compiled (AOT autograd, partitioner/joint.h): what
// runs when grad mode is on and an input requires grad. Shared with the autograd nodes
// of the calls that ran it, which may outlive the entry.
struct AotCompiled {
  std::unique_ptr<codegen::CompiledGraph> forward, backward;
  int num_user_outputs = 0;
  std::vector<bool> differentiable;  // per user output
  std::vector<int> grad_inputs;      // per backward output: the input it belongs to
  // The backward's placeholders (saved values, then tangents): what each input must look
  // like (the compiled code was made for these strides).
  std::vector<graph::TensorMeta> backward_inputs;
};

// One compiled version of a frame: valid while `guards` hold.
struct CacheEntry {
  std::unique_ptr<guards::GuardTree> guards;
  std::unique_ptr<codegen::CompiledGraph> compiled;
  // The same graph on the eager backend, which records autograd: what runs when grad
  // mode is on and an input requires grad (execute.cc, CompiledFunctionBackward).
  std::unique_ptr<codegen::CompiledGraph> eager_for_grad;
  // Set when the graph was compiled for training (joint forward/backward); runs instead
  // of eager_for_grad.
  std::shared_ptr<const AotCompiled> aot;
  // The graph makes new leaves that require grad (torch.ones(3, requires_grad=True)), or
  // writes in place into tensors (an input's relu_) and AOT autograd did not take it:
  // under grad mode it runs recorded on the caller's tensors themselves
  // (eager_for_grad), its outputs handed back as they are, so that the leaves' .grad
  // fill in and in-place writes rewrite the real history (not a detached copy's).
  bool run_recorded = false;
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

// Looks up a cached entry of backend `backend_id` whose guards pass; moves it to the
// front. Null on a miss.
CacheEntry* Lookup(CodeCache& cache, const guards::FrameView& view, uintptr_t backend_id);

}  // namespace wick::runtime::internal

#endif  // WICK_RUNTIME_INTERNAL_CACHE_H_
