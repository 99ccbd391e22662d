// Text-in/text-out tests over lang/testdata (see its README.md): each ast/NAME.py must
// dump to NAME.ast (CPython's own tree), each errors/NAME.py must fail exactly as
// CPython 3.11 prints it (NAME.err), each unsupported/NAME.py with wick's message.
// WICK_LANG_REGENERATE=<path to lang/testdata> rewrites unsupported/*.err from wick.
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

namespace wick::lang {
namespace {

std::string TestdataDir() {
  const char* srcdir = std::getenv("TEST_SRCDIR");
  const char* workspace = std::getenv("TEST_WORKSPACE");
  return absl::StrCat(srcdir ? srcdir : ".", "/", workspace ? workspace : "wick",
                      "/lang/testdata");
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

// The base names (without .py) of the cases in testdata/<dir>, sorted.
std::vector<std::string> Cases(const std::string& dir) {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry :
       std::filesystem::directory_iterator(TestdataDir() + "/" + dir, ec)) {
    std::string file = entry.path().filename().string();
    if (file.size() > 3 && file.substr(file.size() - 3) == ".py") {
      names.push_back(file.substr(0, file.size() - 3));
    }
  }
  std::sort(names.begin(), names.end());
  return names;
}

// What wick makes of testdata/<dir>/<name>.py: its AST dump, or its rendered error.
std::string RunCase(const std::string& dir, const std::string& name) {
  std::string source = ReadFile(TestdataDir() + "/" + dir + "/" + name + ".py");
  absl::StatusOr<std::unique_ptr<Module>> module = Parse(source, name + ".py");
  if (module.ok()) return DumpAst(**module);
  std::optional<SyntaxError> error = GetSyntaxError(module.status());
  if (!error) return absl::StrCat("not a SyntaxError: ", module.status().ToString());
  return error->Render();
}

std::string Expected(const std::string& dir, const std::string& name,
                     const std::string& ext) {
  return ReadFile(TestdataDir() + "/" + dir + "/" + name + ext);
}

TEST(GoldenCorpus, HasEnoughCases) {
  EXPECT_GE(Cases("ast").size(), 60u);
  EXPECT_GE(Cases("errors").size(), 30u);
  EXPECT_GE(Cases("unsupported").size(), 5u);
}

class AstGolden : public testing::TestWithParam<std::string> {};

TEST_P(AstGolden, DumpMatchesCPythonTree) {
  std::string expected = Expected("ast", GetParam(), ".ast");
  ASSERT_FALSE(expected.empty()) << "missing " << GetParam() << ".ast";
  EXPECT_EQ(RunCase("ast", GetParam()), expected);
}

class ErrorGolden : public testing::TestWithParam<std::string> {};

TEST_P(ErrorGolden, ErrorMatchesCPythonOutput) {
  std::string expected = Expected("errors", GetParam(), ".err");
  ASSERT_FALSE(expected.empty()) << "missing " << GetParam() << ".err";
  EXPECT_EQ(RunCase("errors", GetParam()), expected);
}

class UnsupportedGolden : public testing::TestWithParam<std::string> {};

TEST_P(UnsupportedGolden, ErrorNamesTheFeature) {
  std::string actual = RunCase("unsupported", GetParam());
  if (const char* out = std::getenv("WICK_LANG_REGENERATE")) {
    std::ofstream(absl::StrCat(out, "/unsupported/", GetParam(), ".err")) << actual;
    return;
  }
  EXPECT_EQ(actual, Expected("unsupported", GetParam(), ".err"));
  EXPECT_NE(actual.find("not supported by wick"), std::string::npos) << actual;
}

std::string CaseName(const testing::TestParamInfo<std::string>& info) {
  return info.param;
}

INSTANTIATE_TEST_SUITE_P(Ast, AstGolden, testing::ValuesIn(Cases("ast")), CaseName);
INSTANTIATE_TEST_SUITE_P(Errors, ErrorGolden, testing::ValuesIn(Cases("errors")),
                         CaseName);
INSTANTIATE_TEST_SUITE_P(Unsupported, UnsupportedGolden,
                         testing::ValuesIn(Cases("unsupported")), CaseName);

}  // namespace
}  // namespace wick::lang
