// Interpreters on different threads run at the same time: each keeps its own objects,
// caches and compiled graphs, while the process-wide registries they share (modules,
// runtime states, the type lookup epoch) stay consistent. Also: interpreters created
// one after another on one thread start from the same state.
#include <string>
#include <thread>
#include <vector>

#include "gtest/gtest.h"
#include "logging/logging.h"
#include "runtime/run_program_test_util.h"
#include "runtime/runtime.h"
#include "vm/builtins/builtins.h"
#include "vm/interpreter.h"
#include "vm/runtime.h"
#include "vm/torch/nn/prelude.h"
#include "vm/torch/torch.h"

namespace wick::runtime {
namespace {

// Class attribute and method lookups (the type cache and the inline caches), a compiled
// function with a graph break, and a recompile when the input grows at call 25. Every
// thread also seeds the shared generator and sets the shared default dtype, to the same
// values. `compile_args` goes inside torch.compile(f, ...).
std::string Program(const std::string& compile_args) {
  return R"py(
import torch
torch.manual_seed(7)
torch.set_default_dtype(torch.float32)
print(torch.initial_seed(), torch.get_default_dtype())

class Affine:
    scale = 2.0
    def __init__(self, shift):
        self.shift = shift
    def apply(self, x):
        return x * self.scale + self.shift

class Total:
    def __init__(self):
        self.value = 0.0
    def add(self, v):
        self.value = self.value + v

aff = Affine(0.5)

def f(x):
    y = aff.apply(x).relu()
    print("mid", y.shape[0])
    return (y * y).sum() - aff.shift

f = torch.compile(f)py" +
         compile_args + R"py()
total = Total()
for i in range(50):
    n = 3 if i < 25 else 4
    r = f(torch.arange(float(n)) - 4.0 + i * 0.25)
    total.add(r.item())
    if i % 10 == 0 or i == 25:
        print(i, r)
print("total", round(total.value, 3))
)py";
}

const char* const kEager = ", backend=\"eager\"";

TEST(ConcurrencyTest, InterpretersOnFourThreadsMatchARunAlone) {
  const std::vector<std::string> programs = {Program(kEager), Program(""), Program(kEager),
                                             Program("")};
  const Result eager = RunProgram(programs[0]);
  const Result dflt = RunProgram(programs[1]);
  ASSERT_EQ(eager.status, 0) << eager.err;
  ASSERT_EQ(dflt.status, 0) << dflt.err;
  ASSERT_NE(eager.out.find("25 tensor("), std::string::npos) << eager.out;

  std::vector<Result> results(programs.size());
  std::vector<std::thread> threads;
  for (size_t i = 0; i < programs.size(); ++i) {
    threads.emplace_back([&, i] { results[i] = RunProgram(programs[i]); });
  }
  for (std::thread& t : threads) t.join();

  for (size_t i = 0; i < results.size(); ++i) {
    const Result& expected = i % 2 == 0 ? eager : dflt;
    EXPECT_EQ(results[i].status, 0) << "thread " << i << ": " << results[i].err;
    EXPECT_EQ(results[i].out, expected.out) << "thread " << i;
    EXPECT_EQ(results[i].err, expected.err) << "thread " << i;
  }
}

// Graph names (__compiled_fn_N) and everything printed start over with each interpreter.
TEST(ConcurrencyTest, InterpretersOneAfterAnotherStartAfresh) {
  ASSERT_TRUE(logging::ApplyTorchLogs("graph_code").ok());
  std::vector<Result> results;
  std::vector<std::vector<std::string>> logs;
  for (int i = 0; i < 3; ++i) {
    logging::ScopedLogCapture capture;
    results.push_back(RunProgram(Program("")));
    logs.push_back(capture.messages());
  }
  logging::ResetForTesting();

  ASSERT_EQ(results[0].status, 0) << results[0].err;
  ASSERT_FALSE(logs[0].empty());
  EXPECT_NE(logs[0][0].find("__compiled_fn_1"), std::string::npos) << logs[0][0];
  for (int i = 1; i < 3; ++i) {
    EXPECT_EQ(results[i].status, 0) << results[i].err;
    EXPECT_EQ(results[i].out, results[0].out) << "interpreter " << i;
    EXPECT_EQ(logs[i], logs[0]) << "interpreter " << i;
  }
}

}  // namespace
}  // namespace wick::runtime
