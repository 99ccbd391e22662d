// What logging costs at a call site: a disabled check must be a load and a branch
// (nanoseconds or below); an enabled record pays for formatting; counters pay a lock.
//
//   bazel run -c opt //logging:logging_benchmark
#include <string>

#include "benchmark/benchmark.h"
#include "logging/logging.h"

namespace wick::logging {
namespace {

// Swallows records so enabled benchmarks measure formatting, not the terminal.
class NullSink : public LogSink {
 public:
  void Write(const LogRecord&, absl::string_view text) override {
    benchmark::DoNotOptimize(text.data());
  }
};

void BM_DisabledComponentLog(benchmark::State& state) {
  ResetForTesting();
  for (auto _ : state) {
    WICK_LOG(dynamo, DEBUG) << "never formatted " << state.iterations();
  }
}
BENCHMARK(BM_DisabledComponentLog);

void BM_DisabledArtifact(benchmark::State& state) {
  ResetForTesting();
  for (auto _ : state) {
    WICK_ARTIFACT(graph_breaks) << "never formatted " << state.iterations();
  }
}
BENCHMARK(BM_DisabledArtifact);

void BM_IsOnCheck(benchmark::State& state) {
  ResetForTesting();
  for (auto _ : state) benchmark::DoNotOptimize(WICK_ARTIFACT_IS_ON(guards));
}
BENCHMARK(BM_IsOnCheck);

void BM_EnabledArtifactRecord(benchmark::State& state) {
  ResetForTesting();
  NullSink sink;
  LogSink* console = SetConsoleSink(&sink);
  (void)ApplyTorchLogs("+dynamo");
  CompileIdScope scope({.compile_id = {.frame_id = 0, .frame_compile_id = 0}});
  for (auto _ : state) {
    WICK_ARTIFACT(graph_breaks) << "Graph break in user code at model.py:" << 12;
  }
  SetConsoleSink(console);
  ResetForTesting();
}
BENCHMARK(BM_EnabledArtifactRecord);

}  // namespace
}  // namespace wick::logging
