#include "partitioner/break_plan.h"

#include "gtest/gtest.h"

namespace wick::partitioner {
namespace {

using Block = BreakSite::Block;

std::string Plan(BreakSite s) { return PlanBreak(s).Print(); }

TEST(PlanBreakTest, DecidesLikeUpstream) {
  BreakSite s;
  EXPECT_EQ(Plan(s), "resume");
  s.blocks = {Block::kWith};  // a grad-mode `with`: resumable
  EXPECT_EQ(Plan(s), "resume");
  s.blocks = {Block::kLoop};
  EXPECT_EQ(Plan(s), "skip (graph break in loop)");
  s.has_checkpoint = true;  // a checkpoint does not help inside a loop
  EXPECT_EQ(Plan(s), "skip (graph break in loop)");
  s.blocks = {Block::kTry};
  EXPECT_EQ(Plan(s), "step");
  s.has_checkpoint = false;
  EXPECT_EQ(Plan(s), "skip");
  s.blocks = {Block::kWith};
  s.generic_contexts = {"GenericContextWrappingVariable(C)"};
  FramePlan p = PlanBreak(s);
  EXPECT_EQ(p.Print(), "skip (Graph break under GenericContextWrappingVariable)");
  EXPECT_EQ(p.reason_prefix, kSkipPrefix);
  EXPECT_EQ(p.secondary.context,
            "Active generic context managers: [GenericContextWrappingVariable(C)]");
  s.has_checkpoint = true;
  p = PlanBreak(s);
  EXPECT_EQ(p.kind, FramePlan::Kind::kStepBreak);
  EXPECT_EQ(p.reason_prefix, kStepPrefix);
  s = BreakSite();
  s.step_requested = true;
  EXPECT_EQ(Plan(s), "skip");
  s.has_checkpoint = true;
  EXPECT_EQ(Plan(s), "step");
  s.fullgraph = true;
  EXPECT_EQ(Plan(s), "raise");
  s.fullgraph = false;
  s.error_on_graph_break = true;
  EXPECT_EQ(Plan(s), "raise");
}

TEST(PlanBreakTest, LoopMessageNamesTheFrame) {
  BreakSite s;
  s.blocks = {Block::kLoop, Block::kWith};
  s.function = "fn";
  s.file = "t.py";
  s.first_line = 3;
  FramePlan p = PlanBreak(s);
  EXPECT_EQ(p.secondary.context, "frame skipped: fn (t.py line 3)");
  EXPECT_EQ(p.reason_prefix, kSkipPrefix);
}

}  // namespace
}  // namespace wick::partitioner
