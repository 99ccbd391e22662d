// The runtime's cache-miss path, shared by its two files: compile_frame.cc (recompile
// checks, tracing, backend, storing entries) and compile_break.cc (what a trace that
// stopped at a graph break does: the partitioner's plan, the second trace, the entry
// that continues the frame, the graph_breaks records).
#ifndef WICK_RUNTIME_INTERNAL_COMPILE_FRAME_H_
#define WICK_RUNTIME_INTERNAL_COMPILE_FRAME_H_

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "frontend/frontend.h"
#include "guards/guards.h"
#include "logging/logging.h"
#include "runtime/internal/state.h"
#include "runtime/runtime.h"
#include "vm/interpreter.h"

namespace wick::runtime::internal {

// The cache-miss path (compile_frame.cc). Returns true when it produced the frame's
// result (*result, possibly Raised()), false when the frame should run eagerly.
bool CompileFrame(RuntimeState& state, vm::Interpreter& interp, vm::Frame& frame,
                  int32_t entry, const ActiveContext& ctx, CodeCache& cache,
                  vm::Value* result);

// The RuntimeError of set_stance("fail_on_recompile") for a miss on `cache`.
vm::Value RaiseFailOnRecompile(vm::Runtime& rt, const vm::CodeObject& code,
                               const CodeCache& cache, const guards::FrameView& view,
                               uintptr_t backend_id);

// What an attempt's TORCH_TRACE records say (trace_events.cc): the attempt number
// (1 after a graph break restarted the analysis), restart reasons and graph metrics.
struct TraceInfo {
  int64_t attempt = 0;
  std::vector<std::string> restart_reasons;
  int64_t graph_op_count = 0, graph_node_count = 0, graph_input_count = 0;
  int64_t guard_count = 0, shape_env_guard_count = 0;
  double backend_seconds = 0;
  bool has_guarded_code = false;
  double start_unix_seconds = 0;
  int32_t break_line = 0;  // where the break that restarted the analysis is
  std::string break_reason;
  int64_t cache_size = 0;         // entries before this attempt
  bool metrics_written = false;   // compilation_metrics is written once per attempt
};

// Everything one compile attempt needs about the frame.
struct Attempt {
  RuntimeState& state;
  vm::Interpreter& interp;
  vm::Frame& frame;
  int32_t entry;
  const ActiveContext& ctx;
  CodeCache& cache;
  Config config;
  guards::FrameView view;
  // CodeCache::seen as it was before this attempt (what its traces compare against).
  frontend::SeenInputs seen_before;
  TraceInfo trace;
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();

  vm::Runtime& rt() { return state.rt(); }
  const vm::CodeObject& code() const { return *frame.code; }
  // The frame's name and first line in logs: a resume entry's are upstream's resume
  // function's ("torch_dynamo_resume_in_f_at_12", 12).
  const std::string& name() const {
    return cache.resume_name.empty() ? code().name : cache.resume_name;
  }
  int32_t first_line() const {
    return cache.resume_name.empty() ? code().first_line : cache.resume_line;
  }
  std::string file() const { return code().source ? code().source->filename : "<unknown>"; }
  // An explain event of this attempt with its identity filled in.
  ExplainEvent Event(ExplainEvent::Kind kind, std::string text) const {
    ExplainEvent e;
    e.kind = kind;
    e.compile_id = std::string(logging::CurrentTraceIdText());
    e.frame = name();
    e.location = absl::StrCat(file(), ":", first_line());
    e.text = std::move(text);
    return e;
  }
};

// Traces the attempt's frame with the hook off. A tracer error (wick's bug) is
// InternalTorchDynamoError, or with suppress_errors WON'T CONVERT and an eager frame:
// then *done is what the attempt returns.
absl::StatusOr<frontend::TraceResult> TraceFrame(Attempt& a, const frontend::TraceOptions& opts,
                                                 bool* done, vm::Value* result);

// suppress_errors: logs WON'T CONVERT; the frame runs eagerly from now on (false).
bool SuppressError(Attempt& a, absl::string_view error);

// Builds the guard tree, logs the guards and graph, compiles (none when the graph has no
// ops) and stores the entry first in the cache; null when the attempt ended (*result
// set, or *eager true).
CacheEntry* CompileAndStore(Attempt& a, frontend::TraceResult& tr, bool* eager,
                            vm::Value* result);

// TORCH_TRACE records (trace_events.cc; no-ops unless TORCH_TRACE is set). At the
// start of an attempt: recompile_reasons (a recompile) and dynamo_start with the user
// stack; at a graph break: the dynamo_graph_break_reason artifact (the analysis then
// restarts as attempt 1); per stored graph: dynamo_output_graph, wick_graph_json and
// dynamo_cpp_guards_str; at the end: compilation_metrics, with the failure when
// `*result` is a raised exception.
void TraceCompileStart(Attempt& a);
void TraceBreak(Attempt& a, const std::string& record, const std::string& gb_type,
                int32_t line);
void TraceGraph(Attempt& a, const frontend::TraceResult& tr, const guards::GuardTree& tree);
// compilation_metrics once the attempt's entry is stored (before it runs), or at the
// end of an attempt that stored none (a skip, a failure: `result` raised).
void TraceCompileEnd(Attempt& a, const vm::Value& result);
// The aot_joint_graph / aot_forward_graph / aot_backward_graph events of a graph
// compiled for training.
void TraceAotGraphs(Attempt& a, const graph::Graph& joint, const graph::Graph& forward,
                    const graph::Graph& backward);
// The frames above `frame` (outermost first), as tracebacks show them.
std::vector<vm::TraceEntry> FramesAbove(const vm::Frame& frame);
// "{compile_id}: {first failing guard}" per cached entry, most recently used first; an
// entry compiled for another backend than `backend_id` fails its backend guard.
std::vector<std::string> RecompileReasons(const CodeCache& cache, const guards::FrameView& view,
                                          uintptr_t backend_id, bool verbose);

// A trace that stopped at a break (compile_break.cc): fullgraph=True and
// error_on_graph_break raise Unsupported; otherwise the partitioner's plan (resume after
// the break, step graph break, skip the frame, or a nested-break chain). Returns true
// when it produced the frame's result (*result), false when the frame runs eagerly.
bool HandleBreak(Attempt& a, const frontend::TraceOptions& topts,
                 const frontend::TraceResult& tr, vm::Value* result);

}  // namespace wick::runtime::internal

#endif  // WICK_RUNTIME_INTERNAL_COMPILE_FRAME_H_
