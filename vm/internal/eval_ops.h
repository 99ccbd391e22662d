// The dispatch loop's named slow paths (vm/internal/eval_ops.cc): opcodes whose work
// does not fit a short case. Stack-editing helpers take the loop's stack pointer by
// address, pop their operands, push their result, and return false after raising
// (leaving every slot above the new stack pointer cleared).
#ifndef WICK_VM_INTERNAL_EVAL_OPS_H_
#define WICK_VM_INTERNAL_EVAL_OPS_H_

#include <cstdint>

#include "vm/interpreter.h"
#include "vm/objects/objects.h"
#include "vm/runtime.h"
#include "vm/value.h"

namespace wick::vm::internal {

// "cannot access local variable 'x' where it is not associated with a value" and the
// free-variable / NameError variants. Return Raised.
Value RaiseUnboundLocal(Runtime& rt, absl::string_view name);
Value RaiseUnboundCell(Runtime& rt, const CodeObject& code, int32_t cell);
Value RaiseNameError(Runtime& rt, Str* name);

// LOAD_NAME / LOAD_GLOBAL lookups (no new reference; nullptr after raising NameError).
const Value* LoadName(Runtime& rt, Frame& f, Str* name);
const Value* LoadGlobal(Runtime& rt, Frame& f, Str* name);
bool StoreName(Runtime& rt, Frame& f, Str* name, Value v);
bool DeleteName(Runtime& rt, Dict* ns, Str* name);

bool UnpackSequence(Runtime& rt, Value** sp, int32_t n);
bool UnpackEx(Runtime& rt, Value** sp, int32_t arg);
bool CallFunctionEx(Interpreter& in, Value** sp, int32_t arg);
bool MakeFunction(Runtime& rt, Frame& f, Value** sp, int32_t arg);
bool FormatValue(Runtime& rt, Value** sp, int32_t arg);
bool BuildString(Runtime& rt, Value** sp, int32_t n);
bool BuildContainer(Runtime& rt, Opcode op, Value** sp, int32_t n);
// LIST_EXTEND, SET_UPDATE, DICT_UPDATE, DICT_MERGE, SET_ADD, MAP_ADD.
bool ContainerUpdate(Runtime& rt, Opcode op, Value** sp, int32_t arg);
bool BeforeWith(Runtime& rt, Value** sp);
bool WithExceptStart(Runtime& rt, Value** sp);
// isinstance(exc, type) for CHECK_EXC_MATCH (type may be a tuple): 1, 0, -1.
int ExceptionMatches(Runtime& rt, const Value& exc, const Value& type);
// RAISE_VARARGS 1 and 2: raises `exc` (a class or instance) with __context__ set from
// `handled`, and `cause` when `has_cause`. Always returns false (an exception is set).
bool DoRaise(Runtime& rt, Value exc, const Value* cause, const Value& handled);

}  // namespace wick::vm::internal

#endif  // WICK_VM_INTERNAL_EVAL_OPS_H_
