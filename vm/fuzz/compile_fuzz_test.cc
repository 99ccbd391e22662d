// Deterministic replay of the compile fuzz target (compile_fuzz_target.cc) over every
// Python file in the repository's test data, whole and mutated: truncations, byte
// flips, inserted keywords and shuffled lines. Fixed seeds; a time budget keeps it
// bounded on slow machines (sanitizers). The target aborts with the input on failure.
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "gtest/gtest.h"
#include "base/test_data.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

// The input being compiled, printed by the abort handler when a library assertion (not
// the target's own check) stops the process, so every failure is reproducible.
const std::string* g_current = nullptr;

void PrintCurrentInput(int) {
  if (g_current != nullptr) {
    constexpr char kHeader[] = "\n--- compile fuzz: the input that aborted ---\n";
    (void)!write(2, kHeader, sizeof(kHeader) - 1);
    (void)!write(2, g_current->data(), g_current->size());
    (void)!write(2, "\n--- end ---\n", 13);
  }
  std::signal(SIGABRT, SIG_DFL);
  std::abort();
}

void CompileOne(const std::string& s) {
  g_current = &s;
  LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(s.data()), s.size());
  g_current = nullptr;
}

constexpr const char* kFragments[] = {
    "yield ", "nonlocal x\n", "global x\n", "lambda: ", "(", ")", "[", "]", ":", "\n    ",
    "*", "**", "f\"{", "}", "try:\n", "except:\n", "finally:\n", "with a as b:\n",
    "class C:\n", "def f(x, /, y, *, z):\n", "return", "break", "continue", " if ", " else ",
    "for i in x:\n", "while 1:\n", "@d\n", "del ", "import a.b as c\n", ":=", "\\", "'''"};

TEST(CompileFuzzTest, MutatedCorpusNeverCrashes) {
  const std::vector<std::string> corpus = wick::base::PythonTestFiles({"lang/testdata", "vm/testdata/dis", "tests/programs"});
  ASSERT_GT(corpus.size(), 300u);
  std::signal(SIGABRT, PrintCurrentInput);
  std::mt19937 rng(20261202);
  const absl::Time deadline = absl::Now() + absl::Seconds(40);
  size_t runs = 0;
  for (const std::string& src : corpus) {
    CompileOne(src);
    ++runs;
    if (src.empty()) continue;
    std::uniform_int_distribution<size_t> pos(0, src.size() - 1);
    for (int i = 0; i < 8 && absl::Now() < deadline; ++i) {
      CompileOne(src.substr(0, pos(rng)));  // truncation
      std::string flipped = src;
      flipped[pos(rng)] = static_cast<char>(rng() % 128);  // byte flip
      CompileOne(flipped);
      std::string inserted = src;
      inserted.insert(pos(rng), kFragments[rng() % std::size(kFragments)]);
      CompileOne(inserted);
      std::vector<std::string> lines = absl::StrSplit(src, '\n');
      std::swap(lines[rng() % lines.size()], lines[rng() % lines.size()]);
      std::string shuffled;
      for (const std::string& l : lines) shuffled += l + "\n";
      CompileOne(shuffled);
      runs += 4;
    }
  }
  RecordProperty("runs", static_cast<int>(runs));
  EXPECT_GT(runs, corpus.size());
}

}  // namespace
