// Tokenizer unit tests: token kinds, positions and bracket levels as CPython's tokenizer
// reports them, and the errors it leaves for the parser.
#include "lang/internal/tokenizer.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gtest/gtest.h"

namespace wick::lang::internal {
namespace {

struct Tokenized {
  std::string source;
  SourceLines lines;
  TokenStream stream;
  explicit Tokenized(std::string src, SourceOrigin origin = {})
      : source(std::move(src)), lines(source), stream(Tokenize(lines, "t.py", origin)) {}
};

// "KIND text @line:col-line:col" per token.
std::vector<std::string> Describe(const TokenStream& s) {
  std::vector<std::string> out;
  for (const Token& t : s.tokens) {
    out.push_back(absl::StrCat(TokName(t.kind), t.text.empty() ? "" : " ", t.text, " @",
                               t.line, ":", t.col, "-", t.end_line, ":", t.end_col));
  }
  return out;
}

std::string Kinds(const TokenStream& s) {
  std::vector<std::string> out;
  for (const Token& t : s.tokens) out.push_back(std::string(TokName(t.kind)));
  return absl::StrJoin(out, " ");
}

TEST(Tokenizer, SimpleStatement) {
  Tokenized t("x = 1\n");
  EXPECT_EQ(Describe(t.stream),
            (std::vector<std::string>{"NAME x @1:0-1:1", "'=' = @1:2-1:3",
                                      "NUMBER 1 @1:4-1:5", "NEWLINE \n @1:5-1:6",
                                      "ENDMARKER @2:0-2:0"}));
  EXPECT_FALSE(t.stream.error.has_value());
}

TEST(Tokenizer, NonAsciiNamesAreNfkcNormalized) {
  // "ﬁ" (U+FB01) and fullwidth "ｘ" name "fi" and "x"; positions stay the source's.
  Tokenized t("\xEF\xAC\x81 = \xEF\xBD\x98 + \xC3\xA9\n");
  ASSERT_FALSE(t.stream.error.has_value());
  EXPECT_EQ(t.stream.tokens[0].text, "fi");
  EXPECT_EQ(t.stream.tokens[0].end_col, 3);  // three bytes of source
  EXPECT_EQ(t.stream.tokens[2].text, "x");
  EXPECT_EQ(t.stream.tokens[4].text, "\xC3\xA9");  // é is already NFKC: the source's bytes
  EXPECT_NE(t.stream.names, nullptr);  // no arena given: the stream keeps the forms
}

TEST(Tokenizer, IndentDedentAndBlankLines) {
  Tokenized t("if x:\n    y\n\n    # c\n        \n    z\nw\n");
  EXPECT_EQ(Kinds(t.stream),
            "'if' NAME ':' NEWLINE INDENT NAME NEWLINE NAME NEWLINE DEDENT NAME NEWLINE "
            "ENDMARKER");
  const Token& indent = t.stream.tokens[4];
  EXPECT_EQ(indent.line, 2);
  EXPECT_EQ(indent.end_col, 4);
  const Token& dedent = t.stream.tokens[9];
  EXPECT_EQ(dedent.line, 7);
  EXPECT_EQ(dedent.col, 0);
}

TEST(Tokenizer, DedentsAtEndOfFileComeBeforeEndmarker) {
  Tokenized t("def f():\n  if x:\n    y\n");
  EXPECT_EQ(Kinds(t.stream),
            "'def' NAME '(' ')' ':' NEWLINE INDENT 'if' NAME ':' NEWLINE INDENT NAME "
            "NEWLINE DEDENT DEDENT ENDMARKER");
  EXPECT_EQ(t.stream.tokens.back().line, 4);
}

TEST(Tokenizer, ImplicitJoiningInsideBracketsAndLevels) {
  Tokenized t("f(a,\n  [b]\n)\n");
  EXPECT_EQ(Kinds(t.stream), "NAME '(' NAME ',' '[' NAME ']' ')' NEWLINE ENDMARKER");
  std::vector<int> levels;
  for (const Token& tok : t.stream.tokens) levels.push_back(tok.level);
  EXPECT_EQ(levels, (std::vector<int>{0, 1, 1, 1, 2, 2, 1, 0, 0, 0}));
}

TEST(Tokenizer, BackslashContinuation) {
  Tokenized t("x = 1 + \\\n    2\n");
  EXPECT_EQ(Kinds(t.stream), "NAME '=' NUMBER '+' NUMBER NEWLINE ENDMARKER");
  EXPECT_EQ(t.stream.tokens[4].line, 2);
  EXPECT_EQ(t.stream.tokens[4].col, 4);
}

TEST(Tokenizer, OperatorsLongestMatch) {
  Tokenized t("a **= b // c ... -> := != <<= >>= @= ** ~\n");
  EXPECT_EQ(Kinds(t.stream),
            "NAME '**=' NAME '//' NAME '...' '->' ':=' '!=' '<<=' '>>=' '@=' '**' '~' "
            "NEWLINE ENDMARKER");
}

TEST(Tokenizer, KeywordsAndSoftKeywords) {
  Tokenized t("match case _ not in is lambda None\n");
  EXPECT_EQ(Kinds(t.stream),
            "NAME NAME NAME 'not' 'in' 'is' 'lambda' 'None' NEWLINE ENDMARKER");
}

TEST(Tokenizer, NumbersIncludingKeywordNeighbours) {
  Tokenized t("0x_1F 0o7 0b1_0 1_000 .5 5. 1e-3 2j 1if 0else\n");
  std::vector<std::string> texts;
  for (const Token& tok : t.stream.tokens) {
    if (tok.kind == Tok::kNumber) texts.push_back(std::string(tok.text));
  }
  EXPECT_EQ(texts, (std::vector<std::string>{"0x_1F", "0o7", "0b1_0", "1_000", ".5", "5.",
                                             "1e-3", "2j", "1", "0"}));
  EXPECT_FALSE(t.stream.error.has_value());
}

TEST(Tokenizer, StringPrefixesAndTripleQuotes) {
  Tokenized t("rb'x' F\"y\" u'z' ur'w' '''a\nb''' kf\"q\"\n");
  EXPECT_EQ(Kinds(t.stream),
            "STRING STRING STRING NAME STRING STRING NAME STRING NEWLINE ENDMARKER");
  const Token& triple = t.stream.tokens[5];
  EXPECT_EQ(triple.text, "'''a\nb'''");
  EXPECT_EQ(triple.line, 1);
  EXPECT_EQ(triple.end_line, 2);
  EXPECT_EQ(triple.end_col, 4);
}

TEST(Tokenizer, TabsCountToNextMultipleOfEight) {
  // A tab and eight spaces are the same column but inconsistent: TabError.
  Tokenized t("if x:\n\ta\n        b\n");
  ASSERT_TRUE(t.stream.error.has_value());
  EXPECT_EQ(t.stream.error->error.type, SyntaxError::Type::kTabError);
  EXPECT_EQ(t.stream.error->error.message,
            "inconsistent use of tabs and spaces in indentation");
  EXPECT_EQ(t.stream.error->error.line, 3);
  EXPECT_FALSE(t.stream.error->raised);
  EXPECT_EQ(t.stream.tokens.back().kind, Tok::kError);
}

TEST(Tokenizer, DedentToUnknownLevel) {
  Tokenized t("if x:\n    a\n  b\n");
  ASSERT_TRUE(t.stream.error.has_value());
  EXPECT_EQ(t.stream.error->error.type, SyntaxError::Type::kIndentationError);
  EXPECT_EQ(t.stream.error->error.message,
            "unindent does not match any outer indentation level");
  // CPython's cursor is at the end of the line, newline included.
  EXPECT_EQ(t.stream.error->error.offset, 4);
}

TEST(Tokenizer, UnterminatedStringsNameTheLineReached) {
  Tokenized single("x = 'abc\ny\n");
  ASSERT_TRUE(single.stream.error.has_value());
  EXPECT_EQ(single.stream.error->error.message,
            "unterminated string literal (detected at line 1)");
  EXPECT_EQ(single.stream.error->error.offset, 5);
  EXPECT_TRUE(single.stream.error->raised);

  Tokenized triple("x = 1\ns = f'''abc\n\ndef\n");
  ASSERT_TRUE(triple.stream.error.has_value());
  EXPECT_EQ(triple.stream.error->error.message,
            "unterminated triple-quoted string literal (detected at line 4)");
  EXPECT_EQ(triple.stream.error->error.line, 2);
  EXPECT_EQ(triple.stream.error->error.offset, 5);  // at the prefix
}

TEST(Tokenizer, UnclosedBracketAtEndOfFile) {
  Tokenized t("x = [1,\n  (2\n");
  ASSERT_TRUE(t.stream.error.has_value());
  EXPECT_EQ(t.stream.error->error.message, "'(' was never closed");
  EXPECT_EQ(t.stream.error->error.line, 2);
  EXPECT_EQ(t.stream.error->open_bracket_line, 2);
  EXPECT_FALSE(t.stream.error->raised);
}

TEST(Tokenizer, BadNumbersPointWhereCPythonDoes) {
  struct Case {
    const char* source;
    const char* message;
    int offset;
  };
  for (const Case& c : {Case{"x = 1_\n", "invalid decimal literal", 6},
                        Case{"x = 0x\n", "invalid hexadecimal literal", 6},
                        Case{"x = 0b12\n", "invalid digit '2' in binary literal", 8},
                        Case{"x = 0o8\n", "invalid digit '8' in octal literal", 7},
                        Case{"x = 3.e\n", "invalid decimal literal", 6},
                        Case{"x = 1jq\n", "invalid imaginary literal", 6}}) {
    Tokenized t(c.source);
    ASSERT_TRUE(t.stream.error.has_value()) << c.source;
    EXPECT_EQ(t.stream.error->error.message, c.message) << c.source;
    EXPECT_EQ(t.stream.error->error.offset, c.offset) << c.source;
  }
}

TEST(Tokenizer, InvalidCharactersCountCharactersNotBytes) {
  Tokenized t("é = 1 € 2\n");
  ASSERT_TRUE(t.stream.error.has_value());
  EXPECT_EQ(t.stream.error->error.message, "invalid character '€' (U+20AC)");
  EXPECT_EQ(t.stream.error->error.offset, 7);
}

TEST(Tokenizer, UnknownAsciiCharactersAreLeftToTheParser) {
  Tokenized t("a $ b ? c\n");
  EXPECT_EQ(Kinds(t.stream), "NAME OP NAME OP NAME NEWLINE ENDMARKER");
  EXPECT_FALSE(t.stream.error.has_value());
}

TEST(Tokenizer, FStringPieceIsMovedToItsOrigin) {
  // "(a +\nb)" as if its '(' stood at line 3, column 10.
  Tokenized t("(a +\nb)", SourceOrigin{3, 10});
  EXPECT_EQ(Describe(t.stream),
            (std::vector<std::string>{"'(' ( @3:10-3:11", "NAME a @3:11-3:12",
                                      "'+' + @3:13-3:14", "NAME b @4:0-4:1",
                                      "')' ) @4:1-4:2", "NEWLINE @4:2-4:3",
                                      "ENDMARKER @5:0-5:0"}));
}

TEST(Tokenizer, EmptyAndCommentOnlySources) {
  EXPECT_EQ(Kinds(Tokenized("").stream), "ENDMARKER");
  EXPECT_EQ(Kinds(Tokenized("# only\n\n").stream), "ENDMARKER");
}

}  // namespace
}  // namespace wick::lang::internal
