// Creation ops against PyTorch 1.13: dtypes, values (bit-exact for arange/linspace),
// layouts of the *_like family, requires_grad and error messages.
#include "tensor/ops/creation/creation.h"

#include <cmath>

#include "gtest/gtest.h"
#include "tensor/ops/creation/test_util.h"

namespace wick::tensor {
namespace {

using test_util::Ar;
using test_util::Call;
using test_util::CallMeta;
using test_util::Op;
using test_util::S;
using test_util::Values;
using test_util::Vec;

using Ints = std::vector<int64_t>;
using Doubles = std::vector<double>;

TEST(Factories, ZerosOnesFullEmpty) {
  Tensor z = Op("zeros", {Ints{2, 3}});
  EXPECT_EQ(z.dtype(), DType::kFloat32);
  EXPECT_GEOMETRY(z, Ints({2, 3}), Ints({3, 1}), 0);
  EXPECT_EQ(Values(z), Doubles(6, 0.0));
  Tensor o = Op("ones", {Ints{2}}, {{"dtype", DType::kInt32}});
  EXPECT_EQ(o.dtype(), DType::kInt32);
  EXPECT_EQ(Values(o), Doubles({1, 1}));
  Tensor e = Op("empty", {Ints{2, 0}});
  EXPECT_EQ(e.numel(), 0);
  EXPECT_GEOMETRY(e, Ints({2, 0}), Ints({1, 1}), 0);
  // full infers int64 / bool / default float from the fill value.
  EXPECT_EQ(Op("full", {Ints{2}, 3}).dtype(), DType::kInt64);
  EXPECT_EQ(Op("full", {Ints{2}, true}).dtype(), DType::kBool);
  EXPECT_EQ(Op("full", {Ints{2}, 3.5}).dtype(), DType::kFloat32);
  Tensor f = Op("full", {Ints{2}, 3.5}, {{"dtype", DType::kInt32}});
  EXPECT_EQ(Values(f), Doubles({3, 3}));
  EXPECT_EQ(Values(Op("full", {Ints{2}, 7}, {{"dtype", DType::kBool}})), Doubles({1, 1}));
  Tensor s = Op("zeros", {Ints{}});
  EXPECT_EQ(s.dim(), 0);
  EXPECT_EQ(s.numel(), 1);
}

TEST(Factories, Errors) {
  EXPECT_PY_ERROR(Call("zeros", {Ints{-1}}), "RuntimeError",
                  "Trying to create tensor with negative dimension -1: [-1]");
  EXPECT_PY_ERROR(Call("zeros", {Ints{2, 3}}, {{"dtype", DType::kInt64}, {"requires_grad", true}}),
                  "RuntimeError",
                  "Only Tensors of floating point and complex dtype can require gradients");
  EXPECT_PY_ERROR(Call("full", {Ints{2}, int64_t{1} << 40}, {{"dtype", DType::kInt32}}),
                  "RuntimeError", "value cannot be converted to type int without overflow");
  EXPECT_PY_ERROR(Call("full", {Ints{2}, 1e300}), "RuntimeError",
                  "value cannot be converted to type float without overflow");
  EXPECT_TRUE(Call("full", {Ints{2}, INFINITY}).ok());  // inf fits float
  EXPECT_PY_ERROR(Call("zeros", {Ints{2}}, {{"device", "cuda"}}), "RuntimeError",
                  "wick runs on the CPU only; device 'cuda' is not supported");
  EXPECT_TRUE(Call("zeros", {Ints{2}}, {{"device", "cpu"}}).ok());
}

TEST(Factories, RequiresGradIsRecorded) {
  Tensor t = Op("ones", {Ints{2}}, {{"requires_grad", true}});
  EXPECT_TRUE(t.requires_grad());
  EXPECT_FALSE(Op("ones", {Ints{2}}).requires_grad());
}

TEST(Factories, MetaGivesShapesOnly) {
  absl::StatusOr<Value> m = CallMeta("full", {Ints{4, 5}, 2.5}, {{"dtype", DType::kFloat64}});
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_TRUE(m->to_tensor().is_meta());
  EXPECT_EQ(m->to_tensor().dtype(), DType::kFloat64);
  EXPECT_GEOMETRY(m->to_tensor(), Ints({4, 5}), Ints({5, 1}), 0);
  absl::StatusOr<Value> a = CallMeta("arange", {1, 2.5, 0.5});
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(S({3}), Shape(a->to_tensor().sizes().begin(), a->to_tensor().sizes().end()));
}

TEST(Arange, DtypesAndLengths) {
  Tensor a = Op("arange", {5});
  EXPECT_EQ(a.dtype(), DType::kInt64);
  EXPECT_EQ(Values(a), Doubles({0, 1, 2, 3, 4}));
  EXPECT_EQ(Values(Op("arange", {true})), Doubles({0}));
  Tensor f = Op("arange", {1, 2.5, 0.5});
  EXPECT_EQ(f.dtype(), DType::kFloat32);
  EXPECT_EQ(Values(f), Doubles({1, 1.5, 2}));
  EXPECT_EQ(Values(Op("arange", {10, 0, -3})), Doubles({10, 7, 4, 1}));
  EXPECT_EQ(Op("arange", {5, 5}).numel(), 0);
  // int64 takes its length from the converted bounds, int32 from the raw numbers.
  EXPECT_EQ(Op("arange", {0.5, 5.7}, {{"dtype", DType::kInt64}}).numel(), 5);
  EXPECT_EQ(Values(Op("arange", {0.5, 5.7}, {{"dtype", DType::kInt32}})),
            Doubles({0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(Values(Op("arange", {0, 5, 1.5}, {{"dtype", DType::kInt64}})),
            Doubles({0, 1, 2, 3, 4}));
  Tensor d = Op("arange", {-3, 3.2, 0.7}, {{"dtype", DType::kFloat64}});
  EXPECT_EQ(d.numel(), 9);
  EXPECT_EQ(d.ElementAt(3).to_double(), -0.9000000000000001);
  EXPECT_EQ(d.ElementAt(4).to_double(), -0.20000000000000018);
  EXPECT_EQ(d.ElementAt(8).to_double(), 2.5999999999999996);
  Tensor tenth = Op("arange", {0, 1, 0.1});
  EXPECT_EQ(tenth.numel(), 10);
  EXPECT_EQ(tenth.ElementAt(3).to_double(), 0.30000001192092896);
  EXPECT_EQ(tenth.ElementAt(9).to_double(), 0.8999999761581421);
}

// Element values PyTorch 1.13 (AVX2) printed for long ranges, where its blocked vector
// kernel rounds differently from a naive start + i * step.
TEST(Arange, BitExactWithPyTorchKernel) {
  Tensor f = Op("arange", {0.3, 100, 0.37});
  ASSERT_EQ(f.numel(), 270);
  EXPECT_EQ(f.ElementAt(15).to_double(), 5.849999904632568);
  EXPECT_EQ(f.ElementAt(16).to_double(), 6.21999979019165);
  EXPECT_EQ(f.ElementAt(17).to_double(), 6.589999675750732);
  EXPECT_EQ(f.ElementAt(100).to_double(), 37.29999923706055);
  EXPECT_EQ(f.ElementAt(255).to_double(), 94.64999389648438);
  EXPECT_EQ(f.ElementAt(269).to_double(), 99.83000183105469);
  Tensor d = Op("arange", {0.3, 100, 0.37}, {{"dtype", DType::kFloat64}});
  EXPECT_EQ(d.ElementAt(15).to_double(), 5.8500000000000005);
  EXPECT_EQ(d.ElementAt(255).to_double(), 94.64999999999999);
  EXPECT_EQ(d.ElementAt(256).to_double(), 95.02);
  Tensor e = Op("arange", {-5, 5, 0.013}, {{"dtype", DType::kFloat64}});
  ASSERT_EQ(e.numel(), 770);
  EXPECT_EQ(e.ElementAt(7).to_double(), -4.909000000000001);
  EXPECT_EQ(e.ElementAt(500).to_double(), 1.4999999999999998);
  EXPECT_EQ(e.ElementAt(767).to_double(), 4.970999999999999);
}

TEST(Arange, Errors) {
  EXPECT_PY_ERROR(Call("arange", {0, 10, 0}), "RuntimeError", "step must be nonzero");
  EXPECT_PY_ERROR(Call("arange", {0, 5, 0.5}, {{"dtype", DType::kInt64}}), "RuntimeError",
                  "step must be nonzero");
  EXPECT_PY_ERROR(Call("arange", {0, 10, -1}), "RuntimeError",
                  "upper bound and larger bound inconsistent with step sign");
  EXPECT_PY_ERROR(Call("arange", {-5}), "RuntimeError",
                  "upper bound and larger bound inconsistent with step sign");
  EXPECT_PY_ERROR(Call("arange", {0, INFINITY}), "RuntimeError", "unsupported range: 0 -> inf");
  EXPECT_PY_ERROR(Call("arange", {0, NAN}), "RuntimeError", "unsupported range: 0 -> nan");
  EXPECT_PY_ERROR(Call("arange", {5}, {{"dtype", DType::kBool}}), "RuntimeError",
                  "\"arange_cpu\" not implemented for 'Bool'");
  EXPECT_PY_ERROR(Call("arange", {0, 1e30}, {{"dtype", DType::kInt64}}), "RuntimeError",
                  "value cannot be converted to type int64_t without overflow");
}

TEST(Linspace, ValuesMatchPyTorch) {
  EXPECT_EQ(Values(Op("linspace", {0, 10, 5})), Doubles({0, 2.5, 5, 7.5, 10}));
  Tensor s = Op("linspace", {0, 1, 7});
  EXPECT_EQ(s.dtype(), DType::kFloat32);
  EXPECT_EQ(s.ElementAt(1).to_double(), 0.1666666716337204);
  EXPECT_EQ(s.ElementAt(4).to_double(), 0.6666666269302368);
  EXPECT_EQ(Values(Op("linspace", {0, 10, 5}, {{"dtype", DType::kInt64}})),
            Doubles({0, 2, 5, 7, 10}));
  EXPECT_EQ(Values(Op("linspace", {3, -2, 4}, {{"dtype", DType::kInt32}})), Doubles({3, 1, 0, -2}));
  EXPECT_EQ(Values(Op("linspace", {0, 10, 1})), Doubles({0}));
  EXPECT_EQ(Op("linspace", {0, 10, 0}).numel(), 0);
  Tensor d = Op("linspace", {-1.3, 7.1, 6}, {{"dtype", DType::kFloat64}});
  EXPECT_EQ(d.ElementAt(1).to_double(), 0.3800000000000001);
  EXPECT_EQ(d.ElementAt(3).to_double(), 3.7399999999999993);
  // Long runs go through the blocked kernel.
  Tensor l = Op("linspace", {-1000, 7.7, 257});
  EXPECT_EQ(l.ElementAt(1).to_double(), -996.0636596679688);
  EXPECT_EQ(l.ElementAt(17).to_double(), -933.0823974609375);
  EXPECT_EQ(l.ElementAt(128).to_double(), -496.1499938964844);
  EXPECT_EQ(l.ElementAt(129).to_double(), -492.2136535644531);
  EXPECT_EQ(l.ElementAt(255).to_double(), 3.763669967651367);
  EXPECT_EQ(l.ElementAt(256).to_double(), 7.699999809265137);
  Tensor l64 = Op("linspace", {-1000, 7.7, 257}, {{"dtype", DType::kFloat64}});
  EXPECT_EQ(l64.ElementAt(17).to_double(), -933.0824218749999);
  EXPECT_EQ(l64.ElementAt(129).to_double(), -492.21367187500005);
  EXPECT_EQ(l64.ElementAt(255).to_double(), 3.763671875);
  EXPECT_EQ(Values(Op("linspace", {3, -50, 37}, {{"dtype", DType::kInt64}})),
            Doubles({3,   1,   0,   -1,  -2,  -3,  -4,  -6,  -8,  -9,  -10, -12, -14,
                     -15, -16, -18, -20, -21, -22, -24, -26, -27, -28, -30, -32, -33,
                     -34, -36, -38, -39, -40, -42, -44, -45, -47, -48, -50}));
  Tensor i32 = Op("linspace", {1, 1000, 33}, {{"dtype", DType::kInt32}});
  EXPECT_EQ(i32.ElementAt(5).to_double(), 157);
  EXPECT_EQ(i32.ElementAt(13).to_double(), 406);
  EXPECT_EQ(i32.ElementAt(31).to_double(), 968);
}

TEST(Linspace, Errors) {
  EXPECT_PY_ERROR(Call("linspace", {0, 10, -1}), "RuntimeError",
                  "number of steps must be non-negative");
  EXPECT_PY_ERROR(Call("linspace", {0, 1, 5}, {{"dtype", DType::kBool}}), "RuntimeError",
                  "\"linspace_cpu\" not implemented for 'Bool'");
  EXPECT_PY_ERROR(Call("linspace", {0, 3e10, 3}, {{"dtype", DType::kInt32}}), "RuntimeError",
                  "value cannot be converted to type int without overflow");
}

TEST(Eye, SquareRectangularAndErrors) {
  EXPECT_EQ(Values(Op("eye", {3})), Doubles({1, 0, 0, 0, 1, 0, 0, 0, 1}));
  Tensor r = Op("eye", {2, 3}, {{"dtype", DType::kInt64}});
  EXPECT_EQ(r.dtype(), DType::kInt64);
  EXPECT_EQ(Values(r), Doubles({1, 0, 0, 0, 1, 0}));
  EXPECT_EQ(Values(Op("eye", {3, 2})), Doubles({1, 0, 0, 1, 0, 0}));
  EXPECT_GEOMETRY(Op("eye", {0}), Ints({0, 0}), Ints({1, 1}), 0);
  EXPECT_PY_ERROR(Call("eye", {-1}), "RuntimeError", "n must be greater or equal to 0, got -1");
  EXPECT_PY_ERROR(Call("eye", {2, -1}), "RuntimeError", "m must be greater or equal to 0, got -1");
}

TEST(ScalarTensor, AlwaysDefaultFloatUnlessGiven) {
  Tensor t = Op("scalar_tensor", {3});
  EXPECT_EQ(t.dtype(), DType::kFloat32);
  EXPECT_EQ(t.dim(), 0);
  EXPECT_EQ(Values(t), Doubles({3}));
  EXPECT_EQ(Values(Op("scalar_tensor", {true})), Doubles({1}));
  EXPECT_EQ(Op("scalar_tensor", {3}, {{"dtype", DType::kInt64}}).dtype(), DType::kInt64);
}

TEST(LikeFactories, KeepLayoutAndDtype) {
  // Dense inputs keep their strides; non-dense ones get dense strides in the same order.
  Tensor t = Op("t", {Ar({3, 2})});
  Tensor z = Op("zeros_like", {t});
  EXPECT_GEOMETRY(z, Ints({2, 3}), Ints({1, 2}), 0);
  EXPECT_EQ(Values(z), Doubles(6, 0.0));
  Tensor sliced = Op("slice", {Ar({3, 4}), 1, Value(), Value(), 2});
  EXPECT_GEOMETRY(Op("ones_like", {sliced}), Ints({3, 2}), Ints({2, 1}), 0);
  Tensor p = Op("permute", {Ar({2, 3, 4}), Ints{2, 0, 1}});
  Tensor ps = Op("slice", {p, 0, Value(), Value(), 2});
  EXPECT_GEOMETRY(Op("empty_like", {ps}), Ints({2, 2, 3}), Ints({1, 6, 2}), 0);
  Tensor fl = Op("full_like", {Ar({2, 3}, DType::kInt64), 2.7});
  EXPECT_EQ(fl.dtype(), DType::kInt64);
  EXPECT_EQ(Values(fl), Doubles(6, 2));
  Tensor o = Op("ones_like", {t}, {{"dtype", DType::kInt64}});
  EXPECT_EQ(o.dtype(), DType::kInt64);
  EXPECT_GEOMETRY(o, Ints({2, 3}), Ints({1, 2}), 0);
  EXPECT_GEOMETRY(Op("zeros_like", {t}, {{"memory_format", "contiguous_format"}}), Ints({2, 3}),
                  Ints({3, 1}), 0);
}

TEST(NewFactories, UseSelfDtype) {
  Tensor base = Ar({2}, DType::kInt32);
  Tensor z = Op("new_zeros", {base, Ints{2, 2}});
  EXPECT_EQ(z.dtype(), DType::kInt32);
  EXPECT_GEOMETRY(z, Ints({2, 2}), Ints({2, 1}), 0);
  Tensor f = Op("new_full", {base, Ints{3}, 7}, {{"dtype", DType::kFloat64}});
  EXPECT_EQ(f.dtype(), DType::kFloat64);
  EXPECT_EQ(Values(f), Doubles({7, 7, 7}));
  EXPECT_EQ(Values(Op("new_ones", {base, Ints{2}})), Doubles({1, 1}));
}

TEST(TensorFromScalars, InfersDtypeLikeTorchTensor) {
  EXPECT_EQ(InferDTypeFromScalars({}), DType::kFloat32);
  EXPECT_EQ(InferDTypeFromScalars({Scalar(true), Scalar(int64_t{2})}), DType::kInt64);
  EXPECT_EQ(InferDTypeFromScalars({Scalar(true), Scalar(false)}), DType::kBool);
  EXPECT_EQ(InferDTypeFromScalars({Scalar(int64_t{1}), Scalar(4.5)}), DType::kFloat32);
  const Scalar data[] = {Scalar(int64_t{1}), Scalar(int64_t{2}), Scalar(int64_t{3}), Scalar(4.5)};
  absl::StatusOr<Tensor> t = TensorFromScalars(data, Ints{2, 2}, std::nullopt);
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_EQ(t->dtype(), DType::kFloat32);
  EXPECT_GEOMETRY(*t, Ints({2, 2}), Ints({2, 1}), 0);
  EXPECT_EQ(Values(*t), Doubles({1, 2, 3, 4.5}));
  absl::StatusOr<Tensor> b = TensorFromScalars(data, Ints{4}, DType::kBool);
  EXPECT_EQ(Values(*b), Doubles({1, 1, 1, 1}));
  const Scalar trunc[] = {Scalar(2.5)};
  EXPECT_EQ(Values(*TensorFromScalars(trunc, Ints{}, DType::kInt64)), Doubles({2}));
  EXPECT_EQ(TensorFromScalars({}, Ints{0}, std::nullopt)->dtype(), DType::kFloat32);
  const Scalar big[] = {Scalar(int64_t{1} << 40)};
  EXPECT_PY_ERROR(TensorFromScalars(big, Ints{1}, DType::kInt32), "RuntimeError",
                  "value cannot be converted to type int32 without overflow");
  const Scalar huge[] = {Scalar(1e300)};
  EXPECT_TRUE(std::isinf(TensorFromScalars(huge, Ints{1}, std::nullopt)->ElementAt(0).to_double()));
  EXPECT_PY_ERROR(TensorFromScalars(huge, Ints{1}, DType::kInt64), "RuntimeError",
                  "value cannot be converted to type int64 without overflow");
  const Scalar one[] = {Scalar(int64_t{1})};
  EXPECT_PY_ERROR(TensorFromScalars(one, Ints{1}, DType::kInt64, /*requires_grad=*/true),
                  "RuntimeError",
                  "Only Tensors of floating point and complex dtype can require gradients");
  EXPECT_TRUE(TensorFromScalars(huge, Ints{1}, std::nullopt, true)->requires_grad());
}

}  // namespace
}  // namespace wick::tensor
