// Assignment, for and del targets: expressions are parsed first and then checked and
// given Store/Del context, with CPython's "cannot assign to %s" diagnostics
// (_PyPegen_get_invalid_target, _PyPegen_get_expr_name).
#include <vector>

#include "absl/strings/str_cat.h"
#include "lang/internal/parser.h"

namespace wick::lang::internal {

absl::string_view ExprName(const Expr* e) {
  switch (e->kind) {
    case ExprKind::kAttribute: return "attribute";
    case ExprKind::kSubscript: return "subscript";
    case ExprKind::kStarred: return "starred";
    case ExprKind::kName: return "name";
    case ExprKind::kList: return "list";
    case ExprKind::kTuple: return "tuple";
    case ExprKind::kLambda: return "lambda";
    case ExprKind::kCall: return "function call";
    case ExprKind::kBoolOp:
    case ExprKind::kBinOp:
    case ExprKind::kUnaryOp: return "expression";
    case ExprKind::kGeneratorExp: return "generator expression";
    case ExprKind::kYield:
    case ExprKind::kYieldFrom: return "yield expression";
    case ExprKind::kListComp: return "list comprehension";
    case ExprKind::kSetComp: return "set comprehension";
    case ExprKind::kDictComp: return "dict comprehension";
    case ExprKind::kDict: return "dict literal";
    case ExprKind::kSet: return "set display";
    case ExprKind::kJoinedStr:
    case ExprKind::kFormattedValue: return "f-string expression";
    case ExprKind::kConstant: {
      const Constant* c = e->As<Constant>();
      if (c->value_kind == ConstantKind::kNone) return "None";
      if (c->value_kind == ConstantKind::kBool) return c->bool_value ? "True" : "False";
      if (c->value_kind == ConstantKind::kEllipsis) return "ellipsis";
      return "literal";
    }
    case ExprKind::kCompare: return "comparison";
    case ExprKind::kIfExp: return "conditional expression";
    case ExprKind::kNamedExpr: return "named expression";
    case ExprKind::kSlice: return "slice";
  }
  return "expression";
}

Expr* Parser::InvalidTarget(Expr* e, TargetsType type) {
  switch (e->kind) {
    case ExprKind::kList:
      for (Expr* elt : e->As<List>()->elts) {
        if (Expr* bad = InvalidTarget(elt, type)) return bad;
      }
      return nullptr;
    case ExprKind::kTuple:
      for (Expr* elt : e->As<Tuple>()->elts) {
        if (Expr* bad = InvalidTarget(elt, type)) return bad;
      }
      return nullptr;
    case ExprKind::kStarred:
      if (type == TargetsType::kDel) return e;
      return InvalidTarget(e->As<Starred>()->value, type);
    case ExprKind::kCompare:
      // `for a in b` reaches here parsed as the comparison `a in b`.
      if (type == TargetsType::kFor) {
        const Compare* c = e->As<Compare>();
        if (c->ops[0] == CmpOp::kIn) return InvalidTarget(c->left, type);
        return nullptr;
      }
      return e;
    case ExprKind::kName:
    case ExprKind::kSubscript:
    case ExprKind::kAttribute:
      return nullptr;
    default:
      return e;
  }
}

bool Parser::RaiseInvalidTarget(TargetsType type, Expr* e) {
  Expr* bad = InvalidTarget(e, type);
  if (bad == nullptr) return false;
  RaiseAt(bad->loc, absl::StrCat(type == TargetsType::kDel ? "cannot delete "
                                                           : "cannot assign to ",
                                 ExprName(bad)));
  return true;
}

void Parser::SetContext(Expr* e, ExprContext ctx) {
  switch (e->kind) {
    case ExprKind::kName: e->As<Name>()->ctx = ctx; break;
    case ExprKind::kAttribute: e->As<Attribute>()->ctx = ctx; break;
    case ExprKind::kSubscript: e->As<Subscript>()->ctx = ctx; break;
    case ExprKind::kStarred:
      e->As<Starred>()->ctx = ctx;
      SetContext(e->As<Starred>()->value, ctx);
      break;
    case ExprKind::kList:
      e->As<List>()->ctx = ctx;
      for (Expr* elt : e->As<List>()->elts) SetContext(elt, ctx);
      break;
    case ExprKind::kTuple:
      e->As<Tuple>()->ctx = ctx;
      for (Expr* elt : e->As<Tuple>()->elts) SetContext(elt, ctx);
      break;
    default:
      break;
  }
}

bool Parser::IsSingleTarget(const Expr* e) {
  return e->Is<Name>() || e->Is<Attribute>() || e->Is<Subscript>();
}

// star_targets -> star_target !',' | star_target (',' star_target)* [',']
// star_target -> '*' (!'*' star_target) | target_with_star_atom
// Parsed as bitwise_or expressions (a target cannot contain a comparison, so `in`
// ends it); nullptr if it is not a valid target.
Expr* Parser::StarTargets() {
  size_t start = pos_;
  std::vector<Expr*> elts;
  bool comma = false;
  for (;;) {
    size_t item = pos_;
    Expr* e = nullptr;
    if (Accept(Tok::kStar)) {
      Expr* value = BitwiseOr();
      if (value == nullptr) return nullptr;
      Starred* s = New<Starred>(Span(item));
      s->value = value;
      e = s;
    } else {
      e = BitwiseOr();
      if (e == nullptr) return nullptr;
    }
    elts.push_back(e);
    if (!At(Tok::kComma)) break;
    Advance();
    comma = true;
    if (!CanStartExpression(Kind()) && !At(Tok::kStar)) break;
  }
  Expr* target = elts[0];
  if (comma) {
    Tuple* t = New<Tuple>(Span(start));
    t->elts = MakeList(elts);
    target = t;
  }
  if (InvalidTarget(target, TargetsType::kFor) != nullptr) return Fail();
  SetContext(target, ExprContext::kStore);
  return target;
}

}  // namespace wick::lang::internal
