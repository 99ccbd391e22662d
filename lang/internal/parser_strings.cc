// String literals: implicit concatenation, escapes, bytes, and f-strings, following
// CPython 3.11's string_parser.c (f-strings are one STRING token each, split here into
// literal parts and replacement fields; each field's expression is tokenized and parsed
// on its own from "(" + expr + ")", with its tokens moved to where it sits in the file).
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "lang/internal/literals.h"
#include "lang/internal/parser.h"

namespace wick::lang::internal {
namespace {

struct StringToken {
  bool raw = false;
  bool bytes = false;
  bool fstring = false;
  size_t body_begin = 0;  // offsets into the token text
  size_t body_end = 0;
};

StringToken AnalyzeString(absl::string_view text) {
  StringToken s;
  size_t i = 0;
  while (text[i] != '\'' && text[i] != '"') {
    char c = text[i] | 0x20;
    s.raw |= c == 'r';
    s.bytes |= c == 'b';
    s.fstring |= c == 'f';
    ++i;
  }
  size_t quote = (text.size() - i >= 6 && text[i + 1] == text[i] && text[i + 2] == text[i])
                     ? 3
                     : 1;
  s.body_begin = i + quote;
  s.body_end = text.size() - quote;
  return s;
}

SourceRange TokenRange(const Token& t) { return {t.line, t.col, t.end_line, t.end_col}; }

bool IsFieldSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\f'; }

}  // namespace

// Errors in string literals are raised whenever CPython's `strings` rule runs, in
// either of its passes.
std::nullptr_t Parser::StringError(std::string message) {
  if (!failed()) first_pass_error_ = true;
  return RaiseAtLast(std::move(message));
}

struct Parser::FStringState {
  SourceRange whole;  // all concatenated tokens: CPython's first_token..last_token
  std::vector<Expr*> values;
  std::string literal;  // pending literal text
};

// strings -> STRING+
Expr* Parser::Strings() {
  size_t start = pos_;
  std::vector<size_t> toks;
  while (At(Tok::kString)) {
    toks.push_back(pos_);
    Advance();
  }
  Peek();  // CPython's STRING+ fetched the token after the strings, too.
  if (failed()) return nullptr;
  FStringState st;
  st.whole = Span(start);
  bool fmode = false;
  bool bytes_mode = false;
  std::string piece, error;
  for (size_t n = 0; n < toks.size(); ++n) {
    const Token& t = tokens_[toks[n]];
    StringToken s = AnalyzeString(t.text);
    absl::string_view body = t.text.substr(s.body_begin, s.body_end - s.body_begin);
    // _PyPegen_parsestr: plain literals are decoded first...
    if (!s.fstring) {
      if (s.bytes) {
        for (char c : body) {
          if (static_cast<unsigned char>(c) >= 0x80) {
            return StringError("bytes can only contain ASCII literal characters");
          }
        }
      }
      if (s.raw) {
        piece.assign(body.data(), body.size());
      } else if (!DecodeEscapes(body, s.bytes, &piece, &error)) {
        return StringError(error);
      }
    }
    // ...then mixing is checked...
    if (n != 0 && s.bytes != bytes_mode) {
      return StringError("cannot mix bytes and nonbytes literals");
    }
    bytes_mode = s.bytes;
    // ...then f-strings are parsed.
    if (s.fstring) {
      fmode = true;
      size_t i = s.body_begin;
      if (!FStringParse(&st, t, &i, s.body_end, s.raw, 0)) return nullptr;
    } else {
      st.literal += piece;
    }
  }
  if (!fmode) {
    Constant* c = New<Constant>(st.whole);
    c->value_kind = bytes_mode ? ConstantKind::kBytes : ConstantKind::kStr;
    c->str_value = Intern(st.literal);
    return c;
  }
  if (!st.literal.empty()) {
    Constant* c = New<Constant>(st.whole);
    c->value_kind = ConstantKind::kStr;
    c->str_value = Intern(st.literal);
    st.values.push_back(c);
  }
  JoinedStr* j = New<JoinedStr>(st.whole);
  j->values = MakeList(st.values);
  return j;
}

// fstring_parse -> (fstring_find_literal fstring_find_expr?)*
bool Parser::FStringParse(FStringState* st, const Token& t, size_t* i, size_t end,
                          bool raw, int recurse_lvl) {
  absl::string_view text = t.text;
  std::string decoded, error;
  for (;;) {
    // fstring_find_literal: up to a '{' or '}'; "{{" and "}}" stand for one brace at
    // the top level only (a format spec's "}}" closes two fields).
    size_t lit_start = *i;
    size_t lit_end = end;
    bool doubled = false;
    while (*i < end) {
      char ch = text[(*i)++];
      if (!raw && ch == '\\' && *i < end) {
        ch = text[(*i)++];
        if (ch == 'N') {
          // Skip "\N{name}" so its brace does not start a field.
          if (*i < end && text[(*i)++] == '{') {
            while (*i < end && text[(*i)++] != '}') {
            }
          }
          continue;
        }
      }
      if (ch == '{' || ch == '}') {
        if (recurse_lvl == 0) {
          if (*i < end && text[*i] == ch) {
            lit_end = *i;
            ++*i;
            doubled = true;
            break;
          }
          if (ch == '}') return StringError("f-string: single '}' is not allowed"), false;
        }
        --*i;
        break;
      }
    }
    if (!doubled) lit_end = *i;
    if (lit_end > lit_start) {
      absl::string_view lit = text.substr(lit_start, lit_end - lit_start);
      if (raw) {
        st->literal.append(lit.data(), lit.size());
      } else {
        if (!DecodeEscapes(lit, /*bytes=*/false, &decoded, &error)) {
          return StringError(error), false;
        }
        st->literal += decoded;
      }
    }
    if (doubled) continue;
    if (*i >= end || text[*i] == '}') break;
    if (!FStringField(st, t, i, end, raw, recurse_lvl)) return false;
  }
  if (recurse_lvl != 0 && (*i >= end || text[*i] != '}')) {
    return StringError("f-string: expecting '}'"), false;
  }
  return true;
}

// fstring_find_expr: '{' expression ['='] ['!' conversion] [':' format_spec] '}'
bool Parser::FStringField(FStringState* st, const Token& t, size_t* i, size_t end,
                          bool raw, int recurse_lvl) {
  absl::string_view text = t.text;
  if (recurse_lvl >= 2) return StringError("f-string: expressions nested too deeply"), false;
  ++*i;
  size_t expr_start = *i;
  char quote_char = 0;
  int string_type = 0;
  std::vector<char> parens;
  for (; *i < end; ++*i) {
    char ch = text[*i];
    if (ch == '\\') {
      return StringError("f-string expression part cannot include a backslash"), false;
    }
    if (quote_char != 0) {
      // Inside a string in the expression: look for its end only.
      if (ch == quote_char) {
        if (string_type == 3) {
          if (*i + 2 < end && text[*i + 1] == ch && text[*i + 2] == ch) {
            *i += 2;
            quote_char = 0;
            string_type = 0;
          }
        } else {
          quote_char = 0;
          string_type = 0;
        }
      }
      continue;
    }
    if (ch == '\'' || ch == '"') {
      if (*i + 2 < end && text[*i + 1] == ch && text[*i + 2] == ch) {
        string_type = 3;
        *i += 2;
      } else {
        string_type = 1;
      }
      quote_char = ch;
    } else if (ch == '[' || ch == '{' || ch == '(') {
      if (parens.size() >= 200) {
        return StringError("f-string: too many nested parenthesis"), false;
      }
      parens.push_back(ch);
    } else if (ch == '#') {
      return StringError("f-string expression part cannot include '#'"), false;
    } else if (parens.empty() &&
               (ch == '!' || ch == ':' || ch == '}' || ch == '=' || ch == '>' ||
                ch == '<')) {
      // Two-character operators do not end the expression; nor do lone '<' and '>'.
      if (*i + 1 < end) {
        char next = text[*i + 1];
        if (next == '=' && (ch == '!' || ch == '=' || ch == '<' || ch == '>')) {
          ++*i;
          continue;
        }
      }
      if (ch == '>' || ch == '<') continue;
      break;
    } else if (ch == ']' || ch == '}' || ch == ')') {
      if (parens.empty()) {
        return StringError(absl::StrFormat("f-string: unmatched '%c'", ch)), false;
      }
      char opening = parens.back();
      parens.pop_back();
      if (!((opening == '(' && ch == ')') || (opening == '[' && ch == ']') ||
            (opening == '{' && ch == '}'))) {
        return StringError(absl::StrFormat("f-string: closing parenthesis '%c' does not "
                                           "match opening parenthesis '%c'",
                                           ch, opening)),
               false;
      }
    }
  }
  size_t expr_end = *i;
  if (quote_char != 0) return StringError("f-string: unterminated string"), false;
  if (!parens.empty()) {
    return StringError(absl::StrFormat("f-string: unmatched '%c'", parens.back())), false;
  }
  auto expecting = [&] { return StringError("f-string: expecting '}'"), false; };
  if (*i >= end) return expecting();

  Expr* value = FStringExpression(t, expr_start, expr_end);
  if (value == nullptr) return false;

  // `{x=}`: the expression's text (with the '=' and the spaces after it) is printed.
  absl::string_view debug_text;
  if (text[*i] == '=') {
    ++*i;
    while (*i < end && (IsFieldSpace(text[*i]) || text[*i] == '\r' || text[*i] == '\v')) {
      ++*i;
    }
    if (*i >= end) return expecting();
    debug_text = text.substr(expr_start, *i - expr_start);
  }
  int conversion = -1;
  if (text[*i] == '!') {
    ++*i;
    if (*i >= end) return expecting();
    conversion = static_cast<unsigned char>(text[(*i)++]);
    if (conversion != 's' && conversion != 'r' && conversion != 'a') {
      return StringError("f-string: invalid conversion character: expected 's', 'r', "
                         "or 'a'"),
             false;
    }
  }
  Expr* format_spec = nullptr;
  if (*i < end && text[*i] == ':') {
    ++*i;
    if (*i >= end) return expecting();
    FStringState spec;
    spec.whole = st->whole;
    if (!FStringParse(&spec, t, i, end, raw, recurse_lvl + 1)) return false;
    // A format spec's trailing literal is placed at its own token, the rest at all of
    // them (string_parser.c's first_token/last_token arguments).
    if (!spec.literal.empty()) {
      Constant* c = New<Constant>(TokenRange(t));
      c->value_kind = ConstantKind::kStr;
      c->str_value = Intern(spec.literal);
      spec.values.push_back(c);
    }
    JoinedStr* j = New<JoinedStr>(TokenRange(t));
    j->values = MakeList(spec.values);
    format_spec = j;
  }
  if (*i >= end || text[*i] != '}') return expecting();
  ++*i;
  if (!debug_text.empty() && format_spec == nullptr && conversion == -1) conversion = 'r';

  st->literal.append(debug_text.data(), debug_text.size());
  if (!st->literal.empty()) {
    Constant* c = New<Constant>(st->whole);
    c->value_kind = ConstantKind::kStr;
    c->str_value = Intern(st->literal);
    st->values.push_back(c);
    st->literal.clear();
  }
  FormattedValue* fv = New<FormattedValue>(st->whole);
  fv->value = value;
  fv->conversion = conversion;
  fv->format_spec = format_spec;
  st->values.push_back(fv);
  return true;
}

// fstring_compile_expr
Expr* Parser::FStringExpression(const Token& t, size_t begin, size_t end) {
  absl::string_view text = t.text;
  size_t s = begin;
  while (s < end && IsFieldSpace(text[s])) ++s;
  if (s == end) {
    char c = text[end];
    if (c == '!' || c == ':' || c == '=') {
      return StringError(absl::StrFormat("f-string: expression required before '%c'", c));
    }
    return StringError("f-string: empty expression not allowed");
  }
  // Where the '{' sits: its tokens' columns are shifted by its column, unless only
  // whitespace separates it from a newline (then by the token's column on the token's
  // first line, by nothing on later ones), as fstring_find_expr_location does.
  size_t brace = begin - 1;
  int lines = 0;
  size_t line_begin = 0;
  for (size_t k = 0; k < brace; ++k) {
    if (text[k] == '\n') {
      ++lines;
      line_begin = k + 1;
    }
  }
  bool newline_after_brace = true;
  for (size_t k = begin; k < text.size() && text[k] != '}' && text[k] != '\n'; ++k) {
    if (text[k] != ' ' && text[k] != '\t' && text[k] != '\f') {
      newline_after_brace = false;
      break;
    }
  }
  int cols = newline_after_brace ? 0 : static_cast<int>(brace - line_begin);
  SourceOrigin origin;
  origin.first_line = t.line + lines;
  origin.first_col_shift = (lines == 0 ? t.col : 0) + cols;

  absl::string_view source =
      Intern(absl::StrCat("(", text.substr(begin, end - begin), ")"));
  SourceLines piece_lines(source);
  TokenStream stream =
      Tokenize(piece_lines, module_->filename ? *module_->filename : "", origin,
               &module_->arena);
  FStringPiece piece{&piece_lines, origin};
  Parser sub(module_, file_lines_, stream, &piece, depth_ + 1);
  Expr* e = sub.ParseFStringExpression();
  if (e == nullptr && error_kind_ != ErrorKind::kTokenizer) {
    error_ = sub.error();
    error_kind_ = ErrorKind::kSpecific;
  }
  return e;
}

}  // namespace wick::lang::internal
