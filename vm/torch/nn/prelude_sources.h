// The torch.nn prelude's Python sources, embedded at build time by the genrule in
// vm/torch/nn/BUILD.bazel from the .py files beside this header.
//
//   for (const PreludeModule& m : TorchNNPreludeModules())
//     Interpreter::RegisterPythonModule(m.name, m.source);
#ifndef WICK_VM_TORCH_NN_PRELUDE_SOURCES_H_
#define WICK_VM_TORCH_NN_PRELUDE_SOURCES_H_

#include "absl/types/span.h"

namespace wick::vm {

// One embedded module: its dotted name ("torch.nn.functional") and its source text.
// Both are static strings that live for the whole process.
struct PreludeModule {
  const char* name;
  const char* source;
};

// Every module of the prelude: torch.nn, torch.nn.functional, torch.nn.init,
// torch.nn.parameter and torch.nn.modules.*.
absl::Span<const PreludeModule> TorchNNPreludeModules();

}  // namespace wick::vm

#endif  // WICK_VM_TORCH_NN_PRELUDE_SOURCES_H_
