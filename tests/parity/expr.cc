// Recursive-descent parser for the case language, straight from characters (the
// language is small enough that a separate token stream would only add code).
#include "tests/parity/expr.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>

#include "absl/strings/str_cat.h"
#include "base/status_macros.h"

namespace wick::parity {

std::string Expr::DottedName() const {
  if (kind == Kind::kName) return text;
  if (kind == Kind::kAttr && target) {
    std::string base = target->DottedName();
    if (!base.empty()) return absl::StrCat(base, ".", text);
  }
  return "";
}

absl::string_view StripComment(absl::string_view line) {
  char quote = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quote != 0) {
      if (c == '\\')
        ++i;
      else if (c == quote)
        quote = 0;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '#') {
      return line.substr(0, i);
    }
  }
  return line;
}

namespace {

class Parser {
 public:
  explicit Parser(absl::string_view s) : s_(s) {}

  // case -> expr (';' expr)* [';']
  absl::StatusOr<std::vector<ExprPtr>> Case() {
    std::vector<ExprPtr> out;
    while (true) {
      ASSIGN_OR_RETURN(ExprPtr e, Expression());
      out.push_back(std::move(e));
      SkipSpace();
      if (AtEnd()) break;
      if (!Accept(';')) return Error("expected ';' or end of line");
      SkipSpace();
      if (AtEnd()) break;
    }
    return out;
  }

 private:
  // expr -> primary ('.' NAME | '(' arglist ')')*
  absl::StatusOr<ExprPtr> Expression() {
    ASSIGN_OR_RETURN(ExprPtr e, Primary());
    while (true) {
      SkipSpace();
      if (Peek() == '.') {
        ++pos_;
        SkipSpace();
        const int col = Column();
        std::string name = Name();
        if (name.empty()) return Error("expected an attribute name after '.'");
        auto attr = Make(Expr::Kind::kAttr, col);
        attr->text = std::move(name);
        attr->target = std::move(e);
        e = std::move(attr);
      } else if (Peek() == '(') {
        const int col = Column();
        ++pos_;
        auto call = Make(Expr::Kind::kCall, col);
        call->target = std::move(e);
        RETURN_IF_ERROR(ArgList(call.get()));
        e = std::move(call);
      } else {
        return e;
      }
    }
  }

  // arglist -> [arg (',' arg)* [',']] ')'      arg -> NAME '=' expr | expr
  absl::Status ArgList(Expr* call) {
    while (true) {
      SkipSpace();
      if (Accept(')')) return absl::OkStatus();
      const size_t start = pos_;
      std::string name = Name();
      SkipSpace();
      if (!name.empty() && Peek() == '=' && PeekAt(1) != '=') {
        ++pos_;
        ASSIGN_OR_RETURN(ExprPtr v, Expression());
        call->kwargs.emplace_back(std::move(name), std::move(v));
      } else {
        pos_ = start;
        if (!call->kwargs.empty()) return Error("positional argument follows keyword argument");
        ASSIGN_OR_RETURN(ExprPtr v, Expression());
        call->items.push_back(std::move(v));
      }
      SkipSpace();
      if (Accept(',')) continue;
      if (Accept(')')) return absl::OkStatus();
      return Error("expected ',' or ')' in argument list");
    }
  }

  // primary -> NUMBER | STRING | NAME | '-' (NUMBER | 'inf') | list | tuple | '(' expr ')'
  absl::StatusOr<ExprPtr> Primary() {
    SkipSpace();
    const int col = Column();
    const char c = Peek();
    if (c == '-' || c == '+') {
      ++pos_;
      ASSIGN_OR_RETURN(ExprPtr e, Primary());
      const bool neg = c == '-';
      if (e->kind == Expr::Kind::kInt) {
        if (neg) e->i = -e->i;
      } else if (e->kind == Expr::Kind::kFloat) {
        if (neg) e->f = -e->f;
      } else {
        return ErrorAt(col, "unary +/- applies to number literals only (no operators)");
      }
      return e;
    }
    if (std::isdigit(static_cast<unsigned char>(c)) ||
        (c == '.' && std::isdigit(static_cast<unsigned char>(PeekAt(1))))) {
      return Number();
    }
    if (c == '\'' || c == '"') return String();
    if (c == '[') {
      ++pos_;
      auto list = Make(Expr::Kind::kList, col);
      RETURN_IF_ERROR(Items(']', list.get(), nullptr));
      return list;
    }
    if (c == '(') {
      ++pos_;
      auto tuple = Make(Expr::Kind::kTuple, col);
      bool trailing_comma = false;
      RETURN_IF_ERROR(Items(')', tuple.get(), &trailing_comma));
      if (tuple->items.size() == 1 && !trailing_comma) return std::move(tuple->items[0]);
      return tuple;
    }
    std::string name = Name();
    if (name.empty()) {
      return AtEnd() ? Error("unexpected end of line")
                     : Error(absl::StrCat("unexpected '", std::string(1, c), "'"));
    }
    if (name == "True" || name == "False") {
      auto e = Make(Expr::Kind::kBool, col);
      e->b = name == "True";
      return e;
    }
    if (name == "None") return Make(Expr::Kind::kNone, col);
    if (name == "inf" || name == "nan") {
      auto e = Make(Expr::Kind::kFloat, col);
      e->f = name == "inf" ? INFINITY : NAN;
      return e;
    }
    auto e = Make(Expr::Kind::kName, col);
    e->text = std::move(name);
    return e;
  }

  // items -> [expr (',' expr)* [',']] close
  absl::Status Items(char close, Expr* into, bool* trailing_comma) {
    while (true) {
      SkipSpace();
      if (Accept(close)) return absl::OkStatus();
      ASSIGN_OR_RETURN(ExprPtr e, Expression());
      into->items.push_back(std::move(e));
      SkipSpace();
      if (Accept(',')) {
        if (trailing_comma) *trailing_comma = true;
        continue;
      }
      if (trailing_comma) *trailing_comma = false;
      if (Accept(close)) return absl::OkStatus();
      return Error(absl::StrCat("expected ',' or '", std::string(1, close), "'"));
    }
  }

  absl::StatusOr<ExprPtr> Number() {
    const int col = Column();
    const size_t start = pos_;
    bool is_float = false;
    while (std::isdigit(static_cast<unsigned char>(Peek()))) ++pos_;
    if (Peek() == '.') {
      is_float = true;
      ++pos_;
      while (std::isdigit(static_cast<unsigned char>(Peek()))) ++pos_;
    }
    if (Peek() == 'e' || Peek() == 'E') {
      is_float = true;
      ++pos_;
      if (Peek() == '+' || Peek() == '-') ++pos_;
      if (!std::isdigit(static_cast<unsigned char>(Peek()))) return Error("malformed exponent");
      while (std::isdigit(static_cast<unsigned char>(Peek()))) ++pos_;
    }
    if (std::isalpha(static_cast<unsigned char>(Peek())) || Peek() == '_') {
      return Error("invalid number literal");
    }
    const std::string text(s_.substr(start, pos_ - start));
    if (is_float) {
      auto e = Make(Expr::Kind::kFloat, col);
      e->f = std::strtod(text.c_str(), nullptr);  // Correctly rounded, like Python.
      return e;
    }
    auto e = Make(Expr::Kind::kInt, col);
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), e->i);
    if (ec != std::errc()) return ErrorAt(col, "integer literal out of int64 range");
    return e;
  }

  absl::StatusOr<ExprPtr> String() {
    const int col = Column();
    auto e = Make(Expr::Kind::kString, col);
    const char quote = s_[pos_++];
    while (!AtEnd() && Peek() != quote) {
      char c = s_[pos_++];
      if (c == '\\' && !AtEnd()) {
        const char n = s_[pos_++];
        c = n == 'n' ? '\n' : n == 't' ? '\t' : n;
      }
      e->text.push_back(c);
    }
    if (!Accept(quote)) return ErrorAt(col, "unterminated string literal");
    return e;
  }

  std::string Name() {
    const size_t start = pos_;
    if (!AtEnd() && (std::isalpha(static_cast<unsigned char>(Peek())) || Peek() == '_')) {
      while (!AtEnd() && (std::isalnum(static_cast<unsigned char>(Peek())) || Peek() == '_')) {
        ++pos_;
      }
    }
    return std::string(s_.substr(start, pos_ - start));
  }

  ExprPtr Make(Expr::Kind kind, int col) {
    auto e = std::make_unique<Expr>();
    e->kind = kind;
    e->column = col;
    return e;
  }
  void SkipSpace() {
    while (!AtEnd() && std::isspace(static_cast<unsigned char>(Peek()))) ++pos_;
  }
  bool AtEnd() const { return pos_ >= s_.size(); }
  char Peek() const { return AtEnd() ? '\0' : s_[pos_]; }
  char PeekAt(size_t k) const { return pos_ + k < s_.size() ? s_[pos_ + k] : '\0'; }
  bool Accept(char c) {
    if (Peek() != c || AtEnd()) return false;
    ++pos_;
    return true;
  }
  int Column() const { return static_cast<int>(pos_) + 1; }
  absl::Status Error(absl::string_view msg) const { return ErrorAt(Column(), msg); }
  absl::Status ErrorAt(int col, absl::string_view msg) const {
    return absl::InvalidArgumentError(absl::StrCat("column ", col, ": ", msg));
  }

  absl::string_view s_;
  size_t pos_ = 0;
};

}  // namespace

absl::StatusOr<std::vector<ExprPtr>> ParseCase(absl::string_view line) {
  return Parser(line).Case();
}

}  // namespace wick::parity
