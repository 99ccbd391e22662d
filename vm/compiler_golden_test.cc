// Source -> disassembly pairs: each vm/testdata/dis/NAME.py compiles to exactly
// NAME.dis (or, for scope errors, the rendered SyntaxError). Every compiled code object
// is also checked against the tables' invariants (see Verify).
//
// WICK_DIS_REGENERATE=<path to vm/testdata/dis> rewrites the .dis files from wick.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "lang/parser.h"
#include "vm/code.h"
#include "vm/compiler.h"
#include "vm/runtime.h"

namespace wick::vm {
namespace {

std::string TestdataDir() {
  const char* srcdir = std::getenv("TEST_SRCDIR");
  const char* workspace = std::getenv("TEST_WORKSPACE");
  return absl::StrCat(srcdir ? srcdir : ".", "/", workspace ? workspace : "wick",
                      "/vm/testdata/dis");
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

std::vector<std::string> Cases() {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(TestdataDir(), ec)) {
    std::string file = entry.path().filename().string();
    if (file.size() > 3 && file.substr(file.size() - 3) == ".py") {
      names.push_back(file.substr(0, file.size() - 3));
    }
  }
  std::sort(names.begin(), names.end());
  return names;
}

// The invariants the interpreter and partitioner rely on, for `code` and its nested
// code objects.
void Verify(const CodeObject& code) {
  SCOPED_TRACE(code.qualname);
  int32_t n = static_cast<int32_t>(code.code.size());
  ASSERT_EQ(code.positions.size(), code.code.size());
  ASSERT_EQ(code.block_index.size(), code.code.size());
  ASSERT_EQ(code.names.size(), code.name_strs.size());
  ASSERT_FALSE(code.block_stacks.empty());
  EXPECT_TRUE(code.block_stacks[0].empty());
  for (int32_t i = 0; i < n; ++i) {
    const Instruction& ins = code.code[i];
    if (IsJump(ins.op)) {
      EXPECT_GE(ins.arg, 0);
      EXPECT_LT(ins.arg, n) << "jump at " << i;
    }
    if (OpcodeOperand(ins.op) == OperandKind::kConst) {
      EXPECT_LT(ins.arg, static_cast<int32_t>(code.consts.size()));
    }
    if (OpcodeOperand(ins.op) == OperandKind::kCell) {
      EXPECT_LT(ins.arg, code.num_cells());
    }
    EXPECT_LT(code.block_index[i], static_cast<int32_t>(code.block_stacks.size()));
  }
  // The last instruction never falls off the end.
  if (n > 0) {
    Opcode last = code.code[n - 1].op;
    EXPECT_TRUE(last == Opcode::RETURN_VALUE || last == Opcode::RERAISE ||
                last == Opcode::RAISE_VARARGS || last == Opcode::JUMP)
        << OpcodeName(last);
  }
  for (size_t i = 0; i < code.exception_table.size(); ++i) {
    const ExceptionEntry& e = code.exception_table[i];
    EXPECT_LT(e.start, e.end);
    EXPECT_LE(e.end, n);
    EXPECT_LT(e.handler, n);
    EXPECT_GE(e.depth, 0);
    EXPECT_LE(e.depth + 1 + (e.lasti ? 1 : 0), code.stack_size);
    if (i > 0) {
      EXPECT_LE(code.exception_table[i - 1].end, e.start);
    }
  }
  for (const Value& c : code.consts) {
    if (c.is_object()) {
      if (auto* nested = dynamic_cast<CodeObject*>(c.object())) Verify(*nested);
    }
  }
}

std::string RunCase(const std::string& name) {
  std::string source = ReadFile(TestdataDir() + "/" + name + ".py");
  Runtime rt;
  absl::StatusOr<Value> code = CompileSource(rt, source, name + ".py");
  if (!code.ok()) {
    std::optional<lang::SyntaxError> error = lang::GetSyntaxError(code.status());
    if (!error) return absl::StrCat("not a SyntaxError: ", code.status().ToString());
    return error->Render();
  }
  Verify(*code->as<CodeObject>());
  return Disassemble(*code->as<CodeObject>());
}

class DisGolden : public testing::TestWithParam<std::string> {};

TEST_P(DisGolden, MatchesExpectedDisassembly) {
  std::string actual = RunCase(GetParam());
  if (const char* out = std::getenv("WICK_DIS_REGENERATE")) {
    std::ofstream(absl::StrCat(out, "/", GetParam(), ".dis")) << actual;
    return;
  }
  EXPECT_EQ(actual, ReadFile(TestdataDir() + "/" + GetParam() + ".dis"));
}

TEST(DisGoldenCases, Exist) { EXPECT_GE(Cases().size(), 20u); }

std::string CaseName(const testing::TestParamInfo<std::string>& info) { return info.param; }

INSTANTIATE_TEST_SUITE_P(Dis, DisGolden, testing::ValuesIn(Cases()), CaseName);

}  // namespace
}  // namespace wick::vm
