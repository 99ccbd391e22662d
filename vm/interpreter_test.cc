// Interpreter tests: argument binding and its TypeError texts (hand-built code
// objects), whole programs compiled from source (stdout, tracebacks, exit status),
// recursion, frame states and frame hooks.
#include "vm/interpreter.h"

#include <pthread.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "gtest/gtest.h"
#include "vm/code.h"
#include "vm/compiler.h"
#include "vm/builtins/builtins.h"
#include "vm/objects/objects.h"
#include "vm/objects/dict.h"
#include "vm/protocol.h"

namespace wick::vm {
namespace {

// A test-only print(*args) writing through the interpreter's stdout writer.
Value TestPrint(Runtime& rt, Args args, const KwArgs&) {
  std::vector<std::string> parts;
  for (const Value& a : args) {
    std::string s;
    if (!StrString(rt, a, &s)) return Value::Raised();
    parts.push_back(s);
  }
  Interpreter::Of(rt).write_stdout(absl::StrJoin(parts, " ") + "\n");
  return Value::None();
}

// Runs `fn` on a new thread with a `bytes`-sized stack and waits for it.
void RunOnStack(size_t bytes, std::function<void()> fn) {
  pthread_attr_t attr;
  ASSERT_EQ(pthread_attr_init(&attr), 0);
  ASSERT_EQ(pthread_attr_setstacksize(&attr, bytes), 0);
  pthread_t thread;
  auto body = [](void* arg) -> void* {
    (*static_cast<std::function<void()>*>(arg))();
    return nullptr;
  };
  ASSERT_EQ(pthread_create(&thread, &attr, body, &fn), 0);
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attr);
}

class InterpreterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    interp_.write_stdout = [this](absl::string_view s) { out_.append(s.data(), s.size()); };
    interp_.write_stderr = [this](absl::string_view s) { err_.append(s.data(), s.size()); };
    interp_.builtins()->SetStr(rt_, rt_.Intern("print"),
                               rt_.NewBuiltinFunction("print", &TestPrint));
  }

  // Runs `src` as __main__; returns the exit status.
  int Run(absl::string_view src) { return interp_.RunMain(src, "t.py", {"t.py"}); }

  // A function `name(params...)` whose body returns its first local, built by hand.
  Value MakeFunction(const std::string& name, std::vector<std::string> params,
                     int posonly, int argcount, int kwonly, uint32_t flags) {
    CodeObject* co = rt_.Alloc<CodeObject>(rt_.types().code);
    Value code = Value::Steal(co);
    co->name = co->qualname = name;
    co->varnames = std::move(params);
    co->posonly_count = posonly;
    co->arg_count = argcount;
    co->kwonly_count = kwonly;
    co->flags = kCodeOptimized | flags;
    co->code = {{Opcode::LOAD_FAST, 0}, {Opcode::RETURN_VALUE, 0}};
    co->positions.resize(2);
    co->block_index = {0, 0};
    co->block_stacks.resize(1);
    co->stack_size = 1;
    Value globals = rt_.NewDict();
    globals.as<Dict>()->SetStr(rt_, rt_.names().name, rt_.NewStr("__main__"));
    Function* f = rt_.Alloc<Function>(rt_.types().function);
    Value fv = Value::Steal(f);
    f->code = code;
    f->globals = globals;
    f->builtins = Value::Borrow(interp_.builtins());
    f->name = rt_.NewStr(name);
    f->qualname = rt_.NewStr(name);
    f->module = rt_.NewStr("__main__");
    return fv;
  }

  // Calls `f` and returns repr(result) or the pending exception's message.
  std::string CallRepr(const Value& f, std::vector<Value> args,
                       std::vector<std::pair<std::string, Value>> kw = {}) {
    std::vector<Value> names, values;
    for (auto& [n, v] : kw) {
      names.push_back(rt_.NewStr(n));
      values.push_back(v);
    }
    Value r = Call(rt_, f, args, KwArgs(names, values));
    if (r.is_raised()) return rt_.PendingMessage();
    std::string s;
    EXPECT_TRUE(ReprString(rt_, r, &s));
    return s;
  }

  Runtime rt_;
  Interpreter interp_{rt_};
  std::string out_, err_;

  // A code object assembled by hand (the compiler is tested separately). Every
  // instruction sits at `line` columns [col, end_col) of `source_`.
  Value Assemble(const std::string& name, std::vector<Instruction> ins,
                 std::vector<Value> consts, std::vector<std::string> names,
                 std::vector<std::string> varnames, int argcount,
                 std::vector<ExceptionEntry> table = {}, int line = 2, int col = 11,
                 int end_col = 14) {
    CodeObject* co = rt_.Alloc<CodeObject>(rt_.types().code);
    Value code = Value::Steal(co);
    co->name = co->qualname = name;
    co->source = source_;
    co->first_line = 1;
    co->flags = kCodeOptimized;
    co->arg_count = argcount;
    co->varnames = std::move(varnames);
    co->consts = std::move(consts);
    co->names = names;
    for (const std::string& n : names) co->name_strs.push_back(Value::Borrow(rt_.Intern(n)));
    co->positions.assign(ins.size(), lang::SourceRange{line, col, line, end_col});
    co->block_index.assign(ins.size(), 0);
    co->block_stacks.resize(1);
    co->code = std::move(ins);
    co->exception_table = std::move(table);
    co->stack_size = 8;
    return code;
  }

  // A function for `code` whose globals are globals_.
  Value FunctionFor(Value code) {
    Function* f = rt_.Alloc<Function>(rt_.types().function);
    Value fv = Value::Steal(f);
    std::string name = code.as<CodeObject>()->name;
    f->code = std::move(code);
    f->globals = globals_;
    f->builtins = Value::Borrow(interp_.builtins());
    f->name = rt_.NewStr(name);
    f->qualname = rt_.NewStr(name);
    f->module = rt_.NewStr("__main__");
    return fv;
  }

  std::shared_ptr<SourceFile> source_ = std::make_shared<SourceFile>(
      SourceFile{"t.py", "def r():\n    return r()\n"});
  Value globals_ = rt_.NewDict();
};

TEST_F(InterpreterTest, BindsPositionalAndDefaults) {
  Value f = MakeFunction("f", {"x", "y"}, 0, 2, 0, 0);
  f.as<Function>()->defaults = rt_.NewTuple({Value::Int(7)});
  EXPECT_EQ(CallRepr(f, {Value::Int(1), Value::Int(2)}), "1");
  EXPECT_EQ(CallRepr(f, {}, {{"y", Value::Int(3)}, {"x", Value::Int(4)}}), "4");
  EXPECT_EQ(CallRepr(f, {}), "TypeError: f() missing 1 required positional argument: 'x'");
  EXPECT_EQ(CallRepr(f, {Value::Int(1), Value::Int(2), Value::Int(3)}),
            "TypeError: f() takes from 1 to 2 positional arguments but 3 were given");
  EXPECT_EQ(CallRepr(f, {Value::Int(1)}, {{"z", Value::Int(1)}}),
            "TypeError: f() got an unexpected keyword argument 'z'");
  EXPECT_EQ(CallRepr(f, {Value::Int(1)}, {{"x", Value::Int(1)}}),
            "TypeError: f() got multiple values for argument 'x'");
}

TEST_F(InterpreterTest, BindingErrorTexts) {
  Value g = MakeFunction("g", {"a", "b", "c"}, 0, 3, 0, 0);
  EXPECT_EQ(CallRepr(g, {}),
            "TypeError: g() missing 3 required positional arguments: 'a', 'b', and 'c'");
  EXPECT_EQ(CallRepr(g, {Value::Int(1)}),
            "TypeError: g() missing 2 required positional arguments: 'b' and 'c'");
  Value h = MakeFunction("h", {"a"}, 0, 1, 0, 0);
  EXPECT_EQ(CallRepr(h, {Value::Int(1), Value::Int(2)}),
            "TypeError: h() takes 1 positional argument but 2 were given");
  Value k = MakeFunction("k", {"a", "b"}, 0, 1, 1, 0);  // k(a, *, b)
  EXPECT_EQ(CallRepr(k, {Value::Int(1)}),
            "TypeError: k() missing 1 required keyword-only argument: 'b'");
  EXPECT_EQ(CallRepr(k, {Value::Int(1), Value::Int(2)}, {{"b", Value::Int(1)}}),
            "TypeError: k() takes 1 positional argument but 2 positional arguments (and 1 "
            "keyword-only argument) were given");
  Value p = MakeFunction("p", {"a", "b"}, 1, 2, 0, 0);  // p(a, /, b)
  EXPECT_EQ(CallRepr(p, {}, {{"a", Value::Int(1)}, {"b", Value::Int(1)}}),
            "TypeError: p() got some positional-only arguments passed as keyword "
            "arguments: 'a'");
  Value z = MakeFunction("z", {}, 0, 0, 0, 0);
  EXPECT_EQ(CallRepr(z, {Value::Int(1)}),
            "TypeError: z() takes 0 positional arguments but 1 was given");
}

TEST_F(InterpreterTest, VarargsAndKwargs) {
  Value f = MakeFunction("f", {"args", "kw"}, 0, 0, 0, kCodeVarargs | kCodeVarkeywords);
  EXPECT_EQ(CallRepr(f, {Value::Int(1), Value::Int(2)}, {{"q", Value::Int(3)}}), "(1, 2)");
  Value g = MakeFunction("g", {"kw"}, 0, 0, 0, kCodeVarkeywords);
  EXPECT_EQ(CallRepr(g, {}, {{"q", Value::Int(3)}}), "{'q': 3}");
}

TEST_F(InterpreterTest, FunctionAttributesAndRepr) {
  Value f = MakeFunction("f", {"x"}, 0, 1, 0, 0);
  std::string r;
  ASSERT_TRUE(ReprString(rt_, f, &r));
  EXPECT_EQ(r.rfind("<function f at 0x", 0), 0u) << r;
  Value name = GetAttr(rt_, f, "__name__");
  EXPECT_EQ(name.as<Str>()->view(), "f");
  ASSERT_TRUE(SetAttr(rt_, f, rt_.Intern("__wrapped__"), Value::Int(5)));
  EXPECT_EQ(GetAttr(rt_, f, "__wrapped__").as_int(), 5);
  EXPECT_TRUE(GetAttr(rt_, f, "nope").is_raised());
  EXPECT_EQ(rt_.PendingMessage(), "AttributeError: 'function' object has no attribute 'nope'");
}


using O = Opcode;

TEST_F(InterpreterTest, RecursionErrorAndTraceback) {
  // def r(): return r()
  Value r = FunctionFor(Assemble(
      "r", {{O::PUSH_NULL, 0}, {O::LOAD_GLOBAL, 0}, {O::CALL, 0}, {O::RETURN_VALUE, 0}}, {},
      {"r"}, {}, 0));
  globals_.as<Dict>()->SetStr(rt_, rt_.Intern("r"), r);
  // On a roomy stack the Python limit (1000) is reached first, whatever the build's
  // frame size (sanitizer builds reach the native-stack floor earlier on 8 MiB).
  Value result;
  RunOnStack(size_t{64} << 20, [&] { result = Call(rt_, r, {}); });
  ASSERT_TRUE(result.is_raised());
  EXPECT_EQ(interp_.depth(), 0);
  Value exc = rt_.FetchException();
  EXPECT_EQ(exc.as<ExceptionObject>()->traceback.size(), 1000u);
  interp_.PrintException(exc);
  EXPECT_EQ(err_,
            "Traceback (most recent call last):\n"
            "  File \"t.py\", line 2, in r\n"
            "    return r()\n"
            "           ^^^\n"
            "  File \"t.py\", line 2, in r\n"
            "    return r()\n"
            "           ^^^\n"
            "  File \"t.py\", line 2, in r\n"
            "    return r()\n"
            "           ^^^\n"
            "  [Previous line repeated 997 more times]\n"
            "RecursionError: maximum recursion depth exceeded\n");
}

// With the Python limit out of reach, the native stack's floor still turns runaway
// recursion into RecursionError instead of a crash.
TEST_F(InterpreterTest, NativeStackFloorRaisesRecursionError) {
  Value r = FunctionFor(Assemble(
      "r", {{O::PUSH_NULL, 0}, {O::LOAD_GLOBAL, 0}, {O::CALL, 0}, {O::RETURN_VALUE, 0}}, {},
      {"r"}, {}, 0));
  globals_.as<Dict>()->SetStr(rt_, rt_.Intern("r"), r);
  interp_.set_recursion_limit(1 << 30);
  Value result;
  RunOnStack(size_t{1} << 20, [&] { result = Call(rt_, r, {}); });
  interp_.set_recursion_limit(1000);
  ASSERT_TRUE(result.is_raised());
  EXPECT_EQ(interp_.depth(), 0);
  Value exc = rt_.FetchException();
  EXPECT_EQ(rt_.TypeOf(exc), rt_.exc().recursion_error);
  EXPECT_GT(exc.as<ExceptionObject>()->traceback.size(), 10u);
}

TEST_F(InterpreterTest, ExceptionTableUnwinding) {
  auto make = [&](const std::string& catch_name) {
    return FunctionFor(Assemble(
        "f",
        {{O::NOP, 0},                                   // 0
         {O::LOAD_CONST, 0},                            // 1
         {O::LOAD_CONST, 1},                            // 2
         {O::BINARY_OP, int32_t(BinOp::kTrueDiv)},      // 3
         {O::POP_TOP, 0},                               // 4
         {O::LOAD_CONST, 2},                            // 5
         {O::RETURN_VALUE, 0},                          // 6
         {O::PUSH_EXC_INFO, 0},                         // 7
         {O::LOAD_GLOBAL, 0},                           // 8
         {O::CHECK_EXC_MATCH, 0},                       // 9
         {O::POP_JUMP_IF_FALSE, 15},                    // 10
         {O::POP_TOP, 0},                               // 11
         {O::POP_EXCEPT, 0},                            // 12
         {O::LOAD_CONST, 3},                            // 13
         {O::RETURN_VALUE, 0},                          // 14
         {O::RERAISE, 0},                               // 15
         {O::COPY, 3},                                  // 16
         {O::POP_EXCEPT, 0},                            // 17
         {O::RERAISE, 1}},                              // 18
        {Value::Int(1), Value::Int(0), Value::None(), Value::Int(5)}, {catch_name}, {}, 0,
        {{1, 5, 7, 0, false}, {7, 12, 16, 1, true}, {15, 16, 16, 1, true}}));
  };
  interp_.builtins()->SetStr(rt_, rt_.Intern("ZeroDivisionError"),
                             Value::Borrow(rt_.exc().zero_division_error));
  interp_.builtins()->SetStr(rt_, rt_.Intern("KeyError"), Value::Borrow(rt_.exc().key_error));
  EXPECT_EQ(CallRepr(make("ZeroDivisionError"), {}), "5");
  Value f = make("KeyError");
  ASSERT_TRUE(Call(rt_, f, {}).is_raised());
  Value exc = rt_.FetchException();
  EXPECT_TRUE(rt_.IsInstance(exc, rt_.exc().zero_division_error));
  // One entry: the re-raise in the handler does not add another.
  EXPECT_EQ(exc.as<ExceptionObject>()->traceback.size(), 1u);
  EXPECT_EQ(exc.as<ExceptionObject>()->context.is_none(), true);
}

// Counts frame entries; runs frames named "short" itself; optionally runs every frame
// by resuming a captured copy.
class CountingHook : public FrameEvalHook {
 public:
  bool OnFrameEnter(Interpreter& interp, Frame& frame, int32_t entry, Value* result) override {
    ++entries;
    if (frame.code->name == "short" ) {
      *result = Value::Int(42);
      return true;
    }
    if (resume && !nested) {
      // Runs the frame itself by resuming a captured copy of it.
      nested = true;
      FrameState s = interp.CaptureFrameState(frame);
      *result = interp.Resume(s);
      nested = false;
      return true;
    }
    return false;
  }
  int entries = 0;
  bool resume = false;
  bool nested = false;
};

TEST_F(InterpreterTest, FrameHooksAndResume) {
  auto add = [&](const std::string& name) {
    return FunctionFor(Assemble(name,
                                {{O::LOAD_FAST, 0},
                                 {O::LOAD_FAST, 1},
                                 {O::BINARY_OP, int32_t(BinOp::kAdd)},
                                 {O::RETURN_VALUE, 0}},
                                {}, {}, {"a", "b"}, 2));
  };
  Value f = add("add");
  CountingHook hook;
  interp_.set_frame_eval_hook(&hook);
  EXPECT_EQ(CallRepr(f, {Value::Int(2), Value::Int(3)}), "5");
  EXPECT_EQ(hook.entries, 1);
  EXPECT_EQ(CallRepr(add("short"), {Value::Int(2), Value::Int(3)}), "42");
  hook.resume = true;
  EXPECT_EQ(CallRepr(f, {Value::Int(20), Value::Int(3)}), "23");
  EXPECT_EQ(hook.entries, 4);  // the call, then the resumed copy
  interp_.set_frame_eval_hook(nullptr);

  // Resume mid-function: at BINARY_OP with both operands already on the stack.
  FrameState s;
  s.code = f.as<Function>()->code;
  s.function = f;
  s.globals = globals_;
  s.offset = 2;
  s.locals = {Value::Int(1), Value::Int(2)};
  s.stack = {Value::Int(30), Value::Int(12)};
  Value r = interp_.Resume(s);
  ASSERT_FALSE(r.is_raised()) << rt_.PendingMessage();
  EXPECT_EQ(r.as_int(), 42);
}

// Records the entry offsets the hook sees and the value stack at each.
class EntryRecorder : public FrameEvalHook {
 public:
  bool OnFrameEnter(Interpreter& interp, Frame& frame, int32_t entry, Value* result) override {
    entries.push_back(entry);
    depths.push_back(static_cast<int>(frame.stack_top - frame.stack_base));
    return false;
  }
  std::vector<int32_t> entries;
  std::vector<int> depths;
};

TEST_F(InterpreterTest, StepCodeRunsOneInstructionThenResumesThroughTheHook) {
  // def f(a, b): return (a + b) * 2 if a else -1
  Value f = FunctionFor(Assemble("f",
                                 {{O::LOAD_FAST, 0},             // 0
                                  {O::POP_JUMP_IF_FALSE, 7},     // 1
                                  {O::LOAD_FAST, 0},             // 2
                                  {O::LOAD_FAST, 1},             // 3
                                  {O::BINARY_OP, int32_t(BinOp::kAdd)},  // 4
                                  {O::LOAD_CONST, 0},            // 5
                                  {O::JUMP, 9},                  // 6
                                  {O::LOAD_CONST, 1},            // 7
                                  {O::RETURN_VALUE, 0},          // 8
                                  {O::BINARY_OP, int32_t(BinOp::kMul)},  // 9
                                  {O::RETURN_VALUE, 0}},         // 10
                                 {Value::Int(2), Value::Int(-1)}, {}, {"a", "b"}, 2));
  CodeObject* co = f.as<Function>()->code_object();
  EntryRecorder hook;
  interp_.set_frame_eval_hook(&hook);
  // Step the add (4): the hook sees the frame again at 5 with the sum on the stack.
  FrameState s;
  s.function = f;
  s.globals = globals_;
  s.locals = {Value::Int(3), Value::Int(4)};
  s.stack = {Value::Int(3), Value::Int(4)};
  s.code = interp_.MakeStepCode(*co, 4);
  s.offset = 4;
  Value r = interp_.Resume(s);
  ASSERT_FALSE(r.is_raised()) << rt_.PendingMessage();
  EXPECT_EQ(r.as_int(), 14);
  EXPECT_EQ(hook.entries, (std::vector<int32_t>{5}));
  EXPECT_EQ(hook.depths, (std::vector<int>{1}));
  // Step the branch (1) both ways: the hook sees whichever successor the value picks.
  for (int64_t a : {0, 5}) {
    hook.entries.clear();
    s.code = interp_.MakeStepCode(*co, 1);
    s.offset = 1;
    s.locals = {Value::Int(a), Value::Int(1)};
    s.stack = {Value::Int(a)};
    r = interp_.Resume(s);
    ASSERT_FALSE(r.is_raised()) << rt_.PendingMessage();
    EXPECT_EQ(r.as_int(), a == 0 ? -1 : 12);
    EXPECT_EQ(hook.entries, (std::vector<int32_t>{a == 0 ? 7 : 2}));
  }
  // Without the hook the frame still finishes.
  hook.entries.clear();
  s.code = f.as<Function>()->code;
  s.offset = 2;
  s.stack.clear();
  r = interp_.Resume(s, /*consult_hook=*/false);
  ASSERT_FALSE(r.is_raised()) << rt_.PendingMessage();
  EXPECT_EQ(r.as_int(), 12);
  EXPECT_TRUE(hook.entries.empty());
  interp_.set_frame_eval_hook(nullptr);
}

// ---- gen: generators ----------------------------------------------------------------

// Generator programs need the real builtins (next, list, exceptions, ...).
class GeneratorTest : public InterpreterTest {
 protected:
  void SetUp() override {
    InstallBuiltins(interp_);
    InterpreterTest::SetUp();
  }
};

TEST_F(GeneratorTest, GeneratorSendThrowAndYieldFrom) {
  ASSERT_EQ(Run(R"py(def inner():
    x = yield 1
    try:
        yield x
    except KeyError as e:
        yield "inner caught " + str(e)
    return "done"
def outer():
    r = yield from inner()
    yield r
g = outer()
print(next(g), g.send("sent"), g.throw(KeyError("k")), next(g))
try:
    next(g)
except StopIteration as e:
    print("stop", e.value)
print(next(g, "still exhausted"))
def ret():
    yield 1
    return 2
r = ret(); next(r)
try:
    r.send(None)
except StopIteration as e:
    print("value", e.value)
lazy = (print("ran", x) for x in [1, 2])
print("before")
print(list(lazy))
)py"), 0) << err_;
  EXPECT_EQ(out_, R"py(1 sent inner caught 'k' done
stop None
still exhausted
value 2
before
ran 1
ran 2
[None, None]
)py");
}

TEST_F(GeneratorTest, GeneratorErrors) {
  ASSERT_EQ(Run(R"py(def me():
    yield next(g)
g = me()
try:
    next(g)
except ValueError as e:
    print(type(e).__name__, e)
def stop():
    raise StopIteration(5)
    yield
try:
    next(stop())
except RuntimeError as e:
    print(e, repr(e.__cause__))
def stubborn():
    while True:
        try:
            yield
        except GeneratorExit:
            pass
s = stubborn(); next(s)
try:
    s.close()
except RuntimeError as e:
    print(e)
try:
    stubborn().send(1)
except TypeError as e:
    print(e)
def fin():
    try:
        yield 1
    finally:
        print("finally")
f = fin(); next(f); print(f.close()); print(list(f))
print(type(f).__name__, repr(f).startswith("<generator object fin at 0x"))
)py"), 0) << err_;
  EXPECT_EQ(out_, R"py(ValueError generator already executing
generator raised StopIteration StopIteration(5)
generator ignored GeneratorExit
can't send non-None value to a just-started generator
finally
None
[]
generator True
)py");
}

TEST_F(GeneratorTest, TracebackThroughGeneratorFrame) {
  EXPECT_EQ(Run(R"py(def gen():
    yield 1
    raise ValueError("bad")
def user():
    for x in gen():
        pass
user()
)py"), 1);
  EXPECT_EQ(err_, R"py(Traceback (most recent call last):
  File "t.py", line 7, in <module>
    user()
  File "t.py", line 5, in user
    for x in gen():
  File "t.py", line 3, in gen
    raise ValueError("bad")
ValueError: bad
)py");
}

// A hook that records the code names it sees.
class NamingHook : public FrameEvalHook {
 public:
  bool OnFrameEnter(Interpreter&, Frame& frame, int32_t, Value*) override {
    names.push_back(frame.code->name);
    return false;
  }
  std::vector<std::string> names;
};

TEST_F(GeneratorTest, HookSkipsGeneratorFrames) {
  NamingHook hook;
  interp_.set_frame_eval_hook(&hook);
  ASSERT_EQ(Run("def g():\n    yield 1\ndef f():\n    return sum(g())\nprint(f())\n"), 0)
      << err_;
  interp_.set_frame_eval_hook(nullptr);
  EXPECT_EQ(out_, "1\n");
  EXPECT_EQ(hook.names, (std::vector<std::string>{"<module>", "f"}));
}

TEST_F(GeneratorTest, ResumedGeneratorCountsOneFrame) {
  interp_.set_recursion_limit(60);
  ASSERT_EQ(Run("def g(n):\n    if n:\n        yield from g(n - 1)\n    yield n\n"
                "print(list(g(20)) == list(range(21)))\n"
                "try:\n    list(g(100))\nexcept RecursionError as e:\n    print(e)\n"),
            0)
      << err_;
  EXPECT_EQ(out_, "True\nmaximum recursion depth exceeded\n");
  EXPECT_EQ(interp_.depth(), 0);
}

}  // namespace
}  // namespace wick::vm
