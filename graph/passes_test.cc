// DCE, CSE and the pass runner, written as text in / text out over the Dump form.
#include "graph/passes.h"

#include "graph/graph.h"
#include "gtest/gtest.h"

namespace wick::graph {
namespace {

Graph P(absl::string_view text) {
  absl::StatusOr<Graph> g = Parse(text);
  EXPECT_TRUE(g.ok()) << g.status();
  return g.ok() ? *std::move(g) : Graph();
}

// Runs `pass` on `in`; expects `changed` and the graph `out` (compared as dumps).
void ExpectPass(const Pass& pass, absl::string_view in, bool changed, absl::string_view out) {
  Graph g = P(in);
  absl::StatusOr<bool> r = pass(g);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(*r, changed);
  EXPECT_TRUE(Verify(g).ok());
  EXPECT_EQ(Dump(g), Dump(P(out)));
}

TEST(DeadCodeEliminationTest, RemovesUnusedChainsKeepsSideEffects) {
  ExpectPass(DeadCodeElimination,
             "graph g {\n"
             "  %x = placeholder L_x_ \"L['x']\" : f32[2][1]cpu\n"
             "  %sin = sin(%x) ~ fn torch.sin(%x)\n"
             "  %neg = neg(%sin) ~ op operator.neg(%sin)\n"
             "  %rand = rand([2], None, None, None, None, None, False)\n"
             "  %add_ = add_.Tensor(%x, 1, 1) ~ method add_(%x, 1)\n"
             "  %exp = exp(%x) ~ fn torch.exp(%x)\n"
             "  return %exp\n"
             "}\n",
             true,
             "graph g {\n"
             "  %x = placeholder L_x_ \"L['x']\" : f32[2][1]cpu\n"
             "  %rand = rand([2], None, None, None, None, None, False)\n"
             "  %add_ = add_.Tensor(%x, 1, 1) ~ method add_(%x, 1)\n"
             "  %exp = exp(%x) ~ fn torch.exp(%x)\n"
             "  return %exp\n"
             "}\n");
}

TEST(DeadCodeEliminationTest, NothingToRemove) {
  constexpr absl::string_view text =
      "graph g {\n"
      "  %x = placeholder L_x_ \"L['x']\" : f32[2][1]cpu\n"
      "  %exp = exp(%x)\n"
      "  return %exp, %x\n"
      "}\n";
  ExpectPass(DeadCodeElimination, text, false, text);
}

TEST(CommonSubexpressionEliminationTest, MergesPureDuplicates) {
  ExpectPass(CommonSubexpressionElimination,
             "graph g {\n"
             "  %x = placeholder L_x_ \"L['x']\" : f32[2][1]cpu\n"
             "  %sin = sin(%x) ~ fn torch.sin(%x)\n"
             "  %sin_1 = sin(%x) ~ method sin(%x)\n"
             "  %add = add.Tensor(%sin, %sin_1, 1) ~ op operator.add(%sin, %sin_1)\n"
             "  %add_1 = add.Tensor(%sin, %sin_1, 2)\n"
             "  %r = rand([2], None, None, None, None, None, False)\n"
             "  %r_1 = rand([2], None, None, None, None, None, False)\n"
             "  return %add, %add_1, %r, %r_1\n"
             "}\n",
             true,
             "graph g {\n"
             "  %x = placeholder L_x_ \"L['x']\" : f32[2][1]cpu\n"
             "  %sin = sin(%x) ~ fn torch.sin(%x)\n"
             "  %add = add.Tensor(%sin, %sin, 1) ~ op operator.add(%sin, %sin)\n"
             "  %add_1 = add.Tensor(%sin, %sin, 2)\n"
             "  %r = rand([2], None, None, None, None, None, False)\n"
             "  %r_1 = rand([2], None, None, None, None, None, False)\n"
             "  return %add, %add_1, %r, %r_1\n"
             "}\n");
}

TEST(CommonSubexpressionEliminationTest, MutationIsABarrier) {
  constexpr absl::string_view text =
      "graph g {\n"
      "  %x = placeholder L_x_ \"L['x']\" : f32[2][1]cpu\n"
      "  %v = view(%x, [2, 1])\n"
      "  %cos = cos(%v)\n"
      "  %add_ = add_.Tensor(%x, 1, 1)\n"
      "  %cos_1 = cos(%v)\n"
      "  return %cos, %cos_1\n"
      "}\n";
  ExpectPass(CommonSubexpressionElimination, text, false, text);
}

TEST(RunPassesTest, PipelineAndVerifierAfterEachPass) {
  Graph g = P(
      "graph g {\n"
      "  %x = placeholder L_x_ \"L['x']\" : f32[2][1]cpu\n"
      "  %a = exp(%x)\n"
      "  %b = exp(%x)\n"
      "  %c = neg(%b)\n"
      "  return %a\n"
      "}\n");
  absl::StatusOr<bool> changed =
      RunPasses(g, {{"cse", CommonSubexpressionElimination}, {"dce", DeadCodeElimination}});
  ASSERT_TRUE(changed.ok()) << changed.status();
  EXPECT_TRUE(*changed);
  EXPECT_EQ(g.num_calls(), 1);
  EXPECT_EQ(g.node(1).name, "a");

  Pass breaks = [](Graph& h) -> absl::StatusOr<bool> {
    h.mutable_nodes()[1].name = "x";
    return true;
  };
  absl::StatusOr<bool> bad = RunPasses(g, {{"breaks", breaks}});
  EXPECT_EQ(bad.status().code(), absl::StatusCode::kInternal);
  EXPECT_EQ(bad.status().message(), "after pass breaks: graph verifier: node %1 (x): duplicate name");
}

}  // namespace
}  // namespace wick::graph
