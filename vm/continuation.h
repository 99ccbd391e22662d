// The rest of a frame as a script value: a native object holding a FrameState's parts.
// Nested graph breaks (runtime/internal/execute.cc) leave one on a caller's value stack,
// standing for the value the rest of an inlined frame returns; the runtime resumes it
// (FrameStateOf) and the tracer (frontend/) inlines it. Both read it through
// AsContinuation, the one accessor.
//
// Its parts are readable without running code (Object::PlainAttr), so guards can read
// through it: `function`, `offset` (an int), `locals` and `stack` (lists). An unbound
// local and a NULL value-stack slot are stored as this runtime's markers (repr `<unbound>`
// and `<NULL>`), so that every item of the lists is a value.
#ifndef WICK_VM_CONTINUATION_H_
#define WICK_VM_CONTINUATION_H_

#include <string_view>

#include "vm/interpreter.h"
#include "vm/runtime.h"
#include "vm/value.h"

namespace wick::vm {

class Continuation : public Object {
 public:
  Continuation(Value function, int64_t offset, Value locals, Value stack)
      : function(std::move(function)), offset(Value::Int(offset)), locals(std::move(locals)),
        stack(std::move(stack)) {}
  void ClearRefs() override;
  const Value* PlainAttr(std::string_view name) const override;

  Value function;  // a Function whose code has no cells
  Value offset;    // Int: the instruction to run next
  Value locals;    // List, one item per varname (the unbound marker for unbound ones)
  Value stack;     // List, bottom first (the NULL marker for NULL slots)
};

// A continuation of `state`, or None when it cannot be one (not a Python function's
// frame, or a frame with closure cells: those are resumed at once).
Value NewContinuation(Runtime& rt, const FrameState& state);

// `v` as a continuation; null when it is not one.
const Continuation* AsContinuation(const Value& v);

// Whether `v` is this runtime's marker for an unbound local / a NULL stack slot.
bool IsUnboundMarker(const Value& v);
bool IsNullMarker(const Value& v);
// The unbound marker of `rt` (the tracer reads `locals` lazily and compares with it).
Value UnboundMarker(Runtime& rt);

// The frame state a continuation holds, markers back to Raised(), ready for
// Interpreter::Resume.
FrameState FrameStateOf(const Continuation& c);

}  // namespace wick::vm

#endif  // WICK_VM_CONTINUATION_H_
