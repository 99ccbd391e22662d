// str with non-ASCII text: code-point length, indexing, slicing, iteration, offsets,
// widths, case mapping, predicates and repr, plus the new ASCII methods
// (removeprefix, expandtabs, istitle, ...). Expected values are CPython 3.11's.
#include "gtest/gtest.h"
#include "vm/objects_test_util.h"

namespace wick::vm {
namespace {

using testing::I;
using testing::M;
using testing::R;

Value Slice(Runtime& rt, Value a, Value b, Value c) {
  return rt.NewSlice(std::move(a), std::move(b), std::move(c));
}

TEST(StrUnicode, LengthIndexSlice) {
  Runtime rt;
  Value s = rt.NewStr("héllo wörld €");
  EXPECT_EQ(Len(rt, s), 13);
  EXPECT_EQ(R(rt, GetItem(rt, s, I(1))), "'é'");
  EXPECT_EQ(R(rt, GetItem(rt, s, I(-1))), "'€'");
  EXPECT_EQ(R(rt, GetItem(rt, s, I(13))), "<raised: IndexError: string index out of range>");
  EXPECT_EQ(R(rt, GetItem(rt, s, Slice(rt, I(1), I(4), Value::None()))), "'éll'");
  EXPECT_EQ(R(rt, GetItem(rt, rt.NewStr("aé€"), Slice(rt, Value::None(), Value::None(), I(-1)))),
            "'€éa'");
  std::vector<Value> chars;
  ASSERT_TRUE(Unpack(rt, rt.NewStr("日本語"), &chars));
  ASSERT_EQ(chars.size(), 3u);
  EXPECT_EQ(R(rt, chars[1]), "'本'");
}

TEST(StrUnicode, Repr) {
  Runtime rt;
  EXPECT_EQ(R(rt, rt.NewStr("日本")), "'日本'");
  EXPECT_EQ(R(rt, rt.NewStr("a\xc2\xa0" "b\xc2\x85")), "'a\\xa0b\\x85'");
  EXPECT_EQ(R(rt, rt.NewStr("\xe2\x80\x8b")), "'\\u200b'");
  EXPECT_EQ(R(rt, rt.NewStr("\xf3\xa0\x80\x81")), "'\\U000e0001'");
  EXPECT_EQ(R(rt, rt.NewStr("\xf0\x9f\x98\x80")), "'\xf0\x9f\x98\x80'");
}

TEST(StrUnicode, OffsetsAndWidths) {
  Runtime rt;
  Value s = rt.NewStr("héllo wörld €");
  EXPECT_EQ(R(rt, M(rt, s, "find", {rt.NewStr("w")})), "6");
  EXPECT_EQ(R(rt, M(rt, s, "rfind", {rt.NewStr("l")})), "9");
  EXPECT_EQ(R(rt, M(rt, s, "index", {rt.NewStr("€")})), "12");
  EXPECT_EQ(R(rt, M(rt, s, "find", {rt.NewStr("ö"), I(8)})), "-1");
  EXPECT_EQ(R(rt, M(rt, s, "count", {rt.NewStr("l"), I(3)})), "2");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("éé"), "count", {rt.NewStr("")})), "3");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("aé"), "startswith", {rt.NewStr("é"), I(1)})), "True");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("é"), "ljust", {I(3), rt.NewStr("€")})), "'é€€'");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("é"), "center", {I(4), rt.NewStr("*")})), "'*é**'");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("€"), "zfill", {I(3)})), "'00€'");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("éa"), "replace", {rt.NewStr(""), rt.NewStr("|")})),
            "'|é|a|'");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("éaè"), "strip", {rt.NewStr("éè")})), "'a'");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("\xe3\x80\x80x\xc2\xa0"), "strip", {})), "'x'");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("a"), "ljust", {I(3), rt.NewStr("ab")})),
            "<raised: TypeError: The fill character must be exactly one character long>");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("a"), "ljust", {I(3), I(1)})),
            "<raised: TypeError: The fill character must be a unicode character, not int>");
}

TEST(StrUnicode, CaseMapping) {
  Runtime rt;
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("héllo wörld €"), "upper", {})), "'HÉLLO WÖRLD €'");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("ÀÉÎ Ÿ"), "lower", {})), "'àéî ÿ'");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("straße"), "upper", {})), "'STRASSE'");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("straße"), "title", {})), "'Straße'");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("ΣΑΣ"), "lower", {})), "'σας'");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("ПРИВЕТ"), "lower", {})), "'привет'");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("Straße"), "casefold", {})), "'strasse'");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("ÉaB"), "swapcase", {})), "'éAb'");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("éA"), "capitalize", {})), "'Éa'");
}

TEST(StrUnicode, Predicates) {
  Runtime rt;
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("日本語"), "isalpha", {})), "True");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("x²"), "isdigit", {})), "False");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("²"), "isdigit", {})), "True");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("²"), "isdecimal", {})), "False");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("½"), "isnumeric", {})), "True");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("É"), "isupper", {})), "True");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("_é1"), "isidentifier", {})), "True");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("1x"), "isidentifier", {})), "False");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("Title Case"), "istitle", {})), "True");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("Title case"), "istitle", {})), "False");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr(""), "isprintable", {})), "True");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("a\n"), "isprintable", {})), "False");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("é"), "isascii", {})), "False");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr(""), "isspace", {})), "False");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("a"), "upper", {I(1)})),
            "<raised: TypeError: str.upper() takes no arguments (1 given)>");
}

TEST(StrUnicode, AffixesAndTabs) {
  Runtime rt;
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("a-b-c"), "removeprefix", {rt.NewStr("a-")})), "'b-c'");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("a-b-c"), "removesuffix", {rt.NewStr("-c")})), "'a-b'");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("abc"), "removeprefix", {rt.NewStr("x")})), "'abc'");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("a\tb\tc"), "expandtabs", {})), "'a       b       c'");
  EXPECT_EQ(R(rt, M(rt, rt.NewStr("ab\t\xc3\xa9\tx"), "expandtabs", {I(4)})), "'ab  é   x'");
}

}  // namespace
}  // namespace wick::vm
