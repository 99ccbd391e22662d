// The `wick` command-line tool: the entry point people use (through ./wick, which builds
// it). Commands arrive with their milestones; each is a small function below.
#include <sys/stat.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "base/python_error.h"
#include "lang/parser.h"
#include "logging/logging.h"
#include "report/report.h"
#include "runtime/assemble.h"
#include "runtime/runtime.h"
#include "vm/code.h"
#include "vm/compiler.h"
#include "vm/interpreter.h"
#include "vm/runtime.h"

namespace {

constexpr char kVersion[] = "wick 0.8.0 (M8: embedding API, custom ops, Bazel consumers)";

constexpr char kUsage[] =
    "usage: wick [--version] [--help] <command> [args]\n"
    "\n"
    "commands:\n"
    "  run [--dot DIR] SCRIPT [ARGS...]\n"
    "                         run a Python script (sys.argv = [SCRIPT, ARGS...]);\n"
    "                         --dot writes each captured graph as DIR/<graph>.dot\n"
    "  dis SCRIPT             print the bytecode of a script with its block tables\n"
    "  explain [--format=json] SCRIPT [ARGS...]\n"
    "                         run a script, then print every compiled frame, graph,\n"
    "                         graph break, skipped frame, guard set and recompile\n"
    "  report TRACE_DIR [-o OUT_DIR] [--overwrite] [--strict]\n"
    "                         write an HTML report (like tlparse) of the newest\n"
    "                         TORCH_TRACE file in TRACE_DIR (or of TRACE_DIR itself\n"
    "                         if it is a file) to OUT_DIR (default tl_out)\n"
    "\n"
    "wick runs PyTorch-style Python scripts in its own VM and compiles torch.compile\n"
    "regions to fused oneDNN CPU code.\n"
    "\n"
    "options:\n"
    "  --version    print the version and exit\n"
    "  --help       print this help and exit\n"
    "\n"
    "environment:\n"
    "  TORCH_LOGS       log settings, as in PyTorch (TORCH_LOGS=help lists them)\n"
    "  TORCH_LOGS_OUT   also write log records to this file\n"
    "  TORCH_TRACE      write the structured trace (tlparse's format) into this directory\n"
    "  WICK_COMPILE_ALL 1: run every function of the script as if under torch.compile\n"
    "  WICK_NUM_THREADS threads for large tensor kernels (default 1)\n"
    "";

// Applies TORCH_LOGS & co. Returns an exit status to stop with, or -1 to go on.
int InitLogging() {
  absl::Status s = wick::logging::InitFromEnvironment();
  if (s.ok()) return -1;
  if (wick::logging::IsHelpRequest(s)) {
    std::fwrite(s.message().data(), 1, s.message().size(), stdout);
    std::fputc('\n', stdout);
    return 0;
  }
  const std::string type = wick::PythonErrorType(s);
  std::fprintf(stderr, "%s: %.*s\n", type.c_str(), static_cast<int>(s.message().size()),
               s.message().data());
  return 1;
}

// Reads a script the way `python3 FILE` does, with its error text when it cannot.
bool ReadScript(const char* path, std::string* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "wick: can't open file '%s': [Errno 2] No such file or directory\n",
                 path);
    return false;
  }
  std::ostringstream buf;
  buf << in.rdbuf();
  *out = buf.str();
  return true;
}

// The end of a script run, as CPython ends: stdout flushed, a failed write to it (a full
// disk, /dev/full, a closed pipe) reported with exit status 120, and an uncaught
// KeyboardInterrupt ending the process by SIGINT.
int FinishRun(const wick::vm::Interpreter& interp, int status) {
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    const int err = errno;
    std::fprintf(stderr,
                 "Exception ignored in: <_io.TextIOWrapper name='<stdout>' mode='w' "
                 "encoding='utf-8'>\n%s: [Errno %d] %s\n",
                 err == EPIPE ? "BrokenPipeError" : "OSError", err, std::strerror(err));
    if (status == 0) status = 120;
  }
  std::fflush(stderr);
  if (interp.interrupted()) {
    std::signal(SIGINT, SIG_DFL);
    std::raise(SIGINT);
  }
  return status;
}

// Runs the script at argv[0] as __main__ (sys.argv = argv) in an interpreter assembled
// with `options`; with `explain`, then prints what it compiled (JSON or text).
int RunScript(const std::vector<std::string>& argv, const wick::runtime::RuntimeOptions& options,
              bool explain_json, bool explain) {
  std::string source;
  if (!ReadScript(argv[0].c_str(), &source)) return 2;
  wick::vm::Runtime rt;
  wick::vm::Interpreter interp(rt);
  wick::runtime::AssembleInterpreter(interp, options);
  if (explain) wick::runtime::StartExplainRecording(interp);
  wick::vm::Interpreter::InstallInterruptHandler();  // Ctrl-C: KeyboardInterrupt
  int status = interp.RunMain(source, argv[0], argv);
  if (!explain || interp.interrupted()) return FinishRun(interp, status);
  std::fflush(stdout);
  const std::vector<wick::runtime::ExplainEvent> events = wick::runtime::TakeExplainEvents(interp);
  const std::string report = explain_json ? wick::runtime::FormatExplainJson(events)
                                          : wick::runtime::FormatExplainReport(events);
  std::fputs(report.c_str(), stdout);
  return status;
}

// wick run [--dot DIR] SCRIPT [ARGS...]: exit status 0, 1 after an uncaught exception
// (traceback on stderr), or sys.exit's status.
int RunCommand(int argc, char** argv) {
  constexpr char kRunUsage[] = "usage: wick run [--dot DIR] SCRIPT [ARGS...]\n";
  wick::runtime::RuntimeOptions options = wick::runtime::RuntimeOptions::FromEnvironment();
  int first = 2;
  if (argc >= 3 && std::strcmp(argv[2], "--dot") == 0) {  // a Graphviz file per graph
    if (argc < 5) {
      std::fputs(kRunUsage, stderr);
      return 2;
    }
    mkdir(argv[3], 0777);
    options.dot_dir = argv[3];
    first = 4;
  }
  if (argc <= first) {
    std::fputs(kRunUsage, stderr);
    return 2;
  }
  return RunScript(std::vector<std::string>(argv + first, argv + argc), options,
                   /*explain_json=*/false, /*explain=*/false);
}

// wick explain [--format=text|json] SCRIPT [ARGS...]: runs the script like `wick run`,
// then prints what it compiled: every compiled frame with its graphs (readable code) and
// guards, every graph break with its reason and user stack, skipped frames and
// recompiles, as text or as one JSON object.
int ExplainCommand(int argc, char** argv) {
  bool json = false;
  int first = 2;
  if (argc > 2 && std::strncmp(argv[2], "--format=", 9) == 0) {
    const std::string format = argv[2] + 9;
    if (format != "text" && format != "json") {
      std::fprintf(stderr, "wick explain: unknown format '%s' (text, json)\n", format.c_str());
      return 2;
    }
    json = format == "json";
    first = 3;
  }
  if (argc <= first) {
    std::fputs("usage: wick explain [--format=text|json] SCRIPT [ARGS...]\n", stderr);
    return 2;
  }
  return RunScript(std::vector<std::string>(argv + first, argv + argc),
                   wick::runtime::RuntimeOptions::FromEnvironment(), json, /*explain=*/true);
}

// wick report TRACE_DIR [-o OUT_DIR] [--overwrite] [--strict]: the HTML report of a
// TORCH_TRACE directory. Exit status 0; 2 for bad usage, a missing or unreadable trace,
// or an OUT_DIR that exists and is not empty (without --overwrite); 1 when --strict
// finds problems in the trace or the report cannot be written.
int ReportCommand(int argc, char** argv) {
  constexpr char kReportUsage[] =
      "usage: wick report TRACE_DIR [-o OUT_DIR] [--overwrite] [--strict]\n";
  std::string trace_dir;
  std::string out_dir = "tl_out";  // tlparse's default
  wick::report::ReportOptions options;
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "-o" || arg == "--out") {
      if (i + 1 >= argc) {
        std::fputs(kReportUsage, stderr);
        return 2;
      }
      out_dir = argv[++i];
    } else if (arg == "--overwrite") {
      options.overwrite = true;
    } else if (arg == "--strict") {
      options.strict = true;
    } else if (arg == "-h" || arg == "--help") {
      std::fputs(kReportUsage, stdout);
      return 0;
    } else if (!arg.empty() && arg[0] == '-') {
      std::fprintf(stderr, "wick report: unknown option '%s'\n%s", arg.c_str(), kReportUsage);
      return 2;
    } else if (trace_dir.empty()) {
      trace_dir = arg;
    } else {
      std::fputs(kReportUsage, stderr);
      return 2;
    }
  }
  if (trace_dir.empty() || out_dir.empty()) {
    std::fputs(kReportUsage, stderr);
    return 2;
  }
  const absl::Status s = wick::report::WriteReport(trace_dir, out_dir, options);
  if (!s.ok()) {
    std::fprintf(stderr, "wick report: %s\n", std::string(s.message()).c_str());
    const bool usage_error = s.code() == absl::StatusCode::kNotFound ||
                             s.code() == absl::StatusCode::kAlreadyExists;
    return usage_error ? 2 : 1;
  }
  std::printf("wick report: wrote %s/index.html\n", out_dir.c_str());
  return 0;
}

// wick dis SCRIPT: the disassembly of every code object in the script.
int DisCommand(int argc, char** argv) {
  if (argc != 3) {
    std::fputs("usage: wick dis SCRIPT\n", stderr);
    return 2;
  }
  std::string source;
  if (!ReadScript(argv[2], &source)) return 2;
  wick::vm::Runtime rt;
  absl::StatusOr<wick::vm::Value> code = wick::vm::CompileSource(rt, source, argv[2]);
  if (!code.ok()) {
    if (auto e = wick::lang::GetSyntaxError(code.status())) {
      std::fputs(e->Render().c_str(), stderr);
    } else {
      std::fprintf(stderr, "wick: %s\n", std::string(code.status().message()).c_str());
    }
    return 1;
  }
  std::fputs(wick::vm::Disassemble(*code->as<wick::vm::CodeObject>()).c_str(), stdout);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (int rc = InitLogging(); rc >= 0) return rc;
  if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0) {
    std::fputs(kUsage, argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  if (std::strcmp(argv[1], "--version") == 0) {
    std::puts(kVersion);
    return 0;
  }
  if (std::strcmp(argv[1], "run") == 0) return RunCommand(argc, argv);
  if (std::strcmp(argv[1], "dis") == 0) return DisCommand(argc, argv);
  if (std::strcmp(argv[1], "explain") == 0) return ExplainCommand(argc, argv);
  if (std::strcmp(argv[1], "report") == 0) return ReportCommand(argc, argv);
  std::fprintf(stderr, "wick: unknown command '%s' (see wick --help)\n", argv[1]);
  return 2;
}
