// What a trace that stopped at a graph break does (docs/m4.md): the partitioner's plan
// from the break's place in the block tables, the second trace that stops before the
// chosen instruction, the entry that compiles the prefix and continues the frame (resume
// entries, step graph breaks, nested-break chains), and the graph_breaks records.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "logging/logging.h"
#include "logging/trace.h"
#include "partitioner/break_plan.h"
#include "runtime/internal/compile_frame.h"
#include "runtime/internal/execute.h"
#include "runtime/internal/messages.h"
#include "runtime/internal/state.h"
#include "vm/code.h"

namespace wick::runtime::internal {
namespace {

WICK_LOG_DEFINE_CHANNEL(convert_frame_log, "torch._dynamo.convert_frame");

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

}  // namespace

// The frames above the compiled one, outermost first, as upstream's non-verbose
// graph-break traceback starts with them. A graph break runs its instruction in a step
// copy of the code, on top of the frame the break came from (parked in the hook, not
// shown): the step copy is that function at the breaking line, unless the frame below
// it is the resume entry it continued into (the same function, shown there already).
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

namespace {

// The graph_breaks record of a break, once per site in full (upstream's [2.8] key:
// the break's file and line), later as the "user stack suppressed" form.
void LogBreakRecord(Attempt& a, const frontend::BreakReason& br, const std::string& block,
                    const partitioner::FramePlan& plan) {
  if (!WICK_ARTIFACT_IS_ON(graph_breaks) && !a.state.recorders.recording_explain) return;
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
  if (a.state.recorders.recording_explain) {
    ExplainEvent e = a.Event(ExplainEvent::Kind::kBreak, reason);
    e.user_stack = br.user_stack;
    a.state.recorders.RecordExplain(std::move(e));
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
  if (!a.state.recorders.logged_breaks.insert(key).second) {
    WICK_ARTIFACT(graph_breaks)
        << "Graph break (user stack suppressed due to duplicate graph break) in user code at "
        << where << "\nGraph Break Reason: " << reason << "\n";
    return;
  }
  std::vector<vm::TraceEntry> stack = FramesAbove(a.frame);
  stack.insert(stack.end(), br.user_stack.begin(), br.user_stack.end());
  WICK_ARTIFACT(graph_breaks) << FormatGraphBreakRecord(reason, stack, br.bare);
}

// The break's TORCH_TRACE artifact (with the full record, duplicates included).
void TraceBreakRecord(Attempt& a, const frontend::BreakReason& br, const std::string& block,
                      const partitioner::FramePlan& plan) {
  if (!logging::TraceEnabled()) return;
  std::string reason = block;
  if (!plan.reason_prefix.empty()) reason = absl::StrCat(plan.reason_prefix, "\n\n", block);
  std::vector<vm::TraceEntry> stack = FramesAbove(a.frame);
  stack.insert(stack.end(), br.user_stack.begin(), br.user_stack.end());
  TraceBreak(a, FormatGraphBreakRecord(reason, stack, br.bare), br.gb_type,
             br.user_stack.empty() ? 0 : br.user_stack.back().line);
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
  frontend::TraceOptions topts = first;
  if (plan == CacheEntry::Plan::kNested || plan == CacheEntry::Plan::kNestedStep) {
    topts.stop_at_count = stop_at_count;
  } else {
    topts.stop_at = stop_at;
    topts.stop_visit = stop_visit;
  }
  bool done = false;
  absl::StatusOr<frontend::TraceResult> tr = TraceFrame(a, topts, &done, result);
  if (!tr.ok()) return done;
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

}  // namespace

bool HandleBreak(Attempt& a, const frontend::TraceOptions& topts,
                 const frontend::TraceResult& tr, vm::Value* result) {
  const frontend::BreakReason& br = tr.stop.reason;
  const std::string block =
      br.bare ? br.gb_type : FormatGraphBreakBlock(br.gb_type, br.context, br.explanation, br.hints);
  if (tr.stop.skip_frame && !a.ctx.options->fullgraph && !tr.stop.error_on_graph_break) {
    WICK_LOG_TO(convert_frame_log, logging::Level::kDebug)
        << "Skipping frame " << br.gb_type << " " << a.name() << " " << a.file() << " "
        << a.first_line();
    a.state.recorders.RecordExplain(a.Event(ExplainEvent::Kind::kSkip, br.gb_type));
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
  TraceBreakRecord(a, br, block, plan);
  a.state.recorders.RecordBreak(br.gb_type);
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
  a.state.recorders.RecordExplain(a.Event(
      ExplainEvent::Kind::kSkip,
      plan.secondary.gb_type.empty()
          ? std::string("a graph break that cannot be resumed (try block or no resumable point)")
          : plan.secondary.gb_type));
  BumpCounter(a.rt(), "frames", "ok");
  a.cache.skip = true;
  return false;
}

}  // namespace wick::runtime::internal
