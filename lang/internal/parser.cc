// The parser's core: token access, speculation, and how errors are located and chosen
// (CPython's pegen_errors.c: which token an error points at, "invalid syntax" at the
// furthest token, and tokenizer errors taking precedence).
#include "lang/internal/parser.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"

namespace wick::lang::internal {

Parser::Parser(Module* module, const SourceLines& file_lines, const TokenStream& tokens,
               const FStringPiece* piece, int depth)
    : module_(module),
      file_lines_(file_lines),
      tokens_(tokens.tokens),
      stream_(tokens),
      piece_(piece),
      depth_(depth) {}

// --- Tokens ------------------------------------------------------------------------

void Parser::Fetch(size_t i) {
  fetched_ = i;
  if (tokens_[i].kind == Tok::kError && error_kind_ != ErrorKind::kTokenizer) {
    error_kind_ = ErrorKind::kTokenizer;
    error_ = stream_.error->error;
  }
}

bool Parser::AtSoftKeyword(absl::string_view word) {
  const Token& t = Peek();
  return t.kind == Tok::kName && t.text == word;
}

const Token& Parser::Advance() {
  const Token& t = Peek();
  if (t.kind != Tok::kNewline && t.kind != Tok::kIndent && t.kind != Tok::kDedent &&
      t.kind != Tok::kError) {
    last_ = pos_;
  }
  if (pos_ + 1 < tokens_.size() && t.kind != Tok::kError) ++pos_;
  return t;
}

bool Parser::Accept(internal::Tok t) {
  if (!At(t)) return false;
  Advance();
  return true;
}

bool Parser::Expect(internal::Tok t) {
  if (Accept(t)) return true;
  Fail();
  return false;
}

bool Parser::ExpectForced(internal::Tok t, absl::string_view text) {
  if (Accept(t)) return true;
  const Token& at = Peek();
  if (!failed()) first_pass_error_ = true;
  RaiseError(SyntaxError::Type::kSyntaxError, absl::StrCat("expected '", text, "'"),
             at.line, at.col + 1, at.end_line, at.end_col + 1, ErrorKind::kSpecific);
  return false;
}

SourceRange Parser::Span(size_t start) const {
  const Token& a = tokens_[start];
  const Token& b = tokens_[std::max(last_, start)];
  return {a.line, a.col, b.end_line, b.end_col};
}

void Parser::Rewind(const Mark& m) {
  pos_ = m.pos;
  last_ = m.last;
  if (error_kind_ == ErrorKind::kGeneric) {
    error_kind_ = m.error_kind;
    if (error_kind_ == ErrorKind::kNone) error_.reset();
  }
}

// --- Errors ------------------------------------------------------------------------

std::nullptr_t Parser::Fail() {
  if (error_kind_ == ErrorKind::kNone) error_kind_ = ErrorKind::kGeneric;
  return nullptr;
}

std::nullptr_t Parser::RaiseAtToken(const Token& t, std::string message,
                                    SyntaxError::Type type) {
  if (t.kind == Tok::kIndent || t.kind == Tok::kDedent || t.kind == Tok::kEndMarker) {
    // CPython gives these tokens no column and reports where its tokenizer's cursor is:
    // after the indentation, or (at EOF) at the start of the last line.
    if (t.line > file_lines_.count()) {
      RaiseError(type, std::move(message), file_lines_.count(), 0, file_lines_.count(),
                 -1, ErrorKind::kSpecific);
    } else {
      RaiseError(type, std::move(message), t.line, t.end_col, t.line, -1,
                 ErrorKind::kSpecific);
    }
    return nullptr;
  }
  RaiseError(type, std::move(message), t.line, t.col + 1, t.end_line, t.end_col + 1,
             ErrorKind::kSpecific);
  return nullptr;
}

std::nullptr_t Parser::RaiseAtLast(std::string message, SyntaxError::Type type) {
  return RaiseAtToken(tokens_[fetched_], std::move(message), type);
}

std::nullptr_t Parser::RaiseAt(const SourceRange& loc, std::string message) {
  RaiseError(SyntaxError::Type::kSyntaxError, std::move(message), loc.line, loc.col + 1,
             loc.end_line, loc.end_col + 1, ErrorKind::kSpecific);
  return nullptr;
}

std::nullptr_t Parser::RaiseRange(const SourceRange& from, const SourceRange& to,
                                  std::string message) {
  return RaiseAt(Span(from, to), std::move(message));
}

std::nullptr_t Parser::RaiseStartingFrom(const SourceRange& loc, std::string message) {
  // The end is CPython's tokenizer cursor: the end of the last token it read.
  const Token& t = tokens_[fetched_];
  RaiseError(SyntaxError::Type::kSyntaxError, std::move(message), loc.line, loc.col + 1,
             t.end_line, t.end_col, ErrorKind::kSpecific);
  return nullptr;
}

std::nullptr_t Parser::Unsupported(const Token& t, absl::string_view what) {
  if (!failed()) first_pass_error_ = true;
  return RaiseAtToken(t, absl::StrCat(what, " not supported by wick"));
}

void Parser::RaiseError(SyntaxError::Type type, std::string message, int line, int col,
                        int end_line, int end_col, ErrorKind kind) {
  // Precedence: tokenizer errors > specific parser errors > generic ones.
  if (error_kind_ == ErrorKind::kTokenizer) return;
  if (error_kind_ == ErrorKind::kSpecific && kind != ErrorKind::kTokenizer) return;
  if (error_kind_ == ErrorKind::kGeneric && kind == ErrorKind::kGeneric && error_) return;
  if (piece_ != nullptr) {
    // CPython parses a replacement field from "(expr)" and quotes that text, with
    // columns relative to it (its lines are still the file's).
    int line_delta = piece_->origin.first_line - 1;
    error_ = MakeError(*piece_->lines, module_->filename ? *module_->filename : "", type,
                       absl::StrCat("f-string: ", message), line - line_delta,
                       col - piece_->origin.first_col_shift, end_line - line_delta,
                       end_col - piece_->origin.first_col_shift);
    error_->line = line;
    error_->end_line = end_line;
  } else {
    error_ = MakeError(file_lines_, module_->filename ? *module_->filename : "", type,
                       std::move(message), line, col, end_line, end_col);
  }
  error_kind_ = kind;
}

void Parser::FinishError() {
  if (error_kind_ == ErrorKind::kTokenizer) return;
  // CPython's second pass re-parses from the top with its invalid_* rules, and
  // invalid_match_stmt matches a valid `match(x)` statement too: an earlier one wins
  // over the real error, reported at the last token the first pass read.
  size_t last_fetched = fetched_;
  if (match_missing_colon_ && !first_pass_error_) {
    error_kind_ = ErrorKind::kNone;
    error_.reset();
    RaiseAtToken(tokens_[furthest_], "expected ':'");
    last_fetched = furthest_;  // raised before the second pass read further
  }
  if (error_kind_ == ErrorKind::kGeneric && !error_) {
    // _PyPegen_set_syntax_error: where the plain parse got furthest.
    const Token& t = tokens_[furthest_];
    if (t.kind == Tok::kIndent || t.kind == Tok::kDedent) {
      error_kind_ = ErrorKind::kNone;
      RaiseAtToken(t, t.kind == Tok::kIndent ? "unexpected indent" : "unexpected unindent",
                   SyntaxError::Type::kIndentationError);
      return;
    }
    error_kind_ = ErrorKind::kNone;
    if (t.kind == Tok::kEndMarker) {
      // ENDMARKER has no column; CPython puts it on the last line.
      int line = std::min(t.line, file_lines_.count());
      RaiseError(SyntaxError::Type::kSyntaxError, "invalid syntax", line, 0, line, 0,
                 ErrorKind::kGeneric);
    } else {
      RaiseError(SyntaxError::Type::kSyntaxError, "invalid syntax", t.line, t.col + 1,
                 t.end_line, t.end_col + 1, ErrorKind::kGeneric);
    }
  }
  // _PyPegen_tokenize_full_source_to_check_for_errors: a tokenizer error later in the
  // file replaces the parser's, and so does a bracket left open on an earlier line.
  if (stream_.error) {
    if (stream_.error->raised) {
      error_ = stream_.error->error;
    } else if (stream_.error->open_bracket_line > 0 &&
               tokens_[last_fetched].line > stream_.error->open_bracket_line) {
      error_ = stream_.error->unclosed;
    }
  }
}

// --- Entry points ------------------------------------------------------------------

// file -> [statements] ENDMARKER
bool Parser::ParseFile(std::vector<Stmt*>* body) {
  if (Statements(body) && (At(Tok::kEndMarker) || (Fail(), false))) return true;
  if (!failed()) Fail();
  FinishError();
  return false;
}

// fstring -> star_expressions
Expr* Parser::ParseFStringExpression() {
  Expr* e = StarExpressions();
  if (e == nullptr) {
    if (!failed()) Fail();
    FinishError();
  }
  return e;
}

}  // namespace wick::lang::internal
