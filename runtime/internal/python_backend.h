// Custom (Python callable) backends and the graph module they receive (python_backend.cc).
#ifndef WICK_RUNTIME_INTERNAL_PYTHON_BACKEND_H_
#define WICK_RUNTIME_INTERNAL_PYTHON_BACKEND_H_

#include <memory>
#include <vector>

#include "codegen/backend.h"
#include "graph/graph.h"
#include "vm/objects/dict.h"
#include "vm/runtime.h"
#include "vm/value.h"

namespace wick::runtime::internal {

// A Backend for a Python callable backend (python_backend.cc). Its Compile calls
// `fn(graph_module, example_inputs)` and wraps what it returns; a Python exception from
// it comes back as an Unknown status with the exception left pending.
std::unique_ptr<codegen::Backend> MakePythonBackend(vm::Runtime& rt, vm::Value fn,
                                                    std::vector<vm::Value> example_inputs);
// A Python object wrapping `g` (the graph module custom backends receive).
vm::Value NewGraphModule(vm::Runtime& rt, const graph::Graph& g);
// Adds the graph-handle natives to the `_wick_runtime` module dict.
void AddGraphNatives(vm::Runtime& rt, vm::Dict* module_dict);

}  // namespace wick::runtime::internal

#endif  // WICK_RUNTIME_INTERNAL_PYTHON_BACKEND_H_
