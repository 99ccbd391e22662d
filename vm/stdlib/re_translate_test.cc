// The Python -> RE2 translation table, and the errors CPython's sre_parse gives.
#include "vm/stdlib/re_translate.h"

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"

namespace wick::vm::re {
namespace {

std::string Re2(absl::string_view p, int flags = 0) {
  Translation t = TranslatePattern(p, flags);
  EXPECT_EQ(t.error, "") << p;
  return t.re2;
}

std::string Error(absl::string_view p, int flags = 0) {
  Translation t = TranslatePattern(p, flags);
  return absl::StrCat(t.error, " at position ", t.error_pos);
}

TEST(ReTranslate, Table) {
  EXPECT_EQ(Re2("abc"), "abc");
  EXPECT_EQ(Re2("a.b*c+?"), "a.b*c+?");
  EXPECT_EQ(Re2(R"(\Aab\Z)"), R"(\Aab\z)");
  EXPECT_EQ(Re2(R"(\d+)"), R"(\p{Nd}+)");
  EXPECT_EQ(Re2(R"(\d+)", kAscii), R"(\d+)");
  EXPECT_EQ(Re2(R"(\w)"), R"([\p{L}\p{N}_])");
  EXPECT_EQ(Re2(R"([\w.-])"), R"([\p{L}\p{N}_\.\-])");
  EXPECT_EQ(Re2("(?P<year>[0-9]{4})"), R"((?P<year>[0-9]{4}))");
  EXPECT_EQ(Re2("a{,3}"), "a{0,3}");
  EXPECT_EQ(Re2("a{2,}"), "a{2,}");
  EXPECT_EQ(Re2("a{x"), R"(a\{x)");
  EXPECT_EQ(Re2(R"(\x41\u00e9\101\0)"), "A\xc3\xa9" "A\\x{0}");
  EXPECT_EQ(Re2("(?i)ab"), "(?i)ab");
  EXPECT_EQ(Re2("ab", kIgnoreCase | kMultiline | kDotAll), "(?ims)ab");
  EXPECT_EQ(Re2("(?i:a)b"), "(?i:a)b");
  EXPECT_EQ(Re2("(?#comment)a"), "a");
  EXPECT_EQ(Re2("a b # c\n d", kVerbose), "abd");
  EXPECT_EQ(Re2("(?x) a [ ]"), R"(a[\x{20}])");
  EXPECT_EQ(Re2("[]a]"), R"([\]a])");
  EXPECT_EQ(Re2("[^a-]"), R"([^a\-])");
  EXPECT_EQ(Re2("[\\b]"), R"([\x{8}])");
  EXPECT_EQ(Re2("é+"), "\xc3\xa9+");
}

TEST(ReTranslate, Metadata) {
  Translation t = TranslatePattern("(?P<a>x)((y)(?:z))$", 0);
  EXPECT_EQ(t.groups, 3);
  ASSERT_EQ(t.names.size(), 1u);
  EXPECT_EQ(t.names[0].first, "a");
  EXPECT_EQ(t.close_order, (std::vector<int>{1, 3, 2}));
  EXPECT_TRUE(t.bare_dollar);
  EXPECT_EQ(t.flags, kUnicode);
  EXPECT_FALSE(TranslatePattern("a$", kMultiline).bare_dollar);
  EXPECT_EQ(TranslatePattern("(?x)a", 0).flags, kVerbose | kUnicode);
  EXPECT_EQ(TranslatePattern("a", kAscii).flags, kAscii);
}

TEST(ReTranslate, CPythonErrors) {
  EXPECT_EQ(Error("(a"), "missing ), unterminated subpattern at position 0");
  EXPECT_EQ(Error("a)"), "unbalanced parenthesis at position 1");
  EXPECT_EQ(Error("*a"), "nothing to repeat at position 0");
  EXPECT_EQ(Error("a**"), "multiple repeat at position 2");
  EXPECT_EQ(Error("[a"), "unterminated character set at position 0");
  EXPECT_EQ(Error(R"(\q)"), R"(bad escape \q at position 0)");
  EXPECT_EQ(Error("a{3,2}"), "min repeat greater than max repeat at position 2");
  EXPECT_EQ(Error("[z-a]"), "bad character range z-a at position 1");
  EXPECT_EQ(Error("a(?i)"), "global flags not at the start of the expression at position 1");
  EXPECT_EQ(Error("(?P<a>x)(?P<a>y)"),
            "redefinition of group name 'a' as group 2; was group 1 at position 12");
  EXPECT_EQ(Error("(?P<1a>x)"), "bad character in group name '1a' at position 4");
}

TEST(ReTranslate, Unsupported) {
  EXPECT_EQ(Error(R"((a)\1)"),
            R"(backreference \1 is not supported by wick's re (RE2) at position 3)");
  EXPECT_EQ(Error("a(?=b)"),
            "look-ahead assertion (?=...) is not supported by wick's re (RE2) at position 1");
  EXPECT_EQ(Error("(?<!a)b"), "negative look-behind assertion (?<!...) is not supported by "
                              "wick's re (RE2) at position 0");
  EXPECT_EQ(Error("(?P<n>a)(?P=n)"),
            "backreference (?P=name) is not supported by wick's re (RE2) at position 8");
  EXPECT_EQ(Error("a*+"), "possessive repeat is not supported by wick's re (RE2) at position 1");
}

}  // namespace
}  // namespace wick::vm::re
