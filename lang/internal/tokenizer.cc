// The tokenizer (see tokenizer.h). Structured like CPython 3.11's tok_get: indentation
// at the beginning of a line, then one token per call; the error cases and the cursor
// position each error is reported at follow tokenizer.c so carets land where CPython's do.
#include "lang/internal/tokenizer.h"

#include <cstdio>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "base/unicode.h"
#include "lang/internal/number_scanner.h"
#include "lang/internal/unicode.h"

namespace wick::lang::internal {
namespace {

constexpr int kTabSize = 8;
constexpr int kMaxIndent = 100;  // CPython's MAXINDENT
constexpr int kMaxLevel = 200;   // CPython's MAXLEVEL
constexpr int kEof = -1;

char ClosingFor(char open) { return open == '(' ? ')' : open == '[' ? ']' : '}'; }

class Tokenizer {
 public:
  Tokenizer(const SourceLines& lines, absl::string_view filename, SourceOrigin origin,
            Arena* names)
      : lines_(lines), src_(lines.source()), filename_(filename), origin_(origin),
        names_(names) {}

  TokenStream Run() {
    // About one token per four bytes of typical source: reserving avoids regrowing
    // (and page-faulting in) a multi-megabyte vector on large files.
    out_.tokens.reserve(src_.size() / 4 + 16);
    while (Next()) {
    }
    return std::move(out_);
  }

 private:
  struct Bracket {
    char c;
    int line;
    int col;
  };

  int Peek(size_t at) const {
    return at < src_.size() ? static_cast<unsigned char>(src_[at]) : kEof;
  }
  int Cur() const { return Peek(pos_); }
  int Col(size_t at) const { return static_cast<int>(at - line_start_); }
  void NewLine(size_t next_line_start) {
    ++line_;
    line_start_ = next_line_start;
  }

  // Emits a token from byte `start` (on line `start_line`, whose first byte is
  // `start_line_start`) to pos_.
  void Emit(Tok kind, size_t start, int start_line, size_t start_line_start) {
    Token t;
    t.kind = kind;
    t.level = static_cast<uint16_t>(brackets_.size());
    t.line = start_line;
    t.col = static_cast<int>(start - start_line_start);
    t.end_line = line_;
    t.end_col = Col(pos_);
    t.text = src_.substr(start, pos_ - start);
    Place(t);
    out_.tokens.push_back(t);
  }
  void EmitEmpty(Tok kind, int col) {
    Token t;
    t.kind = kind;
    t.level = static_cast<uint16_t>(brackets_.size());
    t.line = t.end_line = line_;
    t.col = t.end_col = col;
    Place(t);
    out_.tokens.push_back(t);
  }
  // Moves a token of an f-string piece to where the piece sits in the file.
  void Place(Token& t) const {
    if (t.line == 1) t.col += origin_.first_col_shift;
    if (t.end_line == 1) t.end_col += origin_.first_col_shift;
    t.line += origin_.first_line - 1;
    t.end_line += origin_.first_line - 1;
  }

  // Error reporting. `Raise` is CPython's syntaxerror(): the caret goes under the byte
  // before the cursor `cur` (a character offset counted from the line start).
  bool Raise(size_t cur, std::string message) {
    int offset = CharCount(src_.substr(line_start_, cur - line_start_));
    return Fail(SyntaxError::Type::kSyntaxError, std::move(message), line_, offset, line_,
                offset, /*raised=*/true);
  }
  // An error the parser reports from a tokenizer status code: (1-based byte) columns.
  bool Status(SyntaxError::Type type, std::string message, int line, int col,
              int end_col) {
    SyntaxError e =
        MakeError(lines_, filename_, type, std::move(message), line, col, line, end_col);
    return Fail(std::move(e), /*raised=*/false);
  }
  bool Fail(SyntaxError::Type type, std::string message, int line, int offset,
            int end_line, int end_offset, bool raised) {
    SyntaxError e;
    e.type = type;
    e.message = std::move(message);
    e.filename = std::string(filename_);
    e.line = line;
    e.offset = offset;
    e.end_line = end_line;
    e.end_offset = end_offset;
    e.text = std::string(lines_.Line(line));
    return Fail(std::move(e), raised);
  }
  bool Fail(SyntaxError e, bool raised) {
    TokenizerError err;
    e.line += origin_.first_line - 1;
    e.end_line += origin_.first_line - 1;
    err.error = std::move(e);
    err.raised = raised;
    if (!brackets_.empty()) {
      const Bracket& b = brackets_.back();
      err.unclosed = MakeError(lines_, filename_, SyntaxError::Type::kSyntaxError,
                               absl::StrFormat("'%c' was never closed", b.c), b.line,
                               b.col + 1, b.line, 0);
      err.unclosed.line += origin_.first_line - 1;
      err.unclosed.end_line += origin_.first_line - 1;
      err.open_bracket_line = err.unclosed.line;
    }
    Token t;
    t.kind = Tok::kError;
    t.level = static_cast<uint16_t>(brackets_.size());
    t.line = t.end_line = line_;
    t.col = t.end_col = Col(std::min(pos_, src_.size()));
    Place(t);
    out_.tokens.push_back(t);
    out_.error = std::move(err);
    return false;
  }
  // EOF where a token was expected: an unclosed bracket or a dangling backslash.
  bool FailEof(int line, int byte_col) {
    Status(SyntaxError::Type::kSyntaxError, "unexpected EOF while parsing", line,
           byte_col, -1);
    if (!brackets_.empty()) out_.error->error = out_.error->unclosed;
    return false;
  }

  bool Next();
  bool Indentation();
  bool Name(size_t start);
  bool Number(size_t start);
  bool String(size_t start, int start_line, size_t start_line_start);
  bool Operator(size_t start);

  const SourceLines& lines_;
  absl::string_view src_;
  absl::string_view filename_;
  SourceOrigin origin_;
  Arena* names_;  // where NFKC forms of names go (see Tokenize)
  TokenStream out_;

  size_t pos_ = 0;
  int line_ = 1;
  size_t line_start_ = 0;
  bool at_bol_ = true;
  bool blank_line_ = false;
  bool line_has_tokens_ = false;
  std::vector<int> indents_ = {0};
  std::vector<int> alt_indents_ = {0};
  std::vector<Bracket> brackets_;
};

bool Tokenizer::Next() {
  if (at_bol_) {
    at_bol_ = false;
    if (!Indentation()) return false;
  }
  for (;;) {
    while (Cur() == ' ' || Cur() == '\t' || Cur() == '\f') ++pos_;
    size_t start = pos_;
    int c = Cur();
    if (c == '#') {
      while (Cur() != '\n' && Cur() != kEof) ++pos_;
      continue;
    }
    if (c == kEof) {
      if (!brackets_.empty()) return FailEof(line_, 0);
      // Pieces without a final newline still end their logical line.
      if (line_has_tokens_) {
        Emit(Tok::kNewline, start, line_, line_start_);
        out_.tokens.back().end_col += 1;
        line_has_tokens_ = false;
      }
      // At EOF every open block ends: DEDENTs, then ENDMARKER, on the line after the
      // last one.
      if (pos_ > line_start_) NewLine(pos_);
      while (indents_.size() > 1) {
        indents_.pop_back();
        alt_indents_.pop_back();
        EmitEmpty(Tok::kDedent, 0);
      }
      EmitEmpty(Tok::kEndMarker, 0);
      return false;
    }
    if (c == '\n') {
      ++pos_;
      if (blank_line_ || !brackets_.empty() || !line_has_tokens_) {
        NewLine(pos_);
        if (brackets_.empty()) at_bol_ = true;
        if (at_bol_) return true;
        continue;
      }
      Emit(Tok::kNewline, start, line_, line_start_);
      NewLine(pos_);
      line_has_tokens_ = false;
      at_bol_ = true;
      return true;
    }
    if (c == '\\') {
      if (Peek(pos_ + 1) != '\n') {
        // CPython reports the byte after the one following the backslash.
        return Status(SyntaxError::Type::kSyntaxError,
                      "unexpected character after line continuation character", line_,
                      Col(pos_) + 2, 0);
      }
      int bs_line = line_;
      int bs_line_len = static_cast<int>(lines_.Line(line_).size());
      pos_ += 2;
      NewLine(pos_);
      if (Cur() == kEof) return FailEof(bs_line, bs_line_len + 1);
      continue;
    }
    line_has_tokens_ = true;
    if (IsIdentifierStart(c)) return Name(start);
    if (IsDigit(c) || (c == '.' && IsDigit(Peek(pos_ + 1)))) return Number(start);
    if (c == '\'' || c == '"') return String(start, line_, line_start_);
    return Operator(start);
  }
}

// Measures the indentation of a new line and emits INDENT/DEDENT tokens for it (not for
// blank or comment-only lines, nor inside brackets).
bool Tokenizer::Indentation() {
  int col = 0;
  int alt_col = 0;
  for (;; ++pos_) {
    int c = Cur();
    if (c == ' ') {
      ++col;
      ++alt_col;
    } else if (c == '\t') {
      col = (col / kTabSize + 1) * kTabSize;
      ++alt_col;
    } else if (c == '\f') {
      col = alt_col = 0;
    } else {
      break;
    }
  }
  int c = Cur();
  blank_line_ = c == '#' || c == '\n';
  if (blank_line_ || !brackets_.empty()) return true;
  auto tab_error = [&] {
    return Status(SyntaxError::Type::kTabError,
                  "inconsistent use of tabs and spaces in indentation", line_, 1, 0);
  };
  if (col == indents_.back()) {
    if (alt_col != alt_indents_.back()) return tab_error();
  } else if (col > indents_.back()) {
    if (static_cast<int>(indents_.size()) >= kMaxIndent) {
      return Status(SyntaxError::Type::kIndentationError,
                    "too many levels of indentation", line_, 1, 0);
    }
    if (alt_col <= alt_indents_.back()) return tab_error();
    indents_.push_back(col);
    alt_indents_.push_back(alt_col);
    Token t;
    t.kind = Tok::kIndent;
    t.line = t.end_line = line_;
    t.end_col = Col(pos_);
    Place(t);
    out_.tokens.push_back(t);
  } else {
    size_t first_dedent = out_.tokens.size();
    while (indents_.size() > 1 && col < indents_.back()) {
      indents_.pop_back();
      alt_indents_.pop_back();
      EmitEmpty(Tok::kDedent, Col(pos_));
    }
    if (col != indents_.back()) {
      out_.tokens.resize(first_dedent);
      // CPython leaves its cursor at the end of the line, newline included.
      return Status(SyntaxError::Type::kIndentationError,
                    "unindent does not match any outer indentation level", line_,
                    static_cast<int>(lines_.Line(line_).size()) + 1, -1);
    }
    if (alt_col != alt_indents_.back()) {
      out_.tokens.resize(first_dedent);
      return tab_error();
    }
  }
  return true;
}

bool Tokenizer::Name(size_t start) {
  // String prefixes: any order of one each of b/r/u/f, but not u with r/b/f or b with f.
  bool saw_b = false, saw_r = false, saw_u = false, saw_f = false;
  for (;;) {
    int c = Cur() | 0x20;  // lower case for letters
    if (!(saw_b || saw_u || saw_f) && c == 'b') {
      saw_b = true;
    } else if (!(saw_b || saw_u || saw_r || saw_f) && c == 'u') {
      saw_u = true;
    } else if (!(saw_r || saw_u) && c == 'r') {
      saw_r = true;
    } else if (!(saw_f || saw_b || saw_u) && c == 'f') {
      saw_f = true;
    } else {
      break;
    }
    ++pos_;
    if (Cur() == '"' || Cur() == '\'') return String(start, line_, line_start_);
  }
  bool ascii = true;
  while (IsIdentifierChar(Cur())) {
    if (Cur() >= 128) ascii = false;
    ++pos_;
  }
  absl::string_view text = src_.substr(start, pos_ - start);
  if (!ascii) {
    // CPython checks the whole name and reports its first bad character.
    size_t at = 0;
    while (at < text.size()) {
      size_t len = 0;
      char32_t cp = DecodeUtf8(text.substr(at), &len);
      bool ok = at == 0 ? IsIdentifierStartCodePoint(cp) : IsIdentifierCodePoint(cp);
      if (!ok) {
        pos_ = start + at + len;
        std::string hex = absl::StrFormat("%04X", static_cast<uint32_t>(cp));
        if (IsPrintableCodePoint(cp)) {
          return Raise(pos_, absl::StrCat("invalid character '",
                                          text.substr(at, len), "' (U+", hex, ")"));
        }
        return Raise(pos_, absl::StrCat("invalid non-printable character U+", hex));
      }
      at += len;
    }
  }
  Emit(KeywordKind(text), start, line_, line_start_);
  if (!ascii) {
    const std::string normal = base::NormalizeNfkc(text);
    if (normal != text) {
      if (names_ == nullptr) {
        if (out_.names == nullptr) out_.names = std::make_unique<Arena>();
        names_ = out_.names.get();
      }
      out_.tokens.back().text = names_->Copy(normal);
    }
  }
  return true;
}

bool Tokenizer::Number(size_t start) {
  NumberScan n = ScanNumber(src_, start);
  if (n.error.empty()) {
    pos_ = n.end;
    Emit(Tok::kNumber, start, line_, line_start_);
    return true;
  }
  pos_ = n.cursor;
  if (n.range_end > 0) {
    // Reported as a range of characters, from the number's start.
    int begin = CharCount(src_.substr(line_start_, start - line_start_)) + 1;
    int end = CharCount(src_.substr(line_start_, n.range_end - line_start_));
    return Fail(SyntaxError::Type::kSyntaxError, std::move(n.error), line_, begin, line_,
                end, /*raised=*/true);
  }
  return Raise(n.cursor, std::move(n.error));
}

bool Tokenizer::String(size_t start, int start_line, size_t start_line_start) {
  int quote = Cur();
  int quote_size = 1;
  int end_quote_size = 0;
  ++pos_;
  if (Cur() == quote) {
    ++pos_;
    if (Cur() == quote) {
      ++pos_;
      quote_size = 3;
    } else {
      end_quote_size = 1;  // the empty string
    }
  }
  while (end_quote_size != quote_size) {
    int c = Cur();
    if (c == kEof || (quote_size == 1 && c == '\n')) {
      // Reported at the opening quote (the prefix, if any), naming the line reached.
      // At EOF CPython counts the lines it has read: a final newline starts none.
      int detected = (c == kEof && pos_ == line_start_) ? line_ - 1 : line_;
      detected += origin_.first_line - 1;
      line_ = start_line;
      line_start_ = start_line_start;
      return Raise(start + 1,
                   absl::StrCat(quote_size == 3 ? "unterminated triple-quoted string "
                                                  "literal (detected at line "
                                                : "unterminated string literal "
                                                  "(detected at line ",
                                detected, ")"));
    }
    ++pos_;
    if (c == quote) {
      ++end_quote_size;
    } else {
      end_quote_size = 0;
      if (c == '\\' && Cur() != kEof) {
        if (Cur() == '\n') NewLine(pos_ + 1);
        ++pos_;
      } else if (c == '\n') {
        NewLine(pos_);
      }
    }
  }
  Emit(Tok::kString, start, start_line, start_line_start);
  return true;
}

bool Tokenizer::Operator(size_t start) {
  int c = Cur();
  int c2 = Peek(pos_ + 1);
  int c3 = Peek(pos_ + 2);
  Tok kind = Tok::kUnknownChar;
  int len = 1;
  auto two = [&](Tok t) { kind = t; len = 2; };
  auto three = [&](Tok t) { kind = t; len = 3; };
  switch (c) {
    case '(': case '[': case '{': {
      if (static_cast<int>(brackets_.size()) >= kMaxLevel) {
        return Raise(pos_ + 1, "too many nested parentheses");
      }
      brackets_.push_back({static_cast<char>(c), line_, Col(pos_)});
      ++pos_;
      Emit(c == '(' ? Tok::kLPar : c == '[' ? Tok::kLSqb : Tok::kLBrace, start, line_,
           line_start_);
      return true;
    }
    case ')': case ']': case '}': {
      if (brackets_.empty()) {
        return Raise(pos_ + 1, absl::StrFormat("unmatched '%c'", c));
      }
      Bracket open = brackets_.back();
      if (ClosingFor(open.c) != c) {
        int open_line = open.line + origin_.first_line - 1;
        if (open.line != line_) {
          return Raise(pos_ + 1, absl::StrFormat("closing parenthesis '%c' does not match "
                                                 "opening parenthesis '%c' on line %d",
                                                 c, open.c, open_line));
        }
        return Raise(pos_ + 1, absl::StrFormat("closing parenthesis '%c' does not match "
                                               "opening parenthesis '%c'", c, open.c));
      }
      brackets_.pop_back();
      ++pos_;
      Emit(c == ')' ? Tok::kRPar : c == ']' ? Tok::kRSqb : Tok::kRBrace, start, line_,
           line_start_);
      return true;
    }
    case ':': kind = Tok::kColon; if (c2 == '=') two(Tok::kColonEqual); break;
    case ',': kind = Tok::kComma; break;
    case ';': kind = Tok::kSemi; break;
    case '~': kind = Tok::kTilde; break;
    case '+': kind = Tok::kPlus; if (c2 == '=') two(Tok::kPlusEqual); break;
    case '-':
      kind = Tok::kMinus;
      if (c2 == '=') two(Tok::kMinEqual);
      if (c2 == '>') two(Tok::kRArrow);
      break;
    case '*':
      kind = Tok::kStar;
      if (c2 == '=') two(Tok::kStarEqual);
      if (c2 == '*') {
        two(Tok::kDoubleStar);
        if (c3 == '=') three(Tok::kDoubleStarEqual);
      }
      break;
    case '/':
      kind = Tok::kSlash;
      if (c2 == '=') two(Tok::kSlashEqual);
      if (c2 == '/') {
        two(Tok::kDoubleSlash);
        if (c3 == '=') three(Tok::kDoubleSlashEqual);
      }
      break;
    case '|': kind = Tok::kVBar; if (c2 == '=') two(Tok::kVBarEqual); break;
    case '&': kind = Tok::kAmper; if (c2 == '=') two(Tok::kAmperEqual); break;
    case '^': kind = Tok::kCircumflex; if (c2 == '=') two(Tok::kCircumflexEqual); break;
    case '%': kind = Tok::kPercent; if (c2 == '=') two(Tok::kPercentEqual); break;
    case '@': kind = Tok::kAt; if (c2 == '=') two(Tok::kAtEqual); break;
    case '=': kind = Tok::kEqual; if (c2 == '=') two(Tok::kEqEqual); break;
    case '!': if (c2 == '=') two(Tok::kNotEqual); break;
    case '<':
      kind = Tok::kLess;
      if (c2 == '=') two(Tok::kLessEqual);
      if (c2 == '<') {
        two(Tok::kLeftShift);
        if (c3 == '=') three(Tok::kLeftShiftEqual);
      }
      break;
    case '>':
      kind = Tok::kGreater;
      if (c2 == '=') two(Tok::kGreaterEqual);
      if (c2 == '>') {
        two(Tok::kRightShift);
        if (c3 == '=') three(Tok::kRightShiftEqual);
      }
      break;
    case '.':
      kind = Tok::kDot;
      if (c2 == '.' && c3 == '.') three(Tok::kEllipsis);
      break;
    default:
      if (c < 32 || c == 127) {
        return Raise(pos_ + 1,
                     absl::StrFormat("invalid non-printable character U+%04X", c));
      }
      break;
  }
  pos_ += len;
  Emit(kind, start, line_, line_start_);
  return true;
}

}  // namespace

TokenStream Tokenize(const SourceLines& lines, absl::string_view filename,
                     SourceOrigin origin, Arena* names) {
  return Tokenizer(lines, filename, origin, names).Run();
}

}  // namespace wick::lang::internal
