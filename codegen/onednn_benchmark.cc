// The oneDNN backend against the eager backend on the same graphs: an 8-op pointwise
// chain on 4M floats (bytes/s counts two inputs and one output), a 3-layer MLP (batch
// 64, width 1024, packed weights; flops/s; and its compile latency), and a tiny graph
// (per-call overhead).
//   bazel run -c opt //codegen:onednn_benchmark
#include <memory>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "codegen/backend.h"
#include "graph/graph.h"
#include "tensor/op_registry.h"
#include "tensor/tensor.h"

namespace wick::codegen {
namespace {

using tensor::DType;
using tensor::Tensor;

Tensor Filled(std::vector<int64_t> sizes, float scale) {
  Tensor t = *Tensor::Empty(sizes, DType::kFloat32);
  for (int64_t i = 0; i < t.numel(); ++i) {
    t.data<float>()[i] = static_cast<float>((i * 7919) % 2003 - 1001) * scale;
  }
  return t;
}

std::unique_ptr<Backend> BackendFor(int64_t which) {
  return which == 0 ? MakeEagerBackend() : MakeOneDnnBackend();
}

void RunGraph(benchmark::State& state, const graph::Graph& g, const std::vector<Tensor>& in) {
  auto compiled = BackendFor(state.range(0))->Compile(g);
  if (!compiled.ok()) {
    state.SkipWithError(std::string(compiled.status().message()).c_str());
    return;
  }
  for (auto _ : state) {
    auto outs = (*compiled)->Run(in);
    benchmark::DoNotOptimize(outs);
  }
  state.SetLabel(state.range(0) == 0 ? "eager" : "onednn");
}

constexpr char kChain[] =
    "graph chain {\n"
    "  %x = placeholder L_x_ \"L['x']\" : f32[4194304][1]cpu\n"
    "  %y = placeholder L_y_ \"L['y']\" : f32[4194304][1]cpu\n"
    "  %mul = mul.Tensor(%x, 2)\n"
    "  %add = add.Tensor(%mul, 1, 1)\n"
    "  %relu = relu(%add)\n"
    "  %mul_1 = mul.Tensor(%relu, %y)\n"
    "  %sub = sub.Tensor(%mul_1, 0.5, 1)\n"
    "  %abs = abs(%sub)\n"
    "  %mul_2 = mul.Tensor(%abs, %x)\n"
    "  %tanh = tanh(%mul_2)\n"
    "  return %tanh\n"
    "}\n";

void BM_PointwiseChain8(benchmark::State& state) {
  const int64_t n = 4 << 20;
  RunGraph(state, *graph::Parse(kChain), {Filled({n}, 1e-3f), Filled({n}, 2e-3f)});
  state.SetBytesProcessed(state.iterations() * 3 * n * 4);
}
BENCHMARK(BM_PointwiseChain8)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

// The same chain with neg in place of tanh: no transcendental, so memory-bound.
void BM_PointwiseChain8Cheap(benchmark::State& state) {
  const int64_t n = 4 << 20;
  std::string text = kChain;
  text.replace(text.find("tanh(%mul_2)"), 12, "neg(%mul_2)");
  RunGraph(state, *graph::Parse(text), {Filled({n}, 1e-3f), Filled({n}, 2e-3f)});
  state.SetBytesProcessed(state.iterations() * 3 * n * 4);
}
BENCHMARK(BM_PointwiseChain8Cheap)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

graph::Graph Mlp() {
  graph::GraphBuilder b("mlp");
  graph::NodeId h = b.AddPlaceholder(
      "L_x_", "L['x']", graph::TensorMeta::Of(Tensor::Meta({64, 1024}, DType::kFloat32)));
  const tensor::OpRegistry& r = tensor::OpRegistry::Global();
  for (int layer = 0; layer < 3; ++layer) {
    const std::string name = "L__self___l" + std::to_string(layer);
    graph::NodeId w = b.AddGetAttr(name + "_weight", Filled({1024, 1024}, 1e-4f));
    graph::NodeId bias = b.AddGetAttr(name + "_bias", Filled({1024}, 1e-3f));
    h = *b.AddCall(r.Find("linear"),
                   {graph::Arg::Ref({h, -1}), graph::Arg::Ref({w, -1}),
                    graph::Arg::Ref({bias, -1})},
                   {graph::CallStyle::kFunction, "torch._C._nn.linear", {}, {}}, {});
    if (layer < 2) {
      h = *b.AddCall(r.Find("relu"), {graph::Arg::Ref({h, -1})},
                     {graph::CallStyle::kFunction, "torch.relu", {}, {}}, {});
    }
  }
  b.SetOutput({{h, -1}});
  return *std::move(b).Finish();
}

void BM_Mlp3(benchmark::State& state) {
  RunGraph(state, Mlp(), {Filled({64, 1024}, 1e-3f)});
  state.counters["GFLOP/s"] = benchmark::Counter(
      static_cast<double>(state.iterations()) * 3 * 2 * 64 * 1024 * 1024 / 1e9,
      benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Mlp3)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

// Compile latency: partitioning, primitive creation and weight packing.
void BM_CompileMlp(benchmark::State& state) {
  const graph::Graph g = Mlp();
  std::unique_ptr<Backend> backend = BackendFor(state.range(0));
  for (auto _ : state) {
    auto compiled = backend->Compile(g);
    benchmark::DoNotOptimize(compiled);
  }
  state.SetLabel(state.range(0) == 0 ? "eager" : "onednn");
}
BENCHMARK(BM_CompileMlp)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

constexpr char kTiny[] =
    "graph tiny {\n"
    "  %x = placeholder L_x_ \"L['x']\" : f32[4][1]cpu\n"
    "  %add = add.Tensor(%x, 1, 1)\n"
    "  %relu = relu(%add)\n"
    "  return %relu\n"
    "}\n";

void BM_TinyGraph(benchmark::State& state) {
  RunGraph(state, *graph::Parse(kTiny), {Filled({4}, 1.f)});
}
BENCHMARK(BM_TinyGraph)->Arg(0)->Arg(1);

}  // namespace
}  // namespace wick::codegen
