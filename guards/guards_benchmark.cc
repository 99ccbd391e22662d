// GuardTree::Check on a typical entry: two tensor arguments, one int argument and the
// grad mode (the target is a median under 50 ns), and the same with the
// NO_TENSOR_ALIASING guard upstream adds for two tensor inputs.
#include <memory>
#include <vector>

#include "benchmark/benchmark.h"
#include "guards/guards.h"
#include "tensor/tensor.h"
#include "vm/objects/dict.h"
#include "vm/runtime.h"
#include "vm/torch/internal.h"

namespace wick::guards {
namespace {

GuardSpec TensorMatch(SourcePtr s, int64_t rows, int64_t cols) {
  GuardSpec g;
  g.kind = GuardKind::kTensorMatch;
  g.source = std::move(s);
  g.tensor.sizes = {rows, cols};
  g.tensor.strides = {cols, 1};
  return g;
}

void RunCheck(benchmark::State& state, bool with_aliasing) {
  vm::Runtime rt;
  vm::torch::State(rt);
  std::vector<vm::Value> locals = {
      vm::torch::WrapTensor(rt, tensor::Tensor::Empty({4, 8}, tensor::DType::kFloat32).value()),
      vm::torch::WrapTensor(rt, tensor::Tensor::Empty({4, 8}, tensor::DType::kFloat32).value()),
      vm::Value::Int(3)};
  vm::Value globals = rt.NewDict();
  SourcePtr x = Source::Local("x", 0), y = Source::Local("y", 1), n = Source::Local("n", 2);
  std::vector<GuardSpec> specs;
  GuardSpec grad;
  grad.kind = GuardKind::kGlobalState;
  specs.push_back(grad);
  specs.push_back(TensorMatch(x, 4, 8));
  specs.push_back(TensorMatch(y, 4, 8));
  GuardSpec eq;
  eq.kind = GuardKind::kEqualsMatch;
  eq.source = n;
  eq.expected = vm::Value::Int(3);
  specs.push_back(eq);
  if (with_aliasing) {
    GuardSpec alias;
    alias.kind = GuardKind::kNoTensorAliasing;
    alias.aliases = {x, y};
    specs.push_back(alias);
  }
  std::unique_ptr<GuardTree> tree = GuardTree::Build(std::move(specs)).value();
  FrameView view;
  view.rt = &rt;
  view.locals = locals.data();
  view.num_locals = static_cast<int32_t>(locals.size());
  view.globals = globals.as<vm::Dict>();
  for (auto _ : state) {
    benchmark::DoNotOptimize(tree->Check(view));
  }
  tree.reset();
  locals.clear();
}

void BM_CheckTwoTensorsAndInt(benchmark::State& state) { RunCheck(state, false); }
void BM_CheckTwoTensorsIntAndAliasing(benchmark::State& state) { RunCheck(state, true); }

BENCHMARK(BM_CheckTwoTensorsAndInt);
BENCHMARK(BM_CheckTwoTensorsIntAndAliasing);

}  // namespace
}  // namespace wick::guards
