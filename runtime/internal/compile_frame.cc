// The cache-miss path: recompile reasons and limits, tracing (frontend::Trace with the
// hook off), breaks (fullgraph=True raises Unsupported; otherwise M3 runs the frame
// eagerly), guards, the backend, the log artifacts, and storing + running the entry.
#include <algorithm>
#include <chrono>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "partitioner/break_plan.h"
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
  const std::string message = FormatRecompileMessage(a.name(), a.file(), a.first_line(),
                                                     reasons, false);
  // Upstream logs one of the two: the verbose form when that artifact is on.
  if (WICK_ARTIFACT_IS_ON(recompiles_verbose)) {
    WICK_ARTIFACT(recompiles_verbose) << FormatRecompileMessage(
        a.name(), a.file(), a.first_line(), Reasons(a.cache, a.view, true), true);
  } else {
    WICK_ARTIFACT(recompiles) << message;
  }
  a.state.RecordExplain(a.Event(ExplainEvent::Kind::kRecompile, message));
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

// suppress_errors: log WON'T CONVERT and run the frame eagerly from now on.
bool SuppressError(Attempt& a, absl::string_view error) {
  WICK_LOG_TO(convert_frame_log, logging::Level::kWarning)
      << FormatWontConvert(a.name(), a.file(), a.first_line(), error);
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
    a.state.RecordBreak("Backend compiler exception");
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

// Builds the guard tree, logs the guards and graph, compiles (a break plan's graph may
// be empty: no backend call then), and stores the entry first in the cache. Returns
// the entry, or null when the attempt ended (*result set, or *eager true).
CacheEntry* CompileAndStore(Attempt& a, frontend::TraceResult& tr, bool* eager,
                            vm::Value* result) {
  vm::Runtime& rt = a.rt();
  std::vector<ExplainGuard> explain_guards;
  if (a.state.recording_explain) explain_guards = ExplainGuards(tr.guards);
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
  ExplainEvent event;
  if (a.state.recording_explain) {
    event = GraphEvent(a, tr, **tree);
    event.guards = std::move(explain_guards);
  }
  const bool has_graph = tr.graph.num_calls() > 0;
  std::unique_ptr<codegen::CompiledGraph> compiled;
  if (has_graph) {
    LogGraph(tr.graph);
    compiled = RunBackend(a, tr, eager, result);
    if (compiled == nullptr) return nullptr;
  }
  auto entry = std::make_unique<CacheEntry>();
  entry->guards = *std::move(tree);
  entry->compiled = std::move(compiled);
  entry->inputs = std::move(tr.graph_inputs);
  entry->result = std::move(tr.return_value);
  entry->side_effects = std::move(tr.side_effects);
  entry->backend_id = a.ctx.options->backend_id;
  entry->compile_id = std::string(logging::CurrentTraceIdText());
  entry->frame = std::move(tr.frame);
  if (has_graph) {
    event.compile_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - a.start).count();
    a.state.RecordExplain(std::move(event));
    a.state.RecordGraph();
    BumpCounter(rt, "stats", "unique_graphs");
    BumpCounter(rt, "stats", "calls_captured", tr.graph.num_calls());
  }
  BumpCounter(rt, "frames", "ok");
  a.cache.entries.insert(a.cache.entries.begin(), std::move(entry));
  return a.cache.entries.front().get();
}

// The top frame's blocks around instruction `i`, as the partitioner sees them.
std::vector<partitioner::BreakSite::Block> BlocksAround(const vm::CodeObject& code, int32_t i) {
  using Block = partitioner::BreakSite::Block;
  std::vector<Block> out;
  if (i < 0 || i >= static_cast<int32_t>(code.code.size())) return out;
  for (const vm::Block& b : code.BlocksAt(i)) {
    switch (b.kind) {
      case vm::BlockKind::kFor:
      case vm::BlockKind::kWhile: out.push_back(Block::kLoop); break;
      case vm::BlockKind::kWith: out.push_back(Block::kWith); break;
      case vm::BlockKind::kTry:
      case vm::BlockKind::kExcept:
      case vm::BlockKind::kFinally: out.push_back(Block::kTry); break;
    }
  }
  return out;
}

// Whether an inlined frame of the inline stack at a break can be resumed as a frame of
// its own (reference §10.2): called directly by its caller's CALL, a function that
// exists outside the trace, no loop, try or user-defined context manager around its
// instruction, and (unless it is where the break is) stopped at a CALL.
bool NestedResumable(const frontend::FrameAtBreak& f, bool leaf) {
  if (!f.resumable_call || !f.generic_contexts.empty() || f.nested_disabled) return false;
  const vm::CodeObject& code = *f.code.as<vm::CodeObject>();
  for (partitioner::BreakSite::Block b : BlocksAround(code, f.instruction)) {
    if (b != partitioner::BreakSite::Block::kWith) return false;
  }
  if (leaf) return true;
  const vm::Opcode op = code.code[f.instruction].op;
  return op == vm::Opcode::CALL || op == vm::Opcode::CALL_FUNCTION_EX;
}

// nested_graph_breaks=True: the trace instruction count to stop before so that every
// frame that can resume does (the break moves out to the call into the first frame that
// cannot), or -1 for the legacy handling at the top frame's call. A frame that cannot
// resume because of a try block or a user context manager, but has a resumable point
// before it, step-graph-breaks there instead (*step: it runs eagerly from that point and
// its callers still continue compiled).
int32_t NestedStopCount(const frontend::Stop& stop, bool* step) {
  *step = false;
  const std::vector<frontend::FrameAtBreak>& frames = stop.frames;
  const size_t n = frames.size();
  if (n < 2 || !NestedResumable(frames[0], false)) return -1;
  size_t k = 0;
  for (size_t i = 1; i < n; ++i) {
    const bool leaf = i == n - 1;
    if (!NestedResumable(frames[i], leaf) || (leaf && stop.step_requested)) {
      const frontend::FrameAtBreak& f = frames[i];
      bool loop = false;
      for (partitioner::BreakSite::Block b : BlocksAround(*f.code.as<vm::CodeObject>(), f.instruction)) {
        loop |= b == partitioner::BreakSite::Block::kLoop;
      }
      if (f.resumable_call && !f.nested_disabled && !loop && f.checkpoint_count >= 0) {
        *step = true;
        return static_cast<int32_t>(f.checkpoint_count);
      }
      break;
    }
    k = i;
  }
  if (k == 0) return -1;
  return static_cast<int32_t>(frames[k].instruction_count);
}

// The frames above the compiled one, outermost first, as upstream's non-verbose
// graph-break traceback starts with them. A graph break runs its instruction in a step
// copy of the code, on top of the frame the break came from (parked in the hook, not
// shown): the step copy is that function at the breaking line, unless the frame below
// it is the resume entry it continued into (the same function, shown there already).
// A traceback entry for a frame at the instruction it runs.
vm::TraceEntry EntryOf(const vm::Frame& f) {
  vm::TraceEntry e;
  e.file = f.code->source ? f.code->source->filename : "";
  e.line = f.lasti >= 0 && f.lasti < static_cast<int32_t>(f.code->positions.size())
               ? f.code->LineAt(f.lasti)
               : f.code->first_line;
  e.function = f.code->name;
  if (f.code->source) {
    e.source_line = std::string(absl::StripAsciiWhitespace(f.code->source->Line(e.line)));
  }
  return e;
}

std::vector<vm::TraceEntry> FramesAbove(const vm::Frame& frame) {
  std::vector<vm::TraceEntry> out;
  const vm::Frame* below = &frame;
  for (const vm::Frame* f = frame.back; f != nullptr; below = f, f = f->back) {
    // A frame that has not run an instruction is parked in the hook while its compiled
    // entry runs (a break's continuation runs above it): it is not where the code is.
    if (f->lasti < 0) continue;
    if ((f->code->flags & vm::kCodeStep) == 0) {
      out.push_back(EntryOf(*f));
      continue;
    }
    if (below->code != f->code->step_origin.object()) out.push_back(EntryOf(*f));
    f = f->back;  // the parked frame: the loop steps past it
    if (f == nullptr) break;
  }
  std::reverse(out.begin(), out.end());
  return out;
}

// The graph_breaks record of a break, once per site in full (upstream's [2.8] key:
// the break's file and line), later as the "user stack suppressed" form.
void LogBreakRecord(Attempt& a, const frontend::BreakReason& br, const std::string& block,
                    const partitioner::FramePlan& plan) {
  if (!WICK_ARTIFACT_IS_ON(graph_breaks) && !a.state.recording_explain) return;
  std::string reason = block;
  if (!plan.reason_prefix.empty()) reason = absl::StrCat(plan.reason_prefix, "\n\n", block);
  if (!plan.secondary.gb_type.empty()) {
    const partitioner::GbBlock& s = plan.secondary;
    absl::StrAppend(&reason, "\n\n*** While handling this graph break, another graph break "
                             "occurred: ***\n\n",
                    FormatGraphBreakBlock(s.gb_type, s.context, s.explanation, s.hints));
  }
  std::string where = "<unknown>";
  if (!br.user_stack.empty()) {
    where = absl::StrCat(br.user_stack.back().file, ":", br.user_stack.back().line);
  }
  if (a.state.recording_explain) {
    ExplainEvent e = a.Event(ExplainEvent::Kind::kBreak, reason);
    e.user_stack = br.user_stack;
    a.state.RecordExplain(std::move(e));
  }
  if (!WICK_ARTIFACT_IS_ON(graph_breaks)) return;
  // Duplicates: the break site under the legacy regime (upstream [2.8]); the break's
  // type and whole chain of frames under nested resumption ([main]), so the same break
  // reached through two call sites logs twice.
  std::string key = where;
  if (a.config.nested_graph_breaks) {
    key = br.gb_type;
    for (const vm::TraceEntry& e : br.user_stack) absl::StrAppend(&key, "|", e.file, ":", e.line);
  }
  if (!a.state.logged_breaks.insert(key).second) {
    WICK_ARTIFACT(graph_breaks)
        << "Graph break (user stack suppressed due to duplicate graph break) in user code at "
        << where << "\nGraph Break Reason: " << reason << "\n";
    return;
  }
  std::vector<vm::TraceEntry> stack = FramesAbove(a.frame);
  stack.insert(stack.end(), br.user_stack.begin(), br.user_stack.end());
  WICK_ARTIFACT(graph_breaks) << FormatGraphBreakRecord(reason, stack, br.bare);
}

// Names the resume entry at (code, offset) after the line of the instruction before it.
void NameResumeEntry(Attempt& a, const vm::CodeObject& code, int32_t offset, int32_t line) {
  if (offset < 0 || offset >= static_cast<int32_t>(code.code.size())) return;
  CodeCache& c = a.state.CacheFor(const_cast<vm::CodeObject*>(&code), offset);
  if (c.resume_name.empty()) {
    c.resume_name = absl::StrCat("torch_dynamo_resume_in_", code.name, "_at_", line);
    c.resume_line = line;
  }
}

// A nested resumption (nested_graph_breaks=True): the stopped trace holds every frame of
// the inline stack; the innermost runs its breaking instruction eagerly, each caller
// continues after its CALL.
bool StoreNestedPlan(Attempt& a, frontend::TraceResult& tr, CacheEntry::Plan plan,
                     vm::Value* result) {
  if (tr.inlined.empty()) {
    a.cache.skip = true;
    return false;
  }
  const int32_t top_call = tr.stop.instruction;
  std::vector<frontend::InlinedFrame> inlined = std::move(tr.inlined);
  bool eager = false;
  CacheEntry* entry = CompileAndStore(a, tr, &eager, result);
  if (entry == nullptr) return !eager;
  entry->plan = plan;
  entry->offset = top_call;
  entry->inlined = std::move(inlined);
  const frontend::InlinedFrame& leaf = entry->inlined.back();
  const vm::CodeObject& leaf_code = *leaf.function.as<vm::Function>()->code_object();
  if (plan == CacheEntry::Plan::kNestedStep) {  // the innermost frame runs eagerly from here
    entry->leaf_offset = leaf.instruction;
    NameResumeEntry(a, a.code(), top_call + 1, a.code().LineAt(top_call));
    *result = RunEntry(a.interp, a.frame, *entry, a.view);
    return true;
  }
  int32_t at = leaf.instruction;
  int32_t count = 1;
  if (at > 0 && leaf_code.code[at - 1].op == vm::Opcode::KW_NAMES) {
    --at;
    count = 2;
  }
  entry->leaf_offset = at;
  entry->step_code = a.interp.MakeStepCode(leaf_code, at, count, /*capture=*/true);
  if (entry->step_code.is_raised()) {
    *result = entry->step_code;
    return true;
  }
  const vm::Instruction in = leaf_code.code[at + count - 1];
  const int32_t leaf_line = leaf_code.LineAt(at + count - 1);
  NameResumeEntry(a, leaf_code, at + count, leaf_line);
  if (vm::IsJump(in.op)) NameResumeEntry(a, leaf_code, in.arg, leaf_line);
  NameResumeEntry(a, a.code(), top_call + 1, a.code().LineAt(top_call));
  for (size_t i = 0; i + 1 < entry->inlined.size(); ++i) {
    const frontend::InlinedFrame& f = entry->inlined[i];
    const vm::CodeObject& c = *f.function.as<vm::Function>()->code_object();
    NameResumeEntry(a, c, f.instruction + 1, c.LineAt(f.instruction));
  }
  *result = RunEntry(a.interp, a.frame, *entry, a.view);
  return true;
}

// The second trace of a break plan: the frame again, stopping just before `stop_at`.
// Compiles what came before and stores an entry that continues the frame.
bool CompilePlan(Attempt& a, const frontend::TraceOptions& first, CacheEntry::Plan plan,
                 int32_t stop_at, int32_t stop_visit, vm::Value* result,
                 int32_t stop_at_count = -1) {
  vm::Runtime& rt = a.rt();
  frontend::TraceOptions topts = first;
  if (plan == CacheEntry::Plan::kNested || plan == CacheEntry::Plan::kNestedStep) {
    topts.stop_at_count = stop_at_count;
  } else {
    topts.stop_at = stop_at;
    topts.stop_visit = stop_visit;
  }
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
  if (tr->stop.kind != frontend::Stop::Kind::kStopped) {
    // The values live at the break cannot be rebuilt (or tracing differs the second
    // time): the frame runs eagerly.
    WICK_LOG_TO(convert_frame_log, logging::Level::kDebug)
        << "Skipping frame because the frame cannot be rebuilt at the graph break: "
        << (tr->stop.kind == frontend::Stop::Kind::kBreak ? tr->stop.reason.gb_type : "")
        << " " << a.name() << " " << a.file() << " " << a.first_line();
    a.cache.skip = true;
    return false;
  }
  if (plan == CacheEntry::Plan::kNested || plan == CacheEntry::Plan::kNestedStep) {
    return StoreNestedPlan(a, *tr, plan, result);
  }
  bool eager = false;
  CacheEntry* entry = CompileAndStore(a, *tr, &eager, result);
  if (entry == nullptr) return !eager;
  entry->plan = plan;
  entry->offset = stop_at;
  if (plan == CacheEntry::Plan::kResume) {
    // A CALL with keywords runs with the KW_NAMES before it (stop_at is that one then).
    const int32_t count = a.code().code[stop_at].op == vm::Opcode::KW_NAMES ? 2 : 1;
    entry->step_code = a.interp.MakeStepCode(a.code(), stop_at, count);
    if (entry->step_code.is_raised()) {
      *result = entry->step_code;
      return true;
    }
    // Name the resume entries after the breaking line, as upstream names its resume
    // functions.
    const vm::Instruction in = a.code().code[stop_at + count - 1];
    const int32_t line = a.code().LineAt(stop_at + count - 1);
    std::vector<int32_t> next = {stop_at + count};
    if (vm::IsJump(in.op)) next.push_back(in.arg);
    for (int32_t n : next) {
      if (n < 0 || n >= static_cast<int32_t>(a.code().code.size())) continue;
      CodeCache& c = a.state.CacheFor(const_cast<vm::CodeObject*>(&a.code()), n);
      if (c.resume_name.empty()) {
        c.resume_name = absl::StrCat("torch_dynamo_resume_in_", a.code().name, "_at_", line);
        c.resume_line = line;
      }
    }
  }
  *result = RunEntry(a.interp, a.frame, *entry, a.view);
  return true;
}

// A trace that stopped at a break: fullgraph=True raises Unsupported; otherwise the
// partitioner's plan (resume after the break, step graph break, or skip the frame).
bool HandleBreak(Attempt& a, const frontend::TraceOptions& topts,
                 const frontend::TraceResult& tr, vm::Value* result) {
  const frontend::BreakReason& br = tr.stop.reason;
  const std::string block =
      br.bare ? br.gb_type : FormatGraphBreakBlock(br.gb_type, br.context, br.explanation, br.hints);
  if (tr.stop.skip_frame && !a.ctx.options->fullgraph && !tr.stop.error_on_graph_break) {
    WICK_LOG_TO(convert_frame_log, logging::Level::kDebug)
        << "Skipping frame " << br.gb_type << " " << a.name() << " " << a.file() << " "
        << a.first_line();
    a.state.RecordExplain(a.Event(ExplainEvent::Kind::kSkip, br.gb_type));
    BumpCounter(a.rt(), "frames", "ok");
    a.cache.skip = true;
    return false;
  }
  partitioner::BreakSite site;
  site.blocks = BlocksAround(a.code(), tr.stop.instruction);
  site.generic_contexts = tr.stop.generic_contexts;
  site.has_checkpoint = tr.stop.checkpoint >= 0;
  site.fullgraph = a.ctx.options->fullgraph || tr.stop.fullgraph_region;
  site.error_on_graph_break = tr.stop.error_on_graph_break;
  site.step_requested = tr.stop.step_requested;
  site.function = a.name();
  site.file = a.file();
  site.first_line = a.first_line();
  const partitioner::FramePlan plan = partitioner::PlanBreak(site);
  if (plan.kind == partitioner::FramePlan::Kind::kRaise) {
    *result = RaiseDynamoError(a.rt(), "Unsupported", FormatUnsupported(block, br.user_stack));
    return true;
  }
  LogBreakRecord(a, br, block, plan);
  a.state.RecordBreak(br.gb_type);
  BumpCounter(a.rt(), "graph_break", br.gb_type);
  switch (plan.kind) {
    case partitioner::FramePlan::Kind::kResume: {
      if (a.config.nested_graph_breaks) {
        bool step = false;
        const int32_t count = NestedStopCount(tr.stop, &step);
        if (count >= 0) {
          return CompilePlan(a, topts, step ? CacheEntry::Plan::kNestedStep
                                            : CacheEntry::Plan::kNested,
                             -1, 0, result, count);
        }
      }
      // Keyword names are interpreter state between KW_NAMES and its CALL: stop before
      // the KW_NAMES (same value stack) and run both eagerly.
      int32_t at = tr.stop.instruction;
      if (at > 0 && a.code().code[at - 1].op == vm::Opcode::KW_NAMES) --at;
      return CompilePlan(a, topts, CacheEntry::Plan::kResume, at, tr.stop.visit, result);
    }
    case partitioner::FramePlan::Kind::kStepBreak:
      return CompilePlan(a, topts, CacheEntry::Plan::kStepBreak, tr.stop.checkpoint,
                         tr.stop.checkpoint_visit, result);
    default:
      break;
  }
  WICK_LOG_TO(convert_frame_log, logging::Level::kDebug)
      << "Skipping frame " << plan.reason_prefix << " " << a.name() << " " << a.file() << " "
      << a.first_line();
  a.state.RecordExplain(a.Event(
      ExplainEvent::Kind::kSkip,
      plan.secondary.gb_type.empty()
          ? std::string("a graph break that cannot be resumed (try block or no resumable point)")
          : plan.secondary.gb_type));
  BumpCounter(a.rt(), "frames", "ok");
  a.cache.skip = true;
  return false;
}

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
    a.state.RecordExplain(a.Event(ExplainEvent::Kind::kSkip, "no tensor ops traced"));
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
