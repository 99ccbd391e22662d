// The compiler's Python face (runtime/python/: torch._dynamo, torch.compiler,
// torch._logging), embedded at build time by the genrule in runtime/BUILD.bazel.
// InstallRuntime registers each module beside the native `_wick_runtime` it builds on.
#ifndef WICK_RUNTIME_INTERNAL_PYTHON_SOURCES_H_
#define WICK_RUNTIME_INTERNAL_PYTHON_SOURCES_H_

#include "absl/types/span.h"

namespace wick::runtime::internal {

// One embedded module: its dotted name and its source text (static strings).
struct PythonModule {
  const char* name;
  const char* source;
};

absl::Span<const PythonModule> RuntimePythonModules();

}  // namespace wick::runtime::internal

#endif  // WICK_RUNTIME_INTERNAL_PYTHON_SOURCES_H_
