// run_with_prelude FILE.py [args...]: runs FILE.py in the VM with the builtins, the
// native torch modules and the torch.nn prelude installed; exits with the program's
// status. A development aid for checking corpus programs against their .out files.
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "vm/builtins/builtins.h"
#include "vm/interpreter.h"
#include "vm/runtime.h"
#include "vm/torch/nn/prelude.h"
#include "vm/torch/torch.h"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: run_with_prelude FILE.py [args...]\n");
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "cannot open %s\n", argv[1]);
    return 2;
  }
  std::stringstream text;
  text << in.rdbuf();
  wick::vm::RegisterTorchNNPrelude();
  wick::vm::Runtime rt;
  wick::vm::Interpreter interp(rt);
  wick::vm::InstallBuiltins(interp);
  wick::vm::InstallTorch(interp);
  interp.write_stdout = [](absl::string_view s) { std::fwrite(s.data(), 1, s.size(), stdout); };
  interp.write_stderr = [](absl::string_view s) { std::fwrite(s.data(), 1, s.size(), stderr); };
  std::vector<std::string> script_argv(argv + 1, argv + argc);
  int status = interp.RunMain(text.str(), argv[1], script_argv);
  std::fflush(stdout);
  return status;
}
