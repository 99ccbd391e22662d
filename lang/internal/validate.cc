// Post-parse checks (validate.h): a depth limit, then a symbol-table pass and a compiler
// pass over the tree, each reporting its first error in the order CPython's symtable.c /
// compile.c would.
#include "lang/internal/validate.h"

#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "lang/ast_walk.h"

namespace wick::lang::internal {
namespace {

// Trees nested deeper than this (`1+1+...+1` with thousands of terms, thousands of
// elifs) are refused, as CPython's compiler refuses them (RecursionError, MemoryError).
// Passes over a checked tree (these, the bytecode compiler, DumpAst) may then recurse.
constexpr int kMaxDepth = 3000;

class Checker {
 public:
  Checker(const Module& module, const SourceLines& lines) : module_(module), lines_(lines) {}

  bool failed() const { return error_.has_value(); }
  absl::Status status() const { return error_ ? error_->ToStatus() : absl::OkStatus(); }

 protected:
  void Error(const SourceRange& loc, std::string message) {
    if (error_) return;
    error_ = MakeError(lines_, module_.filename ? *module_.filename : "",
                       SyntaxError::Type::kSyntaxError, std::move(message), loc.line,
                       loc.col + 1, loc.end_line, loc.end_col + 1);
  }

  const Module& module_;
  const SourceLines& lines_;
  std::optional<SyntaxError> error_;
};

// The depth limit, checked without recursing.
class DepthCheck : public Checker {
 public:
  using Checker::Checker;

  void Run() {
    struct Item {
      const Stmt* stmt;
      const Expr* expr;
      int depth;
    };
    std::vector<Item> stack;
    for (const Stmt* s : module_.body) stack.push_back({s, nullptr, 1});
    while (!stack.empty() && !failed()) {
      Item item = stack.back();
      stack.pop_back();
      const SourceRange& loc = item.stmt ? item.stmt->loc : item.expr->loc;
      if (item.depth > kMaxDepth) {
        return Error(loc, "maximum recursion depth exceeded during compilation");
      }
      auto push_expr = [&](const Expr* e, bool = false) {
        stack.push_back({nullptr, e, item.depth + 1});
      };
      if (item.stmt != nullptr) {
        ForEachStmtChild(
            item.stmt,
            [&](StmtList body) {
              for (const Stmt* s : body) stack.push_back({s, nullptr, item.depth + 1});
            },
            push_expr);
      } else {
        ForEachChild(item.expr, push_expr);
      }
    }
  }
};

struct ComprehensionParts {
  const char* what = nullptr;  // "list comprehension", ...
  absl::Span<Comprehension* const> generators;
  const Expr* elt = nullptr;
  const Expr* value = nullptr;  // DictComp only (its elt is the key)
};

ComprehensionParts Parts(const Expr* e) {
  switch (e->kind) {
    case ExprKind::kListComp:
      return {"list comprehension", e->As<ListComp>()->generators, e->As<ListComp>()->elt};
    case ExprKind::kSetComp:
      return {"set comprehension", e->As<SetComp>()->generators, e->As<SetComp>()->elt};
    case ExprKind::kDictComp:
      return {"dict comprehension", e->As<DictComp>()->generators,
              e->As<DictComp>()->key, e->As<DictComp>()->value};
    default:
      return {"generator expression", e->As<GeneratorExp>()->generators,
              e->As<GeneratorExp>()->elt};
  }
}

// symtable.c: duplicate parameters, `nonlocal` at module level, `yield` and misused
// `:=` in comprehensions. (Name binding errors, such as "no binding for nonlocal 'x'
// found", need the full symbol table and are left to the bytecode compiler.)
class SymtablePass : public Checker {
 public:
  using Checker::Checker;

  void Run() {
    scopes_.push_back({Kind::kModule});
    Stmts(module_.body);
  }

 private:
  enum class Kind { kModule, kFunction, kClass, kComprehension };
  struct Scope {
    Kind kind;
    const char* what = "";  // for comprehensions: "list comprehension", ...
    std::vector<absl::string_view> iteration_vars;
    int in_iterable = 0;  // ste_comp_iter_expr: inside a comprehension's iterable
  };

  Scope& Top() { return scopes_.back(); }

  void Stmts(StmtList body) {
    for (const Stmt* s : body) {
      if (failed()) return;
      Statement(s);
    }
  }

  void Params(const Arguments* args) {
    std::vector<const Arg*> all;
    for (const Arg* a : args->posonlyargs) all.push_back(a);
    for (const Arg* a : args->args) all.push_back(a);
    for (const Arg* a : args->kwonlyargs) all.push_back(a);
    if (args->vararg != nullptr) all.push_back(args->vararg);
    if (args->kwarg != nullptr) all.push_back(args->kwarg);
    for (size_t i = 0; i < all.size(); ++i) {
      for (size_t j = 0; j < i; ++j) {
        if (all[j]->arg == all[i]->arg) {
          return Error(all[i]->loc, absl::StrCat("duplicate argument '", all[i]->arg,
                                                 "' in function definition"));
        }
      }
    }
  }

  void Statement(const Stmt* s) {
    if (const FunctionDef* f = s->As<FunctionDef>()) {
      // Decorators, defaults and annotations belong to the enclosing scope.
      ForEachStmtChild(
          s, [](StmtList) {}, [&](const Expr* e) { Expression(e); });
      scopes_.push_back({Kind::kFunction});
      Params(f->args);
      Stmts(f->body);
      scopes_.pop_back();
      return;
    }
    if (const ClassDef* c = s->As<ClassDef>()) {
      ForEachStmtChild(
          s, [](StmtList) {}, [&](const Expr* e) { Expression(e); });
      scopes_.push_back({Kind::kClass});
      Stmts(c->body);
      scopes_.pop_back();
      return;
    }
    if (s->Is<Nonlocal>() && Top().kind == Kind::kModule) {
      return Error(s->loc, "nonlocal declaration not allowed at module level");
    }
    ForEachStmtChild(
        s, [&](StmtList body) { Stmts(body); }, [&](const Expr* e) { Expression(e); });
  }

  void Expression(const Expr* e) {
    if (failed()) return;
    switch (e->kind) {
      case ExprKind::kYield:
      case ExprKind::kYieldFrom:
        if (Top().kind == Kind::kComprehension) {
          return Error(e->loc, absl::StrCat("'yield' inside ", Top().what));
        }
        break;
      case ExprKind::kNamedExpr:
        NamedExpression(e->As<NamedExpr>());
        break;
      case ExprKind::kLambda:
        return LambdaScope(e->As<Lambda>());
      case ExprKind::kListComp:
      case ExprKind::kSetComp:
      case ExprKind::kDictComp:
      case ExprKind::kGeneratorExp:
        return ComprehensionScope(e);
      default:
        break;
    }
    ForEachChild(e, [this](const Expr* child, bool) { Expression(child); });
  }

  // Kept out of Expression() so that its frame, which deep trees stack up, stays small.
  [[gnu::noinline]] void LambdaScope(const Lambda* l) {
    for (const Expr* d : l->args->defaults) Expression(d);
    for (const Expr* d : l->args->kw_defaults) {
      if (d != nullptr) Expression(d);
    }
    scopes_.push_back({Kind::kFunction});
    Params(l->args);
    Expression(l->body);
    scopes_.pop_back();
  }

  [[gnu::noinline]] void ComprehensionScope(const Expr* e) {
    ComprehensionParts c = Parts(e);
    // Only trees the error-recovery pass builds lack generators; nothing to check there.
    if (c.generators.empty()) return;
    // The first iterable is evaluated in the enclosing scope.
    Iterable(c.generators[0]->iter);
    scopes_.push_back({Kind::kComprehension, c.what});
    for (size_t i = 0; i < c.generators.size(); ++i) {
      const Comprehension* g = c.generators[i];
      Expression(g->target);
      IterationVars(g->target, &Top().iteration_vars);
      if (i > 0) Iterable(g->iter);
      for (const Expr* cond : g->ifs) Expression(cond);
    }
    if (c.value != nullptr) Expression(c.value);
    Expression(c.elt);
    scopes_.pop_back();
  }

  void Iterable(const Expr* e) {
    ++Top().in_iterable;
    Expression(e);
    --Top().in_iterable;
  }

  void IterationVars(const Expr* target, std::vector<absl::string_view>* out) {
    if (const Name* n = target->As<Name>()) out->push_back(n->id);
    if (const Starred* s = target->As<Starred>()) IterationVars(s->value, out);
    if (const Tuple* t = target->As<Tuple>()) {
      for (const Expr* e : t->elts) IterationVars(e, out);
    }
    if (const List* l = target->As<List>()) {
      for (const Expr* e : l->elts) IterationVars(e, out);
    }
  }

  // symtable_visit_expr's NamedExpr case and symtable_extend_namedexpr_scope.
  [[gnu::noinline]] void NamedExpression(const NamedExpr* e) {
    if (Top().in_iterable > 0) {
      return Error(e->loc, "assignment expression cannot be used in a comprehension "
                           "iterable expression");
    }
    if (Top().kind != Kind::kComprehension) return;
    const Name* target = e->target->As<Name>();
    for (size_t i = scopes_.size(); i-- > 0;) {
      const Scope& scope = scopes_[i];
      if (scope.kind == Kind::kComprehension) {
        for (absl::string_view v : scope.iteration_vars) {
          if (v == target->id) {
            return Error(target->loc,
                         absl::StrCat("assignment expression cannot rebind comprehension "
                                      "iteration variable '",
                                      target->id, "'"));
          }
        }
        continue;
      }
      if (scope.kind == Kind::kClass) {
        Error(target->loc,
              "assignment expression within a comprehension cannot be used in a class "
              "body");
      }
      return;
    }
  }

  std::vector<Scope> scopes_;
};

// compile.c: what only the code generator notices.
class CompilerPass : public Checker {
 public:
  using Checker::Checker;

  void Run() { Stmts(module_.body); }

 private:
  struct Frame {
    bool function = false;
    int loops = 0;
  };

  void Stmts(StmtList body) {
    for (const Stmt* s : body) {
      if (failed()) return;
      Statement(s);
    }
  }

  // validate_keywords: a name given twice.
  void Keywords(absl::Span<Keyword* const> keywords) {
    for (size_t i = 0; i < keywords.size(); ++i) {
      if (keywords[i]->arg.empty()) continue;
      for (size_t j = i + 1; j < keywords.size(); ++j) {
        if (keywords[j]->arg == keywords[i]->arg) {
          return Error(keywords[j]->loc,
                       absl::StrCat("keyword argument repeated: ", keywords[j]->arg));
        }
      }
    }
  }

  void Defaults(const Arguments* args) {
    for (const Expr* d : args->defaults) Expression(d);
    for (const Expr* d : args->kw_defaults) {
      if (d != nullptr) Expression(d);
    }
  }

  // A function or class body: its own return/yield/loop context.
  void Body(StmtList body, bool function) {
    Frame saved = frame_;
    frame_ = {function, 0};
    Stmts(body);
    frame_ = saved;
  }

  void Loop(const Expr* test_or_iter, const Expr* target, StmtList body,
            StmtList orelse) {
    Expression(test_or_iter);
    if (target != nullptr) Target(target, false);
    ++frame_.loops;
    Stmts(body);
    --frame_.loops;
    Stmts(orelse);
  }

  void Statement(const Stmt* s) {
    switch (s->kind) {
      case StmtKind::kFunctionDef: {
        const FunctionDef* f = s->As<FunctionDef>();
        for (const Expr* d : f->decorator_list) Expression(d);
        Defaults(f->args);
        Body(f->body, /*function=*/true);
        return;
      }
      case StmtKind::kClassDef: {
        const ClassDef* c = s->As<ClassDef>();
        for (const Expr* d : c->decorator_list) Expression(d);
        Body(c->body, /*function=*/false);
        Keywords(c->keywords);
        for (const Expr* b : c->bases) Expression(b, /*starred_ok=*/true);
        for (const Keyword* k : c->keywords) Expression(k->value);
        return;
      }
      case StmtKind::kReturn:
        if (!frame_.function) return Error(s->loc, "'return' outside function");
        if (s->As<Return>()->value != nullptr) Expression(s->As<Return>()->value);
        return;
      case StmtKind::kBreak:
        if (frame_.loops == 0) Error(s->loc, "'break' outside loop");
        return;
      case StmtKind::kContinue:
        if (frame_.loops == 0) Error(s->loc, "'continue' not properly in loop");
        return;
      case StmtKind::kDelete:
        for (const Expr* t : s->As<Delete>()->targets) Target(t, false);
        return;
      case StmtKind::kAssign:
        Expression(s->As<Assign>()->value);
        for (const Expr* t : s->As<Assign>()->targets) Target(t, false);
        return;
      case StmtKind::kAugAssign:
        Target(s->As<AugAssign>()->target, false);
        Expression(s->As<AugAssign>()->value);
        return;
      case StmtKind::kAnnAssign: {
        const AnnAssign* a = s->As<AnnAssign>();
        if (a->value != nullptr) Expression(a->value);
        Target(a->target, false);
        Expression(a->annotation);
        return;
      }
      case StmtKind::kFor: {
        const For* f = s->As<For>();
        return Loop(f->iter, f->target, f->body, f->orelse);
      }
      case StmtKind::kWhile: {
        const While* w = s->As<While>();
        return Loop(w->test, nullptr, w->body, w->orelse);
      }
      case StmtKind::kWith:
        for (const WithItem* item : s->As<With>()->items) {
          Expression(item->context_expr);
          if (item->optional_vars != nullptr) Target(item->optional_vars, false);
        }
        Stmts(s->As<With>()->body);
        return;
      case StmtKind::kTry: {
        const Try* t = s->As<Try>();
        Stmts(t->body);
        for (size_t i = 0; i < t->handlers.size(); ++i) {
          const ExceptHandler* h = t->handlers[i];
          if (h->type == nullptr && i + 1 < t->handlers.size()) {
            return Error(h->loc, "default 'except:' must be last");
          }
          if (h->type != nullptr) Expression(h->type);
          Stmts(h->body);
        }
        Stmts(t->orelse);
        Stmts(t->finalbody);
        return;
      }
      default:
        // If, Raise, Assert, expression statements; imports and declarations.
        ForEachStmtChild(
            s, [&](StmtList body) { Stmts(body); }, [&](const Expr* e) { Expression(e); });
        return;
    }
  }

  // An assignment target; `in_sequence`: directly inside a target list or tuple.
  void Target(const Expr* e, bool in_sequence) {
    if (failed()) return;
    switch (e->kind) {
      case ExprKind::kStarred:
        if (!in_sequence) {
          return Error(e->loc, "starred assignment target must be in a list or tuple");
        }
        return Target(e->As<Starred>()->value, false);
      case ExprKind::kList:
      case ExprKind::kTuple: {
        ExprList elts = e->Is<List>() ? e->As<List>()->elts : e->As<Tuple>()->elts;
        int starred = 0;
        for (const Expr* elt : elts) starred += elt->Is<Starred>();
        if (starred > 1) return Error(e->loc, "multiple starred expressions in assignment");
        for (const Expr* elt : elts) Target(elt, true);
        return;
      }
      case ExprKind::kAttribute:
        return Expression(e->As<Attribute>()->value);
      case ExprKind::kSubscript:
        Expression(e->As<Subscript>()->value);
        return Expression(e->As<Subscript>()->slice);
      default:
        return;
    }
  }

  void Expression(const Expr* e, bool starred_ok = false) {
    if (failed()) return;
    switch (e->kind) {
      case ExprKind::kStarred:
        if (!starred_ok) return Error(e->loc, "can't use starred expression here");
        break;
      case ExprKind::kYield:
      case ExprKind::kYieldFrom:
        if (!frame_.function) return Error(e->loc, "'yield' outside function");
        break;
      case ExprKind::kCall:
        Keywords(e->As<Call>()->keywords);
        break;
      case ExprKind::kLambda:
      case ExprKind::kListComp:
      case ExprKind::kSetComp:
      case ExprKind::kDictComp:
      case ExprKind::kGeneratorExp:
        return FunctionLike(e);
      default:
        break;
    }
    ForEachChild(e, [this](const Expr* child, bool ok) { Expression(child, ok); });
  }

  // Lambdas and comprehensions are functions: `yield` inside is fine, `break` is not.
  [[gnu::noinline]] void FunctionLike(const Expr* e) {
    Frame saved = frame_;
    if (const Lambda* l = e->As<Lambda>()) {
      Defaults(l->args);
      frame_ = {true, 0};
      Expression(l->body);
    } else {
      ComprehensionParts c = Parts(e);
      if (c.generators.empty()) {
        // The parser should never build this; refuse it rather than crash later.
        frame_ = saved;
        return Error(e->loc, "invalid syntax");
      }
      // The first iterable is evaluated outside.
      Expression(c.generators[0]->iter);
      frame_ = {true, 0};
      for (size_t i = 0; i < c.generators.size(); ++i) {
        const Comprehension* g = c.generators[i];
        if (i > 0) Expression(g->iter);
        Target(g->target, false);
        for (const Expr* cond : g->ifs) Expression(cond);
      }
      Expression(c.elt);
      if (c.value != nullptr) Expression(c.value);
    }
    frame_ = saved;
  }

  Frame frame_;
};

}  // namespace

absl::Status Validate(const Module& module, const SourceLines& lines) {
  DepthCheck depth(module, lines);
  depth.Run();
  if (depth.failed()) return depth.status();
  SymtablePass symtable(module, lines);
  symtable.Run();
  if (symtable.failed()) return symtable.status();
  CompilerPass compiler(module, lines);
  compiler.Run();
  return compiler.status();
}

}  // namespace wick::lang::internal
