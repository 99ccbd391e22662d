// Declarations shared by the interpreter's implementation files (vm/interpreter.cc and
// vm/internal/*.cc): the value-stack arena frames live in, argument binding, the
// Function and code type slots, class creation, imports and traceback recording.
// Nothing outside the interpreter includes this header.
#ifndef WICK_VM_INTERNAL_INTERP_INTERNAL_H_
#define WICK_VM_INTERNAL_INTERP_INTERNAL_H_

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "absl/base/optimization.h"
#include "vm/code.h"
#include "vm/interpreter.h"
#include "vm/objects/objects.h"
#include "vm/runtime.h"
#include "vm/value.h"

namespace wick::vm {

// The interpreter's private entry points; a friend of Interpreter.
class InterpreterAccess {
 public:
  // Runs `f` (already filled in) from `entry`: recursion check, frame linking, the
  // FrameEvalHook, then the dispatch loop.
  static Value RunFrame(Interpreter& in, Frame& f, int32_t entry, bool hook = true);
  // RESUME_AT in a step copy (Interpreter::MakeStepCode): continues `f` at f.next_instr
  // in the original code: mode 0 eagerly, 1 through the hook, 2 hands the state to the
  // hook's OnContinuation.
  static Value LeaveStepCopy(Interpreter& in, Frame& f, int32_t mode);
  // The dispatch loop (eval.cc): runs `f` from f.next_instr with f.stack_top.
  static Value Eval(Interpreter& in, Frame& f);
  // CALL of a Python function with `n` positional arguments and no keywords. When they
  // are exactly the function's parameters (no defaults, *args, **kwargs or keyword-only
  // parameters) the arguments are moved from `args` (the caller's stack) into the new
  // frame, then its cells are made; otherwise this is CallFunction.
  static Value CallPositional(Interpreter& in, Function* fn, Value* args, size_t n);
  // Resumes a generator's frame (generator.cc) at f.next_instr: recursion check and
  // frame linking like RunFrame, but never the FrameEvalHook.
  static Value RunGeneratorFrame(Interpreter& in, Frame& f);
  static Runtime& rt(Interpreter& in) { return in.rt_; }
  // Takes a pending Interpreter::RequestInterrupt: true after raising KeyboardInterrupt.
  static bool TakeInterrupt(Runtime& rt) {
    if (ABSL_PREDICT_TRUE(!interrupt_requested_.load(std::memory_order_relaxed))) return false;
    return RaiseInterrupt(rt);
  }

 private:
  friend class Interpreter;
  static bool RaiseInterrupt(Runtime& rt);
  static std::atomic<bool> interrupt_requested_;
};

namespace internal {

// A LIFO arena of Values for frames (locals, cells and value stack in one block), so a
// call allocates no heap memory. Blocks come back as None and are reset to None when
// released, so the arena never holds references between calls. One per thread: the
// interpreters of a thread nest their frames strictly.
class ValueArena {
 public:
  // Inline: every Python call pushes and pops one block.
  Value* Push(size_t n) {
    if (ABSL_PREDICT_FALSE(chunks_.empty() || chunks_[cur_].used + n > chunks_[cur_].cap)) {
      NextChunk(n);
    }
    Chunk& c = chunks_[cur_];
    Value* p = c.data.get() + c.used;
    c.used += n;
    return p;
  }
  void Pop(Value* p, size_t n) {
    for (size_t i = 0; i < n; ++i) p[i] = Value();
    Chunk& c = chunks_[cur_];
    c.used -= n;
    if (c.used == 0 && cur_ > 0) --cur_;
  }

 private:
  struct Chunk {
    std::unique_ptr<Value[]> data;
    size_t cap = 0;
    size_t used = 0;
  };
  void NextChunk(size_t n);
  std::vector<Chunk> chunks_;
  size_t cur_ = 0;
};
inline ValueArena& Arena() {
  thread_local ValueArena arena;
  return arena;
}

// The memory of one frame: `code`'s locals (unbound), cells and value stack.
class FrameMemory {
 public:
  explicit FrameMemory(const CodeObject* code)
      : arena_(&Arena()),
        nlocals_(code->varnames.size()),
        ncells_(static_cast<size_t>(code->num_cells())) {
    size_ = nlocals_ + ncells_ + static_cast<size_t>(std::max(code->stack_size, 0)) + 1;
    base_ = arena_->Push(size_);
    for (size_t i = 0; i < nlocals_; ++i) base_[i] = Value::Raised();
  }
  ~FrameMemory() { arena_->Pop(base_, size_); }
  FrameMemory(const FrameMemory&) = delete;
  FrameMemory& operator=(const FrameMemory&) = delete;
  // Points f.locals, f.cells, f.stack_base and f.stack_top into this block.
  void Attach(Frame& f) const {
    f.locals = base_;
    f.cells = base_ + nlocals_;
    f.stack_base = f.cells + ncells_;
    f.stack_top = f.stack_base;
  }

 private:
  ValueArena* arena_;  // looked up once: thread_local access is not free
  Value* base_;
  size_t size_;
  size_t nlocals_, ncells_;
};

// Binds a call's arguments to `fn`'s parameters in `locals` (CPython 3.11's
// initialize_locals, with its exact TypeError texts). False after raising.
bool BindArguments(Runtime& rt, Function* fn, Value* locals, Args args,
                   const KwArgs& kwargs);
// Creates the frame's cells: cellvars (from their parameter when cell2arg says so) and
// the closure's cells for freevars.
void InitCells(Runtime& rt, const CodeObject* code, const Value& closure, Value* locals,
               Value* cells);

// Fills the function and code types' slots (function.cc).
void InitFunctionType(Runtime& rt);
// MAKE_FUNCTION's constructor: a function for `code` in `globals`.
Value NewFunction(Runtime& rt, Value code, Dict* globals, Dict* builtins);
// __build_class__ (build_class.cc).
Value BuildClass(Runtime& rt, Args args, const KwArgs& kwargs);

// IMPORT_NAME and IMPORT_FROM (import.cc).
// IMPORT_NAME in a module whose globals are `globals` (relative imports resolve against
// its __package__ / __name__).
Value ImportName(Interpreter& in, const Dict* globals, Str* name, const Value& fromlist,
                 const Value& level);
Value ImportFrom(Interpreter& in, const Value& module, Str* name);

// Generators (generator.cc).
enum class GenResult { kYielded, kReturned, kError };
Type* NewGeneratorType(Runtime& rt);
// Calling a generator function: binds the arguments into a new generator's heap frame.
Value NewGenerator(Interpreter& in, Function* fn, Args args, const KwArgs& kwargs);
bool IsGenerator(Runtime& rt, const Value& v);
// Resumes generator `gen` sending `arg` (or raising the pending exception at its yield
// when `throw_pending`); *out gets the yielded or returned value.
GenResult GenResume(Interpreter& in, const Value& gen, const Value& arg, bool throw_pending,
                    Value* out);
// SEND's step: recv.send(v) / next(recv) / generator resume.
GenResult YieldFromSend(Interpreter& in, const Value& recv, const Value& v, Value* out);

// Traceback recording and printing (traceback.cc).
// Puts this frame's entry (at f.lasti) in front of `exc`'s traceback.
void AddTraceEntry(ExceptionObject* exc, const Frame& f);
// Sets `exc.__context__` to `handled` as CPython's _PyErr_SetObject does, breaking a
// cycle through the context chain.
void SetContext(Runtime& rt, const Value& exc, const Value& handled);
// The whole text PrintException writes.
std::string FormatException(Runtime& rt, const Value& exc);

// The exception being handled as sys.exc_info() sees it from frame `f`: the innermost
// frame's handled exception that is set, or None.
inline Value HandledException(const Frame* f) {
  for (; f != nullptr; f = f->back) {
    if (!f->handled_exception.is_none()) return f->handled_exception;
  }
  return Value::None();
}

// The type attribute cache's epoch (vm/runtime.cc): unchanged means every Type::Lookup
// result (a value slot pointer) is unchanged. The interpreter's attribute caches key on it.
uint64_t TypeLookupEpoch();

// The exception-table entry covering instruction `i`, or nullptr (binary search).
const ExceptionEntry* FindHandlerEntry(const CodeObject& code, int32_t i);

}  // namespace internal
}  // namespace wick::vm

#endif  // WICK_VM_INTERNAL_INTERP_INTERNAL_H_
