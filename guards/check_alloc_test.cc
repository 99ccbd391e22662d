// Check allocates nothing: this test binary counts every global operator new, and a
// passing and a failing Check over locals, attributes, items, globals and tensors must
// leave the count unchanged.
#include <atomic>
#include <cstdlib>
#include <memory>
#include <new>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "guards/guards_test_util.h"
#include "sym/expr.h"

namespace {
std::atomic<int64_t> g_allocations{0};
}  // namespace

void* operator new(size_t n) {
  ++g_allocations;
  void* p = std::malloc(n == 0 ? 1 : n);
  if (p == nullptr) std::abort();  // wick builds without exceptions
  return p;
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }

namespace wick::guards {
namespace {

using testing::GuardsTest;
using CheckAllocTest = GuardsTest;

TEST_F(CheckAllocTest, CheckDoesNotAllocate) {
  vm::Value mod = Instance(Class("M"));
  SetAttr(mod, "weight", Tensor({2, 3}));
  SetGlobal("scale", vm::Value::Int(2));
  locals_ = {Tensor({3}), mod, vm::Value::Int(4), rt_.NewList({Str("a")})};
  GuardSpec grad;
  grad.kind = GuardKind::kGlobalState;
  GuardSpec alias;
  alias.kind = GuardKind::kNoTensorAliasing;
  alias.aliases = {Source::Local("x", 0), Source::Attr(Source::Local("self", 1), "weight")};
  auto tree = Build({grad, TensorMatch(Source::Local("x", 0), {3}),
                     TensorMatch(Source::Attr(Source::Local("self", 1), "weight"), {2, 3}),
                     Equals(Source::Local("n", 2), vm::Value::Int(4)),
                     Equals(Source::Item(Source::Local("xs", 3), 0), Str("a")),
                     Equals(Source::Global("scale"), vm::Value::Int(2)), alias});
  FrameView view = View();
  ASSERT_TRUE(tree->Check(view));  // warm-up (nothing lazy should remain after it)
  int64_t before = g_allocations.load();
  for (int i = 0; i < 10; ++i) ASSERT_TRUE(tree->Check(view));
  locals_[2] = vm::Value::Int(5);
  for (int i = 0; i < 10; ++i) ASSERT_FALSE(tree->Check(view));  // failures reorder
  EXPECT_EQ(g_allocations.load() - before, 0);
  // The counter is live: Explain builds strings.
  EXPECT_THAT(tree->Explain(view), ::testing::ElementsAre("n == 4"));
  EXPECT_GT(g_allocations.load() - before, 0);
}


// Shape guards resolve up to 8 symbols (sizes and ints) into an inline buffer.
TEST_F(CheckAllocTest, ShapeGuardsWithEightSymbolsDoNotAllocate) {
  SourcePtr x = Source::Local("x", 0), y = Source::Local("y", 1);
  SourcePtr n = Source::Local("n", 2), m = Source::Local("m", 3);
  auto shape = std::make_shared<ShapeSymbols>();
  shape->symbols = {{x, 0}, {x, 1}, {x, 2}, {x, 3}, {y, 0}, {y, 1}, {n, -1}, {m, -1}};
  std::vector<sym::ExprPtr> s;
  for (int32_t i = 0; i < 8; ++i) s.push_back(sym::Symbol(i, absl::StrCat("s", i)));
  sym::ExprPtr total = sym::Int(0);
  for (const sym::ExprPtr& e : s) total = sym::Add(total, e);
  auto guard = [&](sym::Rel rel, sym::ExprPtr lhs, sym::ExprPtr rhs) {
    GuardSpec g;
    g.kind = GuardKind::kShapeEnv;
    g.shape = shape;
    g.relation = sym::Relation{rel, std::move(lhs), std::move(rhs)};
    return g;
  };
  auto tree = Build({guard(sym::Rel::kLe, total, sym::Int(100)),
                     guard(sym::Rel::kEq, s[4], s[0]),
                     guard(sym::Rel::kLt, sym::Mul(s[6], s[7]), sym::Mul(s[1], sym::Int(10))),
                     guard(sym::Rel::kGe, sym::FloorDiv(s[2], sym::Int(2)), s[3])});
  ASSERT_NE(tree, nullptr);
  locals_ = {Tensor({2, 3, 4, 1}), Tensor({2, 5}), vm::Value::Int(2), vm::Value::Int(3)};
  FrameView view = View();
  ASSERT_TRUE(tree->Check(view));
  int64_t before = g_allocations.load();
  for (int i = 0; i < 10; ++i) ASSERT_TRUE(tree->Check(view));
  locals_[3] = vm::Value::Int(20);  // 2 * 20 < 3 * 10 no longer holds
  for (int i = 0; i < 10; ++i) ASSERT_FALSE(tree->Check(view));
  EXPECT_EQ(g_allocations.load() - before, 0);
  EXPECT_THAT(tree->Explain(view),
              ::testing::ElementsAre("n*m < 10*x.size()[1]"));
}

// The shape guards' symbol values go in a buffer sized when the tree is built, so a
// trace with many symbols (9: three 3-d inputs under dynamic=True) checks without
// allocating too.
TEST_F(CheckAllocTest, ShapeGuardInATraceWithNineSymbolsDoesNotAllocate) {
  SourcePtr x = Source::Local("x", 0);
  auto shape = std::make_shared<ShapeSymbols>();
  for (int32_t d = 0; d < 9; ++d) shape->symbols.push_back({x, d});
  GuardSpec g;
  g.kind = GuardKind::kShapeEnv;
  g.shape = shape;
  g.relation = sym::Relation{sym::Rel::kLe, sym::Int(2), sym::Symbol(0, "s0")};
  auto tree = Build({g});
  ASSERT_NE(tree, nullptr);
  locals_ = {Tensor({2, 1, 1, 1, 1, 1, 1, 1, 1})};
  FrameView view = View();
  ASSERT_TRUE(tree->Check(view));
  int64_t before = g_allocations.load();
  for (int i = 0; i < 10; ++i) ASSERT_TRUE(tree->Check(view));
  EXPECT_EQ(g_allocations.load() - before, 0);
}

}  // namespace
}  // namespace wick::guards
