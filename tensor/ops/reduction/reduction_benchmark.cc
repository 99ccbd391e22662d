// Micro-benchmarks of the reduction kernels on float32: full reductions over 4M elements
// and per-row reductions of [4096, 1024] (the runs loop), plus per-column sums (the rows
// loop). PyTorch equivalents for the comparison table are in the report / compare_torch.
#include <cstdint>

#include "benchmark/benchmark.h"
#include "tensor/ops/reduction/reduction.h"
#include "tensor/tensor.h"

namespace wick::tensor {
namespace {

constexpr int64_t kRows = 4096;
constexpr int64_t kCols = 1024;

// Deterministic values in [-4, 4] (no NaN), allocated once per benchmark.
Tensor Input() {
  Tensor t = *Tensor::Empty({kRows, kCols}, DType::kFloat32);
  float* p = t.data<float>();
  for (int64_t i = 0; i < t.numel(); ++i) p[i] = ((i * 7919) % 2001 - 1000) / 250.0f;
  return t;
}

Tensor Flat(const Tensor& t) {
  const int64_t n[] = {t.numel()};
  const int64_t one[] = {1};
  return Tensor::View(t, n, one, 0);
}

template <typename Fn>
void Run(benchmark::State& state, const Tensor& x, Fn fn) {
  for (auto _ : state) {
    auto r = fn(x);
    benchmark::DoNotOptimize(r);
  }
  state.SetBytesProcessed(state.iterations() * x.numel() * 4);
}

const int64_t kLast[] = {1};
const int64_t kFirst[] = {0};

void BM_SumFull(benchmark::State& s) {
  Run(s, Flat(Input()), [](const Tensor& x) { return Sum(x); });
}
void BM_SumLastDim(benchmark::State& s) {
  Run(s, Input(), [](const Tensor& x) { return Sum(x, IntSpan(kLast)); });
}
void BM_SumFirstDim(benchmark::State& s) {
  Run(s, Input(), [](const Tensor& x) { return Sum(x, IntSpan(kFirst)); });
}
void BM_MeanFull(benchmark::State& s) {
  Run(s, Flat(Input()), [](const Tensor& x) { return Mean(x); });
}
void BM_MeanLastDim(benchmark::State& s) {
  Run(s, Input(), [](const Tensor& x) { return Mean(x, IntSpan(kLast)); });
}
void BM_MaxFull(benchmark::State& s) {
  Run(s, Flat(Input()), [](const Tensor& x) { return MaxAll(x); });
}
void BM_MaxLastDim(benchmark::State& s) {
  Run(s, Input(), [](const Tensor& x) { return MaxDim(x, 1); });
}
void BM_AmaxLastDim(benchmark::State& s) {
  Run(s, Input(), [](const Tensor& x) { return Amax(x, IntSpan(kLast)); });
}
void BM_LogsumexpLastDim(benchmark::State& s) {
  Run(s, Input(), [](const Tensor& x) { return Logsumexp(x, kLast); });
}
// Many short runs: [1M, 4] summed along its last dim (per-output overhead dominates).
void BM_SumNarrowLastDim(benchmark::State& s) {
  const Tensor x = Input();
  const int64_t sizes[] = {kRows * kCols / 4, 4};
  const int64_t strides[] = {4, 1};
  Run(s, Tensor::View(x, sizes, strides, 0),
      [](const Tensor& x) { return Sum(x, IntSpan(kLast)); });
}
void BM_VarLastDim(benchmark::State& s) {
  Run(s, Input(), [](const Tensor& x) { return Var(x, IntSpan(kLast)); });
}

BENCHMARK(BM_SumFull);
BENCHMARK(BM_SumLastDim);
BENCHMARK(BM_SumFirstDim);
BENCHMARK(BM_MeanFull);
BENCHMARK(BM_MeanLastDim);
BENCHMARK(BM_MaxFull);
BENCHMARK(BM_MaxLastDim);
BENCHMARK(BM_AmaxLastDim);
BENCHMARK(BM_LogsumexpLastDim);
BENCHMARK(BM_VarLastDim);
BENCHMARK(BM_SumNarrowLastDim);

}  // namespace
}  // namespace wick::tensor
