// Shape and view ops against PyTorch 1.13: sizes, strides and storage offsets of views,
// storage sharing, copies' layouts, values and error messages.
#include "gtest/gtest.h"
#include "tensor/ops/creation/creation.h"
#include "tensor/ops/creation/test_util.h"

namespace wick::tensor {
namespace {

using test_util::Ar;
using test_util::Call;
using test_util::CallMeta;
using test_util::Lit;
using test_util::Op;
using test_util::OpList;
using test_util::Values;
using test_util::Vec;

using Ints = std::vector<int64_t>;
using Doubles = std::vector<double>;

// x = arange(24.).view(2, 3, 4) and p = x.permute(2, 0, 1), the probes used throughout.
Tensor X() { return Ar({2, 3, 4}); }
Tensor P() { return Op("permute", {X(), Ints{2, 0, 1}}); }

TEST(View, InfersAndSharesStorage) {
  Tensor x = X();
  Tensor v = Op("view", {x, Ints{-1, 4}});
  EXPECT_GEOMETRY(v, Ints({6, 4}), Ints({4, 1}), 0);
  EXPECT_TRUE(v.shares_storage(x));
  Tensor sl = Op("slice", {x, 2, 1, 3});
  EXPECT_PY_ERROR(Call("view", {sl, Ints{2, 6}}), "RuntimeError",
                  "view size is not compatible with input tensor's size and stride (at least "
                  "one dimension spans across two contiguous subspaces). Use .reshape(...) "
                  "instead.");
  Tensor sel = Op("select", {x, 1, 1});
  EXPECT_GEOMETRY(Op("view", {sel, Ints{2, 2, 2}}), Ints({2, 2, 2}), Ints({12, 2, 1}), 4);
  // Expanded dims view fine where no dim spans them.
  Tensor e = Op("expand", {Op("unsqueeze", {Vec({1, 2, 3}), 0}), Ints{2, 3}});
  EXPECT_PY_ERROR(Call("view", {e, Ints{6}}), "RuntimeError",
                  "view size is not compatible with input tensor's size and stride (at least "
                  "one dimension spans across two contiguous subspaces). Use .reshape(...) "
                  "instead.");
  Tensor s0 = Lit({5}, {});
  EXPECT_GEOMETRY(Op("view", {s0, Ints{1, 1}}), Ints({1, 1}), Ints({1, 1}), 0);
  EXPECT_GEOMETRY(Op("view", {s0, Ints{}}), Ints({}), Ints({}), 0);
  EXPECT_GEOMETRY(Op("view_as", {x, Ar({4, 6})}), Ints({4, 6}), Ints({6, 1}), 0);
}

TEST(View, SizeErrors) {
  Tensor a = Ar({6});
  EXPECT_PY_ERROR(Call("view", {a, Ints{3, 5}}), "RuntimeError",
                  "shape '[3, 5]' is invalid for input of size 6");
  EXPECT_PY_ERROR(Call("view", {a, Ints{-1, 4}}), "RuntimeError",
                  "shape '[-1, 4]' is invalid for input of size 6");
  EXPECT_PY_ERROR(Call("view", {a, Ints{-1, -1}}), "RuntimeError",
                  "only one dimension can be inferred");
  EXPECT_PY_ERROR(Call("view", {a, Ints{-2, 3}}), "RuntimeError", "invalid shape dimension -2");
  EXPECT_PY_ERROR(Call("view", {a, Ints{0, -1}}), "RuntimeError",
                  "shape '[0, -1]' is invalid for input of size 6");
  EXPECT_PY_ERROR(Call("view", {Ar({0}), Ints{0, -1}}), "RuntimeError",
                  "cannot reshape tensor of 0 elements into shape [0, -1] because the "
                  "unspecified dimension size -1 can be any value and is ambiguous");
  EXPECT_GEOMETRY(Op("view", {Ar({0, 3}), Ints{-1}}), Ints({0}), Ints({1}), 0);
  EXPECT_PY_ERROR(Call("view", {Ar({2}), Ints{}}), "RuntimeError",
                  "shape '[]' is invalid for input of size 2");
}

TEST(Reshape, ViewsWhenPossibleElseCopies) {
  Tensor p = P();
  // Merging dims 1 and 2 of p (strides 12, 4) is a view.
  Tensor v = Op("reshape", {p, Ints{4, 6}});
  EXPECT_GEOMETRY(v, Ints({4, 6}), Ints({1, 4}), 0);
  EXPECT_TRUE(v.shares_storage(p));
  Tensor w = Op("reshape", {Op("permute", {X(), Ints{0, 2, 1}}), Ints{2, 2, 2, 3}});
  EXPECT_GEOMETRY(w, Ints({2, 2, 2, 3}), Ints({12, 2, 1, 4}), 0);
  Tensor c = Op("reshape", {p, Ints{-1}});
  EXPECT_FALSE(c.shares_storage(p));
  EXPECT_GEOMETRY(c, Ints({24}), Ints({1}), 0);
  EXPECT_EQ(Values(Op("slice", {c, 0, 0, 3})), Doubles({0, 4, 8}));
  Tensor t = Op("transpose", {X(), 1, 2});
  Tensor r = Op("reshape", {t, Ints{2, 12}});
  EXPECT_EQ(Values(Op("select", {r, 0, 0})), Doubles({0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11}));
  Tensor ex = Op("expand", {Ar({3, 1}), Ints{3, 4}});
  EXPECT_GEOMETRY(Op("reshape", {ex, Ints{12}}), Ints({12}), Ints({1}), 0);
  EXPECT_GEOMETRY(Op("reshape_as", {X(), Ar({6, 4})}), Ints({6, 4}), Ints({4, 1}), 0);
  // The meta function agrees, including the copying case.
  absl::StatusOr<Value> m = CallMeta(
      "reshape", {Tensor::MetaStrided(Ints{4, 2, 3}, Ints{1, 12, 4}, DType::kFloat32), Ints{-1}});
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_GEOMETRY(m->to_tensor(), Ints({24}), Ints({1}), 0);
}

TEST(Permute, StridesAndErrors) {
  EXPECT_GEOMETRY(P(), Ints({4, 2, 3}), Ints({1, 12, 4}), 0);
  Tensor x = X();
  EXPECT_PY_ERROR(Call("permute", {x, Ints{0, 2}}), "RuntimeError",
                  "permute(sparse_coo): number of dimensions in the tensor input does not match "
                  "the length of the desired ordering of dimensions i.e. input.dim() = 3 is not "
                  "equal to len(dims) = 2");
  EXPECT_PY_ERROR(Call("permute", {x, Ints{0, 2, -1}}), "RuntimeError",
                  "permute(): duplicate dims are not allowed.");
  EXPECT_PY_ERROR(Call("permute", {x, Ints{0, 1, 5}}), "IndexError",
                  "Dimension out of range (expected to be in range of [-3, 2], but got 5)");
  EXPECT_EQ(Op("permute", {Lit({3}, {}), Ints{}}).dim(), 0);
}

TEST(Transpose, TAndMovedim) {
  Tensor x = X();
  EXPECT_GEOMETRY(Op("transpose", {x, 0, 2}), Ints({4, 3, 2}), Ints({1, 4, 12}), 0);
  EXPECT_GEOMETRY(Op("swapaxes", {x, -1, 0}), Ints({4, 3, 2}), Ints({1, 4, 12}), 0);
  EXPECT_PY_ERROR(Call("transpose", {x, 0, 3}), "IndexError",
                  "Dimension out of range (expected to be in range of [-3, 2], but got 3)");
  EXPECT_GEOMETRY(Op("t", {Ar({2, 3})}), Ints({3, 2}), Ints({1, 3}), 0);
  EXPECT_GEOMETRY(Op("t", {Ar({3})}), Ints({3}), Ints({1}), 0);
  EXPECT_PY_ERROR(Call("t", {x}), "RuntimeError",
                  "t() expects a tensor with <= 2 dimensions, but self is 3D");
  EXPECT_GEOMETRY(Op("movedim", {x, 0, -1}), Ints({3, 4, 2}), Ints({4, 1, 12}), 0);
  EXPECT_GEOMETRY(Op("movedim", {x, Ints{0, 1}, Ints{2, 0}}), Ints({3, 4, 2}), Ints({4, 1, 12}), 0);
  EXPECT_PY_ERROR(Call("movedim", {x, Ints{0, 1}, Ints{2, 2}}), "RuntimeError",
                  "movedim: repeated dim in `destination` ([2, 2])");
  EXPECT_PY_ERROR(Call("movedim", {x, Ints{0, 1}, Ints{2}}), "RuntimeError",
                  "movedim: Invalid source or destination dims: source ([0, 1] dims) should "
                  "contain the same number of dims as destination ([2] dims)");
}

TEST(Squeeze, UnsqueezeStridesFollowPyTorch) {
  Tensor x = X(), p = P();
  EXPECT_GEOMETRY(Op("unsqueeze", {x, -1}), Ints({2, 3, 4, 1}), Ints({12, 4, 1, 1}), 0);
  EXPECT_GEOMETRY(Op("unsqueeze", {p, 1}), Ints({4, 1, 2, 3}), Ints({1, 24, 12, 4}), 0);
  EXPECT_GEOMETRY(Op("unsqueeze", {p, 3}), Ints({4, 2, 3, 1}), Ints({1, 12, 4, 1}), 0);
  Tensor ps = Op("slice", {p, 0, Value(), Value(), 2});
  EXPECT_GEOMETRY(Op("unsqueeze", {ps, 0}), Ints({1, 2, 2, 3}), Ints({4, 2, 12, 4}), 0);
  EXPECT_GEOMETRY(Op("unsqueeze", {Lit({3}, {}), -1}), Ints({1}), Ints({1}), 0);
  EXPECT_PY_ERROR(Call("unsqueeze", {x, 4}), "IndexError",
                  "Dimension out of range (expected to be in range of [-4, 3], but got 4)");
  Tensor o = Ar({1, 2, 1});
  EXPECT_GEOMETRY(Op("squeeze", {o}), Ints({2}), Ints({1}), 0);
  EXPECT_GEOMETRY(Op("squeeze", {o, 0}), Ints({2, 1}), Ints({1, 1}), 0);
  EXPECT_GEOMETRY(Op("squeeze", {o, 1}), Ints({1, 2, 1}), Ints({2, 1, 1}), 0);
  EXPECT_PY_ERROR(Call("squeeze", {o, 3}), "IndexError",
                  "Dimension out of range (expected to be in range of [-3, 2], but got 3)");
  EXPECT_EQ(Op("squeeze", {Ar({1, 1})}).dim(), 0);
  EXPECT_EQ(Op("squeeze", {Lit({3}, {}), 0}).dim(), 0);
}

TEST(InPlaceViews, ChangeSelfGeometry) {
  Tensor a = Ar({2, 3});
  Tensor r = Op("unsqueeze_", {a, 0});
  EXPECT_TRUE(r.is_same(a));
  EXPECT_GEOMETRY(a, Ints({1, 2, 3}), Ints({6, 3, 1}), 0);
  Op("squeeze_", {a});
  EXPECT_GEOMETRY(a, Ints({2, 3}), Ints({3, 1}), 0);
  Op("t_", {a});
  EXPECT_GEOMETRY(a, Ints({3, 2}), Ints({1, 3}), 0);
  Op("transpose_", {a, 0, 1});
  EXPECT_GEOMETRY(a, Ints({2, 3}), Ints({3, 1}), 0);
  EXPECT_PY_ERROR(Call("t_", {X()}), "RuntimeError",
                  "t_() expects a tensor with <= 2 dimensions, but self is 3D");
  Tensor b = Ar({2, 1});
  Op("squeeze_", {b, 1});
  EXPECT_GEOMETRY(b, Ints({2}), Ints({1}), 0);
}

TEST(Flatten, ViewsOrCopies) {
  Tensor x = X(), p = P();
  EXPECT_GEOMETRY(Op("flatten", {x}), Ints({24}), Ints({1}), 0);
  EXPECT_GEOMETRY(Op("flatten", {x, 1}), Ints({2, 12}), Ints({12, 1}), 0);
  Tensor pv = Op("flatten", {p, 1});
  EXPECT_GEOMETRY(pv, Ints({4, 6}), Ints({1, 4}), 0);
  EXPECT_TRUE(pv.shares_storage(p));
  Tensor pc = Op("flatten", {p, 0, 1});
  EXPECT_GEOMETRY(pc, Ints({8, 3}), Ints({3, 1}), 0);
  EXPECT_FALSE(pc.shares_storage(p));
  EXPECT_EQ(Values(Op("select", {pc, 0, 1})), Doubles({12, 16, 20}));
  EXPECT_PY_ERROR(Call("flatten", {x, 2, 1}), "RuntimeError",
                  "flatten() has invalid args: start_dim cannot come after end_dim");
  EXPECT_GEOMETRY(Op("flatten", {Lit({3}, {})}), Ints({1}), Ints({1}), 0);
  EXPECT_GEOMETRY(Op("unflatten", {x, -1, Ints{-1, 2}}), Ints({2, 3, 2, 2}), Ints({12, 4, 2, 1}),
                  0);
  EXPECT_PY_ERROR(Call("unflatten", {x, 1, Ints{2, 2}}), "RuntimeError",
                  "unflatten: Provided sizes [2, 2] don't multiply up to the size of dim 1 (3) "
                  "in the input tensor");
  EXPECT_PY_ERROR(Call("unflatten", {x, 1, Ints{}}), "RuntimeError",
                  "unflatten: sizes must be non-empty");
}

TEST(Expand, StridesAndErrors) {
  EXPECT_GEOMETRY(Op("expand", {Vec({1, 2, 3}), Ints{2, 3}}), Ints({2, 3}), Ints({0, 1}), 0);
  EXPECT_GEOMETRY(Op("expand", {Ar({3, 1}), Ints{2, -1, 4}}), Ints({2, 3, 4}), Ints({0, 1, 0}), 0);
  EXPECT_GEOMETRY(Op("expand", {Ar({3, 1}), Ints{3, 0}}), Ints({3, 0}), Ints({1, 0}), 0);
  EXPECT_GEOMETRY(Op("expand", {Ar({3}), Ints{1, 1, 3}}), Ints({1, 1, 3}), Ints({3, 3, 1}), 0);
  EXPECT_GEOMETRY(Op("expand", {Lit({3}, {}), Ints{2, 1}}), Ints({2, 1}), Ints({0, 0}), 0);
  EXPECT_GEOMETRY(Op("expand_as", {Ar({3, 4}), X()}), Ints({2, 3, 4}), Ints({0, 4, 1}), 0);
  EXPECT_PY_ERROR(Call("expand", {Ar({3}), Ints{2, 4}}), "RuntimeError",
                  "The expanded size of the tensor (4) must match the existing size (3) at "
                  "non-singleton dimension 1.  Target sizes: [2, 4].  Tensor sizes: [3]");
  EXPECT_PY_ERROR(Call("expand", {Ar({3}), Ints{}}), "RuntimeError",
                  "expand(torch.FloatTensor{[3]}, size=[]): the number of sizes provided (0) "
                  "must be greater or equal to the number of dimensions in the tensor (1)");
  EXPECT_PY_ERROR(Call("expand", {Ar({3, 1}), Ints{-1, -1, 4}}), "RuntimeError",
                  "The expanded size of the tensor (-1) isn't allowed in a leading, "
                  "non-existing dimension 0");
}

TEST(SelectSliceNarrow, OffsetsAndErrors) {
  Tensor a = Ar({2, 3}, DType::kInt64);
  Tensor s = Op("select", {a, 1, -1});
  EXPECT_GEOMETRY(s, Ints({2}), Ints({3}), 2);
  EXPECT_EQ(Values(s), Doubles({2, 5}));
  EXPECT_PY_ERROR(Call("select", {a, 1, 3}), "IndexError",
                  "select(): index 3 out of range for tensor of size [2, 3] at dimension 1");
  EXPECT_PY_ERROR(Call("select", {a, 1, -4}), "IndexError",
                  "select(): index -4 out of range for tensor of size [2, 3] at dimension 1");
  EXPECT_PY_ERROR(Call("select", {Lit({1}, {}), 0, 0}), "IndexError",
                  "select() cannot be applied to a 0-dim tensor.");
  EXPECT_GEOMETRY(Op("select", {Op("t", {a}), 0, 2}), Ints({2}), Ints({3}), 2);
  Tensor z = Ar({3, 4});
  EXPECT_GEOMETRY(Op("slice", {z, 0, 1}), Ints({2, 4}), Ints({4, 1}), 4);
  Tensor sl = Op("slice", {Op("slice", {z, 0, 1}), 1, 2});
  EXPECT_GEOMETRY(sl, Ints({2, 2}), Ints({4, 1}), 6);
  EXPECT_GEOMETRY(Op("slice", {Ar({5}), 0, -100, 100, 2}), Ints({3}), Ints({2}), 0);
  EXPECT_GEOMETRY(Op("slice", {Ar({5}), 0, 3, 1}), Ints({0}), Ints({1}), 3);
  EXPECT_GEOMETRY(Op("slice", {Ar({5}), 0, -2}), Ints({2}), Ints({1}), 3);
  EXPECT_PY_ERROR(Call("slice", {Ar({5}), 0, Value(), Value(), -1}), "ValueError",
                  "step must be greater than zero");
  EXPECT_GEOMETRY(Op("narrow", {a, 1, 1, 2}), Ints({2, 2}), Ints({3, 1}), 1);
  EXPECT_GEOMETRY(Op("narrow", {a, 1, -1, 1}), Ints({2, 1}), Ints({3, 1}), 2);
  EXPECT_GEOMETRY(Op("narrow", {a, 1, 3, 0}), Ints({2, 0}), Ints({3, 1}), 3);
  EXPECT_PY_ERROR(Call("narrow", {a, 1, 2, 2}), "RuntimeError",
                  "start (2) + length (2) exceeds dimension size (3).");
  EXPECT_PY_ERROR(Call("narrow", {a, 1, 4, 0}), "IndexError",
                  "Dimension out of range (expected to be in range of [-3, 2], but got 4)");
  EXPECT_PY_ERROR(Call("narrow", {Lit({1}, {}), 0, 0, 1}), "RuntimeError",
                  "narrow() cannot be applied to a 0-dim tensor.");
}

TEST(Diagonal, OffsetsAndDims) {
  Tensor a = Ar({3, 4}, DType::kInt64);
  EXPECT_GEOMETRY(Op("diagonal", {a}), Ints({3}), Ints({5}), 0);
  EXPECT_GEOMETRY(Op("diagonal", {a, 1}), Ints({3}), Ints({5}), 1);
  EXPECT_GEOMETRY(Op("diagonal", {a, -1}), Ints({2}), Ints({5}), 4);
  EXPECT_GEOMETRY(Op("diagonal", {a, 5}), Ints({0}), Ints({5}), 0);
  Tensor b = Ar({2, 3}, DType::kInt64);
  EXPECT_EQ(Values(Op("diagonal", {b, 0, 1, 0})), Doubles({0, 4}));
  EXPECT_PY_ERROR(Call("diagonal", {b, 0, 1, 1}), "RuntimeError",
                  "diagonal dimensions cannot be identical 1, 1");
  EXPECT_GEOMETRY(Op("diagonal", {X(), 0, 0, 2}), Ints({3, 2}), Ints({4, 13}), 0);
  EXPECT_GEOMETRY(Op("diagonal", {X(), 1, -1, 1}), Ints({2, 2}), Ints({12, 5}), 4);
}

TEST(SplitChunkUnbind, PiecesAreViews) {
  Tensor a = Ar({2, 3}, DType::kInt64);
  std::vector<Tensor> s = OpList("split", {a, 2, 1});
  ASSERT_EQ(s.size(), 2u);
  EXPECT_GEOMETRY(s[0], Ints({2, 2}), Ints({3, 1}), 0);
  EXPECT_GEOMETRY(s[1], Ints({2, 1}), Ints({3, 1}), 2);
  EXPECT_TRUE(s[1].shares_storage(a));
  std::vector<Tensor> w = OpList("split", {a, Ints{1, 2}, 1});
  ASSERT_EQ(w.size(), 2u);
  EXPECT_GEOMETRY(w[1], Ints({2, 2}), Ints({3, 1}), 1);
  EXPECT_EQ(OpList("split", {a, 2}).size(), 1u);
  EXPECT_EQ(OpList("split", {Ar({0}), 0}).size(), 1u);
  EXPECT_PY_ERROR(Call("split", {a, Ints{1, 1}, 1}), "RuntimeError",
                  "split_with_sizes expects split_sizes to sum exactly to 3 (input tensor's size "
                  "at dimension 1), but got split_sizes=[1, 1]");
  EXPECT_PY_ERROR(Call("split", {a, 0, 1}), "RuntimeError",
                  "split_size can only be 0 if dimension size is 0, but got dimension size of 3");
  EXPECT_PY_ERROR(Call("split", {a, -1, 1}), "RuntimeError",
                  "split expects split_size be non-negative, but got split_size=-1");
  EXPECT_PY_ERROR(Call("split", {Lit({1}, {}), 1}), "RuntimeError",
                  "split expects at least a 1-dimensional tensor");
  EXPECT_PY_ERROR(Call("split_with_sizes", {a, Ints{4, -1}, 1}), "RuntimeError",
                  "split_with_sizes expects split_sizes have only non-negative entries, but got "
                  "split_sizes=[4, -1]");
  std::vector<Tensor> c = OpList("chunk", {Ar({10}), 4});
  ASSERT_EQ(c.size(), 4u);
  EXPECT_GEOMETRY(c[3], Ints({1}), Ints({1}), 9);
  EXPECT_EQ(OpList("chunk", {Ar({10}), 6}).size(), 5u);
  EXPECT_EQ(OpList("chunk", {Ar({0}), 3}).size(), 3u);
  EXPECT_PY_ERROR(Call("chunk", {Ar({5}), 0}), "RuntimeError",
                  "chunk expects `chunks` to be greater than 0, got: 0");
  std::vector<Tensor> u = OpList("unbind", {a, -1});
  ASSERT_EQ(u.size(), 3u);
  EXPECT_GEOMETRY(u[2], Ints({2}), Ints({3}), 2);
  EXPECT_PY_ERROR(Call("unbind", {Lit({1}, {})}), "IndexError",
                  "Dimension specified as 0 but tensor has no dimensions");
}

TEST(Cat, PromotesSkipsEmptyAndChecks) {
  Tensor a = Ar({2, 3}, DType::kInt64);
  Tensor b = Lit({1, 1, 1, 1, 1, 1}, {2, 3});
  Tensor c = Op("cat", {std::vector<Tensor>{a, b}});
  EXPECT_EQ(c.dtype(), DType::kFloat32);
  EXPECT_GEOMETRY(c, Ints({4, 3}), Ints({3, 1}), 0);
  EXPECT_EQ(Values(c), Doubles({0, 1, 2, 3, 4, 5, 1, 1, 1, 1, 1, 1}));
  Tensor d = Op("cat", {std::vector<Tensor>{a, Op("double", {b})}, 1});
  EXPECT_EQ(d.dtype(), DType::kFloat64);
  EXPECT_EQ(Values(Op("select", {d, 0, 1})), Doubles({3, 4, 5, 1, 1, 1}));
  // 1-D empty tensors are skipped (but still take part in type promotion).
  Tensor e = Op("cat", {std::vector<Tensor>{a, Ar({0})}});
  EXPECT_EQ(e.dtype(), DType::kFloat32);
  EXPECT_GEOMETRY(e, Ints({2, 3}), Ints({3, 1}), 0);
  EXPECT_GEOMETRY(Op("cat", {std::vector<Tensor>{Ar({0}), Ar({0})}}), Ints({0}), Ints({1}), 0);
  EXPECT_GEOMETRY(Op("cat", {std::vector<Tensor>{Ar({2, 0}), Ar({3, 0})}}), Ints({5, 0}),
                  Ints({1, 1}), 0);
  // Non-contiguous inputs and the last dim.
  Tensor at = Op("t", {a});
  EXPECT_EQ(Values(Op("cat", {std::vector<Tensor>{at, at}, 1})),
            Doubles({0, 3, 0, 3, 1, 4, 1, 4, 2, 5, 2, 5}));
  EXPECT_EQ(Values(Op("cat", {std::vector<Tensor>{a, a}, -1})),
            Doubles({0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5}));
  Tensor bools =
      Op("cat", {std::vector<Tensor>{Lit({1}, {1}, DType::kBool), Vec({2}, DType::kInt64)}});
  EXPECT_EQ(bools.dtype(), DType::kInt64);
  EXPECT_PY_ERROR(Call("cat", {std::vector<Tensor>{Ar({0, 2}), a}}), "RuntimeError",
                  "Sizes of tensors must match except in dimension 0. Expected size 2 but got "
                  "size 3 for tensor number 1 in the list.");
  EXPECT_PY_ERROR(Call("cat", {std::vector<Tensor>{a, Ar({3})}}), "RuntimeError",
                  "Tensors must have same number of dimensions: got 2 and 1");
  EXPECT_PY_ERROR(Call("cat", {std::vector<Tensor>{}}), "RuntimeError",
                  "torch.cat(): expected a non-empty list of Tensors");
  EXPECT_PY_ERROR(Call("cat", {std::vector<Tensor>{Lit({1}, {}), Lit({2}, {})}}), "RuntimeError",
                  "zero-dimensional tensor (at position 0) cannot be concatenated");
  EXPECT_PY_ERROR(Call("cat", {std::vector<Tensor>{a, a}, 2}), "IndexError",
                  "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
}

TEST(Stack, InsertsDim) {
  Tensor a = Ar({2, 3}, DType::kInt64);
  Tensor s = Op("stack", {std::vector<Tensor>{a, a}, 2});
  EXPECT_GEOMETRY(s, Ints({2, 3, 2}), Ints({6, 2, 1}), 0);
  EXPECT_EQ(Values(Op("select", {s, 0, 1})), Doubles({3, 3, 4, 4, 5, 5}));
  EXPECT_GEOMETRY(Op("stack", {std::vector<Tensor>{Lit({1}, {}), Lit({2}, {})}}), Ints({2}),
                  Ints({1}), 0);
  EXPECT_PY_ERROR(Call("stack", {std::vector<Tensor>{a, Op("t", {a})}}), "RuntimeError",
                  "stack expects each tensor to be equal size, but got [2, 3] at entry 0 and "
                  "[3, 2] at entry 1");
  EXPECT_PY_ERROR(Call("stack", {std::vector<Tensor>{}}), "RuntimeError",
                  "stack expects a non-empty TensorList");
  EXPECT_PY_ERROR(Call("stack", {std::vector<Tensor>{a, a}, 3}), "IndexError",
                  "Dimension out of range (expected to be in range of [-3, 2], but got 3)");
}

TEST(Repeat, TilesAndChecks) {
  Tensor r = Op("repeat", {Ar({3}, DType::kInt64), Ints{2, 2}});
  EXPECT_GEOMETRY(r, Ints({2, 6}), Ints({6, 1}), 0);
  EXPECT_EQ(Values(r), Doubles({0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2}));
  Tensor t = Op("repeat", {Op("t", {Ar({2, 3}, DType::kInt64)}), Ints{1, 1, 2}});
  EXPECT_EQ(Values(t), Doubles({0, 3, 0, 3, 1, 4, 1, 4, 2, 5, 2, 5}));
  EXPECT_EQ(Op("repeat", {Ar({2, 3}), Ints{0, 2}}).numel(), 0);
  EXPECT_PY_ERROR(Call("repeat", {Ar({2, 3}), Ints{2}}), "RuntimeError",
                  "Number of dimensions of repeat dims can not be smaller than number of "
                  "dimensions of tensor");
  EXPECT_PY_ERROR(Call("repeat", {Ar({2, 3}), Ints{-1, 2}}), "RuntimeError",
                  "Trying to create tensor with negative dimension -2: [-2, 6]");
}

TEST(FlipRollTriangle, ValuesAndLayouts) {
  Tensor a = Ar({3, 4});
  EXPECT_EQ(Values(Op("flip", {a, Ints{0, 1}})), Doubles({11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0}));
  Tensor ft = Op("flip", {Op("t", {a}), Ints{0}});
  EXPECT_GEOMETRY(ft, Ints({4, 3}), Ints({1, 4}), 0);  // Layout preserved.
  EXPECT_EQ(Values(Op("select", {ft, 0, 0})), Doubles({3, 7, 11}));
  Tensor fp = Op("flip", {Op("slice", {P(), 0, Value(), Value(), 2}), Ints{1}});
  EXPECT_GEOMETRY(fp, Ints({2, 2, 3}), Ints({1, 6, 2}), 0);
  EXPECT_EQ(Values(Op("select", {Op("select", {fp, 0, 0}), 0, 0})), Doubles({12, 16, 20}));
  EXPECT_PY_ERROR(Call("flip", {a, Ints{0, 0}}), "RuntimeError",
                  "dim 0 appears multiple times in the list of dims");
  EXPECT_EQ(Values(Op("roll", {a, 1})), Doubles({11, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}));
  EXPECT_EQ(Values(Op("roll", {a, Ints{1, -1}, Ints{0, 1}})),
            Doubles({9, 10, 11, 8, 1, 2, 3, 0, 5, 6, 7, 4}));
  EXPECT_EQ(Values(Op("roll", {a, -9, 1})), Doubles({1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8}));
  Tensor rp = Op("roll", {P(), 1, 2});
  EXPECT_GEOMETRY(rp, Ints({4, 2, 3}), Ints({6, 3, 1}), 0);
  EXPECT_EQ(Values(Op("select", {Op("select", {rp, 0, 0}), 0, 0})), Doubles({8, 0, 4}));
  EXPECT_PY_ERROR(Call("roll", {a, Ints{1, -1}, Ints{0}}), "RuntimeError",
                  "shifts and dimensions must align. shifts: 2, dims:1");
  EXPECT_EQ(Values(Op("roll", {Lit({2}, {}), 1})), Doubles({2}));
  EXPECT_EQ(Values(Op("tril", {a})), Doubles({0, 0, 0, 0, 4, 5, 0, 0, 8, 9, 10, 0}));
  EXPECT_EQ(Values(Op("triu", {a, 1})), Doubles({0, 1, 2, 3, 0, 0, 6, 7, 0, 0, 0, 11}));
  Tensor tt = Op("triu", {Op("t", {a}), -2});
  EXPECT_GEOMETRY(tt, Ints({4, 3}), Ints({3, 1}), 0);
  EXPECT_EQ(Values(tt), Doubles({0, 4, 8, 1, 5, 9, 2, 6, 10, 0, 7, 11}));
  EXPECT_EQ(Values(Op("select", {Op("triu", {P()}), 0, 1})), Doubles({1, 5, 9, 0, 17, 21}));
  EXPECT_PY_ERROR(Call("tril", {Ar({3})}), "IndexError",
                  "Dimension out of range (expected to be in range of [-1, 0], but got -2)");
  Tensor in_place = Ar({3, 4});
  Op("tril_", {in_place, -1});
  EXPECT_EQ(Values(in_place), Doubles({0, 0, 0, 0, 4, 0, 0, 0, 8, 9, 0, 0}));
  EXPECT_EQ(in_place.version(), 1u);
}

TEST(Conversions, CloneToContiguous) {
  Tensor p = P();
  Tensor c = Op("contiguous", {p});
  EXPECT_GEOMETRY(c, Ints({4, 2, 3}), Ints({6, 3, 1}), 0);
  Tensor a = Ar({3, 4});
  EXPECT_TRUE(Op("contiguous", {a}).is_same(a));
  EXPECT_EQ(Call("is_contiguous", {p})->to_bool(), false);
  EXPECT_EQ(Call("is_contiguous", {a})->to_bool(), true);
  EXPECT_GEOMETRY(Op("clone", {Op("t", {a})}), Ints({4, 3}), Ints({1, 4}), 0);
  Tensor ps = Op("slice", {P(), 0, Value(), Value(), 2});
  Tensor pc = Op("clone", {ps});
  EXPECT_GEOMETRY(pc, Ints({2, 2, 3}), Ints({1, 6, 2}), 0);
  EXPECT_EQ(Values(pc), Values(ps));
  EXPECT_GEOMETRY(Op("clone", {ps}, {{"memory_format", "contiguous_format"}}), Ints({2, 2, 3}),
                  Ints({6, 3, 1}), 0);
  Tensor d = Op("to", {p, DType::kFloat64});
  EXPECT_EQ(d.dtype(), DType::kFloat64);
  EXPECT_GEOMETRY(d, Ints({4, 2, 3}), Ints({1, 12, 4}), 0);
  EXPECT_TRUE(Op("to", {a, DType::kFloat32}).is_same(a));
  EXPECT_FALSE(Op("to", {a, DType::kFloat32}, {{"copy", true}}).is_same(a));
  EXPECT_TRUE(Op("to", {a, "cpu"}).is_same(a));
  EXPECT_EQ(Op("to", {a, Ar({1}, DType::kInt32)}).dtype(), DType::kInt32);
  EXPECT_EQ(Values(Op("to", {Vec({-1.7, 2.9, -0.2}), DType::kInt32})), Doubles({-1, 2, 0}));
  EXPECT_EQ(Values(Op("bool", {Vec({-1.7, 0, 0.2})})), Doubles({1, 0, 1}));
  EXPECT_TRUE(Op("float", {a}).is_same(a));
  EXPECT_GEOMETRY(Op("long", {Op("t", {a})}), Ints({4, 3}), Ints({1, 4}), 0);
  EXPECT_EQ(Op("double", {a}).dtype(), DType::kFloat64);
  EXPECT_EQ(Op("int", {a}).dtype(), DType::kInt32);
  EXPECT_EQ(Op("type_as", {a, Ar({1}, DType::kInt64)}).dtype(), DType::kInt64);
  // requires_grad at the kernel level: detach drops it, integer copies cannot have it.
  // That a clone of a tensor requiring grad requires grad is the autograd layer's work
  // (tensor/autograd RunOp records it; these tests call the kernels directly), checked
  // by tensor/autograd's tests and the autograd parity programs.
  Tensor g = Op("ones", {Ints{2}}, {{"requires_grad", true}});
  EXPECT_FALSE(Op("detach", {g}).requires_grad());
  EXPECT_TRUE(Op("detach", {g}).shares_storage(g));
  EXPECT_TRUE(Op("view", {g, Ints{2}}).requires_grad());
  EXPECT_FALSE(Op("long", {g}).requires_grad());
}

TEST(InPlaceWriters, CopyFillZero) {
  Tensor z = Op("zeros", {Ints{2, 3}});
  Tensor r = Op("copy_", {z, Ar({3}, DType::kInt64)});
  EXPECT_TRUE(r.is_same(z));
  EXPECT_EQ(Values(z), Doubles({0, 1, 2, 0, 1, 2}));
  EXPECT_EQ(z.version(), 1u);
  EXPECT_PY_ERROR(Call("copy_", {z, Ar({4})}), "RuntimeError",
                  "The size of tensor a (3) must match the size of tensor b (4) at "
                  "non-singleton dimension 1");
  EXPECT_PY_ERROR(Call("copy_", {Ar({3}), Ar({2, 3})}), "RuntimeError",
                  "output with shape [3] doesn't match the broadcast shape [2, 3]");
  Tensor it = Op("t", {Op("zeros", {Ints{2, 3}}, {{"dtype", DType::kInt32}})});
  Op("copy_", {it, Lit({1.5, -2.5, 3, 4, 5, 6}, {3, 2})});
  EXPECT_EQ(Values(it), Doubles({1, -2, 3, 4, 5, 6}));
  // Overlapping source and destination behave as if the source were copied first.
  Tensor v = Ar({4});
  Op("copy_", {v, Op("flip", {v, Ints{0}})});
  Tensor w = Ar({4});
  Op("copy_", {Op("slice", {w, 0, 1}), Op("slice", {w, 0, 0, 3})});
  EXPECT_EQ(Values(w), Doubles({0, 0, 1, 2}));
  Tensor f = Op("zeros", {Ints{2, 3}}, {{"dtype", DType::kInt64}});
  Op("fill_", {f, 2.7});
  EXPECT_EQ(Values(f), Doubles(6, 2));
  Tensor fb = Op("zeros", {Ints{2}}, {{"dtype", DType::kBool}});
  Op("fill_", {fb, 0.1});
  EXPECT_EQ(Values(fb), Doubles({1, 1}));
  Op("fill_", {f, Lit({5}, {})});
  EXPECT_EQ(Values(f), Doubles(6, 5));
  EXPECT_PY_ERROR(Call("fill_", {f, Vec({5})}), "RuntimeError",
                  "fill_ only supports 0-dimension value tensor but got tensor with 1 "
                  "dimensions.");
  EXPECT_PY_ERROR(Call("fill_", {Op("ones", {Ints{3}}, {{"dtype", DType::kInt32}}), 1e20}),
                  "RuntimeError", "value cannot be converted to type int without overflow");
  Tensor ones_t = Op("t", {Op("ones", {Ints{2, 3}})});
  Op("zero_", {ones_t});
  EXPECT_EQ(Values(ones_t), Doubles(6, 0));
  EXPECT_EQ(ones_t.version(), 1u);
}

TEST(MetaFunctions, DescribeWithoutData) {
  const Tensor m = Tensor::Meta(Ints{2, 3, 4}, DType::kFloat32);
  absl::StatusOr<Value> t = CallMeta("transpose", {m, 0, 2});
  ASSERT_TRUE(t.ok());
  EXPECT_TRUE(t->to_tensor().is_meta());
  EXPECT_GEOMETRY(t->to_tensor(), Ints({4, 3, 2}), Ints({1, 4, 12}), 0);
  absl::StatusOr<Value> c = CallMeta("cat", {std::vector<Tensor>{m, m}, 1});
  ASSERT_TRUE(c.ok());
  EXPECT_GEOMETRY(c->to_tensor(), Ints({2, 6, 4}), Ints({24, 4, 1}), 0);
  absl::StatusOr<Value> f = CallMeta("flip", {t->to_tensor(), Ints{0}});
  EXPECT_GEOMETRY(f->to_tensor(), Ints({4, 3, 2}), Ints({1, 4, 12}), 0);
  absl::StatusOr<Value> s = CallMeta("split", {m, 3, 2});
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->to_tensor_list().size(), 2u);
  // An in-place view's meta function leaves its input alone.
  absl::StatusOr<Value> u = CallMeta("unsqueeze_", {m, 0});
  EXPECT_EQ(u->to_tensor().dim(), 4);
  EXPECT_EQ(m.dim(), 3);
  EXPECT_PY_ERROR(CallMeta("view", {t->to_tensor(), Ints{24}}), "RuntimeError",
                  "view size is not compatible with input tensor's size and stride (at least "
                  "one dimension spans across two contiguous subspaces). Use .reshape(...) "
                  "instead.");
}

TEST(RepeatInterleave, IntAndTensorRepeats) {
  Tensor x = Lit({1, 2, 3, 4}, {2, 2}, DType::kInt64);
  EXPECT_EQ(Values(Op("repeat_interleave", {x, 2})), Doubles({1, 1, 2, 2, 3, 3, 4, 4}));
  Tensor rows = Op("repeat_interleave", {x, test_util::Idx({1, 2}), 0});
  EXPECT_GEOMETRY(rows, Ints({3, 2}), Ints({2, 1}), 0);
  EXPECT_EQ(Values(rows), Doubles({1, 2, 3, 4, 3, 4}));
  Tensor counts = Lit({1, 0, 3}, {3}, DType::kInt32);
  Tensor idx = Op("repeat_interleave", {counts});
  EXPECT_EQ(idx.dtype(), DType::kInt32);
  EXPECT_EQ(Values(idx), Doubles({0, 2, 2, 2}));
  // The int overload is traceable; the Tensor ones depend on element values.
  absl::StatusOr<Value> m =
      CallMeta("repeat_interleave", {Tensor::Meta(Ints{2, 3}, DType::kFloat32), 3, 1});
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_GEOMETRY(m->to_tensor(), Ints({2, 9}), Ints({9, 1}), 0);
  EXPECT_TRUE(test_util::Registry().Find("repeat_interleave.self_Tensor")->flags.data_dependent);
  EXPECT_PY_ERROR(Call("repeat_interleave", {x, -1}), "RuntimeError",
                  "repeats can not be negative");
  EXPECT_PY_ERROR(CallMeta("repeat_interleave", {Tensor::Meta(Ints{2}, DType::kFloat32), -1}),
                  "RuntimeError", "repeats can not be negative");
  EXPECT_PY_ERROR(Call("repeat_interleave", {Vec({1, 2})}), "RuntimeError",
                  "\"repeat_interleave_cpu\" not implemented for 'Float'");
  EXPECT_PY_ERROR(Call("repeat_interleave", {x, 2, 0}, {{"output_size", 3}}), "RuntimeError",
                  "allocated size does not match required size");
  EXPECT_PY_ERROR(Call("repeat_interleave", {Lit({5}, {}), 3, 0}), "IndexError",
                  "Dimension specified as 0 but tensor has no dimensions");
}

TEST(Diag, VectorMatrixAndEmbed) {
  Tensor v = Vec({1, 2});
  Tensor d = Op("diag", {v, 1});
  EXPECT_GEOMETRY(d, Ints({3, 3}), Ints({3, 1}), 0);
  EXPECT_EQ(Values(d), Doubles({0, 1, 0, 0, 0, 2, 0, 0, 0}));
  Tensor m = Ar({3, 4});
  EXPECT_EQ(Values(Op("diag", {m, -1})), Doubles({4, 9}));
  EXPECT_EQ(Values(Op("diag", {Op("t", {m}), 1})), Doubles({4, 9}));
  // out[i, b, i] = x[b, i]
  EXPECT_EQ(Values(Op("diag_embed", {Ar({2, 2}), 0, 0, 2})), Doubles({0, 0, 2, 0, 0, 1, 0, 3}));
  EXPECT_PY_ERROR(Call("diag", {m, 5}), "RuntimeError", "numel: integer multiplication overflow");
  EXPECT_PY_ERROR(Call("diag", {Ar({2, 2, 2})}), "RuntimeError", "matrix or a vector expected");
  EXPECT_PY_ERROR(Call("diag_embed", {Ar({2, 3}), 0, -1, 2}), "RuntimeError",
                  "diagonal dimensions cannot be identical -1, 2");
}

TEST(FlipSides, FliplrFlipud) {
  Tensor a = Ar({2, 3});
  EXPECT_EQ(Values(Op("fliplr", {a})), Doubles({2, 1, 0, 5, 4, 3}));
  EXPECT_EQ(Values(Op("flipud", {a})), Doubles({3, 4, 5, 0, 1, 2}));
  EXPECT_PY_ERROR(Call("fliplr", {Ar({3})}), "RuntimeError", "Input must be >= 2-d.");
  EXPECT_PY_ERROR(Call("flipud", {Lit({1}, {})}), "RuntimeError", "Input must be >= 1-d.");
}

}  // namespace
}  // namespace wick::tensor
