// Generic traversal helpers over the AST: the direct children of a node, in source
// order, for passes that do not care about the node kind (depth checks, searches).
#ifndef WICK_LANG_AST_WALK_H_
#define WICK_LANG_AST_WALK_H_

#include "lang/ast.h"

namespace wick::lang {

// Calls fn(child, starred_ok) for each direct child expression of `e`, including those
// inside a lambda's defaults and a comprehension's clauses. starred_ok: whether a `*x`
// may stand in that position (display elements and call arguments).
template <typename Fn>
void ForEachChild(const Expr* e, Fn&& fn) {
  auto generators = [&](absl::Span<Comprehension* const> gens) {
    for (const Comprehension* g : gens) {
      fn(g->iter, false);
      fn(g->target, false);
      for (const Expr* cond : g->ifs) fn(cond, false);
    }
  };
  switch (e->kind) {
    case ExprKind::kBoolOp:
      for (const Expr* v : e->As<BoolOp>()->values) fn(v, false);
      break;
    case ExprKind::kNamedExpr:
      fn(e->As<NamedExpr>()->value, false);
      break;
    case ExprKind::kBinOp:
      fn(e->As<BinOp>()->left, false);
      fn(e->As<BinOp>()->right, false);
      break;
    case ExprKind::kUnaryOp:
      fn(e->As<UnaryOp>()->operand, false);
      break;
    case ExprKind::kLambda: {
      const Lambda* l = e->As<Lambda>();
      for (const Expr* d : l->args->defaults) fn(d, false);
      for (const Expr* d : l->args->kw_defaults) {
        if (d != nullptr) fn(d, false);
      }
      fn(l->body, false);
      break;
    }
    case ExprKind::kIfExp:
      fn(e->As<IfExp>()->test, false);
      fn(e->As<IfExp>()->body, false);
      fn(e->As<IfExp>()->orelse, false);
      break;
    case ExprKind::kDict: {
      const Dict* d = e->As<Dict>();
      for (size_t i = 0; i < d->keys.size(); ++i) {
        if (d->keys[i] != nullptr) fn(d->keys[i], false);
        fn(d->values[i], false);
      }
      break;
    }
    case ExprKind::kSet:
      for (const Expr* v : e->As<Set>()->elts) fn(v, true);
      break;
    case ExprKind::kListComp:
      generators(e->As<ListComp>()->generators);
      fn(e->As<ListComp>()->elt, false);
      break;
    case ExprKind::kSetComp:
      generators(e->As<SetComp>()->generators);
      fn(e->As<SetComp>()->elt, false);
      break;
    case ExprKind::kDictComp:
      generators(e->As<DictComp>()->generators);
      fn(e->As<DictComp>()->key, false);
      fn(e->As<DictComp>()->value, false);
      break;
    case ExprKind::kGeneratorExp:
      generators(e->As<GeneratorExp>()->generators);
      fn(e->As<GeneratorExp>()->elt, false);
      break;
    case ExprKind::kYield:
      if (e->As<Yield>()->value != nullptr) fn(e->As<Yield>()->value, false);
      break;
    case ExprKind::kYieldFrom:
      fn(e->As<YieldFrom>()->value, false);
      break;
    case ExprKind::kCompare:
      fn(e->As<Compare>()->left, false);
      for (const Expr* v : e->As<Compare>()->comparators) fn(v, false);
      break;
    case ExprKind::kCall:
      fn(e->As<Call>()->func, false);
      for (const Expr* v : e->As<Call>()->args) fn(v, true);
      for (const Keyword* k : e->As<Call>()->keywords) fn(k->value, false);
      break;
    case ExprKind::kFormattedValue:
      fn(e->As<FormattedValue>()->value, false);
      if (e->As<FormattedValue>()->format_spec != nullptr) {
        fn(e->As<FormattedValue>()->format_spec, false);
      }
      break;
    case ExprKind::kJoinedStr:
      for (const Expr* v : e->As<JoinedStr>()->values) fn(v, false);
      break;
    case ExprKind::kAttribute:
      fn(e->As<Attribute>()->value, false);
      break;
    case ExprKind::kSubscript:
      fn(e->As<Subscript>()->value, false);
      fn(e->As<Subscript>()->slice, false);
      break;
    case ExprKind::kStarred:
      fn(e->As<Starred>()->value, false);
      break;
    case ExprKind::kList:
      for (const Expr* v : e->As<List>()->elts) fn(v, true);
      break;
    case ExprKind::kTuple:
      for (const Expr* v : e->As<Tuple>()->elts) fn(v, true);
      break;
    case ExprKind::kSlice: {
      const Slice* s = e->As<Slice>();
      if (s->lower != nullptr) fn(s->lower, false);
      if (s->upper != nullptr) fn(s->upper, false);
      if (s->step != nullptr) fn(s->step, false);
      break;
    }
    case ExprKind::kConstant:
    case ExprKind::kName:
      break;
  }
}

// Calls on_stmts(list) for each child statement list of `s` (bodies, else and finally
// blocks, handler bodies) and on_expr(e) for each child expression (including a def's
// decorators, defaults, annotations and return annotation, and a class's bases).
template <typename StmtsFn, typename ExprFn>
void ForEachStmtChild(const Stmt* s, StmtsFn&& on_stmts, ExprFn&& on_expr) {
  auto arguments = [&](const Arguments* a) {
    for (const Expr* d : a->defaults) on_expr(d);
    for (const Expr* d : a->kw_defaults) {
      if (d != nullptr) on_expr(d);
    }
    auto annotation = [&](const Arg* arg) {
      if (arg != nullptr && arg->annotation != nullptr) on_expr(arg->annotation);
    };
    for (const Arg* arg : a->posonlyargs) annotation(arg);
    for (const Arg* arg : a->args) annotation(arg);
    annotation(a->vararg);
    for (const Arg* arg : a->kwonlyargs) annotation(arg);
    annotation(a->kwarg);
  };
  switch (s->kind) {
    case StmtKind::kFunctionDef: {
      const FunctionDef* f = s->As<FunctionDef>();
      for (const Expr* d : f->decorator_list) on_expr(d);
      arguments(f->args);
      if (f->returns != nullptr) on_expr(f->returns);
      on_stmts(f->body);
      break;
    }
    case StmtKind::kClassDef: {
      const ClassDef* c = s->As<ClassDef>();
      for (const Expr* d : c->decorator_list) on_expr(d);
      for (const Expr* b : c->bases) on_expr(b);
      for (const Keyword* k : c->keywords) on_expr(k->value);
      on_stmts(c->body);
      break;
    }
    case StmtKind::kReturn:
      if (s->As<Return>()->value != nullptr) on_expr(s->As<Return>()->value);
      break;
    case StmtKind::kDelete:
      for (const Expr* t : s->As<Delete>()->targets) on_expr(t);
      break;
    case StmtKind::kAssign:
      for (const Expr* t : s->As<Assign>()->targets) on_expr(t);
      on_expr(s->As<Assign>()->value);
      break;
    case StmtKind::kAugAssign:
      on_expr(s->As<AugAssign>()->target);
      on_expr(s->As<AugAssign>()->value);
      break;
    case StmtKind::kAnnAssign:
      on_expr(s->As<AnnAssign>()->target);
      on_expr(s->As<AnnAssign>()->annotation);
      if (s->As<AnnAssign>()->value != nullptr) on_expr(s->As<AnnAssign>()->value);
      break;
    case StmtKind::kFor:
      on_expr(s->As<For>()->target);
      on_expr(s->As<For>()->iter);
      on_stmts(s->As<For>()->body);
      on_stmts(s->As<For>()->orelse);
      break;
    case StmtKind::kWhile:
      on_expr(s->As<While>()->test);
      on_stmts(s->As<While>()->body);
      on_stmts(s->As<While>()->orelse);
      break;
    case StmtKind::kIf:
      on_expr(s->As<If>()->test);
      on_stmts(s->As<If>()->body);
      on_stmts(s->As<If>()->orelse);
      break;
    case StmtKind::kWith:
      for (const WithItem* item : s->As<With>()->items) {
        on_expr(item->context_expr);
        if (item->optional_vars != nullptr) on_expr(item->optional_vars);
      }
      on_stmts(s->As<With>()->body);
      break;
    case StmtKind::kRaise:
      if (s->As<Raise>()->exc != nullptr) on_expr(s->As<Raise>()->exc);
      if (s->As<Raise>()->cause != nullptr) on_expr(s->As<Raise>()->cause);
      break;
    case StmtKind::kTry: {
      const Try* t = s->As<Try>();
      on_stmts(t->body);
      for (const ExceptHandler* h : t->handlers) {
        if (h->type != nullptr) on_expr(h->type);
        on_stmts(h->body);
      }
      on_stmts(t->orelse);
      on_stmts(t->finalbody);
      break;
    }
    case StmtKind::kAssert:
      on_expr(s->As<Assert>()->test);
      if (s->As<Assert>()->msg != nullptr) on_expr(s->As<Assert>()->msg);
      break;
    case StmtKind::kExprStmt:
      on_expr(s->As<ExprStmt>()->value);
      break;
    case StmtKind::kImport:
    case StmtKind::kImportFrom:
    case StmtKind::kGlobal:
    case StmtKind::kNonlocal:
    case StmtKind::kPass:
    case StmtKind::kBreak:
    case StmtKind::kContinue:
      break;
  }
}

}  // namespace wick::lang

#endif  // WICK_LANG_AST_WALK_H_
