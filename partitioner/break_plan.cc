// PlanBreak: upstream's should_compile_partial_graph, checkpoints and the loop check,
// decided from the static block table instead of the bytecode's backward jumps.
#include "partitioner/break_plan.h"

#include "absl/strings/str_cat.h"

namespace wick::partitioner {
namespace {

bool Has(const BreakSite& s, BreakSite::Block b) {
  for (BreakSite::Block x : s.blocks) {
    if (x == b) return true;
  }
  return false;
}

GbBlock GenericContextBlock(const BreakSite& s) {
  GbBlock b;
  b.gb_type = "Graph break under GenericContextWrappingVariable";
  b.explanation =
      "Attempted to graph break in an active context manager(s) that doesn't support "
      "graph breaking.";
  b.hints = {"Move the offending context manager(s) to outside the compiled region.",
             "This graph break may have been caused by an earlier graph break. Resolving "
             "the earlier graph break may resolve this one."};
  std::string list;
  for (const std::string& c : s.generic_contexts) {
    absl::StrAppend(&list, list.empty() ? "" : ", ", c);
  }
  b.context = absl::StrCat("Active generic context managers: [", list, "]");
  return b;
}

GbBlock LoopBlock(const BreakSite& s) {
  GbBlock b;
  b.gb_type = "graph break in loop";
  b.explanation =
      "torch.compile detected a graph break in a for/while loop. Skipping the frame and "
      "falling back to eager, as graph breaks in loops are not supported.";
  b.hints = {"This graph break may have been caused by an earlier graph break. Resolving "
             "the earlier graph break may resolve this one."};
  b.context = absl::StrCat("frame skipped: ", s.function, " (", s.file, " line ",
                           s.first_line, ")");
  return b;
}

}  // namespace

FramePlan PlanBreak(const BreakSite& site) {
  FramePlan p;
  if (site.fullgraph || site.error_on_graph_break) {
    p.kind = FramePlan::Kind::kRaise;
    return p;
  }
  const bool regular = !Has(site, BreakSite::Block::kTry) && site.generic_contexts.empty() &&
                       !site.step_requested;
  if (!regular) {
    if (!site.generic_contexts.empty()) p.secondary = GenericContextBlock(site);
    if (site.has_checkpoint) {
      p.kind = FramePlan::Kind::kStepBreak;
      p.reason_prefix = kStepPrefix;
    } else {
      p.kind = FramePlan::Kind::kSkip;
      p.reason_prefix = kSkipPrefix;
    }
    return p;
  }
  if (Has(site, BreakSite::Block::kLoop)) {
    p.kind = FramePlan::Kind::kSkip;
    p.reason_prefix = kSkipPrefix;
    p.secondary = LoopBlock(site);
    return p;
  }
  p.kind = FramePlan::Kind::kResume;
  return p;
}

std::string FramePlan::Print() const {
  const char* k = kind == Kind::kResume     ? "resume"
                  : kind == Kind::kStepBreak ? "step"
                  : kind == Kind::kSkip      ? "skip"
                                             : "raise";
  std::string out = k;
  if (!secondary.gb_type.empty()) absl::StrAppend(&out, " (", secondary.gb_type, ")");
  return out;
}

}  // namespace wick::partitioner
