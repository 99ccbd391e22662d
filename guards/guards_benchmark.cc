// GuardTree::Check on a typical entry: two tensor arguments, one int argument and the
// grad mode (the target is a median under 50 ns), and the same with the
// NO_TENSOR_ALIASING guard upstream adds for two tensor inputs; then the dynamic-shape
// form of that entry (M5: under 100 ns): dim 0 of both tensors symbolic, so
// TENSOR_MATCH skips it and shape guards check `2 <= L['x'].size()[0]` and the duck
// sizing `L['y'].size()[0] == L['x'].size()[0]`.
#include <memory>
#include <vector>

#include "benchmark/benchmark.h"
#include "guards/guards.h"
#include "tensor/tensor.h"
#include "vm/objects/dict.h"
#include "vm/runtime.h"
#include "vm/torch/torch.h"

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

void RunCheck(benchmark::State& state, bool with_aliasing, bool dynamic = false) {
  vm::Runtime rt;
  vm::GetTorchCheckState(rt);
  std::vector<vm::Value> locals = {
      vm::NewTensorObject(rt, tensor::Tensor::Empty({4, 8}, tensor::DType::kFloat32).value()),
      vm::NewTensorObject(rt, tensor::Tensor::Empty({4, 8}, tensor::DType::kFloat32).value()),
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
  if (dynamic) {
    specs[1].tensor.sizes[0] = std::nullopt;
    specs[1].tensor.strides[0] = std::nullopt;
    specs[2].tensor.sizes[0] = std::nullopt;
    specs[2].tensor.strides[0] = std::nullopt;
    auto symbols = std::make_shared<ShapeSymbols>();
    symbols->symbols = {{x, 0}, {y, 0}};
    const sym::ExprPtr s0 = sym::Symbol(0, "s77"), alias = sym::Symbol(1, "alias");
    for (sym::Relation r : {sym::Relation{sym::Rel::kLe, sym::Int(2), s0},
                            sym::Relation{sym::Rel::kEq, alias, s0}}) {
      GuardSpec g;
      g.kind = GuardKind::kShapeEnv;
      g.shape = symbols;
      g.relation = r;
      specs.push_back(g);
    }
  }
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

void BM_CheckTwoDynamicTensorsIntAndAliasing(benchmark::State& state) {
  RunCheck(state, true, true);
}

BENCHMARK(BM_CheckTwoTensorsAndInt);
BENCHMARK(BM_CheckTwoDynamicTensorsIntAndAliasing);
BENCHMARK(BM_CheckTwoTensorsIntAndAliasing);

}  // namespace
}  // namespace wick::guards
