// Indexing ops against PyTorch 1.13: advanced indexing (placement of indexed dims,
// output strides, masks, broadcasting, bounds), index_put_ (accumulate, duplicates,
// mask fast path), index_select, gather/scatter, masked ops, nonzero and one_hot.
#include "gtest/gtest.h"
#include "tensor/ops/creation/creation.h"
#include "tensor/ops/creation/test_util.h"

namespace wick::tensor {
namespace {

using test_util::Ar;
using test_util::Call;
using test_util::CallMeta;
using test_util::Idx;
using test_util::Lit;
using test_util::Mask;
using test_util::Op;
using test_util::Registry;
using test_util::Values;
using test_util::Vec;

using Ints = std::vector<int64_t>;
using Doubles = std::vector<double>;
using List = std::vector<Tensor>;
const Tensor kNone;

Tensor A() { return Ar({3, 4}); }  // arange(12.).view(3, 4)

TEST(Index, IntegerIndicesAndPlacement) {
  Tensor a = A();
  Tensor r = Op("index", {a, List{Idx({2, 0})}});
  EXPECT_GEOMETRY(r, Ints({2, 4}), Ints({4, 1}), 0);
  EXPECT_EQ(Values(r), Doubles({8, 9, 10, 11, 0, 1, 2, 3}));
  EXPECT_FALSE(r.shares_storage(a));
  EXPECT_EQ(Values(Op("index", {a, List{kNone, Idx({3, 1})}})), Doubles({3, 1, 7, 5, 11, 9}));
  EXPECT_EQ(Values(Op("index", {a, List{Idx({0, 2}), Idx({3, 1})}})), Doubles({3, 9}));
  Tensor b = Op("index", {a, List{Idx({0, 2}, {2, 1}), Idx({3, 1})}});
  EXPECT_GEOMETRY(b, Ints({2, 2}), Ints({2, 1}), 0);
  EXPECT_EQ(Values(b), Doubles({3, 1, 11, 9}));
  EXPECT_EQ(Values(Op("index", {a, List{Idx({-1})}})), Doubles({8, 9, 10, 11}));
  EXPECT_EQ(Values(Op("index", {Op("t", {a}), List{Idx({0, 2})}})), Doubles({0, 4, 8, 2, 6, 10}));
  EXPECT_GEOMETRY(Op("index", {a, List{Idx({}, {0})}}), Ints({0, 4}), Ints({4, 1}), 0);
  // 0-dim index tensors remove the dim.
  EXPECT_GEOMETRY(Op("index", {a, List{Lit({1}, {}, DType::kInt64)}}), Ints({4}), Ints({1}), 0);
  EXPECT_EQ(Values(Op("index", {a, List{Idx({0, 1}), Lit({1}, {}, DType::kInt64)}})),
            Doubles({1, 5}));
}

TEST(Index, AdjacentIndicesStaySeparatedMoveFront) {
  Tensor y = Ar({2, 3, 4, 5});
  EXPECT_GEOMETRY(Op("index", {y, List{kNone, Idx({0, 2}), Idx({1, 1})}}), Ints({2, 2, 5}),
                  Ints({10, 5, 1}), 0);
  EXPECT_GEOMETRY(Op("index", {y, List{kNone, Idx({0, 2}), kNone, Idx({1, 1})}}), Ints({2, 2, 4}),
                  Ints({8, 4, 1}), 0);
  Tensor front = Op("index", {y, List{Idx({0, 1}), kNone, Idx({1, 1})}});
  EXPECT_GEOMETRY(front, Ints({2, 3, 5}), Ints({15, 5, 1}), 0);
  // front[1, 2] = y[1, 2, 1, :]
  EXPECT_EQ(Values(Op("select", {Op("select", {front, 0, 1}), 0, 2})),
            Doubles({105, 106, 107, 108, 109}));
  EXPECT_GEOMETRY(Op("index", {y, List{kNone, kNone, Idx({0, 1}, {2, 1}), Idx({1, 2, 3})}}),
                  Ints({2, 3, 2, 3}), Ints({18, 6, 3, 1}), 0);
  EXPECT_GEOMETRY(Op("index", {y, List{Idx({0, 1}, {2, 1})}}), Ints({2, 1, 3, 4, 5}),
                  Ints({60, 60, 20, 5, 1}), 0);
}

// The result's strides follow TensorIterator's ordering of self's strides.
TEST(Index, OutputStridesFollowSelfLayout) {
  Tensor y = Ar({2, 3, 4, 5});
  Tensor yp = Op("permute", {y, Ints{3, 1, 0, 2}});
  Tensor r = Op("index", {yp, List{kNone, Idx({0, 2})}});
  EXPECT_GEOMETRY(r, Ints({5, 2, 2, 4}), Ints({1, 20, 40, 5}), 0);
  EXPECT_EQ(r.ElementAt(1).to_double(), 5.0);       // yp[0, 0, 0, 1] = y[0, 0, 1, 0]
  Tensor z = Op("permute", {y, Ints{2, 0, 3, 1}});  // sizes (4, 2, 5, 3)
  EXPECT_GEOMETRY(Op("index", {z, List{kNone, Idx({0, 1})}}), Ints({4, 2, 5, 3}),
                  Ints({5, 20, 1, 40}), 0);
  EXPECT_GEOMETRY(Op("index", {z, List{kNone, kNone, Idx({0, 1})}}), Ints({4, 2, 2, 3}),
                  Ints({1, 24, 4, 8}), 0);
  EXPECT_GEOMETRY(Op("index", {z, List{kNone, Idx({0, 1}), kNone, Idx({0, 1})}}), Ints({2, 4, 5}),
                  Ints({20, 5, 1}), 0);
  Tensor b = Op("t", {Ar({4, 5})});
  EXPECT_GEOMETRY(Op("index", {b, List{kNone, Idx({0, 2})}}), Ints({5, 2}), Ints({2, 1}), 0);
  EXPECT_GEOMETRY(Op("index", {Op("transpose", {Ar({3, 5, 4}), 0, 2}), List{kNone, Idx({0, 0})}}),
                  Ints({4, 2, 3}), Ints({1, 4, 8}), 0);
}

TEST(Index, BoolMasks) {
  Tensor a = A();
  EXPECT_EQ(Values(Op("index", {a, List{Mask({1, 0, 1})}})), Doubles({0, 1, 2, 3, 8, 9, 10, 11}));
  Tensor m2 = Mask({1, 0, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1}, {3, 4});
  Tensor r = Op("index", {a, List{m2}});
  EXPECT_GEOMETRY(r, Ints({7}), Ints({1}), 0);
  EXPECT_EQ(Values(r), Doubles({0, 2, 3, 8, 9, 10, 11}));
  EXPECT_EQ(Values(Op("index", {a, List{kNone, Mask({1, 0, 1, 1})}})),
            Doubles({0, 2, 3, 4, 6, 7, 8, 10, 11}));
  EXPECT_EQ(Values(Op("index", {a, List{Mask({1, 0, 1}), Idx({0, 3})}})), Doubles({0, 11}));
  // A 0-dim mask adds a dim of size 1 (or 0), like x[True] / x[False].
  EXPECT_GEOMETRY(Op("index", {a, List{Lit({1}, {}, DType::kBool)}}), Ints({1, 3, 4}),
                  Ints({12, 4, 1}), 0);
  EXPECT_EQ(Op("index", {a, List{Lit({0}, {}, DType::kBool)}}).numel(), 0);
  EXPECT_EQ(Values(Op("index", {Lit({5}, {}), List{Lit({1}, {}, DType::kBool)}})), Doubles({5}));
  EXPECT_PY_ERROR(Call("index", {a, List{Mask({1, 0})}}), "IndexError",
                  "The shape of the mask [2] at index 0 does not match the shape of the indexed "
                  "tensor [3, 4] at index 0");
  EXPECT_PY_ERROR(Call("index", {a, List{Mask({1, 0, 1}), Idx({0, 3, 1})}}), "IndexError",
                  "shape mismatch: indexing tensors could not be broadcast together with shapes "
                  "[2], [3]");
  // Masks make the shape data-dependent: no meta result.
  EXPECT_EQ(CallMeta("index", {a, List{Mask({1, 0, 1})}}).status().code(),
            absl::StatusCode::kUnimplemented);
}

TEST(Index, Errors) {
  Tensor a = A();
  EXPECT_PY_ERROR(Call("index", {a, List{Idx({3})}}), "IndexError",
                  "index 3 is out of bounds for dimension 0 with size 3");
  EXPECT_PY_ERROR(Call("index", {a, List{Idx({-4})}}), "IndexError",
                  "index -4 is out of bounds for dimension 0 with size 3");
  // ATen numbers the indexers, not the dims.
  EXPECT_PY_ERROR(Call("index", {a, List{kNone, Idx({4})}}), "IndexError",
                  "index 4 is out of bounds for dimension 0 with size 4");
  EXPECT_PY_ERROR(Call("index", {a, List{Vec({1})}}), "IndexError",
                  "tensors used as indices must be long, byte or bool tensors");
  EXPECT_PY_ERROR(Call("index", {a, List{Idx({0}), Idx({0}), Idx({0})}}), "IndexError",
                  "too many indices for tensor of dimension 2 (got 3)");
  EXPECT_PY_ERROR(Call("index", {Ar({2, 0}), List{kNone, Idx({0, 1})}}), "IndexError",
                  "index is out of bounds for dimension with size 0");
  EXPECT_PY_ERROR(Call("index", {a, List{Idx({0, 1}), Idx({0, 1, 2})}}), "IndexError",
                  "shape mismatch: indexing tensors could not be broadcast together with shapes "
                  "[2], [3]");
  EXPECT_GEOMETRY(Op("index", {Ar({2, 0}), List{Idx({0, 1})}}), Ints({2, 0}), Ints({1, 1}), 0);
  absl::StatusOr<Value> m =
      CallMeta("index", {Tensor::Meta(Ints{3, 4}, DType::kFloat32), List{kNone, Idx({0, 1, 2})}});
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_TRUE(m->to_tensor().is_meta());
  EXPECT_GEOMETRY(m->to_tensor(), Ints({3, 3}), Ints({3, 1}), 0);
}

TEST(IndexPut, WritesBroadcastsAccumulates) {
  Tensor a = A();
  Tensor r = Op("index_put_", {a, List{Idx({0, 2})}, Lit({-1, -2, -3, -4}, {4})});
  EXPECT_TRUE(r.is_same(a));
  EXPECT_EQ(Values(a), Doubles({-1, -2, -3, -4, 4, 5, 6, 7, -1, -2, -3, -4}));
  EXPECT_EQ(a.version(), 1u);
  Tensor b = A();
  Op("index_put_", {b, List{Idx({0, 2})}, Lit({-1, -2}, {2, 1})});
  EXPECT_EQ(Values(b), Doubles({-1, -1, -1, -1, 4, 5, 6, 7, -2, -2, -2, -2}));
  // Duplicates: the last write wins, or all add up with accumulate.
  Tensor c = A();
  Tensor rows = Lit({1, 2, 3, 4, 10, 20, 30, 40}, {2, 4});
  Op("index_put_", {c, List{Idx({0, 0})}, rows});
  EXPECT_EQ(Values(Op("select", {c, 0, 0})), Doubles({10, 20, 30, 40}));
  Tensor d = A();
  Op("index_put_", {d, List{Idx({0, 0})}, rows, true});
  EXPECT_EQ(Values(Op("select", {d, 0, 0})), Doubles({11, 23, 35, 47}));
  Tensor e = A();
  Op("index_put_", {e, List{Idx({0, 0}), Idx({1, 1})}, Vec({1, 10}), true});
  EXPECT_EQ(Values(Op("select", {e, 0, 0})), Doubles({0, 12, 2, 3}));
  Tensor f = Op("zeros", {Ints{3}});
  Op("index_put_", {f, List{Idx({0, 0, 0, 1})}, Vec({1, 2, 3, 4}), true});
  EXPECT_EQ(Values(f), Doubles({6, 4, 0}));
  // Writes reach the base of a view, through a transposed layout too.
  Tensor base = A();
  Op("index_put_", {Op("select", {base, 0, 1}), List{Idx({0})}, Lit({100}, {})});
  EXPECT_EQ(base.ElementAt(4).to_double(), 100);
  Tensor t = Op("t", {A()});
  Op("index_put_", {t, List{Idx({1, 3})}, Lit({0}, {})});
  EXPECT_EQ(Values(t), Doubles({0, 4, 8, 0, 0, 0, 2, 6, 10, 0, 0, 0}));
  // Separated indices: values are laid out in the transposed-to-front order.
  Tensor y = Ar({2, 3, 4});
  Op("index_put_", {y, List{Idx({1}), kNone, Idx({2})}, Lit({-1, -2, -3}, {1, 3})});
  EXPECT_EQ(Values(Op("select", {Op("select", {y, 0, 1}), 1, 2})), Doubles({-1, -2, -3}));
}

TEST(IndexPut, MasksAndMaskedFillPath) {
  Tensor a = A();
  Op("index_put_", {a, List{Mask({1, 0, 1})}, Lit({7}, {})});
  EXPECT_EQ(Values(a), Doubles({7, 7, 7, 7, 4, 5, 6, 7, 7, 7, 7, 7}));
  // A one-element value under one mask may have another dtype (masked_fill_ path).
  Tensor b = A();
  Tensor gt5 = Mask({0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1}, {3, 4});
  Op("index_put_", {b, List{gt5}, Lit({5}, {1}, DType::kInt64)});
  EXPECT_EQ(Values(b), Doubles({0, 1, 2, 3, 4, 5, 5, 5, 5, 5, 5, 5}));
  Tensor c = A();
  Op("index_put_", {c, List{gt5}, Ar({6})});
  EXPECT_EQ(Values(c), Doubles({0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5}));
  Tensor d = A();
  Op("index_put_", {d, List{Mask({1, 0, 1})}, Lit({7}, {}), true});
  EXPECT_EQ(Values(d), Doubles({7, 8, 9, 10, 4, 5, 6, 7, 15, 16, 17, 18}));
  Tensor e = A();
  Op("index_put_", {e, List{kNone, Mask({0, 1, 0, 1})}, Lit({0}, {})});
  EXPECT_EQ(Values(e), Doubles({0, 0, 2, 0, 4, 0, 6, 0, 8, 0, 10, 0}));
  Tensor f = A();
  Op("index_put_", {f, List{Lit({1}, {}, DType::kBool)}, Lit({-1}, {})});
  EXPECT_EQ(Values(f), Doubles(12, -1));
}

TEST(IndexPut, Errors) {
  Tensor a = A();
  EXPECT_PY_ERROR(Call("index_put_", {a, List{Idx({0, 2})}, Vec({-1, -2, -3})}), "RuntimeError",
                  "shape mismatch: value tensor of shape [3] cannot be broadcast to indexing "
                  "result of shape [2, 4]");
  EXPECT_PY_ERROR(Call("index_put_", {a, List{Idx({0, 2})}, Ar({4}, DType::kInt64)}),
                  "RuntimeError",
                  "Index put requires the source and destination dtypes match, got Float for "
                  "the destination and Long for the source.");
  EXPECT_PY_ERROR(Call("index_put_", {a, List{Idx({5})}, Lit({0}, {})}), "IndexError",
                  "index 5 is out of bounds for dimension 0 with size 3");
  EXPECT_PY_ERROR(Call("index_put_", {a, List{Idx({0, 2})}, Lit({1}, {1, 1, 1})}), "RuntimeError",
                  "shape mismatch: value tensor of shape [1, 1, 1] cannot be broadcast to "
                  "indexing result of shape [2, 4]");
  EXPECT_PY_ERROR(
      Call("index_put_", {a, List{Idx({0, 1}), Idx({1, 2})}, Lit({1, 2, 3, 4}, {2, 2})}),
      "RuntimeError",
      "shape mismatch: value tensor of shape [2, 2] cannot be broadcast to indexing "
      "result of shape [2]");
  EXPECT_EQ(Values(a), Values(A()));  // Nothing was written.
}

TEST(IndexPut, MetaReturnsSelfEvenForMasks) {
  const Tensor m = Tensor::Meta({3, 4}, DType::kFloat32);
  absl::StatusOr<Value> r = CallMeta("index_put_", {m, List{Mask({1, 0, 1})}, Vec({1, 2, 3, 4})});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_TRUE(r->to_tensor().is_same(m));
  EXPECT_PY_ERROR(CallMeta("index_put_", {m, List{Idx({0, 2})}, Vec({1, 2, 3})}),
                  "RuntimeError",
                  "shape mismatch: value tensor of shape [3] cannot be broadcast to indexing "
                  "result of shape [2, 4]");
  absl::StatusOr<Value> o = CallMeta("index_put", {m, List{Idx({0})}, Vec({1})});
  ASSERT_TRUE(o.ok()) << o.status();
  EXPECT_TRUE(o->to_tensor().is_meta());
}

TEST(IndexPut, OutOfPlaceKeepsLayout) {
  Tensor t = Op("t", {A()});
  Tensor r = Op("index_put", {t, List{Idx({0})}, Lit({0}, {})});
  EXPECT_GEOMETRY(r, Ints({4, 3}), Ints({1, 4}), 0);
  EXPECT_EQ(Values(r), Doubles({0, 0, 0, 1, 5, 9, 2, 6, 10, 3, 7, 11}));
  EXPECT_EQ(Values(t), Values(Op("t", {A()})));
}

TEST(IndexSelect, ValuesLayoutAndErrors) {
  Tensor a = A();
  Tensor i = Idx({2, 0, 2});
  EXPECT_EQ(Values(Op("index_select", {a, 0, i})),
            Doubles({8, 9, 10, 11, 0, 1, 2, 3, 8, 9, 10, 11}));
  EXPECT_EQ(Values(Op("index_select", {a, 1, i})), Doubles({2, 0, 2, 6, 4, 6, 10, 8, 10}));
  Tensor tr = Op("index_select", {Op("t", {a}), 1, i});
  EXPECT_GEOMETRY(tr, Ints({4, 3}), Ints({3, 1}), 0);
  EXPECT_EQ(Values(tr), Doubles({8, 0, 8, 9, 1, 9, 10, 2, 10, 11, 3, 11}));
  Tensor p = Op("permute", {Ar({2, 3, 4}), Ints{2, 0, 1}});
  EXPECT_EQ(Values(Op("index_select", {p, 1, Idx({1})})),
            Doubles({12, 16, 20, 13, 17, 21, 14, 18, 22, 15, 19, 23}));
  EXPECT_EQ(Values(Op("index_select", {a, 0, Lit({1}, {1}, DType::kInt32)})),
            Doubles({4, 5, 6, 7}));
  Tensor s0 = Op("index_select", {Lit({5}, {}), 0, Idx({0})});
  EXPECT_EQ(s0.dim(), 0);
  EXPECT_EQ(Values(s0), Doubles({5}));
  EXPECT_PY_ERROR(Call("index_select", {Lit({5}, {}), 0, Idx({0, 0})}), "RuntimeError",
                  "index_select(): Index to scalar can have only 1 value, got 2 value(s)");
  EXPECT_EQ(Op("index_select", {a, 0, Idx({}, {0})}).numel(), 0);
  EXPECT_PY_ERROR(Call("index_select", {a, 0, Idx({3})}), "IndexError",
                  "index out of range in self");
  EXPECT_PY_ERROR(Call("index_select", {a, 0, Idx({-1})}), "IndexError",
                  "index out of range in self");
  EXPECT_PY_ERROR(Call("index_select", {a, 0, Idx({0}, {1, 1})}), "IndexError",
                  "index_select(): Index is supposed to be a vector");
  EXPECT_PY_ERROR(Call("index_select", {a, 0, Vec({1})}), "RuntimeError",
                  "index_select(): Expected dtype int32 or int64 for index");
  EXPECT_PY_ERROR(Call("index_select", {a, 2, Idx({0})}), "IndexError",
                  "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
}

TEST(Gather, ValuesAndChecks) {
  Tensor a = A();
  Tensor g = Op("gather", {a, 1, Idx({0, 0, 1, 0, 3, 3}, {3, 2})});
  EXPECT_GEOMETRY(g, Ints({3, 2}), Ints({2, 1}), 0);
  EXPECT_EQ(Values(g), Doubles({0, 0, 5, 4, 11, 11}));
  EXPECT_EQ(Values(Op("gather", {a, 0, Idx({0, 1, 2, 0}, {1, 4})})), Doubles({0, 5, 10, 3}));
  EXPECT_EQ(Values(Op("gather", {a, 1, Idx({0, 1, 1, 1, 1}, {1, 5})})), Doubles({0, 1, 1, 1, 1}));
  EXPECT_EQ(Values(Op("gather", {Op("t", {a}), 1, Idx({0, 1, 2, 2}, {2, 2})})),
            Doubles({0, 4, 9, 9}));
  Tensor it = Op("t", {Idx({0, 1, 2, 2, 3, 3}, {2, 3})});
  EXPECT_EQ(Values(Op("gather", {a, 1, it})), Doubles({0, 2, 5, 7, 10, 11}));
  Tensor g0 = Op("gather", {Lit({5}, {}), 0, Lit({0}, {}, DType::kInt64)});
  EXPECT_EQ(g0.dim(), 0);
  EXPECT_EQ(Values(g0), Doubles({5}));
  EXPECT_PY_ERROR(Call("gather", {a, 1, Idx({0, 4}, {1, 2})}), "RuntimeError",
                  "index 4 is out of bounds for dimension 1 with size 4");
  EXPECT_PY_ERROR(Call("gather", {a, 1, Idx({0, -1}, {1, 2})}), "RuntimeError",
                  "index -1 is out of bounds for dimension 1 with size 4");
  EXPECT_PY_ERROR(Call("gather", {a, 1, Lit({0, 1}, {1, 2}, DType::kInt32)}), "RuntimeError",
                  "gather(): Expected dtype int64 for index");
  EXPECT_PY_ERROR(Call("gather", {a, 1, Idx({0, 1})}), "RuntimeError",
                  "Index tensor must have the same number of dimensions as input tensor");
  EXPECT_PY_ERROR(Call("gather", {a, 0, Idx({0, 1, 1, 1, 1}, {1, 5})}), "RuntimeError",
                  "Size does not match at dimension 1 expected index [1, 5] to be smaller than "
                  "self [3, 4] apart from dimension 0");
}

TEST(Scatter, SrcValueReduceAdd) {
  Tensor z = Op("zeros", {Ints{3, 4}});
  Tensor s = Op("scatter", {z, 1, Idx({0, 1, 2, 3}, {2, 2}), Lit({1, 2, 3, 4, 5, 6}, {2, 3})});
  EXPECT_EQ(Values(s), Doubles({1, 2, 0, 0, 0, 0, 4, 5, 0, 0, 0, 0}));
  EXPECT_EQ(Values(z), Doubles(12, 0));  // Out of place.
  EXPECT_EQ(Values(Op("scatter", {z, 0, Idx({0, 1, 2, 0}, {2, 2}), 5.0})),
            Doubles({5, 5, 0, 0, 0, 5, 0, 0, 5, 0, 0, 0}));
  Tensor zi = Op("zeros", {Ints{3, 4}}, {{"dtype", DType::kInt64}});
  EXPECT_EQ(Values(Op("scatter", {zi, 0, Idx({0, 1, 2, 0}, {2, 2}), 5.7})),
            Doubles({5, 5, 0, 0, 0, 5, 0, 0, 5, 0, 0, 0}));
  Tensor ones = Op("ones", {Ints{3, 4}});
  Tensor three = Op("full", {Ints{1, 3}, 3.0});
  EXPECT_EQ(
      Values(Op("scatter", {ones, 1, Idx({0, 0, 1}, {1, 3}), three}, {{"reduce", "multiply"}})),
      Doubles({9, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}));
  EXPECT_EQ(Values(Op("scatter", {ones, 1, Idx({0, 0, 1}, {1, 3}), 3.0}, {{"reduce", "add"}})),
            Doubles({7, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}));
  EXPECT_EQ(Values(Op("scatter_add", {z, 1, Idx({0, 0, 1}, {1, 3}), Op("ones", {Ints{1, 3}})})),
            Doubles({2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
  Tensor zt = Op("t", {Op("zeros", {Ints{3, 4}})});
  Tensor st = Op("scatter", {zt, 1, Idx({0, 0, 1}, {1, 3}), Op("ones", {Ints{1, 3}})});
  EXPECT_GEOMETRY(st, Ints({4, 3}), Ints({3, 1}), 0);
  Tensor ip = Op("t", {Op("ones", {Ints{3, 4}})});
  Tensor r = Op("scatter_", {ip, 1, Idx({0, 0, 1}, {1, 3}), 5.0});
  EXPECT_TRUE(r.is_same(ip));
  EXPECT_EQ(Values(ip), Doubles({5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}));
  EXPECT_EQ(ip.version(), 1u);
  Tensor acc = Op("zeros", {Ints{4}});
  Op("scatter_add_", {acc, 0, Idx({1, 1, 3}), Vec({1, 2, 3})});
  EXPECT_EQ(Values(acc), Doubles({0, 3, 0, 3}));
  EXPECT_EQ(Values(Op("scatter", {Lit({1}, {}), 0, Lit({0}, {}, DType::kInt64), 5.0})),
            Doubles({5}));
  EXPECT_EQ(Values(Op("scatter", {ones, 1, Idx({}, {1, 0}), 3.0})), Doubles(12, 1));
}

TEST(Scatter, Errors) {
  Tensor z = Op("zeros", {Ints{3, 4}});
  EXPECT_PY_ERROR(Call("scatter", {z, 1, Idx({0, 4}, {1, 2}), 1.0}), "RuntimeError",
                  "index 4 is out of bounds for dimension 1 with size 4");
  EXPECT_PY_ERROR(Call("scatter", {z, 1, Idx({0, 1}, {1, 2}),
                                   Op("ones", {Ints{1, 2}}, {{"dtype", DType::kInt64}})}),
                  "RuntimeError", "scatter(): Expected self.dtype to be equal to src.dtype");
  EXPECT_PY_ERROR(
      Call("scatter", {z, 1, Lit({0, 0, 1}, {1, 3}, DType::kInt32), Op("ones", {Ints{1, 3}})}),
      "RuntimeError", "scatter(): Expected dtype int64 for index");
  EXPECT_PY_ERROR(Call("scatter", {z, 1, Idx({0, 0, 1}, {1, 3}), Op("ones", {Ints{1, 2}})}),
                  "RuntimeError",
                  "Expected index [1, 3] to be smaller than self [3, 4] apart from dimension 1 "
                  "and to be smaller size than src [1, 2]");
  EXPECT_PY_ERROR(Call("scatter", {z, 1, Idx({0, 0, 1}, {1, 3}), Op("ones", {Ints{3}})}),
                  "IndexError",
                  "Dimension out of range (expected to be in range of [-1, 0], but got 1)");
  EXPECT_PY_ERROR(Call("scatter", {z, 1, Idx({0}), Op("ones", {Ints{1, 3}})}), "RuntimeError",
                  "Index tensor must have the same number of dimensions as self tensor");
  EXPECT_PY_ERROR(Call("scatter", {z, 1, Idx({0}, {1, 1}), 3.0}, {{"reduce", "max"}}),
                  "RuntimeError", "reduce argument must be either add or multiply.");
  EXPECT_PY_ERROR(Call("scatter", {z, 2, Idx({0}, {1, 1}), 1.0}), "IndexError",
                  "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
}

TEST(MaskedFill, ScalarTensorBroadcastAndErrors) {
  Tensor a = A();
  Tensor m = Mask({1, 0, 1, 0}, {1, 4});
  Tensor r = Op("masked_fill", {a, m, -1});
  EXPECT_EQ(Values(r), Doubles({-1, 1, -1, 3, -1, 5, -1, 7, -1, 9, -1, 11}));
  EXPECT_EQ(Values(a), Values(A()));
  EXPECT_EQ(Values(Op("masked_fill", {a, m, Lit({-2}, {})})),
            Doubles({-2, 1, -2, 3, -2, 5, -2, 7, -2, 9, -2, 11}));
  EXPECT_EQ(Values(Op("masked_fill", {Op("long", {a}), m, 2.7})),
            Doubles({2, 1, 2, 3, 2, 5, 2, 7, 2, 9, 2, 11}));
  Tensor bc = Op("masked_fill",
                 {Op("zeros", {Ints{4}}), Mask({1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, {3, 4}), 1});
  EXPECT_GEOMETRY(bc, Ints({3, 4}), Ints({4, 1}), 0);
  Tensor tr = Op("masked_fill", {Op("t", {a}), Mask({1, 0, 1}), 1});
  EXPECT_GEOMETRY(tr, Ints({4, 3}), Ints({3, 1}), 0);
  EXPECT_EQ(Values(tr), Doubles({1, 4, 1, 1, 5, 1, 1, 6, 1, 1, 7, 1}));
  // PyTorch 1.13 still takes 0/1 integer masks.
  EXPECT_EQ(Values(Op("masked_fill", {a, Idx({1, 0, 1, 0}), -1})),
            Doubles({-1, 1, -1, 3, -1, 5, -1, 7, -1, 9, -1, 11}));
  EXPECT_PY_ERROR(Call("masked_fill", {a, Lit({2, 0, 1, 0}, {4}, DType::kInt32), -1}),
                  "RuntimeError", "Mask tensor can take 0 and 1 values only");
  EXPECT_PY_ERROR(Call("masked_fill", {a, m, Vec({-2})}), "RuntimeError",
                  "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with 1 "
                  "dimension(s).");
  EXPECT_PY_ERROR(Call("masked_fill_", {Op("zeros", {Ints{4}}),
                                        Op("ones", {Ints{3, 4}}, {{"dtype", DType::kBool}}), 1}),
                  "RuntimeError", "output with shape [4] doesn't match the broadcast shape [3, 4]");
  EXPECT_PY_ERROR(Call("masked_fill",
                       {Op("ones", {Ints{3}}, {{"dtype", DType::kInt32}}), Mask({1, 1, 1}), 3e10}),
                  "RuntimeError", "value cannot be converted to type int without overflow");
  Tensor ip = A();
  Tensor same = Op("masked_fill_", {ip, m, 0});
  EXPECT_TRUE(same.is_same(ip));
  EXPECT_EQ(ip.version(), 1u);
  EXPECT_EQ(Values(Op("select", {ip, 0, 2})), Doubles({0, 9, 0, 11}));
}

TEST(MaskedSelectNonzero, DataDependentOps) {
  Tensor a = A();
  Tensor m = Mask({1, 0, 1, 0}, {1, 4});
  Tensor s = Op("masked_select", {a, m});
  EXPECT_GEOMETRY(s, Ints({6}), Ints({1}), 0);
  EXPECT_EQ(Values(s), Doubles({0, 2, 4, 6, 8, 10}));
  EXPECT_EQ(Op("masked_select",
               {Op("zeros", {Ints{4}}), Op("ones", {Ints{2, 4}}, {{"dtype", DType::kBool}})})
                .numel(),
            8);
  Tensor at = Op("t", {a});
  Tensor gt = Mask({0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1}, {4, 3});
  EXPECT_EQ(Values(Op("masked_select", {at, gt})), Doubles({4, 8, 5, 9, 6, 10, 7, 11}));
  EXPECT_PY_ERROR(Call("masked_select", {a, Idx({1, 0, 1, 0})}), "RuntimeError",
                  "masked_select: expected BoolTensor or ByteTensor for mask");
  Tensor nz = Op("nonzero", {Lit({0, 1.5, 2, 0}, {2, 2})});
  EXPECT_EQ(nz.dtype(), DType::kInt64);
  EXPECT_GEOMETRY(nz, Ints({2, 2}), Ints({1, 2}), 0);
  EXPECT_EQ(Values(nz), Doubles({0, 1, 1, 0}));
  EXPECT_GEOMETRY(Op("nonzero", {Lit({3}, {})}), Ints({1, 0}), Ints({1, 1}), 0);
  EXPECT_GEOMETRY(Op("nonzero", {Lit({0}, {})}), Ints({0, 0}), Ints({1, 0}), 0);
  EXPECT_GEOMETRY(Op("nonzero", {Ar({2, 0})}), Ints({0, 2}), Ints({1, 0}), 0);
  Tensor nt = Op("nonzero", {at});
  EXPECT_GEOMETRY(nt, Ints({11, 2}), Ints({1, 11}), 0);
  EXPECT_EQ(Values(Op("slice", {nt, 0, 0, 3})), Doubles({0, 1, 0, 2, 1, 0}));
  EXPECT_EQ(Values(Op("nonzero", {Mask({1, 0, 1})})), Doubles({0, 2}));
  EXPECT_FALSE(Registry().Find("nonzero")->meta);
  EXPECT_TRUE(Registry().Find("nonzero")->flags.data_dependent);
}

TEST(OneHot, ValuesShapesAndChecks) {
  Tensor r = Op("one_hot", {Idx({0, 2, 1})});
  EXPECT_GEOMETRY(r, Ints({3, 3}), Ints({3, 1}), 0);
  EXPECT_EQ(r.dtype(), DType::kInt64);
  EXPECT_EQ(Values(r), Doubles({1, 0, 0, 0, 0, 1, 0, 1, 0}));
  EXPECT_EQ(Values(Op("one_hot", {Op("t", {Idx({0, 1, 1, 0}, {2, 2})}), 3})),
            Doubles({1, 0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0}));
  EXPECT_GEOMETRY(Op("one_hot", {Idx({}, {0}), 4}), Ints({0, 4}), Ints({4, 1}), 0);
  // The meta function needs num_classes: -1 would read the data.
  absl::StatusOr<Value> m = CallMeta("one_hot", {Tensor::Meta(Ints{2, 3}, DType::kInt64), 7});
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_GEOMETRY(m->to_tensor(), Ints({2, 3, 7}), Ints({21, 7, 1}), 0);
  EXPECT_FALSE(CallMeta("one_hot", {Tensor::Meta(Ints{2}, DType::kInt64)}).ok());
  EXPECT_FALSE(Registry().Find("one_hot")->flags.function);
  EXPECT_PY_ERROR(Call("one_hot", {Vec({1, 2})}), "RuntimeError",
                  "one_hot is only applicable to index tensor.");
  EXPECT_PY_ERROR(Call("one_hot", {Idx({}, {0})}), "RuntimeError",
                  "Can not infer total number of classes from empty tensor.");
  EXPECT_PY_ERROR(Call("one_hot", {Idx({-1, 2}), 3}), "RuntimeError",
                  "Class values must be non-negative.");
  EXPECT_PY_ERROR(Call("one_hot", {Idx({1, 3}), 3}), "RuntimeError",
                  "Class values must be smaller than num_classes.");
}

TEST(NonzeroForms, AsTupleWhereAndArgwhere) {
  Tensor m = Lit({0, 3, 1, 0}, {2, 2}, DType::kInt64);
  absl::StatusOr<Value> t = Call("nonzero", {m}, {{"as_tuple", true}});
  ASSERT_TRUE(t.ok()) << t.status();
  ASSERT_EQ(t->to_tensor_list().size(), 2u);
  EXPECT_EQ(Values(t->to_tensor_list()[0]), Doubles({0, 1}));
  EXPECT_EQ(Values(t->to_tensor_list()[1]), Doubles({1, 0}));
  absl::StatusOr<Value> w = Call("where", {Lit({5}, {})});
  ASSERT_TRUE(w.ok()) << w.status();
  EXPECT_EQ(Values(w->to_tensor_list()[0]), Doubles({0}));
  EXPECT_EQ(Values(Op("argwhere", {m})), Doubles({0, 1, 1, 0}));
  EXPECT_TRUE(Call("nonzero", {m}, {{"as_tuple", false}})->is_tensor());
  EXPECT_FALSE(Registry().Find("where")->meta);
}

}  // namespace
}  // namespace wick::tensor
