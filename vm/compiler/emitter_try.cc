// Code generation for try/except/else/finally and with: the handler shapes of CPython
// 3.11's compile.c (SETUP_* pseudo-instructions become exception-table entries;
// PUSH_EXC_INFO / POP_EXCEPT / RERAISE manage the handled exception).
#include "vm/compiler/emitter.h"

namespace wick::vm::compiler {

using namespace lang;  // NOLINT: the AST's node names are the vocabulary here

// POP_EXCEPT_AND_RERAISE: the cleanup handler of every except/finally/with handler.
// Stack [prev_exc, lasti, exc]: restore prev_exc, re-raise exc at its original lasti.
void Emitter::PopExceptAndReraise() {
  Emit(Op(Opcode::COPY), 3);
  Emit(Op(Opcode::POP_EXCEPT));
  Emit(Op(Opcode::RERAISE), 1);
}

// __exit__(None, None, None) on [exit]: CALL 2 with exit as the "method" slot.
void Emitter::CallExitWithNones() {
  LoadNone();
  LoadNone();
  LoadNone();
  Emit(Op(Opcode::CALL), 2);
}

void Emitter::Try(const lang::Try* s) {
  if (!s->finalbody.empty()) return TryFinally(s);
  TryExcept(s);
}

// try_stmt with finally:
//   SETUP_FINALLY end; body (or the try/except); POP_BLOCK; finalbody; JUMP exit
//   end: SETUP_CLEANUP cleanup; PUSH_EXC_INFO; finalbody; RERAISE 0
//   cleanup: POP_EXCEPT_AND_RERAISE
//   exit:
void Emitter::TryFinally(const lang::Try* s) {
  Label start = NewLabel(), end = NewLabel(), exit = NewLabel(), cleanup = NewLabel();
  Bind(start);
  EmitJump(kSetupFinally, end);
  int32_t block = OpenBlock(BlockKind::kTry, start, end, s->loc.line);
  FBlock fb{FBlockKind::kFinallyTry, start, end};
  fb.datum = &s->finalbody;
  PushFBlock(fb);
  if (!s->handlers.empty()) {
    TryExcept(s);
  } else {
    Stmts(s->body);
  }
  u().loc = SourceRange{};
  Emit(kPopBlock);
  PopFBlock();
  CloseBlock(block);
  {
    Label fin = NewLabel();
    Bind(fin);
    int32_t f = OpenBlock(BlockKind::kFinally, fin, Label{}, s->loc.line);
    Stmts(s->finalbody);
    CloseBlock(f);
  }
  u().loc = SourceRange{};
  EmitJump(Op(Opcode::JUMP), exit);

  Bind(end);
  EmitJump(kSetupCleanup, cleanup);
  Emit(Op(Opcode::PUSH_EXC_INFO));
  {
    int32_t f = OpenBlock(BlockKind::kFinally, end, Label{}, s->loc.line);
    PushFBlock({FBlockKind::kFinallyEnd, end, {}});
    Stmts(s->finalbody);
    PopFBlock();
    u().loc = SourceRange{};
    Emit(Op(Opcode::RERAISE), 0);
    CloseBlock(f);
  }
  Bind(cleanup);
  PopExceptAndReraise();
  Bind(exit);
}

// try_stmt with handlers:
//   SETUP_FINALLY except; body; POP_BLOCK; orelse; JUMP end
//   except: SETUP_CLEANUP cleanup; PUSH_EXC_INFO
//     per handler: [type; CHECK_EXC_MATCH; POP_JUMP_IF_FALSE next]
//       named:   STORE name; SETUP_CLEANUP cleanup_end; body; POP_BLOCK; POP_BLOCK;
//                POP_EXCEPT; name = None; del name; JUMP end
//                cleanup_end: name = None; del name; RERAISE 1
//       unnamed: POP_TOP; body; POP_BLOCK; POP_EXCEPT; JUMP end
//     next: ...
//   RERAISE 0
//   cleanup: POP_EXCEPT_AND_RERAISE
//   end:
void Emitter::TryExcept(const lang::Try* s) {
  Label start = NewLabel(), except = NewLabel(), end = NewLabel(), cleanup = NewLabel();
  Bind(start);
  EmitJump(kSetupFinally, except);
  int32_t block = OpenBlock(BlockKind::kTry, start, except, s->loc.line);
  PushFBlock({FBlockKind::kTryExcept, start, {}});
  Stmts(s->body);
  PopFBlock();
  u().loc = SourceRange{};
  Emit(kPopBlock);
  CloseBlock(block);
  Stmts(s->orelse);
  u().loc = SourceRange{};
  EmitJump(Op(Opcode::JUMP), end);

  Bind(except);
  EmitJump(kSetupCleanup, cleanup);
  Emit(Op(Opcode::PUSH_EXC_INFO));
  PushFBlock({FBlockKind::kExceptionHandler, {}, {}});
  for (size_t i = 0; i < s->handlers.size(); ++i) {
    const ExceptHandler* h = s->handlers[i];
    LocScope loc(this, h->loc);
    if (h->type == nullptr && i + 1 < s->handlers.size()) {
      return Error(h->loc, "default 'except:' must be last");
    }
    Label clause = NewLabel(), next = NewLabel();
    Bind(clause);
    int32_t hb = OpenBlock(BlockKind::kExcept, clause, Label{}, h->loc.line);
    if (h->type != nullptr) {
      Expression(h->type);
      Emit(Op(Opcode::CHECK_EXC_MATCH));
      EmitJump(Op(Opcode::POP_JUMP_IF_FALSE), next);
    }
    if (!h->name.empty()) {
      Label cleanup_end = NewLabel();
      NameOp(h->name, ExprContext::kStore);
      EmitJump(kSetupCleanup, cleanup_end);
      FBlock fb{FBlockKind::kHandlerCleanup, {}, {}};
      fb.name = h->name;
      PushFBlock(fb);
      Stmts(h->body);
      PopFBlock();
      u().loc = SourceRange{};
      Emit(kPopBlock);
      Emit(kPopBlock);
      Emit(Op(Opcode::POP_EXCEPT));
      LoadNone();
      NameOp(h->name, ExprContext::kStore);
      NameOp(h->name, ExprContext::kDel);
      EmitJump(Op(Opcode::JUMP), end);
      Bind(cleanup_end);
      LoadNone();
      NameOp(h->name, ExprContext::kStore);
      NameOp(h->name, ExprContext::kDel);
      Emit(Op(Opcode::RERAISE), 1);
    } else {
      Emit(Op(Opcode::POP_TOP));
      PushFBlock({FBlockKind::kHandlerCleanup, {}, {}});
      Stmts(h->body);
      PopFBlock();
      u().loc = SourceRange{};
      Emit(kPopBlock);
      Emit(Op(Opcode::POP_EXCEPT));
      EmitJump(Op(Opcode::JUMP), end);
    }
    CloseBlock(hb);
    Bind(next);
  }
  u().loc = SourceRange{};
  PopFBlock();
  Emit(Op(Opcode::RERAISE), 0);
  Bind(cleanup);
  PopExceptAndReraise();
  Bind(end);
}

// with_stmt, one item at a time (later items nest inside earlier ones):
//   mgr; BEFORE_WITH; SETUP_WITH final; (store target | POP_TOP); body;
//   POP_BLOCK; exit(None, None, None); POP_TOP; JUMP exit
//   final: SETUP_CLEANUP cleanup; PUSH_EXC_INFO; WITH_EXCEPT_START;
//     POP_JUMP_IF_TRUE suppress; RERAISE 2
//   cleanup: POP_EXCEPT_AND_RERAISE
//   suppress: POP_TOP; POP_BLOCK; POP_EXCEPT; POP_TOP; POP_TOP
//   exit:
void Emitter::With(const lang::With* s, size_t index) {
  const WithItem* item = s->items[index];
  Label start = NewLabel(), final = NewLabel(), exit = NewLabel(), cleanup = NewLabel();
  Bind(start);
  Expression(item->context_expr);
  Emit(Op(Opcode::BEFORE_WITH));
  EmitJump(kSetupWith, final);
  int32_t block = OpenBlock(BlockKind::kWith, start, final, s->loc.line);
  FBlock fb{FBlockKind::kWith, start, final};
  fb.datum = s;
  PushFBlock(fb);
  if (item->optional_vars != nullptr) {
    Store(item->optional_vars);
  } else {
    Emit(Op(Opcode::POP_TOP));
  }
  if (index + 1 == s->items.size()) {
    Stmts(s->body);
  } else {
    With(s, index + 1);
  }
  PopFBlock();
  CloseBlock(block);
  LocScope loc(this, s->loc);
  Emit(kPopBlock);
  CallExitWithNones();
  Emit(Op(Opcode::POP_TOP));
  EmitJump(Op(Opcode::JUMP), exit);

  Bind(final);
  EmitJump(kSetupCleanup, cleanup);
  Emit(Op(Opcode::PUSH_EXC_INFO));
  Emit(Op(Opcode::WITH_EXCEPT_START));
  Label suppress = NewLabel();
  u().loc = SourceRange{};
  EmitJump(Op(Opcode::POP_JUMP_IF_TRUE), suppress);
  Emit(Op(Opcode::RERAISE), 2);
  Bind(cleanup);
  PopExceptAndReraise();
  Bind(suppress);
  Emit(Op(Opcode::POP_TOP));
  Emit(kPopBlock);
  Emit(Op(Opcode::POP_EXCEPT));
  Emit(Op(Opcode::POP_TOP));
  Emit(Op(Opcode::POP_TOP));
  Bind(exit);
}

}  // namespace wick::vm::compiler
