// The one builder of a FrameView (guards.h) from a live vm::Frame: the runtime checks
// guards against it on every call, and the tracer resolves sources with it.
#ifndef WICK_GUARDS_FRAME_VIEW_H_
#define WICK_GUARDS_FRAME_VIEW_H_

#include "guards/guards.h"
#include "vm/interpreter.h"
#include "vm/runtime.h"

namespace wick::guards {

// The frame's locals, cells, value stack, globals and builtins, borrowed (valid while
// the frame is).
FrameView FrameViewOf(vm::Runtime& rt, const vm::Frame& frame);

}  // namespace wick::guards

#endif  // WICK_GUARDS_FRAME_VIEW_H_
