// Micro-benchmarks of the copying shape and indexing kernels (bytes/s is the number to
// watch: contiguous paths should run near memcpy speed):
//   bazel run -c opt //tensor/ops/creation:creation_benchmark
#include <cstring>
#include <vector>

#include "benchmark/benchmark.h"
#include "tensor/ops/creation/creation.h"
#include "tensor/shape.h"

namespace wick::tensor {
namespace {

Tensor Filled(std::vector<int64_t> sizes, DType dt = DType::kFloat32) {
  Tensor t = *Tensor::Empty(sizes, dt);
  VisitDType(dt, [&]<typename T>() {
    for (int64_t i = 0; i < t.numel(); ++i) t.data<T>()[i] = static_cast<T>(i % 7);
  });
  return t;
}

Tensor Indices(int64_t n, int64_t range) {
  Tensor t = *Tensor::Empty({n}, DType::kInt64);
  for (int64_t i = 0; i < n; ++i) t.data<int64_t>()[i] = (i * 7919) % range;
  return t;
}

void SetBytes(benchmark::State& state, int64_t bytes) {
  state.SetBytesProcessed(state.iterations() * bytes);
}

void BM_CatContiguous(benchmark::State& state) {
  const int64_t n = state.range(0);
  const Tensor parts[] = {Filled({n, 64}), Filled({n, 64})};
  for (auto _ : state) benchmark::DoNotOptimize(*Cat(parts, 1));
  SetBytes(state, 2 * 2 * n * 64 * 4);
}
BENCHMARK(BM_CatContiguous)->Arg(64)->Arg(4096);

void BM_MemcpyReference(benchmark::State& state) {
  const int64_t n = state.range(0) * 128;
  std::vector<float> a(n), b(n);
  for (auto _ : state) {
    std::memcpy(b.data(), a.data(), n * 4);
    benchmark::ClobberMemory();
  }
  SetBytes(state, 2 * n * 4);
}
BENCHMARK(BM_MemcpyReference)->Arg(64)->Arg(4096);

void BM_IndexRows(benchmark::State& state) {  // x[idx] on a (rows, 256) matrix
  const int64_t rows = state.range(0);
  const Tensor x = Filled({rows, 256});
  const Tensor idx[] = {Indices(rows, rows)};
  for (auto _ : state) benchmark::DoNotOptimize(*Index(x, idx));
  SetBytes(state, 2 * rows * 256 * 4);
}
BENCHMARK(BM_IndexRows)->Arg(64)->Arg(4096);

void BM_IndexGather1D(benchmark::State& state) {  // x[idx] on a vector
  const int64_t n = state.range(0);
  const Tensor x = Filled({n});
  const Tensor idx[] = {Indices(n, n)};
  for (auto _ : state) benchmark::DoNotOptimize(*Index(x, idx));
  SetBytes(state, n * (4 + 8 + 4));
}
BENCHMARK(BM_IndexGather1D)->Arg(1 << 10)->Arg(1 << 18);

void BM_IndexPutAccumulate(benchmark::State& state) {  // x.index_put_((idx,), v, True)
  const int64_t n = state.range(0);
  const Tensor x = Filled({n});
  const Tensor v = Filled({n});
  const Tensor idx[] = {Indices(n, n)};
  for (auto _ : state) benchmark::DoNotOptimize(IndexPutInPlace(x, idx, v, true));
  SetBytes(state, n * (4 + 8 + 4));
}
BENCHMARK(BM_IndexPutAccumulate)->Arg(1 << 10)->Arg(1 << 18);

void BM_MaskedFill(benchmark::State& state) {
  const int64_t n = state.range(0);
  const Tensor x = Filled({n});
  const Tensor m = Filled({n}, DType::kBool);
  for (auto _ : state) benchmark::DoNotOptimize(MaskedFillInPlace(x, m, Scalar(1.5)));
  SetBytes(state, n * 5);
}
BENCHMARK(BM_MaskedFill)->Arg(1 << 10)->Arg(1 << 20);

void BM_CloneTransposed(benchmark::State& state) {  // contiguous() of a transpose
  const int64_t n = state.range(0);
  const Tensor t = *Transpose(Filled({n, n}), 0, 1);
  for (auto _ : state) benchmark::DoNotOptimize(*Clone(t, /*contiguous=*/true));
  SetBytes(state, 2 * n * n * 4);
}
BENCHMARK(BM_CloneTransposed)->Arg(64)->Arg(1024);

}  // namespace
}  // namespace wick::tensor

BENCHMARK_MAIN();
