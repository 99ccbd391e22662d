// GuardTree: Check per guard kind, Explain's upstream texts, deduplication and the
// failure-count ordering of siblings.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "guards/guards_test_util.h"
#include "sym/expr.h"

namespace wick::guards {
namespace {

using ::testing::ElementsAre;
using testing::GuardsTest;
using GuardTreeTest = GuardsTest;

TEST_F(GuardTreeTest, TensorMatchSizeStrideDtypeRequiresGrad) {
  SourcePtr x = Source::Local("x", 0);
  auto tree = Build({TensorMatch(x, {3})});
  locals_ = {Tensor({3})};
  EXPECT_TRUE(tree->Check(View()));
  EXPECT_TRUE(tree->Explain(View()).empty());

  locals_ = {Tensor({4})};
  EXPECT_FALSE(tree->Check(View()));
  EXPECT_THAT(tree->Explain(View()),
              ElementsAre("tensor 'x' size mismatch at index 0. expected 3, actual 4"));

  locals_ = {Tensor({3}, tensor::DType::kFloat64)};
  EXPECT_FALSE(tree->Check(View()));
  EXPECT_THAT(tree->Explain(View()),
              ElementsAre("tensor 'x' dtype mismatch. expected Float, actual Double"));

  locals_ = {Tensor({3})};
  ASSERT_TRUE(vm::SetAttr(rt_, locals_[0], rt_.Intern("requires_grad"), vm::Value::Bool(true)));
  EXPECT_FALSE(tree->Check(View()));
  EXPECT_THAT(tree->Explain(View()),
              ElementsAre("tensor 'x' requires_grad mismatch. expected requires_grad=0"));

  locals_ = {Tensor({3, 1})};
  EXPECT_THAT(tree->Explain(View()), ElementsAre("tensor 'x' rank mismatch. expected 1, actual 2"));

  locals_ = {vm::Value::Int(3)};
  EXPECT_FALSE(tree->Check(View()));
  EXPECT_THAT(tree->Explain(View()),
              ElementsAre("expected type of 'x' to be a tensor type, ' but found <class 'int'>"));
}

TEST_F(GuardTreeTest, TensorMatchStridesAndDynamicDims) {
  SourcePtr x = Source::Local("x", 0);
  auto tree = Build({TensorMatch(x, {2, 3})});
  locals_ = {Transposed(Tensor({3, 2}))};  // sizes [2, 3], strides [1, 2]
  EXPECT_FALSE(tree->Check(View()));
  EXPECT_THAT(tree->Explain(View()),
              ElementsAre("tensor 'x' stride mismatch at index 0. expected 3, actual 1"));

  GuardSpec dynamic = TensorMatch(x, {2, 3});
  dynamic.tensor.sizes[0] = std::nullopt;  // a dynamic dim: size and stride unchecked
  dynamic.tensor.strides[0] = std::nullopt;
  auto dyn = Build({dynamic});
  locals_ = {Tensor({7, 3})};
  EXPECT_TRUE(dyn->Check(View()));
  locals_ = {Tensor({7, 4})};
  EXPECT_THAT(dyn->Explain(View()),
              ElementsAre("tensor 'x' size mismatch at index 1. expected 3, actual 4"));
}

TEST_F(GuardTreeTest, NestedTensorNameKeepsThePath) {
  vm::Value cls = Class("Cache");
  vm::Value cache = Instance(cls);
  SetAttr(cache, "kv", rt_.NewList({Tensor({5})}));
  locals_ = {cache};
  SourcePtr s = Source::Item(Source::Attr(Source::Local("cache", 0), "kv"), 0);
  auto tree = Build({TensorMatch(s, {4})});
  EXPECT_THAT(tree->Explain(View()),
              ElementsAre("tensor 'cache.kv[0]' size mismatch at index 0. expected 4, actual 5"));
}

TEST_F(GuardTreeTest, EqualsMatchPrintsTheExpression) {
  SourcePtr c = Source::Local("c", 0);
  auto tree = Build({Equals(c, vm::Value::Int(1))});
  locals_ = {vm::Value::Int(1)};
  EXPECT_TRUE(tree->Check(View()));
  locals_ = {vm::Value::Int(2)};
  EXPECT_FALSE(tree->Check(View()));
  // What the recompile message needs after "- 0/0: ".
  EXPECT_THAT(tree->Explain(View()), ElementsAre("c == 1"));
  // Newer releases' "last reason" form: padded before L['c'] is stripped, then the
  // user code and location.
  GuardSpec located = Equals(c, vm::Value::Int(1));
  located.user_code = "return x + c";
  located.user_location = "f.py:3 in fn";
  EXPECT_THAT(Build({located})->Explain(View(), /*with_user_location=*/true),
              ElementsAre("c == 1" + std::string(60 - 11, ' ') +
                          "  # return x + c  # f.py:3 in fn"));
  locals_ = {vm::Value::Bool(true)};  // equal in Python, but a different type
  EXPECT_FALSE(tree->Check(View()));

  auto f = Build({Equals(c, vm::Value::Float(0.5))});
  locals_ = {vm::Value::Float(1.5)};
  EXPECT_THAT(f->Explain(View()), ElementsAre("c == 0.5"));

  auto s = Build({Equals(c, Str("relu"))});
  locals_ = {Str("relu")};
  EXPECT_TRUE(s->Check(View()));
  locals_ = {Str("gelu")};
  EXPECT_THAT(s->Explain(View()), ElementsAre("c == 'relu'"));

  auto t = Build({Equals(c, rt_.NewTuple({vm::Value::Int(1), vm::Value::None()}))});
  locals_ = {rt_.NewTuple({vm::Value::Int(1), vm::Value::None()})};
  EXPECT_TRUE(t->Check(View()));
  locals_ = {rt_.NewTuple({vm::Value::Int(1), vm::Value::Int(0)})};
  EXPECT_THAT(t->Explain(View()), ElementsAre("c == (1, None)"));

  // A range compares as Python's ranges do: as the sequence of ints it gives.
  auto r = Build({Equals(c, rt_.NewRange(1, 9, 3))});
  locals_ = {rt_.NewRange(1, 8, 3)};  // 1, 4, 7 as well
  EXPECT_TRUE(r->Check(View()));
  locals_ = {rt_.NewRange(1, 9, 2)};
  EXPECT_THAT(r->Explain(View()), ElementsAre("c == range(1, 9, 3)"));
  locals_ = {rt_.NewTuple({vm::Value::Int(1), vm::Value::Int(4), vm::Value::Int(7)})};
  EXPECT_FALSE(r->Check(View()));
  auto empty = Build({Equals(c, rt_.NewRange(0, 0, 1))});
  locals_ = {rt_.NewRange(5, 2, 1)};
  EXPECT_TRUE(empty->Check(View()));
}

TEST_F(GuardTreeTest, EqualsOnUnhashableIsInvalidArgument) {
  auto tree = GuardTree::Build({Equals(Source::Local("xs", 0), rt_.NewList({}))});
  EXPECT_EQ(tree.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(tree.status().message(),
            "EQUALS_MATCH guard on L['xs'] needs None, a bool, int, float, str, range or a tuple of "
            "these; got list");
}

TEST_F(GuardTreeTest, TypeIdNoneAndLength) {
  vm::Value cls = Class("Point");
  vm::Value fn = rt_.NewBuiltinFunction("f", nullptr);
  locals_ = {Instance(cls), fn, vm::Value::None(),
             rt_.NewList({vm::Value::Int(1), vm::Value::Int(2)})};
  GuardSpec type = Spec(GuardKind::kTypeMatch, Source::Local("p", 0));
  type.expected = cls;
  GuardSpec id = Spec(GuardKind::kIdMatch, Source::Local("f", 1));
  id.expected = fn;
  GuardSpec none = Spec(GuardKind::kNone, Source::Local("n", 2));
  GuardSpec len = Spec(GuardKind::kLength, Source::Local("xs", 3));
  len.length = 2;
  auto tree = Build({type, id, none, len});
  EXPECT_EQ(tree->size(), 4);
  EXPECT_TRUE(tree->Check(View()));

  locals_ = {Instance(Class("Other")), rt_.NewBuiltinFunction("g", nullptr), vm::Value::Int(0),
             rt_.NewList({})};
  EXPECT_FALSE(tree->Check(View()));
  std::vector<std::string> reasons = tree->Explain(View());
  ASSERT_EQ(reasons.size(), 4u);
  // In upstream's Guard.sort_key order: shorter source names first, then by name.
  EXPECT_EQ(reasons[0], absl::StrCat("___check_obj_id(f, ",
                                     reinterpret_cast<uintptr_t>(fn.object()), ")"));
  EXPECT_EQ(reasons[1], "n is None");
  EXPECT_EQ(reasons[2], absl::StrCat("___check_type_id(p, ",
                                     reinterpret_cast<uintptr_t>(cls.object()), ")"));
  EXPECT_EQ(reasons[3], "len(xs) == 2");
}

TEST_F(GuardTreeTest, GradModeGlobalState) {
  GuardSpec g;
  g.kind = GuardKind::kGlobalState;
  g.grad_enabled = true;
  auto tree = Build({g});
  EXPECT_TRUE(tree->Check(View()));
  vm::SetGradModeEnabled(rt_, false);
  EXPECT_FALSE(tree->Check(View()));
  EXPECT_THAT(tree->Explain(View()), ElementsAre("GLOBAL_STATE changed: grad_mode "));
  vm::SetGradModeEnabled(rt_, true);
}

TEST_F(GuardTreeTest, NoTensorAliasing) {
  GuardSpec alias;
  alias.kind = GuardKind::kNoTensorAliasing;
  alias.aliases = {Source::Local("a", 0), Source::Local("b", 1)};
  auto tree = Build({alias});
  vm::Value t = Tensor({2});
  locals_ = {t, Tensor({2})};
  EXPECT_TRUE(tree->Check(View()));
  locals_ = {t, t};
  EXPECT_FALSE(tree->Check(View()));
  EXPECT_THAT(tree->Explain(View()), ElementsAre("check_no_aliasing(a, b)"));
  locals_ = {t, Transposed(t)};  // a view shares storage
  EXPECT_FALSE(tree->Check(View()));
}

TEST_F(GuardTreeTest, DictKeysAndMissingPaths) {
  vm::Value d = rt_.NewDict();
  d.as<vm::Dict>()->SetStr(rt_, rt_.Intern("a"), vm::Value::Int(1));
  d.as<vm::Dict>()->SetStr(rt_, rt_.Intern("b"), vm::Value::Int(2));
  GuardSpec keys = Spec(GuardKind::kDictKeys, Source::Local("d", 0));
  keys.keys = {Str("a"), Str("b")};
  SourcePtr weight = Source::Attr(Source::Local("self", 1), "weight");
  auto tree = Build({keys, TensorMatch(weight, {2}),
                     Equals(Source::StrItem(Source::Local("d", 0), "a"), vm::Value::Int(1))});
  vm::Value mod = Instance(Class("M"));
  SetAttr(mod, "weight", Tensor({2}));
  locals_ = {d, mod};
  EXPECT_TRUE(tree->Check(View()));

  vm::Value d2 = rt_.NewDict();
  d2.as<vm::Dict>()->SetStr(rt_, rt_.Intern("b"), vm::Value::Int(2));
  locals_ = {d2, Instance(Class("M"))};
  EXPECT_FALSE(tree->Check(View()));
  EXPECT_THAT(tree->Explain(View()),
              ElementsAre("list(dict.keys(d)) == ['a', 'b']", "KeyError on d['a']",
                          "getattr failed on source self.weight"));
}

TEST_F(GuardTreeTest, GlobalsResolveThroughGlobalsThenBuiltins) {
  SetGlobal("scale", vm::Value::Int(2));
  auto tree = Build({Equals(Source::Global("scale"), vm::Value::Int(2))});
  EXPECT_TRUE(tree->Check(View()));
  SetGlobal("scale", vm::Value::Int(3));
  EXPECT_THAT(tree->Explain(View()), ElementsAre("G['scale'] == 2"));
}

TEST_F(GuardTreeTest, ClosureCellsAndMethodsOnTheClass) {
  vm::Value cls = Class("M");
  vm::Value method = rt_.NewBuiltinFunction("forward", nullptr);
  cls.as<vm::Type>()->dict()->SetStr(rt_, rt_.Intern("forward"), method);
  cells_ = {rt_.NewCell(vm::Value::Int(3))};
  locals_ = {Instance(cls)};
  GuardSpec id = Spec(GuardKind::kIdMatch, Source::Attr(Source::Local("self", 0), "forward"));
  id.expected = method;  // found on the type, returned unbound (no descriptor call)
  auto tree = Build({Equals(Source::Cell("k", 0), vm::Value::Int(3)), id});
  EXPECT_TRUE(tree->Check(View()));
  EXPECT_NE(tree->Print().find("| +- GuardManager: source=L['k'], "
                               "accessed_by=FrameLocalsGuardAccessor(key='k', framelocals_idx=0)\n"
                               "| | +- EQUALS_MATCH: L['k'] == 3\n"),
            std::string::npos);
  cells_[0].as<vm::Cell>()->value = vm::Value::Int(4);
  EXPECT_FALSE(tree->Check(View()));
  EXPECT_THAT(tree->Explain(View()), ElementsAre("k == 3"));
  cells_[0].as<vm::Cell>()->value = vm::Value::Raised();  // emptied cell
  EXPECT_THAT(tree->Explain(View()), ElementsAre("KeyError on k"));
}

TEST_F(GuardTreeTest, DeduplicatesIdenticalSpecs) {
  SourcePtr x = Source::Local("x", 0);
  auto tree = Build({TensorMatch(x, {3}), TensorMatch(Source::Local("x", 0), {3}),
                     Equals(Source::Local("n", 1), vm::Value::Int(3)),
                     Equals(Source::Local("n", 1), vm::Value::Int(3)),
                     Equals(Source::Local("n", 1), vm::Value::Int(4))});
  EXPECT_EQ(tree->size(), 3);
}

TEST_F(GuardTreeTest, MostFailingSiblingMovesFirst) {
  auto tree = Build({Equals(Source::Local("a", 0), vm::Value::Int(1)),
                     Equals(Source::Local("b", 1), vm::Value::Int(2))});
  const std::string initial = tree->Print();
  EXPECT_LT(initial.find("source=L['a']"), initial.find("source=L['b']"));
  locals_ = {vm::Value::Int(1), vm::Value::Int(0)};  // only b fails
  EXPECT_FALSE(tree->Check(View()));
  const std::string after = tree->Print();
  EXPECT_LT(after.find("source=L['b']"), after.find("source=L['a']"));
  // Ties keep their order: a now fails once too, but b has failed as often and stays.
  locals_ = {vm::Value::Int(0), vm::Value::Int(2)};
  EXPECT_FALSE(tree->Check(View()));
  EXPECT_EQ(tree->Print(), after);
  locals_ = {vm::Value::Int(0), vm::Value::Int(2)};
  EXPECT_FALSE(tree->Check(View()));  // a: 2 failures, b: 1 -> a first again
  EXPECT_EQ(tree->Print(), initial);
}


// Dynamic shapes: LAMBDA_GUARD leaves over ShapeSymbols (sizes of tensors, ints).

std::shared_ptr<const ShapeSymbols> Symbols(std::vector<ShapeSymbols::Binding> bindings) {
  auto s = std::make_shared<ShapeSymbols>();
  s->symbols = std::move(bindings);
  return s;
}

GuardSpec ShapeGuard(std::shared_ptr<const ShapeSymbols> shape, sym::Rel rel, sym::ExprPtr lhs,
                     sym::ExprPtr rhs) {
  GuardSpec g;
  g.kind = GuardKind::kShapeEnv;
  g.shape = std::move(shape);
  g.relation = sym::Relation{rel, std::move(lhs), std::move(rhs)};
  return g;
}

// TENSOR_MATCH for a contiguous float32 tensor whose dims in `dynamic` are unchecked.
GuardSpec DynamicTensorMatch(SourcePtr source, std::vector<int64_t> sizes,
                             std::vector<int> dynamic) {
  GuardSpec s;
  s.kind = GuardKind::kTensorMatch;
  s.source = std::move(source);
  int64_t stride = 1;
  s.tensor.sizes.resize(sizes.size());
  s.tensor.strides.resize(sizes.size());
  for (size_t i = sizes.size(); i-- > 0;) {
    s.tensor.sizes[i] = sizes[i];
    s.tensor.strides[i] = stride;
    stride *= sizes[i];
  }
  for (int d : dynamic) {
    s.tensor.sizes[d] = std::nullopt;
    s.tensor.strides[d] = std::nullopt;
  }
  return s;
}

TEST(ShapeSymbolsTest, NameIsTheSizeOrTheInt) {
  auto shape = Symbols({{Source::Local("x", 0), 0},
                        {Source::Attr(Source::Local("self", 1), "w"), 1},
                        {Source::Local("n", 2), -1}});
  EXPECT_EQ(shape->Name(0), "L['x'].size()[0]");
  EXPECT_EQ(shape->Name(1), "L['self'].w.size()[1]");
  EXPECT_EQ(shape->Name(2), "L['n']");
  EXPECT_EQ(GuardKindName(GuardKind::kShapeEnv), std::string("LAMBDA_GUARD"));
}

TEST_F(GuardTreeTest, ShapeGuardOverAStride) {
  SourcePtr x = Source::Local("x", 0);
  auto shape = Symbols({{x, 0, /*stride=*/true}});
  EXPECT_EQ(shape->Name(0), "L['x'].stride()[0]");
  auto tree = Build({ShapeGuard(shape, sym::Rel::kEq, sym::Symbol(0, "s0"), sym::Int(3))});
  ASSERT_NE(tree, nullptr);
  locals_ = {Tensor({2, 3})};  // strides [3, 1]
  EXPECT_TRUE(tree->Check(View()));
  locals_ = {Transposed(Tensor({3, 2}))};  // sizes [2, 3], strides [1, 2]
  EXPECT_FALSE(tree->Check(View()));
  EXPECT_THAT(tree->Explain(View()), ElementsAre("x.stride()[0] == 3"));
}

TEST_F(GuardTreeTest, ShapeGuardLowerBound) {
  SourcePtr x = Source::Local("x", 0);
  auto shape = Symbols({{x, 0}});
  auto tree = Build({DynamicTensorMatch(x, {3}, {0}),
                     ShapeGuard(shape, sym::Rel::kLe, sym::Int(2), sym::Symbol(0, "s0"))});
  ASSERT_NE(tree, nullptr);
  EXPECT_EQ(tree->size(), 2);
  locals_ = {Tensor({3})};
  EXPECT_TRUE(tree->Check(View()));
  EXPECT_TRUE(tree->Explain(View()).empty());
  locals_ = {Tensor({2})};
  EXPECT_TRUE(tree->Check(View()));
  locals_ = {Tensor({100})};
  EXPECT_TRUE(tree->Check(View()));
  locals_ = {Tensor({1})};
  EXPECT_FALSE(tree->Check(View()));
  EXPECT_THAT(tree->Explain(View()), ElementsAre("2 <= x.size()[0]"));
  // No user location on the spec: the verbose reason is the plain code part.
  EXPECT_THAT(tree->Explain(View(), /*with_user_location=*/true),
              ElementsAre("2 <= x.size()[0]"));
}

TEST_F(GuardTreeTest, ShapeGuardDuckSizedEquality) {
  SourcePtr x = Source::Local("x", 0), y = Source::Local("y", 1);
  auto shape = Symbols({{x, 0}, {y, 0}});
  auto tree = Build({DynamicTensorMatch(x, {3}, {0}), DynamicTensorMatch(y, {3}, {0}),
                     ShapeGuard(shape, sym::Rel::kEq, sym::Symbol(1, "s1"),
                                sym::Symbol(0, "s0"))});
  ASSERT_NE(tree, nullptr);
  EXPECT_NE(tree->Print().find("LAMBDA_GUARD: L['y'].size()[0] == L['x'].size()[0]\n"),
            std::string::npos)
      << tree->Print();
  locals_ = {Tensor({3}), Tensor({3})};
  EXPECT_TRUE(tree->Check(View()));
  locals_ = {Tensor({7}), Tensor({7})};
  EXPECT_TRUE(tree->Check(View()));
  locals_ = {Tensor({7}), Tensor({4})};
  EXPECT_FALSE(tree->Check(View()));
  EXPECT_THAT(tree->Explain(View()), ElementsAre("y.size()[0] == x.size()[0]"));
}

TEST_F(GuardTreeTest, ShapeGuardOverAnIntSymbol) {
  auto shape = Symbols({{Source::Local("n", 0), -1}});
  auto tree = Build({ShapeGuard(shape, sym::Rel::kLt,
                                sym::Mul(sym::Symbol(0, "s0"), sym::Int(2)), sym::Int(10))});
  ASSERT_NE(tree, nullptr);
  locals_ = {vm::Value::Int(4)};
  EXPECT_TRUE(tree->Check(View()));
  locals_ = {vm::Value::Int(-3)};
  EXPECT_TRUE(tree->Check(View()));
  locals_ = {vm::Value::Int(5)};
  EXPECT_FALSE(tree->Check(View()));
  EXPECT_THAT(tree->Explain(View()), ElementsAre("2*n < 10"));
  // Not an int, or unbound: the guard fails (never raises).
  locals_ = {Str("4")};
  EXPECT_FALSE(tree->Check(View()));
  locals_ = {vm::Value::Raised()};
  EXPECT_FALSE(tree->Check(View()));
  locals_ = {};
  EXPECT_FALSE(tree->Check(View()));
}

TEST_F(GuardTreeTest, ShapeGuardOnANonTensorOrMissingDimFails) {
  SourcePtr x = Source::Local("x", 0);
  auto shape = Symbols({{x, 1}});
  auto tree = Build({ShapeGuard(shape, sym::Rel::kGe, sym::Symbol(0, "s0"), sym::Int(2))});
  ASSERT_NE(tree, nullptr);
  locals_ = {Tensor({1, 2})};
  EXPECT_TRUE(tree->Check(View()));
  locals_ = {Tensor({5})};  // no dim 1
  EXPECT_FALSE(tree->Check(View()));
  locals_ = {vm::Value::Int(3)};
  EXPECT_FALSE(tree->Check(View()));
  EXPECT_THAT(tree->Explain(View()), ElementsAre("x.size()[1] >= 2"));
}

// A changed size reports TENSOR_MATCH's mismatch first; shape guards come after the tree.
TEST_F(GuardTreeTest, ShapeGuardsReportAfterTheTree) {
  SourcePtr x = Source::Local("x", 0);
  auto shape = Symbols({{x, 0}});
  auto tree = Build({ShapeGuard(shape, sym::Rel::kLe, sym::Int(2), sym::Symbol(0, "s0")),
                     TensorMatch(x, {3})});
  ASSERT_NE(tree, nullptr);
  locals_ = {Tensor({1})};
  EXPECT_FALSE(tree->Check(View()));
  EXPECT_THAT(tree->Explain(View()),
              ElementsAre("tensor 'x' size mismatch at index 0. expected 3, actual 1",
                          "2 <= x.size()[0]"));
}

TEST_F(GuardTreeTest, ShapeGuardPrintsAtTheEndOfTheRoot) {
  SourcePtr x = Source::Local("x", 0);
  auto shape = Symbols({{x, 0}});
  GuardSpec lambda = ShapeGuard(shape, sym::Rel::kLe, sym::Int(2), sym::Symbol(0, "s0"));
  auto tree = Build({lambda, DynamicTensorMatch(x, {3, 4}, {0}),
                     Equals(Source::Local("n", 1), vm::Value::Int(1))});
  ASSERT_NE(tree, nullptr);
  const std::string text = tree->Print();
  const std::string tail = "| +- LAMBDA_GUARD: 2 <= L['x'].size()[0]\n";
  ASSERT_GE(text.size(), tail.size());
  EXPECT_EQ(text.substr(text.size() - tail.size()), tail) << text;
  EXPECT_NE(text.find("| | +- TENSOR_MATCH: check_tensor(L['x'], Tensor, DispatchKeySet(CPU, "
                      "BackendSelect, ADInplaceOrView, AutogradCPU), torch.float32, "
                      "device=None, requires_grad=False, size=[None, 4], stride=[None, 1])\n"),
            std::string::npos)
      << text;
  // With a user location the code part is padded to 60 columns, as other leaves.
  lambda.user_code = "return x.view(x.size(0) // 2, -1)";
  lambda.user_location = "f.py:2 in fn";
  auto located = Build({lambda});
  ASSERT_NE(located, nullptr);
  const std::string code = "2 <= L['x'].size()[0]";
  EXPECT_EQ(located->Print(),
            "TREE_GUARD_MANAGER:\n"
            "+- RootGuardManager\n"
            "| +- LAMBDA_GUARD: " + code + std::string(60 - code.size(), ' ') +
                "  # return x.view(x.size(0) // 2, -1)  # f.py:2 in fn\n");
}

TEST_F(GuardTreeTest, DynamicTensorMatchAcceptsAnySize) {
  SourcePtr x = Source::Local("x", 0);
  GuardSpec t = TensorMatch(x, {3});
  t.tensor.sizes[0] = std::nullopt;
  auto tree = Build({t});
  ASSERT_NE(tree, nullptr);
  for (int64_t n : {0, 1, 3, 1000}) {
    locals_ = {Tensor({n})};
    EXPECT_TRUE(tree->Check(View())) << n;
  }
  EXPECT_NE(tree->Print().find("size=[None], stride=[1])"), std::string::npos) << tree->Print();
  locals_ = {Tensor({2, 2})};  // the rank is still checked
  EXPECT_FALSE(tree->Check(View()));
}

TEST_F(GuardTreeTest, ShapeGuardDeduplicatesAndValidates) {
  auto shape = Symbols({{Source::Local("x", 0), 0}});
  GuardSpec g = ShapeGuard(shape, sym::Rel::kLe, sym::Int(2), sym::Symbol(0, "s0"));
  auto tree = Build({g, g, ShapeGuard(shape, sym::Rel::kNe, sym::Symbol(0, "s0"), sym::Int(5))});
  ASSERT_NE(tree, nullptr);
  EXPECT_EQ(tree->size(), 2);

  GuardSpec no_shape = g;
  no_shape.shape = nullptr;
  EXPECT_EQ(GuardTree::Build({no_shape}).status().code(), absl::StatusCode::kInvalidArgument);
  GuardSpec no_relation = g;
  no_relation.relation.rhs = nullptr;
  EXPECT_EQ(GuardTree::Build({no_relation}).status().code(),
            absl::StatusCode::kInvalidArgument);
  // s1 has no binding.
  GuardSpec unbound = ShapeGuard(shape, sym::Rel::kEq, sym::Symbol(1, "s1"), sym::Int(3));
  absl::Status s = GuardTree::Build({unbound}).status();
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(s.message(), "shape guard on an unbound symbol");
}

}  // namespace
}  // namespace wick::guards
