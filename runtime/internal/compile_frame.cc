// The cache-miss path: recompile reasons and limits, tracing (frontend::Trace with the
// hook off), guards, the backend, the log artifacts, and storing + running the entry.
// What a trace that stopped at a graph break does is compile_break.cc's.
#include <algorithm>
#include <cstdio>
#include <chrono>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/strip.h"
#include "guards/frame_view.h"
#include "logging/logging.h"
#include "partitioner/joint.h"
#include "tensor/autograd/autograd.h"
#include "runtime/internal/compile_frame.h"
#include "runtime/internal/execute.h"
#include "runtime/internal/messages.h"
#include "runtime/internal/python_backend.h"
#include "runtime/internal/state.h"
#include "vm/protocol.h"

namespace wick::runtime::internal {
namespace {

WICK_LOG_DEFINE_CHANNEL(convert_frame_log, "torch._dynamo.convert_frame");
WICK_LOG_DEFINE_CHANNEL(symbolic_convert_log, "torch._dynamo.symbolic_convert");
WICK_LOG_DEFINE_CHANNEL(output_graph_log, "torch._dynamo.output_graph");

// What print_readable's `filename` is upstream (gm.forward's co_filename).
constexpr absl::string_view kGraphModuleFile = "wick/graph/graph_module.py";

}  // namespace

std::vector<std::string> RecompileReasons(const CodeCache& cache, const guards::FrameView& view,
                                          uintptr_t backend_id, bool verbose) {
  std::vector<std::string> reasons;
  for (const auto& e : cache.entries) {
    std::vector<std::string> failures;
    if (e->backend_id != backend_id) {
      // Compiled for another backend (the same code under two torch.compile calls):
      // upstream's BACKEND_MATCH guard, printed as its code part.
      failures.push_back(absl::StrCat("___check_current_backend(", e->backend_id, ")"));
    } else {
      failures = e->guards->Explain(view);
    }
    if (failures.empty()) failures.push_back("unknown guard failure");
    reasons.push_back(FormatEntryReason(e->compile_id, failures, verbose));
  }
  return reasons;
}

namespace {

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
  const std::vector<std::string> reasons = RecompileReasons(a.cache, a.view, a.ctx.options->backend_id, false);
  const std::string message = FormatRecompileMessage(a.name(), a.file(), a.first_line(),
                                                     reasons, false);
  // Upstream logs one of the two: the verbose form when that artifact is on.
  if (WICK_ARTIFACT_IS_ON(recompiles_verbose)) {
    WICK_ARTIFACT(recompiles_verbose) << FormatRecompileMessage(
        a.name(), a.file(), a.first_line(), RecompileReasons(a.cache, a.view, a.ctx.options->backend_id, true), true);
  } else {
    WICK_ARTIFACT(recompiles) << message;
  }
  a.state.recorders.RecordExplain(a.Event(ExplainEvent::Kind::kRecompile, message));
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
  if (a.state.error_on_graph_break) {  // the limit is a graph break there (gb0039)
    const std::string block = FormatGraphBreakBlock(
        "Dynamo recompile limit exceeded", absl::StrCat("Limit type: ", limit_type),
        absl::StrCat("Dynamo attempted to recompile the code object too many times, exceeding "
                     "the ", limit_type, " cache size limit (currently set to ", limit,
                     "). Excessive recompilations can degrade performance due to the "
                     "compilation overhead of each recompilation."),
        {absl::StrCat("To monitor recompilations, enable TORCH_LOGS=recompiles. If "
                      "recompilations are expected, consider increasing "
                      "torch._dynamo.config.", limit_type, " to an appropriate value."),
         "See https://docs.pytorch.org/docs/main/user_guide/torch_compiler/compile/"
         "programming_model.recompilation.html for tips on dealing with recompilations."});
    *result = RaiseDynamoError(rt, "Unsupported", FormatUnsupported(block, {}));
    return true;
  }
  WICK_LOG_TO(convert_frame_log, logging::Level::kWarning)
      << FormatLimitWarning(limit_type, limit, a.name(), a.file(), a.first_line(),
                            reasons.empty() ? "" : reasons[0]);
  a.cache.run_only = true;
  *result = a.state.RunOnly(a.interp, a.frame, a.entry, a.ctx);
  return true;
}

}  // namespace

absl::StatusOr<frontend::TraceResult> TraceFrame(Attempt& a, const frontend::TraceOptions& opts,
                                                 bool* done, vm::Value* result) {
  absl::StatusOr<frontend::TraceResult> tr;
  {
    RuntimeState::Scope off(a.state, {a.ctx.options, Mode::kDisabled});
    tr = frontend::Trace(a.interp, a.frame, a.entry, opts);
  }
  if (!tr.ok()) {
    const std::string text(tr.status().message());
    if (a.config.suppress_errors) {
      *done = SuppressError(a, text);
    } else {
      *result = RaiseDynamoError(a.rt(), "InternalTorchDynamoError", text);
      *done = true;
    }
  }
  return tr;
}

// suppress_errors: log WON'T CONVERT and run the frame eagerly from now on.
bool SuppressError(Attempt& a, absl::string_view error) {
  WICK_LOG_TO(convert_frame_log, logging::Level::kWarning)
      << FormatWontConvert(a.name(), a.file(), a.first_line(), error);
  a.cache.skip = true;
  return false;
}

namespace {

// `wick run --dot DIR` (RuntimeOptions::dot_dir): each graph as DIR/<graph name>.dot.
void WriteDot(const std::string& dir, const graph::Graph& g) {
  if (dir.empty()) return;
  const std::string path = absl::StrCat(dir, "/", g.name(), ".dot");
  if (std::FILE* f = std::fopen(path.c_str(), "w")) {
    const std::string text = graph::ToDot(g);
    std::fwrite(text.data(), 1, text.size(), f);
    std::fclose(f);
  } else {
    WICK_LOG_TO(output_graph_log, logging::Level::kWarning)
        << "wick run --dot: cannot write " << path;
  }
}

void LogGraph(const std::string& dot_dir, const graph::Graph& g) {
  WriteDot(dot_dir, g);
  WICK_ARTIFACT(graph_code) << "TRACED GRAPH\n ===== " << g.name() << " =====\n "
                            << kGraphModuleFile << " " << graph::PrintReadable(g) << "\n";
  if (!WICK_ARTIFACT_IS_ON(graph_sizes)) return;
  WICK_ARTIFACT(graph_sizes) << graph::GraphSizes(g);
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
  const auto backend_start = std::chrono::steady_clock::now();
  {
    RuntimeState::Scope off(a.state, {a.ctx.options, Mode::kDisabled});
    compiled = (*backend)->Compile(tr.graph);
  }
  a.trace.backend_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - backend_start).count();
  if (compiled.ok()) {
    WICK_LOG_TO(output_graph_log, logging::Level::kInfo)
        << "Step 2: done compiler function " << name;
    return *std::move(compiled);
  }
  auto [type, msg] = rt.HasPending() ? TakeException(rt)
                                     : std::make_pair(std::string("RuntimeError"),
                                                      std::string(compiled.status().message()));
  if (type == "UnsupportedFakeTensorException" || type == "DataDependentOutputException" ||
      type == "DynamicOutputShapeException" || type == "UnsupportedOperatorException" ||
      type == "UnsupportedMutationAliasingException") {
    // Upstream's fake-tensor fallbacks: a graph break, not a compiler failure (§18).
    const std::string block = FormatGraphBreakBlock(
        "Backend compiler exception", absl::StrCat("Backend: ", name, "\nException:", msg),
        absl::StrCat("Backend compiler `", name, "` failed with ", msg,
                     ". Adding a graph break."),
        {"Report an issue to the backend compiler repo."});
    if (a.ctx.options->fullgraph || a.state.error_on_graph_break) {
      *result = RaiseDynamoError(rt, "Unsupported", FormatUnsupported(block, {}));
      return nullptr;
    }
    WICK_LOG_TO(convert_frame_log, logging::Level::kWarning)
        << "Backend compiler exception: the frame runs eagerly.\n" << block;
    a.state.recorders.RecordBreak("Backend compiler exception");
    BumpCounter(rt, "graph_break", "Backend compiler exception");
    a.cache.skip = true;
    *eager = true;
    return nullptr;
  }
  const std::string text = FormatBackendFailed(name, type, msg);
  if (a.config.suppress_errors) {
    *eager = !SuppressError(a, absl::StrCat("torch._dynamo.exc.BackendCompilerFailed: ", text));
  } else {
    *result = RaiseDynamoError(rt, "BackendCompilerFailed", text);
  }
  return nullptr;
}

// The explain event of a graph about to be stored.
ExplainEvent GraphEvent(const Attempt& a, const frontend::TraceResult& tr,
                        const guards::GuardTree& tree) {
  ExplainEvent e = a.Event(ExplainEvent::Kind::kGraph, graph::PrintReadable(tr.graph));
  e.graph_name = tr.graph.name();
  for (const graph::Node& n : tr.graph.nodes()) {
    if (n.kind == graph::NodeKind::kCall) e.ops.push_back(n.spelling.target);
  }
  e.guard_tree = tree.Print();
  return e;
}

// The guards of a trace as explain lists them (before they go into the guard tree).
std::vector<ExplainGuard> ExplainGuards(const std::vector<guards::GuardSpec>& specs) {
  std::vector<ExplainGuard> out;
  for (const guards::GuardSpec& g : specs) {
    ExplainGuard eg;
    eg.create_function = guards::GuardKindName(g.kind);
    if (g.source != nullptr) eg.name = g.source->Name();
    eg.source = g.source == nullptr || absl::StartsWith(eg.name, "G[") ? "global" : "local";
    out.push_back(std::move(eg));
  }
  return out;
}

// One AOT graph as upstream's aot_graphs / aot_joint_graph records print it.
void LogAotGraph(const logging::Channel& channel, const std::string& title,
                 const graph::Graph& g) {
  WICK_LOG_TO(channel, logging::Level::kInfo)
      << "TRACED GRAPH\n ===== " << title << " =====\n " << kGraphModuleFile << " "
      << graph::PrintReadable(g) << "\n";
}

// AOT autograd (partitioner/joint.h): when the graph's inputs require grad under grad
// mode, the joint forward/backward trace on this call's inputs, cut into a forward and
// a backward that the same built-in backend compiles. Null where it does not apply (a
// Python backend gets the graph as Dynamo made it, as upstream's do) or cannot be done;
// the graph then runs under eager autograd when gradients are needed.
std::shared_ptr<const AotCompiled> CompileForTraining(Attempt& a, const frontend::TraceResult& tr) {
  const CompileOptions& opts = *a.ctx.options;
  if (!opts.backend_fn.is_none() || !tensor::autograd::GradModeEnabled()) return nullptr;
  GraphInputList inputs;
  if (!GraphInputs(a.rt(), tr.graph_inputs, a.view, &inputs).ok()) return nullptr;
  bool any = false;
  for (const tensor::Tensor& t : inputs) any |= t.requires_grad();
  if (!any) return nullptr;
  absl::StatusOr<partitioner::JointGraphs> j = partitioner::TraceJoint(tr.graph, inputs);
  if (!j.ok()) {
    WICK_LOG(aot, DEBUG) << tr.graph.name() << " runs under eager autograd: "
                         << j.status().message();
    return nullptr;
  }
  const int64_t id = a.state.next_aot_id++;
  if (WICK_ARTIFACT_IS_ON(aot_joint_graph)) {
    LogAotGraph(logging::channels::artifact_aot_joint_graph, absl::StrCat("Joint graph ", id),
                j->joint);
  }
  if (WICK_ARTIFACT_IS_ON(aot_graphs)) {
    LogAotGraph(logging::channels::artifact_aot_graphs, absl::StrCat("Forward graph ", id),
                j->forward);
    LogAotGraph(logging::channels::artifact_aot_graphs, absl::StrCat("Backward graph ", id),
                j->backward);
  }
  TraceAotGraphs(a, j->joint, j->forward, j->backward);
  absl::StatusOr<std::unique_ptr<codegen::Backend>> backend = codegen::MakeBackend(opts.backend);
  if (!backend.ok()) return nullptr;
  auto aot = std::make_shared<AotCompiled>();
  absl::StatusOr<std::unique_ptr<codegen::CompiledGraph>> fw = (*backend)->Compile(j->forward);
  absl::StatusOr<std::unique_ptr<codegen::CompiledGraph>> bw = (*backend)->Compile(j->backward);
  if (!fw.ok() || !bw.ok()) {
    WICK_LOG(aot, DEBUG) << tr.graph.name() << " runs under eager autograd: "
                         << (fw.ok() ? bw.status() : fw.status()).message();
    return nullptr;
  }
  aot->forward = *std::move(fw);
  aot->backward = *std::move(bw);
  aot->num_user_outputs = j->num_user_outputs;
  aot->differentiable = j->differentiable;
  aot->grad_inputs = j->grad_inputs;
  for (graph::NodeId p : j->backward.placeholders()) {
    aot->backward_inputs.push_back(j->backward.node(p).meta[0]);
  }
  BumpCounter(a.rt(), "aot_autograd", "joint_graphs");
  return aot;
}

}  // namespace

// Builds the guard tree, logs the guards and graph, compiles (a break plan's graph may
// be empty: no backend call then), and stores the entry first in the cache. Returns
// the entry, or null when the attempt ended (*result set, or *eager true).
CacheEntry* CompileAndStore(Attempt& a, frontend::TraceResult& tr, bool* eager,
                            vm::Value* result) {
  vm::Runtime& rt = a.rt();
  std::vector<ExplainGuard> explain_guards;
  if (a.state.recorders.recording_explain) explain_guards = ExplainGuards(tr.guards);
  absl::StatusOr<std::unique_ptr<guards::GuardTree>> tree =
      guards::GuardTree::Build(std::move(tr.guards));
  if (!tree.ok()) {
    *result = RaiseDynamoError(rt, "InternalTorchDynamoError", tree.status().message());
    return nullptr;
  }
  TraceGraph(a, tr, **tree);
  if (WICK_ARTIFACT_IS_ON(guards)) {
    WICK_ARTIFACT(guards) << "GUARDS:";
    WICK_ARTIFACT(guards) << "\n" << (*tree)->Print();
  }
  ExplainEvent event;
  if (a.state.recorders.recording_explain) {
    event = GraphEvent(a, tr, **tree);
    event.guards = std::move(explain_guards);
  }
  const bool has_graph = tr.graph.num_calls() > 0;
  std::unique_ptr<codegen::CompiledGraph> compiled;
  if (has_graph) {
    LogGraph(a.state.dot_dir, tr.graph);
    compiled = RunBackend(a, tr, eager, result);
    if (compiled == nullptr) return nullptr;
  }
  auto entry = std::make_unique<CacheEntry>();
  const bool creates_leaves = partitioner::CreatesGradLeaves(tr.graph);
  if (has_graph && !compiled->records_autograd()) {
    BumpCounter(rt, "aot_autograd", "total");
    if (!creates_leaves) entry->aot = CompileForTraining(a, tr);
    entry->run_recorded =
        creates_leaves || (entry->aot == nullptr && partitioner::WritesInPlace(tr.graph));
    BumpCounter(rt, "aot_autograd", "ok");
    absl::StatusOr<std::unique_ptr<codegen::CompiledGraph>> for_grad =
        codegen::MakeEagerBackend()->Compile(tr.graph);
    if (for_grad.ok()) entry->eager_for_grad = *std::move(for_grad);
  }
  entry->guards = *std::move(tree);
  entry->compiled = std::move(compiled);
  entry->inputs = std::move(tr.graph_inputs);
  entry->symbols = std::move(tr.symbols);
  entry->result = std::move(tr.return_value);
  entry->side_effects = std::move(tr.side_effects);
  entry->backend_id = a.ctx.options->backend_id;
  entry->backend_fn = a.ctx.options->backend_fn;
  entry->compile_id = std::string(logging::CurrentTraceIdText());
  entry->frame = std::move(tr.frame);
  if (has_graph) {
    event.compile_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - a.start).count();
    a.state.recorders.RecordExplain(std::move(event));
    a.state.recorders.RecordGraph();
    BumpCounter(rt, "stats", "unique_graphs");
    BumpCounter(rt, "stats", "calls_captured", tr.graph.num_calls());
  }
  BumpCounter(rt, "frames", "ok");
  a.cache.entries.insert(a.cache.entries.begin(), std::move(entry));
  TraceCompileEnd(a, vm::Value::None());  // compiled: the metrics before it runs
  return a.cache.entries.front().get();
}

namespace {

// Traces, handles the outcome and compiles. Runs inside the attempt's compile id.
bool TraceAndCompile(Attempt& a, vm::Value* result) {
  vm::Runtime& rt = a.rt();
  BumpCounter(rt, "frames", "total");
  WICK_LOG_TO(symbolic_convert_log, logging::Level::kInfo)
      << "Step 1: torchdynamo start tracing " << a.name() << " " << a.file() << ":"
      << a.first_line();
  frontend::TraceOptions topts;
  topts.graph_name = absl::StrCat("__compiled_fn_", a.state.next_graph_id++);
  topts.fullgraph = a.ctx.options->fullgraph;
  topts.capture_scalar_outputs = a.config.capture_scalar_outputs;
  topts.top_name = a.cache.resume_name;
  topts.reorderable_logging_functions = a.config.reorderable_logging_functions;
  topts.error_on_graph_break = a.state.error_on_graph_break;
  topts.nested_graph_breaks = a.config.nested_graph_breaks;
  const std::optional<bool>& dynamic = a.ctx.options->dynamic;
  topts.dynamic = !dynamic.has_value() ? frontend::DynamicMode::kAutomatic
                  : *dynamic           ? frontend::DynamicMode::kAll
                                       : frontend::DynamicMode::kNone;
  topts.automatic_dynamic_shapes = a.config.automatic_dynamic_shapes;
  topts.assume_static_by_default = a.config.assume_static_by_default;
  topts.allow_unspec_int_on_nn_module = a.config.allow_unspec_int_on_nn_module;
  topts.specialize_float = a.config.specialize_float;
  a.seen_before = a.cache.seen;
  topts.seen = &a.seen_before;
  bool done = false;
  absl::StatusOr<frontend::TraceResult> tr = TraceFrame(a, topts, &done, result);
  if (!tr.ok()) return done;
  frontend::MergeSeen(tr->seen, &a.cache.seen);
  if (tr->stop.kind == frontend::Stop::Kind::kBreak && tr->stop.in_continuation) {
    // The continuations run first (their own resume entries), then this frame is traced
    // with their value (RuntimeState::OnFrameEnter).
    a.cache.force_continuations = true;
    return false;
  }
  if (tr->stop.kind == frontend::Stop::Kind::kBreak) return HandleBreak(a, topts, *tr, result);
  WICK_LOG_TO(symbolic_convert_log, logging::Level::kInfo)
      << "Step 1: torchdynamo done tracing " << a.name() << " (RETURN_VALUE)";
  if (tr->graph.num_calls() == 0) {
    WICK_LOG_TO(convert_frame_log, logging::Level::kDebug)
        << "Skipping frame because no content in function call " << a.name() << " "
        << a.file() << " " << a.first_line();
    a.state.recorders.RecordExplain(a.Event(ExplainEvent::Kind::kSkip, "no tensor ops traced"));
    BumpCounter(rt, "frames", "ok");
    a.cache.skip = true;
    return false;
  }
  bool eager = false;
  CacheEntry* entry = CompileAndStore(a, *tr, &eager, result);
  if (entry == nullptr) return !eager;
  *result = RunEntry(a.interp, a.frame, *entry, a.view);
  return true;
}

}  // namespace

vm::Value RaiseFailOnRecompile(vm::Runtime& rt, const vm::CodeObject& code,
                               const CodeCache& cache, const guards::FrameView& view,
                               uintptr_t backend_id) {
  const std::string file = code.source ? code.source->filename : "<unknown>";
  return rt.Raise(rt.exc().runtime_error,
                  FormatFailOnRecompile(code.name, file, code.first_line,
                                        RecompileReasons(cache, view, backend_id, false)));
}

bool CompileFrame(RuntimeState& state, vm::Interpreter& interp, vm::Frame& frame,
                  int32_t entry, const ActiveContext& ctx, CodeCache& cache,
                  vm::Value* result) {
  Attempt a{state, interp, frame, entry, ctx, cache, ReadConfig(state.rt()),
            guards::FrameViewOf(state.rt(), frame)};
  if (cache.frame_id < 0) cache.frame_id = state.NewFrameId();
  logging::TraceId id;
  id.compile_id.frame_id = cache.frame_id;
  id.compile_id.frame_compile_id = cache.compiles++;
  logging::CompileIdScope scope(id);
  TraceCompileStart(a);
  const bool done = (!cache.entries.empty() && CheckRecompile(a, result)) ||
                    TraceAndCompile(a, result);
  TraceCompileEnd(a, done ? *result : vm::Value::None());
  return done;
}

}  // namespace wick::runtime::internal
