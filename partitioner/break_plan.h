// Break planning: what a frame does at a graph break under fullgraph=False (reference
// §11.1, §19, §20). The runtime describes the break (where it is in the top frame's
// block structure, whether a user-defined context manager is active, whether a
// resumable point exists before it) and gets back one decision:
//
//   kResume     compile the graph up to the breaking instruction, run that instruction
//               eagerly, continue at a resume entry after it
//   kStepBreak  compile the graph up to the last resumable point (Stop::checkpoint) and
//               run the rest of the frame eagerly
//   kSkip       run the whole frame eagerly (its callees are still compiled)
//   kRaise      raise Unsupported (fullgraph=True, error_on_graph_break(True))
//
// Only the top frame's structure matters: in the legacy nested regime a break inside an
// inlined call is handled at the top frame's call instruction, and the callee meets the
// break again as a frame of its own.
#ifndef WICK_PARTITIONER_BREAK_PLAN_H_
#define WICK_PARTITIONER_BREAK_PLAN_H_

#include <cstdint>
#include <string>
#include <vector>

namespace wick::partitioner {

struct BreakSite {
  enum class Block : uint8_t { kLoop, kWith, kTry };
  std::vector<Block> blocks;  // the top frame's blocks around the break, outermost first
  // "GenericContextWrappingVariable(Ctx)" per active user-defined context manager.
  std::vector<std::string> generic_contexts;
  bool has_checkpoint = false;  // a resumable point with ops before it exists
  bool fullgraph = false;
  bool error_on_graph_break = false;
  bool step_requested = false;  // torch._dynamo.step_unsupported()
  // The frame's function name and first line, for the loop message's context.
  std::string function;
  std::string file;
  int32_t first_line = 0;
};

// A graph-break block in upstream's format pieces (runtime formats it).
struct GbBlock {
  std::string gb_type, context, explanation;
  std::vector<std::string> hints;
};

struct FramePlan {
  enum class Kind : uint8_t { kResume, kStepBreak, kSkip, kRaise };
  Kind kind = Kind::kResume;
  // The line that leads the graph_breaks record's reason when the break is not
  // handled regularly ("Failed to handle graph break gracefully. ..."); empty for
  // kResume and kRaise.
  std::string reason_prefix;
  // A second break met while handling the first ("graph break in loop", "Graph break
  // under GenericContextWrappingVariable"), printed after "*** While handling this
  // graph break, another graph break occurred: ***"; empty gb_type when none.
  GbBlock secondary;
  // "resume", "step", "skip", "raise" plus the prefix: for tests.
  std::string Print() const;
};

FramePlan PlanBreak(const BreakSite& site);

inline constexpr char kSkipPrefix[] =
    "Failed to handle graph break gracefully. Skipping the function and falling back to "
    "eager. Graph break encountered:";
inline constexpr char kStepPrefix[] =
    "Encountered graph break that we cannot resume from. Compiling up to the previous "
    "resumable state, then skipping the rest of the function. Graph break encountered:";

}  // namespace wick::partitioner

#endif  // WICK_PARTITIONER_BREAK_PLAN_H_
