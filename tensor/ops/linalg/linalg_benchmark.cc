// Benchmarks for the linalg/nn ops, each beside the raw oneDNN primitive doing the same
// work (created once, executed in the loop), so the op's overhead is visible:
//   bazel run -c opt //tensor/ops/linalg:linalg_benchmark -- --benchmark_counters_tabular=true
// GEMMs report GFLOP/s; memory-bound ops report bytes/s. One thread unless
// WICK_NUM_THREADS says otherwise.
#include <omp.h>

#include <cmath>
#include <random>

#include "benchmark/benchmark.h"
#include "oneapi/dnnl/dnnl.hpp"
#include "tensor/kernels/dnnl_adapter.h"
#include "tensor/ops/linalg/internal/gemm.h"
#include "tensor/ops/linalg/linalg.h"
#include "tensor/parallel.h"

namespace wick::tensor {
namespace {

Tensor RandomTensor(std::initializer_list<int64_t> sizes, DType dtype = DType::kFloat32) {
  Tensor t = *Tensor::Empty(sizes, dtype);
  std::mt19937 gen(42);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  VisitDType(dtype, [&]<typename T>() {
    for (int64_t i = 0; i < t.numel(); ++i) t.data<T>()[i] = static_cast<T>(dist(gen));
  });
  return t;
}

void SetFlops(benchmark::State& state, double flops_per_iter) {
  state.counters["GFLOP/s"] =
      benchmark::Counter(flops_per_iter * 1e-9, benchmark::Counter::kIsIterationInvariantRate);
}

void SetBytes(benchmark::State& state, double bytes_per_iter) {
  state.counters["GB/s"] =
      benchmark::Counter(bytes_per_iter * 1e-9, benchmark::Counter::kIsIterationInvariantRate);
}

// oneDNN's runtime, as an op would see it (the engine is wick's; threads follow
// NumThreads()).
struct Raw {
  dnnl::engine& eng = **kernels::DnnlEngine();
  dnnl::stream s{eng};
  Raw() { omp_set_num_threads(NumThreads()); }
};

using dt = dnnl::memory::data_type;
using tag = dnnl::memory::format_tag;

// ----- matmul 1024^3 -----------------------------------------------------------------------

void BM_MatmulOp(benchmark::State& state) {
  const int64_t n = state.range(0);
  const Tensor a = RandomTensor({n, n}), b = RandomTensor({n, n});
  for (auto _ : state) benchmark::DoNotOptimize(*Matmul(a, b));
  SetFlops(state, 2.0 * n * n * n);
}
BENCHMARK(BM_MatmulOp)->Arg(1024)->Arg(256)->Unit(benchmark::kMillisecond);

void BM_MatmulRawOneDnn(benchmark::State& state) {
  const int64_t n = state.range(0);
  Raw raw;
  const Tensor a = RandomTensor({n, n}), b = RandomTensor({n, n});
  const Tensor c = *Tensor::Empty({n, n}, DType::kFloat32);
  dnnl::memory::desc md({n, n}, dt::f32, tag::ab);
  dnnl::matmul mm(dnnl::matmul::primitive_desc(dnnl::matmul::desc(md, md, md), raw.eng));
  dnnl::memory A(md, raw.eng, a.raw_data()), B(md, raw.eng, b.raw_data()),
      C(md, raw.eng, c.raw_data());
  for (auto _ : state) {
    mm.execute(raw.s, {{DNNL_ARG_SRC, A}, {DNNL_ARG_WEIGHTS, B}, {DNNL_ARG_DST, C}});
    raw.s.wait();
  }
  SetFlops(state, 2.0 * n * n * n);
}
BENCHMARK(BM_MatmulRawOneDnn)->Arg(1024)->Arg(256)->Unit(benchmark::kMillisecond);

// Tiny products: the op's fixed cost (in-order kernel below 8192 multiply-adds).
void BM_MatmulSmallOp(benchmark::State& state) {
  const int64_t n = state.range(0);
  const Tensor a = RandomTensor({n, n}), b = RandomTensor({n, n});
  for (auto _ : state) benchmark::DoNotOptimize(*Matmul(a, b));
  SetFlops(state, 2.0 * n * n * n);
}
BENCHMARK(BM_MatmulSmallOp)->Arg(1)->Arg(4)->Arg(16)->Arg(20)->Arg(32)->Arg(64);

// The same tiny products forced through oneDNN (cached primitive + memory objects).
void BM_MatmulSmallForcedOneDnn(benchmark::State& state) {
  const int64_t n = state.range(0);
  const Tensor a = RandomTensor({n, n}), b = RandomTensor({n, n});
  linalg_internal::SetFloat32GemmPathForTesting(linalg_internal::GemmPath::kOneDnn);
  for (auto _ : state) benchmark::DoNotOptimize(*Matmul(a, b));
  linalg_internal::SetFloat32GemmPathForTesting(linalg_internal::GemmPath::kAuto);
  SetFlops(state, 2.0 * n * n * n);
}
BENCHMARK(BM_MatmulSmallForcedOneDnn)->Arg(1)->Arg(4)->Arg(16)->Arg(20)->Arg(32)->Arg(64);

void BM_MatmulSmallRawOneDnn(benchmark::State& state) {
  const int64_t n = state.range(0);
  Raw raw;
  const Tensor a = RandomTensor({n, n}), b = RandomTensor({n, n});
  const Tensor c = *Tensor::Empty({n, n}, DType::kFloat32);
  dnnl::memory::desc md({n, n}, dt::f32, tag::ab);
  dnnl::matmul mm(dnnl::matmul::primitive_desc(dnnl::matmul::desc(md, md, md), raw.eng));
  dnnl::memory A(md, raw.eng, a.raw_data()), B(md, raw.eng, b.raw_data()),
      C(md, raw.eng, c.raw_data());
  for (auto _ : state) {
    mm.execute(raw.s, {{DNNL_ARG_SRC, A}, {DNNL_ARG_WEIGHTS, B}, {DNNL_ARG_DST, C}});
    raw.s.wait();
  }
  SetFlops(state, 2.0 * n * n * n);
}
BENCHMARK(BM_MatmulSmallRawOneDnn)->Arg(1)->Arg(4)->Arg(16)->Arg(32)->Arg(64);

void BM_MatmulFloat64Op(benchmark::State& state) {
  const int64_t n = state.range(0);
  const Tensor a = RandomTensor({n, n}, DType::kFloat64), b = RandomTensor({n, n}, DType::kFloat64);
  for (auto _ : state) benchmark::DoNotOptimize(*Matmul(a, b));
  SetFlops(state, 2.0 * n * n * n);
}
BENCHMARK(BM_MatmulFloat64Op)->Arg(256)->Unit(benchmark::kMillisecond);

// ----- linear [64,1024] x [1024,1024]^T + bias ----------------------------------------------

void BM_LinearOp(benchmark::State& state) {
  const Tensor x = RandomTensor({64, 1024}), w = RandomTensor({1024, 1024}),
               b = RandomTensor({1024});
  for (auto _ : state) benchmark::DoNotOptimize(*Linear(x, w, b));
  SetFlops(state, 2.0 * 64 * 1024 * 1024);
}
BENCHMARK(BM_LinearOp)->Unit(benchmark::kMicrosecond);

void BM_LinearRawOneDnn(benchmark::State& state) {
  Raw raw;
  const Tensor x = RandomTensor({64, 1024}), w = RandomTensor({1024, 1024}),
               b = RandomTensor({1024});
  const Tensor y = *Tensor::Empty({64, 1024}, DType::kFloat32);
  dnnl::memory::desc xm({64, 1024}, dt::f32, tag::ab), wm({1024, 1024}, dt::f32, tag::ba),
      bm({1, 1024}, dt::f32, tag::ab), ym({64, 1024}, dt::f32, tag::ab);
  dnnl::matmul mm(dnnl::matmul::primitive_desc(dnnl::matmul::desc(xm, wm, bm, ym), raw.eng));
  dnnl::memory X(xm, raw.eng, x.raw_data()), W(wm, raw.eng, w.raw_data()),
      B(bm, raw.eng, b.raw_data()), Y(ym, raw.eng, y.raw_data());
  for (auto _ : state) {
    mm.execute(raw.s,
               {{DNNL_ARG_SRC, X}, {DNNL_ARG_WEIGHTS, W}, {DNNL_ARG_BIAS, B}, {DNNL_ARG_DST, Y}});
    raw.s.wait();
  }
  SetFlops(state, 2.0 * 64 * 1024 * 1024);
}
BENCHMARK(BM_LinearRawOneDnn)->Unit(benchmark::kMicrosecond);

// ----- attention shapes: 8 heads, seq 128, dim 64 ------------------------------------------

void BM_BmmScoresOp(benchmark::State& state) {  // q @ k^T
  const Tensor q = RandomTensor({8, 128, 64}), k = RandomTensor({8, 128, 64});
  const Tensor kt = Tensor::View(k, {8, 64, 128}, {128 * 64, 1, 64}, 0);
  for (auto _ : state) benchmark::DoNotOptimize(*Bmm(q, kt));
  SetFlops(state, 2.0 * 8 * 128 * 128 * 64);
}
BENCHMARK(BM_BmmScoresOp)->Unit(benchmark::kMicrosecond);

void BM_BmmScoresRawOneDnn(benchmark::State& state) {
  Raw raw;
  const Tensor q = RandomTensor({8, 128, 64}), k = RandomTensor({8, 128, 64});
  const Tensor s = *Tensor::Empty({8, 128, 128}, DType::kFloat32);
  dnnl::memory::desc qm({8, 128, 64}, dt::f32, tag::abc), km({8, 64, 128}, dt::f32, tag::acb),
      sm({8, 128, 128}, dt::f32, tag::abc);
  dnnl::matmul mm(dnnl::matmul::primitive_desc(dnnl::matmul::desc(qm, km, sm), raw.eng));
  dnnl::memory Q(qm, raw.eng, q.raw_data()), K(km, raw.eng, k.raw_data()),
      S(sm, raw.eng, s.raw_data());
  for (auto _ : state) {
    mm.execute(raw.s, {{DNNL_ARG_SRC, Q}, {DNNL_ARG_WEIGHTS, K}, {DNNL_ARG_DST, S}});
    raw.s.wait();
  }
  SetFlops(state, 2.0 * 8 * 128 * 128 * 64);
}
BENCHMARK(BM_BmmScoresRawOneDnn)->Unit(benchmark::kMicrosecond);

void BM_BmmValuesOp(benchmark::State& state) {  // p @ v
  const Tensor p = RandomTensor({8, 128, 128}), v = RandomTensor({8, 128, 64});
  for (auto _ : state) benchmark::DoNotOptimize(*Bmm(p, v));
  SetFlops(state, 2.0 * 8 * 128 * 128 * 64);
}
BENCHMARK(BM_BmmValuesOp)->Unit(benchmark::kMicrosecond);

void BM_AttentionOp(benchmark::State& state) {  // softmax(q k^T / 8) v
  const Tensor q = RandomTensor({8, 128, 64}), k = RandomTensor({8, 128, 64}),
               v = RandomTensor({8, 128, 64});
  for (auto _ : state) benchmark::DoNotOptimize(*ScaledDotProductAttention(q, k, v));
  SetFlops(state, 4.0 * 8 * 128 * 128 * 64);
}
BENCHMARK(BM_AttentionOp)->Unit(benchmark::kMicrosecond);

void BM_AttentionRawOneDnn(benchmark::State& state) {  // Appendix B's (d1) lower bound
  Raw raw;
  const Tensor q = RandomTensor({8, 128, 64}), k = RandomTensor({8, 128, 64}),
               v = RandomTensor({8, 128, 64});
  const Tensor s = *Tensor::Empty({8, 128, 128}, DType::kFloat32),
               p = *Tensor::Empty({8, 128, 128}, DType::kFloat32);
  const Tensor o = *Tensor::Empty({8, 128, 64}, DType::kFloat32);
  dnnl::memory::desc qm({8, 128, 64}, dt::f32, tag::abc), km({8, 64, 128}, dt::f32, tag::acb),
      sm({8, 128, 128}, dt::f32, tag::abc);
  dnnl::primitive_attr scale;
  scale.set_output_scales(0, {0.125f});
  dnnl::matmul qk(dnnl::matmul::primitive_desc(dnnl::matmul::desc(qm, km, sm), scale, raw.eng));
  dnnl::softmax_forward smax(dnnl::softmax_forward::primitive_desc(
      dnnl::softmax_forward::desc(dnnl::prop_kind::forward_inference, sm, 2), raw.eng));
  dnnl::matmul pv(dnnl::matmul::primitive_desc(dnnl::matmul::desc(sm, qm, qm), raw.eng));
  dnnl::memory Q(qm, raw.eng, q.raw_data()), K(km, raw.eng, k.raw_data()),
      V(qm, raw.eng, v.raw_data()), S(sm, raw.eng, s.raw_data()), P(sm, raw.eng, p.raw_data()),
      O(qm, raw.eng, o.raw_data());
  for (auto _ : state) {
    qk.execute(raw.s, {{DNNL_ARG_SRC, Q}, {DNNL_ARG_WEIGHTS, K}, {DNNL_ARG_DST, S}});
    smax.execute(raw.s, {{DNNL_ARG_SRC, S}, {DNNL_ARG_DST, P}});
    pv.execute(raw.s, {{DNNL_ARG_SRC, P}, {DNNL_ARG_WEIGHTS, V}, {DNNL_ARG_DST, O}});
    raw.s.wait();
  }
  SetFlops(state, 4.0 * 8 * 128 * 128 * 64);
}
BENCHMARK(BM_AttentionRawOneDnn)->Unit(benchmark::kMicrosecond);

// ----- softmax and layer_norm on [64,1024] and [4096,1024] ---------------------------------

void BM_SoftmaxOp(benchmark::State& state) {
  const int64_t rows = state.range(0);
  const Tensor x = RandomTensor({rows, 1024});
  for (auto _ : state) benchmark::DoNotOptimize(*Softmax(x, 1));
  SetBytes(state, 2.0 * rows * 1024 * 4);
}
BENCHMARK(BM_SoftmaxOp)->Arg(64)->Arg(4096)->Unit(benchmark::kMicrosecond);

void BM_LogSoftmaxOp(benchmark::State& state) {
  const int64_t rows = state.range(0);
  const Tensor x = RandomTensor({rows, 1024});
  for (auto _ : state) benchmark::DoNotOptimize(*LogSoftmax(x, 1));
  SetBytes(state, 2.0 * rows * 1024 * 4);
}
BENCHMARK(BM_LogSoftmaxOp)->Arg(64)->Arg(4096)->Unit(benchmark::kMicrosecond);

void BM_SoftmaxDim0Op(benchmark::State& state) {
  const int64_t rows = state.range(0);
  const Tensor x = RandomTensor({rows, 1024});
  for (auto _ : state) benchmark::DoNotOptimize(*Softmax(x, 0));
  SetBytes(state, 2.0 * rows * 1024 * 4);
}
BENCHMARK(BM_SoftmaxDim0Op)->Arg(64)->Arg(4096)->Unit(benchmark::kMicrosecond);

void BM_SoftmaxRawOneDnn(benchmark::State& state) {
  const int64_t rows = state.range(0);
  Raw raw;
  const Tensor x = RandomTensor({rows, 1024});
  const Tensor y = *Tensor::Empty({rows, 1024}, DType::kFloat32);
  dnnl::memory::desc md({rows, 1024}, dt::f32, tag::ab);
  dnnl::softmax_v2_forward sm(dnnl::softmax_v2_forward::primitive_desc(
      dnnl::softmax_v2_forward::desc(dnnl::prop_kind::forward_inference,
                                     dnnl::algorithm::softmax_accurate, md, md, 1),
      raw.eng));
  dnnl::memory X(md, raw.eng, x.raw_data()), Y(md, raw.eng, y.raw_data());
  for (auto _ : state) {
    sm.execute(raw.s, {{DNNL_ARG_SRC, X}, {DNNL_ARG_DST, Y}});
    raw.s.wait();
  }
  SetBytes(state, 2.0 * rows * 1024 * 4);
}
BENCHMARK(BM_SoftmaxRawOneDnn)->Arg(64)->Arg(4096)->Unit(benchmark::kMicrosecond);

void BM_LayerNormOp(benchmark::State& state) {
  const int64_t rows = state.range(0);
  const Tensor x = RandomTensor({rows, 1024}), w = RandomTensor({1024}), b = RandomTensor({1024});
  const int64_t shape[] = {1024};
  for (auto _ : state) benchmark::DoNotOptimize(*LayerNorm(x, shape, w, b, 1e-5));
  SetBytes(state, 2.0 * rows * 1024 * 4);
}
BENCHMARK(BM_LayerNormOp)->Arg(64)->Arg(4096)->Unit(benchmark::kMicrosecond);

void BM_LayerNormRawOneDnn(benchmark::State& state) {
  const int64_t rows = state.range(0);
  Raw raw;
  const Tensor x = RandomTensor({rows, 1024}), w = RandomTensor({1024}), b = RandomTensor({1024});
  const Tensor y = *Tensor::Empty({rows, 1024}, DType::kFloat32);
  dnnl::memory::desc md({rows, 1024}, dt::f32, tag::ab), st({rows}, dt::f32, tag::a),
      pm({1024}, dt::f32, tag::a);
  dnnl::layer_normalization_forward ln(dnnl::layer_normalization_forward::primitive_desc(
      dnnl::layer_normalization_forward::desc(
          dnnl::prop_kind::forward_inference, md, st, 1e-5f,
          dnnl::normalization_flags::use_scale | dnnl::normalization_flags::use_shift),
      raw.eng));
  dnnl::memory X(md, raw.eng, x.raw_data()), Y(md, raw.eng, y.raw_data()),
      W(pm, raw.eng, w.raw_data()), B(pm, raw.eng, b.raw_data());
  for (auto _ : state) {
    ln.execute(raw.s,
               {{DNNL_ARG_SRC, X}, {DNNL_ARG_DST, Y}, {DNNL_ARG_SCALE, W}, {DNNL_ARG_SHIFT, B}});
    raw.s.wait();
  }
  SetBytes(state, 2.0 * rows * 1024 * 4);
}
BENCHMARK(BM_LayerNormRawOneDnn)->Arg(64)->Arg(4096)->Unit(benchmark::kMicrosecond);

// ----- the primitive cache ------------------------------------------------------------------

void BM_PrimitiveCacheHit(benchmark::State& state) {
  auto& cache = kernels::DnnlPrimitiveCache::Get();
  const kernels::PrimitiveKey key = {99, 1, 64, 64, 64, 1, 64, 64, 1, 64, 64, 1, 0, 0, 0};
  dnnl::memory::desc md({64, 64}, dt::f32, tag::ab);
  auto make = [&](kernels::DnnlPd& pd) -> dnnl::primitive_desc {
    return dnnl::matmul::primitive_desc(dnnl::matmul::desc(md, md, md), pd.attr,
                                        **kernels::DnnlEngine());
  };
  (void)cache.GetOrCreate(key, make);
  for (auto _ : state) benchmark::DoNotOptimize(cache.GetOrCreate(key, make));
}
BENCHMARK(BM_PrimitiveCacheHit);

}  // namespace
}  // namespace wick::tensor

BENCHMARK_MAIN();
