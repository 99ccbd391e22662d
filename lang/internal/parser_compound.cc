// Compound statements: blocks, def, class, if/elif/else, while, for, with, try, and
// recognizing (to reject) `match`; with CPython's "expected ':'" and "expected an
// indented block after ..." diagnostics.
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "lang/internal/parser.h"

namespace wick::lang::internal {

// block -> NEWLINE INDENT statements DEDENT | simple_stmts | invalid_block
// `after` and `line` name the statement for "expected an indented block after ...".
bool Parser::Block(std::vector<Stmt*>* out, absl::string_view after, int line) {
  if (!At(Tok::kNewline)) return SimpleStmts(out);
  Advance();
  if (!At(Tok::kIndent)) {
    return RaiseAtToken(Peek(),
                        absl::StrCat("expected an indented block after ", after,
                                     " on line ", line),
                        SyntaxError::Type::kIndentationError),
           false;
  }
  Advance();
  return Statements(out) && Expect(Tok::kDedent);
}

// function_def -> decorators function_def_raw | function_def_raw
// class_def -> decorators class_def_raw | class_def_raw
// decorators -> ('@' named_expression NEWLINE)+
Stmt* Parser::Decorated() {
  std::vector<Expr*> decorators;
  while (Accept(Tok::kAt)) {
    Expr* d = NamedExpression();
    if (d == nullptr || !Expect(Tok::kNewline)) return nullptr;
    decorators.push_back(d);
  }
  if (At(Tok::kDef)) return FunctionDef(pos_, std::move(decorators));
  if (At(Tok::kClass)) return ClassDef(pos_, std::move(decorators));
  if (At(Tok::kAsync)) return Unsupported(Peek(), "async functions are");
  return Fail();
}

// function_def_raw -> 'def' NAME &&'(' [params] ')' ['->' expression] &&':' block
//     | invalid_def_raw
Stmt* Parser::FunctionDef(size_t start, std::vector<Expr*> decorators) {
  int line = Advance().line;
  if (!At(Tok::kName)) return Fail();
  absl::string_view name = Advance().text;
  if (!ExpectForced(Tok::kLPar, "(")) return nullptr;
  Arguments* args = Parameters(/*lambda=*/false);
  if (args == nullptr || !Expect(Tok::kRPar)) return nullptr;
  Expr* returns = nullptr;
  if (At(Tok::kRArrow)) {
    // ['->' expression] is optional: if it does not parse, &&':' reports at the '->'.
    Mark m = Save();
    Advance();
    returns = Expression();
    if (returns == nullptr) {
      if (hard_error()) return nullptr;
      Rewind(m);
    }
  }
  if (!ExpectForced(Tok::kColon, ":")) return nullptr;
  std::vector<Stmt*> body;
  if (!Block(&body, "function definition", line)) return nullptr;
  lang::FunctionDef* s = New<lang::FunctionDef>(Span(start));
  s->name = name;
  s->args = args;
  s->body = MakeList(body);
  s->decorator_list = MakeList(decorators);
  s->returns = returns;
  return s;
}

// class_def_raw -> 'class' NAME ['(' [arguments] ')'] ':' block | invalid_class_def_raw
Stmt* Parser::ClassDef(size_t start, std::vector<Expr*> decorators) {
  int line = Advance().line;
  if (!At(Tok::kName)) return Fail();
  absl::string_view name = Advance().text;
  std::vector<Expr*> bases;
  std::vector<Keyword*> keywords;
  if (At(Tok::kLPar)) {
    Expr* genexp = nullptr;
    if (!CallArguments(&bases, &keywords, &genexp)) return nullptr;
    if (genexp != nullptr) bases.push_back(genexp);
  }
  if (At(Tok::kNewline)) return RaiseAtLast("expected ':'");
  if (!Expect(Tok::kColon)) return nullptr;
  std::vector<Stmt*> body;
  if (!Block(&body, "class definition", line)) return nullptr;
  lang::ClassDef* s = New<lang::ClassDef>(Span(start));
  s->name = name;
  s->bases = MakeList(bases);
  s->keywords = MakeList(keywords);
  s->body = MakeList(body);
  s->decorator_list = MakeList(decorators);
  return s;
}

// if_stmt -> 'if' named_expression ':' block (elif_stmt | [else_block]) | invalid_if_stmt
// elif_stmt -> 'elif' named_expression ':' block (elif_stmt | [else_block])
// Each elif is an If nested in the previous one's orelse; parsed in a loop so that long
// chains do not recurse.
Stmt* Parser::IfStmt() {
  std::vector<lang::If*> chain;
  std::vector<size_t> starts;
  std::vector<Stmt*> orelse;
  do {
    size_t start = pos_;
    bool elif = Kind() == Tok::kElif;
    int line = Advance().line;
    Expr* test = NamedExpression();
    if (test == nullptr) return nullptr;
    if (At(Tok::kNewline)) return RaiseAtLast("expected ':'");
    if (!Expect(Tok::kColon)) return nullptr;
    std::vector<Stmt*> body;
    if (!Block(&body, elif ? "'elif' statement" : "'if' statement", line)) return nullptr;
    lang::If* s = New<lang::If>({});
    s->test = test;
    s->body = MakeList(body);
    chain.push_back(s);
    starts.push_back(start);
  } while (At(Tok::kElif));
  if (At(Tok::kElse) && !ElseBlock(&orelse)) return nullptr;
  // Every If in the chain ends where the whole statement ends.
  for (size_t i = chain.size(); i-- > 0;) {
    chain[i]->loc = Span(starts[i]);
    chain[i]->orelse = MakeList(orelse);
    orelse.assign(1, chain[i]);
  }
  return chain[0];
}

// else_block -> 'else' &&':' block | invalid_else_stmt
bool Parser::ElseBlock(std::vector<Stmt*>* out) {
  int line = Advance().line;
  return ExpectForced(Tok::kColon, ":") && Block(out, "'else' statement", line);
}

// while_stmt -> 'while' named_expression ':' block [else_block] | invalid_while_stmt
Stmt* Parser::WhileStmt() {
  size_t start = pos_;
  int line = Advance().line;
  Expr* test = NamedExpression();
  if (test == nullptr) return nullptr;
  if (At(Tok::kNewline)) return RaiseAtLast("expected ':'");
  if (!Expect(Tok::kColon)) return nullptr;
  std::vector<Stmt*> body, orelse;
  if (!Block(&body, "'while' statement", line)) return nullptr;
  if (At(Tok::kElse) && !ElseBlock(&orelse)) return nullptr;
  lang::While* s = New<lang::While>(Span(start));
  s->test = test;
  s->body = MakeList(body);
  s->orelse = MakeList(orelse);
  return s;
}

// for_stmt -> 'for' star_targets 'in' ~ star_expressions ':' block [else_block]
//     | invalid_for_stmt | invalid_for_target
Stmt* Parser::ForStmt() {
  size_t start = pos_;
  int line = Advance().line;
  size_t target_start = pos_;
  Expr* target = StarTargets();
  if (target == nullptr || !At(Tok::kIn)) {
    if (hard_error()) return nullptr;
    // invalid_for_target: 'for' star_expressions
    Fail();
    pos_ = target_start;
    ++speculating_;
    Expr* e = StarExpressions();
    --speculating_;
    if (e != nullptr) RaiseInvalidTarget(TargetsType::kFor, e);
    return nullptr;
  }
  Advance();
  Expr* iter = StarExpressions();
  if (iter == nullptr) return nullptr;
  if (At(Tok::kNewline)) return RaiseAtLast("expected ':'");
  if (!Expect(Tok::kColon)) return nullptr;
  std::vector<Stmt*> body, orelse;
  if (!Block(&body, "'for' statement", line)) return nullptr;
  if (At(Tok::kElse) && !ElseBlock(&orelse)) return nullptr;
  lang::For* s = New<lang::For>(Span(start));
  s->target = target;
  s->iter = iter;
  s->body = MakeList(body);
  s->orelse = MakeList(orelse);
  return s;
}

// with_stmt -> 'with' '(' ','.with_item+ ','? ')' ':' block
//     | 'with' ','.with_item+ ':' block | invalid_with_stmt | invalid_with_stmt_indent
Stmt* Parser::WithStmt() {
  size_t start = pos_;
  int line = Advance().line;
  std::vector<WithItem*> items;
  bool parenthesized = false;
  if (At(Tok::kLPar)) {
    // Parenthesized items only if ':' follows the ')'; otherwise the '(' starts the
    // first item's expression: `with (a, b) as c:`.
    Mark m = Save();
    Advance();
    bool ok = true;
    while (ok) {
      WithItem* item = WithItemRule();
      if (item == nullptr) {
        ok = false;
        break;
      }
      items.push_back(item);
      if (!Accept(Tok::kComma) || At(Tok::kRPar)) break;
    }
    ok = ok && Accept(Tok::kRPar) && (At(Tok::kColon) || At(Tok::kNewline));
    if (hard_error()) return nullptr;
    if (ok) {
      parenthesized = true;
    } else {
      Rewind(m);
      items.clear();
    }
  }
  if (!parenthesized) {
    do {
      WithItem* item = WithItemRule();
      if (item == nullptr) return nullptr;
      items.push_back(item);
    } while (Accept(Tok::kComma));
  }
  if (At(Tok::kNewline)) return RaiseAtLast("expected ':'");
  if (!Expect(Tok::kColon)) return nullptr;
  std::vector<Stmt*> body;
  if (!Block(&body, "'with' statement", line)) return nullptr;
  lang::With* s = New<lang::With>(Span(start));
  s->items = MakeList(items);
  s->body = MakeList(body);
  return s;
}

// with_item -> expression 'as' star_target &(',' | ')' | ':') | invalid_with_item
//     | expression
WithItem* Parser::WithItemRule() {
  size_t start = pos_;
  Expr* e = Expression();
  if (e == nullptr) return nullptr;
  WithItem* item = module_->arena.New<WithItem>();
  item->context_expr = e;
  if (Accept(Tok::kAs)) {
    size_t target_start = pos_;
    Expr* target = nullptr;
    if (At(Tok::kStar)) {
      Advance();
      Expr* inner = BitwiseOr();
      if (inner != nullptr) {
        Starred* s = New<Starred>(Span(target_start));
        s->value = inner;
        target = s;
      }
    } else {
      target = BitwiseOr();
    }
    if (hard_error()) return nullptr;
    // (A NEWLINE here is left for with_stmt to report as "expected ':'".)
    if (target == nullptr || InvalidTarget(target, TargetsType::kStar) != nullptr ||
        !(At(Tok::kComma) || At(Tok::kRPar) || At(Tok::kColon) || At(Tok::kNewline))) {
      // invalid_with_item: expression 'as' a=expression &(',' | ')' | ':')
      Fail();
      pos_ = target_start;
      ++speculating_;
      Expr* a = Expression();
      --speculating_;
      if (a != nullptr && (At(Tok::kComma) || At(Tok::kRPar) || At(Tok::kColon))) {
        RaiseInvalidTarget(TargetsType::kStar, a);
      }
      return nullptr;
    }
    SetContext(target, ExprContext::kStore);
    item->optional_vars = target;
  }
  item->loc = Span(start);
  return item;
}

// try_stmt -> 'try' &&':' block finally_block
//     | 'try' &&':' block except_block+ [else_block] [finally_block] | invalid_try_stmt
// finally_block -> 'finally' &&':' block
Stmt* Parser::TryStmt() {
  size_t start = pos_;
  int line = Advance().line;
  if (!ExpectForced(Tok::kColon, ":")) return nullptr;
  std::vector<Stmt*> body, orelse, finalbody;
  std::vector<ExceptHandler*> handlers;
  if (!Block(&body, "'try' statement", line)) return nullptr;
  if (!At(Tok::kExcept) && !At(Tok::kFinally)) {
    return RaiseAtLast("expected 'except' or 'finally' block");
  }
  while (At(Tok::kExcept)) {
    ExceptHandler* h = ExceptBlock();
    if (h == nullptr) return nullptr;
    handlers.push_back(h);
  }
  if (!handlers.empty() && At(Tok::kElse) && !ElseBlock(&orelse)) return nullptr;
  if (At(Tok::kFinally)) {
    int finally_line = Advance().line;
    if (!ExpectForced(Tok::kColon, ":") ||
        !Block(&finalbody, "'finally' statement", finally_line)) {
      return nullptr;
    }
  }
  lang::Try* s = New<lang::Try>(Span(start));
  s->body = MakeList(body);
  s->handlers = MakeList(handlers);
  s->orelse = MakeList(orelse);
  s->finalbody = MakeList(finalbody);
  return s;
}

// except_block -> 'except' expression ['as' NAME] ':' block | 'except' ':' block
//     | invalid_except_stmt | invalid_except_stmt_indent
ExceptHandler* Parser::ExceptBlock() {
  size_t start = pos_;
  int line = Advance().line;
  if (At(Tok::kStar)) return Unsupported(Peek(), "'except*' (exception groups) is");
  ExceptHandler* h = module_->arena.New<ExceptHandler>();
  if (!At(Tok::kColon) && !At(Tok::kNewline)) {
    h->type = Expression();
    if (h->type == nullptr) return nullptr;
    if (At(Tok::kComma)) {
      // invalid_except_stmt: 'except' a=expression ',' expressions ['as' NAME] ':'
      Mark m = Save();
      ++speculating_;
      Advance();
      Expr* rest = StarExpressions();
      if (rest != nullptr && Accept(Tok::kAs)) rest = Accept(Tok::kName) ? rest : nullptr;
      bool match = rest != nullptr && At(Tok::kColon);
      --speculating_;
      if (hard_error()) return nullptr;
      if (match) {
        return RaiseStartingFrom(h->type->loc,
                                 "multiple exception types must be parenthesized");
      }
      Rewind(m);
    }
    if (Accept(Tok::kAs)) {
      if (!At(Tok::kName)) return Fail();
      h->name = Advance().text;
    }
  }
  if (At(Tok::kNewline)) return RaiseAtLast("expected ':'");
  if (!Expect(Tok::kColon)) return nullptr;
  std::vector<Stmt*> body;
  if (!Block(&body, "'except' statement", line)) return nullptr;
  h->body = MakeList(body);
  h->loc = Span(start);
  return h;
}

// match_stmt -> "match" subject_expr ':' NEWLINE INDENT case_block+ DEDENT
// invalid_match_stmt -> "match" subject_expr NEWLINE
// Only recognized (to say it is unsupported): `match` is a soft keyword, so `match =
// 1` and `match(x)` stay ordinary statements.
Parser::MatchAhead Parser::MatchStatementAhead() {
  // A first-pass rule in CPython: what it looks at counts for "invalid syntax".
  Mark m = Save();
  ++no_invalid_;
  Advance();
  MatchAhead result = MatchAhead::kNo;
  if (CanStartExpression(Kind()) || At(Tok::kStar)) {
    Expr* subject = StarNamedExpression();
    while (subject != nullptr && Accept(Tok::kComma)) {
      if (At(Tok::kColon) || At(Tok::kNewline)) break;
      subject = StarNamedExpression();
    }
    if (subject != nullptr && At(Tok::kNewline)) result = MatchAhead::kMissingColon;
    if (subject != nullptr && Accept(Tok::kColon) && At(Tok::kNewline)) {
      result = MatchAhead::kMatchStatement;
    }
  }
  --no_invalid_;
  if (error_kind_ == ErrorKind::kTokenizer) return MatchAhead::kNo;
  Rewind(m);
  error_kind_ = m.error_kind;
  if (error_kind_ == ErrorKind::kNone) error_.reset();
  return result;
}

}  // namespace wick::lang::internal
