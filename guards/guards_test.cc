// GuardTree: Check per guard kind, Explain's upstream texts, deduplication and the
// failure-count ordering of siblings.
#include <string>
#include <vector>

#include "guards/guards_test_util.h"

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
  vm::torch::MutableTensorOf(locals_[0]).set_requires_grad(true);
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
}

TEST_F(GuardTreeTest, EqualsOnUnhashableIsInvalidArgument) {
  auto tree = GuardTree::Build({Equals(Source::Local("xs", 0), rt_.NewList({}))});
  EXPECT_EQ(tree.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(tree.status().message(),
            "EQUALS_MATCH guard on L['xs'] needs None, a bool, int, float, str or a tuple of "
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
  vm::torch::State(rt_).grad_enabled = false;
  EXPECT_FALSE(tree->Check(View()));
  EXPECT_THAT(tree->Explain(View()), ElementsAre("GLOBAL_STATE changed: grad_mode "));
  vm::torch::State(rt_).grad_enabled = true;
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

}  // namespace
}  // namespace wick::guards
