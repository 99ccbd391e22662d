// Unit tests of the compiler's tables: stack effects and depth, the exception table
// (entries, depth, lasti, lookup), the block table, scope resolution, and the scope
// errors CPython's symtable reports (texts and positions checked against 3.11).
#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "lang/parser.h"
#include "vm/code.h"
#include "vm/compiler.h"
#include "vm/runtime.h"

namespace wick::vm {
namespace {

class CompilerTest : public testing::Test {
 protected:
  // Compiles `source`; fails the test on error.
  const CodeObject& Compile(const std::string& source) {
    absl::StatusOr<Value> code = CompileSource(rt_, source, "t.py");
    EXPECT_TRUE(code.ok()) << code.status();
    if (!code.ok()) code = CompileSource(rt_, "pass", "t.py");
    code_ = *code;
    return *code_.as<CodeObject>();
  }
  // The nested code object named `name` among `code`'s constants.
  const CodeObject& Nested(const CodeObject& code, const std::string& name) {
    for (const Value& c : code.consts) {
      if (!c.is_object()) continue;
      if (auto* co = dynamic_cast<CodeObject*>(c.object()); co && co->name == name) return *co;
    }
    ADD_FAILURE() << "no code object " << name;
    return code;
  }
  // The rendered SyntaxError of compiling `source`.
  std::string Error(const std::string& source) {
    absl::StatusOr<Value> code = CompileSource(rt_, source, "t.py");
    if (code.ok()) return "compiled";
    std::optional<lang::SyntaxError> e = lang::GetSyntaxError(code.status());
    return e ? e->Render() : code.status().ToString();
  }
  int Find(const CodeObject& code, Opcode op, int nth = 0) {
    for (size_t i = 0; i < code.code.size(); ++i) {
      if (code.code[i].op == op && nth-- == 0) return static_cast<int>(i);
    }
    ADD_FAILURE() << "no " << OpcodeName(op);
    return 0;
  }

  Runtime rt_;
  Value code_;
};

TEST(OpcodeTableTest, StackEffects) {
  EXPECT_EQ(StackEffect(Opcode::LOAD_CONST, 0, false), 1);
  EXPECT_EQ(StackEffect(Opcode::CALL, 3, false), -4);
  EXPECT_EQ(StackEffect(Opcode::CALL_FUNCTION_EX, 1, false), -3);
  EXPECT_EQ(StackEffect(Opcode::MAKE_FUNCTION, 1 | 2 | 8, false), -3);
  EXPECT_EQ(StackEffect(Opcode::BUILD_MAP, 2, false), -3);
  EXPECT_EQ(StackEffect(Opcode::UNPACK_EX, 1 + (2 << 8), false), 3);
  EXPECT_EQ(StackEffect(Opcode::FOR_ITER, 0, false), 1);
  EXPECT_EQ(StackEffect(Opcode::FOR_ITER, 0, true), -1);
  EXPECT_EQ(StackEffect(Opcode::JUMP_IF_TRUE_OR_POP, 0, true), 0);
  EXPECT_EQ(StackEffect(Opcode::JUMP_IF_TRUE_OR_POP, 0, false), -1);
  EXPECT_EQ(StackEffect(Opcode::WITH_EXCEPT_START, 0, false), 1);
  EXPECT_EQ(OpcodeName(Opcode::KW_NAMES), "KW_NAMES");
  EXPECT_TRUE(IsJump(Opcode::POP_JUMP_IF_NONE));
  EXPECT_FALSE(IsJump(Opcode::CALL));
}

TEST_F(CompilerTest, StackDepthOfCalls) {
  // [NULL, f, a, b, c]
  EXPECT_EQ(Compile("f(a, b, c)\n").stack_size, 5);
  // [meth, self, 1, 2] plus the KW_NAMES call.
  EXPECT_EQ(Compile("o.m(1, k=2)\n").stack_size, 4);
}

TEST_F(CompilerTest, CallShapes) {
  const CodeObject& code = Compile("f(1, x=2)\n");
  int call = Find(code, Opcode::CALL);
  EXPECT_EQ(code.code[call].arg, 2);
  EXPECT_EQ(code.code[call - 1].op, Opcode::KW_NAMES);
  EXPECT_EQ(code.code[0].op, Opcode::PUSH_NULL);
  // The call's position is the whole Call node.
  EXPECT_EQ(code.positions[call].col, 0);
  EXPECT_EQ(code.positions[call].end_col, 9);
}

TEST_F(CompilerTest, TryExceptTable) {
  const CodeObject& code = Compile(
      "try:\n"
      "    f()\n"
      "except E as e:\n"
      "    g()\n");
  ASSERT_GE(code.exception_table.size(), 2u);
  const ExceptionEntry& body = code.exception_table[0];
  EXPECT_EQ(body.start, 0);
  EXPECT_EQ(body.depth, 0);
  EXPECT_FALSE(body.lasti);
  EXPECT_EQ(code.code[body.handler].op, Opcode::PUSH_EXC_INFO);
  // Inside the handler: unwind to [prev_exc] and push lasti.
  const ExceptionEntry* inner = code.FindHandler(body.handler);
  ASSERT_NE(inner, nullptr);
  EXPECT_EQ(inner->depth, 1);
  EXPECT_TRUE(inner->lasti);
  EXPECT_EQ(code.FindHandler(static_cast<int32_t>(code.code.size()) - 1), nullptr);
  // The `g()` call is inside the try and the except blocks.
  int call = Find(code, Opcode::CALL, 1);
  const std::vector<Block>& blocks = code.BlocksAt(call);
  ASSERT_EQ(blocks.size(), 1u);
  EXPECT_EQ(blocks[0].kind, BlockKind::kExcept);
  EXPECT_EQ(blocks[0].line, 3);
}

TEST_F(CompilerTest, WithHandlerDepth) {
  const CodeObject& code = Compile("with m() as x:\n    f()\n");
  // [exit] remains below the handler's lasti and exception.
  const ExceptionEntry* e = code.FindHandler(Find(code, Opcode::CALL, 1));
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->depth, 1);
  EXPECT_TRUE(e->lasti);
  EXPECT_EQ(code.code[e->handler].op, Opcode::PUSH_EXC_INFO);
  EXPECT_EQ(code.code[e->handler + 1].op, Opcode::WITH_EXCEPT_START);
  const std::vector<Block>& blocks = code.BlocksAt(Find(code, Opcode::CALL, 1));
  ASSERT_EQ(blocks.size(), 1u);
  EXPECT_EQ(blocks[0].kind, BlockKind::kWith);
  EXPECT_EQ(blocks[0].handler, e->handler);
}

TEST_F(CompilerTest, BlockTableNestsLoopsAndTry) {
  const CodeObject& code = Compile(
      "for i in x:\n"
      "    while y:\n"
      "        try:\n"
      "            break\n"
      "        finally:\n"
      "            h()\n");
  int call = Find(code, Opcode::CALL);  // h() inlined for the break
  const std::vector<Block>& blocks = code.BlocksAt(call);
  ASSERT_EQ(blocks.size(), 4u);
  EXPECT_EQ(blocks[0].kind, BlockKind::kFor);
  EXPECT_EQ(blocks[0].line, 1);
  EXPECT_EQ(blocks[1].kind, BlockKind::kWhile);
  EXPECT_EQ(blocks[2].kind, BlockKind::kTry);
  EXPECT_EQ(blocks[3].kind, BlockKind::kFinally);
  EXPECT_EQ(code.BlocksAt(0).size(), 0u);
}

TEST_F(CompilerTest, ScopesAndCells) {
  const CodeObject& module = Compile(
      "def f(a):\n"
      "    b = 1\n"
      "    def g():\n"
      "        return a + b + c\n"
      "    return g\n");
  const CodeObject& f = Nested(module, "f");
  EXPECT_EQ(f.cellvars, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(f.cell2arg, (std::vector<int32_t>{0, -1}));
  EXPECT_EQ(f.flags & kCodeOptimized, kCodeOptimized);
  const CodeObject& g = Nested(f, "g");
  EXPECT_EQ(g.freevars, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(g.qualname, "f.<locals>.g");
  EXPECT_NE(Find(g, Opcode::LOAD_GLOBAL), -1);  // c
}

TEST_F(CompilerTest, ClassCellForSuper) {
  const CodeObject& module = Compile(
      "class C(B):\n"
      "    def m(self):\n"
      "        return super().m()\n");
  const CodeObject& body = Nested(module, "C");
  EXPECT_EQ(body.cellvars, (std::vector<std::string>{"__class__"}));
  EXPECT_EQ(Nested(body, "m").freevars, (std::vector<std::string>{"__class__"}));
  EXPECT_EQ(body.names.back(), "__classcell__");
}

TEST_F(CompilerTest, ComprehensionIsAFunctionOfDotZero) {
  const CodeObject& module = Compile("y = [x * 2 for x in xs]\n");
  const CodeObject& comp = Nested(module, "<listcomp>");
  EXPECT_EQ(comp.arg_count, 1);
  EXPECT_EQ(comp.varnames[0], ".0");
  int call = Find(module, Opcode::CALL);
  EXPECT_EQ(module.code[call].arg, 0);
  EXPECT_EQ(module.code[call - 1].op, Opcode::GET_ITER);
}

TEST_F(CompilerTest, NameStrsParallelNames) {
  const CodeObject& code = Compile("a.b = c\n");
  ASSERT_EQ(code.name_strs.size(), code.names.size());
  EXPECT_TRUE(rt_.IsStr(code.name_strs[0]));
}

TEST_F(CompilerTest, NonlocalWithoutBinding) {
  EXPECT_EQ(Error("def f():\n    def g():\n        nonlocal x\n    return g\n"),
            "  File \"t.py\", line 3\n"
            "    nonlocal x\n"
            "    ^^^^^^^^^^\n"
            "SyntaxError: no binding for nonlocal 'x' found\n");
}

TEST_F(CompilerTest, GlobalAfterUseOrAssignment) {
  EXPECT_EQ(Error("x = 1\ndef f():\n    print(x)\n    global x\n"),
            "  File \"t.py\", line 4\n"
            "    global x\n"
            "    ^^^^^^^^\n"
            "SyntaxError: name 'x' is used prior to global declaration\n");
  EXPECT_EQ(Error("def f():\n    x = 1\n    global x\n"),
            "  File \"t.py\", line 3\n"
            "    global x\n"
            "    ^^^^^^^^\n"
            "SyntaxError: name 'x' is assigned to before global declaration\n");
  EXPECT_EQ(Error("def f(x):\n    global x\n"),
            "  File \"t.py\", line 2\n"
            "    global x\n"
            "    ^^^^^^^^\n"
            "SyntaxError: name 'x' is parameter and global\n");
}

TEST_F(CompilerTest, NonlocalAtModuleLevel) {
  EXPECT_NE(Error("nonlocal x\n").find("nonlocal declaration not allowed at module level"),
            std::string::npos);
}

TEST_F(CompilerTest, YieldOutsideFunction) {
  EXPECT_EQ(Error("yield 1\n"),
            "  File \"t.py\", line 1\n"
            "    yield 1\n"
            "    ^^^^^^^\n"
            "SyntaxError: 'yield' outside function\n");
  EXPECT_NE(Error("class C:\n    yield from x\n").find("'yield' outside function"),
            std::string::npos);
}

TEST_F(CompilerTest, GeneratorFlag) {
  std::string dis =
      Disassemble(Compile("def f():\n    yield\ndef g():\n    return 1\nh = lambda: (yield)\n"));
  EXPECT_NE(dis.find("flags=optimized,generator"), std::string::npos) << dis;
  EXPECT_NE(dis.find("YIELD_VALUE"), std::string::npos);
}

TEST_F(CompilerTest, DeterministicOutput) {
  const char* src = "def f(a, *b, c=1, **d):\n    return [a for a in b if c]\n";
  std::string first = Disassemble(Compile(src));
  EXPECT_EQ(first, Disassemble(Compile(src)));
}

}  // namespace
}  // namespace wick::vm
