// The compiler's Python face (runtime/python/: torch._dynamo, torch.compiler,
// torch._logging): every embedded module is there and parses, and a program over the
// API prints exactly what CPython 3.11 + PyTorch 1.13 print for it with
// tests/programs/prelude.py installed (run_reference.py).
#include <cstdlib>
#include <set>
#include <string>

#include "gtest/gtest.h"
#include "lang/parser.h"
#include "runtime/assemble.h"
#include "runtime/internal/python_sources.h"
#include "vm/interpreter.h"
#include "vm/runtime.h"

namespace wick::runtime {
namespace {

// Runs `source` as __main__ of a fully assembled interpreter; stdout and stderr go
// to *out and *err.
int RunProgram(const std::string& source, const std::string& name, std::string* out,
               std::string* err) {
  vm::Runtime rt;
  vm::Interpreter interp(rt);
  AssembleInterpreter(interp);
  interp.write_stdout = [&](absl::string_view s) { out->append(s.data(), s.size()); };
  interp.write_stderr = [&](absl::string_view s) { err->append(s.data(), s.size()); };
  return interp.RunMain(source, name, {name});
}

TEST(PythonFaceTest, EveryModuleIsThereOnceAndParses) {
  std::set<std::string> names;
  for (const internal::PythonModule& m : internal::RuntimePythonModules()) {
    EXPECT_TRUE(names.insert(m.name).second) << "duplicate " << m.name;
    auto parsed = lang::Parse(m.source, std::string("<") + m.name + ">");
    EXPECT_TRUE(parsed.ok()) << m.name << ": " << parsed.status();
  }
  EXPECT_EQ(names, (std::set<std::string>{
                       "torch._dynamo", "torch._dynamo._regions", "torch._dynamo.config",
                       "torch._dynamo.eval_frame", "torch._dynamo.exc",
                       "torch._dynamo.testing", "torch._dynamo.utils", "torch.compiler",
                       "torch._logging"}));
}

constexpr const char* kProgram = R"py(
import torch
import torch._dynamo
from torch._dynamo import config
from torch._dynamo.utils import counters
import torch._dynamo.exc as dexc

@torch._dynamo.disable(recursive=False)
def a(x):
    return x + 1
@torch.compiler.disable
def b(x):
    return x * 3
print(a(1), b(2), a.__name__, b.__name__)
with torch.compiler.set_stance("force_eager"):
    print("stance")
@torch.compiler.set_stance("force_eager")
def c(x):
    return x - 1
print(c(5), c.__name__)
@torch._dynamo.error_on_graph_break(True)
def d():
    return "d"
print(d())
with config.patch({"verbose": True}, suppress_errors=True):
    with config.patch(verbose=False):
        print(config.verbose, config.suppress_errors)
    print(config.verbose, config.suppress_errors)
print(config.verbose, config.suppress_errors, config.recompile_limit, config.accumulated_cache_size_limit)
try:
    with config.patch(nonexistent=1):
        pass
except AttributeError as e:
    print("AttributeError", e)
print(counters["stats"]["calls"], len(counters["stats"]), "stats" in counters)
counters["graph_break"]["x"] += 2
print(counters["graph_break"]["x"])
counters.clear()
print(len(counters))
for cls in (dexc.Unsupported, dexc.TorchRuntimeError, dexc.BackendCompilerFailed):
    try:
        raise cls("msg")
    except dexc.TorchDynamoException as e:
        print(type(e).__name__, e, isinstance(e, RuntimeError))
cc = torch._dynamo.testing.CompileCounterWithBackend("eager")
print(cc.frame_count, cc.op_count, cc.backend, cc.graphs)
print(torch._dynamo.optimize("eager")(b)(1), torch._dynamo.is_compiling(), torch.compiler.is_dynamo_compiling())
print(torch._dynamo.allow_in_graph(b) is b, torch._dynamo.mark_static(torch.ones(1), 0))
torch._logging.set_logs(dynamo=10, recompiles=True)
@config.patch(cache_size_limit=1)
def e(n):
    return config.cache_size_limit + n
print(e(1), config.cache_size_limit)
)py";

constexpr const char* kExpected = R"out(
2 6 a b
stance
4 c
d
False True
True True
False False 8 256
AttributeError torch._dynamo.config.nonexistent does not exist
0 0 True
2
0
Unsupported msg True
TorchRuntimeError msg True
BackendCompilerFailed msg True
0 0 eager []
3 False False
True None
2 8
)out";

// The markers torch._dynamo re-exports are the VM's own objects (the tracer knows them
// by identity).
TEST(PythonFaceTest, MarkersAreTheVmOnes) {
  std::string out, err;
  int status = RunProgram(R"py(
import torch
import torch._compile_markers as m
print(torch._dynamo.graph_break is m.graph_break, torch._dynamo.skip_frame is m.skip_frame,
      torch._dynamo.is_compiling is m.is_compiling,
      torch.compiler.is_compiling is m.is_compiling,
      torch._dynamo.mark_dynamic is m.mark_dynamic)
print(torch.compile is torch._dynamo.eval_frame.compile)
)py", "markers.py", &out, &err);
  EXPECT_EQ(status, 0) << err;
  EXPECT_EQ(out, "True True True True True\nTrue\n");
}

TEST(PythonFaceTest, CompilerApiProgramMatchesReference) {
  std::string out, err;
  int status = RunProgram(std::string(kProgram).substr(1), "dynamo_program.py", &out, &err);
  EXPECT_EQ(status, 0) << err;
  EXPECT_EQ(out, std::string(kExpected).substr(1));
}

// The environment overrides upstream's messages name (TORCHDYNAMO_VERBOSE,
// TORCHDYNAMO_CAPTURE_SCALAR_OUTPUTS, ...) set the config when torch._dynamo loads.
TEST(PythonFaceTest, EnvironmentSetsConfig) {
  const char* kVars[] = {"TORCHDYNAMO_VERBOSE", "TORCHDYNAMO_CAPTURE_SCALAR_OUTPUTS",
                         "TORCHDYNAMO_CAPTURE_DYNAMIC_OUTPUT_SHAPE_OPS"};
  for (const char* v : kVars) setenv(v, "1", 1);
  std::string out, err;
  int status = RunProgram(R"py(
import torch._dynamo
from torch._dynamo.testing import CompileCounter
c = torch._dynamo.config
print(c.verbose, c.capture_scalar_outputs, c.capture_dynamic_output_shape_ops)
cnt = CompileCounter()
f = torch.compile(lambda x: x * x.sum().item(), backend=cnt)
print(f(torch.ones(2)), cnt.frame_count)
)py", "env.py", &out, &err);
  for (const char* v : kVars) unsetenv(v);
  EXPECT_EQ(status, 0) << err;
  // capture_scalar_outputs: .item() stays in the one graph.
  EXPECT_EQ(out, "True True True\ntensor([2., 2.]) 1\n");
}

}  // namespace
}  // namespace wick::runtime
