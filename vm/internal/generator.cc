// Generators (CPython 3.11's genobject.c): calling a function whose code has
// kCodeGenerator creates a Generator holding a heap-allocated frame (locals, cells and
// value stack outlive the call); next/send/throw/close resume that frame's dispatch loop
// at the saved instruction. `yield from` delegation for throw() and close() finds the
// delegate on the suspended frame's stack (YIELD_VALUE with arg 1).
#include <memory>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "vm/internal/interp_internal.h"
#include "vm/protocol.h"

namespace wick::vm::internal {
namespace {

enum class GenState { kCreated, kSuspended, kRunning, kDone };

Value GenClose(Interpreter& in, const Value& self);

class Generator : public Object {
 public:
  void ClearRefs() override {
    ReleaseFrame();
    function = name = qualname = Value();
    state = GenState::kDone;  // teardown: nothing to finalize
  }
  void Traverse(Visitor visit, void* arg) const override {
    for (size_t i = 0; i < size; ++i) VisitValue(memory[i], visit, arg);
    for (const Value* v : {&frame.locals_dict, &frame.handled_exception, &frame.locals_snapshot,
                           &function, &name, &qualname}) {
      VisitValue(*v, visit, arg);
    }
  }
  // Abandoned while suspended (a `break` out of a for over it, a dropped reference):
  // closed as CPython's _PyGen_Finalize does, so its finally blocks and __exit__s run.
  bool NeedsFinalize() const override {
    return state == GenState::kSuspended && !finalized && interp != nullptr;
  }
  void Finalize() override;

  // Drops the frame's references once the generator is finished.
  void ReleaseFrame() {
    for (size_t i = 0; i < size; ++i) memory[i] = Value();
    frame.locals_dict = frame.handled_exception = frame.locals_snapshot = Value();
    frame.stack_top = frame.stack_base;
  }

  Value function;  // keeps the code, globals and builtins of `frame` alive
  Value name, qualname;
  std::unique_ptr<Value[]> memory;  // locals, cells, then the value stack
  size_t size = 0;
  Frame frame;
  GenState state = GenState::kCreated;
  Interpreter* interp = nullptr;  // the interpreter that made it (for Finalize)
  bool finalized = false;
};

Generator* G(const Value& v) { return v.as<Generator>(); }

bool IsGen(Runtime& rt, const Value& v) {
  return rt.TypeOf(v) == Interpreter::Of(rt).generator_type();
}

// The delegate of a generator suspended in `yield from` (CPython's _PyGen_yf), or null.
const Value* YieldFromTarget(Generator* g) {
  if (g->state != GenState::kSuspended || g->frame.next_instr <= 0) return nullptr;
  const Instruction& last = g->frame.code->code[g->frame.next_instr - 1];
  if (last.op != Opcode::YIELD_VALUE || last.arg != 1) return nullptr;
  return &g->frame.stack_top[-1];
}

}  // namespace

// gen_send_ex2: resumes `g` with `arg` pushed (or, when `throw_pending`, with the
// pending exception raised at its yield).
GenResult GenResume(Interpreter& in, const Value& gen, const Value& arg, bool throw_pending,
                    Value* out) {
  Runtime& rt = in.runtime();
  Generator* g = G(gen);
  if (g->state == GenState::kRunning) {
    rt.Raise(rt.exc().value_error, "generator already executing");
    return GenResult::kError;
  }
  if (g->state == GenState::kDone) {
    if (throw_pending) return GenResult::kError;
    *out = Value::None();
    return GenResult::kReturned;
  }
  if (g->state == GenState::kCreated) {
    if (throw_pending) {  // thrown before it started: it never runs
      g->state = GenState::kDone;
      g->ReleaseFrame();
      return GenResult::kError;
    }
    if (!arg.is_none()) {
      rt.Raise(rt.exc().type_error, "can't send non-None value to a just-started generator");
      return GenResult::kError;
    }
  } else if (!throw_pending) {
    *g->frame.stack_top++ = arg;
  }
  g->state = GenState::kRunning;
  g->frame.throw_on_entry = throw_pending;
  Value r = InterpreterAccess::RunGeneratorFrame(in, g->frame);
  if (g->frame.yielded) {
    g->frame.yielded = false;
    g->state = GenState::kSuspended;
    *out = std::move(r);
    return GenResult::kYielded;
  }
  g->state = GenState::kDone;
  g->ReleaseFrame();
  if (!r.is_raised()) {
    *out = std::move(r);
    return GenResult::kReturned;
  }
  if (rt.ExceptionMatches(rt.exc().stop_iteration)) {
    // PEP 479: a StopIteration escaping the body becomes a RuntimeError from it.
    Value cause = rt.FetchException();
    Value exc = rt.NewException(rt.exc().runtime_error,
                                {rt.NewStr("generator raised StopIteration")});
    ExceptionObject* x = exc.as<ExceptionObject>();
    x->cause = cause;
    x->context = cause;
    x->suppress_context = true;
    rt.RaiseValue(std::move(exc));
  }
  return GenResult::kError;
}

namespace {

// Turns a GenResult into send()'s result: the yielded value, or StopIteration(value).
Value SendResult(Runtime& rt, GenResult r, Value out) {
  if (r == GenResult::kYielded) return out;
  if (r == GenResult::kError) return Value::Raised();
  std::vector<Value> args;
  if (!out.is_none()) args.push_back(std::move(out));
  return rt.RaiseValue(rt.NewException(rt.exc().stop_iteration, std::move(args)));
}

Value GenNext(Runtime& rt, const Value& self) {
  Value out;
  GenResult r = GenResume(Interpreter::Of(rt), self, Value::None(), false, &out);
  if (r == GenResult::kReturned) {
    if (out.is_none()) return Value::Raised();  // plain exhaustion: nothing pending
    return SendResult(rt, r, std::move(out));
  }
  return r == GenResult::kYielded ? out : Value::Raised();
}

Value GenIter(Runtime&, const Value& self) { return self; }

Value GenRepr(Runtime& rt, const Value& self) {
  return rt.NewStr(absl::StrFormat("<generator object %s at %p>",
                                   G(self)->qualname.as<Str>()->view(),
                                   static_cast<void*>(self.object())));
}

bool CheckArgs(Runtime& rt, absl::string_view name, Args args, const KwArgs& kw, size_t lo,
               size_t hi) {
  if (!kw.empty()) {
    rt.Raise(rt.exc().type_error, absl::StrFormat("generator.%s() takes no keyword arguments", name));
    return false;
  }
  size_t n = args.size() - 1;
  if (n >= lo && n <= hi) return true;
  if (name == "__next__") {  // a slot wrapper's message
    rt.Raise(rt.exc().type_error, absl::StrFormat("expected 0 arguments, got %d", n));
  } else if (lo == 0) {
    rt.Raise(rt.exc().type_error,
             absl::StrFormat("generator.%s() takes no arguments (%d given)", name, n));
  } else if (lo == hi) {
    rt.Raise(rt.exc().type_error,
             absl::StrFormat("generator.%s() takes exactly one argument (%d given)", name, n));
  } else {
    rt.Raise(rt.exc().type_error,
             absl::StrFormat("throw expected at least 1 argument, got %d", n));
  }
  return false;
}

Value GenSendMethod(Runtime& rt, Args args, const KwArgs& kw) {
  if (!CheckArgs(rt, "send", args, kw, 1, 1)) return Value::Raised();
  Value out;
  GenResult r = GenResume(Interpreter::Of(rt), args[0], args[1], false, &out);
  return SendResult(rt, r, std::move(out));
}

Value NextMethod(Runtime& rt, Args args, const KwArgs& kw) {
  if (!CheckArgs(rt, "__next__", args, kw, 0, 0)) return Value::Raised();
  Value v = GenNext(rt, args[0]);
  if (v.is_raised() && !rt.HasPending()) rt.RaiseValue(Value::Borrow(rt.exc().stop_iteration));
  return v;
}

Value IterMethod(Runtime&, Args args, const KwArgs&) { return args[0]; }

int CloseIter(Interpreter& in, const Value& yf);

void Generator::Finalize() {
  finalized = true;
  Runtime& rt = interp->runtime();
  Value saved = rt.HasPending() ? rt.FetchException() : Value();  // an exception in flight
  Value self = Value::Borrow(this);
  if (GenClose(*interp, self).is_raised()) {
    // As CPython reports an exception raised by a finalizer: on stderr, not raised.
    Value exc = rt.FetchException();
    std::string repr;
    if (!ReprString(rt, self, &repr)) {
      rt.ClearException();
      repr = "<generator>";
    }
    interp->write_stderr(absl::StrCat("Exception ignored in: ", repr, "\n"));
    // CPython's unraisable hook prints the exception alone, not the GeneratorExit it
    // was raised while handling.
    if (!SetAttr(rt, exc, rt.names().suppress_context, Value::Bool(true))) rt.ClearException();
    interp->PrintException(exc);
  }
  if (!saved.is_none()) rt.RaiseValue(std::move(saved));
}

// gen_close: GeneratorExit thrown in; yielding again is a RuntimeError.
Value GenClose(Interpreter& in, const Value& self) {
  Runtime& rt = in.runtime();
  Generator* g = G(self);
  if (g->state == GenState::kCreated) {
    g->state = GenState::kDone;
    g->ReleaseFrame();
    return Value::None();
  }
  int err = 0;
  if (const Value* yf = YieldFromTarget(g)) {
    Value target = *yf;
    g->state = GenState::kRunning;
    err = CloseIter(in, target);
    g->state = GenState::kSuspended;
  }
  if (err == 0) rt.RaiseValue(Value::Borrow(rt.exc().generator_exit));
  Value out;
  GenResult r = GenResume(in, self, Value::None(), true, &out);
  if (r == GenResult::kYielded) {
    return rt.Raise(rt.exc().runtime_error, "generator ignored GeneratorExit");
  }
  if (r == GenResult::kReturned) return Value::None();
  if (rt.ExceptionMatches(rt.exc().stop_iteration) || rt.ExceptionMatches(rt.exc().generator_exit)) {
    rt.ClearException();
    return Value::None();
  }
  return Value::Raised();
}

// gen_close_iter: closes a yield-from delegate; -1 after raising.
int CloseIter(Interpreter& in, const Value& yf) {
  Runtime& rt = in.runtime();
  if (IsGen(rt, yf)) return GenClose(in, yf).is_raised() ? -1 : 0;
  Value close = GetAttr(rt, yf, rt.Intern("close"));
  if (close.is_raised()) {
    rt.ClearException();  // no close(): nothing to do (CPython ignores the lookup error)
    return 0;
  }
  return Call(rt, close, Args()).is_raised() ? -1 : 0;
}

Value GenThrow(Interpreter& in, const Value& self, const Value& typ, const Value& val,
               const Value& tb);

// The thrown exception made pending (throw_here's normalisation); false after a
// TypeError.
bool RaiseThrown(Runtime& rt, const Value& typ, const Value& val) {
  Type* t = typ.is_object() ? dynamic_cast<Type*>(typ.object()) : nullptr;
  if (t != nullptr) {
    if (t->IsSubtypeOf(rt.exc().base_exception)) {
      if (!val.is_none() && rt.IsInstance(val, t)) {
        rt.RaiseValue(val);
        return true;
      }
      std::vector<Value> args;
      if (rt.IsTuple(val)) {
        args = val.as<Tuple>()->items;
      } else if (!val.is_none()) {
        args.push_back(val);
      }
      Value exc = Call(rt, typ, Args(args.data(), args.size()), KwArgs());
      if (exc.is_raised()) return false;
      rt.RaiseValue(std::move(exc));
      return true;
    }
  }
  if (rt.IsInstance(typ, rt.exc().base_exception)) {
    if (!val.is_none()) {
      rt.Raise(rt.exc().type_error, "instance exception may not have a separate value");
      return false;
    }
    rt.RaiseValue(typ);
    return true;
  }
  rt.Raise(rt.exc().type_error,
           "exceptions must be classes or instances deriving from BaseException, not " +
               rt.TypeOf(typ)->name());
  return false;
}

// Resumes `self` with the pending exception raised at its yield; send()'s result.
Value ThrowPending(Interpreter& in, const Value& self) {
  Value out;
  GenResult r = GenResume(in, self, Value::None(), true, &out);
  return SendResult(in.runtime(), r, std::move(out));
}

// _gen_throw: into the yield-from delegate first, else at the generator's own yield.
Value GenThrow(Interpreter& in, const Value& self, const Value& typ, const Value& val,
               const Value& tb) {
  Runtime& rt = in.runtime();
  Generator* g = G(self);
  Value out;
  if (const Value* yfp = YieldFromTarget(g)) {
    Value yf = *yfp;
    bool is_exit = typ.Is(Value::Borrow(rt.exc().generator_exit)) ||
                   rt.IsInstance(typ, rt.exc().generator_exit);
    GenResult r;
    if (is_exit) {
      g->state = GenState::kRunning;
      int err = CloseIter(in, yf);
      g->state = GenState::kSuspended;
      if (err < 0) return ThrowPending(in, self);
    } else {
      Value ret;
      g->state = GenState::kRunning;
      if (IsGen(rt, yf)) {
        ret = GenThrow(in, yf, typ, val, tb);
      } else {
        Value meth = GetAttr(rt, yf, rt.Intern("throw"));
        if (meth.is_raised()) {
          rt.ClearException();
          g->state = GenState::kSuspended;
          goto throw_here;
        }
        Value a[3] = {typ, val, tb};
        ret = Call(rt, meth, Args(a, 3), KwArgs());
      }
      g->state = GenState::kSuspended;
      if (!ret.is_raised()) return ret;  // the delegate yielded: so do we
      // The delegate finished: leave the yield-from loop with its value, or raise.
      Value drop = std::move(*--g->frame.stack_top);
      const Instruction& loop = g->frame.code->code[g->frame.next_instr];  // JUMP to SEND
      const Instruction& send = g->frame.code->code[loop.arg];
      if (rt.ExceptionMatches(rt.exc().stop_iteration)) {
        Value stop = rt.FetchException();
        Value v = GetAttr(rt, stop, rt.Intern("value"));
        if (v.is_raised()) return v;
        g->frame.next_instr = send.arg;
        r = GenResume(in, self, v, false, &out);
      } else {
        r = GenResume(in, self, Value::None(), true, &out);
      }
      return SendResult(rt, r, std::move(out));
    }
  }
throw_here:
  if (!RaiseThrown(rt, typ, val)) return Value::Raised();
  return ThrowPending(in, self);
}

Value ThrowMethod(Runtime& rt, Args args, const KwArgs& kw) {
  if (!CheckArgs(rt, "throw", args, kw, 1, 3)) return Value::Raised();
  Value val = args.size() > 2 ? args[2] : Value::None();
  Value tb = args.size() > 3 ? args[3] : Value::None();
  return GenThrow(Interpreter::Of(rt), args[0], args[1], val, tb);
}

Value CloseMethod(Runtime& rt, Args args, const KwArgs& kw) {
  if (!CheckArgs(rt, "close", args, kw, 0, 0)) return Value::Raised();
  return GenClose(Interpreter::Of(rt), args[0]);
}

Value GenGetAttr(Runtime& rt, const Value& v, Str* name) {
  absl::string_view n = name->view();
  if (n == "__name__") return G(v)->name;
  if (n == "__qualname__") return G(v)->qualname;
  if (n == "gi_running") return Value::Bool(G(v)->state == GenState::kRunning);
  return GenericGetAttr(rt, v, name);
}

}  // namespace

Type* NewGeneratorType(Runtime& rt) {
  Type* t = rt.NewBuiltinType("generator", rt.types().object, Layout::kOther);
  t->set_base_type(false);
  TypeSlots& s = t->slots();
  s.iter = &GenIter;
  s.next = &GenNext;
  s.repr = &GenRepr;
  s.getattr = &GenGetAttr;
  s.construct = nullptr;
  const TypeSlots& object_slots = rt.types().object->slots();
  if (s.hash == nullptr) s.hash = object_slots.hash;
  if (s.compare == nullptr) s.compare = object_slots.compare;
  rt.AddMethod(t, "send", &GenSendMethod);
  rt.AddMethod(t, "throw", &ThrowMethod);
  rt.AddMethod(t, "close", &CloseMethod);
  rt.AddMethod(t, "__next__", &NextMethod);
  rt.AddMethod(t, "__iter__", &IterMethod);
  return t;
}

Value NewGenerator(Interpreter& in, Function* fn, Args args, const KwArgs& kwargs) {
  Runtime& rt = in.runtime();
  CodeObject* co = fn->code_object();
  Generator* g = rt.Alloc<Generator>(in.generator_type());
  Value result = Value::Steal(g);
  g->interp = &in;
  size_t nlocals = co->varnames.size(), ncells = static_cast<size_t>(co->num_cells());
  g->size = nlocals + ncells + static_cast<size_t>(std::max(co->stack_size, 0)) + 1;
  g->memory.reset(new Value[g->size]);
  for (size_t i = 0; i < nlocals; ++i) g->memory[i] = Value::Raised();
  g->function = Value::Borrow(fn);
  g->name = fn->name;
  g->qualname = fn->qualname;
  Frame& f = g->frame;
  f.code = co;
  f.function = fn;
  f.globals = fn->globals.as<Dict>();
  f.builtins = fn->builtins.as<Dict>();
  f.locals = g->memory.get();
  f.cells = f.locals + nlocals;
  f.stack_base = f.cells + ncells;
  f.stack_top = f.stack_base;
  f.is_generator = true;
  f.handled_exception = Value::None();
  if (!BindArguments(rt, fn, f.locals, args, kwargs)) return Value::Raised();
  if (ncells > 0) InitCells(rt, co, fn->closure, f.locals, f.cells);
  return result;
}

bool IsGenerator(Runtime& rt, const Value& v) { return IsGen(rt, v); }

// SEND: one step of `yield from` on `recv`.
GenResult YieldFromSend(Interpreter& in, const Value& recv, const Value& v, Value* out) {
  Runtime& rt = in.runtime();
  if (IsGen(rt, recv)) return GenResume(in, recv, v, false, out);
  Value r;
  if (v.is_none()) {
    r = Next(rt, recv);
    if (r.is_raised() && !rt.HasPending()) {
      *out = Value::None();
      return GenResult::kReturned;
    }
  } else {
    Value send = GetAttr(rt, recv, rt.Intern("send"));
    if (send.is_raised()) return GenResult::kError;
    r = Call(rt, send, Args(&v, 1), KwArgs());
  }
  if (!r.is_raised()) {
    *out = std::move(r);
    return GenResult::kYielded;
  }
  if (!rt.ExceptionMatches(rt.exc().stop_iteration)) return GenResult::kError;
  Value stop = rt.FetchException();
  *out = GetAttr(rt, stop, rt.Intern("value"));
  return out->is_raised() ? GenResult::kError : GenResult::kReturned;
}

}  // namespace wick::vm::internal
