// Tracing cost: Trace() of a 3-layer MLP module call (M3's budget: trace + compile
// under 5 ms with the eager backend) and of a small pointwise function.
//   bazel run -c opt //frontend:trace_benchmark
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "frontend/frontend.h"
#include "vm/builtins/builtins.h"
#include "vm/objects/dict.h"
#include "vm/torch/nn/prelude.h"
#include "vm/torch/torch.h"

namespace wick::frontend {
namespace {

constexpr char kProgram[] = R"(
import torch
import torch.nn as nn
class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(64, 128)
        self.fc2 = nn.Linear(128, 128)
        self.fc3 = nn.Linear(128, 10)
    def forward(self, x):
        return self.fc3(torch.relu(self.fc2(torch.relu(self.fc1(x)))))
m = MLP()
x = torch.randn(32, 64)
def mlp(x):
    return m(x)
def pointwise(x):
    return (x * 2 + 1).sin().sum()
)";

void TraceFunction(benchmark::State& state, const char* fn_name) {
  vm::RegisterTorchNNPrelude();
  vm::Runtime rt;
  vm::Interpreter interp(rt);
  vm::InstallBuiltins(interp);
  vm::InstallTorch(interp);
  if (interp.RunMain(kProgram, "bench.py", {"bench.py"}) != 0) {
    state.SkipWithError("program failed");
    return;
  }
  vm::Dict* globals = interp.sys_modules()->GetStr("__main__")->as<vm::Module>()->dict;
  vm::Function* f = globals->GetStr(fn_name)->as<vm::Function>();
  std::vector<vm::Value> locals(f->code_object()->varnames.size(), vm::Value::Raised());
  locals[0] = *globals->GetStr("x");
  vm::Frame frame;
  frame.code = f->code_object();
  frame.function = f;
  frame.globals = globals;
  frame.builtins = interp.builtins();
  frame.locals = locals.data();
  for (auto _ : state) {
    absl::StatusOr<TraceResult> r = Trace(interp, frame, 0, {});
    if (!r.ok() || r->stop.kind != Stop::Kind::kReturn) {
      state.SkipWithError("trace failed");
      return;
    }
    benchmark::DoNotOptimize(r->graph.num_calls());
  }
}

void BM_TraceMlp(benchmark::State& state) { TraceFunction(state, "mlp"); }
void BM_TracePointwise(benchmark::State& state) { TraceFunction(state, "pointwise"); }
BENCHMARK(BM_TraceMlp)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_TracePointwise)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace wick::frontend
