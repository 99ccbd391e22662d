// The runtime's user-facing texts against upstream's, character for character.
#include "runtime/internal/messages.h"

#include "gtest/gtest.h"

namespace wick::runtime::internal {
namespace {

vm::TraceEntry Entry(std::string file, int line, std::string fn, std::string src) {
  vm::TraceEntry e;
  e.file = std::move(file);
  e.line = line;
  e.function = std::move(fn);
  e.source_line = std::move(src);
  return e;
}

TEST(MessagesTest, UnsupportedMatchesReferenceText) {
  const std::string block = FormatGraphBreakBlock(
      "Call to `torch._dynamo.graph_break()`",
      "Called `torch._dynamo.graph_break()` with args `[]`, kwargs `{}`",
      "User-inserted graph break. Message: None",
      {"Remove the `torch._dynamo.graph_break()` call."});
  const std::string text =
      FormatUnsupported(block, {Entry("/tmp/a.py", 11, "f", "    return g(w)"),
                                Entry("/tmp/a.py", 4, "g", "torch._dynamo.graph_break()")});
  EXPECT_EQ(text,
            "Call to `torch._dynamo.graph_break()`\n"
            "  Explanation: User-inserted graph break. Message: None\n"
            "  Hint: Remove the `torch._dynamo.graph_break()` call.\n"
            "\n"
            "  Developer debug context: Called `torch._dynamo.graph_break()` with args `[]`, "
            "kwargs `{}`\n"
            "\n"
            "from user code:\n"
            "   File \"/tmp/a.py\", line 11, in f\n"
            "    return g(w)\n"
            "  File \"/tmp/a.py\", line 4, in g\n"
            "    torch._dynamo.graph_break()\n"
            "\n"
            "Set TORCHDYNAMO_VERBOSE=1 for the internal stack trace (please do this especially "
            "if you're reporting a bug to PyTorch). For even more developer context, set "
            "TORCH_LOGS=\"+dynamo\"\n");
}

TEST(MessagesTest, RecompileMessage) {
  const std::string reason =
      FormatEntryReason("0/0", {"tensor 'x' size mismatch at index 0. expected 3, actual 4"},
                        false);
  EXPECT_EQ(FormatRecompileMessage("fn", "f.py", 3, {reason}, false),
            "Recompiling function fn in f.py:3\n"
            "    triggered by the following guard failure(s):\n"
            "    - 0/0: tensor 'x' size mismatch at index 0. expected 3, actual 4");
}

TEST(MessagesTest, ReasonsStripLocalScopeAndJoinWhenVerbose) {
  EXPECT_EQ(FormatEntryReason("0/1", {"L['c'] == 1", "len(L['xs']) == 2"}, false), "0/1: c == 1");
  EXPECT_EQ(FormatEntryReason("0/1", {"L['c'] == 1", "len(L['xs']) == 2"}, true),
            "0/1: c == 1; len(xs) == 2");
}

TEST(MessagesTest, VerboseRecompileMessageUsesGuardBlocks) {
  EXPECT_EQ(FormatRecompileMessage("fn", "f.py", 3, {"0/1: a", "0/0: b"}, true),
            "Recompiling function fn in f.py:3\n"
            "    triggered by the following guard failure(s):\n"
            "    guard 0 failures:\n"
            "    - 0/1: a\n"
            "\n"
            "    guard 1 failures:\n"
            "    - 0/0: b");
}

TEST(MessagesTest, LimitWarning) {
  EXPECT_EQ(FormatLimitWarning("recompile_limit", 8, "fn", "f.py", 1,
                               "0/7: tensor 'x' size mismatch at index 0. expected 8, actual 9"),
            "torch._dynamo hit config.recompile_limit (8)\n"
            "   function: 'fn' (f.py:1)\n"
            "   last reason: 0/7: tensor 'x' size mismatch at index 0. expected 8, actual 9\n"
            "To log all recompilation reasons, use TORCH_LOGS=\"recompiles\".\n"
            "To diagnose recompilation issues, see https://docs.pytorch.org/docs/main/user_guide/"
            "torch_compiler/compile/programming_model.recompilation.html");
}

TEST(MessagesTest, FailOnRecompile) {
  EXPECT_EQ(FormatFailOnRecompile("f", "test_decorators.py", 7,
                                  {"0/0: tensor 'x' size mismatch at index 0. expected 4, actual 7",
                                   "0/1: tensor 'x' size mismatch at index 0. expected 5, actual 7"}),
            "Detected recompile when torch.compile stance is 'fail_on_recompile'. filename: "
            "'test_decorators.py', function name: 'f', line number: 7\n"
            "    triggered by the following guard failure(s):\n"
            "    - 0/0: tensor 'x' size mismatch at index 0. expected 4, actual 7\n"
            "    - 0/1: tensor 'x' size mismatch at index 0. expected 5, actual 7");
}

TEST(MessagesTest, BackendFailedAndWontConvert) {
  EXPECT_EQ(FormatBackendFailed("bad", "RuntimeError", "boom"),
            "backend='bad' raised:\nRuntimeError: boom");
  EXPECT_EQ(FormatWontConvert("f", "a.py", 3, "E"), "WON'T CONVERT f a.py line 3 \ndue to: \nE");
}

TEST(MessagesTest, GraphBreakRecord) {
  EXPECT_EQ(FormatGraphBreakRecord("B", {Entry("a.py", 2, "f", "  g()")}),
            "Graph break in user code at a.py:2\nGraph Break Reason: B\n\nUser code traceback:\n"
            "  File \"a.py\", line 2, in f\n    g()\n");
}

}  // namespace
}  // namespace wick::runtime::internal
