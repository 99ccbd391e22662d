// The symbol table: a walk that records how each scope uses each name (SymtableBuilder),
// then CPython's analyze_block pass that turns flags into scopes, from the module down,
// passing the names bound by enclosing functions and collecting free names upwards.
#include "vm/compiler/symtable.h"

#include <algorithm>
#include <optional>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "lang/ast_walk.h"
#include "lang/source_lines.h"
#include "lang/parser.h"

namespace wick::vm::compiler {

using namespace lang;  // NOLINT: the AST's node names are the vocabulary here

std::string Mangle(absl::string_view private_name, absl::string_view name) {
  if (private_name.empty() || name.size() < 2 || name.substr(0, 2) != "__") {
    return std::string(name);
  }
  if (name.size() >= 2 && name.substr(name.size() - 2) == "__") return std::string(name);
  if (name.find('.') != absl::string_view::npos) return std::string(name);
  size_t skip = private_name.find_first_not_of('_');
  if (skip == absl::string_view::npos) return std::string(name);
  return absl::StrCat("_", private_name.substr(skip), name);
}

std::vector<std::string> Scope::CellVars() const {
  std::vector<std::string> out;
  for (const auto& [name, scope] : scopes) {
    if (scope == NameScope::kCell) out.push_back(name);
  }
  if (needs_class_closure) out.push_back("__class__");
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> Scope::FreeVars() const {
  std::vector<std::string> out;
  for (const auto& [name, scope] : scopes) {
    if (scope == NameScope::kFree || (Flags(name) & kDefFreeClass)) out.push_back(name);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Walks the tree once, creating scopes and recording flags.
class SymtableBuilder {
 public:
  SymtableBuilder(const Module& module, SymbolTable* table)
      : module_(module), lines_(module.source), table_(table) {}

  absl::Status Run() {
    table_->top_ = std::make_unique<Scope>();
    Scope* top = table_->top_.get();
    top->kind = ScopeKind::kModule;
    top->name = "top";
    top->node = &module_;
    cur_ = top;
    Stmts(module_.body);
    if (error_) return error_->ToStatus();
    Analyze(top, nullptr, {}, nullptr);
    if (error_) return error_->ToStatus();
    return absl::OkStatus();
  }

 private:
  using NameSet = absl::flat_hash_set<std::string>;

  void Error(const SourceRange& loc, std::string message) {
    if (error_) return;
    error_ = lang::MakeError(lines_, module_.filename ? *module_.filename : "",
                                 SyntaxError::Type::kSyntaxError, std::move(message),
                                 loc.line, loc.col + 1, loc.end_line, loc.end_col + 1);
  }

  // ---- Walking ----------------------------------------------------------------------

  Scope* Enter(ScopeKind kind, absl::string_view name, const void* node) {
    auto scope = std::make_unique<Scope>();
    scope->kind = kind;
    scope->name = std::string(name);
    scope->node = node;
    scope->parent = cur_;
    scope->private_name = cur_->kind == ScopeKind::kClass ? cur_->name : cur_->private_name;
    Scope* raw = scope.get();
    cur_->children.push_back(std::move(scope));
    table_->by_node_[node] = raw;
    cur_ = raw;
    return raw;
  }
  void Leave() { cur_ = cur_->parent; }

  void AddDef(absl::string_view raw_name, uint32_t flag) {
    std::string name = Mangle(cur_->private_name, raw_name);
    auto [it, inserted] = cur_->flags.try_emplace(name, 0);
    if (inserted) cur_->symbol_order.push_back(name);
    it->second |= flag;
    if (flag & kDefParam) cur_->params.push_back(name);
    // symtable.c records `global x` in the module's table too, so the module itself
    // then uses LOAD_GLOBAL/STORE_GLOBAL for x.
    if ((flag & kDefGlobal) && cur_ != table_->top_.get()) {
      Scope* top = table_->top_.get();
      auto [t, added] = top->flags.try_emplace(name, 0);
      if (added) top->symbol_order.push_back(name);
      t->second |= kDefGlobal;
    }
  }

  void Stmts(StmtList body) {
    for (const Stmt* s : body) {
      if (error_) return;
      Statement(s);
    }
  }

  void Params(const Arguments* a) {
    for (const Arg* p : a->posonlyargs) AddDef(p->arg, kDefParam);
    for (const Arg* p : a->args) AddDef(p->arg, kDefParam);
    for (const Arg* p : a->kwonlyargs) AddDef(p->arg, kDefParam);
    if (a->vararg != nullptr) {
      AddDef(a->vararg->arg, kDefParam);
      cur_->has_varargs = true;
    }
    if (a->kwarg != nullptr) {
      AddDef(a->kwarg->arg, kDefParam);
      cur_->has_varkeywords = true;
    }
  }

  // Defaults belong to the enclosing scope.
  void Defaults(const Arguments* a) {
    for (const Expr* d : a->defaults) Expression(d);
    for (const Expr* d : a->kw_defaults) {
      if (d != nullptr) Expression(d);
    }
  }

  // symtable_visit_annotations: parameter and return annotations are evaluated in the
  // enclosing scope when the def runs.
  void Annotations(const Arguments* a, const Expr* returns) {
    auto visit = [&](const Arg* p) {
      if (p != nullptr && p->annotation != nullptr) Expression(p->annotation);
    };
    for (const Arg* p : a->posonlyargs) visit(p);
    for (const Arg* p : a->args) visit(p);
    visit(a->vararg);
    for (const Arg* p : a->kwonlyargs) visit(p);
    visit(a->kwarg);
    if (returns != nullptr) Expression(returns);
  }

  // global_stmt / nonlocal_stmt: symtable.c's checks against earlier uses.
  void Directive(const Stmt* s, absl::Span<const absl::string_view> names, bool global) {
    const char* what = global ? "global" : "nonlocal";
    for (absl::string_view raw : names) {
      uint32_t cur = cur_->Flags(Mangle(cur_->private_name, raw));
      if (cur & (kDefParam | kDefLocal | kUse | kDefAnnot | kDefImport)) {
        std::string msg;
        if (cur & kDefParam) {
          msg = absl::StrCat("name '", raw, "' is parameter and ", what);
        } else if (cur & kUse) {
          msg = absl::StrCat("name '", raw, "' is used prior to ", what, " declaration");
        } else if (cur & kDefAnnot) {
          msg = absl::StrCat("annotated name '", raw, "' can't be ", what);
        } else {
          msg = absl::StrCat("name '", raw, "' is assigned to before ", what, " declaration");
        }
        return Error(s->loc, msg);
      }
      AddDef(raw, global ? kDefGlobal : kDefNonlocal);
      directives_[{cur_, Mangle(cur_->private_name, raw)}] = s->loc;
    }
  }

  void Statement(const Stmt* s) {
    switch (s->kind) {
      case StmtKind::kFunctionDef: {
        const FunctionDef* f = s->As<FunctionDef>();
        AddDef(f->name, kDefLocal);
        Defaults(f->args);
        Annotations(f->args, f->returns);
        for (const Expr* d : f->decorator_list) Expression(d);
        Enter(ScopeKind::kFunction, f->name, f);
        Params(f->args);
        Stmts(f->body);
        Leave();
        return;
      }
      case StmtKind::kClassDef: {
        const ClassDef* c = s->As<ClassDef>();
        AddDef(c->name, kDefLocal);
        for (const Expr* b : c->bases) Expression(b);
        for (const Keyword* k : c->keywords) Expression(k->value);
        for (const Expr* d : c->decorator_list) Expression(d);
        Enter(ScopeKind::kClass, c->name, c);
        Stmts(c->body);
        Leave();
        return;
      }
      case StmtKind::kAnnAssign: {
        const AnnAssign* a = s->As<AnnAssign>();
        if (const Name* n = a->target->As<Name>()) {
          AddDef(n->id, kDefLocal | kDefAnnot);
        } else {
          Expression(a->target);
        }
        // The annotation is visited in every scope, as symtable.c does, although only
        // module and class bodies evaluate it.
        Expression(a->annotation);
        if (a->value != nullptr) Expression(a->value);
        return;
      }
      case StmtKind::kTry: {
        const Try* t = s->As<Try>();
        Stmts(t->body);
        for (const ExceptHandler* h : t->handlers) {
          if (h->type != nullptr) Expression(h->type);
          if (!h->name.empty()) AddDef(h->name, kDefLocal);
          Stmts(h->body);
        }
        Stmts(t->orelse);
        Stmts(t->finalbody);
        return;
      }
      case StmtKind::kImport:
        for (const Alias* a : s->As<Import>()->names) {
          absl::string_view stored = a->asname;
          if (stored.empty()) stored = a->name.substr(0, a->name.find('.'));
          AddDef(stored, kDefImport);
        }
        return;
      case StmtKind::kImportFrom:
        for (const Alias* a : s->As<ImportFrom>()->names) {
          if (a->name == "*") continue;
          AddDef(a->asname.empty() ? a->name : a->asname, kDefImport);
        }
        return;
      case StmtKind::kGlobal:
        return Directive(s, s->As<Global>()->names, true);
      case StmtKind::kNonlocal:
        return Directive(s, s->As<Nonlocal>()->names, false);
      default:
        lang::ForEachStmtChild(
            s, [&](StmtList body) { Stmts(body); }, [&](const Expr* e) { Expression(e); });
    }
  }

  void Expression(const Expr* e) {
    if (error_) return;
    switch (e->kind) {
      case ExprKind::kName: {
        const Name* n = e->As<Name>();
        if (n->ctx == ExprContext::kLoad) {
          AddDef(n->id, kUse);
          // symtable.c: a function that names `super` may need the class cell.
          if (cur_->IsFunctionLike() && n->id == "super") AddDef("__class__", kUse);
        } else {
          AddDef(n->id, kDefLocal);
        }
        return;
      }
      case ExprKind::kYield:
      case ExprKind::kYieldFrom:
        return YieldExpr(e);
      case ExprKind::kNamedExpr: {
        const NamedExpr* n = e->As<NamedExpr>();
        if (cur_->kind == ScopeKind::kComprehension) {
          return Error(e->loc, "assignment expressions in comprehensions are not supported "
                               "by wick");
        }
        Expression(n->value);
        Expression(n->target);
        return;
      }
      case ExprKind::kLambda: {
        const Lambda* l = e->As<Lambda>();
        Defaults(l->args);
        Enter(ScopeKind::kLambda, "<lambda>", l);
        Params(l->args);
        Expression(l->body);
        Leave();
        return;
      }
      case ExprKind::kListComp:
        return Comprehension(e, "<listcomp>", e->As<ListComp>()->generators,
                             e->As<ListComp>()->elt, nullptr);
      case ExprKind::kSetComp:
        return Comprehension(e, "<setcomp>", e->As<SetComp>()->generators,
                             e->As<SetComp>()->elt, nullptr);
      case ExprKind::kGeneratorExp:
        return Comprehension(e, "<genexpr>", e->As<GeneratorExp>()->generators,
                             e->As<GeneratorExp>()->elt, nullptr);
      case ExprKind::kDictComp:
        return Comprehension(e, "<dictcomp>", e->As<DictComp>()->generators,
                             e->As<DictComp>()->key, e->As<DictComp>()->value);
      default:
        lang::ForEachChild(e, [this](const Expr* child, bool) { Expression(child); });
    }
  }

  // yield_expr: only inside a function (symtable.c's checks); marks it a generator.
  void YieldExpr(const Expr* e) {
    absl::string_view what = "yield";  // CPython says 'yield' for `yield from` too
    if (cur_->kind == ScopeKind::kModule || cur_->kind == ScopeKind::kClass) {
      return Error(e->loc, absl::StrCat("'", what, "' outside function"));
    }
    if (cur_->kind == ScopeKind::kComprehension) {
      std::string kind = cur_->name.substr(1, cur_->name.size() - 2);  // "listcomp"
      absl::string_view nice = kind == "listcomp"  ? "list comprehension"
                               : kind == "setcomp" ? "set comprehension"
                               : kind == "dictcomp" ? "dict comprehension"
                                                    : "generator expression";
      return Error(e->loc, absl::StrCat("'", what, "' inside ", nice));
    }
    cur_->is_generator = true;
    lang::ForEachChild(e, [this](const Expr* child, bool) { Expression(child); });
  }

  // comprehension: the outermost iterable in the enclosing scope, the rest in a new
  // function scope whose one parameter `.0` is that iterable's iterator.
  void Comprehension(const Expr* e, absl::string_view name,
                     absl::Span<lang::Comprehension* const> gens, const Expr* elt,
                     const Expr* value) {
    Expression(gens[0]->iter);
    Enter(ScopeKind::kComprehension, name, e);
    cur_->is_generator = e->kind == ExprKind::kGeneratorExp;
    AddDef(".0", kDefParam);
    for (size_t i = 0; i < gens.size(); ++i) {
      if (i > 0) Expression(gens[i]->iter);
      Expression(gens[i]->target);
      for (const Expr* cond : gens[i]->ifs) Expression(cond);
    }
    if (value != nullptr) Expression(value);
    Expression(elt);
    Leave();
  }

  // ---- Analysis (symtable.c's analyze_block) -----------------------------------------

  // `bound` is null at module level (no enclosing function). Adds to *free_out the free
  // names this scope needs from its parent.
  void Analyze(Scope* s, const NameSet* bound, NameSet global, NameSet* free_out) {
    NameSet local, free_here, new_bound, new_global;
    NameSet bound_copy = bound ? *bound : NameSet();
    if (s->kind == ScopeKind::kClass) {
      new_global = global;
      if (bound) new_bound = *bound;
    }
    for (const std::string& name : s->symbol_order) {
      AnalyzeName(s, name, s->Flags(name), bound ? &bound_copy : nullptr, &local, &free_here,
                  &global);
      if (error_) return;
    }
    if (s->kind != ScopeKind::kClass) {
      if (s->IsFunctionLike()) new_bound.insert(local.begin(), local.end());
      if (bound) new_bound.insert(bound_copy.begin(), bound_copy.end());
      new_global.insert(global.begin(), global.end());
    } else {
      new_bound.insert("__class__");
    }
    NameSet new_free;
    for (auto& child : s->children) {
      Analyze(child.get(), &new_bound, new_global, &new_free);
      if (error_) return;
    }
    new_free.insert(free_here.begin(), free_here.end());
    if (s->IsFunctionLike()) {
      // Locals that children capture become cells.
      for (auto& [name, scope] : s->scopes) {
        if (scope == NameScope::kLocal && new_free.erase(name)) scope = NameScope::kCell;
      }
    } else if (s->kind == ScopeKind::kClass && new_free.erase("__class__")) {
      s->needs_class_closure = true;
    }
    // update_symbols: free names of children pass through this scope.
    for (const std::string& name : new_free) {
      auto it = s->flags.find(name);
      if (it != s->flags.end()) {
        if (s->kind == ScopeKind::kClass && (it->second & (kDefBound | kDefGlobal))) {
          it->second |= kDefFreeClass;
        }
        continue;
      }
      if (bound && !bound_copy.contains(name)) continue;  // a global
      s->flags[name] = 0;
      s->scopes[name] = NameScope::kFree;
    }
    if (free_out) free_out->insert(new_free.begin(), new_free.end());
  }

  void AnalyzeName(Scope* s, const std::string& name, uint32_t flags, NameSet* bound,
                   NameSet* local, NameSet* free, NameSet* global) {
    auto directive = [&]() {
      auto it = directives_.find({s, name});
      return it == directives_.end() ? SourceRange{} : it->second;
    };
    if (flags & kDefGlobal) {
      if (flags & kDefNonlocal) {
        return Error(directive(), absl::StrCat("name '", name, "' is nonlocal and global"));
      }
      s->scopes[name] = NameScope::kGlobalExplicit;
      global->insert(name);
      if (bound) bound->erase(name);
      return;
    }
    if (flags & kDefNonlocal) {
      if (bound == nullptr) {
        return Error(directive(), "nonlocal declaration not allowed at module level");
      }
      if (!bound->contains(name)) {
        return Error(directive(), absl::StrCat("no binding for nonlocal '", name, "' found"));
      }
      s->scopes[name] = NameScope::kFree;
      free->insert(name);
      return;
    }
    if (flags & kDefBound) {
      s->scopes[name] = NameScope::kLocal;
      local->insert(name);
      global->erase(name);
      return;
    }
    if (bound && bound->contains(name)) {
      s->scopes[name] = NameScope::kFree;
      free->insert(name);
      return;
    }
    s->scopes[name] = NameScope::kGlobalImplicit;
  }

  const Module& module_;
  lang::SourceLines lines_;
  SymbolTable* table_;
  Scope* cur_ = nullptr;
  std::optional<lang::SyntaxError> error_;
  absl::flat_hash_map<std::pair<const Scope*, std::string>, SourceRange> directives_;
};

absl::StatusOr<std::unique_ptr<SymbolTable>> SymbolTable::Build(const Module& module) {
  auto table = std::make_unique<SymbolTable>();
  SymtableBuilder builder(module, table.get());
  absl::Status s = builder.Run();
  if (!s.ok()) return s;
  return table;
}

}  // namespace wick::vm::compiler
