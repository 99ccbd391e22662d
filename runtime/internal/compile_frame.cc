// The cache-miss path: recompile reasons and limits, tracing (frontend::Trace with the
// hook off), breaks (fullgraph=True raises Unsupported; otherwise M3 runs the frame
// eagerly), guards, the backend, the log artifacts, and storing + running the entry.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "logging/logging.h"
#include "runtime/internal/messages.h"
#include "runtime/internal/state.h"
#include "vm/protocol.h"

namespace wick::runtime::internal {
namespace {

WICK_LOG_DEFINE_CHANNEL(convert_frame_log, "torch._dynamo.convert_frame");
WICK_LOG_DEFINE_CHANNEL(symbolic_convert_log, "torch._dynamo.symbolic_convert");
WICK_LOG_DEFINE_CHANNEL(output_graph_log, "torch._dynamo.output_graph");

// What print_readable's `filename` is upstream (gm.forward's co_filename).
constexpr absl::string_view kGraphModuleFile = "wick/graph/graph_module.py";

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

  vm::Runtime& rt() { return state.rt(); }
  const vm::CodeObject& code() const { return *frame.code; }
  std::string file() const { return code().source ? code().source->filename : "<unknown>"; }
};

// "{compile_id}: {first failing guard}" per cached entry, most recently used first.
std::vector<std::string> Reasons(const CodeCache& cache, const guards::FrameView& view,
                                 bool verbose) {
  std::vector<std::string> reasons;
  for (const auto& e : cache.entries) {
    std::vector<std::string> failures = e->guards->Explain(view);
    if (failures.empty()) failures.push_back("unknown guard failure");
    reasons.push_back(FormatEntryReason(e->compile_id, failures, verbose));
  }
  return reasons;
}

// The exception pending in rt as ("RuntimeError", "boom"), cleared.
std::pair<std::string, std::string> TakeException(vm::Runtime& rt) {
  vm::Value exc = rt.FetchException();
  std::string message;
  if (!vm::StrString(rt, exc, &message)) rt.ClearException();
  return {rt.TypeOf(exc)->name(), message};
}

// The name upstream's BackendCompilerFailed cites: the callable's __name__.
std::string BackendName(vm::Runtime& rt, const CompileOptions& opts) {
  if (opts.backend_fn.is_none()) return opts.backend;
  vm::Value n = vm::GetAttr(rt, opts.backend_fn, "__name__");
  std::string name;
  if (n.is_raised() || !rt.IsStr(n) || !vm::StrString(rt, n, &name)) {
    rt.ClearException();
    vm::Value cls = vm::GetAttr(rt, opts.backend_fn, "__class__");
    vm::Value cn = cls.is_raised() ? cls : vm::GetAttr(rt, cls, "__name__");
    if (cn.is_raised() || !vm::StrString(rt, cn, &name)) {
      rt.ClearException();
      name = "?";
    }
  }
  return name;
}

// A recompile: log the reasons, then apply error_on_recompile and the limits. Returns
// true when the attempt ends here (*result set).
bool CheckRecompile(Attempt& a, vm::Value* result) {
  vm::Runtime& rt = a.rt();
  const std::vector<std::string> reasons = Reasons(a.cache, a.view, false);
  const std::string message = FormatRecompileMessage(a.code().name, a.file(),
                                                     a.code().first_line, reasons, false);
  // Upstream logs one of the two: the verbose form when that artifact is on.
  if (WICK_ARTIFACT_IS_ON(recompiles_verbose)) {
    WICK_ARTIFACT(recompiles_verbose) << FormatRecompileMessage(
        a.code().name, a.file(), a.code().first_line, Reasons(a.cache, a.view, true), true);
  } else {
    WICK_ARTIFACT(recompiles) << message;
  }
  if (a.config.error_on_recompile) {
    *result = RaiseDynamoError(rt, "RecompileError", message);
    return true;
  }
  const int64_t n = static_cast<int64_t>(a.cache.entries.size());
  std::string limit_type;
  int64_t limit = 0;
  if (n >= a.config.recompile_limit) {
    limit_type = "recompile_limit";
    limit = a.config.recompile_limit;
  } else if (n >= a.config.accumulated_recompile_limit) {
    limit_type = "accumulated_recompile_limit";
    limit = a.config.accumulated_recompile_limit;
  } else {
    return false;
  }
  if (a.config.fail_on_recompile_limit_hit) {
    *result = RaiseDynamoError(rt, "FailOnRecompileLimitHit", kFailOnLimitHitMessage);
    return true;
  }
  if (a.ctx.options->fullgraph) {
    *result = RaiseDynamoError(rt, "FailOnRecompileLimitHit", kFullgraphLimitHitMessage);
    return true;
  }
  WICK_LOG_TO(convert_frame_log, logging::Level::kWarning)
      << FormatLimitWarning(limit_type, limit, a.code().name, a.file(), a.code().first_line,
                            reasons.empty() ? "" : reasons[0]);
  a.cache.run_only = true;
  *result = a.state.RunOnly(a.interp, a.frame, a.entry, a.ctx);
  return true;
}

// A trace that stopped at a break. fullgraph=True raises; otherwise the frame runs
// eagerly from now on (M4 compiles the prefix and resumes after the break instead).
bool HandleBreak(Attempt& a, const frontend::TraceResult& tr, vm::Value* result) {
  const frontend::BreakReason& br = tr.stop.reason;
  const std::string block =
      FormatGraphBreakBlock(br.gb_type, br.context, br.explanation, br.hints);
  if (a.ctx.options->fullgraph) {
    *result = RaiseDynamoError(a.rt(), "Unsupported", FormatUnsupported(block, br.user_stack));
    return true;
  }
  WICK_ARTIFACT(graph_breaks) << FormatGraphBreakRecord(block, br.user_stack);
  a.state.RecordBreak(br.gb_type);
  BumpCounter(a.rt(), "graph_break", br.gb_type);
  BumpCounter(a.rt(), "frames", "ok");
  a.cache.skip = true;
  return false;
}

// suppress_errors: log WON'T CONVERT and run the frame eagerly from now on.
bool SuppressError(Attempt& a, absl::string_view error) {
  WICK_LOG_TO(convert_frame_log, logging::Level::kWarning)
      << FormatWontConvert(a.code().name, a.file(), a.code().first_line, error);
  a.cache.skip = true;
  return false;
}

void LogGraph(const graph::Graph& g) {
  WICK_ARTIFACT(graph_code) << "TRACED GRAPH\n ===== " << g.name() << " =====\n "
                            << kGraphModuleFile << " " << graph::PrintReadable(g) << "\n";
  if (!WICK_ARTIFACT_IS_ON(graph_sizes)) return;
  std::string sizes = absl::StrCat("TRACED GRAPH TENSOR SIZES\n===== ", g.name(), " =====\n");
  for (const graph::Node& n : g.nodes()) {
    if (n.kind == graph::NodeKind::kOutput || n.meta.size() != 1) continue;
    absl::StrAppend(&sizes, n.name, ": ", FormatSizeTuple(n.meta[0].sizes), "\n");
  }
  WICK_ARTIFACT(graph_sizes) << sizes;
}

// The backend for this compile: a Python callable or a built-in name.
absl::StatusOr<std::unique_ptr<codegen::Backend>> ChooseBackend(
    Attempt& a, const frontend::TraceResult& tr) {
  const CompileOptions& opts = *a.ctx.options;
  if (opts.backend_fn.is_none()) return codegen::MakeBackend(opts.backend);
  std::vector<vm::Value> examples;
  for (const guards::SourcePtr& s : tr.graph_inputs) {
    const vm::Value* v = guards::Resolve(*s, a.view);
    examples.push_back(v == nullptr ? vm::Value::None() : *v);
  }
  return MakePythonBackend(a.rt(), opts.backend_fn, std::move(examples));
}

// Runs the backend on the graph (hook off). On failure: BackendCompilerFailed, or with
// suppress_errors the WON'T CONVERT warning and *eager. Null when it failed.
std::unique_ptr<codegen::CompiledGraph> RunBackend(Attempt& a, frontend::TraceResult& tr,
                                                   bool* eager, vm::Value* result) {
  vm::Runtime& rt = a.rt();
  const std::string name = BackendName(rt, *a.ctx.options);
  WICK_LOG_TO(output_graph_log, logging::Level::kInfo)
      << "Step 2: calling compiler function " << name;
  absl::StatusOr<std::unique_ptr<codegen::Backend>> backend = ChooseBackend(a, tr);
  if (!backend.ok()) {
    *result = rt.RaiseStatus(backend.status());
    return nullptr;
  }
  absl::StatusOr<std::unique_ptr<codegen::CompiledGraph>> compiled;
  {
    RuntimeState::Scope off(a.state, {a.ctx.options, Mode::kDisabled});
    compiled = (*backend)->Compile(tr.graph);
  }
  if (compiled.ok()) {
    WICK_LOG_TO(output_graph_log, logging::Level::kInfo)
        << "Step 2: done compiler function " << name;
    return *std::move(compiled);
  }
  auto [type, msg] = rt.HasPending() ? TakeException(rt)
                                     : std::make_pair(std::string("RuntimeError"),
                                                      std::string(compiled.status().message()));
  const std::string text = FormatBackendFailed(name, type, msg);
  if (a.config.suppress_errors) {
    *eager = !SuppressError(a, absl::StrCat("torch._dynamo.exc.BackendCompilerFailed: ", text));
  } else {
    *result = RaiseDynamoError(rt, "BackendCompilerFailed", text);
  }
  return nullptr;
}

// Builds the guard tree, logs the guards and graph, compiles, and stores the entry
// first in the cache. Returns the entry, or null when the attempt ended (*result set,
// or *eager true).
CacheEntry* CompileAndStore(Attempt& a, frontend::TraceResult& tr, bool* eager,
                            vm::Value* result) {
  vm::Runtime& rt = a.rt();
  absl::StatusOr<std::unique_ptr<guards::GuardTree>> tree =
      guards::GuardTree::Build(std::move(tr.guards));
  if (!tree.ok()) {
    *result = RaiseDynamoError(rt, "InternalTorchDynamoError", tree.status().message());
    return nullptr;
  }
  if (WICK_ARTIFACT_IS_ON(guards)) {
    WICK_ARTIFACT(guards) << "GUARDS:";
    WICK_ARTIFACT(guards) << "\n" << (*tree)->Print();
  }
  LogGraph(tr.graph);
  std::unique_ptr<codegen::CompiledGraph> compiled = RunBackend(a, tr, eager, result);
  if (compiled == nullptr) return nullptr;
  auto entry = std::make_unique<CacheEntry>();
  entry->guards = *std::move(tree);
  entry->compiled = std::move(compiled);
  entry->inputs = std::move(tr.graph_inputs);
  entry->result = std::move(tr.return_value);
  entry->side_effects = std::move(tr.side_effects);
  entry->backend_id = a.ctx.options->backend_id;
  entry->compile_id = std::string(logging::CurrentTraceIdText());
  a.state.RecordGraph();
  BumpCounter(rt, "stats", "unique_graphs");
  BumpCounter(rt, "stats", "calls_captured", tr.graph.num_calls());
  BumpCounter(rt, "frames", "ok");
  a.cache.entries.insert(a.cache.entries.begin(), std::move(entry));
  return a.cache.entries.front().get();
}

// Traces, handles the outcome and compiles. Runs inside the attempt's compile id.
bool TraceAndCompile(Attempt& a, vm::Value* result) {
  vm::Runtime& rt = a.rt();
  BumpCounter(rt, "frames", "total");
  WICK_LOG_TO(symbolic_convert_log, logging::Level::kInfo)
      << "Step 1: torchdynamo start tracing " << a.code().name << " " << a.file() << ":"
      << a.code().first_line;
  frontend::TraceOptions topts;
  topts.graph_name = absl::StrCat("__compiled_fn_", a.state.next_graph_id++);
  topts.fullgraph = a.ctx.options->fullgraph;
  topts.capture_scalar_outputs = a.config.capture_scalar_outputs;
  absl::StatusOr<frontend::TraceResult> tr;
  {
    RuntimeState::Scope off(a.state, {a.ctx.options, Mode::kDisabled});
    tr = frontend::Trace(a.interp, a.frame, a.entry, topts);
  }
  if (!tr.ok()) {
    const std::string text(tr.status().message());
    if (a.config.suppress_errors) return SuppressError(a, text);
    *result = RaiseDynamoError(rt, "InternalTorchDynamoError", text);
    return true;
  }
  if (tr->stop.kind == frontend::Stop::Kind::kBreak) return HandleBreak(a, *tr, result);
  WICK_LOG_TO(symbolic_convert_log, logging::Level::kInfo)
      << "Step 1: torchdynamo done tracing " << a.code().name << " (RETURN_VALUE)";
  if (tr->graph.num_calls() == 0) {
    WICK_LOG_TO(convert_frame_log, logging::Level::kDebug)
        << "Skipping frame because no content in function call " << a.code().name << " "
        << a.file() << " " << a.code().first_line;
    BumpCounter(rt, "frames", "ok");
    a.cache.skip = true;
    return false;
  }
  bool eager = false;
  CacheEntry* entry = CompileAndStore(a, *tr, &eager, result);
  if (entry == nullptr) return !eager;
  *result = RunEntry(rt, *entry, a.view);
  return true;
}

}  // namespace

vm::Value RaiseFailOnRecompile(vm::Runtime& rt, const vm::CodeObject& code,
                               const CodeCache& cache, const guards::FrameView& view) {
  const std::string file = code.source ? code.source->filename : "<unknown>";
  return rt.Raise(rt.exc().runtime_error,
                  FormatFailOnRecompile(code.name, file, code.first_line,
                                        Reasons(cache, view, false)));
}

bool CompileFrame(RuntimeState& state, vm::Interpreter& interp, vm::Frame& frame,
                  int32_t entry, const ActiveContext& ctx, CodeCache& cache,
                  vm::Value* result) {
  Attempt a{state, interp, frame, entry, ctx, cache, ReadConfig(state.rt()),
            ViewOf(state.rt(), frame)};
  if (cache.frame_id < 0) cache.frame_id = state.NewFrameId();
  logging::TraceId id;
  id.compile_id.frame_id = cache.frame_id;
  id.compile_id.frame_compile_id = cache.compiles++;
  logging::CompileIdScope scope(id);
  if (!cache.entries.empty() && CheckRecompile(a, result)) return true;
  return TraceAndCompile(a, result);
}

}  // namespace wick::runtime::internal
