// Pointwise kernel benchmarks: 4M-element float32 ops (bytes/s against a STREAM-like copy
// and triad measured in the same run) and the per-call overhead on 1-element tensors,
// through the C++ functions and through OpRegistry::Global(). benchmarks/tensor/compare_torch.py
// runs this binary and times the same ops in PyTorch.
#include <cstring>
#include <vector>

#include "benchmark/benchmark.h"
#include "tensor/copy.h"
#include "tensor/op_registry.h"
#include "tensor/ops/pointwise/pointwise.h"
#include "tensor/parallel.h"

namespace wick::tensor {
namespace {

constexpr int64_t kBig = int64_t{4} << 20;  // 4M floats = 16 MiB per tensor.

Tensor Filled(IntSpan sizes, float start, float step) {
  Tensor t = *Tensor::Empty(sizes, DType::kFloat32);
  float* p = t.data<float>();
  for (int64_t i = 0; i < t.numel(); ++i) p[i] = start + step * static_cast<float>(i % 4096);
  return t;
}

// Every benchmark runs on one thread, as PyTorch is measured (torch.set_num_threads(1)).
void SingleThread() { SetNumThreads(1); }

// ---- STREAM-like references ------------------------------------------------------------

void BM_StreamCopy(benchmark::State& state) {
  SingleThread();
  std::vector<float> a(kBig, 1.0f), c(kBig, 0.0f);
  for (auto _ : state) {
    float* __restrict dst = c.data();
    const float* __restrict src = a.data();
#pragma omp simd
    for (int64_t i = 0; i < kBig; ++i) dst[i] = src[i];
    benchmark::DoNotOptimize(c.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * kBig * 2 * sizeof(float));
}
BENCHMARK(BM_StreamCopy)->Unit(benchmark::kMicrosecond);

void BM_StreamTriad(benchmark::State& state) {
  SingleThread();
  std::vector<float> a(kBig, 0.0f), b(kBig, 1.0f), c(kBig, 2.0f);
  const float scalar = 3.0f;
  for (auto _ : state) {
    float* __restrict dst = a.data();
    const float* __restrict x = b.data();
    const float* __restrict y = c.data();
#pragma omp simd
    for (int64_t i = 0; i < kBig; ++i) dst[i] = x[i] + scalar * y[i];
    benchmark::DoNotOptimize(a.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * kBig * 3 * sizeof(float));
}
BENCHMARK(BM_StreamTriad)->Unit(benchmark::kMicrosecond);

// ---- 4M-element ops --------------------------------------------------------------------

// out.copy_(x): the tensor copy primitive on contiguous float32.
void BM_Copy4M(benchmark::State& state) {
  SingleThread();
  const Tensor x = Filled({kBig}, -2.0f, 0.001f);
  const Tensor out = *Tensor::Empty({kBig}, DType::kFloat32);
  for (auto _ : state) {
    benchmark::DoNotOptimize(CopyInto(out, x));
  }
  state.SetBytesProcessed(state.iterations() * kBig * 2 * sizeof(float));
}
BENCHMARK(BM_Copy4M)->Unit(benchmark::kMicrosecond);

template <typename Fn>
void RunBinary4M(benchmark::State& state, const Tensor& a, const Tensor& b, Fn fn,
                 int64_t bytes_per_iter) {
  SingleThread();
  for (auto _ : state) {
    absl::StatusOr<Tensor> r = fn(a, b);
    benchmark::DoNotOptimize(r);
  }
  state.SetBytesProcessed(state.iterations() * bytes_per_iter);
}

void BM_Add4M(benchmark::State& state) {
  const Tensor a = Filled({kBig}, -2.0f, 0.001f), b = Filled({kBig}, 1.0f, 0.002f);
  RunBinary4M(state, a, b, [](const Tensor& x, const Tensor& y) { return Add(x, y); },
              kBig * 3 * sizeof(float));
}
BENCHMARK(BM_Add4M)->Unit(benchmark::kMicrosecond);

void BM_Mul4M(benchmark::State& state) {
  const Tensor a = Filled({kBig}, -2.0f, 0.001f), b = Filled({kBig}, 1.0f, 0.002f);
  RunBinary4M(state, a, b, [](const Tensor& x, const Tensor& y) { return Mul(x, y); },
              kBig * 3 * sizeof(float));
}
BENCHMARK(BM_Mul4M)->Unit(benchmark::kMicrosecond);

// [2048, 2048] + [2048]: a bias row broadcast down the rows.
void BM_AddBroadcast4M(benchmark::State& state) {
  const Tensor a = Filled({2048, 2048}, -2.0f, 0.001f), b = Filled({2048}, 1.0f, 0.002f);
  RunBinary4M(state, a, b, [](const Tensor& x, const Tensor& y) { return Add(x, y); },
              kBig * 2 * sizeof(float));
}
BENCHMARK(BM_AddBroadcast4M)->Unit(benchmark::kMicrosecond);

// x + 1.5: a tensor with a Python number.
void BM_AddScalar4M(benchmark::State& state) {
  const Tensor a = Filled({kBig}, -2.0f, 0.001f);
  const Tensor s = Tensor::FromScalar(Scalar(1.5), std::nullopt, /*wrapped_number=*/true);
  RunBinary4M(state, a, s, [](const Tensor& x, const Tensor& y) { return Add(x, y); },
              kBig * 2 * sizeof(float));
}
BENCHMARK(BM_AddScalar4M)->Unit(benchmark::kMicrosecond);

void Unary4M(benchmark::State& state, UnaryOp op) {
  SingleThread();
  const Tensor x = Filled({kBig}, -4.0f, 0.002f);
  for (auto _ : state) {
    absl::StatusOr<Tensor> r = Unary(op, x);
    benchmark::DoNotOptimize(r);
  }
  state.SetBytesProcessed(state.iterations() * kBig * 2 * sizeof(float));
}
void BM_Relu4M(benchmark::State& state) { Unary4M(state, UnaryOp::kRelu); }
void BM_Exp4M(benchmark::State& state) { Unary4M(state, UnaryOp::kExp); }
void BM_Tanh4M(benchmark::State& state) { Unary4M(state, UnaryOp::kTanh); }
void BM_Gelu4M(benchmark::State& state) { Unary4M(state, UnaryOp::kGelu); }
void BM_Sigmoid4M(benchmark::State& state) { Unary4M(state, UnaryOp::kSigmoid); }
BENCHMARK(BM_Relu4M)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Exp4M)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Tanh4M)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Gelu4M)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Sigmoid4M)->Unit(benchmark::kMicrosecond);

// ---- Per-call overhead on 1-element tensors --------------------------------------------

void BM_AddOverhead(benchmark::State& state) {
  SingleThread();
  const Tensor a = Filled({1}, 1.0f, 0.0f), b = Filled({1}, 2.0f, 0.0f);
  for (auto _ : state) {
    absl::StatusOr<Tensor> r = Add(a, b);
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK(BM_AddOverhead);

void BM_ReluOverhead(benchmark::State& state) {
  SingleThread();
  const Tensor a = Filled({1}, 1.0f, 0.0f);
  for (auto _ : state) {
    absl::StatusOr<Tensor> r = Unary(UnaryOp::kRelu, a);
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK(BM_ReluOverhead);

// o.add_(b): in place, no allocation.
void BM_AddInPlaceOverhead(benchmark::State& state) {
  SingleThread();
  const Tensor a = Filled({1}, 1.0f, 0.0f), b = Filled({1}, 0.0f, 0.0f);
  for (auto _ : state) {
    absl::StatusOr<Tensor> r = Add(a, b, 1, {.inplace = true});
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK(BM_AddInPlaceOverhead);

// Through the global registry (what the VM calls): argument binding plus the kernel.
const OpRegistry& PointwiseRegistry() { return OpRegistry::Global(); }

void BM_AddRegistryOverhead(benchmark::State& state) {
  SingleThread();
  const OpRegistry& registry = PointwiseRegistry();
  const std::vector<Value> args = {Filled({1}, 1.0f, 0.0f), Filled({1}, 2.0f, 0.0f)};
  for (auto _ : state) {
    absl::StatusOr<Value> r = registry.Call("add", args);
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK(BM_AddRegistryOverhead);

void BM_AddScalarRegistryOverhead(benchmark::State& state) {
  SingleThread();
  const OpRegistry& registry = PointwiseRegistry();
  const std::vector<Value> args = {Filled({1}, 1.0f, 0.0f), Value(1.5)};
  for (auto _ : state) {
    absl::StatusOr<Value> r = registry.Call("add", args);
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK(BM_AddScalarRegistryOverhead);

}  // namespace
}  // namespace wick::tensor
