// sort / argsort / topk against PyTorch 1.13: tie orders of the unstable paths (the
// indices std::sort, std::partial_sort and std::nth_element leave), NaN placement,
// output layouts, meta outputs and errors.
#include "gtest/gtest.h"
#include "tensor/ops/creation/test_util.h"

namespace wick::tensor {
namespace {

using test_util::Call;
using test_util::CallMeta;
using test_util::Lit;
using test_util::Op;
using test_util::OpList;
using test_util::Values;
using test_util::Vec;

using Ints = std::vector<int64_t>;
using Doubles = std::vector<double>;

// torch.manual_seed(0); torch.randint(0, 3, (40,)): many ties, past insertion sort.
Tensor Ties() {
  return Vec({2, 0, 2, 0, 1, 0, 1, 1, 1, 0, 2, 2, 0, 0, 1, 2, 0, 0, 2, 0,
              2, 2, 2, 2, 2, 2, 1, 2, 0, 0, 1, 0, 2, 0, 1, 0, 1, 2, 2, 1});
}

TEST(Sort, UnstableTiesFollowIntrosort) {
  std::vector<Tensor> s = OpList("sort", {Ties()});
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(Values(s[1]),
            Doubles({9,  19, 17, 16, 28, 13, 12, 29, 31, 33, 5,  35, 3,  1,  39, 30, 34, 26, 36, 4,
                     6,  7,  14, 8,  11, 0,  38, 37, 2,  32, 10, 18, 27, 15, 25, 24, 23, 22, 21, 20}));
  EXPECT_EQ(s[1].dtype(), DType::kInt64);
  std::vector<Tensor> st = OpList("sort", {Ties()}, {{"stable", true}});
  EXPECT_EQ(Values(st[1]),
            Doubles({1,  3,  5,  9,  12, 13, 16, 17, 19, 28, 29, 31, 33, 35, 4,  6,  7,  8,  14, 26,
                     30, 34, 36, 39, 0,  2,  10, 11, 15, 18, 20, 21, 22, 23, 24, 25, 27, 32, 37, 38}));
}

TEST(Sort, NanIsLargestBothWays) {
  const double nan = std::nan("");
  Tensor x = Vec({1, nan, -2, nan, 0});
  std::vector<Tensor> up = OpList("sort", {x});
  EXPECT_EQ(Values(up[1]), Doubles({2, 4, 0, 1, 3}));
  std::vector<Tensor> down = OpList("sort", {x, 0, true});
  EXPECT_EQ(Values(down[1]), Doubles({1, 3, 0, 4, 2}));
}

TEST(Sort, KeepsDenseLayoutAndArgsort) {
  Tensor t = Op("t", {Lit({3, 1, 2, 0, 5, 4}, {2, 3})});  // [3, 2], strides [1, 3]
  std::vector<Tensor> s = OpList("sort", {t, 1});
  EXPECT_GEOMETRY(s[0], Ints({3, 2}), Ints({1, 3}), 0);
  EXPECT_GEOMETRY(s[1], Ints({3, 2}), Ints({1, 3}), 0);
  EXPECT_EQ(Values(s[0]), Doubles({0, 3, 1, 5, 2, 4}));
  EXPECT_EQ(Values(Op("argsort", {t, 0, true})), Doubles({0, 1, 2, 2, 1, 0}));
  EXPECT_EQ(Values(Op("msort", {t})), Doubles({1, 0, 2, 4, 3, 5}));
  std::vector<Tensor> m = test_util::OpList("sort", {Lit({7}, {})});
  EXPECT_EQ(m[1].dim(), 0);
}

TEST(Topk, PathsAndTies) {
  // k * 64 <= n: partial_sort; otherwise nth_element then sort of the first k - 1.
  EXPECT_EQ(Values(OpList("topk", {Ties(), 5})[1]), Doubles({25, 15, 24, 23, 11}));
  EXPECT_EQ(Values(OpList("topk", {Ties(), 1})[1]), Doubles({25}));
  std::vector<Tensor> small = OpList("topk", {Vec({3, 1, 2, 1}), 2}, {{"largest", false}});
  EXPECT_EQ(Values(small[0]), Doubles({1, 1}));
  EXPECT_EQ(Values(small[1]), Doubles({1, 3}));
  std::vector<Tensor> col = OpList("topk", {Op("t", {Lit({3, 1, 2, 0, 5, 4}, {2, 3})}), 1, 0});
  EXPECT_GEOMETRY(col[0], Ints({1, 2}), Ints({2, 1}), 0);
  EXPECT_EQ(Values(col[0]), Doubles({3, 5}));
  EXPECT_EQ(Values(col[1]), Doubles({0, 1}));
  std::vector<Tensor> scalar = OpList("topk", {Lit({4}, {}), 1});
  EXPECT_EQ(Values(scalar[0]), Doubles({4}));
}

TEST(Topk, MetaAndErrors) {
  absl::StatusOr<Value> m = CallMeta("topk", {Tensor::Meta({4, 9}, DType::kFloat64), 3});
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_GEOMETRY(m->to_tensor_list()[0], Ints({4, 3}), Ints({3, 1}), 0);
  EXPECT_EQ(m->to_tensor_list()[1].dtype(), DType::kInt64);
  EXPECT_PY_ERROR(Call("topk", {Vec({1, 2}), 3}), "RuntimeError", "selected index k out of range");
  EXPECT_PY_ERROR(Call("topk", {Vec({1, 2}), -1}), "RuntimeError",
                  "selected index k out of range");
  EXPECT_PY_ERROR(Call("topk", {Vec({1, 0}, DType::kBool), 1}), "RuntimeError",
                  "\"topk_cpu\" not implemented for 'Bool'");
  EXPECT_PY_ERROR(Call("sort", {Vec({1, 2}), 1}), "IndexError",
                  "Dimension out of range (expected to be in range of [-1, 0], but got 1)");
}

}  // namespace
}  // namespace wick::tensor
