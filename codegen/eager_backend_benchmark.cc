// The eager backend's per-call cost against calling the same kernels directly: a
// 3-op graph (add, sin, mul) on 4-element tensors, so kernel time is small and the
// difference is the backend's interpretation overhead.
#include <memory>

#include "benchmark/benchmark.h"
#include "codegen/backend.h"
#include "graph/graph.h"
#include "tensor/op_registry.h"

namespace wick::codegen {
namespace {

using graph::Arg;
using graph::CallStyle;
using graph::NodeId;
using tensor::OpRegistry;
using tensor::Tensor;

Tensor Filled(float v) {
  Tensor t = *Tensor::Empty({4}, tensor::DType::kFloat32);
  for (int i = 0; i < 4; ++i) t.data<float>()[i] = v + i;
  return t;
}

graph::Graph SmallGraph() {
  const OpRegistry& r = OpRegistry::Global();
  graph::GraphBuilder b("bench");
  graph::TensorMeta m = graph::TensorMeta::Of(Tensor::Meta({4}, tensor::DType::kFloat32));
  NodeId x = b.AddPlaceholder("L_x_", "L['x']", m);
  NodeId y = b.AddPlaceholder("L_y_", "L['y']", m);
  auto ref = [](NodeId id) { return Arg::Ref({id, -1}); };
  graph::Spelling sp{CallStyle::kFunction, "f", {}, {}};
  NodeId add = *b.AddCall(r.Find("add.Tensor"), {ref(x), ref(y), Arg::Constant(1)}, sp, {});
  NodeId sin = *b.AddCall(r.Find("sin"), {ref(add)}, sp, {});
  NodeId mul = *b.AddCall(r.Find("mul.Tensor"), {ref(sin), ref(x)}, sp, {});
  b.SetOutput({{mul, -1}});
  return *std::move(b).Finish();
}

void BM_EagerBackendRun(benchmark::State& state) {
  std::unique_ptr<CompiledGraph> c = *MakeEagerBackend()->Compile(SmallGraph());
  const Tensor inputs[] = {Filled(1), Filled(2)};
  for (auto _ : state) benchmark::DoNotOptimize(c->Run(inputs));
}
BENCHMARK(BM_EagerBackendRun);

void BM_DirectKernels(benchmark::State& state) {
  const OpRegistry& r = OpRegistry::Global();
  const tensor::OpDef* add = r.Find("add.Tensor");
  const tensor::OpDef* sin = r.Find("sin");
  const tensor::OpDef* mul = r.Find("mul.Tensor");
  const Tensor x = Filled(1), y = Filled(2);
  const tensor::Value alpha(1);
  for (auto _ : state) {
    tensor::Value a1[] = {x, y, alpha};
    tensor::Value s = *add->kernel(tensor::OpArgs(a1));
    tensor::Value a2[] = {s};
    tensor::Value t = *sin->kernel(tensor::OpArgs(a2));
    tensor::Value a3[] = {t, x};
    benchmark::DoNotOptimize(mul->kernel(tensor::OpArgs(a3)));
  }
}
BENCHMARK(BM_DirectKernels);

}  // namespace
}  // namespace wick::codegen
