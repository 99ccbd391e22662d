// wick's runtime: torch.compile. Implements the VM's FrameEvalHook (a cache of compiled
// entries per (code object, entry offset), guard dispatch, compile on miss, recompile
// limits and stances) and the `_wick_runtime` native module the Python prelude of
// torch._dynamo / torch.compiler builds on (docs/m3_plan.md).
//
//   vm::Runtime rt;
//   vm::Interpreter interp(rt);
//   runtime::AssembleInterpreter(interp);   // runtime/assemble.h: builtins, torch,
//                                           // the prelude, torch.compile
//
//   // From C++: a callable that runs `fn` under torch.compile's options.
//   vm::Value compiled = runtime::Compile(rt, fn, {.fullgraph = true, .backend = "eager"});
//
// Host applications use the embedding API (api/wick.h) instead.
#ifndef WICK_RUNTIME_RUNTIME_H_
#define WICK_RUNTIME_RUNTIME_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "vm/interpreter.h"
#include "vm/objects/objects.h"
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

// What InstallRuntime sets up besides the hook, as options (the CLI and the embedding
// API fill them; the runtime reads no environment variable itself).
struct RuntimeOptions {
  // Each captured graph also written as DIR/<graph name>.dot (`wick run --dot DIR`).
  std::string dot_dir;
  // EnableCompileAll(interp, compile_all_stats) at install time.
  bool compile_all = false;
  std::string compile_all_stats;
  std::string compile_all_backend = "eager";

  // The options the process environment asks for:
  //   WICK_COMPILE_ALL=1        every function frame whose globals are the `__main__`
  //                             script's (not the prelude, not module or class bodies, not
  //                             generators) runs as if called under
  //                             torch.compile(backend="eager", fullgraph=False); frames that
  //                             break run eagerly, so a program's output must not change.
  //                             Explicit torch.compile calls keep their own options.
  //   WICK_COMPILE_ALL=NAME     the same with built-in backend NAME ("aot_eager",
  //                             "inductor"): training graphs then take AOT autograd.
  //   WICK_COMPILE_ALL_STATS=F  with WICK_COMPILE_ALL: keep F up to date with
  //                             "compile-all: N frames compiled, M graphs, K breaks" and one
  //                             "break <gb_type>: <count>" line per break type.
  static RuntimeOptions FromEnvironment();
};

// Registers the `_wick_runtime` native module (process-wide) and installs the frame hook
// on `interp`. Call after InstallTorch and before running programs (or call
// AssembleInterpreter, runtime/assemble.h, which installs everything in order). The hook
// costs one branch per frame entry while no compiled function is running.
void InstallRuntime(vm::Interpreter& interp, const RuntimeOptions& options = {});

// What WICK_COMPILE_ALL=1 does, from C++: frames of the `__main__` script are compiled
// with `backend`. `stats_path`, when not empty, is kept up to date as above.
void EnableCompileAll(vm::Interpreter& interp, const std::string& stats_path = "",
                      const std::string& backend = "eager");

// A callable wrapping `callable` (a function or any callable): calling it runs
// `callable` with every frame entered during the call going through the compiled-code
// cache under `options`. Returns Raised() after raising (e.g. `callable` not callable).
vm::Value Compile(vm::Runtime& rt, vm::Value callable, CompileOptions options);

// What a run compiled, for `wick explain` and torch._dynamo.explain: one event per
// stored graph, graph break, skipped frame and recompile, in the order they happened.
struct ExplainGuard {
  std::string name;            // "L['x']" ("" for global state)
  std::string source;          // "local", "global"
  std::string create_function; // "TENSOR_MATCH"
};
struct ExplainEvent {
  enum class Kind : uint8_t { kGraph, kBreak, kSkip, kRecompile };
  Kind kind = Kind::kGraph;
  std::string compile_id;  // "0/1"
  std::string frame;       // the frame's name (a resume entry's upstream name)
  std::string location;    // "file:first line" of the frame
  // kGraph: the graph's readable code; kBreak: the reason as the graph_breaks record
  // gives it; kSkip: why the frame runs eagerly; kRecompile: the recompile message.
  std::string text;
  std::string graph_name;               // kGraph: "__compiled_fn_3"
  std::vector<std::string> ops;         // kGraph: each call node's target
  std::string guard_tree;               // kGraph: the GUARDS: tree
  std::vector<ExplainGuard> guards;     // kGraph
  double compile_seconds = 0;           // kGraph: trace + compile of its attempt
  std::vector<vm::TraceEntry> user_stack;  // kBreak: outermost first
};

// Starts recording explain events for `interp` (clearing earlier ones); Take returns
// what was recorded and stops recording.
void StartExplainRecording(vm::Interpreter& interp);
std::vector<ExplainEvent> TakeExplainEvents(vm::Interpreter& interp);
// The report `wick explain SCRIPT` prints after the script ran.
std::string FormatExplainReport(const std::vector<ExplainEvent>& events);
// The same as one JSON object (`wick explain --format=json`): {"summary": {"graphs",
// "ops", "graph_breaks", "skipped_frames", "recompiles"}, "events": [...]}, each event
// with "kind" ("graph", "break", "skip", "recompile"), "compile_id", "frame",
// "location", "text", and per kind "graph_name", "ops", "guards", "compile_ms" or
// "user_stack" ([{"file", "line", "function", "code"}]).
std::string FormatExplainJson(const std::vector<ExplainEvent>& events);

}  // namespace wick::runtime

#endif  // WICK_RUNTIME_RUNTIME_H_
