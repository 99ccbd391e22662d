// The `wick` command-line tool: the entry point people use (through ./wick, which builds
// it). Commands arrive with their milestones; each is a small function below.
#include <cstdio>
#include <cstring>
#include <string>

#include "base/python_error.h"
#include "logging/logging.h"

namespace {

constexpr char kVersion[] = "wick 0.1.0 (M1: tensor library, logging)";

constexpr char kUsage[] =
    "usage: wick [--version] [--help] <command> [args]\n"
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
    "  WICK_NUM_THREADS threads for large tensor kernels (default 1)\n"
    "\n"
    "Script commands (run, dis, explain, report) arrive with the VM (milestone M2).\n";

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
  std::fprintf(stderr, "wick: unknown command '%s' (see wick --help)\n", argv[1]);
  return 2;
}
