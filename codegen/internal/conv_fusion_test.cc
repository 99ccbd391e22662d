// FuseConvBatchNorm, text in / text out over the graph Dump form.
#include "codegen/internal/conv_fusion.h"

#include <string>

#include "absl/strings/str_cat.h"

#include "graph/graph.h"
#include "gtest/gtest.h"

namespace wick::codegen::internal {
namespace {

graph::Graph P(absl::string_view text) {
  absl::StatusOr<graph::Graph> g = graph::Parse(text);
  EXPECT_TRUE(g.ok()) << g.status();
  return g.ok() ? *std::move(g) : graph::Graph();
}

void ExpectFusion(absl::string_view in, bool changed, absl::string_view out) {
  graph::Graph g = P(in);
  absl::StatusOr<bool> r = FuseConvBatchNorm(g);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(*r, changed);
  EXPECT_TRUE(graph::Verify(g).ok());
  EXPECT_EQ(graph::Dump(g), graph::Dump(P(out)));
}

constexpr absl::string_view kInputs =
    "  %x = placeholder L_x_ \"L['x']\" : f32[1, 2, 5, 5][50, 25, 5, 1]cpu\n"
    "  %w = placeholder L_w_ \"L['w']\" : f32[4, 2, 3, 3][18, 9, 3, 1]cpu\n"
    "  %g = placeholder L_g_ \"L['g']\" : f32[4][1]cpu\n"
    "  %b = placeholder L_b_ \"L['b']\" : f32[4][1]cpu\n"
    "  %m = placeholder L_m_ \"L['m']\" : f32[4][1]cpu\n"
    "  %v = placeholder L_v_ \"L['v']\" : f32[4][1]cpu\n";

std::string G(absl::string_view body) {
  return absl::StrCat("graph g {\n", kInputs, body, "}\n");
}

TEST(ConvFusionTest, ConvBatchNormRelu) {
  ExpectFusion(
      G("  %conv2d = conv2d(%x, %w, None, [1, 1], [1, 1], [1, 1], 1)\n"
        "  %batch_norm = batch_norm(%conv2d, %g, %b, %m, %v, False, 0.1, 1e-05, False)\n"
        "  %relu = relu(%batch_norm)\n"
        "  return %relu\n"),
      true,
      G("  %relu = _conv_bn_act(%x, %w, None, %g, %b, %m, %v, 1e-05, [1, 1], [1, 1], [1, 1], "
        "1, 1) ~ fn torch.ops.aten._conv_bn_act(%x, %w, None, %g, %b, %m, %v, 1e-05, [1, 1], "
        "[1, 1], [1, 1], 1, 1)\n"
        "  return %relu\n"));
}

TEST(ConvFusionTest, ConvBatchNormWithoutActivationAndIntArgs) {
  ExpectFusion(
      G("  %conv2d = conv2d(%x, %w, None, 2, 0, 1, 1)\n"
        "  %batch_norm = batch_norm(%conv2d, %g, %b, %m, %v, False, 0.1, 1e-05, False)\n"
        "  %exp = exp(%batch_norm)\n"
        "  return %exp\n"),
      true,
      G("  %batch_norm = _conv_bn_act(%x, %w, None, %g, %b, %m, %v, 1e-05, [2, 2], [0, 0], "
        "[1, 1], 1, 0) ~ fn torch.ops.aten._conv_bn_act(%x, %w, None, %g, %b, %m, %v, 1e-05, "
        "[2, 2], [0, 0], [1, 1], 1, 0)\n"
        "  %exp = exp(%batch_norm)\n"
        "  return %exp\n"));
}

TEST(ConvFusionTest, KeepsTrainingModeAndSharedValues) {
  // Training mode updates the statistics: not folded.
  const std::string training =
      G("  %conv2d = conv2d(%x, %w, None, [1, 1], [1, 1], [1, 1], 1)\n"
        "  %batch_norm = batch_norm(%conv2d, %g, %b, %m, %v, True, 0.1, 1e-05, False)\n"
        "  return %batch_norm\n");
  ExpectFusion(training, false, training);
  // The conv's value is also returned: it must still exist.
  const std::string shared =
      G("  %conv2d = conv2d(%x, %w, None, [1, 1], [1, 1], [1, 1], 1)\n"
        "  %batch_norm = batch_norm(%conv2d, %g, %b, %m, %v, False, 0.1, 1e-05, False)\n"
        "  return %batch_norm, %conv2d\n");
  ExpectFusion(shared, false, shared);
}

}  // namespace
}  // namespace wick::codegen::internal
