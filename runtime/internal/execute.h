// Running a cache entry for a frame (execute.cc).
#ifndef WICK_RUNTIME_INTERNAL_EXECUTE_H_
#define WICK_RUNTIME_INTERNAL_EXECUTE_H_

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

}  // namespace wick::runtime::internal

#endif  // WICK_RUNTIME_INTERNAL_EXECUTE_H_
