// Code generation for constructs that create code objects: def, class, lambda and
// comprehensions (nested functions called with the outermost iterator as `.0`; a
// generator expression's function is a generator).
#include "absl/strings/str_cat.h"
#include "vm/compiler/emitter.h"
#include "vm/objects/objects.h"

namespace wick::vm::compiler {

using namespace lang;  // NOLINT: the AST's node names are the vocabulary here

// compiler_set_qualname: "f.<locals>.g", "C.method"; a def declared global restarts.
std::string Emitter::QualName(Scope* scope, absl::string_view name) {
  const Unit& parent = u();
  if (scope->kind == ScopeKind::kFunction || scope->kind == ScopeKind::kClass) {
    std::string mangled = Mangle(parent.scope->kind == ScopeKind::kClass
                                     ? parent.scope->name
                                     : parent.scope->private_name,
                                 name);
    if (parent.scope->Lookup(mangled) == NameScope::kGlobalExplicit) return std::string(name);
  }
  ScopeKind pk = parent.scope->kind;
  if (pk == ScopeKind::kFunction || pk == ScopeKind::kLambda) {
    return absl::StrCat(parent.qualname, ".<locals>.", name);
  }
  if (pk == ScopeKind::kModule) return std::string(name);
  return absl::StrCat(parent.qualname, ".", name);
}

static uint32_t NestedFlag(const Unit& parent) {
  return (parent.scope->IsFunctionLike() || (parent.flags & kCodeNested)) ? kCodeNested : 0;
}

void Emitter::Decorators(ExprList decorators) {
  for (const Expr* d : decorators) Expression(d);
}

// Each decorator, innermost first: CALL 0 on [decorator, function] calls decorator(f).
void Emitter::ApplyDecorators(ExprList decorators) {
  for (size_t i = decorators.size(); i-- > 0;) {
    LocScope loc(this, decorators[i]->loc);
    Emit(Op(Opcode::CALL), 0);
  }
}

// compiler_default_arguments: a defaults tuple (flag 1) and a kwdefaults dict (flag 2).
int Emitter::Defaults(const Arguments* args) {
  int flags = 0;
  if (!args->defaults.empty()) {
    for (const Expr* d : args->defaults) Expression(d);
    Emit(Op(Opcode::BUILD_TUPLE), static_cast<int32_t>(args->defaults.size()));
    flags |= 1;
  }
  int32_t n = 0;
  for (size_t i = 0; i < args->kwonlyargs.size(); ++i) {
    const Expr* d = args->kw_defaults[i];
    if (d == nullptr) continue;
    LoadStr(MangleName(args->kwonlyargs[i]->arg));
    Expression(d);
    ++n;
  }
  if (n > 0) {
    Emit(Op(Opcode::BUILD_MAP), n);
    flags |= 2;
  }
  return flags;
}

// compiler_visit_annotations: args, then posonlyargs (3.11's order), *args, kwonly,
// **kwargs, return; each as a (mangled name, value) pair of one flat tuple.
int Emitter::FunctionAnnotations(const Arguments* args, const Expr* returns) {
  int32_t n = 0;
  auto visit = [&](absl::string_view name, const Expr* annotation) {
    if (annotation == nullptr) return;
    LoadStr(MangleName(name));
    Annotation(annotation);
    n += 2;
  };
  for (const Arg* p : args->args) visit(p->arg, p->annotation);
  for (const Arg* p : args->posonlyargs) visit(p->arg, p->annotation);
  if (args->vararg != nullptr) visit(args->vararg->arg, args->vararg->annotation);
  for (const Arg* p : args->kwonlyargs) visit(p->arg, p->annotation);
  if (args->kwarg != nullptr) visit(args->kwarg->arg, args->kwarg->annotation);
  visit("return", returns);
  if (n == 0) return 0;
  Emit(Op(Opcode::BUILD_TUPLE), n);
  return 4;
}

void Emitter::SetSignature(const Arguments* args) {
  Unit& unit = u();
  unit.posonly_count = static_cast<int32_t>(args->posonlyargs.size());
  unit.arg_count = static_cast<int32_t>(args->posonlyargs.size() + args->args.size());
  unit.kwonly_count = static_cast<int32_t>(args->kwonlyargs.size());
  if (args->vararg != nullptr) unit.flags |= kCodeVarargs;
  if (args->kwarg != nullptr) unit.flags |= kCodeVarkeywords;
}

// compiler_make_closure: [closure cells tuple]; code; MAKE_FUNCTION flags.
void Emitter::MakeClosure(Value code, int flags) {
  if (!code.is_object()) return;  // an error was reported while compiling it
  const CodeObject* co = code.as<CodeObject>();
  if (!co->freevars.empty()) {
    for (const std::string& name : co->freevars) {
      int32_t index;
      auto it = u().cell_index.find(name);
      if (it != u().cell_index.end()) {
        index = it->second;
      } else {
        auto f = std::find(u().freevars.begin(), u().freevars.end(), name);
        index = static_cast<int32_t>(u().cellvars.size() + (f - u().freevars.begin()));
      }
      Emit(Op(Opcode::LOAD_CLOSURE), index);
    }
    Emit(Op(Opcode::BUILD_TUPLE), static_cast<int32_t>(co->freevars.size()));
    flags |= 8;
  }
  LoadConst(std::move(code));
  Emit(Op(Opcode::MAKE_FUNCTION), flags);
}

// funcdef: decorators; defaults; MAKE_FUNCTION; decorator calls; store the name.
void Emitter::FunctionDef(const lang::FunctionDef* s) {
  Decorators(s->decorator_list);
  int32_t first_line = s->decorator_list.empty() ? s->loc.line : s->decorator_list[0]->loc.line;
  int flags = Defaults(s->args);
  flags |= FunctionAnnotations(s->args, s->returns);
  Scope* scope = symtable_.ScopeOf(s);
  uint32_t nested = NestedFlag(u());
  EnterUnit(scope, std::string(s->name), first_line);
  u().flags = kCodeOptimized | nested;
  if (scope->is_generator) u().flags |= kCodeGenerator;
  SetSignature(s->args);
  // consts[0] is the docstring or None (the function's __doc__).
  const ExprStmt* first = s->body.empty() ? nullptr : s->body[0]->As<ExprStmt>();
  const lang::Constant* doc = first ? first->value->As<lang::Constant>() : nullptr;
  bool has_doc = doc != nullptr && doc->value_kind == ConstantKind::kStr;
  AddConst(has_doc ? Value::Borrow(rt_.Intern(doc->str_value)) : Value::None());
  for (size_t i = has_doc ? 1 : 0; i < s->body.size(); ++i) Statement(s->body[i]);
  u().loc = s->body.back()->loc;  // the implicit `return None` belongs to the last line
  LoadNone();
  Emit(Op(Opcode::RETURN_VALUE));
  Value code = LeaveUnit();
  MakeClosure(std::move(code), flags);
  ApplyDecorators(s->decorator_list);
  NameOp(s->name, ExprContext::kStore);
}

// lambdef: like a def whose body is `return body`; consts[0] is None.
void Emitter::Lambda(const lang::Lambda* e) {
  int flags = Defaults(e->args);
  uint32_t nested = NestedFlag(u());
  EnterUnit(symtable_.ScopeOf(e), "<lambda>", e->loc.line);
  u().flags = kCodeOptimized | nested;
  if (u().scope->is_generator) u().flags |= kCodeGenerator;
  SetSignature(e->args);
  AddConst(Value::None());
  Expression(e->body);
  {
    LocScope loc(this, e->body->loc);
    Emit(Op(Opcode::RETURN_VALUE));
  }
  MakeClosure(LeaveUnit(), flags);
}

// classdef: PUSH_NULL; LOAD_BUILD_CLASS; body function; name; bases and keywords;
// CALL; decorators. The body stores __module__ and __qualname__ first, and returns the
// __class__ cell (also stored as __classcell__) when methods use it.
void Emitter::ClassDef(const lang::ClassDef* s) {
  Decorators(s->decorator_list);
  int32_t first_line = s->decorator_list.empty() ? s->loc.line : s->decorator_list[0]->loc.line;
  Scope* scope = symtable_.ScopeOf(s);
  uint32_t nested = NestedFlag(u());
  EnterUnit(scope, std::string(s->name), first_line);
  u().flags = kCodeClassBody | nested;
  // The prologue has the first line and no columns, as compiler_enter_scope sets it.
  u().loc = SourceRange{first_line, 0, first_line, 0};
  NameOp("__name__", ExprContext::kLoad);
  NameOp("__module__", ExprContext::kStore);
  LoadStr(u().qualname);
  NameOp("__qualname__", ExprContext::kStore);
  Body(s->body, /*docstring=*/true);
  u().loc = s->body.back()->loc;
  if (scope->needs_class_closure) {
    Emit(Op(Opcode::LOAD_CLOSURE), u().cell_index["__class__"]);
    Emit(Op(Opcode::COPY), 1);
    Emit(Op(Opcode::STORE_NAME), AddName("__classcell__"));
  } else {
    LoadNone();
  }
  Emit(Op(Opcode::RETURN_VALUE));
  Value code = LeaveUnit();

  Emit(Op(Opcode::PUSH_NULL));
  Emit(Op(Opcode::LOAD_BUILD_CLASS));
  MakeClosure(std::move(code), 0);
  LoadStr(s->name);
  CallHelper(2, s->bases, s->keywords);
  ApplyDecorators(s->decorator_list);
  NameOp(s->name, ExprContext::kStore);
}

// comprehension: a nested function over `.0` (the outermost iterator), called at once.
// For a generator expression that call creates the generator, which yields each element.
void Emitter::Comprehension(const Expr* e) {
  absl::Span<lang::Comprehension* const> gens;
  const Expr* elt = nullptr;
  const Expr* value = nullptr;
  Opcode build = Opcode::BUILD_LIST;
  switch (e->kind) {
    case ExprKind::kListComp:
      gens = e->As<ListComp>()->generators;
      elt = e->As<ListComp>()->elt;
      break;
    case ExprKind::kGeneratorExp:
      gens = e->As<GeneratorExp>()->generators;
      elt = e->As<GeneratorExp>()->elt;
      break;
    case ExprKind::kSetComp:
      gens = e->As<SetComp>()->generators;
      elt = e->As<SetComp>()->elt;
      build = Opcode::BUILD_SET;
      break;
    default:
      gens = e->As<DictComp>()->generators;
      elt = e->As<DictComp>()->key;
      value = e->As<DictComp>()->value;
      build = Opcode::BUILD_MAP;
      break;
  }
  Scope* scope = symtable_.ScopeOf(e);
  uint32_t nested = NestedFlag(u());
  EnterUnit(scope, scope->name, e->loc.line);
  bool is_gen = e->kind == ExprKind::kGeneratorExp;
  u().flags = kCodeOptimized | nested | (is_gen ? kCodeGenerator : 0);
  u().arg_count = 1;
  u().loc = e->loc;
  if (!is_gen) Emit(Op(build), 0);
  ComprehensionGenerator(gens, 0, 0, elt, value, e->kind);
  if (is_gen) LoadNone();
  Emit(Op(Opcode::RETURN_VALUE));
  MakeClosure(LeaveUnit(), 0);
  Expression(gens[0]->iter);
  Emit(Op(Opcode::GET_ITER));
  Emit(Op(Opcode::CALL), 0);
}

// comprehension_generator: one `for ... in ... if ...` clause; the innermost appends.
void Emitter::ComprehensionGenerator(absl::Span<lang::Comprehension* const> gens,
                                     size_t index, int depth, const Expr* elt,
                                     const Expr* value, ExprKind kind) {
  Label start = NewLabel(), if_cleanup = NewLabel(), anchor = NewLabel(), first = NewLabel();
  const lang::Comprehension* gen = gens[index];
  Bind(first);
  if (index == 0) {
    Emit(Op(Opcode::LOAD_FAST), AddVarname(".0"));
  } else {
    Expression(gen->iter);
    Emit(Op(Opcode::GET_ITER));
  }
  ++depth;
  Bind(start);
  int32_t block = OpenBlock(BlockKind::kFor, first, anchor, gen->iter->loc.line);
  EmitJump(Op(Opcode::FOR_ITER), anchor);
  Store(gen->target);
  for (const Expr* cond : gen->ifs) JumpIf(cond, if_cleanup, false);
  if (index + 1 < gens.size()) {
    ComprehensionGenerator(gens, index + 1, depth, elt, value, kind);
  } else if (kind == ExprKind::kDictComp) {
    Expression(elt);
    Expression(value);
    Emit(Op(Opcode::MAP_ADD), depth + 1);
  } else if (kind == ExprKind::kGeneratorExp) {
    Expression(elt);
    Emit(Op(Opcode::YIELD_VALUE), 0);
    Emit(Op(Opcode::POP_TOP));
  } else {
    Expression(elt);
    Emit(Op(kind == ExprKind::kSetComp ? Opcode::SET_ADD : Opcode::LIST_APPEND), depth + 1);
  }
  Bind(if_cleanup);
  EmitJump(Op(Opcode::JUMP), start);
  CloseBlock(block);
  Bind(anchor);
}

}  // namespace wick::vm::compiler
