// Robustness: truncated, mutated and token-shuffled versions of every testdata program,
// plus random token soup, must parse to a tree or fail with a SyntaxError (never crash,
// hang, or return another kind of error). Deterministic: fixed seeds, bounded counts.
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "gtest/gtest.h"
#include "base/test_data.h"
#include "lang/source_lines.h"
#include "lang/internal/tokenizer.h"
#include "lang/parser.h"

namespace wick::lang {
namespace {

std::vector<std::string> Corpus() {
  return base::PythonTestFiles(
      {"lang/testdata/ast", "lang/testdata/errors", "lang/testdata/unsupported"},
      /*recursive=*/false);
}

// Parses `source` and checks the outcome is a tree or a well-formed SyntaxError.
void Check(const std::string& source) {
  absl::Time start = absl::Now();
  absl::StatusOr<std::unique_ptr<Module>> m = Parse(source, "fuzz.py");
  if (m.ok()) {
    EXPECT_FALSE(DumpAst(**m).empty());
  } else {
    std::optional<SyntaxError> e = GetSyntaxError(m.status());
    ASSERT_TRUE(e.has_value()) << m.status() << "\n--- input ---\n" << source;
    EXPECT_FALSE(e->message.empty());
    int lines = static_cast<int>(std::count(source.begin(), source.end(), '\n')) + 2;
    EXPECT_GE(e->line, 0) << source;
    EXPECT_LE(e->line, lines) << source;
    EXPECT_FALSE(e->Render().empty());
  }
  EXPECT_LT(absl::Now() - start, absl::Seconds(2)) << "slow input:\n" << source;
}

constexpr const char* kAlphabet =
    "()[]{}:;,.'\"\\\n\t #=+-*/%@<>!~^&|0123456789abcxyz_ fjrb";
constexpr const char* kFragments[] = {
    "def ", "class ", "if ", "elif ", "else:", "for ", " in ", "while ", "try:",
    "except ", "finally:", "with ", " as ", "lambda ", "yield ", "return ", "import ",
    "from ", "not ", " and ", " or ", "is ", "async ", "await ", "match ", "f'{", "}'",
    "'''", "\"\"\"", "\\\n", "\n    ", "\n\t", ":=", "**", "->", "...", "0x", "1e", "_"};

std::string Mutate(const std::string& s, std::mt19937& rng) {
  std::string out = s;
  int edits = 1 + rng() % 4;
  for (int i = 0; i < edits; ++i) {
    size_t at = out.empty() ? 0 : rng() % (out.size() + 1);
    switch (rng() % 5) {
      case 0:  // delete a byte
        if (!out.empty() && at < out.size()) out.erase(at, 1);
        break;
      case 1:  // insert a character
        out.insert(at, 1, kAlphabet[rng() % std::strlen(kAlphabet)]);
        break;
      case 2:  // replace a byte
        if (at < out.size()) out[at] = kAlphabet[rng() % std::strlen(kAlphabet)];
        break;
      case 3:  // insert a fragment
        out.insert(at, kFragments[rng() % (sizeof(kFragments) / sizeof(kFragments[0]))]);
        break;
      case 4:  // duplicate a span
        if (at < out.size()) {
          size_t len = rng() % std::min<size_t>(20, out.size() - at) + 1;
          out.insert(at, out.substr(at, len));
        }
        break;
    }
  }
  return out;
}

// The token texts of `s`, re-joined after dropping, repeating or swapping some.
std::string ShuffleTokens(const std::string& s, std::mt19937& rng) {
  std::string normalized = s;
  if (!normalized.empty() && normalized.back() != '\n') normalized.push_back('\n');
  lang::SourceLines lines(normalized);
  internal::TokenStream stream = internal::Tokenize(lines, "fuzz.py");
  std::vector<std::string> texts;
  for (const internal::Token& t : stream.tokens) {
    switch (t.kind) {
      case internal::Tok::kNewline: texts.push_back("\n"); break;
      case internal::Tok::kIndent: texts.push_back("    "); break;
      case internal::Tok::kDedent: break;
      default: texts.push_back(std::string(t.text));
    }
  }
  if (texts.empty()) return s;
  int edits = 1 + rng() % 3;
  for (int i = 0; i < edits; ++i) {
    size_t a = rng() % texts.size();
    size_t b = rng() % texts.size();
    switch (rng() % 3) {
      case 0: texts.erase(texts.begin() + a); break;
      case 1: texts.insert(texts.begin() + a, texts[b]); break;
      case 2: std::swap(texts[a], texts[b]); break;
    }
    if (texts.empty()) break;
  }
  return absl::StrJoin(texts, " ");
}

TEST(Robustness, CorpusIsPresent) { EXPECT_GE(Corpus().size(), 100u); }

TEST(Robustness, TruncatedPrograms) {
  for (const std::string& s : Corpus()) {
    size_t stride = std::max<size_t>(1, s.size() / 25);
    for (size_t n = 0; n < s.size(); n += stride) Check(s.substr(0, n));
  }
}

TEST(Robustness, MutatedPrograms) {
  std::mt19937 rng(12345);
  for (const std::string& s : Corpus()) {
    for (int i = 0; i < 30; ++i) Check(Mutate(s, rng));
  }
}

TEST(Robustness, ShuffledTokens) {
  std::mt19937 rng(777);
  for (const std::string& s : Corpus()) {
    for (int i = 0; i < 10; ++i) Check(ShuffleTokens(s, rng));
  }
}

TEST(Robustness, RandomTokenSoup) {
  const std::vector<std::string> vocab = {
      "x", "y", "f", "1", "2.5", "'s'", "f'{x}'", "(", ")", "[", "]", "{", "}", ",",
      ":", ";", ".", "=", "+", "-", "*", "**", "/", "//", "%", "@", "|", "&", "^", "~",
      "<", ">", "==", "!=", ":=", "->", "...", "if", "else", "elif", "for", "in", "while",
      "def", "class", "return", "yield", "lambda", "not", "and", "or", "is", "None",
      "True", "try", "except", "finally", "with", "as", "import", "from", "del", "pass",
      "break", "continue", "global", "nonlocal", "raise", "assert", "async", "await",
      "\n", "\n    ", "\n        ", "\\\n", "#c\n", "match", "case", "_"};
  std::mt19937 rng(4242);
  for (int i = 0; i < 3000; ++i) {
    std::string s;
    int n = 1 + rng() % 40;
    for (int k = 0; k < n; ++k) absl::StrAppend(&s, vocab[rng() % vocab.size()], " ");
    Check(s);
  }
}

TEST(Robustness, PathologicalNesting) {
  Check("x = " + std::string(5000, '(') + "1" + std::string(5000, ')') + "\n");
  Check("x = " + std::string(199, '[') + std::string(199, ']') + "\n");
  Check("x = " + std::string(50000, '-') + "1\n");
  Check("x = " + std::string(50000, '~') + "\n");
  std::string lambdas;
  for (int i = 0; i < 5000; ++i) lambdas += "lambda: ";
  Check("f = " + lambdas + "1\n");
  std::string ifs;
  for (int i = 0; i < 5000; ++i) ifs += "a if b else ";
  Check("x = " + ifs + "c\n");
  std::string blocks;
  for (int i = 0; i < 150; ++i) blocks += std::string(i, ' ') + "if x:\n";
  Check(blocks + std::string(150, ' ') + "pass\n");
  std::string fstrings = "x = ";
  for (int i = 0; i < 100; ++i) fstrings += "f'{";
  Check(fstrings + "\n");
  Check(std::string(10000, '\n') + "x = (\n");
  Check(std::string(100000, 'a') + "\n");
  Check("x = '" + std::string(100000, 'a') + "\n");
}

}  // namespace
}  // namespace wick::lang
