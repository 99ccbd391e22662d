// Emulations of CPython 3.11's invalid_expression, invalid_legacy_expression and
// invalid_named_expression rules: lookaheads, run where an expression could be followed
// by what makes CPython's second pass report "Perhaps you forgot a comma?", "Missing
// parentheses in call to 'print'" or "Maybe you meant '==' ...".
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "lang/internal/parser.h"

namespace wick::lang::internal {
namespace {

// CPython's SOFT_KEYWORD test compares only the name's length of each soft keyword
// (strncmp), so any prefix of "_", "case" or "match" counts: `[c f]` gets no "forgot
// a comma" hint.
bool IsSoftKeyword(absl::string_view name) {
  for (absl::string_view keyword : {"_", "case", "match"}) {
    if (!name.empty() && absl::StartsWith(keyword, name)) return true;
  }
  return false;
}

}  // namespace

// invalid_named_expression:
//     | a=NAME '=' b=bitwise_or !('='|':=')
//     | !(list|tuple|genexp|'True'|'None'|'False') a=bitwise_or b='=' bitwise_or
//       !('='|':=')
bool Parser::CheckAssignmentInExpression(size_t start, Expr* a, bool allow_name) {
  if (!CheckInvalid() || !At(Tok::kEqual)) return false;
  bool is_name = tokens_[start].kind == Tok::kName && pos_ == start + 1;
  if (is_name && !allow_name) return false;
  Mark m = Save();
  ++speculating_;
  ++no_invalid_;
  bool match = false;
  SourceRange b_loc;
  size_t equal = pos_;
  if (!is_name) {
    // `a` must be a whole bitwise_or, not starting with a display or singleton.
    pos_ = start;
    match = !StartsWithDisplayOrSingleton(start);
    if (match) {
      pos_ = start;
      match = BitwiseOr() != nullptr && pos_ == equal;
    }
  } else {
    match = true;
  }
  if (match) {
    pos_ = equal;
    Advance();
    Expr* b = BitwiseOr();
    match = b != nullptr && !At(Tok::kEqual) && !At(Tok::kColonEqual);
    if (b != nullptr) b_loc = b->loc;
  }
  --no_invalid_;
  --speculating_;
  if (error_kind_ == ErrorKind::kTokenizer) return true;
  Rewind(m);
  error_kind_ = m.error_kind;
  if (error_kind_ == ErrorKind::kNone) error_.reset();
  if (!match) return false;
  if (is_name) {
    RaiseRange(a->loc, b_loc,
               "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
  } else {
    RaiseAt(a->loc, absl::StrCat("cannot assign to ", ExprName(a),
                                 " here. Maybe you meant '==' instead of '='?"));
  }
  return true;
}

bool Parser::StartsWithDisplayOrSingleton(size_t start) {
  switch (tokens_[start].kind) {
    case Tok::kTrue: case Tok::kNone: case Tok::kFalse:
      return true;
    case Tok::kLSqb: {
      pos_ = start;
      Expr* e = ListAtom();
      return e != nullptr && e->Is<List>();
    }
    case Tok::kLPar: {
      pos_ = start;
      ParenKind kind = ParenKind::kGroup;
      return ParenAtom(&kind) != nullptr && kind != ParenKind::kGroup;
    }
    default:
      return false;
  }
}

// A generic failure inside an expression: parse it again speculatively, so the checks
// below run on the prefixes CPython's backtracking second pass would try.
std::nullptr_t Parser::RetryForInvalid(const Mark& entry) {
  if (error_kind_ != ErrorKind::kGeneric || speculating_ > 0 || !CheckInvalid()) {
    return nullptr;
  }
  Mark failure = Save();
  pos_ = entry.pos;
  last_ = entry.last;
  ++speculating_;
  Expression();
  --speculating_;
  if (hard_error()) return nullptr;
  pos_ = failure.pos;
  last_ = failure.last;
  error_kind_ = ErrorKind::kGeneric;
  error_.reset();
  return nullptr;
}

// invalid_expression -> !(NAME STRING | SOFT_KEYWORD) a=disjunction
//     b=expression_without_invalid     (raises only inside brackets)
// invalid_legacy_expression -> a=NAME !'(' b=star_expressions
// Both parse ahead; the second with the invalid_* rules on, so errors inside `b`
// (a bad f-string, a missing comma) surface as CPython's second pass finds them.
std::nullptr_t Parser::CheckExpressionFollowsExpression(size_t start, Expr* a) {
  const Token& first = tokens_[start];
  bool single_name = first.kind == Tok::kName && pos_ == start + 1;
  bool legacy = single_name && (first.text == "print" || first.text == "exec");
  auto speculate = [&](bool invalid_rules, SourceRange* loc, bool* in_brackets) {
    Mark m = Save();
    ++speculating_;
    if (!invalid_rules) ++no_invalid_;
    Expr* b = invalid_rules ? StarExpressions() : Expression();
    if (!invalid_rules) --no_invalid_;
    --speculating_;
    if (b != nullptr) {
      *loc = b->loc;
      *in_brackets = tokens_[last_].level > 0;
    }
    if (hard_error()) return false;
    Rewind(m);
    return b != nullptr;
  };
  SourceRange b_loc;
  bool in_brackets = false;
  if (!(first.kind == Tok::kName &&
        (tokens_[start + 1].kind == Tok::kString || IsSoftKeyword(first.text)))) {
    bool ok = speculate(/*invalid_rules=*/false, &b_loc, &in_brackets);
    if (hard_error()) return nullptr;
    if (ok && in_brackets && !legacy) {
      return RaiseRange(a->loc, b_loc, "invalid syntax. Perhaps you forgot a comma?");
    }
  }
  if (!single_name || At(Tok::kLPar)) return nullptr;
  bool ok = speculate(/*invalid_rules=*/true, &b_loc, &in_brackets);
  if (hard_error() || !ok || !legacy) return nullptr;
  return RaiseRange(a->loc, b_loc,
                    absl::StrCat("Missing parentheses in call to '", first.text,
                                 "'. Did you mean ", first.text, "(...)?"));
}

}  // namespace wick::lang::internal
