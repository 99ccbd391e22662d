// Atoms and displays: names, literals, parenthesized forms, lists, dicts, sets,
// comprehensions and subscripts' slices, with CPython's invalid_comprehension,
// invalid_group and invalid_double_starred_kvpairs diagnostics.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "lang/internal/literals.h"
#include "lang/internal/parser.h"

namespace wick::lang::internal {
namespace {

SourceRange TokenRange(const Token& t) { return {t.line, t.col, t.end_line, t.end_col}; }

}  // namespace

// slices -> slice !',' | ','.(slice | starred_expression)+ [',']
Expr* Parser::Slices() {
  size_t start = pos_;
  auto item = [&]() -> Expr* {
    if (!At(Tok::kStar)) return SliceItem();
    // starred_expression -> '*' expression
    size_t star = pos_;
    Advance();
    Expr* value = Expression();
    if (value == nullptr) return nullptr;
    Starred* s = New<Starred>(Span(star));
    s->value = value;
    return s;
  };
  Expr* first = item();
  if (first == nullptr) return nullptr;
  if (!At(Tok::kComma) && !first->Is<Starred>()) return first;
  std::vector<Expr*> elts = {first};
  while (Accept(Tok::kComma)) {
    if (At(Tok::kRSqb)) break;
    Expr* e = item();
    if (e == nullptr) return nullptr;
    elts.push_back(e);
  }
  Tuple* t = New<Tuple>(Span(start));
  t->elts = MakeList(elts);
  return t;
}

// slice -> [expression] ':' [expression] [':' [expression]] | named_expression
Expr* Parser::SliceItem() {
  size_t start = pos_;
  Expr* lower = nullptr;
  if (!At(Tok::kColon)) {
    lower = NamedExpression();
    if (lower == nullptr) return nullptr;
    if (!At(Tok::kColon) || lower->Is<NamedExpr>()) return lower;
  }
  Advance();
  Slice* s = New<Slice>({});
  s->lower = lower;
  if (CanStartExpression(Kind())) {
    s->upper = Expression();
    if (s->upper == nullptr) return nullptr;
  }
  if (Accept(Tok::kColon) && CanStartExpression(Kind())) {
    s->step = Expression();
    if (s->step == nullptr) return nullptr;
  }
  s->loc = Span(start);
  return s;
}

// atom -> NAME | 'True' | 'False' | 'None' | strings | NUMBER | (tuple | group | genexp)
//     | (list | listcomp) | (dict | set | dictcomp | setcomp) | '...'
Expr* Parser::Atom() {
  size_t start = pos_;
  switch (Kind()) {
    case Tok::kName: {
      Name* n = New<Name>({});
      n->id = Advance().text;
      n->loc = Span(start);
      return n;
    }
    case Tok::kTrue:
    case Tok::kFalse:
    case Tok::kNone:
    case Tok::kEllipsis: {
      Tok kind = Advance().kind;
      Constant* c = New<Constant>(Span(start));
      if (kind == Tok::kNone) {
        c->value_kind = ConstantKind::kNone;
      } else if (kind == Tok::kEllipsis) {
        c->value_kind = ConstantKind::kEllipsis;
      } else {
        c->value_kind = ConstantKind::kBool;
        c->bool_value = kind == Tok::kTrue;
      }
      return c;
    }
    case Tok::kNumber:
      return Number();
    case Tok::kString:
      return Strings();
    case Tok::kLPar:
      return ParenAtom();
    case Tok::kLSqb:
      return ListAtom();
    case Tok::kLBrace:
      return BraceAtom();
    default:
      return Fail();
  }
}

// NUMBER
Expr* Parser::Number() {
  size_t start = pos_;
  absl::string_view text = Advance().text;
  Constant* c = New<Constant>(Span(start));
  ParseNumber(text, &module_->arena, c);
  return c;
}

// tuple -> '(' [star_named_expression ',' [star_named_expressions]] ')'
// group -> '(' (yield_expr | named_expression) ')' | invalid_group
// genexp -> '(' (assignment_expression | expression !':=') for_if_clauses ')'
Expr* Parser::ParenAtom(ParenKind* kind) {
  size_t start = pos_;
  Advance();
  ParenKind dummy;
  if (kind == nullptr) kind = &dummy;
  *kind = ParenKind::kTuple;
  if (Accept(Tok::kRPar)) {
    Tuple* t = New<Tuple>(Span(start));
    return t;
  }
  *kind = ParenKind::kGroup;
  if (At(Tok::kYield)) {
    Expr* y = YieldExpr();
    if (y == nullptr || !Expect(Tok::kRPar)) return nullptr;
    return y;
  }
  if (At(Tok::kDoubleStar)) {
    // invalid_group: '(' a='**' expression ')'
    const Token& star = Peek();
    if (CheckInvalid()) {
      Mark m = Save();
      ++speculating_;
      Advance();
      bool match = Expression() != nullptr && At(Tok::kRPar);
      --speculating_;
      if (hard_error()) return nullptr;
      Rewind(m);
      if (match) return RaiseAtToken(star, "cannot use double starred expression here");
    }
    return Fail();
  }
  Expr* first = StarNamedExpression();
  if (first == nullptr) return nullptr;
  if (AtComprehension()) {
    *kind = ParenKind::kGenexp;
    if (first->Is<Starred>() && CheckInvalid() && ComprehensionClausesAhead()) {
      return RaiseAt(first->loc, "iterable unpacking cannot be used in comprehension");
    }
    std::vector<Comprehension*> generators;
    if (!ForIfClauses(&generators) || !Expect(Tok::kRPar)) return nullptr;
    GeneratorExp* g = New<GeneratorExp>(Span(start));
    g->elt = first;
    g->generators = MakeList(generators);
    return g;
  }
  if (At(Tok::kComma)) {
    *kind = ParenKind::kTuple;
    std::vector<Expr*> elts = {first};
    while (Accept(Tok::kComma)) {
      if (At(Tok::kRPar)) break;
      Expr* e = StarNamedExpression();
      if (e == nullptr) return nullptr;
      elts.push_back(e);
    }
    if (!Expect(Tok::kRPar)) return nullptr;
    Tuple* t = New<Tuple>(Span(start));
    t->elts = MakeList(elts);
    return t;
  }
  if (!At(Tok::kRPar)) return Fail();
  if (first->Is<Starred>()) {
    // invalid_group: '(' a=starred_expression ')'
    if (!CheckInvalid()) return Fail();
    return RaiseAt(first->loc, "cannot use starred expression here");
  }
  Advance();
  return first;
}

// invalid_comprehension:
//     | ('[' | '{') a=star_named_expression ',' b=star_named_expressions for_if_clauses
//     | ('[' | '{') a=star_named_expression b=',' for_if_clauses
std::nullptr_t Parser::CheckComprehensionInDisplay(const std::vector<Expr*>& elts,
                                                   const Token* trailing_comma) {
  if (!CheckInvalid() || !ComprehensionClausesAhead()) return Fail();
  SourceRange end = elts.back()->loc;
  if (elts.size() == 1 && trailing_comma != nullptr) {
    end = {trailing_comma->line, trailing_comma->col, trailing_comma->end_line,
           trailing_comma->end_col};
  }
  return RaiseRange(elts[0]->loc, end,
                    "did you forget parentheses around the comprehension target?");
}

// Whether for_if_clauses parse here (errors inside them are raised).
bool Parser::ComprehensionClausesAhead() {
  Mark m = Save();
  ++speculating_;
  std::vector<Comprehension*> generators;
  bool ok = ForIfClauses(&generators);
  --speculating_;
  if (hard_error()) return false;
  Rewind(m);
  return ok;
}

// list -> '[' [star_named_expressions] ']'
// listcomp -> '[' named_expression for_if_clauses ']' | invalid_comprehension
Expr* Parser::ListAtom() {
  size_t start = pos_;
  Advance();
  std::vector<Expr*> elts;
  if (!At(Tok::kRSqb)) {
    Expr* first = StarNamedExpression();
    if (first == nullptr) return nullptr;
    if (AtComprehension()) {
      if (first->Is<Starred>() && CheckInvalid() && ComprehensionClausesAhead()) {
        return RaiseAt(first->loc, "iterable unpacking cannot be used in comprehension");
      }
      std::vector<Comprehension*> generators;
      if (!ForIfClauses(&generators) || !Expect(Tok::kRSqb)) return nullptr;
      ListComp* c = New<ListComp>(Span(start));
      c->elt = first;
      c->generators = MakeList(generators);
      return c;
    }
    elts.push_back(first);
    const Token* comma = nullptr;
    while (At(Tok::kComma)) {
      comma = &Advance();
      if (At(Tok::kRSqb) || AtComprehension()) break;
      comma = nullptr;
      Expr* e = StarNamedExpression();
      if (e == nullptr) return nullptr;
      elts.push_back(e);
    }
    if (AtComprehension()) return CheckComprehensionInDisplay(elts, comma);
  }
  if (!Expect(Tok::kRSqb)) return nullptr;
  List* l = New<List>(Span(start));
  l->elts = MakeList(elts);
  return l;
}

// dict -> '{' [double_starred_kvpairs] '}' | '{' invalid_double_starred_kvpairs '}'
// set -> '{' star_named_expressions '}'
// dictcomp -> '{' kvpair for_if_clauses '}' | invalid_dict_comprehension
// setcomp -> '{' named_expression for_if_clauses '}' | invalid_comprehension
Expr* Parser::BraceAtom() {
  size_t start = pos_;
  Advance();
  if (Accept(Tok::kRBrace)) return New<Dict>(Span(start));
  if (At(Tok::kDoubleStar)) {
    const Token& star = Advance();
    Expr* value = BitwiseOr();
    if (value == nullptr) return nullptr;
    if (AtComprehension()) {
      // invalid_dict_comprehension: '{' a='**' bitwise_or for_if_clauses '}'
      if (!CheckInvalid()) return Fail();
      return RaiseAtToken(star, "dict unpacking cannot be used in dict comprehension");
    }
    return DictAfterFirst(start, nullptr, value);
  }
  Expr* first = StarNamedExpression();
  if (first == nullptr) return nullptr;
  if (At(Tok::kColon) && !first->Is<Starred>()) {
    if (first->Is<NamedExpr>()) return Fail();
    const Token& colon = Advance();
    if (At(Tok::kStar) && CheckInvalid() && StarredDictValue()) return nullptr;
    if ((At(Tok::kRBrace) || At(Tok::kComma)) && CheckInvalid()) {
      return RaiseAtToken(colon, "expression expected after dictionary key and ':'");
    }
    Expr* value = Expression();
    if (value == nullptr) return nullptr;
    if (AtComprehension()) {
      std::vector<Comprehension*> generators;
      if (!ForIfClauses(&generators) || !Expect(Tok::kRBrace)) return nullptr;
      DictComp* c = New<DictComp>(Span(start));
      c->key = first;
      c->value = value;
      c->generators = MakeList(generators);
      return c;
    }
    return DictAfterFirst(start, first, value);
  }
  if (AtComprehension()) {
    if (first->Is<Starred>() && CheckInvalid() && ComprehensionClausesAhead()) {
      return RaiseAt(first->loc, "iterable unpacking cannot be used in comprehension");
    }
    std::vector<Comprehension*> generators;
    if (!ForIfClauses(&generators) || !Expect(Tok::kRBrace)) return nullptr;
    SetComp* c = New<SetComp>(Span(start));
    c->elt = first;
    c->generators = MakeList(generators);
    return c;
  }
  std::vector<Expr*> elts = {first};
  const Token* comma = nullptr;
  while (At(Tok::kComma)) {
    comma = &Advance();
    if (At(Tok::kRBrace) || AtComprehension()) break;
    comma = nullptr;
    Expr* e = StarNamedExpression();
    if (e == nullptr) return nullptr;
    elts.push_back(e);
  }
  if (AtComprehension()) return CheckComprehensionInDisplay(elts, comma);
  if (!Expect(Tok::kRBrace)) return nullptr;
  Set* s = New<Set>(Span(start));
  s->elts = MakeList(elts);
  return s;
}

// invalid_double_starred_kvpairs: expression ':' a='*' bitwise_or, at the '*'.
bool Parser::StarredDictValue() {
  Mark m = Save();
  const Token& star = Advance();
  ++speculating_;
  bool match = BitwiseOr() != nullptr;
  --speculating_;
  if (hard_error()) return true;
  Rewind(m);
  if (!match) return false;
  RaiseStartingFrom(TokenRange(star),
                    "cannot use a starred expression in a dictionary value");
  return true;
}

// double_starred_kvpairs -> ','.double_starred_kvpair+ [',']
// double_starred_kvpair -> '**' bitwise_or | kvpair
// kvpair -> expression ':' expression
// (continuing after the first pair)
Expr* Parser::DictAfterFirst(size_t start, Expr* key, Expr* value) {
  std::vector<Expr*> keys = {key};
  std::vector<Expr*> values = {value};
  while (Accept(Tok::kComma)) {
    if (At(Tok::kRBrace)) break;
    if (Accept(Tok::kDoubleStar)) {
      Expr* v = BitwiseOr();
      if (v == nullptr) return nullptr;
      keys.push_back(nullptr);
      values.push_back(v);
      continue;
    }
    // invalid_kvpair: a=expression !(':'), reported at its last character. CPython
    // reuses the key as first parsed (without its invalid_* checks), so this takes
    // precedence over errors a second look at the key would find.
    if (CheckInvalid()) {
      Mark m = Save();
      ++speculating_;
      ++no_invalid_;
      Expr* key = Expression();
      --no_invalid_;
      --speculating_;
      if (hard_error()) return nullptr;
      bool colon = At(Tok::kColon);
      Rewind(m);
      if (key != nullptr && !colon) {
        RaiseError(SyntaxError::Type::kSyntaxError, "':' expected after dictionary key",
                   key->loc.line, key->loc.end_col, key->loc.end_line, 0,
                   ErrorKind::kSpecific);
        return nullptr;
      }
    }
    Expr* k = Expression();
    if (k == nullptr) return nullptr;
    if (!At(Tok::kColon)) return Fail();
    const Token& colon = Advance();
    if (At(Tok::kStar) && CheckInvalid() && StarredDictValue()) return nullptr;
    if ((At(Tok::kRBrace) || At(Tok::kComma)) && CheckInvalid()) {
      return RaiseAtToken(colon, "expression expected after dictionary key and ':'");
    }
    Expr* v = Expression();
    if (v == nullptr) return nullptr;
    keys.push_back(k);
    values.push_back(v);
  }
  if (!Expect(Tok::kRBrace)) return nullptr;
  Dict* d = New<Dict>(Span(start));
  d->keys = MakeList(keys);
  d->values = MakeList(values);
  return d;
}

// for_if_clauses -> for_if_clause+
// for_if_clause -> 'for' star_targets 'in' ~ disjunction ('if' disjunction)*
//     | invalid_for_target
bool Parser::ForIfClauses(std::vector<Comprehension*>* out) {
  while (AtComprehension()) {
    if (At(Tok::kAsync)) return Unsupported(Peek(), "asynchronous comprehensions are"), false;
    size_t start = pos_;
    Advance();
    size_t target_start = pos_;
    Expr* target = StarTargets();
    if (target == nullptr || !At(Tok::kIn)) {
      if (hard_error()) return false;
      // invalid_for_target: 'for' star_expressions
      Fail();
      pos_ = target_start;
      ++speculating_;
      Expr* e = StarExpressions();
      --speculating_;
      if (e != nullptr && CheckInvalid()) RaiseInvalidTarget(TargetsType::kFor, e);
      return false;
    }
    Advance();
    Comprehension* c = module_->arena.New<Comprehension>();
    c->target = target;
    c->iter = Disjunction();
    if (c->iter == nullptr) return false;
    std::vector<Expr*> ifs;
    while (Accept(Tok::kIf)) {
      Expr* cond = Disjunction();
      if (cond == nullptr) return false;
      ifs.push_back(cond);
    }
    c->ifs = MakeList(ifs);
    c->loc = Span(start);
    out->push_back(c);
  }
  return true;
}

}  // namespace wick::lang::internal
