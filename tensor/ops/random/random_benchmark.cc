// Throughput of the samplers on 2^20-element tensors (one thread, like PyTorch's serial
// kernels). Reference points on the same machine: /usr/bin/python3 with
// torch.set_num_threads(1), e.g. `torch.rand(1 << 20)` under timeit.
#include "benchmark/benchmark.h"
#include "tensor/ops/random/generator.h"
#include "tensor/ops/random/samplers.h"

namespace wick::tensor {
namespace {

constexpr int64_t kN = int64_t{1} << 20;

void BM_Fill32(benchmark::State& state) {
  Generator g(0);
  std::vector<uint32_t> buf(kN);
  for (auto _ : state) {
    g.Fill32(buf.data(), kN);
    benchmark::DoNotOptimize(buf.data());
  }
  state.SetItemsProcessed(state.iterations() * kN);
}
BENCHMARK(BM_Fill32);

template <absl::Status (*Fill)(const Tensor&, double, double, Generator&)>
void BM_Fill(benchmark::State& state) {
  const DType dtype = state.range(0) == 32 ? DType::kFloat32 : DType::kFloat64;
  Tensor t = *Tensor::Empty({kN}, dtype);
  Generator g(0);
  for (auto _ : state) {
    if (!Fill(t, 0, 1, g).ok()) state.SkipWithError("fill failed");
    benchmark::DoNotOptimize(t.raw_data());
  }
  state.SetItemsProcessed(state.iterations() * kN);
}
BENCHMARK(BM_Fill<FillUniform>)->Arg(32)->Arg(64);
BENCHMARK(BM_Fill<FillNormal>)->Arg(32)->Arg(64);

void BM_RandintInt64(benchmark::State& state) {
  Tensor t = *Tensor::Empty({kN}, DType::kInt64);
  Generator g(0);
  for (auto _ : state) {
    if (!FillRandomFromTo(t, 0, 1000, g).ok()) state.SkipWithError("fill failed");
    benchmark::DoNotOptimize(t.raw_data());
  }
  state.SetItemsProcessed(state.iterations() * kN);
}
BENCHMARK(BM_RandintInt64);

void BM_Dropout(benchmark::State& state) {
  Tensor x = *Tensor::Empty({kN}, DType::kFloat32);
  Generator g(0);
  if (!FillUniform(x, -1, 1, g).ok()) return;
  for (auto _ : state) {
    auto y = Dropout(x, 0.1, /*train=*/true, /*inplace=*/false, g);
    benchmark::DoNotOptimize(y);
  }
  state.SetItemsProcessed(state.iterations() * kN);
}
BENCHMARK(BM_Dropout);

}  // namespace
}  // namespace wick::tensor

BENCHMARK_MAIN();
