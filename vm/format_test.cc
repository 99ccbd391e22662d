// format(value, spec) against a table of cases generated once by CPython 3.11
// (testdata/format_cases.txt), plus the spec error texts.
#include <fstream>
#include <string>

#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "vm/objects/internal/objects_internal.h"
#include "vm/objects_test_util.h"

namespace wick::vm {
namespace {

TEST(Format, CPythonTable) {
  Runtime rt;
  std::ifstream in("vm/testdata/format_cases.txt");
  ASSERT_TRUE(in.good());
  std::string line;
  int checked = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> f = absl::StrSplit(line, '\t');
    ASSERT_EQ(f.size(), 4u) << line;
    Value v;
    if (f[0] == "i") {
      v = Value::Int(std::stoll(f[1]));
    } else if (f[0] == "f") {
      double d;
      ASSERT_TRUE(internal::ParseFloat(f[1], &d)) << f[1];
      v = Value::Float(d);
    } else {
      v = rt.NewStr(f[1]);
    }
    Value r = Format(rt, v, f[2]);
    EXPECT_EQ(testing::S(rt, r), f[3]) << "format(" << f[1] << ", '" << f[2] << "')";
    ++checked;
  }
  EXPECT_GT(checked, 100);
}

TEST(Format, Errors) {
  Runtime rt;
  auto err = [&](Value v, const char* spec) { return testing::S(rt, Format(rt, v, spec)); };
  EXPECT_EQ(err(Value::Int(1), "abc"),
            "<raised: ValueError: Invalid format specifier 'abc' for object of type 'int'>");
  EXPECT_EQ(err(Value::Int(1), ".2d"), "<raised: ValueError: Precision not allowed in integer format specifier>");
  EXPECT_EQ(err(rt.NewStr("a"), "d"), "<raised: ValueError: Unknown format code 'd' for object of type 'str'>");
  EXPECT_EQ(err(rt.NewStr("a"), "+"), "<raised: ValueError: Sign not allowed in string format specifier>");
  EXPECT_EQ(err(rt.NewStr("a"), "="), "<raised: ValueError: '=' alignment not allowed in string format specifier>");
  EXPECT_EQ(err(Value::Int(1), ",x"), "<raised: ValueError: Cannot specify ',' with 'x'.>");
  EXPECT_EQ(err(Value::Int(1), "_n"), "<raised: ValueError: Cannot specify '_' with 'n'.>");
  EXPECT_EQ(err(Value::Float(1.5), "x"), "<raised: ValueError: Unknown format code 'x' for object of type 'float'>");
  EXPECT_EQ(err(Value::Int(-1), "c"), "<raised: OverflowError: %c arg not in range(0x110000)>");
  EXPECT_EQ(err(Value::Bool(true), ""), "True");
  EXPECT_EQ(err(Value::Bool(true), "d"), "1");
}

}  // namespace
}  // namespace wick::vm
