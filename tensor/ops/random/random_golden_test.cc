// Replays every case of testdata/random_golden.inc (PyTorch 1.13's outputs, written by
// make_golden.py) through wick's registry and compares bit patterns: the element count,
// the hash of all of them and the first 48 exactly.
#include <functional>
#include <limits>
#include <map>
#include <string>

#include "gtest/gtest.h"
#include "tensor/ops/random/generator.h"
#include "tensor/ops/random/random_test_util.h"
#include "tensor/ops/random/samplers.h"

namespace wick::tensor::testing {
namespace {

struct GoldenCase {
  const char* name;
  int64_t numel;
  uint64_t hash;
  std::vector<uint64_t> first;
};

const GoldenCase kGolden[] = {
#include "tensor/ops/random/testdata/random_golden.inc"
};

using Bitfn = std::function<std::vector<uint64_t>()>;
constexpr DType kF32 = DType::kFloat32;
constexpr DType kF64 = DType::kFloat64;
constexpr DType kI64 = DType::kInt64;
constexpr DType kI32 = DType::kInt32;

Value Sz(Sizes s) { return Value(std::move(s)); }
Kwargs Dt(DType d) { return {{"dtype", Value(d)}}; }

// In-place op on a fresh tensor or view; returns the tensor's bits.
std::vector<uint64_t> Inplace(const Tensor& t, absl::string_view op, std::vector<Value> rest) {
  std::vector<Value> args{Value(t)};
  args.insert(args.end(), rest.begin(), rest.end());
  Op(op, args);
  return Bits(t);
}

std::vector<uint64_t> Linear(int64_t in, int64_t out) {
  Tensor w = Empty({out, in}), b = Empty({out});
  EXPECT_TRUE(ResetLinearParameters(w, b).ok());
  return Bits({w, b});
}

// name -> (seed, recipe); the recipes mirror make_golden.py line by line.
std::map<std::string, std::pair<int64_t, Bitfn>> Recipes() {
  std::map<std::string, std::pair<int64_t, Bitfn>> m;
  auto add = [&](std::string name, Bitfn fn, int64_t seed = 0) {
    m[name] = {seed, std::move(fn)};
  };
  add("rand_5", [] { return Bits(Op("rand", {Sz({5})})); });
  add("rand_17", [] { return Bits(Op("rand", {Sz({17})})); });
  add("rand_3_f64", [] { return Bits(Op("rand", {Sz({3})}, Dt(kF64))); });
  add("rand_2x3x4", [] { return Bits(Op("rand", {Sz({2, 3, 4})})); });
  add("randn_5", [] { return Bits(Op("randn", {Sz({5})})); });
  add("randn_3x7", [] { return Bits(Op("randn", {Sz({3, 7})})); });
  add("randn_5_f64", [] { return Bits(Op("randn", {Sz({5})}, Dt(kF64))); });
  for (int64_t n : {1, 2, 15, 16, 17, 20, 23, 24, 31, 32, 33, 100, 1000, 4099}) {
    add("randn_" + std::to_string(n), [n] { return Bits(Op("randn", {Sz({n})})); });
    add("randn_" + std::to_string(n) + "_f64",
        [n] { return Bits(Op("randn", {Sz({n})}, Dt(kF64))); });
  }
  add("randn_100000_seed7", [] { return Bits(Op("randn", {Sz({100000})})); }, 7);
  add("randn_0dim", [] { return Bits(Op("randn", {Sz({})})); });
  add("rand_1000_seed3", [] { return Bits(Op("rand", {Sz({1000})})); }, 3);
  add("rand_1001_f64_seed3", [] { return Bits(Op("rand", {Sz({1001})}, Dt(kF64))); }, 3);

  add("uniform_5", [] { return Inplace(Empty({5}), "uniform_", {-2, 3}); });
  add("uniform_7_f64", [] { return Inplace(Empty({7}, kF64), "uniform_", {-2, 3}); });
  add("uniform_1000", [] { return Inplace(Empty({1000}), "uniform_", {-0.3, 0.7}); });
  add("uniform_transposed",
      [] { return Inplace(Transposed(Empty({4, 3})), "uniform_", {-1, 1}); });
  add("uniform_strided",
      [] { return Inplace(ViewOf(Empty({6, 8}), {6, 3}, {8, 3}, 1), "uniform_", {}); });
  add("normal_18", [] { return Inplace(Empty({18}), "normal_", {1.5, 2.0}); });
  add("normal_5", [] { return Inplace(Empty({5}), "normal_", {1.5, 2.0}); });
  add("normal_18_f64", [] { return Inplace(Empty({18}, kF64), "normal_", {1.5, 2.0}); });
  add("normal_strided", [] { return Inplace(ViewOf(Empty({40}), {20}, {2}), "normal_", {}); });
  add("normal_transposed", [] { return Inplace(Transposed(Empty({4, 5})), "normal_", {}); });
  add("normal_permuted_f64", [] {
    return Inplace(ViewOf(Empty({2, 3, 4}, kF64), {4, 2, 3}, {1, 12, 4}), "normal_", {-1, 3});
  });
  add("normal_size1_dims",
      [] { return Inplace(*Tensor::EmptyStrided({16, 1}, {1, 7}, kF32), "normal_", {}); });
  add("randn_like_transposed",
      [] { return Bits(Op("randn_like", {Transposed(Empty({3, 6}))})); });
  add("rand_like_strided_f64",
      [] { return Bits(Op("rand_like", {ViewOf(Empty({4, 6}, kF64), {4, 3}, {6, 2})})); });

  add("cache_randn1_randn16_randn1", [] {
    Tensor a = Op("randn", {Sz({1})}), b = Op("randn", {Sz({16})}), c = Op("randn", {Sz({1})});
    return Bits({a, b, c});
  });
  add("cache_2x3_1_1", [] {
    Tensor a = Op("randn", {Sz({2, 3})}), b = Op("randn", {Sz({1})}), c = Op("randn", {Sz({1})});
    return Bits({a, b, c});
  });
  add("cache_normal5_then_randn1", [] {
    Tensor a = Empty({5});
    Op("normal_", {a, 1.5, 2});
    Tensor b = Op("randn", {Sz({1})});
    return Bits({a, b});
  });
  add("cache_across_dtypes", [] {
    Tensor a = Op("randn", {Sz({1})}, Dt(kF64)), b = Op("randn", {Sz({1})}, Dt(kF64));
    return Bits({a, b});
  });
  add("cache_rand_between", [] {
    Tensor a = Op("randn", {Sz({1})}), b = Op("rand", {Sz({3})}), c = Op("randn", {Sz({1})});
    return Bits({a, b, c});
  });
  add("seed_minus1", [] { return Bits(Op("randn", {Sz({3})})); }, -1);
  add("seed_2p32_plus7", [] { return Bits(Op("randn", {Sz({3})})); }, (int64_t{1} << 32) + 7);
  add("seed_123456789123", [] { return Bits(Op("randn", {Sz({3})})); }, 123456789123);

  const int64_t kMin = std::numeric_limits<int64_t>::min();
  const int64_t kMax = std::numeric_limits<int64_t>::max();
  add("randint_0_10_6", [] { return Bits(Op("randint", {0, 10, Sz({6})})); });
  add("randint_m5_1e6_4", [] { return Bits(Op("randint", {-5, 1000000, Sz({4})})); });
  add("randint_0_2p40_3", [] { return Bits(Op("randint", {0, int64_t{1} << 40, Sz({3})})); });
  add("randint_0_2p32_3", [] { return Bits(Op("randint", {0, int64_t{1} << 32, Sz({3})})); });
  add("randint_0_2p32m1_3",
      [] { return Bits(Op("randint", {0, (int64_t{1} << 32) - 1, Sz({3})})); });
  add("randint_high_only", [] { return Bits(Op("randint", {10, Sz({2, 3})})); });
  add("randint_int32", [] { return Bits(Op("randint", {-100, 100, Sz({7})}, Dt(kI32))); });
  add("randint_float32",
      [] { return Bits(Op("randint", {0, 10, Sz({5})}, Dt(DType::kFloat32))); });
  add("randint_float32_2p25", [] {
    return Bits(Op("randint", {0, int64_t{1} << 25, Sz({5})}, Dt(DType::kFloat32)));
  });
  add("randint_float64_2p60",
      [] { return Bits(Op("randint", {0, int64_t{1} << 60, Sz({3})}, Dt(kF64))); });
  add("randint_bool", [] { return Bits(Op("randint", {0, 2, Sz({9})}, Dt(DType::kBool))); });
  add("randint_full_int64", [=] { return Bits(Op("randint", {kMin, kMax, Sz({3})})); });
  add("randint_like_float", [] { return Bits(Op("randint_like", {Empty({2, 3}), 3, 9})); });
  add("randint_like_transposed",
      [] { return Bits(Op("randint_like", {Transposed(Empty({3, 4}, kI64)), 100})); });
  add("random_bool", [] { return Inplace(Empty({6}, DType::kBool), "random_", {}); });
  add("random_int32", [] { return Inplace(Empty({3}, kI32), "random_", {}); });
  add("random_int64", [] { return Inplace(Empty({3}, kI64), "random_", {}); });
  add("random_float32", [] { return Inplace(Empty({3}), "random_", {}); });
  add("random_float64", [] { return Inplace(Empty({3}, kF64), "random_", {}); });
  add("random_to", [] { return Inplace(Empty({4}, kI32), "random_", {7}); });
  add("random_from_none", [] { return Inplace(Empty({3}, kI64), "random_", {5, Value()}); });
  add("random_from_none_int32",
      [] { return Inplace(Empty({3}, kI32), "random_", {-5, Value()}); });
  add("random_from_none_float", [] { return Inplace(Empty({3}), "random_", {100, Value()}); });
  add("random_full_range", [=] { return Inplace(Empty({3}, kI64), "random_", {kMin, Value()}); });
  add("random_float_big", [] {
    return Inplace(Empty({3}), "random_", {int64_t{1} << 60, int64_t{1} << 61});
  });
  add("randperm_10", [] { return Bits(Op("randperm", {10})); });
  add("randperm_100", [] { return Bits(Op("randperm", {100})); });
  add("randperm_1", [] { return Bits(Op("randperm", {1})); });
  add("randperm_5_int32", [] { return Bits(Op("randperm", {5}, Dt(kI32))); });
  add("randperm_6_float32", [] { return Bits(Op("randperm", {6}, Dt(DType::kFloat32))); });

  add("bernoulli_p03", [] { return Inplace(Empty({7}), "bernoulli_", {0.3}); });
  add("bernoulli_p03_int64", [] { return Inplace(Empty({7}, kI64), "bernoulli_", {0.3}); });
  add("bernoulli_tensor_f32", [] { return Inplace(Empty({30}), "bernoulli_", {P({30})}); });
  add("bernoulli_tensor_f64",
      [] { return Inplace(Empty({30}), "bernoulli_", {P({30}, 0, kF64)}); });
  add("bernoulli_tensor_bcast",
      [] { return Inplace(Empty({3, 4}), "bernoulli_", {P({4}, 2)}); });
  add("bernoulli_functional", [] { return Bits(Op("bernoulli", {Transposed(P({4, 5}))})); });
  add("bernoulli_functional_p",
      [] { return Bits(Op("bernoulli", {Transposed(V({3, 4})), 0.7})); });
  add("dropout_05", [] { return Bits(Op("dropout", {V({4, 5}), 0.5, true})); });
  add("dropout_03", [] { return Bits(Op("dropout", {V({23}), 0.3, true})); });
  add("dropout_03_f64",
      [] { return Bits(Op("dropout", {V({23}, 0, kF64), 0.3, true})); });
  add("dropout_transposed",
      [] { return Bits(Op("dropout", {Transposed(V({3, 5})), 0.25, true})); });
  add("dropout_p1", [] { return Bits(Op("dropout", {V({4}), 1.0, true})); });
  add("dropout_then_rand", [] {
    Tensor a = Op("dropout", {V({7}), 0.5, true}), b = Op("rand", {Sz({2})});
    return Bits({a, b});
  });
  add("exponential_15", [] { return Inplace(Empty({5}), "exponential_", {1.5}); });
  add("log_normal", [] { return Inplace(Empty({5}), "log_normal_", {0.5, 0.75}); });
  add("cauchy", [] { return Inplace(Empty({5}), "cauchy_", {1.0, 2.5}); });
  add("geometric", [] { return Inplace(Empty({5}), "geometric_", {0.3}); });
  add("geometric_int64", [] { return Inplace(Empty({5}, kI64), "geometric_", {0.3}); });

  add("normal_tensor_float", [] { return Bits(Op("normal", {V({20}), 2.0})); });
  add("normal_float_tensor",
      [] { return Bits(Op("normal", {0.5, V({5}, 0, DType::kFloat32, true)})); });
  add("normal_tensor_tensor_bcast", [] {
    return Bits(Op("normal", {V({2, 1}), V({3}, 1, DType::kFloat32, true)}));
  });
  add("normal_tensor_tensor_mixed",
      [] { return Bits(Op("normal", {V({17}), V({17}, 1, kF64, true)})); });
  add("normal_float_float", [] { return Bits(Op("normal", {0.5, 2.0, Sz({3, 6})})); });
  add("linear_4_3", [] { return Linear(4, 3); });
  add("linear_300_70", [] { return Linear(300, 70); });
  return m;
}

TEST(RandomGolden, EveryCaseMatchesPyTorchBitForBit) {
  const auto recipes = Recipes();
  ASSERT_EQ(recipes.size(), std::size(kGolden)) << "a golden case lacks a recipe or vice versa";
  for (const GoldenCase& g : kGolden) {
    SCOPED_TRACE(g.name);
    auto it = recipes.find(g.name);
    if (it == recipes.end()) {
      ADD_FAILURE() << "no recipe";
      continue;
    }
    ManualSeed(static_cast<uint64_t>(it->second.first));
    const std::vector<uint64_t> got = it->second.second();
    EXPECT_EQ(static_cast<int64_t>(got.size()), g.numel);
    const std::vector<uint64_t> head(got.begin(),
                                     got.begin() + std::min(got.size(), g.first.size()));
    EXPECT_EQ(head, g.first);
    EXPECT_EQ(Fnv(got), g.hash);
  }
}

}  // namespace
}  // namespace wick::tensor::testing
