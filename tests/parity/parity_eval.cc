// parity_eval: wick's side of the PyTorch parity test. Reads case files, evaluates each
// case through OpRegistry::Global() and prints one canonical record per case
// (tests/parity/README.md); run_torch.py prints the same for PyTorch, compare.py diffs.
//
//   parity_eval [--no-fork] [--case-timeout=SECONDS] cases/pointwise.txt ...
//
// Each case runs in a forked child by default, so a crashing or hanging kernel costs one
// record ("error Crash(SIGSEGV)", "error Crash(timeout)") instead of the whole run.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "tensor/op_registry.h"
#include "tests/parity/evaluator.h"
#include "tests/parity/expr.h"
#include "tests/parity/record.h"

namespace wick::parity {
namespace {

// Parses and evaluates one case; returns its record lines.
std::string RunCase(absl::string_view text) {
  absl::StatusOr<std::vector<ExprPtr>> stmts = ParseCase(text);
  if (!stmts.ok()) {
    std::cerr << "parity_eval: cannot parse `" << text << "`: " << stmts.status().message() << "\n";
    return "error SyntaxError\n";
  }
  Evaluator ev(tensor::OpRegistry::Global());
  absl::StatusOr<tensor::Value> v = ev.Run(*stmts);
  if (!v.ok()) return ErrorRecord(v.status(), ev.missing());
  std::string out;
  AppendRecord(*v, "", &out);
  return out;
}

std::string SignalName(int sig) {
  switch (sig) {
    case SIGSEGV:
      return "SIGSEGV";
    case SIGABRT:
      return "SIGABRT";
    case SIGFPE:
      return "SIGFPE";
    case SIGBUS:
      return "SIGBUS";
    case SIGILL:
      return "SIGILL";
    case SIGALRM:
      return "timeout";
    case SIGKILL:
      return "SIGKILL";
  }
  return absl::StrCat("signal ", sig);
}

// RunCase in a child process; the parent only collects its output and exit status.
std::string RunIsolated(absl::string_view text, int timeout_s) {
  int fds[2];
  if (pipe(fds) != 0) return RunCase(text);
  std::fflush(stdout);
  std::cout.flush();
  const pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    return RunCase(text);
  }
  if (pid == 0) {
    close(fds[0]);
    alarm(timeout_s);
    const std::string record = RunCase(text);
    size_t done = 0;
    while (done < record.size()) {
      const ssize_t n = write(fds[1], record.data() + done, record.size() - done);
      if (n <= 0) break;
      done += n;
    }
    close(fds[1]);
    _exit(0);  // No static destructors or atexit handlers in the child.
  }
  close(fds[1]);
  std::string record;
  char buf[1 << 16];
  ssize_t n;
  while ((n = read(fds[0], buf, sizeof(buf))) > 0) record.append(buf, n);
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (WIFSIGNALED(status)) return absl::StrCat("error Crash(", SignalName(WTERMSIG(status)), ")\n");
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    return absl::StrCat("error Crash(exit ", WEXITSTATUS(status), ")\n");
  }
  return record;
}

int Main(int argc, char** argv) {
  bool fork_cases = true;
  int timeout_s = 120;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    absl::string_view arg = argv[i];
    if (arg == "--no-fork") {
      fork_cases = false;
    } else if (absl::ConsumePrefix(&arg, "--case-timeout=")) {
      if (!absl::SimpleAtoi(arg, &timeout_s) || timeout_s <= 0) {
        std::cerr << "parity_eval: bad --case-timeout\n";
        return 2;
      }
    } else if (absl::StartsWith(arg, "--")) {
      std::cerr << "usage: parity_eval [--no-fork] [--case-timeout=SECONDS] FILE...\n";
      return 2;
    } else {
      files.emplace_back(arg);
    }
  }
  // Build the registry once, before any fork; a malformed built-in schema aborts here.
  tensor::OpRegistry::Global();
  for (const std::string& path : files) {
    std::ifstream in(path);
    if (!in) {
      std::cerr << "parity_eval: cannot read " << path << "\n";
      return 2;
    }
    const std::string base = path.substr(path.rfind('/') + 1);
    std::string line;
    for (int lineno = 1; std::getline(in, line); ++lineno) {
      const absl::string_view text = absl::StripAsciiWhitespace(StripComment(line));
      if (text.empty()) continue;  // Blank lines and comment lines.
      std::cout << "case " << base << ":" << lineno << "\n"
                << (fork_cases ? RunIsolated(text, timeout_s) : RunCase(text));
    }
  }
  std::cout.flush();
  return 0;
}

}  // namespace
}  // namespace wick::parity

int main(int argc, char** argv) { return wick::parity::Main(argc, argv); }
