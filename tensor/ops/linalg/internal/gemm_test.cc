// GemmInto against a naive loop over every dtype, layout (transposed, strided, broadcast
// batch), alpha/beta/bias and both float32 paths; the reference kernel's in-order
// accumulation; the primitive cache's LRU behaviour.
#include "tensor/ops/linalg/internal/gemm.h"

#include <cmath>
#include <limits>

#include "gtest/gtest.h"
#include "tensor/kernels/dnnl_adapter.h"
#include "tensor/ops/linalg/internal/tensor_util.h"
#include "tensor/ops/linalg/test_util.h"
#include "tensor/shape.h"

namespace wick::tensor::linalg_internal {

using kernels::CachedPrimitive;
using kernels::DnnlCall;
using kernels::DnnlEngine;
using kernels::DnnlExecute;
using kernels::DnnlPd;
using kernels::DnnlPrimitiveCache;
using kernels::PrimitiveKey;
namespace {

using testing::Random;
using testing::Values;
using testing::WithLayout;

// Naive out = alpha * a @ b + beta * out0 + bias over broadcast batch dims, in double.
std::vector<double> Naive(const Tensor& a, const Tensor& b, const std::vector<double>& out0,
                          IntSpan out_sizes, double alpha, double beta, const Tensor* bias) {
  const int64_t r = static_cast<int64_t>(out_sizes.size());
  const int64_t m = out_sizes[r - 2], n = out_sizes[r - 1], k = a.size(r - 1);
  const int64_t batches = Numel(out_sizes) / std::max<int64_t>(m * n, 1);
  std::vector<double> out(Numel(out_sizes));
  Shape bsizes(out_sizes.begin(), out_sizes.end() - 2);
  for (int64_t bi = 0; bi < batches; ++bi) {
    // Batch index -> element offsets in a and b (size-1 dims broadcast).
    int64_t rem = bi, oa = 0, ob = 0;
    for (int64_t d = r - 3; d >= 0; --d) {
      const int64_t idx = rem % bsizes[d];
      rem /= bsizes[d];
      oa += (a.size(d) == 1 ? 0 : idx) * a.stride(d);
      ob += (b.size(d) == 1 ? 0 : idx) * b.stride(d);
    }
    for (int64_t i = 0; i < m; ++i) {
      for (int64_t j = 0; j < n; ++j) {
        double acc = 0;
        for (int64_t kk = 0; kk < k; ++kk) {
          VisitDType(a.dtype(), [&]<typename T>() {
            acc +=
                static_cast<double>(a.data<T>()[oa + i * a.stride(r - 2) + kk * a.stride(r - 1)]) *
                static_cast<double>(b.data<T>()[ob + kk * b.stride(r - 2) + j * b.stride(r - 1)]);
          });
        }
        const int64_t o = (bi * m + i) * n + j;
        double v = alpha * acc + (beta != 0 ? beta * out0[o] : 0.0);
        if (bias != nullptr) v += bias->ElementAt(j).to_double();
        out[o] = v;
      }
    }
  }
  return out;
}

struct Case {
  Shape a, b, out;
  std::vector<int64_t> a_layout, b_layout;  // memory order (empty = contiguous)
};

void RunCase(const Case& c, DType dtype, double alpha, double beta, bool with_bias, uint32_t seed) {
  Tensor a = Random(c.a, dtype, seed);
  Tensor b = Random(c.b, dtype, seed + 1);
  if (!c.a_layout.empty()) a = WithLayout(a, c.a_layout);
  if (!c.b_layout.empty()) b = WithLayout(b, c.b_layout);
  Tensor out = Random(c.out, dtype, seed + 2);
  const std::vector<double> out0 = Values(out);
  Tensor bias;
  if (with_bias) bias = Random({c.out.back()}, dtype, seed + 3);
  if (!IsFloating(dtype)) {  // Integer GEMMs take alpha and beta truncated, like PyTorch.
    alpha = std::trunc(alpha);
    beta = std::trunc(beta);
  }
  GemmOptions opts;
  opts.alpha = IsFloating(dtype) ? Scalar(alpha) : Scalar(static_cast<int64_t>(alpha));
  opts.beta = IsFloating(dtype) ? Scalar(beta) : Scalar(static_cast<int64_t>(beta));
  opts.bias = with_bias ? &bias : nullptr;
  const std::vector<double> expected =
      Naive(a, b, out0, c.out, alpha, beta, with_bias ? &bias : nullptr);
  ASSERT_TRUE(GemmInto(out, a, b, opts).ok());
  const double tol = dtype == DType::kFloat32 ? 1e-4 : dtype == DType::kFloat64 ? 1e-12 : 0;
  testing::ExpectClose(
      out, expected, tol, tol,
      absl::StrCat(DTypeName(dtype), " ", a.DebugString(), " @ ", b.DebugString()));
}

const std::vector<Case>& Cases() {
  static const auto* cases = new std::vector<Case>{
      {{3, 5}, {5, 4}, {3, 4}, {}, {}},
      {{1, 1}, {1, 1}, {1, 1}, {}, {}},
      {{7, 1}, {1, 9}, {7, 9}, {}, {}},
      {{37, 29}, {29, 41}, {37, 41}, {}, {}},
      {{37, 29}, {29, 41}, {37, 41}, {1, 0}, {}},      // a transposed
      {{37, 29}, {29, 41}, {37, 41}, {}, {1, 0}},      // b transposed
      {{37, 29}, {29, 41}, {37, 41}, {1, 0}, {1, 0}},  // both
      {{6, 33}, {33, 1}, {6, 1}, {}, {}},              // matrix-vector
      {{1, 33}, {33, 5}, {1, 5}, {}, {}},              // vector-matrix
      {{4, 6, 7}, {4, 7, 5}, {4, 6, 5}, {}, {}},
      {{4, 6, 7}, {4, 7, 5}, {4, 6, 5}, {2, 0, 1}, {0, 2, 1}},
      {{4, 6, 7}, {1, 7, 5}, {4, 6, 5}, {}, {}},  // shared weight: folds into rows
      {{1, 6, 7}, {4, 7, 5}, {4, 6, 5}, {}, {}},  // broadcast lhs
      {{2, 1, 6, 7}, {1, 3, 7, 5}, {2, 3, 6, 5}, {}, {}},
      {{2, 3, 16, 8}, {2, 3, 8, 16}, {2, 3, 16, 16}, {0, 2, 1, 3}, {0, 2, 3, 1}},
      {{64, 64}, {64, 64}, {64, 64}, {}, {}},
      {{3, 0}, {0, 4}, {3, 4}, {}, {}},  // k == 0
  };
  return *cases;
}

class GemmTest : public ::testing::TestWithParam<GemmPath> {
 protected:
  void SetUp() override { SetFloat32GemmPathForTesting(GetParam()); }
  void TearDown() override { SetFloat32GemmPathForTesting(GemmPath::kAuto); }
};

TEST_P(GemmTest, MatchesNaiveForEveryDtypeAndLayout) {
  uint32_t seed = 1;
  for (DType dtype : {DType::kFloat32, DType::kFloat64, DType::kInt32, DType::kInt64}) {
    for (const Case& c : Cases()) RunCase(c, dtype, 1, 0, false, seed += 7);
  }
}

TEST_P(GemmTest, AlphaBetaAndBias) {
  uint32_t seed = 100;
  for (DType dtype : {DType::kFloat32, DType::kFloat64, DType::kInt64}) {
    for (const Case& c : Cases()) {
      RunCase(c, dtype, 2, 3, false, seed += 7);
      RunCase(c, dtype, 1, 0, true, seed += 7);
      RunCase(c, dtype, -1.5, 0.5, false, seed += 7);
    }
  }
}

TEST_P(GemmTest, StridedOperandsAndNonFriendlyLayouts) {
  uint32_t seed = 500;
  for (DType dtype : {DType::kFloat32, DType::kFloat64}) {
    Tensor a = testing::Strided(Random({20, 24}, dtype, seed), 1, 2);  // column step 2
    Tensor b = testing::Strided(Random({24, 12}, dtype, seed + 1), 0, 3);
    Tensor out = *Tensor::Empty({20, 12}, dtype);
    const auto expected = Naive(a, b, Values(out), out.sizes(), 1, 0, nullptr);
    ASSERT_TRUE(GemmInto(out, a, b).ok());
    testing::ExpectClose(out, expected, 1e-5, 1e-5);
  }
}

TEST_P(GemmTest, BetaZeroIgnoresNanInOutput) {
  Tensor a = Random({5, 6}, DType::kFloat32, 3);
  Tensor b = Random({6, 7}, DType::kFloat32, 4);
  Tensor out = *Tensor::Empty({5, 7}, DType::kFloat32);
  for (int64_t i = 0; i < out.numel(); ++i) out.data<float>()[i] = std::nanf("");
  const auto expected = Naive(a, b, Values(out), out.sizes(), 1, 0, nullptr);
  ASSERT_TRUE(GemmInto(out, a, b).ok());
  testing::ExpectClose(out, expected, 1e-5, 1e-5);
}

INSTANTIATE_TEST_SUITE_P(Paths, GemmTest,
                         ::testing::Values(GemmPath::kAuto, GemmPath::kOneDnn,
                                           GemmPath::kReference));

TEST(GemmKernel, Float64AccumulatesInOrderFromZero) {
  // Chosen so that any other summation order gives a different double.
  Tensor a = testing::FromValues({1e16, 1.0, -1e16, 1.0}, {1, 4}, DType::kFloat64);
  Tensor b = testing::FromValues({1, 1, 1, 1}, {4, 1}, DType::kFloat64);
  Tensor out = *Tensor::Empty({1, 1}, DType::kFloat64);
  ASSERT_TRUE(GemmInto(out, a, b).ok());
  // ((1e16 + 1) - 1e16) + 1 = 0 + 1 in doubles (1e16 + 1 rounds to 1e16).
  EXPECT_EQ(out.data<double>()[0], 1.0);
  Tensor b2 = testing::FromValues({1, 1, 1, 1, 1, 1, 1, 1}, {4, 2}, DType::kFloat64);
  Tensor out2 = *Tensor::Empty({1, 2}, DType::kFloat64);
  ASSERT_TRUE(GemmInto(out2, a, b2).ok());
  EXPECT_EQ(out2.data<double>()[0], 1.0);
  EXPECT_EQ(out2.data<double>()[1], 1.0);
}

TEST(GemmKernel, IntegersWrapAround) {
  Tensor a = testing::FromValues({2147483647.0, 1}, {1, 2}, DType::kInt32);
  Tensor b = testing::FromValues({2, 3}, {2, 1}, DType::kInt32);
  Tensor out = *Tensor::Empty({1, 1}, DType::kInt32);
  ASSERT_TRUE(GemmInto(out, a, b).ok());
  EXPECT_EQ(out.data<int32_t>()[0], static_cast<int32_t>(2147483647u * 2u + 3u));
}

TEST(GemmInto, RejectsInconsistentOperands) {
  Tensor a = *Tensor::Empty({2, 3}, DType::kFloat32);
  Tensor b = *Tensor::Empty({4, 5}, DType::kFloat32);
  Tensor out = *Tensor::Empty({2, 5}, DType::kFloat32);
  EXPECT_EQ(GemmInto(out, a, b).code(), absl::StatusCode::kInternal);
}

TEST(DnnlPrimitiveCache, HitsAndLruEviction) {
  SetFloat32GemmPathForTesting(GemmPath::kOneDnn);
  DnnlPrimitiveCache& cache = DnnlPrimitiveCache::Get();
  Tensor a = Random({8, 8}, DType::kFloat32, 1), b = Random({8, 8}, DType::kFloat32, 2);
  Tensor out = *Tensor::Empty({8, 8}, DType::kFloat32);
  ASSERT_TRUE(GemmInto(out, a, b).ok());
  const uint64_t hits = cache.hits(), misses = cache.misses();
  ASSERT_TRUE(GemmInto(out, a, b).ok());
  EXPECT_EQ(cache.hits(), hits + 1);
  EXPECT_EQ(cache.misses(), misses);
  SetFloat32GemmPathForTesting(GemmPath::kAuto);

  DnnlPrimitiveCache small(2);
  auto make = [](int64_t n) {
    return [n](DnnlPd& pd) -> dnnl::primitive_desc {
      dnnl::memory::desc d({n}, dnnl::memory::data_type::f32, dnnl::memory::format_tag::a);
      pd.args = {{DNNL_ARG_SRC, d}, {DNNL_ARG_DST, d}};
      return dnnl::eltwise_forward::primitive_desc(
          dnnl::eltwise_forward::desc(dnnl::prop_kind::forward_inference,
                                      dnnl::algorithm::eltwise_relu, d, 0.f, 0.f),
          pd.attr, **DnnlEngine());
    };
  };
  ASSERT_TRUE(small.GetOrCreate({1}, make(1)).ok());
  ASSERT_TRUE(small.GetOrCreate({2}, make(2)).ok());
  ASSERT_TRUE(small.GetOrCreate({1}, make(1)).ok());  // 1 becomes most recent
  ASSERT_TRUE(small.GetOrCreate({3}, make(3)).ok());  // evicts 2
  EXPECT_EQ(small.size(), 2u);
  EXPECT_EQ(small.hits(), 1u);
  ASSERT_TRUE(small.GetOrCreate({1}, make(1)).ok());
  EXPECT_EQ(small.hits(), 2u);
  ASSERT_TRUE(small.GetOrCreate({2}, make(2)).ok());
  EXPECT_EQ(small.misses(), 4u);
}

TEST(DnnlCall, ConvertsErrorsToStatus) {
  absl::Status s = DnnlCall([] {
    // A matmul whose shapes disagree: oneDNN rejects it with dnnl::error.
    dnnl::memory::desc a({2, 3}, dnnl::memory::data_type::f32, dnnl::memory::format_tag::ab);
    dnnl::memory::desc b({4, 5}, dnnl::memory::data_type::f32, dnnl::memory::format_tag::ab);
    dnnl::memory::desc c({2, 5}, dnnl::memory::data_type::f32, dnnl::memory::format_tag::ab);
    dnnl::matmul::primitive_desc(dnnl::matmul::desc(a, b, c), **DnnlEngine());
  });
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message().find("oneDNN"), absl::string_view::npos);
  EXPECT_TRUE(DnnlCall([] {}).ok());
}

}  // namespace
}  // namespace wick::tensor::linalg_internal
