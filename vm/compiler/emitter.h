// The compiler's second stage: bytecode emission (CPython's compile.c "codegen"; named
// Emitter here so it is not confused with wick's codegen/ package). Turns the AST of one scope at a time
// into a Unit: instructions with symbolic jump targets (labels), pseudo-instructions
// that open and close exception handlers (SETUP_FINALLY / SETUP_CLEANUP / SETUP_WITH /
// POP_BLOCK, as in CPython 3.11's compile.c), a source position per instruction, and
// the syntactic block stack around each instruction. The assembler (assembler.h) turns
// a Unit into a CodeObject. Instruction shapes follow compile.c; the comments in the
// emitter_*.cc files name the construct each function compiles.
#ifndef WICK_VM_COMPILER_EMITTER_H_
#define WICK_VM_COMPILER_EMITTER_H_

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "lang/ast.h"
#include "lang/parser.h"
#include "vm/code.h"
#include "vm/compiler/symtable.h"
#include "vm/runtime.h"

namespace wick::vm::compiler {

// Inside the compiler the AST's node names win over the object model's classes of the
// same name (vm::Tuple and friends are spelled with their namespace here).
using lang::Constant;
using lang::Dict;
using lang::List;
using lang::Set;
using lang::Slice;
using lang::Tuple;
using lang::Module;
using lang::UnaryOp;

// Pseudo-opcodes, numbered after the real ones; the assembler removes them.
enum Pseudo : int {
  kSetupFinally = 256,  // handler gets [..., exc]
  kSetupCleanup,        // handler gets [..., lasti, exc]
  kSetupWith,           // like kSetupCleanup, one item (the __enter__ result) lower
  kPopBlock,            // closes the innermost SETUP_*
};

struct Label {
  int id = -1;
};

struct RawInstr {
  int op;          // an Opcode or a Pseudo
  int32_t arg;     // a label id for jumps and SETUP_*
  lang::SourceRange pos;
  int32_t blocks;  // index into Unit::block_stacks
};

// A syntactic block (code.h's Block) with label endpoints, resolved when assembling.
struct BlockRecord {
  BlockKind kind;
  Label start, end, handler;  // handler.id < 0: none
  int32_t line;
};

// compile.c's fblock: what `break`, `continue` and `return` must unwind.
enum class FBlockKind {
  kWhileLoop, kForLoop, kTryExcept, kFinallyTry, kFinallyEnd, kWith, kHandlerCleanup,
  kPopValue, kExceptionHandler,
};
struct FBlock {
  FBlockKind kind;
  Label block;              // loops: the `continue` target
  Label exit;               // loops: the `break` target
  const void* datum = nullptr;  // kFinallyTry: the finalbody; kWith: the With stmt
  absl::string_view name;   // kHandlerCleanup: the `as` name (empty when none)
};

// One code object under construction (compile.c's compiler_unit).
struct Unit {
  Scope* scope = nullptr;
  std::string name, qualname;
  int32_t first_line = 1;
  uint32_t flags = 0;
  int32_t arg_count = 0, posonly_count = 0, kwonly_count = 0;

  std::vector<RawInstr> instrs;
  std::vector<int32_t> label_pos;  // label id -> index of the next instruction at binding

  std::vector<Value> consts;
  std::map<std::string, int32_t> const_index;  // dedup key -> index
  std::vector<std::string> names, varnames, cellvars, freevars;
  absl::flat_hash_map<std::string, int32_t> name_index, varname_index, cell_index;

  std::vector<FBlock> fblocks;
  std::vector<BlockRecord> block_records;
  std::vector<int32_t> open_blocks;                 // record ids, outermost first
  std::vector<std::vector<int32_t>> block_stacks;   // [0] is empty
  std::map<std::vector<int32_t>, int32_t> block_stack_index;
  int32_t current_blocks = 0;

  lang::SourceRange loc;  // position given to emitted instructions
};

class Emitter {
 public:
  Emitter(Runtime& rt, const lang::Module& module, const SymbolTable& symtable,
          std::shared_ptr<const SourceFile> source);

  // Compiles the module; returns its code object.
  absl::StatusOr<Value> CompileModule();

 private:
  friend class LocScope;
  friend class BlockScope;

  // ---- Units and emission (emitter.cc) -------------------------------------------------
  void EnterUnit(Scope* scope, std::string name, int32_t first_line);
  // Assembles the current unit, leaves it, and returns the code object (None on error).
  Value LeaveUnit();
  Unit& u() { return *units_.back(); }
  void Emit(int op, int32_t arg = 0);
  bool FoldConstTuple(int32_t n);
  bool LabelAt(int32_t pos) const;  // whether a label is bound at instruction `pos`
  void EmitJump(int op, Label target) { Emit(op, target.id); }
  Label NewLabel();
  void Bind(Label l);
  int32_t AddConst(Value v);
  void LoadConst(Value v) { Emit(static_cast<int>(Opcode::LOAD_CONST), AddConst(std::move(v))); }
  void LoadNone() { LoadConst(Value::None()); }
  void LoadStr(absl::string_view s);
  int32_t AddName(absl::string_view name);  // mangled by the caller where needed
  int32_t AddVarname(absl::string_view name);
  std::string MangleName(absl::string_view name) const;
  // compiler_nameop: the right LOAD/STORE/DELETE for `name` in the current scope.
  void NameOp(absl::string_view name, lang::ExprContext ctx);
  void Error(const lang::SourceRange& loc, std::string message);
  bool failed() const { return error_.has_value(); }
  // Opens a syntactic block for the block table; CloseBlock binds its end.
  int32_t OpenBlock(BlockKind kind, Label start, Label handler, int32_t line);
  void CloseBlock(int32_t record);
  void PushFBlock(FBlock b) { u().fblocks.push_back(b); }
  void PopFBlock() { u().fblocks.pop_back(); }

  // ---- Statements (emitter_stmt.cc) --------------------------------------------------
  void Stmts(lang::StmtList body);
  void Statement(const lang::Stmt* s);
  void Body(lang::StmtList body, bool docstring);
  void If(const lang::If* s);
  void While(const lang::While* s);
  void For(const lang::For* s);
  void Return(const lang::Return* s);
  void BreakContinue(const lang::Stmt* s, bool is_break);
  void Assign(const lang::Assign* s);
  void AugAssign(const lang::AugAssign* s);
  void AnnAssign(const lang::AnnAssign* s);
  void Annotation(const lang::Expr* e);
  // The source text of an annotation (what `from __future__ import annotations` keeps).
  std::string AnnotationText(const lang::Expr* e) const;
  void Delete(const lang::Expr* target);
  void Raise(const lang::Raise* s);
  void Assert(const lang::Assert* s);
  void Import(const lang::Import* s);
  void ImportFrom(const lang::ImportFrom* s);
  void UnwindFBlock(const FBlock& b, bool preserve_tos);
  // Unwinds fblocks innermost first up to (not including) a loop; *loop gets it.
  void UnwindFBlockStack(bool preserve_tos, const FBlock** loop);

  // ---- try / with (emitter_try.cc) ---------------------------------------------------
  void Try(const lang::Try* s);
  void TryExcept(const lang::Try* s);
  void TryFinally(const lang::Try* s);
  void With(const lang::With* s, size_t item);
  void PopExceptAndReraise();
  void CallExitWithNones();

  // ---- Expressions (emitter_expr.cc) -------------------------------------------------
  void Expression(const lang::Expr* e);
  void ExpressionKind(const lang::Expr* e);
  void Constant(const lang::Constant* c);
  void BoolOp(const lang::BoolOp* e);
  void Compare(const lang::Compare* e);
  void CompareOp(lang::CmpOp op);
  void JumpIf(const lang::Expr* e, Label target, bool cond);
  void Call(const lang::Call* e);
  bool MaybeMethodCall(const lang::Call* e);
  void CallHelper(int pushed, lang::ExprList args, absl::Span<lang::Keyword* const> keywords);
  void StarUnpack(lang::ExprList elts, int pushed, Opcode build, Opcode add, Opcode extend,
                  bool tuple);
  void DictDisplay(const lang::Dict* e);
  void JoinedStr(const lang::JoinedStr* e);
  void FormattedValue(const lang::FormattedValue* e);
  void Subscript(const lang::Subscript* e);
  void EmitAttr(Opcode op, const lang::Attribute* a);
  void Store(const lang::Expr* target);
  void YieldFromLoop();
  void Unpack(lang::ExprList elts, const lang::Expr* node);
  // A Value for constant-foldable expressions (constants, -constant, const tuples).
  std::optional<Value> Fold(const lang::Expr* e);
  std::optional<Value> FoldBinary(lang::Operator op, const Value& a, const Value& b);

  // ---- Scopes (emitter_scope.cc) -----------------------------------------------------
  void FunctionDef(const lang::FunctionDef* s);
  void ClassDef(const lang::ClassDef* s);
  void Lambda(const lang::Lambda* e);
  void Comprehension(const lang::Expr* e);
  void ComprehensionGenerator(absl::Span<lang::Comprehension* const> gens, size_t index,
                              int depth, const lang::Expr* elt, const lang::Expr* value,
                              lang::ExprKind kind);
  // Pushes defaults / kwdefaults; returns the MAKE_FUNCTION flags they need.
  int Defaults(const lang::Arguments* args);
  // Pushes the (name, value, ...) tuple of parameter and return annotations; returns
  // MAKE_FUNCTION's flag 4, or 0 when there are none.
  int FunctionAnnotations(const lang::Arguments* args, const lang::Expr* returns);
  void SetSignature(const lang::Arguments* args);
  void MakeClosure(Value code, int flags);
  void Decorators(lang::ExprList decorators);
  void ApplyDecorators(lang::ExprList decorators);
  std::string QualName(Scope* scope, absl::string_view name);

  Runtime& rt_;
  const lang::Module& module_;
  const SymbolTable& symtable_;
  std::shared_ptr<const SourceFile> source_;
  std::vector<std::unique_ptr<Unit>> units_;
  std::optional<lang::SyntaxError> error_;
  absl::Status status_;  // a non-syntax failure (assembler bug, unsupported literal)
  // `from __future__ import annotations` at the top of the module: annotations are
  // stored as their source text instead of being evaluated.
  bool future_annotations_ = false;
};

// Sets the position of the instructions emitted in its lifetime (compile.c's SET_LOC).
class LocScope {
 public:
  LocScope(Emitter* g, const lang::SourceRange& loc) : g_(g), saved_(g->u().loc) {
    g->u().loc = loc;
  }
  ~LocScope() { g_->u().loc = saved_; }

 private:
  Emitter* g_;
  lang::SourceRange saved_;
};

// vm::BinOp's value for a source operator (BINARY_OP's arg).
int32_t BinaryOpArg(lang::Operator op);

inline constexpr int Op(Opcode op) { return static_cast<int>(op); }

}  // namespace wick::vm::compiler

#endif  // WICK_VM_COMPILER_EMITTER_H_
