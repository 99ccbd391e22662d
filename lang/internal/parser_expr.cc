// Expressions from star_expressions down to primaries, with CPython 3.11's precedence
// (the invalid_* checks they call are in parser_invalid.cc); also yield and lambda.
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "lang/internal/parser.h"

namespace wick::lang::internal {

bool Parser::CanStartExpression(internal::Tok t) {
  switch (t) {
    case Tok::kName: case Tok::kNumber: case Tok::kString: case Tok::kLPar:
    case Tok::kLSqb: case Tok::kLBrace: case Tok::kMinus: case Tok::kPlus:
    case Tok::kTilde: case Tok::kEllipsis: case Tok::kNone: case Tok::kTrue:
    case Tok::kFalse: case Tok::kLambda: case Tok::kNot: case Tok::kAwait:
      return true;
    default:
      return false;
  }
}

// star_expressions -> star_expression (',' star_expression)* [',']
Expr* Parser::StarExpressions(bool* bare_tuple, size_t* last_start) {
  size_t start = pos_;
  if (last_start != nullptr) *last_start = start;
  Expr* first = StarExpression();
  if (first == nullptr || !At(Tok::kComma)) return first;
  std::vector<Expr*> elts = {first};
  while (Accept(Tok::kComma)) {
    if (!CanStartExpression(Kind()) && !At(Tok::kStar)) break;
    Mark m = Save();
    size_t element_start = pos_;
    Expr* e = StarExpression();
    if (e == nullptr) {
      if (!Backtracking()) return nullptr;
      Rewind(m);
      break;
    }
    if (last_start != nullptr) *last_start = element_start;
    elts.push_back(e);
  }
  Tuple* t = New<Tuple>(Span(start));
  t->elts = MakeList(elts);
  if (bare_tuple != nullptr) *bare_tuple = true;
  return t;
}

// star_expression -> '*' bitwise_or | expression
Expr* Parser::StarExpression() {
  if (!At(Tok::kStar)) return Expression();
  size_t start = pos_;
  Advance();
  Expr* value = BitwiseOr();
  if (value == nullptr) return nullptr;
  Starred* s = New<Starred>(Span(start));
  s->value = value;
  return s;
}

// star_named_expression -> '*' bitwise_or | named_expression
Expr* Parser::StarNamedExpression() {
  return At(Tok::kStar) ? StarExpression() : NamedExpression();
}

// named_expression -> NAME ':=' ~ expression | invalid_named_expression
//     | expression !':='
Expr* Parser::NamedExpression() {
  size_t start = pos_;
  if (At(Tok::kName) && Kind(1) == Tok::kColonEqual) {
    Name* target = New<Name>(Span(start));
    target->id = Advance().text;
    target->ctx = ExprContext::kStore;
    Advance();
    Expr* value = Expression();
    if (value == nullptr) return nullptr;
    NamedExpr* e = New<NamedExpr>(Span(start));
    e->target = target;
    e->value = value;
    return e;
  }
  Expr* e = Expression();
  if (e == nullptr) return nullptr;
  if (At(Tok::kColonEqual)) {
    // invalid_named_expression: a=expression ':=' expression
    if (!CheckInvalid()) return Fail();
    Mark m = Save();
    ++speculating_;
    Advance();
    bool value = Expression() != nullptr;
    --speculating_;
    if (hard_error()) return nullptr;
    Rewind(m);
    if (!value) return Fail();
    return RaiseAt(e->loc, absl::StrCat("cannot use assignment expressions with ",
                                        ExprName(e)));
  }
  if (At(Tok::kEqual) && CheckAssignmentInExpression(start, e, /*allow_name=*/true)) {
    return nullptr;
  }
  return e;
}

// expression -> invalid_expression | invalid_legacy_expression
//     | disjunction 'if' disjunction 'else' expression | disjunction | lambdef
Expr* Parser::Expression() {
  DepthGuard guard(this);
  if (guard.too_deep()) {
    return RaiseAtLast("Parser stack overflowed - Python source too complex to parse");
  }
  if (At(Tok::kLambda)) return LambdaDef();
  size_t start = pos_;
  Mark entry = Save();
  Expr* a = Disjunction();
  if (a == nullptr) return RetryForInvalid(entry);
  if (At(Tok::kIf)) {
    Mark m = Save();
    Advance();
    Expr* test = Disjunction();
    if (test != nullptr && !At(Tok::kElse)) {
      // invalid_expression: a=disjunction 'if' b=disjunction !('else'|':')
      if (CheckInvalid() && !At(Tok::kColon)) {
        return RaiseRange(a->loc, test->loc, "expected 'else' after 'if' expression");
      }
      Fail();
      test = nullptr;
    }
    Expr* orelse = nullptr;
    if (test != nullptr) {
      Advance();
      orelse = Expression();
    }
    if (orelse == nullptr) {
      if (!Backtracking()) return RetryForInvalid(entry);
      Rewind(m);
      return a;
    }
    IfExp* e = New<IfExp>(Span(start));
    e->test = test;
    e->body = a;
    e->orelse = orelse;
    return e;
  }
  if (CheckInvalid() && CanStartExpression(Kind())) {
    CheckExpressionFollowsExpression(start, a);
    if (failed()) return nullptr;
  }
  return a;
}

// expression_without_invalid: expression with the invalid_* checks off.
Expr* Parser::ExpressionWithoutInvalid() {
  ++no_invalid_;
  Expr* e = Expression();
  --no_invalid_;
  return e;
}

// disjunction -> conjunction ('or' conjunction)+ | conjunction
Expr* Parser::Disjunction() {
  // See plain_disjunction_at_ in parser.h.
  struct Plain {
    Parser* p;
    bool on;
    Plain(Parser* p, bool on) : p(p), on(on) { p->no_invalid_ += on; }
    ~Plain() { p->no_invalid_ -= on; }
  } plain(this, pos_ == plain_disjunction_at_);
  size_t start = pos_;
  Expr* first = Conjunction();
  if (first == nullptr || !At(Tok::kOr)) return first;
  std::vector<Expr*> values = {first};
  while (At(Tok::kOr)) {
    Mark m = Save();
    Advance();
    Expr* e = Conjunction();
    if (e == nullptr) {
      if (!Backtracking()) return nullptr;
      Rewind(m);
      break;
    }
    values.push_back(e);
  }
  if (values.size() == 1) return first;
  BoolOp* e = New<BoolOp>(Span(start));
  e->op = BoolOperator::kOr;
  e->values = MakeList(values);
  return e;
}

// conjunction -> inversion ('and' inversion)+ | inversion
Expr* Parser::Conjunction() {
  size_t start = pos_;
  Expr* first = Inversion();
  if (first == nullptr || !At(Tok::kAnd)) return first;
  std::vector<Expr*> values = {first};
  while (At(Tok::kAnd)) {
    Mark m = Save();
    Advance();
    Expr* e = Inversion();
    if (e == nullptr) {
      if (!Backtracking()) return nullptr;
      Rewind(m);
      break;
    }
    values.push_back(e);
  }
  if (values.size() == 1) return first;
  BoolOp* e = New<BoolOp>(Span(start));
  e->op = BoolOperator::kAnd;
  e->values = MakeList(values);
  return e;
}

// inversion -> 'not' inversion | comparison
Expr* Parser::Inversion() {
  if (!At(Tok::kNot)) return Comparison();
  DepthGuard guard(this);
  if (guard.too_deep()) {
    return RaiseAtLast("Parser stack overflowed - Python source too complex to parse");
  }
  size_t start = pos_;
  Advance();
  Expr* operand = Inversion();
  if (operand == nullptr) return nullptr;
  UnaryOp* e = New<UnaryOp>(Span(start));
  e->op = UnaryOperator::kNot;
  e->operand = operand;
  return e;
}

// comparison -> bitwise_or compare_op_bitwise_or_pair+ | bitwise_or
// compare_op_bitwise_or_pair -> ('==' | '!=' | '<=' | '<' | '>=' | '>' | 'not' 'in'
//     | 'in' | 'is' 'not' | 'is') bitwise_or
Expr* Parser::Comparison() {
  size_t start = pos_;
  Expr* left = BitwiseOr();
  if (left == nullptr) return nullptr;
  std::vector<CmpOp> ops;
  std::vector<Expr*> comparators;
  for (;;) {
    Mark m = Save();
    CmpOp op;
    switch (Kind()) {
      case Tok::kEqEqual: op = CmpOp::kEq; break;
      case Tok::kNotEqual: op = CmpOp::kNotEq; break;
      case Tok::kLessEqual: op = CmpOp::kLtE; break;
      case Tok::kLess: op = CmpOp::kLt; break;
      case Tok::kGreaterEqual: op = CmpOp::kGtE; break;
      case Tok::kGreater: op = CmpOp::kGt; break;
      case Tok::kIn: op = CmpOp::kIn; break;
      case Tok::kNot:
        if (Kind(1) != Tok::kIn) goto done;
        Advance();
        op = CmpOp::kNotIn;
        break;
      case Tok::kIs:
        op = CmpOp::kIs;
        if (Kind(1) == Tok::kNot) {
          Advance();
          op = CmpOp::kIsNot;
        }
        break;
      default:
        goto done;
    }
    Advance();
    Expr* right = BitwiseOr();
    if (right == nullptr) {
      if (!Backtracking()) return nullptr;
      Rewind(m);
      break;
    }
    ops.push_back(op);
    comparators.push_back(right);
  }
done:
  if (ops.empty()) return left;
  Compare* e = New<Compare>(Span(start));
  e->left = left;
  e->ops = module_->arena.Copy(ops);
  e->comparators = MakeList(comparators);
  return e;
}

// bitwise_or -> bitwise_or '|' bitwise_xor | bitwise_xor
Expr* Parser::BitwiseOr() {
  size_t start = pos_;
  Expr* left = BitwiseXor();
  while (left != nullptr && At(Tok::kVBar)) {
    Mark m = Save();
    Advance();
    Expr* right = BitwiseXor();
    if (right == nullptr) {
      if (!Backtracking()) return nullptr;
      Rewind(m);
      return left;
    }
    BinOp* e = New<BinOp>(Span(start));
    e->left = left;
    e->op = Operator::kBitOr;
    e->right = right;
    left = e;
  }
  return left;
}

// bitwise_xor -> bitwise_xor '^' bitwise_and | bitwise_and
Expr* Parser::BitwiseXor() {
  size_t start = pos_;
  Expr* left = BitwiseAnd();
  while (left != nullptr && At(Tok::kCircumflex)) {
    Mark m = Save();
    Advance();
    Expr* right = BitwiseAnd();
    if (right == nullptr) {
      if (!Backtracking()) return nullptr;
      Rewind(m);
      return left;
    }
    BinOp* e = New<BinOp>(Span(start));
    e->left = left;
    e->op = Operator::kBitXor;
    e->right = right;
    left = e;
  }
  return left;
}

// bitwise_and -> bitwise_and '&' shift_expr | shift_expr
Expr* Parser::BitwiseAnd() {
  size_t start = pos_;
  Expr* left = ShiftExpr();
  while (left != nullptr && At(Tok::kAmper)) {
    Mark m = Save();
    Advance();
    Expr* right = ShiftExpr();
    if (right == nullptr) {
      if (!Backtracking()) return nullptr;
      Rewind(m);
      return left;
    }
    BinOp* e = New<BinOp>(Span(start));
    e->left = left;
    e->op = Operator::kBitAnd;
    e->right = right;
    left = e;
  }
  return left;
}

// shift_expr -> shift_expr ('<<' | '>>') sum | sum
Expr* Parser::ShiftExpr() {
  size_t start = pos_;
  Expr* left = Sum();
  while (left != nullptr && (At(Tok::kLeftShift) || At(Tok::kRightShift))) {
    Mark m = Save();
    Operator op = Advance().kind == Tok::kLeftShift ? Operator::kLShift : Operator::kRShift;
    Expr* right = Sum();
    if (right == nullptr) {
      if (!Backtracking()) return nullptr;
      Rewind(m);
      return left;
    }
    BinOp* e = New<BinOp>(Span(start));
    e->left = left;
    e->op = op;
    e->right = right;
    left = e;
  }
  return left;
}

// sum -> sum ('+' | '-') term | term
Expr* Parser::Sum() {
  size_t start = pos_;
  Expr* left = Term();
  while (left != nullptr && (At(Tok::kPlus) || At(Tok::kMinus))) {
    Mark m = Save();
    Operator op = Advance().kind == Tok::kPlus ? Operator::kAdd : Operator::kSub;
    Expr* right = Term();
    if (right == nullptr) {
      if (!Backtracking()) return nullptr;
      Rewind(m);
      return left;
    }
    BinOp* e = New<BinOp>(Span(start));
    e->left = left;
    e->op = op;
    e->right = right;
    left = e;
  }
  return left;
}

// term -> term ('*' | '/' | '//' | '%' | '@') factor | factor
Expr* Parser::Term() {
  size_t start = pos_;
  Expr* left = Factor();
  while (left != nullptr) {
    Operator op;
    switch (Kind()) {
      case Tok::kStar: op = Operator::kMult; break;
      case Tok::kSlash: op = Operator::kDiv; break;
      case Tok::kDoubleSlash: op = Operator::kFloorDiv; break;
      case Tok::kPercent: op = Operator::kMod; break;
      case Tok::kAt: op = Operator::kMatMult; break;
      default: return left;
    }
    Mark m = Save();
    Advance();
    Expr* right = Factor();
    if (right == nullptr) {
      if (!Backtracking()) return nullptr;
      Rewind(m);
      return left;
    }
    BinOp* e = New<BinOp>(Span(start));
    e->left = left;
    e->op = op;
    e->right = right;
    left = e;
  }
  return left;
}

// factor -> '+' factor | '-' factor | '~' factor | power
Expr* Parser::Factor() {
  // Guarded here for both recursions through it: `- - x` and `a ** b ** c`.
  DepthGuard guard(this);
  if (guard.too_deep()) {
    return RaiseAtLast("Parser stack overflowed - Python source too complex to parse");
  }
  UnaryOperator op;
  switch (Kind()) {
    case Tok::kPlus: op = UnaryOperator::kUAdd; break;
    case Tok::kMinus: op = UnaryOperator::kUSub; break;
    case Tok::kTilde: op = UnaryOperator::kInvert; break;
    default: return Power();
  }
  size_t start = pos_;
  Advance();
  Expr* operand = Factor();
  if (operand == nullptr) return nullptr;
  UnaryOp* e = New<UnaryOp>(Span(start));
  e->op = op;
  e->operand = operand;
  return e;
}

// power -> await_primary '**' factor | await_primary
// await_primary -> AWAIT primary | primary
Expr* Parser::Power() {
  if (At(Tok::kAwait)) {
    // `await` is a keyword: with no operand it is plain invalid syntax.
    if (CanStartExpression(Kind(1))) return Unsupported(Peek(), "'await' expressions are");
    Advance();
    return Fail();
  }
  size_t start = pos_;
  Expr* left = Primary();
  if (left == nullptr || !At(Tok::kDoubleStar)) return left;
  Mark m = Save();
  Advance();
  Expr* right = Factor();
  if (right == nullptr) {
    if (!Backtracking()) return nullptr;
    Rewind(m);
    return left;
  }
  BinOp* e = New<BinOp>(Span(start));
  e->left = left;
  e->op = Operator::kPow;
  e->right = right;
  return e;
}

// primary -> primary '.' NAME | primary genexp | primary '(' [arguments] ')'
//     | primary '[' slices ']' | atom
Expr* Parser::Primary() {
  size_t start = pos_;
  Expr* e = Atom();
  while (e != nullptr) {
    Mark m = Save();
    Expr* before = e;
    switch (Kind()) {
      case Tok::kDot: {
        Advance();
        if (!At(Tok::kName)) {
          if (!Backtracking()) return Fail();
          Rewind(m);
          return before;
        }
        absl::string_view attr = Advance().text;
        Attribute* a = New<Attribute>(Span(start));
        a->value = e;
        a->attr = attr;
        e = a;
        break;
      }
      case Tok::kLPar:
        e = CallSuffix(start, e);
        if (e == nullptr && Backtracking()) {
          Rewind(m);
          return before;
        }
        break;
      case Tok::kLSqb: {
        Advance();
        Expr* slice = Slices();
        if (slice == nullptr || !Expect(Tok::kRSqb)) {
          if (!Backtracking()) return nullptr;
          Rewind(m);
          return before;
        }
        Subscript* s = New<Subscript>(Span(start));
        s->value = e;
        s->slice = slice;
        e = s;
        break;
      }
      default:
        return e;
    }
  }
  return e;
}

// yield_expr -> 'yield' 'from' expression | 'yield' [star_expressions]
Expr* Parser::YieldExpr() {
  size_t start = pos_;
  Advance();
  if (Accept(Tok::kFrom)) {
    Expr* value = Expression();
    if (value == nullptr) return nullptr;
    YieldFrom* y = New<YieldFrom>(Span(start));
    y->value = value;
    return y;
  }
  Expr* value = nullptr;
  if (CanStartExpression(Kind()) || At(Tok::kStar)) {
    value = StarExpressions();
    if (value == nullptr) return nullptr;
  }
  Yield* y = New<Yield>(Span(start));
  y->value = value;
  return y;
}

// lambdef -> 'lambda' [lambda_params] ':' expression
Expr* Parser::LambdaDef() {
  size_t start = pos_;
  Advance();
  Arguments* args = Parameters(/*lambda=*/true);
  if (args == nullptr || !Expect(Tok::kColon)) return nullptr;
  Expr* body = Expression();
  if (body == nullptr) return nullptr;
  Lambda* l = New<Lambda>(Span(start));
  l->args = args;
  l->body = body;
  return l;
}

}  // namespace wick::lang::internal
