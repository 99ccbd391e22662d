// The abstract syntax tree of wick's Python subset: plain structs mirroring CPython 3.11's
// `ast` module (same node names, fields and positions), so that the bytecode compiler can
// follow CPython's compiler and tracebacks can place carets exactly where CPython does.
//
// Ownership: every node, list and string of a tree lives in its Module's Arena and is
// trivially destructible; pointers stay valid for the Module's lifetime and nothing is
// freed individually. Optional children are nullptr; lists are absl::Spans.
//
//   ASSIGN_OR_RETURN(std::unique_ptr<lang::Module> m, lang::Parse(source, "x.py"));
//   for (const lang::Stmt* s : m->body)
//     if (const auto* f = s->As<lang::FunctionDef>()) Compile(f->name, f->args, f->body);
#ifndef WICK_LANG_AST_H_
#define WICK_LANG_AST_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "base/source_loc.h"
#include "lang/arena.h"

namespace wick::lang {

// Where a node sits in the source: CPython's (lineno, col_offset, end_lineno,
// end_col_offset). Lines are 1-based; columns are 0-based UTF-8 byte offsets, exactly as
// CPython's ast and co_positions report them, so 3.11-style `^^^^` carets can be
// reproduced. (base's SourceLoc has 1-based columns and a file pointer; convert with
// ToSourceLoc where a file:line citation is needed.)
struct SourceRange {
  int32_t line = 0;
  int32_t col = 0;
  int32_t end_line = 0;
  int32_t end_col = 0;

  SourceLoc ToSourceLoc(std::shared_ptr<const std::string> file) const {
    return SourceLoc{std::move(file), line, col + 1};
  }
};

struct Expr;
struct Stmt;
struct Arg;
struct Keyword;
struct Alias;
struct Comprehension;
struct ExceptHandler;
struct WithItem;
using ExprList = absl::Span<Expr* const>;
using StmtList = absl::Span<Stmt* const>;

enum class ExprContext : uint8_t { kLoad, kStore, kDel };
enum class BoolOperator : uint8_t { kAnd, kOr };
enum class Operator : uint8_t {
  kAdd, kSub, kMult, kMatMult, kDiv, kMod, kPow,
  kLShift, kRShift, kBitOr, kBitXor, kBitAnd, kFloorDiv,
};
enum class UnaryOperator : uint8_t { kInvert, kNot, kUAdd, kUSub };
enum class CmpOp : uint8_t { kEq, kNotEq, kLt, kLtE, kGt, kGtE, kIs, kIsNot, kIn, kNotIn };

// CPython's class names ("Load", "Add", "NotIn", ...), used by the AST dump.
absl::string_view OpName(ExprContext c);
absl::string_view OpName(BoolOperator op);
absl::string_view OpName(Operator op);
absl::string_view OpName(UnaryOperator op);
absl::string_view OpName(CmpOp op);
// The operator as written in source ("+", "not in", ...).
absl::string_view Symbol(Operator op);
absl::string_view Symbol(CmpOp op);

// ---------------------------------------------------------------------------------------
// Expressions.

enum class ExprKind : uint8_t {
  kBoolOp, kNamedExpr, kBinOp, kUnaryOp, kLambda, kIfExp, kDict, kSet, kListComp,
  kSetComp, kDictComp, kGeneratorExp, kYield, kYieldFrom, kCompare, kCall,
  kFormattedValue, kJoinedStr, kConstant, kAttribute, kSubscript, kStarred, kName,
  kList, kTuple, kSlice,
};

struct Expr {
  const ExprKind kind;
  SourceRange loc;

  template <typename T>
  bool Is() const { return kind == T::kKind; }
  template <typename T>
  T* As() { return Is<T>() ? static_cast<T*>(this) : nullptr; }
  template <typename T>
  const T* As() const { return Is<T>() ? static_cast<const T*>(this) : nullptr; }

 protected:
  explicit Expr(ExprKind k) : kind(k) {}
};

#define WICK_LANG_EXPR_NODE(T) \
  static constexpr ExprKind kKind = ExprKind::k##T; \
  T() : Expr(kKind) {}

// `a and b and c`: one node per chain of the same operator.
struct BoolOp : Expr {
  WICK_LANG_EXPR_NODE(BoolOp)
  BoolOperator op = BoolOperator::kAnd;
  ExprList values;
};

// `target := value`; target is a Name in Store context.
struct NamedExpr : Expr {
  WICK_LANG_EXPR_NODE(NamedExpr)
  Expr* target = nullptr;
  Expr* value = nullptr;
};

struct BinOp : Expr {
  WICK_LANG_EXPR_NODE(BinOp)
  Expr* left = nullptr;
  Operator op = Operator::kAdd;
  Expr* right = nullptr;
};

struct UnaryOp : Expr {
  WICK_LANG_EXPR_NODE(UnaryOp)
  UnaryOperator op = UnaryOperator::kUSub;
  Expr* operand = nullptr;
};

// The parameter structure of a def or lambda, as CPython's `arguments`.
struct Arguments {
  SourceRange loc;  // first to last parameter; all zero when there are none
  absl::Span<Arg* const> posonlyargs;  // before '/'
  absl::Span<Arg* const> args;
  Arg* vararg = nullptr;  // *args
  absl::Span<Arg* const> kwonlyargs;
  ExprList kw_defaults;  // one per kwonlyarg; nullptr where it has none
  Arg* kwarg = nullptr;  // **kwargs
  ExprList defaults;     // for the last len(defaults) of posonlyargs + args
};

struct Lambda : Expr {
  WICK_LANG_EXPR_NODE(Lambda)
  Arguments* args = nullptr;
  Expr* body = nullptr;
};

// `body if test else orelse`
struct IfExp : Expr {
  WICK_LANG_EXPR_NODE(IfExp)
  Expr* test = nullptr;
  Expr* body = nullptr;
  Expr* orelse = nullptr;
};

// `{k: v, **m}`: keys[i] is nullptr for a `**m` entry (its mapping is values[i]).
struct Dict : Expr {
  WICK_LANG_EXPR_NODE(Dict)
  ExprList keys;
  ExprList values;
};

struct Set : Expr {
  WICK_LANG_EXPR_NODE(Set)
  ExprList elts;
};

struct ListComp : Expr {
  WICK_LANG_EXPR_NODE(ListComp)
  Expr* elt = nullptr;
  absl::Span<Comprehension* const> generators;
};

struct SetComp : Expr {
  WICK_LANG_EXPR_NODE(SetComp)
  Expr* elt = nullptr;
  absl::Span<Comprehension* const> generators;
};

struct DictComp : Expr {
  WICK_LANG_EXPR_NODE(DictComp)
  Expr* key = nullptr;
  Expr* value = nullptr;
  absl::Span<Comprehension* const> generators;
};

struct GeneratorExp : Expr {
  WICK_LANG_EXPR_NODE(GeneratorExp)
  Expr* elt = nullptr;
  absl::Span<Comprehension* const> generators;
};

struct Yield : Expr {
  WICK_LANG_EXPR_NODE(Yield)
  Expr* value = nullptr;  // optional
};

struct YieldFrom : Expr {
  WICK_LANG_EXPR_NODE(YieldFrom)
  Expr* value = nullptr;
};

// `left ops[0] comparators[0] ops[1] comparators[1] ...` (a chained comparison).
struct Compare : Expr {
  WICK_LANG_EXPR_NODE(Compare)
  Expr* left = nullptr;
  absl::Span<const CmpOp> ops;
  ExprList comparators;
};

// `func(*args, **keywords)`: positional arguments may be Starred; a keyword with no
// name is a `**mapping`.
struct Call : Expr {
  WICK_LANG_EXPR_NODE(Call)
  Expr* func = nullptr;
  ExprList args;
  absl::Span<Keyword* const> keywords;
};

// One `{value!conversion:format_spec}` field of an f-string.
struct FormattedValue : Expr {
  WICK_LANG_EXPR_NODE(FormattedValue)
  Expr* value = nullptr;
  int conversion = -1;  // -1 (none), 's', 'r' or 'a'
  Expr* format_spec = nullptr;  // a JoinedStr, or nullptr
};

// An f-string (after implicit concatenation): Constant str parts and FormattedValues.
struct JoinedStr : Expr {
  WICK_LANG_EXPR_NODE(JoinedStr)
  ExprList values;
};

// A literal value. Integers that do not fit in int64 are kept as their decimal digits
// (kBigInt) so the compiler can decide (wick raises OverflowError for them at run time;
// `-9223372036854775808` is UnaryOp(USub, BigInt) here and may be folded there).
enum class ConstantKind : uint8_t {
  kNone, kBool, kInt, kBigInt, kFloat, kComplex, kStr, kBytes, kEllipsis,
};
struct Constant : Expr {
  WICK_LANG_EXPR_NODE(Constant)
  ConstantKind value_kind = ConstantKind::kNone;
  bool bool_value = false;
  int64_t int_value = 0;
  double float_value = 0;  // kFloat, and the imaginary part of kComplex
  absl::string_view str_value;  // kStr/kBytes (decoded bytes), kBigInt (digits)
};

struct Attribute : Expr {
  WICK_LANG_EXPR_NODE(Attribute)
  Expr* value = nullptr;
  absl::string_view attr;
  ExprContext ctx = ExprContext::kLoad;
};

// `value[slice]`: slice is an expression, a Slice, or a Tuple of those.
struct Subscript : Expr {
  WICK_LANG_EXPR_NODE(Subscript)
  Expr* value = nullptr;
  Expr* slice = nullptr;
  ExprContext ctx = ExprContext::kLoad;
};

struct Starred : Expr {
  WICK_LANG_EXPR_NODE(Starred)
  Expr* value = nullptr;
  ExprContext ctx = ExprContext::kLoad;
};

struct Name : Expr {
  WICK_LANG_EXPR_NODE(Name)
  absl::string_view id;
  ExprContext ctx = ExprContext::kLoad;
};

struct List : Expr {
  WICK_LANG_EXPR_NODE(List)
  ExprList elts;
  ExprContext ctx = ExprContext::kLoad;
};

struct Tuple : Expr {
  WICK_LANG_EXPR_NODE(Tuple)
  ExprList elts;
  ExprContext ctx = ExprContext::kLoad;
};

// `lower:upper:step` inside a subscript; each part optional.
struct Slice : Expr {
  WICK_LANG_EXPR_NODE(Slice)
  Expr* lower = nullptr;
  Expr* upper = nullptr;
  Expr* step = nullptr;
};

#undef WICK_LANG_EXPR_NODE

// ---------------------------------------------------------------------------------------
// Pieces of expressions and statements.

// A parameter: `name: annotation`.
struct Arg {
  SourceRange loc;
  absl::string_view arg;
  Expr* annotation = nullptr;
};

// A call's `name=value`, or `**value` when arg is empty.
struct Keyword {
  SourceRange loc;
  absl::string_view arg;  // empty for **value
  Expr* value = nullptr;
};

// `import name as asname` / `from m import name as asname` (name "*" for a star import).
struct Alias {
  SourceRange loc;
  absl::string_view name;    // dotted names joined with '.'
  absl::string_view asname;  // empty when absent
};

// `for target in iter if ifs[0] if ifs[1]` inside a comprehension.
struct Comprehension {
  SourceRange loc;  // 'for' to the end of the clause (CPython keeps none)
  Expr* target = nullptr;
  Expr* iter = nullptr;
  ExprList ifs;
};

// `except type as name: body`; type is nullptr for a bare except.
struct ExceptHandler {
  SourceRange loc;
  Expr* type = nullptr;
  absl::string_view name;  // empty when absent
  StmtList body;
};

// `context_expr as optional_vars` in a with statement.
struct WithItem {
  SourceRange loc;  // CPython keeps none
  Expr* context_expr = nullptr;
  Expr* optional_vars = nullptr;
};

// ---------------------------------------------------------------------------------------
// Statements.

enum class StmtKind : uint8_t {
  kFunctionDef, kClassDef, kReturn, kDelete, kAssign, kAugAssign, kAnnAssign, kFor,
  kWhile, kIf, kWith, kRaise, kTry, kAssert, kImport, kImportFrom, kGlobal, kNonlocal,
  kExprStmt, kPass, kBreak, kContinue,
};

struct Stmt {
  const StmtKind kind;
  SourceRange loc;

  template <typename T>
  bool Is() const { return kind == T::kKind; }
  template <typename T>
  T* As() { return Is<T>() ? static_cast<T*>(this) : nullptr; }
  template <typename T>
  const T* As() const { return Is<T>() ? static_cast<const T*>(this) : nullptr; }

 protected:
  explicit Stmt(StmtKind k) : kind(k) {}
};

#define WICK_LANG_STMT_NODE(T) \
  static constexpr StmtKind kKind = StmtKind::k##T; \
  T() : Stmt(kKind) {}

struct FunctionDef : Stmt {
  WICK_LANG_STMT_NODE(FunctionDef)
  absl::string_view name;
  Arguments* args = nullptr;
  StmtList body;
  ExprList decorator_list;
  Expr* returns = nullptr;  // the return annotation, optional
};

struct ClassDef : Stmt {
  WICK_LANG_STMT_NODE(ClassDef)
  absl::string_view name;
  ExprList bases;
  absl::Span<Keyword* const> keywords;  // e.g. metaclass=...; the compiler rejects them
  StmtList body;
  ExprList decorator_list;
};

struct Return : Stmt {
  WICK_LANG_STMT_NODE(Return)
  Expr* value = nullptr;
};

struct Delete : Stmt {
  WICK_LANG_STMT_NODE(Delete)
  ExprList targets;
};

// `targets[0] = targets[1] = ... = value`
struct Assign : Stmt {
  WICK_LANG_STMT_NODE(Assign)
  ExprList targets;
  Expr* value = nullptr;
};

struct AugAssign : Stmt {
  WICK_LANG_STMT_NODE(AugAssign)
  Expr* target = nullptr;
  Operator op = Operator::kAdd;
  Expr* value = nullptr;
};

// `target: annotation = value`; simple is true for a bare (unparenthesized) name.
struct AnnAssign : Stmt {
  WICK_LANG_STMT_NODE(AnnAssign)
  Expr* target = nullptr;
  Expr* annotation = nullptr;
  Expr* value = nullptr;
  bool simple = false;
};

struct For : Stmt {
  WICK_LANG_STMT_NODE(For)
  Expr* target = nullptr;
  Expr* iter = nullptr;
  StmtList body;
  StmtList orelse;
};

struct While : Stmt {
  WICK_LANG_STMT_NODE(While)
  Expr* test = nullptr;
  StmtList body;
  StmtList orelse;
};

// `elif` chains are nested Ifs in orelse, as in CPython.
struct If : Stmt {
  WICK_LANG_STMT_NODE(If)
  Expr* test = nullptr;
  StmtList body;
  StmtList orelse;
};

struct With : Stmt {
  WICK_LANG_STMT_NODE(With)
  absl::Span<WithItem* const> items;
  StmtList body;
};

struct Raise : Stmt {
  WICK_LANG_STMT_NODE(Raise)
  Expr* exc = nullptr;
  Expr* cause = nullptr;
};

struct Try : Stmt {
  WICK_LANG_STMT_NODE(Try)
  StmtList body;
  absl::Span<ExceptHandler* const> handlers;
  StmtList orelse;
  StmtList finalbody;
};

struct Assert : Stmt {
  WICK_LANG_STMT_NODE(Assert)
  Expr* test = nullptr;
  Expr* msg = nullptr;
};

struct Import : Stmt {
  WICK_LANG_STMT_NODE(Import)
  absl::Span<Alias* const> names;
};

// `from ..module import names`: level counts the leading dots; module may be empty.
struct ImportFrom : Stmt {
  WICK_LANG_STMT_NODE(ImportFrom)
  absl::string_view module;
  absl::Span<Alias* const> names;
  int level = 0;
};

struct Global : Stmt {
  WICK_LANG_STMT_NODE(Global)
  absl::Span<const absl::string_view> names;
};

struct Nonlocal : Stmt {
  WICK_LANG_STMT_NODE(Nonlocal)
  absl::Span<const absl::string_view> names;
};

// An expression statement (CPython's `Expr`).
struct ExprStmt : Stmt {
  WICK_LANG_STMT_NODE(ExprStmt)
  Expr* value = nullptr;
};

struct Pass : Stmt {
  WICK_LANG_STMT_NODE(Pass)
};

struct Break : Stmt {
  WICK_LANG_STMT_NODE(Break)
};

struct Continue : Stmt {
  WICK_LANG_STMT_NODE(Continue)
};

#undef WICK_LANG_STMT_NODE

// A parsed file. Not movable: nodes point into `source` and `arena`.
struct Module {
  std::shared_ptr<const std::string> filename;
  // The source with line endings normalized to '\n'; identifiers point into it.
  std::string source;
  StmtList body;
  Arena arena;

  Module() = default;
  Module(const Module&) = delete;
  Module& operator=(const Module&) = delete;

  // Line `n` (1-based) of the source without its newline; empty when out of range.
  absl::string_view Line(int n) const;
};

}  // namespace wick::lang

#endif  // WICK_LANG_AST_H_
