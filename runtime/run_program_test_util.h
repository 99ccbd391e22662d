// For runtime tests: a whole program run in a fresh interpreter assembled as the CLI
// assembles one (AssembleInterpreter), on the calling thread, with its output captured.
#ifndef WICK_RUNTIME_RUN_PROGRAM_TEST_UTIL_H_
#define WICK_RUNTIME_RUN_PROGRAM_TEST_UTIL_H_

#include <string>

#include "absl/strings/string_view.h"
#include "runtime/assemble.h"
#include "runtime/runtime.h"
#include "vm/interpreter.h"
#include "vm/runtime.h"

namespace wick::runtime {

struct Result {
  int status = 0;
  std::string out;
  std::string err;
};

inline Result RunProgram(const std::string& source) {
  vm::Runtime rt;
  vm::Interpreter interp(rt);
  AssembleInterpreter(interp);
  Result r;
  interp.write_stdout = [&r](absl::string_view s) { r.out.append(s.data(), s.size()); };
  interp.write_stderr = [&r](absl::string_view s) { r.err.append(s.data(), s.size()); };
  r.status = interp.RunMain(source, "t.py", {"t.py"});
  return r;
}

}  // namespace wick::runtime

#endif  // WICK_RUNTIME_RUN_PROGRAM_TEST_UTIL_H_
