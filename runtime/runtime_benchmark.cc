// Runtime costs: cache-hit dispatch (a compiled call minus running its graph; target
// < 300 ns), trace + compile of a 3-layer MLP forward with the eager backend (target
// < 5 ms), and the graph-break path (an MLP split by one graph break per call minus the
// same MLP without it, cache warm; target <= 2 us: BM_MLPWithBreak - BM_MLPNoBreak).
//
//   bazel run -c opt //runtime:runtime_benchmark
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "runtime/assemble.h"
#include "runtime/internal/state.h"
#include "runtime/runtime.h"
#include "vm/interpreter.h"
#include "vm/objects/dict.h"
#include "vm/protocol.h"
#include "vm/runtime.h"
#include "vm/torch/torch.h"

namespace wick::runtime {
namespace {

constexpr char kProgram[] = R"py(
import torch

def f(x):
    return x + 1

class MLP(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(16, 32)
        self.fc2 = torch.nn.Linear(32, 32)
        self.fc3 = torch.nn.Linear(32, 4)

    def forward(self, x):
        return self.fc3(self.fc2(self.fc1(x).relu()).relu())

def mlp_whole(x):
    h = mlp.fc2(mlp.fc1(x).relu()).relu()
    return mlp.fc3(h)

def mlp_split(x):
    h = mlp.fc2(mlp.fc1(x).relu()).relu()
    torch._dynamo.graph_break()
    return mlp.fc3(h)

opt_f = torch.compile(f, backend="eager")
mlp = MLP()
opt_mlp = torch.compile(mlp.forward, backend="eager")
x = torch.ones(4)
xb = torch.ones(8, 16)
opt_f(x)
opt_whole = torch.compile(mlp_whole, backend="eager")
opt_split = torch.compile(mlp_split, backend="eager")
opt_whole(xb)
opt_split(xb)
)py";

// One interpreter with the program loaded.
struct World {
  vm::Runtime rt;
  vm::Interpreter interp{rt};
  vm::Value main;
  World() {
    AssembleInterpreter(interp);
    if (interp.RunMain(kProgram, "bench.py", {"bench.py"}) != 0) std::abort();
    main = *interp.sys_modules()->GetStr("__main__");
  }
  vm::Value Global(absl::string_view name) {
    return *main.as<vm::Module>()->dict->GetStr(name);
  }
};

void BM_CompiledCallCacheHit(benchmark::State& state) {
  World w;
  vm::Value opt = w.Global("opt_f");
  vm::Value args[] = {w.Global("x")};
  for (auto _ : state) benchmark::DoNotOptimize(vm::Call(w.rt, opt, args));
}
BENCHMARK(BM_CompiledCallCacheHit);

// The graph of the same entry run directly: what the compiled call spends in the graph.
void BM_GraphRunOnly(benchmark::State& state) {
  World w;
  vm::CodeObject* code = w.Global("f").as<vm::Function>()->code_object();
  internal::CacheEntry& entry = *internal::State(w.rt).CacheFor(code, 0).entries.at(0);
  std::vector<tensor::Tensor> inputs = {vm::TensorOfTensorObject(w.Global("x"))};
  for (auto _ : state) {
    auto outs = entry.compiled->Run(inputs);
    benchmark::DoNotOptimize(vm::NewTensorObject(w.rt, (*outs)[0]));
  }
}
BENCHMARK(BM_GraphRunOnly);

// Trace + guards + eager-backend compile (+ one run) of a 3-layer MLP forward.
void BM_TraceAndCompileMLP(benchmark::State& state) {
  World w;
  vm::Value opt = w.Global("opt_mlp");
  vm::Value args[] = {w.Global("xb")};
  vm::Value forward = vm::GetAttr(w.rt, w.Global("MLP"), "forward");
  vm::CodeObject* code = forward.as<vm::Function>()->code_object();
  for (auto _ : state) {
    internal::State(w.rt).Reset();
    benchmark::DoNotOptimize(vm::Call(w.rt, opt, args));
  }
  if (internal::State(w.rt).CacheFor(code, 0).entries.size() != 1) {
    state.SkipWithError("the MLP forward was not compiled");
  }
}
BENCHMARK(BM_TraceAndCompileMLP)->Unit(benchmark::kMillisecond);

// The same two halves of an MLP with and without a graph break between them (both
// cached): the difference is what a break costs per call (rebuilding the frame, the
// eager instruction, the resume entry's guards and dispatch).
void RunMlp(benchmark::State& state, const char* name) {
  World w;
  vm::Value opt = w.Global(name);
  vm::Value args[] = {w.Global("xb")};
  for (auto _ : state) benchmark::DoNotOptimize(vm::Call(w.rt, opt, args));
}
void BM_MLPNoBreak(benchmark::State& state) { RunMlp(state, "opt_whole"); }
void BM_MLPWithBreak(benchmark::State& state) { RunMlp(state, "opt_split"); }
BENCHMARK(BM_MLPNoBreak);
BENCHMARK(BM_MLPWithBreak);

}  // namespace
}  // namespace wick::runtime
