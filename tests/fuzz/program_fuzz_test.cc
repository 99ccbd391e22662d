// Deterministic replay of the whole-program fuzz target (program_fuzz_target.cc): every
// test program, then mutated copies of them (numbers made large, negative or zero; lines
// deleted, duplicated or swapped; statements inserted), each run to its end or to the
// target's time limit. Fixed seeds; a time budget keeps the run bounded on slow machines
// (sanitizers). A crash, a sanitizer report or a C++ exception reaching a frame boundary
// fails the test; the handlers print the program that was running.
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

#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "gtest/gtest.h"
#include "re2/re2.h"
#include "base/test_data.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
extern "C" void WickProgramFuzzStats(long* programs, long* raised, long* interrupted);
extern "C" const char* WickProgramFuzzCurrentProgram();

namespace {

void OnFatalSignal(int sig) {
  const char* p = WickProgramFuzzCurrentProgram();
  if (p != nullptr && p[0] != '\0') {
    constexpr char kHeader[] = "\n--- program fuzz: the program that was running ---\n";
    (void)!write(2, kHeader, sizeof(kHeader) - 1);
    (void)!write(2, p, std::strlen(p));
    (void)!write(2, "\n--- end ---\n", 13);
  }
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

void RunOne(const std::string& s) {
  LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(s.data()), s.size());
}

constexpr const char* kNumbers[] = {"0", "-1", "10**9", "2**63", "1e308", "-0.0",
                                    "float('nan')", "True", "None", "()"};
constexpr const char* kStatements[] = {
    "x = x", "del x", "raise ValueError", "return", "yield", "import gc; gc.collect()",
    "l = []; l.append(l); print(l)", "d = {}; d[1] = d; repr(d)", "globals().clear()",
    "import sys; sys.setrecursionlimit(50)", "torch.manual_seed(0)",
    "t = torch.ones(2); t.resize_(0)", "a = b = c = None"};

// One mutation of `src` (numbered so the replay is the same on every machine).
std::string Mutate(const std::string& src, std::mt19937& rng) {
  std::vector<std::string> lines = absl::StrSplit(src, '\n');
  const size_t at = rng() % lines.size();
  switch (rng() % 5) {
    case 0: {  // a number literal becomes an extreme value
      std::string& line = lines[at];
      re2::StringPiece rest(line);
      std::string number;
      if (RE2::FindAndConsume(&rest, R"(\b(\d+(?:\.\d+)?)\b)", &number)) {
        const size_t pos = line.find(number);
        line.replace(pos, number.size(), kNumbers[rng() % std::size(kNumbers)]);
      }
      break;
    }
    case 1:
      lines.erase(lines.begin() + static_cast<long>(at));
      break;
    case 2:
      lines.insert(lines.begin() + static_cast<long>(at), lines[at]);
      break;
    case 3:
      std::swap(lines[at], lines[rng() % lines.size()]);
      break;
    default: {  // a statement at the line's indentation
      const std::string& line = lines[at];
      const size_t indent = line.find_first_not_of(' ');
      lines.insert(lines.begin() + static_cast<long>(at),
                   std::string(indent == std::string::npos ? 0 : indent, ' ') +
                       kStatements[rng() % std::size(kStatements)]);
      break;
    }
  }
  return absl::StrJoin(lines, "\n");
}

TEST(ProgramFuzzTest, MutatedProgramsNeverCrash) {
  const std::vector<std::string> corpus = wick::base::PythonTestFiles({"lang/testdata", "vm/testdata/dis", "tests/programs"});
  ASSERT_GT(corpus.size(), 300u);
  std::signal(SIGABRT, OnFatalSignal);
  std::signal(SIGSEGV, OnFatalSignal);
  // Programs write files only into the scratch directory (the target's prelude).
  const char* tmp = std::getenv("TEST_TMPDIR");
  ASSERT_EQ(chdir(tmp != nullptr ? tmp : "/tmp"), 0);
  setenv("WICK_PROGRAM_FUZZ_MS", "300", 1);
  std::mt19937 rng(20261206);
  // The programs in a fixed shuffled order, so a short budget still samples every area.
  std::vector<size_t> order(corpus.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), rng);
  const absl::Time deadline = absl::Now() + absl::Seconds(90);
  for (size_t i : order) {
    if (absl::Now() >= deadline) break;
    if (corpus[i].empty()) continue;
    RunOne(Mutate(corpus[i], rng));
    RunOne(Mutate(Mutate(corpus[i], rng), rng));
  }
  long programs = 0, raised = 0, interrupted = 0;
  WickProgramFuzzStats(&programs, &raised, &interrupted);
  std::printf("program fuzz replay: %ld programs, %ld raised, %ld stopped by the time limit\n",
              programs, raised, interrupted);
  RecordProperty("programs", static_cast<int>(programs));
  // Under sanitizers a program takes ~0.5 s: the budget still runs dozens.
  EXPECT_GT(programs, 20);
  EXPECT_LT(interrupted, programs);
}

}  // namespace
