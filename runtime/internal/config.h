// What governs compiling, as the runtime reads it: the mode frames entered now are
// subject to (ActiveContext), torch.compiler.set_stance's stances, and the Python face's
// settings (torch._dynamo.config, read per compile) with the two other places the
// runtime reaches into it: torch._dynamo.exc (errors raised by name) and
// torch._dynamo.utils.counters (config.cc).
#ifndef WICK_RUNTIME_INTERNAL_CONFIG_H_
#define WICK_RUNTIME_INTERNAL_CONFIG_H_

#include <cstdint>
#include <vector>

#include "absl/strings/string_view.h"
#include "runtime/runtime.h"
#include "vm/runtime.h"
#include "vm/value.h"

namespace wick::runtime::internal {

// What frames entered now are subject to. kRunOnly: cached entries only (after a
// recompile limit, for the frame and everything it calls); kDisabled: the hook is off
// (while tracing, compiling, and running backends).
enum class Mode : uint8_t { kCompile, kRunOnly, kDisabled };
struct ActiveContext {
  const CompileOptions* options = nullptr;
  Mode mode = Mode::kDisabled;
};

// torch.compiler.set_stance's stances (what frames of compiled functions do).
enum class Stance : uint8_t {
  kDefault,           // compile on a miss
  kForceEager,        // ignore torch.compile: run everything eagerly
  kEagerOnRecompile,  // use cached entries; run eagerly where a recompile is needed
  kFailOnRecompile,   // use cached entries; raise where a recompile is needed
  kEagerThenCompile,  // each frame's first call runs eagerly, later calls compile
};
// The stance named `name` ("force_eager"); false for an unknown name.
bool ParseStance(absl::string_view name, Stance* out);
absl::string_view StanceName(Stance s);

// torch._dynamo.config as the runtime reads it (from the Python module, per compile).
struct Config {
  int64_t recompile_limit = 8;
  int64_t accumulated_recompile_limit = 256;
  bool fail_on_recompile_limit_hit = false;
  bool error_on_recompile = false;
  bool suppress_errors = false;
  bool verbose = false;
  bool capture_scalar_outputs = false;
  bool nested_graph_breaks = false;
  bool automatic_dynamic_shapes = true;
  bool assume_static_by_default = true;
  bool allow_unspec_int_on_nn_module = false;
  bool specialize_float = false;
  std::vector<vm::Value> reorderable_logging_functions;
};

// torch._dynamo.config's current values (defaults when the module is missing).
Config ReadConfig(vm::Runtime& rt);

// Raises torch._dynamo.exc.<name>(message) (RuntimeError when the module is missing).
vm::Value RaiseDynamoError(vm::Runtime& rt, absl::string_view name, absl::string_view message);

// torch._dynamo.utils.counters[category][key] += delta (a no-op without the module).
void BumpCounter(vm::Runtime& rt, absl::string_view category, absl::string_view key,
                 int64_t delta = 1);

}  // namespace wick::runtime::internal

#endif  // WICK_RUNTIME_INTERNAL_CONFIG_H_
