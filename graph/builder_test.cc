// GraphBuilder (meta functions fill node metadata, FX naming) and the verifier.
#include "absl/status/status.h"
#include "base/python_error.h"
#include "graph/graph.h"
#include "graph/internal/names.h"
#include "graph/test_util.h"
#include "gtest/gtest.h"

namespace wick::graph {
namespace {

using ::wick::graph::testing::C;
using ::wick::graph::testing::Meta;
using ::wick::graph::testing::Op;
using ::wick::graph::testing::Origin;
using ::wick::graph::testing::R;
using ::wick::graph::testing::Spell;
using tensor::DType;

TEST(TensorMetaTest, AnnotationUsesFxDtypeAbbreviations) {
  EXPECT_EQ(Meta({4, 3}).Annotation(), "f32[4, 3][3, 1]cpu");
  EXPECT_EQ(Meta({}, DType::kFloat64).Annotation(), "f64[][]cpu");
  EXPECT_EQ(Meta({2}, DType::kInt64).Annotation(), "i64[2][1]cpu");
  EXPECT_EQ(Meta({2}, DType::kInt32).Annotation(), "i32[2][1]cpu");
  EXPECT_EQ(Meta({1, 2}, DType::kBool).Annotation(), "b8[1, 2][2, 1]cpu");
}

TEST(BuilderTest, AddBroadcastsAndPromotes) {
  GraphBuilder b("__compiled_fn_1");
  NodeId x = b.AddPlaceholder("L_x_", "L['x']", Meta({4, 1}, DType::kInt64));
  NodeId y = b.AddPlaceholder("L_y_", "L['y']", Meta({3}));
  absl::StatusOr<NodeId> add =
      b.AddCall(Op("add.Tensor"), {R(x), R(y), C(1)},
                Spell(CallStyle::kOperator, "operator.add", {R(x), R(y)}), Origin(3, "x + y"));
  ASSERT_TRUE(add.ok()) << add.status();
  const Node& n = b.node(*add);
  EXPECT_EQ(n.name, "add");
  ASSERT_EQ(n.meta.size(), 1u);
  EXPECT_EQ(n.meta[0].Annotation(), "f32[4, 3][3, 1]cpu");
  EXPECT_EQ(b.node(x).name, "l_x_");
  EXPECT_EQ(b.node(x).target, "L_x_");
}

TEST(BuilderTest, ScalarConstantIsAWrappedNumber) {
  GraphBuilder b("g");
  NodeId x = b.AddPlaceholder("L_x_", "L['x']", Meta({2}, DType::kInt32));
  // int32 tensor + 1.5 (a Python float) promotes to the default float dtype.
  NodeId add = *b.AddCall(Op("add.Tensor"), {R(x), C(1.5), C(1)},
                          Spell(CallStyle::kOperator, "operator.add", {R(x), C(1.5)}), {});
  EXPECT_EQ(b.node(add).meta[0].Annotation(), "f32[2][1]cpu");
  // int32 tensor + 2 (a Python int) stays int32.
  NodeId add1 = *b.AddCall(Op("add.Tensor"), {R(x), C(2), C(1)},
                           Spell(CallStyle::kOperator, "operator.add", {R(x), C(2)}), {});
  EXPECT_EQ(b.node(add1).meta[0].Annotation(), "i32[2][1]cpu");
  EXPECT_EQ(b.node(add1).name, "add_1");
}

TEST(BuilderTest, MatmulSumAndListResults) {
  GraphBuilder b("g");
  NodeId a = b.AddPlaceholder("L_a_", "L['a']", Meta({2, 3}));
  NodeId w = b.AddGetAttr("L__self___weight", testing::Iota({3, 5}));
  NodeId mm = *b.AddCall(Op("matmul"), {R(a), R(w)},
                         Spell(CallStyle::kOperator, "operator.matmul", {R(a), R(w)}), {});
  EXPECT_EQ(b.node(mm).meta[0].Annotation(), "f32[2, 5][5, 1]cpu");
  EXPECT_EQ(b.node(w).name, "l__self___weight");
  NodeId s = *b.AddCall(Op("sum"), {R(mm), C(std::vector<int64_t>{1}), C(true), C()},
                        Spell(CallStyle::kMethod, "sum", {R(mm), C(1)},
                              {{"keepdim", C(true)}}),
                        {});
  EXPECT_EQ(b.node(s).meta[0].Annotation(), "f32[2, 1][1, 1]cpu");
  // `sum` is a Python builtin: FX never shadows it.
  EXPECT_EQ(b.node(s).name, "sum_1");
  NodeId mx = *b.AddCall(Op("max.dim"), {R(a), C(1), C(false)},
                         Spell(CallStyle::kFunction, "torch.max", {R(a), C(1)}), {});
  ASSERT_EQ(b.node(mx).meta.size(), 2u);
  EXPECT_EQ(b.node(mx).meta[1].Annotation(), "i64[2][1]cpu");
  EXPECT_EQ(b.node(mx).name, "max_1");
  b.SetOutput({{s, -1}, {mx, 1}});
  absl::StatusOr<Graph> g = std::move(b).Finish();
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_EQ(g->num_calls(), 3);
  EXPECT_EQ(g->placeholders(), std::vector<NodeId>{0});
  EXPECT_EQ(g->output().name, "output");
}

TEST(BuilderTest, ShapeErrorComesBackAsEagerWouldRaiseIt) {
  GraphBuilder b("g");
  NodeId x = b.AddPlaceholder("L_x_", "L['x']", Meta({2, 3}));
  NodeId y = b.AddPlaceholder("L_y_", "L['y']", Meta({4, 5}));
  absl::StatusOr<NodeId> mm = b.AddCall(Op("matmul"), {R(x), R(y)},
                                        Spell(CallStyle::kOperator, "operator.matmul", {}), {});
  ASSERT_FALSE(mm.ok());
  EXPECT_EQ(mm.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(PythonErrorType(mm.status()), "RuntimeError");
  // The registry's own message for the same call.
  absl::Status eager = tensor::OpRegistry::Global()
                           .CallMeta("matmul", {tensor::Tensor::Meta({2, 3}, DType::kFloat32),
                                                tensor::Tensor::Meta({4, 5}, DType::kFloat32)})
                           .status();
  EXPECT_EQ(mm.status().message(), eager.message());
}

TEST(NamesTest, FollowsFxNamespace) {
  absl::flat_hash_set<std::string> used;
  absl::flat_hash_map<std::string, int64_t> counts;
  auto name = [&](absl::string_view c) { return internal::CreateName(c, used, counts); };
  EXPECT_EQ(name("add"), "add");
  EXPECT_EQ(name("add"), "add_1");
  EXPECT_EQ(name("add"), "add_2");
  EXPECT_EQ(name("sum"), "sum_1");
  EXPECT_EQ(name("sum"), "sum_2");
  EXPECT_EQ(name("foo.bar"), "foo_bar");
  EXPECT_EQ(name("1x"), "_1x");
  EXPECT_EQ(internal::SnakeCase("L__self___fc1_weight"), "l__self___fc1_weight");
  EXPECT_EQ(internal::SnakeCase("pascalCase"), "pascal_case");
  EXPECT_EQ(internal::CandidateForTarget("torch.nn.functional.relu"), "relu");
  EXPECT_EQ(internal::CandidateForTarget("operator.getitem"), "getitem");
}

// A valid two-node graph the verifier tests break in different ways.
Graph ValidGraph() {
  GraphBuilder b("g");
  NodeId x = b.AddPlaceholder("L_x_", "L['x']", Meta({3}));
  NodeId s = *b.AddCall(Op("sin"), {R(x)}, Spell(CallStyle::kFunction, "torch.sin", {R(x)}),
                        {});
  b.SetOutput({{s, -1}});
  return *std::move(b).Finish();
}

TEST(VerifyTest, AcceptsValidGraph) { EXPECT_TRUE(Verify(ValidGraph()).ok()); }

TEST(VerifyTest, ForwardReference) {
  Graph g = ValidGraph();
  g.mutable_nodes()[1].args[0] = R(2);
  absl::Status s = Verify(g);
  EXPECT_EQ(s.code(), absl::StatusCode::kInternal);
  EXPECT_EQ(s.message(), "graph verifier: node %1 (sin): reference to %2 is not an earlier node");
}

TEST(VerifyTest, DuplicateNameAndArity) {
  Graph g = ValidGraph();
  g.mutable_nodes()[1].name = "l_x_";
  EXPECT_EQ(Verify(g).message(), "graph verifier: node %1 (l_x_): duplicate name");
  Graph h = ValidGraph();
  h.mutable_nodes()[1].args.push_back(C(1));
  EXPECT_EQ(Verify(h).message(),
            "graph verifier: node %1 (sin): 2 bound arguments for sin which takes 1");
}

TEST(VerifyTest, PlaceholderTargetsAreForwardParameters) {
  GraphBuilder b("g");
  b.AddPlaceholder("L_x_", "L['x']", Meta({3}));
  b.AddPlaceholder("L_x_", "L['x']", Meta({3}));  // named l_x__1 (as FX would), same parameter
  b.SetOutput({});
  EXPECT_EQ(std::move(b).Finish().status().message(),
            "graph verifier: node %1 (l_x__1): placeholder target 'L_x_' empty or repeated");
}

TEST(VerifyTest, OutputMustBeLastAndElementsMustExist) {
  Graph g = ValidGraph();
  g.mutable_nodes()[2].outputs = {{1, 3}};
  EXPECT_EQ(Verify(g).message(),
            "graph verifier: node %2 (output): reference to element 3 of %1 which has 1");
  Graph h = ValidGraph();
  std::swap(h.mutable_nodes()[1], h.mutable_nodes()[2]);
  EXPECT_EQ(Verify(h).message(), "graph verifier: the last node must be the output");
  Graph k = ValidGraph();
  k.mutable_nodes()[1].id = 5;
  EXPECT_EQ(Verify(k).message(), "graph verifier: node at position 1 (sin) has id 5");
}

TEST(VerifyTest, RefInNonTensorSlot) {
  GraphBuilder b("g");
  NodeId x = b.AddPlaceholder("L_x_", "L['x']", Meta({3}));
  NodeId v = *b.AddCall(Op("view"), {R(x), C(std::vector<int64_t>{3, 1})},
                        Spell(CallStyle::kMethod, "view", {R(x), C(3), C(1)}), {});
  b.SetOutput({{v, -1}});
  Graph g = *std::move(b).Finish();
  g.mutable_nodes()[1].args[1] = R(0);
  EXPECT_EQ(Verify(g).message(),
            "graph verifier: node %1 (view): argument 'size' is not a Tensor slot");
}

TEST(CompactTest, DropsErasedNodesAndRenumbers) {
  GraphBuilder b("g");
  NodeId x = b.AddPlaceholder("L_x_", "L['x']", Meta({3}));
  NodeId s = *b.AddCall(Op("sin"), {R(x)}, Spell(CallStyle::kFunction, "torch.sin", {R(x)}),
                        {});
  NodeId n = *b.AddCall(Op("neg"), {R(x)}, Spell(CallStyle::kOperator, "operator.neg", {R(x)}),
                        {});
  b.SetOutput({{n, -1}});
  Graph g = *std::move(b).Finish();
  g.mutable_nodes()[s].op = nullptr;
  g.Compact();
  ASSERT_EQ(g.nodes().size(), 3u);
  EXPECT_EQ(g.node(1).name, "neg");
  EXPECT_EQ(g.node(1).id, 1);
  EXPECT_EQ(g.output().outputs[0], (ValueRef{1, -1}));
  EXPECT_TRUE(Verify(g).ok());
}

}  // namespace
}  // namespace wick::graph
