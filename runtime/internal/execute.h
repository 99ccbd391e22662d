// Running a cache entry for a frame (execute.cc).
#ifndef WICK_RUNTIME_INTERNAL_EXECUTE_H_
#define WICK_RUNTIME_INTERNAL_EXECUTE_H_

#include "absl/container/inlined_vector.h"
#include "absl/status/status.h"
#include "guards/guards.h"
#include "runtime/internal/cache.h"
#include "vm/interpreter.h"
#include "vm/value.h"

namespace wick::runtime::internal {

// Runs `entry` for the frame (execute.cc): inputs by source, the compiled graph, the
// return value or the rebuilt frame of a break plan, the side effects, and for a break
// the rest of the frame. Returns the frame's result or Raised().
vm::Value RunEntry(vm::Interpreter& interp, const vm::Frame& frame, CacheEntry& entry,
                   const guards::FrameView& view);

// The graph inputs `sources` name in the frame, as the compiled graph takes them
// (symbolic Python numbers as 0-dim tensors). RuntimeError when one is not a tensor
// (the guards missed it).
using GraphInputList = absl::InlinedVector<tensor::Tensor, 8>;
absl::Status GraphInputs(vm::Runtime& rt, const std::vector<guards::SourcePtr>& sources,
                         const guards::FrameView& view, GraphInputList* out);

}  // namespace wick::runtime::internal

#endif  // WICK_RUNTIME_INTERNAL_EXECUTE_H_
