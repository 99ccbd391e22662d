// DCE, CSE and the pass runner, written as text in / text out over the Dump form.
#include "graph/passes.h"

#include <cstdint>
#include <vector>

#include "graph/graph.h"
#include "gtest/gtest.h"
#include "sym/expr.h"
#include "tensor/op_registry.h"
#include "tensor/tensor.h"

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


// Specialize: a dynamic-shape graph made static for one call's inputs.

tensor::Tensor Zeros(std::vector<int64_t> sizes) {
  tensor::Tensor t = *tensor::Tensor::Empty(sizes, tensor::DType::kFloat32);
  for (int64_t i = 0; i < t.numel(); ++i) t.data<float>()[i] = 0;
  return t;
}

TensorMeta MetaOf(std::vector<int64_t> sizes, tensor::DType dtype = tensor::DType::kFloat32) {
  return TensorMeta::Of(tensor::Tensor::Meta(sizes, dtype));
}

const tensor::OpDef* Op(absl::string_view name) {
  return tensor::OpRegistry::Global().Find(name);
}

// def fn(x): return x.view(x.size(0), -1).sin()   traced with x: [s0, 6], s0 = 2.
Graph SymbolicView() {
  const sym::ExprPtr s0 = sym::Symbol(0, "s0");
  GraphBuilder b("g");
  NodeId x = b.AddPlaceholder("L_x_", "L['x']", MetaOf({2, 6}));
  b.AddSymbol({"s0", 2, x, 0});
  b.SetSymSizes(x, -1, {s0, sym::Int(6)});
  NodeId view = *b.AddCall(
      Op("view"), {Arg::Ref({x, -1}), Arg::SymList({s0, sym::Int(-1)})},
      Spelling{CallStyle::kMethod, "view",
               {Arg::Ref({x, -1}), Arg::Sym(s0), Arg::Constant(-1)}, {}},
      {});
  b.SetSymSizes(view, -1, {s0, sym::Int(6)});
  NodeId sin = *b.AddCall(Op("sin"), {Arg::Ref({view, -1})},
                          Spelling{CallStyle::kMethod, "sin", {Arg::Ref({view, -1})}, {}}, {});
  b.SetSymSizes(sin, -1, {s0, sym::Int(6)});
  b.SetOutput({{sin, -1}});
  return *std::move(b).Finish();
}

TEST(SpecializeTest, SymArgumentsBecomeConstantsAndMetaIsRecomputed) {
  Graph g = SymbolicView();
  ASSERT_EQ(g.symbols().size(), 1u);
  absl::StatusOr<Graph> s = Specialize(g, {Zeros({4, 6})});
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_TRUE(Verify(*s).ok());
  EXPECT_TRUE(s->symbols().empty());
  const Node& view = s->node(1);
  ASSERT_TRUE(view.args[1].is_constant());
  EXPECT_EQ(view.args[1].constant().to_int_list(), (std::vector<int64_t>{4, -1}));
  ASSERT_EQ(view.spelling.args.size(), 3u);
  ASSERT_TRUE(view.spelling.args[1].is_constant());
  EXPECT_EQ(view.spelling.args[1].constant().to_int(), 4);
  for (const Node& n : s->nodes()) {
    for (const TensorMeta& m : n.meta) EXPECT_FALSE(m.is_dynamic()) << n.name;
  }
  EXPECT_EQ(Dump(*s), Dump(P("graph g {\n"
                             "  %l_x_ = placeholder L_x_ \"L['x']\" : f32[4, 6][6, 1]cpu\n"
                             "  %view = view(%l_x_, [4, -1]) ~ method view(%l_x_, 4, -1)\n"
                             "  %sin = sin(%view) ~ method sin(%view)\n"
                             "  return %sin\n"
                             "}\n")));
  // Another shape, another graph; the symbolic one is unchanged.
  absl::StatusOr<Graph> t = Specialize(g, {Zeros({3, 2})});
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_EQ(t->node(1).args[1].constant().to_int_list(), (std::vector<int64_t>{3, -1}));
  EXPECT_EQ(t->node(2).meta[0].Annotation(), "f32[3, 2][2, 1]cpu");
  EXPECT_EQ(g.node(1).meta[0].Annotation(), "f32[s0, 6][6, 1]cpu");
  EXPECT_TRUE(g.node(1).args[1].is_sym_list());
}

TEST(SpecializeTest, IntSymbolsGetAttrsAndKwargs) {
  const sym::ExprPtr s0 = sym::Symbol(0, "s0");
  GraphBuilder b("g");
  NodeId x = b.AddPlaceholder("L_x_", "L['x']", MetaOf({3}));
  NodeId n = b.AddPlaceholder("L_n_", "L['n']", MetaOf({}, tensor::DType::kInt64));
  b.AddSymbol({"s0", 2, n, -1});
  tensor::Tensor w = Zeros({3});
  NodeId wn = b.AddGetAttr("L__self___w", w);
  // torch.add(x, w, alpha=n * 3)
  const Arg alpha = Arg::Sym(sym::Mul(s0, sym::Int(3)));
  NodeId add = *b.AddCall(
      Op("add.Tensor"), {Arg::Ref({x, -1}), Arg::Ref({wn, -1}), alpha},
      Spelling{CallStyle::kFunction, "torch.add", {Arg::Ref({x, -1}), Arg::Ref({wn, -1})},
               {{"alpha", alpha}}},
      {});
  b.SetOutput({{add, -1}});
  Graph g = *std::move(b).Finish();
  absl::StatusOr<Graph> s = Specialize(g, {Zeros({3}), tensor::Tensor::FromScalar(
                                                           int64_t{5}, tensor::DType::kInt64)});
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->node(3).args[2].constant().to_int(), 15);
  ASSERT_EQ(s->node(3).spelling.kwargs.size(), 1u);
  EXPECT_EQ(s->node(3).spelling.kwargs[0].second.constant().to_int(), 15);
  EXPECT_EQ(s->node(2).kind, NodeKind::kGetAttr);
  EXPECT_TRUE(s->node(2).attr.is_same(w));
  EXPECT_EQ(s->node(1).meta[0].Annotation(), "i64[][]cpu");
}

TEST(SpecializeTest, InputsThatDoNotFitAreErrors) {
  Graph g = SymbolicView();
  // s0 is x.size(0): a 0-dim input lacks it, and no input at all is missing it.
  absl::Status no_dim = Specialize(g, {tensor::Tensor::FromScalar(1.0)}).status();
  EXPECT_EQ(no_dim.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(no_dim.message(), "symbol s0: input has no dimension 0");
  EXPECT_EQ(Specialize(g, {}).status().message(), "symbol s0: missing input");

  // A meta function rejecting the specialised call fails as eager would.
  const sym::ExprPtr s0 = sym::Symbol(0, "s0");
  GraphBuilder b("g");
  NodeId x = b.AddPlaceholder("L_x_", "L['x']", MetaOf({2, 6}));
  b.AddSymbol({"s0", 2, x, 0});
  NodeId view = *b.AddCall(Op("view"), {Arg::Ref({x, -1}), Arg::SymList({s0, sym::Int(6)})},
                           Spelling{CallStyle::kMethod, "view", {}, {}}, {});
  b.SetOutput({{view, -1}});
  Graph h = *std::move(b).Finish();
  absl::Status bad = Specialize(h, {Zeros({3, 4})}).status();
  EXPECT_EQ(bad.code(), absl::StatusCode::kInvalidArgument);
  absl::Status eager = tensor::OpRegistry::Global()
                           .CallMeta("view", {tensor::Tensor::Meta(std::vector<int64_t>{3, 4},
                                                                   tensor::DType::kFloat32),
                                              std::vector<int64_t>{3, 6}})
                           .status();
  EXPECT_EQ(bad.message(), eager.message());

  // No symbols: still one input per placeholder.
  Graph plain = P("graph g {\n"
                  "  %x = placeholder L_x_ \"L['x']\" : f32[2][1]cpu\n"
                  "  %exp = exp(%x)\n"
                  "  return %exp\n"
                  "}\n");
  absl::Status few = Specialize(plain, {}).status();
  EXPECT_EQ(few.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(few.message(), "too few inputs");
  absl::StatusOr<Graph> same = Specialize(plain, {Zeros({2})});
  ASSERT_TRUE(same.ok()) << same.status();
  ASSERT_EQ(same->nodes().size(), plain.nodes().size());
  EXPECT_EQ(same->node(1).op, plain.node(1).op);
  EXPECT_EQ(same->node(1).meta[0].Annotation(), "f32[2][1]cpu");
}

}  // namespace
}  // namespace wick::graph
