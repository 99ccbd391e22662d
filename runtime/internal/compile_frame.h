// The runtime's cache-miss path, shared by its two files: compile_frame.cc (recompile
// checks, tracing, backend, storing entries) and compile_break.cc (what a trace that
// stopped at a graph break does: the partitioner's plan, the second trace, the entry
// that continues the frame, the graph_breaks records).
#ifndef WICK_RUNTIME_INTERNAL_COMPILE_FRAME_H_
#define WICK_RUNTIME_INTERNAL_COMPILE_FRAME_H_

#include <chrono>
#include <cstdint>
#include <string>
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

// A trace that stopped at a break (compile_break.cc): fullgraph=True and
// error_on_graph_break raise Unsupported; otherwise the partitioner's plan (resume after
// the break, step graph break, skip the frame, or a nested-break chain). Returns true
// when it produced the frame's result (*result), false when the frame runs eagerly.
bool HandleBreak(Attempt& a, const frontend::TraceOptions& topts,
                 const frontend::TraceResult& tr, vm::Value* result);

}  // namespace wick::runtime::internal

#endif  // WICK_RUNTIME_INTERNAL_COMPILE_FRAME_H_
