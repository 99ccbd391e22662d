// Deterministic replay of the tracer fuzz target (tracer_fuzz_target.cc): fixed
// pseudo-random inputs (a fixed-seed std::mt19937) and a few edge inputs, each turned
// into a program that wick runs eagerly and compiled. A time budget keeps the run
// bounded on slow machines (sanitizers); the target aborts with the program on failure,
// and the handlers here print the program when a crash stops the process instead.
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "gtest/gtest.h"
#include "tests/fuzz/program_gen.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
extern "C" void WickTracerFuzzStats(long* programs, long* graphs, long* breaks,
                                    long* failures);
extern "C" const char* WickTracerFuzzCurrentProgram();

#if defined(__SANITIZE_ADDRESS__)
#define WICK_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define WICK_UNDER_ASAN 1
#endif
#endif

#ifdef WICK_UNDER_ASAN
extern "C" void __sanitizer_set_death_callback(void (*callback)(void));
#endif

namespace {

void PrintCurrentProgram() {
  const char* p = WickTracerFuzzCurrentProgram();
  if (p == nullptr || p[0] == '\0') return;
  constexpr char kHeader[] = "\n--- tracer fuzz: the program that was running ---\n";
  (void)!write(2, kHeader, sizeof(kHeader) - 1);
  (void)!write(2, p, std::strlen(p));
  (void)!write(2, "--- end ---\n", 12);
}

void OnFatalSignal(int sig) {
  PrintCurrentProgram();
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

void InstallCrashHandlers() {
  std::signal(SIGABRT, OnFatalSignal);
#ifdef WICK_UNDER_ASAN
  // ASan owns SIGSEGV (its report is worth more); it calls this before exiting.
  __sanitizer_set_death_callback(PrintCurrentProgram);
#else
  std::signal(SIGSEGV, OnFatalSignal);
  std::signal(SIGFPE, OnFatalSignal);
#endif
}

int EnvInt(const char* name, int fallback) {
  const char* v = std::getenv(name);
  return v != nullptr && v[0] != '\0' ? std::atoi(v) : fallback;
}

void RunOne(const std::vector<uint8_t>& bytes) {
  LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
}

TEST(TracerFuzzTest, GeneratorIsDeterministicAndVaried) {
  std::mt19937 rng(7);
  std::vector<std::string> programs;
  for (int i = 0; i < 20; ++i) {
    std::vector<uint8_t> bytes(64 + rng() % 449);
    for (uint8_t& b : bytes) b = static_cast<uint8_t>(rng());
    const std::string p = wick::tracer_fuzz::GenerateProgram(bytes.data(), bytes.size());
    EXPECT_EQ(p, wick::tracer_fuzz::GenerateProgram(bytes.data(), bytes.size()));
    EXPECT_TRUE(absl::StrContains(p, "\ndef f(x, w, k):\n")) << p;
    EXPECT_TRUE(absl::StrContains(p, "torch.compile(f, backend=backend")) << p;
    EXPECT_FALSE(absl::StrContains(p, "while ")) << p;
    programs.push_back(p);
  }
  std::sort(programs.begin(), programs.end());
  EXPECT_EQ(std::unique(programs.begin(), programs.end()), programs.end());
  // No bytes at all: every choice is 0, still a whole program.
  EXPECT_TRUE(absl::StrContains(wick::tracer_fuzz::GenerateProgram(nullptr, 0), "def f("));
}

TEST(TracerFuzzTest, SameOutputToleratesRoundingOnly) {
  using wick::tracer_fuzz::SameOutput;
  std::string why;
  EXPECT_TRUE(SameOutput("p1 tensor([1.0000, 2.5000])\n", "p1 tensor([1.0001, 2.5000])\n", &why));
  EXPECT_TRUE(SameOutput("tensor([0., 1.])", "tensor([1.0000e-07, 1.0000e+00])", &why));
  EXPECT_TRUE(SameOutput("x 4.208324909210205", "x 4.208325386047363", &why));
  EXPECT_TRUE(SameOutput("tensor([[1., 2.],\n   [3., 4.]])", "tensor([[1., 2.], [3., 4.]])", &why));
  EXPECT_FALSE(SameOutput("p1 tensor([1.0000])", "p1 tensor([1.0100])", &why));
  EXPECT_TRUE(absl::StrContains(why, "token")) << why;
  EXPECT_FALSE(SameOutput("p1 1.0\np2 2.0\n", "p2 2.0\np1 1.0\n", &why));
  EXPECT_FALSE(SameOutput("p1 1.0\n", "p1 1.0\np1 1.0\n", &why));
  EXPECT_FALSE(SameOutput("caught e3", "caught e4", &why));
}

TEST(TracerFuzzTest, EdgeInputs) {
  InstallCrashHandlers();
  RunOne({});
  RunOne({0});
  RunOne(std::vector<uint8_t>(512, 0));
  RunOne(std::vector<uint8_t>(512, 0xff));
  RunOne(std::vector<uint8_t>(512, 0x80));
}

TEST(TracerFuzzTest, RandomProgramsAgreeEagerAndCompiled) {
  InstallCrashHandlers();
  long programs0 = 0, graphs0 = 0, breaks0 = 0, failures0 = 0;
  WickTracerFuzzStats(&programs0, &graphs0, &breaks0, &failures0);
  // More on demand: --test_env=WICK_TRACER_FUZZ_INPUTS=N, WICK_TRACER_FUZZ_SEED=S,
  // WICK_TRACER_FUZZ_SECONDS=T (and a matching --test_timeout).
  std::mt19937 rng(EnvInt("WICK_TRACER_FUZZ_SEED", 20261203));
  const int kInputs = EnvInt("WICK_TRACER_FUZZ_INPUTS", 400);
#ifdef WICK_UNDER_ASAN
  const absl::Duration budget = absl::Seconds(EnvInt("WICK_TRACER_FUZZ_SECONDS", 60));
#else
  const absl::Duration budget = absl::Seconds(EnvInt("WICK_TRACER_FUZZ_SECONDS", 45));
#endif
  const absl::Time start = absl::Now();
  int ran = 0;
  for (int i = 0; i < kInputs && absl::Now() - start < budget; ++i) {
    std::vector<uint8_t> bytes(64 + rng() % 449);
    for (uint8_t& b : bytes) b = static_cast<uint8_t>(rng());
    RunOne(bytes);
    ++ran;
  }
  long programs = 0, graphs = 0, breaks = 0, failures = 0;
  WickTracerFuzzStats(&programs, &graphs, &breaks, &failures);
  std::printf("tracer fuzz: %d of %d programs in %.1f s: %ld graphs, %ld graph breaks\n", ran,
              kInputs, absl::ToDoubleSeconds(absl::Now() - start), graphs - graphs0,
              breaks - breaks0);
  RecordProperty("programs", ran);
  RecordProperty("graphs", static_cast<int>(graphs - graphs0));
  RecordProperty("graph_breaks", static_cast<int>(breaks - breaks0));
  EXPECT_EQ(programs - programs0, ran);
  EXPECT_EQ(failures - failures0, 0) << "failures (WICK_TRACER_FUZZ_KEEP_GOING=1)";
  EXPECT_GE(ran, std::min(kInputs, 20));
  EXPECT_GT(graphs - graphs0, ran);
  EXPECT_GT(breaks - breaks0, ran / 2);
}

}  // namespace
