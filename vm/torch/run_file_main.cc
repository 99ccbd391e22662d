// `run_file_main [run] FILE [ARGS...]`: runs FILE as __main__ with the builtins and the
// torch module installed (a stand-in for `wick run` while the CLI is being written).
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "vm/builtins/builtins.h"
#include "vm/interpreter.h"
#include "vm/runtime.h"
#include "vm/torch/torch.h"

int main(int argc, char** argv) {
  int first = 1;
  if (argc > 1 && std::string(argv[1]) == "run") first = 2;
  if (argc <= first) {
    std::cerr << "usage: run_file_main [run] FILE [ARGS...]\n";
    return 2;
  }
  std::ifstream in(argv[first], std::ios::binary);
  if (!in) {
    std::cerr << "cannot open " << argv[first] << "\n";
    return 2;
  }
  std::stringstream text;
  text << in.rdbuf();
  std::vector<std::string> args(argv + first, argv + argc);
  wick::vm::Runtime rt;
  wick::vm::Interpreter interp(rt);
  wick::vm::InstallBuiltins(interp);
  wick::vm::InstallTorch(interp);
  interp.write_stdout = [](absl::string_view s) { std::fwrite(s.data(), 1, s.size(), stdout); };
  interp.write_stderr = [](absl::string_view s) {
    std::fflush(stdout);
    std::fwrite(s.data(), 1, s.size(), stderr);
  };
  int status = interp.RunMain(text.str(), argv[first], args);
  std::fflush(stdout);
  return status;
}
