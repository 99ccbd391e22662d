// The whole-program fuzz target: any bytes are a Python program that wick compiles and
// runs in-process with torch, as `wick run` does, under the limits a fuzzer needs:
// - time: a watchdog asks for KeyboardInterrupt (the Ctrl-C path) after
//   WICK_PROGRAM_FUZZ_MS milliseconds (default 1000), then every 50 ms until the program
//   ends, so loops end at their next safe point;
// - recursion: the interpreter's own limit (RecursionError before the native stack
//   runs out);
// - allocation: the fuzzer's -malloc_limit_mb / -rss_limit_mb (`./wick fuzz program`).
// A program may end any way Python allows (an uncaught exception, SyntaxError,
// SystemExit, the watchdog's KeyboardInterrupt). It fails the target when the process
// crashes or a sanitizer reports, or when a C++ exception reached a frame boundary
// (Interpreter::InternalErrorCount, shown as "wick internal error": an unaudited site,
// M13; not the text, which a program can print and the fuzzer learned to insert). A short prelude runs first and takes
// away what could change files outside the scratch directory the fuzzer runs in.
//
// Linked into program_fuzz_test (a deterministic replay of mutated test programs on
// every test run, also under ASan) and into the libFuzzer binary program_fuzzer.
// WICK_PROGRAM_FUZZ_PRINT=1 prints each program to stderr before running it.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "runtime/assemble.h"
#include "vm/interpreter.h"
#include "vm/runtime.h"

namespace {

// Removes file-changing functions and refuses writes except to relative paths without
// "..". (The program's line numbers are off by the prelude's 10 lines.)
constexpr char kPrelude[] =
    "import builtins as _b, os as _o\n"
    "_open = _b.open\n"
    "def _guarded_open(file, mode='r', *a, **k):\n"
    "    if any(c in str(mode) for c in 'wax+') and not (isinstance(file, str) and "
    "not file.startswith('/') and '..' not in file):\n"
    "        raise PermissionError('program fuzz: writes outside the scratch directory are off')\n"
    "    return _open(file, mode, *a, **k)\n"
    "_b.open = _guarded_open\n"
    "for _n in ('remove', 'unlink', 'rmdir', 'removedirs', 'rename', 'replace', 'chdir', "
    "'makedirs', 'mkdir', 'putenv', 'unsetenv'):\n"
    "    if hasattr(_o, _n): delattr(_o, _n)\n"
    "del _b, _o, _n, _guarded_open\n";

struct Stats {
  long programs = 0;
  long raised = 0;       // ended by an uncaught exception (SyntaxError included)
  long interrupted = 0;  // ended by the watchdog
};
Stats g_stats;
std::string g_current;  // the program now running, for crash handlers

int TimeLimitMs() {
  const char* env = std::getenv("WICK_PROGRAM_FUZZ_MS");
  int ms = 1000;
  if (env != nullptr && (!absl::SimpleAtoi(env, &ms) || ms <= 0)) ms = 1000;
  return ms;
}

// Requests KeyboardInterrupt from `ms` milliseconds on, every 50 ms, until stopped.
class Watchdog {
 public:
  explicit Watchdog(int ms) : thread_([this, ms] { Run(ms); }) {}
  ~Watchdog() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      done_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }
  bool fired() const { return fired_.load(); }

 private:
  void Run(int ms) {
    std::unique_lock<std::mutex> lock(mu_);
    if (cv_.wait_for(lock, std::chrono::milliseconds(ms), [this] { return done_; })) return;
    while (!done_) {
      fired_ = true;
      wick::vm::Interpreter::RequestInterrupt();
      cv_.wait_for(lock, std::chrono::milliseconds(50), [this] { return done_; });
    }
  }

  std::mutex mu_;
  std::condition_variable cv_;
  bool done_ = false;
  std::atomic<bool> fired_{false};  // read by the program's thread (a race TSan found)
  std::thread thread_;
};

// Keeps the first 64 KiB of an output stream (programs may print without end).
void Append(std::string* to, absl::string_view s) {
  constexpr size_t kMax = 64 * 1024;
  if (to->size() < kMax) to->append(s.data(), std::min(s.size(), kMax - to->size()));
}

}  // namespace

extern "C" void WickProgramFuzzStats(long* programs, long* raised, long* interrupted) {
  *programs = g_stats.programs;
  *raised = g_stats.raised;
  *interrupted = g_stats.interrupted;
}

extern "C" const char* WickProgramFuzzCurrentProgram() { return g_current.c_str(); }

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  namespace vm = wick::vm;
  g_current = absl::StrCat(kPrelude,
                           absl::string_view(reinterpret_cast<const char*>(data), size));
  const char* print = std::getenv("WICK_PROGRAM_FUZZ_PRINT");
  if (print != nullptr && print[0] == '1') std::fprintf(stderr, "%s\n", g_current.c_str());

  std::string out, err;
  int status = 0;
  bool fired = false;
  const int64_t internal_errors = vm::Interpreter::InternalErrorCount();
  {
    vm::Runtime rt;
    vm::Interpreter interp(rt);
    wick::runtime::AssembleInterpreter(interp);
    interp.write_stdout = [&out](absl::string_view s) { Append(&out, s); };
    interp.write_stderr = [&err](absl::string_view s) { Append(&err, s); };
    {
      Watchdog watchdog(TimeLimitMs());
      status = interp.RunMain(g_current, "fuzz.py", {"fuzz.py"});
      fired = watchdog.fired();
    }
    // A request the program's end raced with must not reach the next program.
    if (vm::Interpreter::TakePendingInterrupt(rt)) rt.ClearException();
  }
  ++g_stats.programs;
  if (fired) ++g_stats.interrupted;
  if (status != 0) ++g_stats.raised;
  if (vm::Interpreter::InternalErrorCount() != internal_errors) {
    std::fprintf(stderr,
                 "program fuzz: a C++ exception reached a frame boundary\n--- program ---\n"
                 "%s\n--- stderr ---\n%s--- end ---\n",
                 g_current.c_str(), err.c_str());
    std::abort();
  }
  g_current.clear();
  return 0;
}
