// GraphBuilder (meta functions fill node metadata, FX naming) and the verifier.
#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "graph/graph.h"
#include "graph/internal/names.h"
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


// Dynamic shapes: symbols, symbolic sizes and Arg::Sym arguments.

sym::ExprPtr S(int32_t id) { return sym::Symbol(id, absl::StrCat("s", id)); }

tensor::Tensor IntScalar(int64_t v) { return tensor::Tensor::FromScalar(v, DType::kInt64); }

TEST(TensorMetaTest, SymbolicAnnotation) {
  TensorMeta m = Meta({5, 3});
  EXPECT_FALSE(m.is_dynamic());
  m.sym_sizes = {S(0), sym::Int(3)};
  EXPECT_TRUE(m.is_dynamic());
  EXPECT_EQ(m.Annotation(), "f32[s0, 3][3, 1]cpu");
  // Contiguous strides are products of the later sizes, printed symbolically.
  TensorMeta n = Meta({2, 5, 8});
  n.sym_sizes = {sym::Int(2), S(0), sym::Int(8)};
  EXPECT_EQ(n.Annotation(), "f32[2, s0, 8][8*s0, 8, 1]cpu");
  TensorMeta two = Meta({4, 6}, DType::kInt64);
  two.sym_sizes = {S(0), S(1)};
  EXPECT_EQ(two.Annotation(), "i64[s0, s1][s1, 1]cpu");
  TensorMeta expr = Meta({6, 2});
  expr.sym_sizes = {sym::Mul(S(0), sym::Int(2)), sym::Add(S(1), sym::Int(1))};
  EXPECT_EQ(expr.Annotation(), "f32[2*s0, s1 + 1][s1 + 1, 1]cpu");
  // Other layouts print the strides' traced values.
  TensorMeta t = TensorMeta::Of(tensor::Tensor::MetaStrided(std::vector<int64_t>{3, 5},
                                                            std::vector<int64_t>{1, 3},
                                                            DType::kFloat32));
  t.sym_sizes = {sym::Int(3), S(0)};
  EXPECT_EQ(t.Annotation(), "f32[3, s0][1, 3]cpu");
}

TEST(ArgTest, SymArguments) {
  Arg a = Arg::Sym(sym::Add(S(0), sym::Int(1)));
  EXPECT_TRUE(a.is_sym());
  EXPECT_FALSE(a.is_sym_list());
  EXPECT_FALSE(a.is_constant());
  EXPECT_FALSE(a.is_ref());
  ASSERT_EQ(a.sym().size(), 1u);
  EXPECT_EQ(sym::ToString(*a.sym()[0]), "s0 + 1");
  // Equal as polynomials, equal as arguments.
  EXPECT_TRUE(a == Arg::Sym(sym::Add(sym::Int(1), S(0))));
  EXPECT_FALSE(a == Arg::Sym(S(0)));
  EXPECT_FALSE(a == Arg::SymList({sym::Add(S(0), sym::Int(1))}));
  EXPECT_FALSE(Arg::Sym(sym::Int(3)) == C(3));

  Arg l = Arg::SymList({S(0), sym::Int(-1)});
  EXPECT_TRUE(l.is_sym());
  EXPECT_TRUE(l.is_sym_list());
  EXPECT_EQ(l.sym().size(), 2u);
  EXPECT_TRUE(l == Arg::SymList({S(0), sym::Int(-1)}));
  EXPECT_FALSE(l == Arg::SymList({S(0), sym::Int(2)}));
  EXPECT_FALSE(l == Arg::SymList({S(0)}));
  EXPECT_TRUE(Arg::SymList({}) == Arg::SymList({}));
}

TEST(BuilderTest, SymbolsHintsAndSymbolicSizes) {
  GraphBuilder b("g");
  NodeId x = b.AddPlaceholder("L_x_", "L['x']", Meta({4, 6}));
  NodeId n = b.AddPlaceholder("L_n_", "L['n']", Meta({}, DType::kInt64));
  EXPECT_EQ(b.AddSymbol({"s0", 4, x, 0}), 0);
  EXPECT_EQ(b.AddSymbol({"s1", 3, n, -1}), 1);
  EXPECT_EQ(b.symbol_hints(), (std::vector<int64_t>{4, 3}));
  ASSERT_EQ(b.symbols().size(), 2u);
  EXPECT_EQ(b.symbols()[1].name, "s1");
  EXPECT_EQ(b.symbols()[1].placeholder, n);
  EXPECT_EQ(b.symbols()[1].dim, -1);
  b.SetSymSizes(x, -1, {S(0), sym::Int(6)});
  EXPECT_EQ(b.node(x).meta[0].Annotation(), "f32[s0, 6][6, 1]cpu");

  // Arg::Sym arguments evaluate with the hints: view(x, [s0 * 2, -1]) is [8, 3].
  NodeId view = *b.AddCall(Op("view"), {R(x), Arg::SymList({sym::Mul(S(0), sym::Int(2)),
                                                           sym::Int(-1)})},
                           Spell(CallStyle::kMethod, "view",
                                 {R(x), Arg::Sym(sym::Mul(S(0), sym::Int(2))), C(-1)}),
                           {});
  EXPECT_EQ(b.node(view).meta[0].Annotation(), "f32[8, 3][3, 1]cpu");
  b.SetSymSizes(view, -1, {sym::Mul(S(0), sym::Int(2)), sym::Int(3)});
  EXPECT_EQ(b.node(view).meta[0].Annotation(), "f32[2*s0, 3][3, 1]cpu");
  // A scalar symbolic int: x + n * 2 uses the hint 3.
  NodeId add = *b.AddCall(Op("add.Tensor"), {R(x), Arg::Sym(sym::Mul(S(1), sym::Int(2))), C(1)},
                          Spell(CallStyle::kOperator, "operator.add", {}), {});
  EXPECT_EQ(b.node(add).meta[0].Annotation(), "f32[4, 6][6, 1]cpu");
  // A list-producing node: SetSymSizes names the element.
  NodeId mx = *b.AddCall(Op("max.dim"), {R(x), C(1), C(false)},
                         Spell(CallStyle::kFunction, "torch.max", {R(x), C(1)}), {});
  b.SetSymSizes(mx, 1, {S(0)});
  EXPECT_FALSE(b.node(mx).meta[0].is_dynamic());
  EXPECT_EQ(b.node(mx).meta[1].Annotation(), "i64[s0][1]cpu");
  b.SetOutput({{view, -1}, {add, -1}, {mx, 1}});
  absl::StatusOr<Graph> g = std::move(b).Finish();
  ASSERT_TRUE(g.ok()) << g.status();
  ASSERT_EQ(g->symbols().size(), 2u);
  EXPECT_EQ(g->symbols()[0].name, "s0");
  EXPECT_EQ(g->symbols()[0].hint, 4);
  EXPECT_EQ(g->symbols()[0].placeholder, x);
  EXPECT_EQ(g->symbols()[0].dim, 0);
  EXPECT_TRUE(g->node(view).args[1] == Arg::SymList({sym::Mul(S(0), sym::Int(2)), sym::Int(-1)}));
  EXPECT_EQ(g->node(view).meta[0].Annotation(), "f32[2*s0, 3][3, 1]cpu");
}

// x: [s0, 3] (s0 = x.size(0)), y: [2, s1, 5] (s1 = y.size(1)), n: a symbolic int (s2).
Graph SymbolicInputsGraph() {
  GraphBuilder b("g");
  NodeId x = b.AddPlaceholder("L_x_", "L['x']", Meta({4, 3}));
  NodeId y = b.AddPlaceholder("L_y_", "L['y']", Meta({2, 6, 5}));
  NodeId n = b.AddPlaceholder("L_n_", "L['n']", Meta({}, DType::kInt64));
  b.AddSymbol({"s0", 4, x, 0});
  b.AddSymbol({"s1", 6, y, 1});
  b.AddSymbol({"s2", 7, n, -1});
  b.SetOutput({{x, -1}, {y, -1}});
  return *std::move(b).Finish();
}

TEST(BindSymbolsTest, SizesAndInts) {
  Graph g = SymbolicInputsGraph();
  absl::StatusOr<std::vector<int64_t>> v = g.BindSymbols(
      {testing::Iota({9, 3}), testing::Iota({2, 1, 5}), IntScalar(-5)});
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_EQ(*v, (std::vector<int64_t>{9, 1, -5}));
  // A graph without symbols binds nothing.
  std::vector<int64_t> none = *ValidGraph().BindSymbols({testing::Iota({3})});
  EXPECT_TRUE(none.empty());
}

TEST(BindSymbolsTest, Errors) {
  Graph g = SymbolicInputsGraph();
  absl::Status no_dim =
      g.BindSymbols({testing::Iota({9, 3}), testing::Iota({2}), IntScalar(1)}).status();
  EXPECT_EQ(no_dim.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(no_dim.message(), "symbol s1: input has no dimension 1");
  absl::Status not_int =
      g.BindSymbols({testing::Iota({9, 3}), testing::Iota({2, 1, 5}), testing::Iota({1})})
          .status();
  EXPECT_EQ(not_int.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(not_int.message(), "symbol s2: input is not a 0-dim int");
  absl::Status missing = g.BindSymbols({testing::Iota({9, 3}), testing::Iota({2, 1, 5})}).status();
  EXPECT_EQ(missing.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(missing.message(), "symbol s2: missing input");
  absl::Status undefined =
      g.BindSymbols({tensor::Tensor(), testing::Iota({2, 1, 5}), IntScalar(1)}).status();
  EXPECT_EQ(undefined.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(undefined.message(), "symbol s0: missing input");
}

TEST(MaterializeArgsTest, SymArgumentsEvaluateWithTheSymbolValues) {
  const tensor::OpDef* view = Op("view");
  tensor::Value x(tensor::Tensor::Meta(std::vector<int64_t>{6, 2}, DType::kFloat32));
  auto value_of = [&](NodeId) -> const tensor::Value& { return x; };
  std::vector<Arg> args = {R(0), Arg::SymList({sym::FloorDiv(S(0), sym::Int(2)), sym::Int(-1)})};
  absl::StatusOr<std::vector<tensor::Value>> v = MaterializeArgs(*view, args, value_of, {6});
  ASSERT_TRUE(v.ok()) << v.status();
  ASSERT_EQ(v->size(), 2u);
  EXPECT_EQ((*v)[1].to_int_list(), (std::vector<int64_t>{3, -1}));
  v = MaterializeArgs(*view, args, value_of, {12});
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_EQ((*v)[1].to_int_list(), (std::vector<int64_t>{6, -1}));

  // A scalar symbolic int in an int slot (select.int's index).
  std::vector<tensor::Value> sel =
      *MaterializeArgs(*Op("select.int"), {R(0), C(0), Arg::Sym(sym::Sub(S(1), sym::Int(1)))},
                       value_of, {6, 4});
  EXPECT_EQ(sel[2].to_int(), 3);

  // No value for a symbol the argument uses: our bug, not the user's.
  absl::Status missing = MaterializeArgs(*view, args, value_of).status();
  EXPECT_EQ(missing.code(), absl::StatusCode::kInternal);
  EXPECT_EQ(missing.message(), "view: no value for symbol (s0//2)");
}

TEST(BuilderTest, SymArgumentFailsAsEagerWouldForTheHints) {
  GraphBuilder b("g");
  NodeId x = b.AddPlaceholder("L_x_", "L['x']", Meta({4, 6}));
  b.AddSymbol({"s0", 4, x, 0});
  // view(x, [s0, 5]) with s0 = 4: 20 elements for a 24-element tensor.
  absl::StatusOr<NodeId> bad =
      b.AddCall(Op("view"), {R(x), Arg::SymList({S(0), sym::Int(5)})},
                Spell(CallStyle::kMethod, "view", {}), {});
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().code(), absl::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace wick::graph
