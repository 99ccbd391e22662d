// Simple statements: expression statements and assignments (plain, augmented,
// annotated; with CPython's invalid-target diagnostics), return, raise, del, assert,
// global/nonlocal, imports; and the statement dispatch. Grammar rules are CPython 3.11's.
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "lang/internal/parser.h"

namespace wick::lang::internal {
namespace {

bool AugAssignOp(Tok t, Operator* op) {
  switch (t) {
    case Tok::kPlusEqual: *op = Operator::kAdd; return true;
    case Tok::kMinEqual: *op = Operator::kSub; return true;
    case Tok::kStarEqual: *op = Operator::kMult; return true;
    case Tok::kAtEqual: *op = Operator::kMatMult; return true;
    case Tok::kSlashEqual: *op = Operator::kDiv; return true;
    case Tok::kPercentEqual: *op = Operator::kMod; return true;
    case Tok::kAmperEqual: *op = Operator::kBitAnd; return true;
    case Tok::kVBarEqual: *op = Operator::kBitOr; return true;
    case Tok::kCircumflexEqual: *op = Operator::kBitXor; return true;
    case Tok::kLeftShiftEqual: *op = Operator::kLShift; return true;
    case Tok::kRightShiftEqual: *op = Operator::kRShift; return true;
    case Tok::kDoubleStarEqual: *op = Operator::kPow; return true;
    case Tok::kDoubleSlashEqual: *op = Operator::kFloorDiv; return true;
    default: return false;
  }
}

}  // namespace

// statements -> statement+   (up to the DEDENT or ENDMARKER that ends the block)
bool Parser::Statements(std::vector<Stmt*>* out) {
  while (!At(Tok::kEndMarker) && !At(Tok::kDedent)) {
    if (!Statement(out)) return false;
  }
  return true;
}

// statement -> compound_stmt | simple_stmts
bool Parser::Statement(std::vector<Stmt*>* out) {
  Stmt* s = nullptr;
  switch (Kind()) {
    case Tok::kDef:
    case Tok::kAt:
    case Tok::kClass:
      s = Decorated();
      break;
    case Tok::kIf:
      s = IfStmt();
      break;
    case Tok::kWhile:
      s = WhileStmt();
      break;
    case Tok::kFor:
      s = ForStmt();
      break;
    case Tok::kTry:
      s = TryStmt();
      break;
    case Tok::kWith:
      s = WithStmt();
      break;
    case Tok::kAsync: {
      const Token& t = Peek();
      Tok next = Kind(1);
      return Unsupported(t, next == Tok::kFor    ? "'async for' loops are"
                            : next == Tok::kWith ? "'async with' statements are"
                                                 : "async functions are"),
             false;
    }
    default:
      if (AtSoftKeyword("match")) {
        MatchAhead match = MatchStatementAhead();
        if (match == MatchAhead::kMatchStatement) {
          return Unsupported(Peek(), "'match' statements are"), false;
        }
        if (match == MatchAhead::kMissingColon) match_missing_colon_ = true;
        if (failed()) return false;
      }
      return SimpleStmts(out);
  }
  if (s == nullptr) return false;
  out->push_back(s);
  return true;
}

// simple_stmts -> simple_stmt (';' simple_stmt)* [';'] NEWLINE
bool Parser::SimpleStmts(std::vector<Stmt*>* out) {
  for (;;) {
    Stmt* s = SimpleStmt();
    if (s == nullptr) return false;
    out->push_back(s);
    if (!Accept(Tok::kSemi) || At(Tok::kNewline)) break;
  }
  return Expect(Tok::kNewline);
}

// simple_stmt -> assignment | star_expressions | return_stmt | import_stmt
//     | raise_stmt | 'pass' | del_stmt | yield_stmt | assert_stmt | 'break'
//     | 'continue' | global_stmt | nonlocal_stmt
Stmt* Parser::SimpleStmt() {
  size_t start = pos_;
  switch (Kind()) {
    case Tok::kReturn:
      return ReturnStmt();
    case Tok::kImport:
      return ImportName();
    case Tok::kFrom:
      return ImportFrom();
    case Tok::kRaise:
      return RaiseStmt();
    case Tok::kDel:
      return DelStmt();
    case Tok::kAssert:
      return AssertStmt();
    case Tok::kGlobal:
    case Tok::kNonlocal:
      return GlobalOrNonlocal();
    case Tok::kPass:
      Advance();
      return New<Pass>(Span(start));
    case Tok::kBreak:
      Advance();
      return New<Break>(Span(start));
    case Tok::kContinue:
      Advance();
      return New<Continue>(Span(start));
    default:
      return ExprOrAssignment();
  }
}

// assignment -> NAME ':' expression ['=' annotated_rhs]
//     | ('(' single_target ')' | single_subscript_attribute_target) ':' expression
//       ['=' annotated_rhs]
//     | (star_targets '=')+ (yield_expr | star_expressions) !'='
//     | single_target augassign ~ (yield_expr | star_expressions)
//     | invalid_assignment
// Parsed as an expression first, then checked and turned into a target.
Stmt* Parser::ExprOrAssignment() {
  size_t start = pos_;
  bool bare_tuple = false;
  size_t last_start = start;
  Expr* first = At(Tok::kYield) ? YieldExpr() : StarExpressions(&bare_tuple, &last_start);
  if (first == nullptr) return nullptr;

  if (At(Tok::kColon)) return AnnotatedAssignment(start, first, bare_tuple);

  Operator op;
  if (AugAssignOp(Kind(), &op)) {
    if (!IsSingleTarget(first)) {
      if (first->Is<Yield>() || first->Is<YieldFrom>()) return Fail();
      // invalid_assignment: star_expressions augassign (yield_expr | star_expressions)
      Mark m = Save();
      ++speculating_;
      Advance();
      Expr* value = At(Tok::kYield) ? YieldExpr() : StarExpressions();
      --speculating_;
      if (hard_error()) return nullptr;
      Rewind(m);
      if (value == nullptr) return Fail();
      return RaiseAt(first->loc, absl::StrCat("'", ExprName(first),
                                              "' is an illegal expression for augmented "
                                              "assignment"));
    }
    Advance();
    Expr* value = At(Tok::kYield) ? YieldExpr() : StarExpressions();
    if (value == nullptr) return nullptr;
    SetContext(first, ExprContext::kStore);
    AugAssign* s = New<AugAssign>(Span(start));
    s->target = first;
    s->op = op;
    s->value = value;
    return s;
  }

  if (!At(Tok::kEqual)) {
    if (!At(Tok::kSemi) && !At(Tok::kNewline) && CheckInvalid()) {
      CheckStarNamedExpressionList(start);
      if (failed()) return nullptr;
    }
    ExprStmt* s = New<ExprStmt>(Span(start));
    s->value = first;
    return s;
  }

  std::vector<Expr*> targets = {first};
  size_t first_equal = pos_;
  while (At(Tok::kEqual)) {
    Expr* target = targets.back();
    // invalid_assignment: (star_targets '=')* a=yield_expr '='
    if (target->Is<Yield>() || target->Is<YieldFrom>()) {
      return RaiseAt(target->loc, "assignment to yield expression not possible");
    }
    if (Expr* bad = InvalidTarget(target, TargetsType::kStar)) {
      // invalid_assignment tries star_named_expression (',' star_named_expressions)*
      // first, which runs invalid_named_expression on the first target (`x = a < b =
      // c` is read as `x = a` followed by `<`) or, for a bare tuple, on its last
      // element (unless a comma ends it).
      size_t at = pos_;
      pos_ = first_equal;
      bool checked = false;
      if (!bare_tuple) {
        checked = CheckAssignmentInExpression(start, first, /*allow_name=*/true);
      } else if (tokens_[first_equal - 1].kind != Tok::kComma) {
        checked = CheckAssignmentInExpression(last_start, first->As<Tuple>()->elts.back(),
                                              /*allow_name=*/true);
      }
      if (checked) return nullptr;
      pos_ = at;
      return RaiseAt(bad->loc, absl::StrCat("cannot assign to ", ExprName(bad)));
    }
    Advance();
    Expr* value = At(Tok::kYield) ? YieldExpr() : StarExpressions();
    if (value == nullptr) return nullptr;
    targets.push_back(value);
  }
  Expr* value = targets.back();
  targets.pop_back();
  for (Expr* t : targets) SetContext(t, ExprContext::kStore);
  Assign* s = New<Assign>(Span(start));
  s->targets = MakeList(targets);
  s->value = value;
  return s;
}

// invalid_assignment -> a=star_named_expression ',' star_named_expressions* ':'
//     expression | ...
// Tried (in CPython's second pass) before the statement is taken as an expression: its
// elements are named expressions, so `a, b c = d` reports the `c = d`.
void Parser::CheckStarNamedExpressionList(size_t start) {
  Mark m = Save();
  ++speculating_;
  pos_ = start;
  if (StarNamedExpression() != nullptr && Accept(Tok::kComma)) {
    while (CanStartExpression(Kind()) || At(Tok::kStar)) {
      if (StarNamedExpression() == nullptr) break;
      Accept(Tok::kComma);
    }
  }
  --speculating_;
  if (hard_error()) return;
  Rewind(m);
}

// Annotated assignment, at the ':' after `target` (see assignment above), including
// invalid_assignment's annotation alternatives.
Stmt* Parser::AnnotatedAssignment(size_t start, Expr* target, bool bare_tuple) {
  const Token& first = tokens_[start];
  bool simple = target->Is<Name>() && first.kind == Tok::kName && pos_ == start + 1;
  if (!simple && !IsSingleTarget(target)) {
    // The invalid forms need a well-formed annotation to be recognized.
    Mark m = Save();
    ++speculating_;
    Advance();
    Expr* annotation = Expression();
    --speculating_;
    if (hard_error()) return nullptr;
    Rewind(m);
    if (annotation == nullptr) return Fail();
    if (bare_tuple) {
      return RaiseAt(target->As<Tuple>()->elts[0]->loc,
                     "only single target (not tuple) can be annotated");
    }
    if (target->Is<List>() || target->Is<Tuple>()) {
      return RaiseAt(target->loc, absl::StrCat("only single target (not ",
                                               ExprName(target), ") can be annotated"));
    }
    return RaiseAt(target->loc, "illegal target for annotation");
  }
  Advance();
  Expr* annotation = Expression();
  if (annotation == nullptr) return nullptr;
  Expr* value = nullptr;
  if (Accept(Tok::kEqual)) {
    value = At(Tok::kYield) ? YieldExpr() : StarExpressions();
    if (value == nullptr) return nullptr;
  }
  SetContext(target, ExprContext::kStore);
  AnnAssign* s = New<AnnAssign>(Span(start));
  s->target = target;
  s->annotation = annotation;
  s->value = value;
  s->simple = simple;
  return s;
}

// return_stmt -> 'return' [star_expressions]
Stmt* Parser::ReturnStmt() {
  size_t start = pos_;
  Advance();
  Expr* value = nullptr;
  if (CanStartExpression(Kind()) || At(Tok::kStar)) {
    value = StarExpressions();
    if (value == nullptr) return nullptr;
  }
  Return* s = New<Return>(Span(start));
  s->value = value;
  return s;
}

// raise_stmt -> 'raise' expression ['from' expression] | 'raise'
Stmt* Parser::RaiseStmt() {
  size_t start = pos_;
  Advance();
  Raise* s = New<Raise>({});
  if (CanStartExpression(Kind())) {
    s->exc = Expression();
    if (s->exc == nullptr) return nullptr;
    if (Accept(Tok::kFrom)) {
      s->cause = Expression();
      if (s->cause == nullptr) return nullptr;
    }
  }
  s->loc = Span(start);
  return s;
}

// global_stmt -> 'global' ','.NAME+
// nonlocal_stmt -> 'nonlocal' ','.NAME+
Stmt* Parser::GlobalOrNonlocal() {
  size_t start = pos_;
  bool global = Advance().kind == Tok::kGlobal;
  std::vector<absl::string_view> names;
  do {
    if (!At(Tok::kName)) return Fail();
    names.push_back(Advance().text);
  } while (Accept(Tok::kComma));
  absl::Span<const absl::string_view> list = module_->arena.Copy(names);
  if (global) {
    Global* s = New<Global>(Span(start));
    s->names = list;
    return s;
  }
  Nonlocal* s = New<Nonlocal>(Span(start));
  s->names = list;
  return s;
}

// del_stmt -> 'del' del_targets &(';' | NEWLINE) | invalid_del_stmt
// del_targets -> ','.del_target+ [',']
Stmt* Parser::DelStmt() {
  size_t start = pos_;
  Advance();
  size_t targets_start = pos_;
  std::vector<Expr*> targets;
  bool ok = true;
  do {
    if (!CanStartExpression(Kind())) {
      ok = !targets.empty();
      break;
    }
    Expr* t = BitwiseOr();
    if (t == nullptr || InvalidTarget(t, TargetsType::kDel) != nullptr) {
      ok = false;
      break;
    }
    targets.push_back(t);
  } while (Accept(Tok::kComma));
  if (hard_error()) return nullptr;
  if (!ok || !(At(Tok::kSemi) || At(Tok::kNewline))) {
    // invalid_del_stmt: 'del' star_expressions
    Fail();
    pos_ = targets_start;
    ++speculating_;
    Expr* e = StarExpressions();
    --speculating_;
    if (e != nullptr) RaiseInvalidTarget(TargetsType::kDel, e);
    return nullptr;
  }
  for (Expr* t : targets) SetContext(t, ExprContext::kDel);
  Delete* s = New<Delete>(Span(start));
  s->targets = MakeList(targets);
  return s;
}

// assert_stmt -> 'assert' expression [',' expression]
Stmt* Parser::AssertStmt() {
  size_t start = pos_;
  Advance();
  Assert* s = New<Assert>({});
  s->test = Expression();
  if (s->test == nullptr) return nullptr;
  if (Accept(Tok::kComma)) {
    s->msg = Expression();
    if (s->msg == nullptr) return nullptr;
  }
  s->loc = Span(start);
  return s;
}

// dotted_name -> dotted_name '.' NAME | NAME
bool Parser::DottedName(std::string* out) {
  do {
    if (!At(Tok::kName)) return Fail(), false;
    absl::StrAppend(out, out->empty() ? "" : ".", Advance().text);
  } while (Accept(Tok::kDot));
  return true;
}

// dotted_as_name -> dotted_name ['as' NAME]
// import_from_as_name -> NAME ['as' NAME]
Alias* Parser::ImportAlias(bool dotted) {
  size_t start = pos_;
  std::string name;
  if (dotted) {
    if (!DottedName(&name)) return nullptr;
  } else {
    if (!At(Tok::kName)) return Fail();
    name = std::string(Advance().text);
  }
  Alias* a = New<Alias>({});
  a->name = Intern(name);
  if (Accept(Tok::kAs)) {
    if (!At(Tok::kName)) return Fail();
    a->asname = Advance().text;
  }
  a->loc = Span(start);
  return a;
}

// import_name -> 'import' dotted_as_names
Stmt* Parser::ImportName() {
  size_t start = pos_;
  Advance();
  std::vector<Alias*> names;
  do {
    Alias* a = ImportAlias(/*dotted=*/true);
    if (a == nullptr) return nullptr;
    names.push_back(a);
  } while (Accept(Tok::kComma));
  Import* s = New<Import>(Span(start));
  s->names = MakeList(names);
  return s;
}

// import_from -> 'from' ('.' | '...')* dotted_name 'import' import_from_targets
//     | 'from' ('.' | '...')+ 'import' import_from_targets
// import_from_targets -> '(' import_from_as_names [','] ')' | import_from_as_names !','
//     | '*' | invalid_import_from_targets
Stmt* Parser::ImportFrom() {
  size_t start = pos_;
  Advance();
  int level = 0;
  for (;;) {
    if (Accept(Tok::kDot)) {
      level += 1;
    } else if (Accept(Tok::kEllipsis)) {
      level += 3;
    } else {
      break;
    }
  }
  std::string module;
  if (level == 0 || At(Tok::kName)) {
    if (!DottedName(&module)) return nullptr;
  }
  if (!Expect(Tok::kImport)) return nullptr;
  std::vector<Alias*> names;
  if (At(Tok::kStar)) {
    size_t star = pos_;
    Advance();
    Alias* a = New<Alias>(Span(star));
    a->name = "*";
    names.push_back(a);
  } else {
    bool parens = Accept(Tok::kLPar);
    for (;;) {
      Alias* a = ImportAlias(/*dotted=*/false);
      if (a == nullptr) return nullptr;
      names.push_back(a);
      if (!Accept(Tok::kComma)) break;
      if (parens && At(Tok::kRPar)) break;
      if (!parens && At(Tok::kNewline)) {
        return RaiseAtLast("trailing comma not allowed without surrounding parentheses");
      }
    }
    if (parens && !Expect(Tok::kRPar)) return nullptr;
  }
  lang::ImportFrom* node = New<lang::ImportFrom>(Span(start));
  node->module = Intern(module);
  node->names = MakeList(names);
  node->level = level;
  return node;
}

}  // namespace wick::lang::internal
