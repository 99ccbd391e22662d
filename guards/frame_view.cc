#include "guards/frame_view.h"

#include "vm/code.h"

namespace wick::guards {

FrameView FrameViewOf(vm::Runtime& rt, const vm::Frame& frame) {
  FrameView v;
  v.rt = &rt;
  v.locals = frame.locals;
  v.num_locals = static_cast<int32_t>(frame.code->varnames.size());
  v.cells = frame.cells;
  v.num_cells = frame.code->num_cells();
  v.stack = frame.stack_base;
  v.num_stack = static_cast<int32_t>(frame.stack_top - frame.stack_base);
  v.globals = frame.globals;
  v.builtins = frame.builtins;
  return v;
}

}  // namespace wick::guards
