// The TREE_GUARD_MANAGER text: upstream's manager lines, accessor names, leaf lines
// with their "# user code  # file:line in fn" annotations, and aliasing printed once.
#include <string>

#include "absl/strings/str_cat.h"
#include "guards/guards_test_util.h"

namespace wick::guards {
namespace {

using testing::GuardsTest;
using PrintTest = GuardsTest;

TEST_F(PrintTest, GoldenTree) {
  SourcePtr x = Source::Local("x", 0);
  SourcePtr self = Source::Local("self", 1);
  GuardSpec grad;
  grad.kind = GuardKind::kGlobalState;
  GuardSpec tensor = TensorMatch(x, {3});
  tensor.user_code = "return x + 1";
  tensor.user_location = "f.py:2 in fn";
  GuardSpec n = Equals(Source::Local("n", 2), vm::Value::Int(3));
  n.user_code = "return x + n";
  n.user_location = "f.py:3 in fn";
  GuardSpec w = TensorMatch(Source::Attr(Source::Attr(self, "fc1"), "weight"), {4, 3});
  GuardSpec len = Spec(GuardKind::kLength, Source::Local("xs", 3));
  len.length = 2;
  GuardSpec xs_type = Spec(GuardKind::kTypeMatch, Source::Local("xs", 3));
  xs_type.expected = vm::Value::Borrow(rt_.types().list);
  GuardSpec item = Equals(Source::Item(Source::Local("xs", 3), 0), vm::Value::Float(0.5));
  GuardSpec g = Equals(Source::Global("scale"), Str("k"));
  GuardSpec d = Spec(GuardKind::kNone, Source::StrItem(Source::Local("d", 4), "k"));
  GuardSpec alias;
  alias.kind = GuardKind::kNoTensorAliasing;
  alias.aliases = {x, Source::Attr(Source::Attr(self, "fc1"), "weight")};
  auto tree = Build({grad, tensor, n, w, xs_type, len, item, g, d, alias});
  const std::string list_id = absl::StrCat(reinterpret_cast<uintptr_t>(rt_.types().list));
  EXPECT_EQ(tree->Print(),
            "TREE_GUARD_MANAGER:\n"
            "+- RootGuardManager\n"
            "| +- GLOBAL_STATE: ___check_global_state()\n"
            // Managers in upstream's Guard.sort_key order: locals before globals,
            // shorter source names first, then by name.
            "| +- GuardManager: source=L['n'], accessed_by=FrameLocalsGuardAccessor(key='n', "
            "framelocals_idx=2)\n"
            // The code part is padded to 60 columns before "  # ".
            "| | +- EQUALS_MATCH: L['n'] == 3" + std::string(60 - 11 + 2, ' ') +
            "# return x + n  # f.py:3 in fn\n"
            "| +- GuardManager: source=L['x'], accessed_by=FrameLocalsGuardAccessor(key='x', "
            "framelocals_idx=0)\n"
            "| | +- TENSOR_MATCH: check_tensor(L['x'], Tensor, DispatchKeySet(CPU, BackendSelect, "
            "ADInplaceOrView, AutogradCPU), torch.float32, device=None, requires_grad=False, "
            "size=[3], stride=[1])  # return x + 1  # f.py:2 in fn\n"
            "| | +- NO_TENSOR_ALIASING: check_no_aliasing(L['x'], L['self'].fc1.weight)\n"
            "| +- GuardManager: source=L['xs'], accessed_by=FrameLocalsGuardAccessor(key='xs', "
            "framelocals_idx=3)\n"
            "| | +- TYPE_MATCH: ___check_type_id(L['xs'], " + list_id + ")\n"
            "| | +- LENGTH_CHECK: len(L['xs']) == 2\n"
            "| | +- GuardManager: source=L['xs'][0], accessed_by=ListGetItemGuardAccessor(0)\n"
            "| | | +- EQUALS_MATCH: L['xs'][0] == 0.5\n"
            "| +- GuardManager: source=L['d'], accessed_by=FrameLocalsGuardAccessor(key='d', "
            "framelocals_idx=4)\n"
            "| | +- GuardManager: source=L['d']['k'], accessed_by=DictGetItemGuardAccessor('k')\n"
            "| | | +- NONE_MATCH: L['d']['k'] is None\n"
            "| +- GuardManager: source=L['self'], accessed_by=FrameLocalsGuardAccessor(key='self', "
            "framelocals_idx=1)\n"
            "| | +- GuardManager: source=L['self'].fc1, accessed_by=GetAttrGuardAccessor(fc1)\n"
            "| | | +- GuardManager: source=L['self'].fc1.weight, "
            "accessed_by=GetAttrGuardAccessor(weight)\n"
            "| | | | +- TENSOR_MATCH: check_tensor(L['self'].fc1.weight, Tensor, "
            "DispatchKeySet(CPU, BackendSelect, ADInplaceOrView, AutogradCPU), torch.float32, "
            "device=None, requires_grad=False, size=[4, 3], stride=[3, 1])\n"
            "| | | | +- NO_TENSOR_ALIASING\n"
            "| +- GuardManager: source=G, accessed_by=GlobalsGuardAccessor\n"
            "| | +- GuardManager: source=G['scale'], "
            "accessed_by=DictGetItemGuardAccessor('scale')\n"
            "| | | +- EQUALS_MATCH: G['scale'] == 'k'\n");
  EXPECT_EQ(tree->size(), 10);
}

TEST_F(PrintTest, DynamicSizesPrintNone) {
  GuardSpec t = TensorMatch(Source::Local("x", 0), {2, 4});
  t.tensor.sizes[0] = std::nullopt;
  t.tensor.strides[1] = std::nullopt;
  t.tensor.dtype = tensor::DType::kInt64;
  t.tensor.requires_grad = true;
  auto tree = Build({t});
  EXPECT_NE(tree->Print().find("torch.int64, device=None, requires_grad=True, size=[None, 4], "
                               "stride=[4, None])"),
            std::string::npos);
}

TEST(ConstantReprTest, FloatsPrintLikePython) {
  // Through EQUALS_MATCH's code part, which uses Python's float repr.
  struct Case {
    double d;
    const char* repr;
  } cases[] = {{0.5, "0.5"},     {1.0, "1.0"},        {1e16, "1e+16"},   {1e-5, "1e-05"},
               {0.0001, "0.0001"}, {123456.789, "123456.789"}, {-2.5, "-2.5"},
               {0.1, "0.1"},     {1e22, "1e+22"},     {1.5e300, "1.5e+300"}};
  for (const Case& c : cases) {
    auto tree = GuardTree::Build(
        {[&] {
          GuardSpec s;
          s.kind = GuardKind::kEqualsMatch;
          s.source = Source::Local("c", 0);
          s.expected = vm::Value::Float(c.d);
          return s;
        }()});
    ASSERT_TRUE(tree.ok());
    EXPECT_NE((*tree)->Print().find(absl::StrCat("L['c'] == ", c.repr, "\n")), std::string::npos)
        << c.repr << "\n" << (*tree)->Print();
  }
}

}  // namespace
}  // namespace wick::guards
