// Check allocates nothing: this test binary counts every global operator new, and a
// passing and a failing Check over locals, attributes, items, globals and tensors must
// leave the count unchanged.
#include <atomic>
#include <cstdlib>
#include <new>

#include "guards/guards_test_util.h"

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

}  // namespace
}  // namespace wick::guards
