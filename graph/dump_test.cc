// Dump text and Parse round trips.
#include "absl/strings/match.h"
#include "graph/graph.h"
#include "graph/test_util.h"
#include "gtest/gtest.h"
#include "sym/expr.h"

namespace wick::graph {
namespace {

using ::wick::graph::testing::C;
using ::wick::graph::testing::Meta;
using ::wick::graph::testing::Op;
using ::wick::graph::testing::Origin;
using ::wick::graph::testing::R;
using ::wick::graph::testing::Spell;
using tensor::DType;

Graph ExampleGraph() {
  GraphBuilder b("__compiled_fn_1");
  TensorMeta xm = Meta({2, 3});
  xm.requires_grad = true;
  NodeId x = b.AddPlaceholder("L_x_", "L['x']", xm);
  NodeId i = b.AddPlaceholder("L_i_", "L['i']", Meta({2}, DType::kInt64));
  NodeId w = b.AddGetAttr("L__self___w", testing::Iota({3}, 0.5));
  NodeId add = *b.AddCall(Op("add.Tensor"), {R(x), R(w), C(2)},
                          Spell(CallStyle::kFunction, "torch.add", {R(x), R(w)}, {{"alpha", C(2)}}),
                          Origin(7, "y = torch.add(x, \"w\", alpha=2)"));
  NodeId cat = *b.AddCall(Op("cat"), {Arg::RefList({{add, -1}, {x, -1}}), C(0)},
                          Spell(CallStyle::kFunction, "torch.cat", {Arg::RefList({{add, -1}, {x, -1}})}),
                          {});
  NodeId idx = *b.AddCall(Op("index.Tensor"), {R(cat), Arg::RefList({kNoneRef, {i, -1}})},
                          Spell(CallStyle::kOperator, "operator.getitem", {R(cat)}), {});
  NodeId mx = *b.AddCall(Op("max.dim"), {R(cat), C(1), C(false)},
                         Spell(CallStyle::kMethod, "max", {R(cat)}, {{"dim", C(1)}}), {});
  NodeId sum = *b.AddCall(Op("sum"), {R(idx), C(), C(false), C(DType::kFloat64)},
                          Spell(CallStyle::kMethod, "sum", {R(idx)}, {{"dtype", C(DType::kFloat64)}}),
                          {});
  b.SetOutput({{sum, -1}, {mx, 1}});
  return *std::move(b).Finish();
}

constexpr absl::string_view kExampleDump =
    "graph __compiled_fn_1 {\n"
    "  %l_x_ = placeholder L_x_ \"L['x']\" : f32[2, 3][3, 1]cpu requires_grad\n"
    "  %l_i_ = placeholder L_i_ \"L['i']\" : i64[2][1]cpu\n"
    "  %l__self___w = get_attr L__self___w : f32[3][1]cpu = [0.5, 1.5, 2.5]\n"
    "  %add = add.Tensor(%l_x_, %l__self___w, 2) ~ fn torch.add(%l_x_, %l__self___w, alpha=2)"
    " @ \"/tmp/prog.py\":7 \"fn\" \"y = torch.add(x, \\\"w\\\", alpha=2)\"  # f32[2, 3][3, 1]cpu\n"
    "  %cat = cat({%add, %l_x_}, 0) ~ fn torch.cat({%add, %l_x_})  # f32[4, 3][3, 1]cpu\n"
    "  %getitem = index.Tensor(%cat, {None, %l_i_}) ~ op operator.getitem(%cat)  # f32[4, 2][2, 1]cpu\n"
    "  %max_1 = max.dim(%cat, 1, False) ~ method max(%cat, dim=1)  # f32[4][1]cpu, i64[4][1]cpu\n"
    "  %sum_1 = sum(%getitem, None, False, torch.float64) ~ method sum(%getitem, dtype=torch.float64)"
    "  # f64[][]cpu\n"
    "  return %sum_1, %max_1.1\n"
    "}\n";

TEST(DumpTest, Text) { EXPECT_EQ(Dump(ExampleGraph()), kExampleDump); }

TEST(DumpTest, ParseRoundTrips) {
  absl::StatusOr<Graph> g = Parse(kExampleDump);
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_EQ(Dump(*g), kExampleDump);
  EXPECT_EQ(g->name(), "__compiled_fn_1");
  EXPECT_EQ(g->num_calls(), 5);
  EXPECT_TRUE(g->node(0).meta[0].requires_grad);
  EXPECT_EQ(g->node(2).attr.ElementAt(2), tensor::Scalar(2.5));
  // Printing the parsed graph gives the printers' text too.
  EXPECT_EQ(PrintReadable(*g), PrintReadable(ExampleGraph()));
}

TEST(DumpTest, ParseKeepsNamesAfterErasures) {
  // Names that the builder would not choose (add_1 without add) survive.
  constexpr absl::string_view text =
      "graph g {\n"
      "  %l_x_ = placeholder L_x_ \"L['x']\" : f32[3][1]cpu\n"
      "  %neg_3 = neg(%l_x_) ~ op operator.neg(%l_x_)\n"
      "  %v = view(%neg_3, [3, 1]) ~ method view(%neg_3, -1, 1)\n"
      "  %d = div.Tensor_mode(%v, 1e-05, \"floor\")\n"
      "  %f = mul.Tensor(%l_x_, -inf)\n"
      "  return %d, %f\n"
      "}\n";
  absl::StatusOr<Graph> g = Parse(text);
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_EQ(g->node(1).name, "neg_3");
  EXPECT_EQ(g->node(3).meta[0].Annotation(), "f32[3, 1][1, 1]cpu");
  absl::StatusOr<Graph> again = Parse(Dump(*g));
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_EQ(Dump(*again), Dump(*g));
}

TEST(DumpTest, ParseErrorsNameTheLine) {
  EXPECT_EQ(Parse("graph g {\n  %a = nosuchop(1)\n  return %a\n}\n").status().message(),
            "line 2: unknown op nosuchop");
  EXPECT_EQ(Parse("graph g {\n  %a = neg(%b)\n}\n").status().message(),
            "line 2: unknown value %b");
  EXPECT_EQ(Parse("graph g {\n  %x = placeholder L_x_ \"L['x']\" : f32[3][1]cpu\n").status().message(),
            "missing closing '}'");
  // A shape error from the meta function surfaces with the line and the op's message.
  absl::StatusOr<Graph> bad = Parse(
      "graph g {\n"
      "  %x = placeholder L_x_ \"L['x']\" : f32[3][1]cpu\n"
      "  %v = view(%x, [2, 2])\n"
      "  return %v\n"
      "}\n");
  ASSERT_FALSE(bad.ok());
  EXPECT_TRUE(absl::StartsWith(bad.status().message(), "line 3: shape '[2, 2]' is invalid"))
      << bad.status();
}


// A dynamic-shape graph dumps (symbolic sizes and sym"..." arguments, for reading), but
// the text form has no symbol table, so Parse refuses it with the line it stopped at
// rather than guessing where the symbols come from (documented in graph.h).
TEST(DumpTest, SymbolicGraphDumpsButDoesNotParse) {
  const sym::ExprPtr s0 = sym::Symbol(0, "s0");
  GraphBuilder b("g");
  NodeId x = b.AddPlaceholder("L_x_", "L['x']", Meta({2, 6}));
  b.AddSymbol({"s0", 2, x, 0});
  b.SetSymSizes(x, -1, {s0, sym::Int(6)});
  NodeId view = *b.AddCall(Op("view"), {R(x), Arg::SymList({s0, sym::Int(-1)})},
                           Spell(CallStyle::kMethod, "view", {R(x), Arg::Sym(s0), C(-1)}), {});
  b.SetOutput({{view, -1}});
  Graph g = *std::move(b).Finish();
  const std::string dump = Dump(g);
  EXPECT_NE(dump.find("view(%l_x_, sym\"[s0, -1]\") ~ method view(%l_x_, sym\"s0\", -1)"),
            std::string::npos)
      << dump;
  absl::StatusOr<Graph> back = Parse(dump);
  ASSERT_FALSE(back.ok());
  EXPECT_TRUE(absl::StartsWith(back.status().message(), "line 2: ")) << back.status();
}

}  // namespace
}  // namespace wick::graph
