// Code generation for simple and control-flow statements (try and with are in
// emitter_try.cc, def and class in emitter_scope.cc). Shapes follow CPython 3.11's
// compile.c function of the same name.
#include <optional>

#include "absl/strings/str_cat.h"
#include "lang/ast_walk.h"
#include "vm/compiler/emitter.h"

namespace wick::vm::compiler {

using namespace lang;  // NOLINT: the AST's node names are the vocabulary here

// A docstring: the first statement, a str constant.
static const Constant* Docstring(StmtList body) {
  if (body.empty()) return nullptr;
  const ExprStmt* e = body[0]->As<ExprStmt>();
  if (e == nullptr) return nullptr;
  const Constant* c = e->value->As<Constant>();
  return (c != nullptr && c->value_kind == ConstantKind::kStr) ? c : nullptr;
}

void Emitter::Stmts(StmtList body) {
  for (const Stmt* s : body) Statement(s);
}

// find_ann: whether a body annotates a name outside nested defs and classes.
static bool FindAnn(StmtList body) {
  for (const Stmt* s : body) {
    switch (s->kind) {
      case StmtKind::kAnnAssign: return true;
      case StmtKind::kFunctionDef:
      case StmtKind::kClassDef:
        continue;
      default: {
        bool found = false;
        lang::ForEachStmtChild(
            s, [&](StmtList child) { found = found || FindAnn(child); }, [](const Expr*) {});
        if (found) return true;
      }
    }
  }
  return false;
}

// compiler_body: module and class bodies store their docstring as __doc__, and those
// that annotate names start with an empty __annotations__ dict (SETUP_ANNOTATIONS,
// spelled BUILD_MAP 0; STORE_NAME: a fresh module or class namespace never has one).
void Emitter::Body(StmtList body, bool docstring) {
  size_t i = 0;
  if (FindAnn(body)) {
    std::optional<LocScope> loc;
    if (u().scope->kind == ScopeKind::kModule) loc.emplace(this, body[0]->loc);
    Emit(Op(Opcode::BUILD_MAP), 0);
    NameOp("__annotations__", ExprContext::kStore);
  }
  if (docstring) {
    if (const lang::Constant* doc = Docstring(body)) {
      LocScope loc(this, body[0]->loc);
      Expression(doc);
      NameOp("__doc__", ExprContext::kStore);
      i = 1;
    }
  }
  for (; i < body.size(); ++i) Statement(body[i]);
}

void Emitter::Statement(const Stmt* s) {
  if (failed()) return;
  LocScope loc(this, s->loc);
  switch (s->kind) {
    case StmtKind::kFunctionDef: return FunctionDef(s->As<lang::FunctionDef>());
    case StmtKind::kClassDef: return ClassDef(s->As<lang::ClassDef>());
    case StmtKind::kReturn: return Return(s->As<lang::Return>());
    case StmtKind::kDelete:
      for (const Expr* t : s->As<lang::Delete>()->targets) Delete(t);
      return;
    case StmtKind::kAssign: return Assign(s->As<lang::Assign>());
    case StmtKind::kAugAssign: return AugAssign(s->As<lang::AugAssign>());
    case StmtKind::kAnnAssign: return AnnAssign(s->As<lang::AnnAssign>());
    case StmtKind::kFor: return For(s->As<lang::For>());
    case StmtKind::kWhile: return While(s->As<lang::While>());
    case StmtKind::kIf: return If(s->As<lang::If>());
    case StmtKind::kWith: return With(s->As<lang::With>(), 0);
    case StmtKind::kRaise: return Raise(s->As<lang::Raise>());
    case StmtKind::kTry: return Try(s->As<lang::Try>());
    case StmtKind::kAssert: return Assert(s->As<lang::Assert>());
    case StmtKind::kImport: return Import(s->As<lang::Import>());
    case StmtKind::kImportFrom: return ImportFrom(s->As<lang::ImportFrom>());
    case StmtKind::kExprStmt: {
      const Expr* value = s->As<ExprStmt>()->value;
      if (value->Is<lang::Constant>()) return;  // no effect (e.g. a stray docstring)
      Expression(value);
      Emit(Op(Opcode::POP_TOP));
      return;
    }
    case StmtKind::kBreak: return BreakContinue(s, true);
    case StmtKind::kContinue: return BreakContinue(s, false);
    case StmtKind::kGlobal:
    case StmtKind::kNonlocal:
    case StmtKind::kPass:
      return;
  }
}

// compiler_annassign: [value; store target]; then, in a module or class body, a simple
// name's annotation goes to __annotations__[name] and a complex target's annotation is
// evaluated and dropped. Function bodies never evaluate annotations.
void Emitter::AnnAssign(const lang::AnnAssign* a) {
  if (a->value != nullptr) {
    Expression(a->value);
    Store(a->target);
  }
  const ScopeKind kind = u().scope->kind;
  const bool evaluates = kind == ScopeKind::kModule || kind == ScopeKind::kClass;
  if (const Name* n = a->target->As<Name>()) {
    if (a->simple && evaluates) {
      Annotation(a->annotation);
      NameOp("__annotations__", ExprContext::kLoad);
      LoadStr(MangleName(n->id));
      Emit(Op(Opcode::STORE_SUBSCR));
      return;
    }
  } else if (a->value == nullptr) {
    // check_ann_expr: the object (and a subscript's index) is still evaluated.
    if (const Attribute* attr = a->target->As<Attribute>()) {
      Expression(attr->value);
      Emit(Op(Opcode::POP_TOP));
    } else if (const lang::Subscript* sub = a->target->As<lang::Subscript>()) {
      Expression(sub->value);
      Emit(Op(Opcode::POP_TOP));
      Expression(sub->slice);
      Emit(Op(Opcode::POP_TOP));
    }
  }
  if (evaluates && !future_annotations_) {
    Expression(a->annotation);
    Emit(Op(Opcode::POP_TOP));
  }
}

// An annotation's value: the expression, or under `from __future__ import annotations`
// its source text as a str constant.
void Emitter::Annotation(const Expr* e) {
  if (!future_annotations_) return Expression(e);
  LoadStr(AnnotationText(e));
}

// if_stmt: test; body; [JUMP end; orelse]
void Emitter::If(const lang::If* s) {
  Label end = NewLabel();
  Label next = s->orelse.empty() ? end : NewLabel();
  JumpIf(s->test, next, false);
  Stmts(s->body);
  if (!s->orelse.empty()) {
    EmitJump(Op(Opcode::JUMP), end);
    Bind(next);
    Stmts(s->orelse);
  }
  Bind(end);
}

// while_stmt: loop: test -> anchor; body: ...; test -> body (the test is repeated at
// the bottom, as in 3.11); anchor: orelse; end:
void Emitter::While(const lang::While* s) {
  Label loop = NewLabel(), body = NewLabel(), anchor = NewLabel(), end = NewLabel();
  Bind(loop);
  int32_t block = OpenBlock(BlockKind::kWhile, loop, end, s->loc.line);
  PushFBlock({FBlockKind::kWhileLoop, loop, end});
  JumpIf(s->test, anchor, false);
  Bind(body);
  Stmts(s->body);
  JumpIf(s->test, body, true);
  PopFBlock();
  CloseBlock(block);
  Bind(anchor);
  Stmts(s->orelse);
  Bind(end);
}

// for_stmt: iter; GET_ITER; start: FOR_ITER cleanup; target; body; JUMP start;
// cleanup: orelse; end:
void Emitter::For(const lang::For* s) {
  Label first = NewLabel(), start = NewLabel(), cleanup = NewLabel(), end = NewLabel();
  Bind(first);
  Expression(s->iter);
  Emit(Op(Opcode::GET_ITER));
  Bind(start);
  int32_t block = OpenBlock(BlockKind::kFor, first, end, s->loc.line);
  PushFBlock({FBlockKind::kForLoop, start, end});
  EmitJump(Op(Opcode::FOR_ITER), cleanup);
  Store(s->target);
  Stmts(s->body);
  EmitJump(Op(Opcode::JUMP), start);
  PopFBlock();
  CloseBlock(block);
  Bind(cleanup);
  Stmts(s->orelse);
  Bind(end);
}

// return_stmt: a non-constant value is computed before unwinding (and kept on top).
void Emitter::Return(const lang::Return* s) {
  bool constant = s->value != nullptr && Fold(s->value).has_value();
  bool preserve_tos = s->value != nullptr && !constant;
  if (preserve_tos) Expression(s->value);
  UnwindFBlockStack(preserve_tos, nullptr);
  if (s->value == nullptr) {
    LoadNone();
  } else if (constant) {
    LoadConst(*Fold(s->value));
  }
  Emit(Op(Opcode::RETURN_VALUE));
}

// break_stmt / continue_stmt: unwind to the innermost loop, then jump.
void Emitter::BreakContinue(const Stmt* s, bool is_break) {
  const FBlock* loop_ptr = nullptr;
  UnwindFBlockStack(false, &loop_ptr);
  if (loop_ptr == nullptr) {
    return Error(s->loc, is_break ? "'break' outside loop" : "'continue' not properly in loop");
  }
  FBlock loop = *loop_ptr;
  if (is_break) {
    UnwindFBlock(loop, false);
    EmitJump(Op(Opcode::JUMP), loop.exit);
  } else {
    EmitJump(Op(Opcode::JUMP), loop.block);
  }
}

// compiler_unwind_fblock: what leaving one block early needs.
void Emitter::UnwindFBlock(const FBlock& b, bool preserve_tos) {
  switch (b.kind) {
    case FBlockKind::kWhileLoop:
    case FBlockKind::kExceptionHandler:
      return;
    case FBlockKind::kForLoop:
      if (preserve_tos) Emit(Op(Opcode::SWAP), 2);
      Emit(Op(Opcode::POP_TOP));  // the iterator
      return;
    case FBlockKind::kTryExcept:
      Emit(kPopBlock);
      return;
    case FBlockKind::kFinallyTry: {
      Emit(kPopBlock);
      if (preserve_tos) PushFBlock({FBlockKind::kPopValue, {}, {}});
      // The finally body runs inline; mark it for the block table.
      int32_t block = OpenBlock(BlockKind::kFinally, NewLabel(), Label{}, u().loc.line);
      Bind(u().block_records[block].start);
      Stmts(*static_cast<const StmtList*>(b.datum));
      CloseBlock(block);
      if (preserve_tos) PopFBlock();
      return;
    }
    case FBlockKind::kFinallyEnd:
      if (preserve_tos) Emit(Op(Opcode::SWAP), 2);
      Emit(Op(Opcode::POP_TOP));  // the exception
      if (preserve_tos) Emit(Op(Opcode::SWAP), 2);
      Emit(kPopBlock);
      Emit(Op(Opcode::POP_EXCEPT));
      return;
    case FBlockKind::kWith: {
      LocScope loc(this, static_cast<const Stmt*>(b.datum)->loc);
      Emit(kPopBlock);
      if (preserve_tos) Emit(Op(Opcode::SWAP), 2);
      CallExitWithNones();
      Emit(Op(Opcode::POP_TOP));
      return;
    }
    case FBlockKind::kHandlerCleanup:
      if (!b.name.empty()) Emit(kPopBlock);
      if (preserve_tos) Emit(Op(Opcode::SWAP), 2);
      Emit(kPopBlock);
      Emit(Op(Opcode::POP_EXCEPT));
      if (!b.name.empty()) {
        LoadNone();
        NameOp(b.name, ExprContext::kStore);
        NameOp(b.name, ExprContext::kDel);
      }
      return;
    case FBlockKind::kPopValue:
      if (preserve_tos) Emit(Op(Opcode::SWAP), 2);
      Emit(Op(Opcode::POP_TOP));
      return;
  }
}

void Emitter::UnwindFBlockStack(bool preserve_tos, const FBlock** loop) {
  if (u().fblocks.empty()) return;
  FBlock top = u().fblocks.back();
  if (loop != nullptr &&
      (top.kind == FBlockKind::kWhileLoop || top.kind == FBlockKind::kForLoop)) {
    *loop = &u().fblocks.back();
    return;
  }
  u().fblocks.pop_back();
  UnwindFBlock(top, preserve_tos);
  UnwindFBlockStack(preserve_tos, loop);
  u().fblocks.push_back(top);
}

// assign_stmt: value once, COPY for all but the last target.
void Emitter::Assign(const lang::Assign* s) {
  Expression(s->value);
  for (size_t i = 0; i < s->targets.size(); ++i) {
    if (i + 1 < s->targets.size()) Emit(Op(Opcode::COPY), 1);
    Store(s->targets[i]);
  }
}

int32_t BinaryOpArg(Operator op) {
  static constexpr vm::BinOp kMap[] = {
      vm::BinOp::kAdd,    vm::BinOp::kSub, vm::BinOp::kMul,    vm::BinOp::kMatMul, vm::BinOp::kTrueDiv,
      vm::BinOp::kMod,    vm::BinOp::kPow, vm::BinOp::kLShift, vm::BinOp::kRShift, vm::BinOp::kOr,
      vm::BinOp::kXor,    vm::BinOp::kAnd, vm::BinOp::kFloorDiv,
  };
  return static_cast<int32_t>(kMap[static_cast<int>(op)]);
}


// augassign_stmt: load the target (keeping object and key), op in place, store back.
void Emitter::AugAssign(const lang::AugAssign* s) {
  const Expr* t = s->target;
  {
    LocScope loc(this, t->loc);
    if (const Attribute* a = t->As<Attribute>()) {
      Expression(a->value);
      Emit(Op(Opcode::COPY), 1);
      EmitAttr(Opcode::LOAD_ATTR, a);
    } else if (const lang::Subscript* sub = t->As<lang::Subscript>()) {
      Expression(sub->value);
      Expression(sub->slice);
      Emit(Op(Opcode::COPY), 2);
      Emit(Op(Opcode::COPY), 2);
      Emit(Op(Opcode::BINARY_SUBSCR));
    } else if (const Name* n = t->As<Name>()) {
      NameOp(n->id, ExprContext::kLoad);
    }
  }
  Expression(s->value);
  Emit(Op(Opcode::BINARY_OP), kInPlaceBinOp + BinaryOpArg(s->op));
  LocScope loc(this, t->loc);
  if (const Attribute* a = t->As<Attribute>()) {
    Emit(Op(Opcode::SWAP), 2);
    EmitAttr(Opcode::STORE_ATTR, a);
  } else if (t->Is<lang::Subscript>()) {
    Emit(Op(Opcode::SWAP), 3);
    Emit(Op(Opcode::SWAP), 2);
    Emit(Op(Opcode::STORE_SUBSCR));
  } else if (const Name* n = t->As<Name>()) {
    NameOp(n->id, ExprContext::kStore);
  }
}

// del_stmt target: names, attributes, subscripts, and tuples/lists of those.
void Emitter::Delete(const Expr* t) {
  LocScope loc(this, t->loc);
  switch (t->kind) {
    case ExprKind::kName:
      return NameOp(t->As<Name>()->id, ExprContext::kDel);
    case ExprKind::kAttribute:
      Expression(t->As<Attribute>()->value);
      return EmitAttr(Opcode::DELETE_ATTR, t->As<Attribute>());
    case ExprKind::kSubscript:
      Expression(t->As<lang::Subscript>()->value);
      Expression(t->As<lang::Subscript>()->slice);
      return Emit(Op(Opcode::DELETE_SUBSCR));
    case ExprKind::kTuple:
      for (const Expr* e : t->As<Tuple>()->elts) Delete(e);
      return;
    case ExprKind::kList:
      for (const Expr* e : t->As<List>()->elts) Delete(e);
      return;
    default:
      return Error(t->loc, "cannot delete expression");
  }
}

// raise_stmt: RAISE_VARARGS 0 (re-raise), 1 (exc) or 2 (exc from cause).
void Emitter::Raise(const lang::Raise* s) {
  int n = 0;
  if (s->exc != nullptr) {
    Expression(s->exc);
    ++n;
    if (s->cause != nullptr) {
      Expression(s->cause);
      ++n;
    }
  }
  Emit(Op(Opcode::RAISE_VARARGS), n);
}

namespace {

// The comparison whose position CPython 3.11 leaves current after compiling the jumps
// of an assert's test: the last Compare that its condition-jump code visits, looking
// through `not`, `and`/`or` and `a if c else b` in emission order; null if none.
const lang::Expr* LastJumpCompare(const lang::Expr* e) {
  if (e->Is<lang::Compare>()) return e;
  if (const auto* u = e->As<lang::UnaryOp>(); u != nullptr && u->op == UnaryOperator::kNot) {
    return LastJumpCompare(u->operand);
  }
  const lang::Expr* last = nullptr;
  auto visit = [&](const lang::Expr* sub) {
    if (const lang::Expr* c = LastJumpCompare(sub)) last = c;
  };
  if (const auto* b = e->As<lang::BoolOp>()) {
    for (const lang::Expr* v : b->values) visit(v);
  } else if (const auto* i = e->As<lang::IfExp>()) {
    visit(i->test);
    visit(i->body);
    visit(i->orelse);
  }
  return last;
}

}  // namespace

// assert_stmt: test -> end; LOAD_ASSERTION_ERROR; [msg; CALL 0]; RAISE_VARARGS 1
// The raise sits at the test's last comparison, or at the whole statement (so a
// traceback shows carets under `x > 1` in `assert x > 1`, none under `assert f()`).
void Emitter::Assert(const lang::Assert* s) {
  Label end = NewLabel();
  JumpIf(s->test, end, true);
  const lang::Expr* compare = LastJumpCompare(s->test);
  LocScope loc(this, compare != nullptr ? compare->loc : s->loc);
  Emit(Op(Opcode::LOAD_ASSERTION_ERROR));
  if (s->msg != nullptr) {
    Expression(s->msg);
    Emit(Op(Opcode::CALL), 0);
  }
  Emit(Op(Opcode::RAISE_VARARGS), 1);
  Bind(end);
}

// import_stmt: IMPORT_NAME returns the top package; `import a.b as c` walks to a.b
// with IMPORT_FROM as 3.11 does.
void Emitter::Import(const lang::Import* s) {
  for (const Alias* a : s->names) {
    LoadConst(Value::Int(0));
    LoadNone();
    Emit(Op(Opcode::IMPORT_NAME), AddName(a->name));
    if (a->asname.empty()) {
      NameOp(a->name.substr(0, a->name.find('.')), ExprContext::kStore);
      continue;
    }
    size_t dot = a->name.find('.');
    if (dot == absl::string_view::npos) {
      NameOp(a->asname, ExprContext::kStore);
      continue;
    }
    while (true) {
      size_t pos = dot + 1;
      dot = a->name.find('.', pos);
      absl::string_view attr = a->name.substr(pos, dot == absl::string_view::npos ? absl::string_view::npos : dot - pos);
      Emit(Op(Opcode::IMPORT_FROM), AddName(attr));
      if (dot == absl::string_view::npos) break;
      Emit(Op(Opcode::SWAP), 2);
      Emit(Op(Opcode::POP_TOP));
    }
    NameOp(a->asname, ExprContext::kStore);
    Emit(Op(Opcode::POP_TOP));
  }
}

// import_from: level; fromlist tuple; IMPORT_NAME; IMPORT_FROM + store per name.
void Emitter::ImportFrom(const lang::ImportFrom* s) {
  std::vector<Value> fromlist;
  for (const Alias* a : s->names) {
    if (a->name == "*") return Error(s->loc, "'import *' is not supported by wick");
    fromlist.push_back(Value::Borrow(rt_.Intern(a->name)));
  }
  LoadConst(Value::Int(s->level));
  LoadConst(rt_.NewTuple(std::move(fromlist)));
  Emit(Op(Opcode::IMPORT_NAME), AddName(s->module));
  for (const Alias* a : s->names) {
    Emit(Op(Opcode::IMPORT_FROM), AddName(a->name));
    NameOp(a->asname.empty() ? a->name : a->asname, ExprContext::kStore);
  }
  Emit(Op(Opcode::POP_TOP));
}

}  // namespace wick::vm::compiler
