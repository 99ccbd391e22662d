// The interpreter: runs code objects (vm/code.h) on a Runtime (vm/runtime.h).
//
//   Runtime rt;
//   Interpreter interp(rt);                       // installs builtins and modules
//   int status = interp.RunMain(source, "x.py");  // like `python3 x.py`
//
// Design (docs/vm_plan.md): one dispatch function with short cases and named slow
// paths; Python-to-Python calls recurse in C++ (one Execute per frame) with
// RecursionError at the recursion limit; exceptions unwind through the code object's
// static exception table; every frame entry goes through the FrameEvalHook when one is
// installed (M3's compiled-code cache), and any frame can be started at any instruction
// from a FrameState (M3/M4's resume entries).
#ifndef WICK_VM_INTERPRETER_H_
#define WICK_VM_INTERPRETER_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "vm/code.h"
#include "vm/object.h"
#include "vm/objects/dict.h"
#include "vm/runtime.h"
#include "vm/value.h"

namespace wick::vm {

// A Python function: a code object plus what MAKE_FUNCTION attached to it.
class Function : public Object {
 public:
  void ClearRefs() override;
  void Traverse(Visitor visit, void* arg) const override;
  ~Function() override;

  Value code;        // CodeObject
  Value globals;     // Dict
  Value builtins;    // Dict
  Value defaults;    // tuple or None
  Value kwdefaults;  // dict or None
  Value closure;     // tuple of Cell, or None
  Value name;        // str (__name__, assignable)
  Value qualname;    // str
  Value doc;         // None or str
  Value module;      // str: globals["__name__"] at definition
  Value annotations; // dict (MAKE_FUNCTION's flag 4, or made on first access) or None
  Dict* dict = nullptr;  // owned; function attributes (functools.wraps sets some)

  CodeObject* code_object() const { return code.as<CodeObject>(); }
  // Guards read these without running code: __code__ (functions are matched by code),
  // and what the code reads from the function: globals, defaults, closure cells.
  const Value* PlainAttr(std::string_view attr) const override {
    if (attr == "__globals__") return &globals;
    if (attr == "__code__") return &code;
    if (attr == "__defaults__") return &defaults;
    if (attr == "__kwdefaults__") return &kwdefaults;
    if (attr == "__closure__") return &closure;
    return nullptr;
  }
};

// A live frame, as the interpreter runs it. Hooks and builtins that need the caller's
// frame (zero-argument super(), the tracer) read it; they do not modify it.
struct Frame {
  CodeObject* code = nullptr;
  Function* function = nullptr;  // null for module and class bodies run directly
  Dict* globals = nullptr;
  Dict* builtins = nullptr;
  Value locals_dict;             // module and class bodies: the namespace dict; else None
  Value* locals = nullptr;       // code->varnames.size() slots; Raised() = unbound
  Value* cells = nullptr;        // code->num_cells() Cell objects
  Value* stack_base = nullptr;   // value stack bottom
  Value* stack_top = nullptr;    // one past TOS
  int32_t next_instr = 0;        // index of the next instruction to run
  int32_t lasti = -1;            // index of the instruction running (or that raised)
  Value handled_exception;       // the exception being handled (sys.exc_info()), or None
  Value locals_snapshot;         // functions: the dict locals() returns (refreshed per call)
  Frame* back = nullptr;         // the calling frame
  // Generator frames only (vm/internal/generator.cc): set by YIELD_VALUE when the frame
  // suspends, and by throw() to start the frame at next_instr with the pending exception
  // raised there (at the yield it is suspended in).
  bool is_generator = false;
  bool yielded = false;
  bool throw_on_entry = false;
};

// A complete, copyable description of a frame at an instruction boundary: enough to
// start the code object there (Interpreter::Resume) as if execution had reached it.
struct FrameState {
  Value code;                 // CodeObject
  Value function;             // Function, or None
  Value globals;              // Dict
  Value locals_dict;          // None unless the code uses a namespace dict
  int32_t offset = 0;         // the instruction to execute next
  std::vector<Value> locals;  // one per varname; Raised() = unbound
  std::vector<Value> cells;   // one Cell per cellvar and freevar
  std::vector<Value> stack;   // value stack, bottom first (NULL slots are Raised())
  Value handled_exception;    // None when no exception is being handled
};

// Called on every frame entry when installed. Runs the frame itself (returning true and
// setting *result, which may be Value::Raised()) or declines (returning false) so the
// interpreter runs it normally. `entry_offset` is 0 for calls and the resume offset for
// Resume(). The hook may call back into the interpreter (it runs frames it compiles);
// it is not consulted again for the frame it declined. The hook is never consulted for
// generator frames (code with kCodeGenerator): calling such a function only creates the
// generator, and its frame runs in the interpreter each time the generator resumes.
class FrameEvalHook {
 public:
  virtual ~FrameEvalHook() = default;
  virtual bool OnFrameEnter(Interpreter& interp, Frame& frame, int32_t entry_offset,
                            Value* result) = 0;
  // A step copy made with `capture` reached a normal successor: the frame's state there,
  // to be continued later (the default continues it now, through the hook). Nested
  // graph breaks hand the rest of an inlined frame to its caller's continuation this way.
  virtual Value OnContinuation(Interpreter& interp, FrameState state);
};

class Interpreter {
 public:
  // Installs the builtins module and the native module registry into `rt`.
  explicit Interpreter(Runtime& rt);
  ~Interpreter();
  Interpreter(const Interpreter&) = delete;
  Interpreter& operator=(const Interpreter&) = delete;

  Runtime& runtime() { return rt_; }
  static Interpreter& Of(Runtime& rt) { return *rt.interpreter(); }

  // --- Whole programs ----------------------------------------------------------------
  // Parses, compiles and runs `source` as the __main__ module with sys.argv = argv.
  // Prints what CPython prints for an uncaught exception or syntax error to stderr.
  // Returns the process exit status (0, 1, or sys.exit's code).
  int RunMain(absl::string_view source, absl::string_view filename,
              const std::vector<std::string>& argv);
  // Runs a module-level code object in `module`'s namespace.
  Value ExecModuleCode(Value code, Value module);

  // --- Calls -------------------------------------------------------------------------
  // Calls a Python function (the function type's call slot).
  Value CallFunction(Function* f, Args args, const KwArgs& kwargs);
  // Starts `state.code` at `state.offset` with the given locals, cells and stack.
  // `consult_hook` false: the frame hook is not consulted for this frame (its callees
  // still reach it).
  Value Resume(const FrameState& state, bool consult_hook = true);
  // Resume for a state that carries on the frame running now (the rest of a compiled
  // frame after its graph): it takes that frame's place, so it is not another level of
  // recursion (a compiled call costs the levels the eager call does).
  Value Continue(const FrameState& state, bool consult_hook = true);
  // A copy of `code` for running the `count` instructions from `offset` (graph breaks
  // run the breaking instruction this way, with the KW_NAMES before a CALL): those are
  // kept and every other becomes RESUME_AT, which captures the frame where it arrived
  // and continues it in `code` through Resume, consulting the hook at the normal
  // successors (the instruction after the last kept one and the kept jumps' targets)
  // and eagerly elsewhere (exception handlers). Resume a FrameState whose code is the
  // copy; the hook never sees the copy itself. `capture`: at the normal successors the
  // frame state goes to the hook's OnContinuation instead of being resumed.
  Value MakeStepCode(const CodeObject& code, int32_t offset, int32_t count = 1,
                     bool capture = false);
  // A function as MAKE_FUNCTION makes it: `code` (a CodeObject) with `globals` (a Dict),
  // defaults (tuple or None), keyword defaults (dict or None) and closure (tuple of
  // Cells or None). Graph breaks rebuild closures made inside a compiled frame this way.
  Value NewFunction(const Value& code, const Value& globals, Value defaults, Value kwdefaults,
                    Value closure);
  // The frame state of `frame` now (for hooks and tests).
  FrameState CaptureFrameState(const Frame& frame) const;
  // The innermost running frame, or null.
  Frame* current_frame() const { return current_frame_; }

  // --- Hook --------------------------------------------------------------------------
  void set_frame_eval_hook(FrameEvalHook* hook) { hook_ = hook; }
  FrameEvalHook* frame_eval_hook() const { return hook_; }

  // --- Modules -----------------------------------------------------------------------
  // A native module's initialiser: fills `module` (a Module Value); false after raising.
  using ModuleInit = bool (*)(Interpreter& interp, const Value& module);
  // Registers a module implemented in C++ ("math", "torch") or in Python source (the
  // torch.nn prelude). Imports look in sys.modules, then these. Registration is
  // process-wide; call it from static initialisers or before running programs.
  static void RegisterNativeModule(absl::string_view name, ModuleInit init);
  static void RegisterPythonModule(absl::string_view name, absl::string_view source);
  // Whether `name` was registered with RegisterPythonModule (the embedded stdlib and
  // torch prelude).
  static bool IsRegisteredPythonModule(absl::string_view name);
  // import `name` (dotted): returns the module itself (not the top package).
  Value ImportModule(absl::string_view name);
  Dict* builtins() const { return builtins_; }
  Dict* sys_modules() const { return sys_modules_; }
  // The "generator" type (vm/internal/generator.cc).
  Type* generator_type() const { return generator_type_; }

  // --- Signals ---------------------------------------------------------------------
  // Asks every running interpreter to raise KeyboardInterrupt at its next safe point (a
  // backward jump or a call), as CPython does on SIGINT. Async-signal-safe: a SIGINT
  // handler calls it. InstallInterruptHandler installs such a handler (the CLI does).
  static void RequestInterrupt();
  // Installs the SIGINT handler above and one for SIGTERM. SIGTERM ends the process as
  // CPython's default disposition does (by SIGTERM, no finally blocks), but at the next
  // safe point, after flushing stdout and stderr so nothing already printed is lost; a
  // second SIGTERM, or none reached within 5 seconds (a long native call), ends it at once.
  static void InstallInterruptHandler();
  // For native calls that wait (time.sleep): acts on a pending request as a safe point
  // does; true after raising KeyboardInterrupt.
  static bool TakePendingInterrupt(Runtime& rt);
  // How many C++ exceptions other than allocation failures reached a frame boundary
  // (each raised as "RuntimeError: wick internal error: ..."), process-wide: a fuzzer's
  // oracle, since a script can print that text itself.
  static int64_t InternalErrorCount();
  // Whether the last uncaught exception of RunMain was KeyboardInterrupt (the CLI then
  // ends by SIGINT, as CPython does).
  bool interrupted() const { return interrupted_; }

  // --- Limits and output -------------------------------------------------------------
  int recursion_limit() const { return recursion_limit_; }
  void set_recursion_limit(int n) {
    recursion_limit_ = n;
    rt_.set_native_recursion_limit(n);
  }
  int depth() const { return depth_; }
  // print() and the traceback printer write through these (tests capture them).
  std::function<void(absl::string_view)> write_stdout;
  std::function<void(absl::string_view)> write_stderr;

  // Prints `exc` (an exception instance) with its traceback and chained exceptions as
  // CPython 3.11 does, through write_stderr.
  void PrintException(const Value& exc);

 private:
  Runtime& rt_;
  Dict* builtins_ = nullptr;     // owned reference
  Dict* sys_modules_ = nullptr;  // owned reference
  FrameEvalHook* hook_ = nullptr;
  Type* generator_type_ = nullptr;  // owned reference
  Frame* current_frame_ = nullptr;
  int depth_ = 0;
  int recursion_limit_ = 1000;
  bool interrupted_ = false;
  friend class InterpreterAccess;  // vm/internal: the dispatch loop and helpers
};

}  // namespace wick::vm

#endif  // WICK_VM_INTERPRETER_H_
