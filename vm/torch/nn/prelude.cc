// RegisterTorchNNPrelude: hands the embedded sources (prelude_sources.h) to the
// interpreter's module registry.
#include "vm/torch/nn/prelude.h"

#include "vm/interpreter.h"
#include "vm/torch/nn/prelude_sources.h"

namespace wick::vm {

void RegisterTorchNNPrelude() {
  for (const PreludeModule& m : TorchNNPreludeModules()) {
    Interpreter::RegisterPythonModule(m.name, m.source);
  }
}

}  // namespace wick::vm
