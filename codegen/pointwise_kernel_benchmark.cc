// The fused pointwise loop against this machine's memory system, in one run: a chain of
// N cheap ops (N = 1, 2, 4, 8) over 4M floats (16 MiB in, 16 MiB out), the same chains
// in cache (the loop's compute cost alone), next to two
// baselines of the same traffic: a streaming copy (the most a loop that reads x once and
// writes y once can reach) and std::memcpy. bytes/s counts one read and one write.
//   bazel run -c opt //codegen:pointwise_kernel_benchmark
#include <immintrin.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "benchmark/benchmark.h"
#include "codegen/internal/pointwise_kernel.h"

namespace wick::codegen::internal {
namespace {

constexpr int64_t kN = int64_t{4} << 20;

struct Buffers {
  float* x;
  float* y;
  Buffers() {
    x = static_cast<float*>(std::aligned_alloc(64, kN * 4));
    y = static_cast<float*>(std::aligned_alloc(64, kN * 4));
    for (int64_t i = 0; i < kN; ++i) x[i] = static_cast<float>(i % 2003 - 1001) * 1e-3f;
    std::memset(y, 0, kN * 4);
  }
  ~Buffers() {
    std::free(x);
    std::free(y);
  }
};

// The model's ops, cycled: mul, add, relu, mul by x, sub, abs, clamp, mul.
PointwiseProgram Chain(int64_t n, int ops) {
  PointwiseProgram p(n);
  const int x = p.AddInput(Broadcast::kFull, n);
  for (int i = 0; i < ops; ++i) {
    const Operand prev = i == 0 ? Operand::Input(x) : Operand::Chain();
    switch (i % 8) {
      case 0: p.Add(PwOp::kMul, prev, Operand::Const(0.5f)); break;
      case 1: p.Add(PwOp::kAdd, prev, Operand::Const(1.f)); break;
      case 2: p.Add(PwOp::kRelu, prev); break;
      case 3: p.Add(PwOp::kMul, prev, Operand::Input(x)); break;
      case 4: p.Add(PwOp::kSub, prev, Operand::Const(0.25f)); break;
      case 5: p.Add(PwOp::kAbs, prev); break;
      case 6: p.Add(PwOp::kClampMax, prev, Operand::Const(0), 2.f); break;
      default: p.Add(PwOp::kMul, prev, Operand::Const(3.f)); break;
    }
  }
  return p;
}

void BM_Chain(benchmark::State& state) {
  Buffers b;
  const PointwiseProgram p = Chain(kN, static_cast<int>(state.range(0)));
  const float* in[] = {b.x};
  for (auto _ : state) {
    p.Run(in, b.y);
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * 2 * kN * 4);
}
BENCHMARK(BM_Chain)->Arg(1)->Arg(2)->Arg(4)->Arg(8)->Unit(benchmark::kMillisecond)->UseRealTime();

// The same chains on 32K floats (256 KiB in and out, in L2): the loop's own cost
// without the memory system, reported per 4M floats for comparison with BM_Chain.
void BM_ChainInCache(benchmark::State& state) {
  constexpr int64_t kSmall = 32 << 10;
  Buffers b;
  const PointwiseProgram p = Chain(kSmall, static_cast<int>(state.range(0)));
  const float* in[] = {b.x};
  for (auto _ : state) {
    for (int64_t k = 0; k < kN / kSmall; ++k) p.Run(in, b.y + (k % 2) * kSmall);
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * 2 * kN * 4);
}
BENCHMARK(BM_ChainInCache)->Arg(1)->Arg(8)->Unit(benchmark::kMillisecond)->UseRealTime();

// gelu (oneDNN's erf formula, as PyTorch's float gelu) on 4M floats: Arg(0) the 8-wide
// element functor the eager kernel uses, Arg(1) the 16-wide register form.
void BM_Gelu(benchmark::State& state) {
  Buffers b;
  PointwiseProgram p(kN);
  p.Add(PwOp::kGelu, Operand::Input(p.AddInput(Broadcast::kFull, kN)));
  p.set_force_avx2_for_testing(state.range(0) == 0);
  const float* in[] = {b.x};
  for (auto _ : state) {
    p.Run(in, b.y);
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * 2 * kN * 4);
}
BENCHMARK(BM_Gelu)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_StreamCopy(benchmark::State& state) {
  Buffers b;
  for (auto _ : state) {
    for (int64_t i = 0; i < kN; i += 8) _mm256_stream_ps(b.y + i, _mm256_load_ps(b.x + i));
    _mm_sfence();
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * 2 * kN * 4);
}
BENCHMARK(BM_StreamCopy)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_Memcpy(benchmark::State& state) {
  Buffers b;
  for (auto _ : state) {
    std::memcpy(b.y, b.x, kN * 4);
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * 2 * kN * 4);
}
BENCHMARK(BM_Memcpy)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace wick::codegen::internal
