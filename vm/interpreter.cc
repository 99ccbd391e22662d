// Interpreter: construction (builtins dict, sys.modules, the function type, and
// __build_class__), whole-program runs (RunMain), module execution, calls into Python
// functions, resumable frames (FrameState / Resume) and frame entry with the recursion
// limit and the FrameEvalHook. The dispatch loop is vm/internal/eval.cc.
#include "vm/interpreter.h"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>

#include "absl/base/optimization.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "lang/parser.h"
#include "vm/compiler.h"
#include "vm/internal/interp_internal.h"
#include "vm/objects/dict.h"
#include "vm/protocol.h"

namespace wick::vm {
namespace {

}  // namespace

Interpreter::Interpreter(Runtime& rt) : rt_(rt) {
  rt_.set_interpreter(this);
  internal::InitFunctionType(rt_);
  generator_type_ = internal::NewGeneratorType(rt_);
  builtins_ = rt_.Alloc<Dict>(rt_.types().dict);
  sys_modules_ = rt_.Alloc<Dict>(rt_.types().dict);
  builtins_->SetStr(rt_, rt_.names().name, rt_.NewStr("builtins"));
  builtins_->SetStr(rt_, rt_.Intern("__build_class__"),
                    rt_.NewBuiltinFunction("__build_class__", &internal::BuildClass));
  // The builtins module shares the builtins dict.
  builtins_->IncRef();
  Value module = Value::Steal(rt_.Alloc<Module>(rt_.types().module, "builtins", builtins_));
  sys_modules_->Set(rt_, rt_.NewStr("builtins"), std::move(module));
  write_stdout = [](absl::string_view s) { fwrite(s.data(), 1, s.size(), stdout); };
  write_stderr = [](absl::string_view s) {
    fflush(stdout);
    fwrite(s.data(), 1, s.size(), stderr);
  };
}

Interpreter::~Interpreter() {
  builtins_->DecRef();
  sys_modules_->DecRef();
  generator_type_->DecRef();
  if (rt_.interpreter() == this) rt_.set_interpreter(nullptr);
}

// A C++ exception that reached a frame boundary, as the Python exception it stands for:
// an allocation failure is MemoryError (the frame's values are dropped; the interpreter
// stays usable), anything else an internal error the script can still catch.
std::atomic<bool> InterpreterAccess::interrupt_requested_{false};

void Interpreter::RequestInterrupt() {
  InterpreterAccess::interrupt_requested_.store(true, std::memory_order_relaxed);
}

namespace {

std::atomic<bool> terminate_requested{false};

// Ends the process by SIGTERM (what its parent sees). Async-signal-safe.
[[noreturn]] void DieBySigterm() {
  signal(SIGTERM, SIG_DFL);
  raise(SIGTERM);
  _exit(128 + SIGTERM);
}

void OnSigint(int) { Interpreter::RequestInterrupt(); }

void OnSigterm(int) {
  if (terminate_requested.exchange(true)) DieBySigterm();  // the second one
  alarm(5);  // the safe point may be far away (a long native call)
  Interpreter::RequestInterrupt();
}

void OnTerminateTimeout(int) { DieBySigterm(); }

void Install(int sig, void (*handler)(int)) {
  struct sigaction sa;
  std::memset(&sa, 0, sizeof(sa));
  sa.sa_handler = handler;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  sigaction(sig, &sa, nullptr);
}

}  // namespace

bool InterpreterAccess::RaiseInterrupt(Runtime& rt) {
  if (terminate_requested.load()) {
    // SIGTERM at a safe point: what was printed reaches its file, then the process ends
    // as CPython's does on SIGTERM.
    std::fflush(stdout);
    std::fflush(stderr);
    DieBySigterm();
  }
  if (!interrupt_requested_.exchange(false)) return false;
  rt.RaiseValue(Value::Borrow(rt.exc().keyboard_interrupt));
  return true;
}

bool Interpreter::TakePendingInterrupt(Runtime& rt) { return InterpreterAccess::TakeInterrupt(rt); }

void Interpreter::InstallInterruptHandler() {
  Install(SIGINT, OnSigint);
  Install(SIGTERM, OnSigterm);
  Install(SIGALRM, OnTerminateTimeout);
}

static std::atomic<int64_t> internal_errors{0};

int64_t Interpreter::InternalErrorCount() { return internal_errors.load(); }

static Value RaiseNativeException(Runtime& rt, const std::exception& e) {
  if (dynamic_cast<const std::bad_alloc*>(&e) != nullptr ||
      dynamic_cast<const std::length_error*>(&e) != nullptr) {
    return rt.RaiseNoMemory();
  }
  internal_errors.fetch_add(1);
  return rt.Raise(rt.exc().runtime_error, absl::StrCat("wick internal error: ", e.what()));
}

// Python's recursion limit, and the native stack's: either raises RecursionError, so
// deep recursion never overflows the C++ stack even when frames are larger than usual
// (sanitizer builds, tracing) or the program raised sys.setrecursionlimit.
static bool TooDeep(const Runtime& rt, int depth, int limit) {
  return depth >= limit || rt.NativeStackLow();
}

Value InterpreterAccess::RunFrame(Interpreter& in, Frame& f, int32_t entry, bool hook) {
  if (TooDeep(in.rt_, in.depth_, in.recursion_limit_)) {
    return in.rt_.Raise(in.rt_.exc().recursion_error, "maximum recursion depth exceeded");
  }
  if (TakeInterrupt(in.rt_)) return Value::Raised();  // Ctrl-C: a call is a safe point
  // A call is also a safe point for the collector.
  if (ABSL_PREDICT_FALSE(in.rt_.GcDue())) in.rt_.CollectDue();
  ++in.depth_;
  f.back = in.current_frame_;
  f.next_instr = entry;
  in.current_frame_ = &f;
  Value result;
  try {
    if (in.hook_ == nullptr || !hook || (f.code->flags & kCodeStep) != 0 ||
        !in.hook_->OnFrameEnter(in, f, entry, &result)) {
      result = Eval(in, f);
    }
  } catch (const std::exception& e) {
    // No C++ exception crosses a Python frame: the frame raises it as Python's.
    result = RaiseNativeException(in.rt_, e);
  }
  in.current_frame_ = f.back;
  --in.depth_;
  return result;
}

Value InterpreterAccess::RunGeneratorFrame(Interpreter& in, Frame& f) {
  if (TooDeep(in.rt_, in.depth_, in.recursion_limit_)) {
    if (f.throw_on_entry) in.rt_.ClearException();
    f.throw_on_entry = false;
    return in.rt_.Raise(in.rt_.exc().recursion_error, "maximum recursion depth exceeded");
  }
  ++in.depth_;
  f.back = in.current_frame_;
  in.current_frame_ = &f;
  Value result;
  try {
    result = Eval(in, f);
  } catch (const std::exception& e) {
    result = RaiseNativeException(in.rt_, e);
  }
  in.current_frame_ = f.back;
  f.back = nullptr;
  --in.depth_;
  return result;
}

Value Interpreter::CallFunction(Function* fn, Args args, const KwArgs& kwargs) {
  CodeObject* co = fn->code_object();
  if (ABSL_PREDICT_FALSE(co->flags & kCodeGenerator)) {
    return internal::NewGenerator(*this, fn, args, kwargs);
  }
  internal::FrameMemory mem(co);
  Frame f;
  f.code = co;
  f.function = fn;
  f.globals = fn->globals.as<Dict>();
  f.builtins = fn->builtins.as<Dict>();
  mem.Attach(f);
  if (!internal::BindArguments(rt_, fn, f.locals, args, kwargs)) return Value::Raised();
  if (co->num_cells() > 0) internal::InitCells(rt_, co, fn->closure, f.locals, f.cells);
  return InterpreterAccess::RunFrame(*this, f, 0);
}

Value InterpreterAccess::CallPositional(Interpreter& in, Function* fn, Value* args,
                                         size_t n) {
  CodeObject* co = fn->code_object();
  if (n != static_cast<size_t>(co->arg_count) || co->kwonly_count != 0 ||
      (co->flags & (kCodeVarargs | kCodeVarkeywords | kCodeGenerator)) != 0) {
    return in.CallFunction(fn, Args(args, n), KwArgs());
  }
  internal::FrameMemory mem(co);
  Frame f;
  f.code = co;
  f.function = fn;
  f.globals = fn->globals.as<Dict>();
  f.builtins = fn->builtins.as<Dict>();
  mem.Attach(f);
  // The caller drops these stack slots right after the call: move, don't copy.
  for (size_t i = 0; i < n; ++i) f.locals[i] = std::move(args[i]);
  // Closures: cells are made after the parameters are bound (cell2arg reads them).
  if (co->num_cells() > 0) internal::InitCells(in.rt_, co, fn->closure, f.locals, f.cells);
  return RunFrame(in, f, 0);
}

Value Interpreter::ExecModuleCode(Value code, Value module) {
  if (rt_.TypeOf(code) != rt_.types().code || rt_.TypeOf(module) != rt_.types().module) {
    return rt_.Raise(rt_.exc().type_error, "ExecModuleCode: expected a code object and a module");
  }
  CodeObject* co = code.as<CodeObject>();
  Dict* globals = module.as<Module>()->dict;
  internal::FrameMemory mem(co);
  Frame f;
  f.code = co;
  f.globals = globals;
  f.builtins = builtins_;
  f.locals_dict = Value::Borrow(globals);
  mem.Attach(f);
  internal::InitCells(rt_, co, Value::None(), f.locals, f.cells);
  return InterpreterAccess::RunFrame(*this, f, 0);
}

Value Interpreter::Continue(const FrameState& state, bool consult_hook) {
  const bool replaces = depth_ > 0;
  if (replaces) --depth_;
  Value r = Resume(state, consult_hook);
  if (replaces) ++depth_;
  return r;
}

Value Interpreter::Resume(const FrameState& state, bool consult_hook) {
  if (rt_.TypeOf(state.code) != rt_.types().code || !rt_.IsDict(state.globals)) {
    return rt_.Raise(rt_.exc().type_error, "Resume: the state needs a code object and globals");
  }
  CodeObject* co = state.code.as<CodeObject>();
  if (state.offset < 0 || state.offset >= static_cast<int32_t>(co->code.size()) ||
      state.locals.size() > co->varnames.size() ||
      state.cells.size() > static_cast<size_t>(co->num_cells()) ||
      state.stack.size() > static_cast<size_t>(co->stack_size)) {
    return rt_.Raise(rt_.exc().runtime_error, "Resume: the frame state does not fit the code");
  }
  internal::FrameMemory mem(co);
  Frame f;
  f.code = co;
  f.function = rt_.TypeOf(state.function) == rt_.types().function
                   ? state.function.as<Function>()
                   : nullptr;
  f.globals = state.globals.as<Dict>();
  f.builtins = f.function != nullptr ? f.function->builtins.as<Dict>() : builtins_;
  f.locals_dict = state.locals_dict;
  f.handled_exception = state.handled_exception;
  mem.Attach(f);
  for (size_t i = 0; i < state.locals.size(); ++i) f.locals[i] = state.locals[i];
  for (int32_t i = 0; i < co->num_cells(); ++i) {
    f.cells[i] = i < static_cast<int32_t>(state.cells.size()) &&
                         rt_.TypeOf(state.cells[i]) == rt_.types().cell
                     ? state.cells[i]
                     : rt_.NewCell(Value::Raised());
  }
  for (const Value& v : state.stack) *f.stack_top++ = v;
  return InterpreterAccess::RunFrame(*this, f, state.offset, consult_hook);
}

Value FrameEvalHook::OnContinuation(Interpreter& interp, FrameState state) {
  return interp.Resume(state);
}

Value Interpreter::MakeStepCode(const CodeObject& code, int32_t offset, int32_t count,
                                bool capture) {
  if (offset < 0 || count < 1 || offset + count > static_cast<int32_t>(code.code.size())) {
    return rt_.Raise(rt_.exc().runtime_error, "MakeStepCode: offset out of range");
  }
  CodeObject* co = rt_.Alloc<CodeObject>(rt_.types().code);
  Value result = Value::Steal(co);
  co->name = code.name;
  co->qualname = code.qualname;
  co->source = code.source;
  co->first_line = code.first_line;
  co->flags = code.flags | kCodeStep;
  co->posonly_count = code.posonly_count;
  co->arg_count = code.arg_count;
  co->kwonly_count = code.kwonly_count;
  co->consts = code.consts;
  co->names = code.names;
  co->name_strs = code.name_strs;
  co->varnames = code.varnames;
  co->cellvars = code.cellvars;
  co->freevars = code.freevars;
  co->cell2arg = code.cell2arg;
  co->stack_size = code.stack_size;
  co->positions = code.positions;
  co->exception_table = code.exception_table;
  co->block_index = code.block_index;
  co->block_stacks = code.block_stacks;
  co->step_origin = Value::Borrow(const_cast<CodeObject*>(&code));
  co->code.assign(code.code.size(), Instruction{Opcode::RESUME_AT, 0});
  for (int32_t i = offset; i < offset + count; ++i) co->code[i] = code.code[i];
  auto mark_successor = [&](int32_t i) {
    if (i >= 0 && i < static_cast<int32_t>(co->code.size()) &&
        co->code[i].op == Opcode::RESUME_AT) {
      co->code[i].arg = capture ? 2 : 1;
    }
  };
  mark_successor(offset + count);
  for (int32_t i = offset; i < offset + count; ++i) {
    if (IsJump(code.code[i].op)) mark_successor(code.code[i].arg);
  }
  return result;
}

Value InterpreterAccess::LeaveStepCopy(Interpreter& in, Frame& f, int32_t mode) {
  FrameState state = in.CaptureFrameState(f);
  state.code = f.code->step_origin;
  // The frame's values now live in `state` only: a value moved on (a tensor the
  // program drops later) must not be kept alive by the step frame meanwhile.
  for (Value* p = f.stack_base; p < f.stack_top; ++p) *p = Value();
  f.stack_top = f.stack_base;
  if (mode == 2 && in.hook_ != nullptr) return in.hook_->OnContinuation(in, std::move(state));
  return in.Continue(state, mode != 0);  // the step frame ends here: not a new level
}

Value Interpreter::NewFunction(const Value& code, const Value& globals, Value defaults,
                               Value kwdefaults, Value closure) {
  if (rt_.TypeOf(code) != rt_.types().code || !rt_.IsDict(globals)) {
    return rt_.Raise(rt_.exc().type_error, "NewFunction: needs a code object and globals");
  }
  Value f = internal::NewFunction(rt_, code, globals.as<Dict>(), builtins_);
  Function* fn = f.as<Function>();
  fn->defaults = std::move(defaults);
  fn->kwdefaults = std::move(kwdefaults);
  fn->closure = std::move(closure);
  return f;
}

FrameState Interpreter::CaptureFrameState(const Frame& frame) const {
  FrameState s;
  s.code = Value::Borrow(frame.code);
  s.function = frame.function != nullptr ? Value::Borrow(frame.function) : Value::None();
  s.globals = Value::Borrow(frame.globals);
  s.locals_dict = frame.locals_dict;
  s.offset = frame.next_instr;
  s.locals.assign(frame.locals, frame.locals + frame.code->varnames.size());
  s.cells.assign(frame.cells, frame.cells + frame.code->num_cells());
  s.stack.assign(frame.stack_base, frame.stack_top);
  s.handled_exception = frame.handled_exception;
  return s;
}

void Interpreter::PrintException(const Value& exc) {
  std::string text = internal::FormatException(rt_, exc);
  write_stderr(text);
}

namespace {

// SystemExit's exit status: code None -> 0, int -> itself, else print it and 1.
int SystemExitStatus(Interpreter& in, const Value& exc) {
  Runtime& rt = in.runtime();
  ExceptionObject* x = exc.as<ExceptionObject>();
  const std::vector<Value>& args = x->args.as<Tuple>()->items;
  Value code = args.empty() ? Value::None() : args.size() == 1 ? args[0] : x->args;
  if (code.is_none()) return 0;
  if (code.is_int_like()) return static_cast<int>(code.as_int());
  std::string s;
  if (!StrString(rt, code, &s)) rt.ClearException();
  in.write_stderr(s + "\n");
  return 1;
}

}  // namespace

int Interpreter::RunMain(absl::string_view source, absl::string_view filename,
                         const std::vector<std::string>& argv) {
  absl::StatusOr<Value> code = CompileSource(rt_, source, filename);
  if (!code.ok()) {
    if (auto e = lang::GetSyntaxError(code.status())) {
      write_stderr(e->Render());
    } else {
      write_stderr(absl::StrCat("wick: ", code.status().ToString(), "\n"));
    }
    return 1;
  }
  Value module = rt_.NewModule("__main__");
  Dict* globals = module.as<Module>()->dict;
  globals->SetStr(rt_, rt_.Intern("__builtins__"),
                  *sys_modules_->GetStr("builtins"));
  globals->SetStr(rt_, rt_.Intern("__file__"), rt_.NewStr(filename));
  globals->SetStr(rt_, rt_.Intern("__package__"), Value::None());  // a script: no package
  sys_modules_->Set(rt_, rt_.NewStr("__main__"), module);
  Value sys = ImportModule("sys");
  if (sys.is_raised()) {
    rt_.ClearException();
  } else {
    std::vector<Value> items;
    for (const std::string& a : argv) items.push_back(rt_.NewStr(a));
    if (!SetAttr(rt_, sys, rt_.Intern("argv"), rt_.NewList(std::move(items)))) {
      rt_.ClearException();
    }
    // sys.path[0]: the script's directory, where `import helper` finds helper.py.
    if (!absl::StartsWith(filename, "<")) {
      const size_t slash = filename.rfind('/');
      const absl::string_view dir =
          slash == absl::string_view::npos ? "" : filename.substr(0, slash == 0 ? 1 : slash);
      Value path = GetAttr(rt_, sys, "path");
      if (path.is_raised()) {
        rt_.ClearException();
      } else if (rt_.IsList(path)) {
        path.as<List>()->items.insert(path.as<List>()->items.begin(), rt_.NewStr(dir));
      }
    }
  }
  // What exists now (builtins, preloaded modules) lives as long as the interpreter;
  // the cycle collector runs over what the script allocates from here on.
  rt_.FreezeGc();
  Value r = ExecModuleCode(*code, module);
  if (!r.is_raised()) {
    fflush(stdout);
    return 0;
  }
  Value exc = rt_.FetchException();
  if (rt_.IsInstance(exc, rt_.exc().system_exit)) return SystemExitStatus(*this, exc);
  PrintException(exc);
  fflush(stdout);
  if (rt_.IsInstance(exc, rt_.exc().keyboard_interrupt)) {
    interrupted_ = true;
    return 130;  // 128 + SIGINT, what a shell reports for CPython's exit by SIGINT
  }
  return 1;
}

}  // namespace wick::vm
