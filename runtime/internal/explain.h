// torch._dynamo.explain's natives over the explain recorder (explain.cc).
#ifndef WICK_RUNTIME_INTERNAL_EXPLAIN_H_
#define WICK_RUNTIME_INTERNAL_EXPLAIN_H_

#include "vm/objects/dict.h"
#include "vm/runtime.h"

namespace wick::runtime::internal {

// Adds explain_begin/explain_end (explain.cc).
void AddExplainNatives(vm::Runtime& rt, vm::Dict* module_dict);

}  // namespace wick::runtime::internal

#endif  // WICK_RUNTIME_INTERNAL_EXPLAIN_H_
