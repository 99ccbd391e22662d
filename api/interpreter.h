// wick::Interpreter: one embedded Python world with wick's `torch` and torch.compile.
//
//   absl::StatusOr<std::unique_ptr<wick::Interpreter>> interp = wick::Interpreter::Create();
//   RETURN_IF_ERROR((*interp)->RunScript(source, "model.py"));
//   absl::StatusOr<wick::Object> forward = (*interp)->Get("__main__", "forward");
//   absl::StatusOr<wick::Object> y = forward->Call({(*interp)->FromTensor(x)});
//
// Errors are statuses, never aborts: a script's uncaught exception is an error whose
// message is the traceback exactly as Python prints it and whose Python type
// ExceptionTypeOf() returns; a syntax error likewise ("SyntaxError").
//
// Threads (docs/embedding.md): an Interpreter and its Objects stay on the thread that
// created them; interpreters on different threads run at the same time independently.
// Shared by the whole process, as in one PyTorch process: custom ops, logging settings
// (TORCH_LOGS, torch._logging.set_logs), the default random generator, the default
// float dtype, print options and the allocator's cache and limit.
#ifndef WICK_API_INTERPRETER_H_
#define WICK_API_INTERPRETER_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "api/object.h"
#include "api/tensor.h"

namespace wick {

struct InterpreterOptions {
  // Where print() and printed tracebacks go; empty: the process's stdout / stderr.
  std::function<void(absl::string_view)> write_stdout;
  std::function<void(absl::string_view)> write_stderr;
  // sys.getrecursionlimit(): deeper Python recursion raises RecursionError.
  int recursion_limit = 1000;
  // Directories `import` searches (sys.path), after a script's own directory.
  std::vector<std::string> module_paths;
  // Scripts and modules longer than this are refused before parsing.
  size_t max_source_bytes = size_t{64} << 20;
};

class Interpreter {
 public:
  static absl::StatusOr<std::unique_ptr<Interpreter>> Create(InterpreterOptions options = {});
  ~Interpreter();
  Interpreter(const Interpreter&) = delete;
  Interpreter& operator=(const Interpreter&) = delete;

  // Runs `source` as the __main__ module, like `wick run`; its globals stay readable
  // through Get("__main__", ...). SystemExit(0) and SystemExit(None) are success.
  absl::Status RunScript(absl::string_view source, absl::string_view filename = "<script>",
                         std::vector<std::string> argv = {});
  // Runs `source` as module `name` and puts it in sys.modules, so that scripts can
  // `import name` afterwards. Returns the module.
  absl::StatusOr<Object> LoadModule(absl::string_view name, absl::string_view source,
                                    absl::string_view filename = "");
  // `import name` (dotted names give the submodule).
  absl::StatusOr<Object> Import(absl::string_view name);
  // getattr(module, name) for an imported or loaded module.
  absl::StatusOr<Object> Get(absl::string_view module, absl::string_view name);

  // Host values as script values. FromTensor shares the tensor's storage: writes on
  // either side are seen by the other.
  Object FromTensor(Tensor t);
  Object FromInt(int64_t v);
  Object FromDouble(double v);
  Object FromBool(bool v);
  Object FromString(absl::string_view v);
  Object None();
  Object List(std::vector<Object> items);
  Object Tuple(std::vector<Object> items);

  // A C++ function as a Python callable `module.name` (the module is created on first
  // use and is importable by this interpreter's scripts). Arguments arrive as Objects;
  // an error status raises in the script: InvalidArgument as ValueError, OutOfRange as
  // IndexError, NotFound as KeyError, Unimplemented as NotImplementedError, anything
  // else as RuntimeError (a status made by base/python_error.h names its type itself). Called from compiled code it is a graph
  // break, as upstream treats C functions it does not know.
  using NativeFunction =
      std::function<absl::StatusOr<Object>(Interpreter& interp, absl::Span<const Object> args)>;
  absl::Status DefineFunction(absl::string_view module, absl::string_view name,
                              NativeFunction fn);

 private:
  explicit Interpreter(std::shared_ptr<api_internal::World> world);
  absl::StatusOr<Object> ExecModule(absl::string_view name, absl::string_view source,
                                    absl::string_view filename);
  std::shared_ptr<api_internal::World> world_;
};

// The Python exception type of an error status from this API ("ValueError",
// "SyntaxError", ...), or "" for a status that is not a script exception.
std::string ExceptionTypeOf(const absl::Status& status);

// The largest single tensor allocation granted, process-wide (default: the machine's
// physical memory). Larger requests fail with PyTorch's out-of-memory RuntimeError
// instead of overcommitting memory that a later write cannot get.
void SetMaxTensorBytes(size_t bytes);

}  // namespace wick

#endif  // WICK_API_INTERPRETER_H_
