// The random ops beyond their values (those are random_golden_test.cc): draw counts,
// the normal cache, dtypes, layouts, meta functions, seeding ops, errors with PyTorch's
// messages and exception types, and in-place semantics.
#include <algorithm>
#include <limits>

#include "base/python_error.h"
#include "gtest/gtest.h"
#include "tensor/ops/random/generator.h"
#include "tensor/ops/random/internal/iteration_order.h"
#include "tensor/ops/random/random_test_util.h"
#include "tensor/ops/random/samplers.h"

namespace wick::tensor::testing {
namespace {

constexpr DType kF32 = DType::kFloat32;
constexpr DType kF64 = DType::kFloat64;
constexpr DType kI64 = DType::kInt64;
constexpr DType kI32 = DType::kInt32;

Value Sz(Sizes s) { return Value(std::move(s)); }
Kwargs Dt(DType d) { return {{"dtype", Value(d)}}; }
Sizes Vec(IntSpan s) { return Sizes(s.begin(), s.end()); }

// How many 32-bit draws `fn` consumed from the default generator seeded with `seed`:
// the number of Random() calls that bring a fresh generator to the same twister state.
int64_t DrawsOf(const std::function<void()>& fn, uint64_t seed = 0) {
  ManualSeed(seed);
  fn();
  std::vector<uint8_t> want = DefaultGenerator().GetState();
  Generator probe(seed);
  for (int64_t k = 0; k < 100000; ++k) {
    std::vector<uint8_t> got = probe.GetState();
    // Compare everything up to the normal caches (offset 5016).
    if (std::equal(got.begin(), got.begin() + 5016, want.begin())) return k;
    probe.Random();
  }
  return -1;
}

TEST(RandomOps, DrawCountsMatchTheReference) {
  EXPECT_EQ(DrawsOf([] { Op("rand", {Sz({10})}); }), 10);
  EXPECT_EQ(DrawsOf([] { Op("rand", {Sz({10})}, Dt(kF64)); }), 20);
  EXPECT_EQ(DrawsOf([] { Op("randn", {Sz({3})}); }), 8);
  EXPECT_EQ(DrawsOf([] { Op("randn", {Sz({15})}); }), 32);
  EXPECT_EQ(DrawsOf([] { Op("randn", {Sz({16})}); }), 16);
  EXPECT_EQ(DrawsOf([] { Op("randn", {Sz({17})}); }), 33);
  EXPECT_EQ(DrawsOf([] { Op("randn", {Sz({32})}); }), 32);
  EXPECT_EQ(DrawsOf([] { Op("randn", {Sz({20})}, Dt(kF64)); }), 72);
  EXPECT_EQ(DrawsOf([] { Op("randint", {0, 10, Sz({5})}); }), 5);
  EXPECT_EQ(DrawsOf([] { Op("randint", {0, int64_t{1} << 33, Sz({5})}); }), 10);
  // int32 cannot hold the bound: the call fails before drawing.
  EXPECT_EQ(DrawsOf([] {
              EXPECT_FALSE(OpError("randint", {0, int64_t{1} << 33, Sz({5})}, Dt(kI32)).ok());
            }),
            0);
  EXPECT_EQ(DrawsOf([] { Op("randperm", {10}); }), 9);
  EXPECT_EQ(DrawsOf([] { Op("randperm", {0}); }), 0);
  EXPECT_EQ(DrawsOf([] {
              Tensor w = Empty({3, 4}), b = Empty({3});
              EXPECT_TRUE(ResetLinearParameters(w, b).ok());
            }),
            15);
  EXPECT_EQ(DrawsOf([] { Op("bernoulli_", {Empty({7}), 0.5}); }), 14);
  EXPECT_EQ(DrawsOf([] { Op("dropout", {V({7}), 0.5, true}); }), 14);
  EXPECT_EQ(DrawsOf([] { Op("dropout", {V({7}), 0.5, false}); }), 0);
  EXPECT_EQ(DrawsOf([] { Op("dropout", {V({7}), 1.0, true}); }), 0);
  EXPECT_EQ(DrawsOf([] { Op("bernoulli_", {Empty({7}), P({7})}); }), 7);
}

TEST(RandomOps, ScalarPathLeavesTheSecondValueCached) {
  ManualSeed(0);
  Op("randn", {Sz({3})});
  ASSERT_TRUE(DefaultGenerator().next_double_normal().has_value());
  Op("randn", {Sz({16})});  // The fill path neither uses nor clears it.
  EXPECT_TRUE(DefaultGenerator().next_double_normal().has_value());
  Op("rand", {Sz({4})});
  EXPECT_TRUE(DefaultGenerator().next_double_normal().has_value());
  Op("randn", {Sz({1})});
  EXPECT_FALSE(DefaultGenerator().next_double_normal().has_value());
  Op("randn", {Sz({1})});
  Op("manual_seed", {0});
  EXPECT_FALSE(DefaultGenerator().next_double_normal().has_value());
}

TEST(RandomOps, SeedingOps) {
  EXPECT_TRUE(CallOp("manual_seed", {123}).is_none());
  EXPECT_EQ(CallOp("initial_seed", {}).to_int(), 123);
  const float a = Op("rand", {Sz({})}).data<float>()[0];
  CallOp("manual_seed", {123});
  EXPECT_EQ(Op("rand", {Sz({})}).data<float>()[0], a);
  const int64_t s = CallOp("seed", {}).to_int();
  EXPECT_EQ(CallOp("initial_seed", {}).to_int(), s);
  // A negative seed is taken as its two's complement (initial_seed shows the int64 bits).
  CallOp("manual_seed", {-1});
  EXPECT_EQ(DefaultGenerator().initial_seed(), std::numeric_limits<uint64_t>::max());
  EXPECT_EQ(OpError("manual_seed", {1.5}).message(),
            "manual_seed(): argument 'seed' (position 1) must be int, not float");
}

TEST(RandomOps, FactoryDtypesShapesAndFlags) {
  ManualSeed(0);
  Tensor r = Op("rand", {Sz({2, 3})});
  EXPECT_EQ(r.dtype(), kF32);
  EXPECT_EQ(Vec(r.sizes()), (Sizes{2, 3}));
  EXPECT_EQ(Vec(r.strides()), (Sizes{3, 1}));
  EXPECT_FALSE(r.requires_grad());
  EXPECT_EQ(Op("randn", {Sz({4})}, Dt(kF64)).dtype(), kF64);
  EXPECT_TRUE(Op("randn", {Sz({2})}, {{"requires_grad", true}}).requires_grad());
  EXPECT_EQ(Op("rand", {Sz({0, 3})}).numel(), 0);
  EXPECT_EQ(Op("randn", {Sz({})}).dim(), 0);
  Tensor ri = Op("randint", {10, Sz({3})});
  EXPECT_EQ(ri.dtype(), kI64);
  for (int64_t i = 0; i < 3; ++i) {
    EXPECT_GE(ri.data<int64_t>()[i], 0);
    EXPECT_LT(ri.data<int64_t>()[i], 10);
  }
  EXPECT_EQ(Op("randint", {-3, 3, Sz({2})}, Dt(kI32)).dtype(), kI32);
  EXPECT_EQ(Op("randperm", {4}).dtype(), kI64);
  EXPECT_EQ(Op("randint_like", {Empty({2}, kF64), 5}).dtype(), kF64);
  EXPECT_EQ(Op("rand_like", {Empty({2}, kF64)}, Dt(kF32)).dtype(), kF32);
}

TEST(RandomOps, RandintCoversItsRangeAndRespectsBounds) {
  ManualSeed(1);
  Tensor t = Op("randint", {-2, 3, Sz({2000})});
  int counts[5] = {};
  for (int64_t i = 0; i < t.numel(); ++i) {
    const int64_t v = t.data<int64_t>()[i];
    ASSERT_GE(v, -2);
    ASSERT_LT(v, 3);
    ++counts[v + 2];
  }
  for (int c : counts) EXPECT_GT(c, 300);
  Tensor b = Op("randint", {0, 2, Sz({100})}, Dt(DType::kBool));
  int ones = 0;
  for (int64_t i = 0; i < 100; ++i) ones += b.data<bool>()[i];
  EXPECT_GT(ones, 20);
  EXPECT_LT(ones, 80);
}

TEST(RandomOps, LikeOpsPreserveLayouts) {
  Tensor t = Transposed(Empty({3, 5}));  // (5, 3) with strides (1, 5): dense, permuted
  for (const char* op : {"rand_like", "randn_like"}) {
    Tensor r = Op(op, {t});
    EXPECT_EQ(Vec(r.strides()), (Sizes{1, 5})) << op;
  }
  EXPECT_EQ(Vec(Op("randint_like", {t, 4}).strides()), (Sizes{1, 5}));
  // Not dense: dense strides in the input's stride order.
  Tensor s = ViewOf(Empty({4, 6}), {4, 3}, {6, 2});
  EXPECT_EQ(Vec(Op("rand_like", {s}).strides()), (Sizes{3, 1}));
  Tensor p = ViewOf(Empty({2, 3, 4, 5}), {2, 4, 3, 3}, {60, 5, 2, 20});
  EXPECT_EQ(Vec(Op("rand_like", {p}).strides()), (Sizes{36, 3, 1, 12}));
}

TEST(RandomOps, FunctionalOutputsAreContiguousExceptDropout) {
  Tensor pt = Transposed(P({3, 4}));
  EXPECT_EQ(Vec(Op("bernoulli", {pt}).strides()), (Sizes{3, 1}));
  EXPECT_EQ(Vec(Op("bernoulli", {pt, 0.5}).strides()), (Sizes{3, 1}));
  EXPECT_EQ(Vec(Op("normal", {Transposed(V({3, 4})), 1.0}).strides()), (Sizes{3, 1}));
  // dropout keeps the input's layout order (input * contiguous mask).
  EXPECT_EQ(Vec(Op("dropout", {Transposed(V({3, 5})), 0.5, true}).strides()),
            (Sizes{1, 5}));
  EXPECT_EQ(Vec(Op("dropout", {ViewOf(V({4, 6}), {4, 3}, {6, 2}), 0.5, true}).strides()),
            (Sizes{3, 1}));
  EXPECT_EQ(Vec(Op("dropout", {Transposed(V({3, 5})), 1.0, true}).strides()),
            (Sizes{1, 5}));
}

TEST(RandomOps, InplaceOpsReturnSelfAndBumpTheVersion) {
  for (const char* op : {"normal_", "uniform_", "random_", "bernoulli_", "exponential_",
                         "log_normal_", "cauchy_"}) {
    Tensor t = Empty({4});
    const uint64_t v = t.version();
    Tensor r = Op(op, {t});
    EXPECT_TRUE(r.is_same(t)) << op;
    EXPECT_EQ(t.version(), v + 1) << op;
  }
  Tensor g = Empty({4});
  EXPECT_TRUE(Op("geometric_", {g, 0.5}).is_same(g));
  // Writes through a view reach the base.
  Tensor base = Empty({2, 4});
  for (int i = 0; i < 8; ++i) base.data<float>()[i] = -7;
  Op("uniform_", {ViewOf(base, {2, 2}, {4, 2}, 1), 0, 1});
  const float* b = base.data<float>();
  EXPECT_EQ(b[0], -7);
  EXPECT_GE(b[1], 0);
  EXPECT_EQ(b[2], -7);
  EXPECT_GE(b[3], 0);
}

TEST(RandomOps, DropoutIdentityCases) {
  Tensor x = V({5});
  EXPECT_TRUE(Op("dropout", {x, 0.5, false}).is_same(x));  // eval
  EXPECT_TRUE(Op("dropout", {x, 0.0, true}).is_same(x));   // p == 0
  EXPECT_TRUE(Op("dropout_", {x, 0.5}, {{"train", false}}).is_same(x));
  Tensor e = Empty({0});
  EXPECT_TRUE(Op("dropout", {e, 0.5, true}).is_same(e));
  Tensor ints = Empty({3}, kI64);
  for (int i = 0; i < 3; ++i) ints.data<int64_t>()[i] = 5;
  Tensor z = Op("dropout", {ints, 1.0, true});
  EXPECT_EQ(Bits(z), (std::vector<uint64_t>{0, 0, 0}));
}

TEST(RandomOps, DropoutInplaceWritesTheInput) {
  ManualSeed(0);
  Tensor ref = Op("dropout", {V({9}), 0.4, true});
  ManualSeed(0);
  Tensor x = V({9});
  const uint64_t v = x.version();
  Tensor y = Op("dropout_", {x, 0.4, true});
  EXPECT_TRUE(y.is_same(x));
  EXPECT_EQ(x.version(), v + 1);
  EXPECT_EQ(Bits(x), Bits(ref));
}

TEST(RandomOps, DropoutScalesKeptElementsByOneOverOneMinusP) {
  ManualSeed(3);
  Tensor x = V({64});
  Tensor y = Op("dropout", {x, 0.3, true});
  const float scale = 1.0f / static_cast<float>(1 - 0.3);
  int kept = 0;
  for (int64_t i = 0; i < 64; ++i) {
    const float yi = y.data<float>()[i], xi = x.data<float>()[i];
    if (yi != 0 || xi == 0) {
      EXPECT_EQ(yi, xi * scale);
      ++kept;
    }
  }
  EXPECT_GT(kept, 30);
}

TEST(RandomOps, MetaFunctionsGiveShapesWithoutDrawing) {
  const OpRegistry& r = RandomRegistry();
  ManualSeed(0);
  const std::vector<uint8_t> before = DefaultGenerator().GetState();
  auto meta = [&](absl::string_view name, std::vector<Value> args, Kwargs kw = {}) {
    absl::StatusOr<Value> v = r.CallMeta(name, args, kw);
    EXPECT_TRUE(v.ok()) << name << ": " << v.status();
    return v.ok() && v->is_tensor() ? v->to_tensor() : Tensor();
  };
  Tensor m = meta("randn", {Sz({2, 5})}, Dt(kF64));
  EXPECT_TRUE(m.is_meta());
  EXPECT_EQ(Vec(m.sizes()), (Sizes{2, 5}));
  EXPECT_EQ(m.dtype(), kF64);
  EXPECT_EQ(meta("randint", {3, 9, Sz({4})}).dtype(), kI64);
  EXPECT_EQ(Vec(meta("randperm", {6}).sizes()), (Sizes{6}));
  const Tensor mt = Tensor::MetaStrided({5, 3}, {1, 5}, kF32);
  EXPECT_EQ(Vec(meta("rand_like", {mt}).strides()), (Sizes{1, 5}));
  EXPECT_TRUE(meta("normal_", {mt, 0, 1}).is_same(mt));
  EXPECT_TRUE(meta("dropout", {mt, 0.5, false}).is_same(mt));
  EXPECT_EQ(Vec(meta("dropout", {mt, 0.5, true}).strides()), (Sizes{1, 5}));
  EXPECT_EQ(Vec(meta("normal", {Tensor::Meta({2, 1}, kF32), Tensor::Meta({3}, kF32)}).sizes()),
            (Sizes{2, 3}));
  EXPECT_EQ(Vec(meta("bernoulli", {mt}).strides()), (Sizes{3, 1}));
  EXPECT_EQ(DefaultGenerator().GetState(), before);
  // Meta functions report the kernels' argument errors.
  EXPECT_EQ(r.CallMeta("randn", {Sz({2})}, Dt(kI64)).status().message(),
            "\"normal_kernel_cpu\" not implemented for 'Long'");
  EXPECT_EQ(r.CallMeta("randint", {5, 3, Sz({2})}).status().message(),
            "random_ expects 'from' to be less than 'to', but got from=5 >= to=3");
  EXPECT_EQ(r.CallMeta("uniform_", {mt, 3, 2}).status().message(),
            "uniform_ expects to return a [from, to) range, but found from=3 > to=2");
  EXPECT_EQ(r.CallMeta("dropout", {mt, 1.5, true}).status().message(),
            "dropout probability has to be between 0 and 1, but got 1.5");
  EXPECT_EQ(r.CallMeta("rand", {Sz({-1})}).status().message(),
            "Trying to create tensor with negative dimension -1: [-1]");
}

struct ErrorCase {
  const char* op;
  std::vector<Value> args;
  Kwargs kwargs;
  const char* type;
  const char* message;
};

TEST(RandomOps, ErrorsMatchPyTorch) {
  const Tensor expanded = ViewOf(Empty({3}), {2, 3}, {0, 1});
  const char* kOverlap =
      "unsupported operation: more than one element of the written-to tensor refers to a "
      "single memory location. Please clone() the tensor before performing the operation.";
  const ErrorCase cases[] = {
      {"randn", {Sz({3})}, Dt(kI64), "RuntimeError",
       "\"normal_kernel_cpu\" not implemented for 'Long'"},
      {"rand", {Sz({3})}, Dt(kI64), "RuntimeError",
       "\"check_uniform_bounds\" not implemented for 'Long'"},
      {"rand", {Sz({3})}, Dt(DType::kBool), "RuntimeError",
       "\"check_uniform_bounds\" not implemented for 'Bool'"},
      {"rand", {Sz({2, -1})}, {}, "RuntimeError",
       "Trying to create tensor with negative dimension -1: [2, -1]"},
      {"rand_like", {Empty({3}, kI64)}, {}, "RuntimeError",
       "\"check_uniform_bounds\" not implemented for 'Long'"},
      {"normal_", {Empty({3}), 0, -1}, {}, "RuntimeError",
       "normal expects std >= 0.0, but found std -1"},
      {"normal_", {Empty({3}), 0, std::nan("")}, {}, "RuntimeError",
       "normal expects std >= 0.0, but found std nan"},
      {"normal_", {Empty({0}, kI64)}, {}, "RuntimeError",
       "\"normal_kernel_cpu\" not implemented for 'Long'"},
      {"uniform_", {Empty({3}), 3, 2}, {}, "RuntimeError",
       "uniform_ expects to return a [from, to) range, but found from=3 > to=2"},
      {"uniform_", {Empty({3}), -1e39, 2}, {}, "RuntimeError", "from is out of bounds for float"},
      {"uniform_", {Empty({3}), 0, std::numeric_limits<double>::infinity()}, {}, "RuntimeError",
       "to is out of bounds for float"},
      {"uniform_", {Empty({3}), -3e38, 3e38}, {}, "RuntimeError",
       "uniform_ expects to-from <= std::numeric_limits<Float>::max(), but found to=3e+38 and "
       "from=-3e+38 which result in to-from to exceed the limit"},
      {"uniform_", {Empty({3}, kF64), -1e308, 1e308}, {}, "RuntimeError",
       "uniform_ expects to-from <= std::numeric_limits<Double>::max(), but found to=1e+308 and "
       "from=-1e+308 which result in to-from to exceed the limit"},
      {"uniform_", {expanded}, {}, "RuntimeError", kOverlap},
      {"normal_", {expanded}, {}, "RuntimeError", kOverlap},
      {"bernoulli_", {expanded, 0.5}, {}, "RuntimeError", kOverlap},
      {"randint", {5, 3, Sz({2})}, {}, "RuntimeError",
       "random_ expects 'from' to be less than 'to', but got from=5 >= to=3"},
      {"randint", {0, int64_t{1} << 40, Sz({2})}, Dt(kI32), "RuntimeError",
       "to - 1 is out of bounds for int"},
      {"randint", {-(int64_t{1} << 40), 2, Sz({2})}, Dt(kI32), "RuntimeError",
       "from is out of bounds for int"},
      {"randint", {0, 3, Sz({3})}, Dt(DType::kBool), "RuntimeError",
       "to - 1 is out of bounds for bool"},
      {"randint", {-1, 1, Sz({3})}, Dt(DType::kBool), "RuntimeError",
       "from is out of bounds for bool"},
      {"randint", {0, 3, Sz({2})}, {{"requires_grad", true}}, "RuntimeError",
       "Only Tensors of floating point and complex dtype can require gradients"},
      {"random_", {Empty({3}), -5}, {}, "RuntimeError",
       "random_ expects 'from' to be less than 'to', but got from=0 >= to=-5"},
      {"random_", {Empty({3}, kI32), std::numeric_limits<int64_t>::min(), Value()}, {},
       "RuntimeError",
       "random_full_64_bits_range_kernel_cpu handles only int64, double, float and bfloat16"},
      {"randperm", {-1}, {}, "RuntimeError",
       "Trying to create tensor with negative dimension -1: [-1]"},
      {"randperm", {3}, Dt(DType::kBool), "RuntimeError",
       "\"randperm\" not implemented for 'Bool'"},
      {"randperm", {(int64_t{1} << 24) + 2}, Dt(kF32), "RuntimeError",
       "n cannot be greater than 2^24+1 for Float type."},
      {"randperm", {3}, {{"requires_grad", true}}, "RuntimeError",
       "Only Tensors of floating point and complex dtype can require gradients"},
      {"bernoulli_", {Empty({3}), 1.5}, {}, "RuntimeError",
       "bernoulli_ expects p to be in [0, 1], but got p=1.5"},
      {"bernoulli_", {Empty({3}), -0.1}, {}, "RuntimeError",
       "bernoulli_ expects p to be in [0, 1], but got p=-0.1"},
      {"bernoulli_", {Empty({2}), P({2}, 0, kI64)}, {}, "RuntimeError",
       "\"bernoulli_tensor_cpu_p_\" not implemented for 'Long'"},
      {"bernoulli_", {Empty({3}), P({2})}, {}, "RuntimeError",
       "The expanded size of the tensor (3) must match the existing size (2) at non-singleton "
       "dimension 0.  Target sizes: [3].  Tensor sizes: [2]"},
      {"bernoulli_", {Empty({3}), P({2, 3})}, {}, "RuntimeError",
       "expand(torch.FloatTensor{[2, 3]}, size=[3]): the number of sizes provided (1) must be "
       "greater or equal to the number of dimensions in the tensor (2)"},
      {"bernoulli", {V({2})}, {}, "RuntimeError",
       "Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error message "
       "be improved?  If so, please report an enhancement request to PyTorch.)"},
      {"bernoulli", {Empty({2}, kI64)}, {}, "RuntimeError",
       "\"bernoulli_tensor_cpu_p_\" not implemented for 'Long'"},
      {"dropout", {V({3}), 1.5, true}, {}, "RuntimeError",
       "dropout probability has to be between 0 and 1, but got 1.5"},
      {"dropout", {V({3}), -1e-20, false}, {}, "RuntimeError",
       "dropout probability has to be between 0 and 1, but got -1e-20"},
      {"dropout", {V({3}), std::nan(""), true}, {}, "RuntimeError",
       "dropout probability has to be between 0 and 1, but got nan"},
      {"dropout_", {V({3}), 2, true}, {}, "RuntimeError",
       "dropout probability has to be between 0 and 1, but got 2"},
      {"dropout", {Empty({3}, kI64), 0.5, true}, {}, "RuntimeError",
       "result type Float can't be cast to the desired output type Long"},
      {"dropout", {Empty({3}, DType::kBool), 0.5, true}, {}, "RuntimeError",
       "result type Float can't be cast to the desired output type Bool"},
      {"exponential_", {Empty({3}), -1}, {}, "RuntimeError",
       "exponential_ expects lambda >= 0.0, but found lambda=-1"},
      {"exponential_", {Empty({3}, kI64)}, {}, "RuntimeError",
       "\"exponential_cpu\" not implemented for 'Long'"},
      {"geometric_", {Empty({3}), 1}, {}, "RuntimeError",
       "geometric_ expects p to be in (0, 1), but got p=1"},
      {"geometric_", {Empty({3}, DType::kBool), 0.5}, {}, "RuntimeError",
       "\"geometric_cpu\" not implemented for 'Bool'"},
      {"log_normal_", {Empty({3}), 0, 0}, {}, "RuntimeError",
       "log_normal_ expects std > 0.0, but found std=0"},
      {"cauchy_", {Empty({3}, kI64)}, {}, "RuntimeError",
       "\"cauchy_cpu\" not implemented for 'Long'"},
      {"normal", {V({2}), -1.0}, {}, "RuntimeError",
       "normal expects std >= 0.0, but found std -1"},
      {"normal", {0.0, V({3})}, {}, "RuntimeError", "normal expects all elements of std >= 0.0"},
      {"normal", {V({2}), V({3}, 0, kF32, true)}, {}, "RuntimeError",
       "The size of tensor a (2) must match the size of tensor b (3) at non-singleton "
       "dimension 0"},
      {"normal", {Empty({2}, kI64), 1.0}, {}, "RuntimeError",
       "\"normal_kernel_cpu\" not implemented for 'Long'"},
      {"normal", {0.0, 1.0, Sz({3})}, Dt(kI64), "RuntimeError",
       "\"normal_kernel_cpu\" not implemented for 'Long'"},
  };
  for (const ErrorCase& c : cases) {
    absl::Status s = OpError(c.op, c.args, c.kwargs);
    EXPECT_EQ(s.message(), c.message) << c.op;
    EXPECT_EQ(PythonErrorType(s), c.type) << c.op << ": " << s.message();
  }
  // normal(float, float) without a size: no overload (PyTorch's argument parser).
  absl::Status s = OpError("normal", {0.0, 1.0});
  EXPECT_EQ(PythonErrorType(s), "TypeError");
  EXPECT_EQ(s.message().substr(0, 79),
            "normal() received an invalid combination of arguments - got (float, float), but");
}

TEST(RandomOps, ArgumentErrorsDrawNothing) {
  ManualSeed(0);
  const std::vector<uint8_t> before = DefaultGenerator().GetState();
  EXPECT_FALSE(OpError("randint", {5, 3, Sz({2})}).ok());
  EXPECT_FALSE(OpError("uniform_", {Empty({3}), 3, 2}).ok());
  EXPECT_FALSE(OpError("bernoulli_", {Empty({3}), 2.0}).ok());
  EXPECT_FALSE(OpError("dropout", {V({3}), 2.0, true}).ok());
  EXPECT_EQ(DefaultGenerator().GetState(), before);
}

// torch.manual_seed(0); p = tensor([.1, .2, .3, .4]); multinomial(p, 1), (p, 4),
// (p, 10, replacement=True) in sequence, as PyTorch 1.13 prints them.
TEST(Multinomial, SamplesMatchPyTorch) {
  Tensor p = Empty({4});
  const float probs[] = {0.1f, 0.2f, 0.3f, 0.4f};
  std::copy(probs, probs + 4, p.data<float>());
  auto values = [](const Tensor& t) {
    return std::vector<int64_t>(t.data<int64_t>(), t.data<int64_t>() + t.numel());
  };
  ManualSeed(0);
  EXPECT_EQ(values(Op("multinomial", {p, 1})), (std::vector<int64_t>{2}));
  EXPECT_EQ(values(Op("multinomial", {p, 4})), (std::vector<int64_t>{2, 3, 1, 0}));
  EXPECT_EQ(values(Op("multinomial", {p, 10, true})),
            (std::vector<int64_t>{2, 1, 2, 1, 2, 3, 2, 2, 2, 1}));
  // The race draws one exponential (two words) per category; the search one double
  // (two words) per sample.
  EXPECT_EQ(DrawsOf([&] { Op("multinomial", {p, 2}); }), 8);
  EXPECT_EQ(DrawsOf([&] { Op("multinomial", {p, 3, true}); }), 6);
  absl::StatusOr<Value> m =
      RandomRegistry().CallMeta("multinomial", {Tensor::Meta({3, 7}, kF64), 5});
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(Vec(m->to_tensor().sizes()), (Sizes{3, 5}));
  EXPECT_EQ(m->to_tensor().dtype(), kI64);
  EXPECT_EQ(OpError("multinomial", {p, 5}).message(),
            "cannot sample n_sample > prob_dist.size(-1) samples without replacement");
  EXPECT_EQ(OpError("multinomial", {Empty({2}, kI64), 1}).message(),
            "multinomial only supports floating-point dtypes for input, got: Long");
  Tensor zeros = Empty({2});
  zeros.data<float>()[0] = zeros.data<float>()[1] = 0;
  EXPECT_EQ(OpError("multinomial", {zeros, 1}).message(),
            "invalid multinomial distribution (sum of probabilities <= 0)");
}

TEST(IterationOrder, FollowsTensorIterator) {
  using tensor::random_internal::ReorderDims;
  const Sizes row_major{12, 4, 1};
  const IntSpan contiguous[] = {IntSpan(row_major)};
  EXPECT_EQ(ReorderDims(Sizes{2, 3, 4}, contiguous), (tensor::random_internal::DimOrder{2, 1, 0}));
  const Sizes permuted{1, 12, 4};
  const IntSpan ops[] = {IntSpan(permuted)};
  EXPECT_EQ(ReorderDims(Sizes{4, 2, 3}, ops), (tensor::random_internal::DimOrder{0, 2, 1}));
  // A broadcast operand defers to the next one.
  const Sizes zero{0, 1}, other{1, 2};
  const IntSpan two[] = {IntSpan(zero), IntSpan(other)};
  EXPECT_EQ(ReorderDims(Sizes{2, 2}, two), (tensor::random_internal::DimOrder{0, 1}));
  std::vector<int64_t> visited;
  tensor::random_internal::ForEachOffset(Sizes{2, 3}, Sizes{1, 2},
                                  [&](int64_t off) { visited.push_back(off); });
  EXPECT_EQ(visited, (std::vector<int64_t>{0, 1, 2, 3, 4, 5}));
  EXPECT_TRUE(tensor::IsNonOverlappingAndDense(Sizes{3, 5}, Sizes{1, 3}));
  EXPECT_FALSE(tensor::IsNonOverlappingAndDense(Sizes{3, 5}, Sizes{1, 4}));
  EXPECT_TRUE(tensor::random_internal::HasInternalOverlap(Sizes{2, 3}, Sizes{0, 1}));
  EXPECT_FALSE(tensor::random_internal::HasInternalOverlap(Sizes{1, 3}, Sizes{0, 1}));
}

}  // namespace
}  // namespace wick::tensor::testing
