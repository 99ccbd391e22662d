// str: repr escapes and quotes, operators, indexing, methods and % formatting, each
// checked against CPython 3.11's output.
#include "gtest/gtest.h"
#include "vm/objects_test_util.h"

namespace wick::vm {
namespace {

using testing::I;
using testing::M;
using testing::R;

TEST(Str, Repr) {
  Runtime rt;
  EXPECT_EQ(R(rt, rt.NewStr("it's")), "\"it's\"");
  EXPECT_EQ(R(rt, rt.NewStr("a'b\"c")), "'a\\'b\"c'");
  EXPECT_EQ(R(rt, rt.NewStr("tab\there\n\\\x01")), "'tab\\there\\n\\\\\\x01'");
  EXPECT_EQ(R(rt, rt.NewStr("héllo")), "'héllo'");
}

TEST(Str, Operators) {
  Runtime rt;
  Value ab = rt.NewStr("ab");
  EXPECT_EQ(R(rt, BinaryOp(rt, BinOp::kAdd, ab, rt.NewStr("c"))), "'abc'");
  EXPECT_EQ(R(rt, BinaryOp(rt, BinOp::kMul, ab, I(3))), "'ababab'");
  EXPECT_EQ(R(rt, BinaryOp(rt, BinOp::kMul, I(-1), ab)), "''");
  EXPECT_EQ(R(rt, BinaryOp(rt, BinOp::kAdd, ab, I(1))),
            "<raised: TypeError: can only concatenate str (not \"int\") to str>");
  EXPECT_EQ(R(rt, BinaryOp(rt, BinOp::kMul, ab, ab)),
            "<raised: TypeError: can't multiply sequence by non-int of type 'str'>");
  EXPECT_EQ(R(rt, GetItem(rt, rt.NewStr("hello"), I(-1))), "'o'");
  EXPECT_EQ(R(rt, GetItem(rt, rt.NewStr("hello"), rt.NewSlice(Value::None(), Value::None(), I(-2)))), "'olh'");
  EXPECT_EQ(R(rt, GetItem(rt, rt.NewStr(""), I(0))), "<raised: IndexError: string index out of range>");
  EXPECT_EQ(R(rt, GetItem(rt, ab, ab)), "<raised: TypeError: string indices must be integers, not 'str'>");
  EXPECT_EQ(Contains(rt, rt.NewStr("hello"), rt.NewStr("ell")), 1);
  EXPECT_EQ(Contains(rt, ab, I(1)), -1);
  EXPECT_EQ(testing::Err(rt), "TypeError: 'in <string>' requires string as left operand, not int");
  EXPECT_EQ(R(rt, Compare(rt, rt.NewStr("abc"), rt.NewStr("abd"), CmpOp::kLt)), "True");
}

TEST(Str, Methods) {
  Runtime rt;
  Value s = rt.NewStr("  Hello World  ");
  EXPECT_EQ(R(rt, M(rt, s, "strip", {})), "'Hello World'");
  EXPECT_EQ(R(rt, M(rt, s, "lstrip", {})), "'Hello World  '");
  EXPECT_EQ(R(rt, M(rt, s, "split", {})), "['Hello', 'World']");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("a,b,,c"), "split", {rt.NewStr(",")})), "['a', 'b', '', 'c']");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("a,b,,c"), "rsplit", {rt.NewStr(","), I(1)})), "['a,b,', 'c']");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr(" a b  c "), "split", {Value::None(), I(1)})), "['a', 'b  c ']");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("-"), "join", {testing::List(rt, {rt.NewStr("a"), rt.NewStr("b")})})), "'a-b'");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("-"), "join", {testing::IntList(rt, {1})})),
            "<raised: TypeError: sequence item 0: expected str instance, int found>");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("aaa"), "replace", {rt.NewStr("a"), rt.NewStr("b"), I(2)})), "'bba'");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("ab"), "replace", {rt.NewStr(""), rt.NewStr("-")})), "'-a-b-'");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("hello"), "find", {rt.NewStr("l")})), "2");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("hello"), "rfind", {rt.NewStr("l")})), "3");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("hello"), "find", {rt.NewStr("z")})), "-1");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("hello"), "index", {rt.NewStr("z")})), "<raised: ValueError: substring not found>");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("hello"), "count", {rt.NewStr("l")})), "2");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("hello"), "startswith", {testing::Tuple(rt, {rt.NewStr("x"), rt.NewStr("he")})})), "True");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("hello"), "endswith", {rt.NewStr("lo")})), "True");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("hello world"), "title", {})), "'Hello World'");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("hELLO"), "capitalize", {})), "'Hello'");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("abc"), "upper", {})), "'ABC'");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("123"), "isdigit", {})), "True");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr(""), "isdigit", {})), "False");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("-42"), "zfill", {I(5)})), "'-0042'");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("ab"), "center", {I(5), rt.NewStr("*")})), "'**ab*'");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("abc"), "center", {I(6)})), "' abc  '");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("ab"), "rjust", {I(4)})), "'  ab'");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("a=b=c"), "partition", {rt.NewStr("=")})), "('a', '=', 'b=c')");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("a=b=c"), "rpartition", {rt.NewStr("=")})), "('a=b', '=', 'c')");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("a\nb\r\nc"), "splitlines", {})), "['a', 'b', 'c']");
}

TEST(Str, PercentFormat) {
  Runtime rt;
  auto pct = [&](const char* fmt, Value args) {
    return R(rt, BinaryOp(rt, BinOp::kMod, rt.NewStr(fmt), args));
  };
  EXPECT_EQ(pct("%d items", I(3)), "'3 items'");
  EXPECT_EQ(pct("%5.2f|%-4d|%x|%s|%r|%%", testing::Tuple(rt, {testing::F(3.14159), I(7), I(255), rt.NewStr("s"), rt.NewStr("r")})),
            "\" 3.14|7   |ff|s|'r'|%\"");
  EXPECT_EQ(pct("%e %g %05d", testing::Tuple(rt, {testing::F(12345.678), testing::F(0.0001), I(-42)})),
            "'1.234568e+04 0.0001 -0042'");
  EXPECT_EQ(pct("%d", rt.NewStr("a")), "<raised: TypeError: %d format: a real number is required, not str>");
  EXPECT_EQ(pct("%d %d", I(1)), "<raised: TypeError: not enough arguments for format string>");
  EXPECT_EQ(pct("%s", testing::Tuple(rt, {I(1), I(2)})),
            "<raised: TypeError: not all arguments converted during string formatting>");
  EXPECT_EQ(pct("%z", I(1)), "<raised: ValueError: unsupported format character 'z' (0x7a) at index 1>");
}

TEST(Str, FormatMethod) {
  Runtime rt;
  Value fmt = rt.NewStr("{} + {:>4} = {0!r:<5}|{{}}");
  EXPECT_EQ(R(rt, M(rt, fmt, "format", {rt.NewStr("a"), I(2)})),
            "<raised: ValueError: cannot switch from automatic field numbering to manual field specification>");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("{0}-{1:03d}-{0!r}|{{}}"), "format", {rt.NewStr("a"), I(2)})),
            "\"a-002-'a'|{}\"");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("{:{}.{}f}"), "format", {testing::F(3.14159), I(8), I(2)})), "'    3.14'");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("{} {}"), "format", {I(1)})),
            "<raised: IndexError: Replacement index 1 out of range for positional args tuple>");
}

}  // namespace
}  // namespace wick::vm
