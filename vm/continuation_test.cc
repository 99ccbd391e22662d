// vm::Continuation: built from a frame state, read through AsContinuation and its plain
// attributes (what guards read), and turned back into the same frame state.
#include "vm/continuation.h"

#include <string>

#include "gtest/gtest.h"
#include "vm/interpreter.h"
#include "vm/objects/dict.h"
#include "vm/objects/objects.h"
#include "vm/protocol.h"
#include "vm/runtime.h"

namespace wick::vm {
namespace {

class ContinuationTest : public ::testing::Test {
 protected:
  ContinuationTest() : interp_(rt_) {
    EXPECT_EQ(interp_.RunMain("def f(a, b):\n    return a\n"
                              "def outer():\n    x = 1\n    def inner():\n        return x\n"
                              "    return x\n",
                              "t.py", {"t.py"}),
              0);
  }
  Value Global(const char* name) {
    const Value* m = interp_.sys_modules()->GetStr("__main__");
    return *m->as<Module>()->dict->GetStr(name);
  }
  FrameState StateOf(const Value& fn) {
    FrameState s;
    s.function = fn;
    s.code = fn.as<Function>()->code;
    s.globals = fn.as<Function>()->globals;
    s.locals_dict = Value::None();
    s.handled_exception = Value::None();
    s.offset = 4;
    return s;
  }
  std::string Repr(const Value& v) {
    std::string out;
    EXPECT_TRUE(ReprString(rt_, v, &out));
    return out;
  }

  Runtime rt_;
  Interpreter interp_;
};

TEST_F(ContinuationTest, HoldsTheFrameStateWithMarkersForMissingValues) {
  FrameState s = StateOf(Global("f"));
  s.locals = {Value::Int(7), Value::Raised()};
  s.stack = {Value::Raised(), Value::Int(9)};
  Value c = NewContinuation(rt_, s);
  const Continuation* cont = AsContinuation(c);
  ASSERT_NE(cont, nullptr);
  EXPECT_EQ(Repr(c), "<continuation of f at 4>");
  EXPECT_EQ(Repr(*cont->PlainAttr("locals")), "[7, <unbound>]");
  EXPECT_EQ(Repr(*cont->PlainAttr("stack")), "[<NULL>, 9]");
  EXPECT_EQ(cont->PlainAttr("offset")->as_int(), 4);
  EXPECT_TRUE(cont->PlainAttr("function")->Is(Global("f")));
  EXPECT_EQ(cont->PlainAttr("other"), nullptr);
  const auto& locals = cont->locals.as<List>()->items;
  EXPECT_TRUE(IsUnboundMarker(locals[1]));
  EXPECT_TRUE(locals[1].Is(UnboundMarker(rt_)));
  EXPECT_FALSE(IsNullMarker(locals[1]));
  EXPECT_TRUE(IsNullMarker(cont->stack.as<List>()->items[0]));

  FrameState back = FrameStateOf(*cont);
  EXPECT_EQ(back.offset, 4);
  EXPECT_TRUE(back.code.Is(s.code));
  EXPECT_TRUE(back.globals.Is(s.globals));
  ASSERT_EQ(back.locals.size(), 2u);
  EXPECT_EQ(back.locals[0].as_int(), 7);
  EXPECT_TRUE(back.locals[1].is_raised());
  ASSERT_EQ(back.stack.size(), 2u);
  EXPECT_TRUE(back.stack[0].is_raised());
  EXPECT_EQ(back.stack[1].as_int(), 9);
}

TEST_F(ContinuationTest, OnlyFunctionFramesWithoutCells) {
  EXPECT_TRUE(NewContinuation(rt_, StateOf(Global("outer"))).is_none());  // a cell: x
  FrameState s = StateOf(Global("f"));
  s.function = Value::None();
  EXPECT_TRUE(NewContinuation(rt_, s).is_none());
  EXPECT_EQ(AsContinuation(Value::Int(1)), nullptr);
  EXPECT_EQ(AsContinuation(Global("f")), nullptr);
  EXPECT_FALSE(IsUnboundMarker(Value::None()));
}

// One type per Runtime: continuations of one runtime share it (guards compare types).
TEST_F(ContinuationTest, OneTypePerRuntime) {
  FrameState s = StateOf(Global("f"));
  s.locals = {Value::Int(1), Value::Int(2)};
  Value a = NewContinuation(rt_, s);
  Value b = NewContinuation(rt_, s);
  EXPECT_EQ(rt_.TypeOf(a), rt_.TypeOf(b));
  EXPECT_EQ(rt_.TypeOf(a)->name(), "continuation");
}

}  // namespace
}  // namespace wick::vm
