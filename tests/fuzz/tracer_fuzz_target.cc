// The tracer fuzz target: any bytes make a Python program (program_gen.h) that wick
// runs in-process, eagerly and under torch.compile with the "eager" and "inductor"
// (oneDNN) backends. The run must exit with status 0, print no MISMATCH line (the
// program compares compiled results with eager ones itself), and every compiled
// section's printed output must equal the eager section of the same input up to float
// tolerance (SameOutput: the same prints in the same order, so graph breaks keep side
// effects in place). Anything else prints the program and aborts; crashes and sanitizer
// reports stop the process on their own. Linked two ways (BUILD.bazel): into
// tracer_fuzz_test, which replays fixed pseudo-random inputs on every test run (also
// under --config=asan), and into the libFuzzer binary tracer_fuzzer (`./wick fuzz
// tracer`).
//
// Environment: WICK_TRACER_FUZZ_PRINT=1 prints each program to stderr before running it
// (to see the program of a crashing input: `tracer_fuzzer CRASH_FILE`);
// WICK_TRACER_FUZZ_KEEP_GOING=1 reports failures without aborting (for triage runs).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "runtime/assemble.h"
#include "runtime/runtime.h"
#include "tests/fuzz/program_gen.h"
#include "vm/interpreter.h"
#include "vm/runtime.h"

namespace {

struct Stats {
  long programs = 0;
  long graphs = 0;
  long breaks = 0;
  long failures = 0;  // with WICK_TRACER_FUZZ_KEEP_GOING=1
};
Stats g_stats;

// The program being run (for crash handlers in the replay test).
std::string g_current;

// The output split at its "== <label>" lines: (label, text) in order.
std::vector<std::pair<std::string, std::string>> Sections(absl::string_view out) {
  std::vector<std::pair<std::string, std::string>> sections;
  for (absl::string_view line : absl::StrSplit(out, '\n')) {
    if (absl::StartsWith(line, "== ")) {
      sections.emplace_back(std::string(line.substr(3)), "");
    } else if (!sections.empty()) {
      absl::StrAppend(&sections.back().second, line, "\n");
    }
  }
  return sections;
}

// Prints the failure with the program and its output, then aborts (or, with
// WICK_TRACER_FUZZ_KEEP_GOING=1, counts it and goes on with the next input).
void Fail(const std::string& what, const std::string& program, const std::string& out,
          const std::string& err) {
  std::fprintf(stderr,
               "tracer fuzz: %s\n--- program ---\n%s--- stdout ---\n%s--- stderr ---\n%s"
               "--- end ---\n",
               what.c_str(), program.c_str(), out.c_str(), err.c_str());
  g_current.clear();  // printed already: crash handlers need not print it again
  const char* keep_going = std::getenv("WICK_TRACER_FUZZ_KEEP_GOING");
  if (keep_going == nullptr || keep_going[0] != '1') std::abort();
  ++g_stats.failures;
}

// Checks one run; false after a failure (reported by Fail).
bool Check(const std::string& program, int status, const std::string& out,
           const std::string& err) {
  if (status != 0) {
    Fail(absl::StrCat("exit status ", status), program, out, err);
    return false;
  }
  if (absl::StrContains(out, "MISMATCH")) {
    Fail("a compiled result differs from the eager one", program, out, err);
    return false;
  }
  const auto sections = Sections(out);
  if (sections.size() != 8) {
    Fail(absl::StrCat(sections.size(), " output sections, expected 8"), program, out, err);
    return false;
  }
  for (const auto& [label, text] : sections) {
    const std::string ref = label.substr(0, 2) + "ref";  // "a ref" or "b ref"
    if (label == ref) continue;
    const std::string* want = nullptr;
    for (const auto& [l, t] : sections) {
      if (l == ref) want = &t;
    }
    if (want == nullptr) {
      Fail("no section '" + ref + "'", program, out, err);
      return false;
    }
    std::string why;
    if (!wick::tracer_fuzz::SameOutput(*want, text, &why)) {
      Fail("section '" + label + "' prints differently from '" + ref + "': " + why, program,
           out, err);
      return false;
    }
  }
  return true;
}

}  // namespace

// For tracer_fuzz_test: how many programs ran, the graphs and graph breaks they
// compiled and the failures kept going past; and the program now running (empty
// between runs).
extern "C" void WickTracerFuzzStats(long* programs, long* graphs, long* breaks,
                                    long* failures) {
  *failures = g_stats.failures;
  *programs = g_stats.programs;
  *graphs = g_stats.graphs;
  *breaks = g_stats.breaks;
}

extern "C" const char* WickTracerFuzzCurrentProgram() { return g_current.c_str(); }

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  namespace vm = wick::vm;
  g_current = wick::tracer_fuzz::GenerateProgram(data, size);
  const std::string& program = g_current;
  const char* print = std::getenv("WICK_TRACER_FUZZ_PRINT");
  if (print != nullptr && print[0] == '1') std::fprintf(stderr, "%s", program.c_str());

  std::string out, err;
  int status = 0;
  std::vector<wick::runtime::ExplainEvent> events;
  {
    vm::Runtime rt;
    vm::Interpreter interp(rt);
    wick::runtime::AssembleInterpreter(interp);
    wick::runtime::StartExplainRecording(interp);
    interp.write_stdout = [&out](absl::string_view s) { out.append(s.data(), s.size()); };
    interp.write_stderr = [&err](absl::string_view s) { err.append(s.data(), s.size()); };
    status = interp.RunMain(program, "fuzz.py", {"fuzz.py"});
    events = wick::runtime::TakeExplainEvents(interp);
  }
  ++g_stats.programs;
  for (const wick::runtime::ExplainEvent& e : events) {
    if (e.kind == wick::runtime::ExplainEvent::Kind::kGraph) ++g_stats.graphs;
    if (e.kind == wick::runtime::ExplainEvent::Kind::kBreak) ++g_stats.breaks;
  }

  const std::string copy = program;  // Fail clears g_current
  Check(copy, status, out, err);
  g_current.clear();
  return 0;
}
