// wick's runtime: torch.compile. Implements the VM's FrameEvalHook (a cache of compiled
// entries per (code object, entry offset), guard dispatch, compile on miss, recompile
// limits and stances) and the `_wick_runtime` native module the Python prelude of
// torch._dynamo / torch.compiler builds on (docs/m3_plan.md).
//
//   vm::Runtime rt;
//   vm::Interpreter interp(rt);
//   vm::InstallBuiltins(interp);
//   vm::RegisterTorchNNPrelude();
//   vm::InstallTorch(interp);
//   runtime::InstallRuntime(interp);   // torch.compile now compiles
//
//   // From C++: a callable that runs `fn` under torch.compile's options.
//   vm::Value compiled = wick::Compile(rt, fn, {.fullgraph = true, .backend = "eager"});
#ifndef WICK_RUNTIME_RUNTIME_H_
#define WICK_RUNTIME_RUNTIME_H_

#include <cstdint>
#include <optional>
#include <string>

#include "vm/interpreter.h"
#include "vm/runtime.h"
#include "vm/value.h"

namespace wick::runtime {

// torch.compile's arguments. `backend` names a built-in backend ("eager", "inductor",
// "onednn"); `backend_fn`, when not None, is a Python callable backend (it wins).
struct CompileOptions {
  bool fullgraph = false;
  std::optional<bool> dynamic;  // None: automatic dynamic (M5)
  std::string backend = "inductor";
  vm::Value backend_fn;  // None, or a callable receiving (graph module, example inputs)
  std::string mode;
  bool disable = false;
  // Which backend compiled an entry: entries of another backend never hit (upstream's
  // BACKEND_MATCH). Set by Compile from backend_fn's identity or the backend name.
  uintptr_t backend_id = 0;
};

// Registers the `_wick_runtime` native module (process-wide) and installs the frame hook
// on `interp`. Call after InstallTorch and before running programs. The hook costs one
// branch per frame entry while no compiled function is running.
//
// Environment (read here, for `wick run`):
//   WICK_COMPILE_ALL=1        every function frame whose globals are the `__main__`
//                             script's (not the prelude, not module or class bodies, not
//                             generators) runs as if called under
//                             torch.compile(backend="eager", fullgraph=False); frames that
//                             break run eagerly, so a program's output must not change.
//                             Explicit torch.compile calls keep their own options.
//   WICK_COMPILE_ALL_STATS=F  with WICK_COMPILE_ALL: keep F up to date with
//                             "compile-all: N frames compiled, M graphs, K breaks" and one
//                             "break <gb_type>: <count>" line per break type.
void InstallRuntime(vm::Interpreter& interp);

// What WICK_COMPILE_ALL=1 does, from C++: frames of the `__main__` script are compiled
// with the eager backend. `stats_path`, when not empty, is kept up to date as above.
void EnableCompileAll(vm::Interpreter& interp, const std::string& stats_path = "");

// A callable wrapping `callable` (a function or any callable): calling it runs
// `callable` with every frame entered during the call going through the compiled-code
// cache under `options`. Returns Raised() after raising (e.g. `callable` not callable).
vm::Value Compile(vm::Runtime& rt, vm::Value callable, CompileOptions options);

}  // namespace wick::runtime

namespace wick {
using runtime::Compile;
using runtime::CompileOptions;
}  // namespace wick

#endif  // WICK_RUNTIME_RUNTIME_H_
