// The recursive-descent parser over a TokenStream. Each method parses one rule of
// CPython 3.11's grammar (Grammar/python.gram), quoted in the comment that opens it, and
// builds AST nodes in the module's arena with CPython's positions.
//
// CPython parses twice: once plainly, and on failure again with its `invalid_*` rules
// switched on to find a specific message. This parser makes one pass and checks the
// same patterns where the plain parse is about to fail (the `invalid_*` rule emulated is
// named at each check), falling back to CPython's generic "invalid syntax" at the
// furthest token reached. Errors are sticky: the first one stops the parse.
#ifndef WICK_LANG_INTERNAL_PARSER_H_
#define WICK_LANG_INTERNAL_PARSER_H_

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "lang/ast.h"
#include "lang/source_lines.h"
#include "lang/internal/tokenizer.h"
#include "lang/parser.h"

namespace wick::lang::internal {

// Set when parsing the expression of an f-string replacement field, which CPython
// parses on its own from "(" + expr + ")": errors are prefixed "f-string: " and quote
// that text, with columns relative to it.
struct FStringPiece {
  const SourceLines* lines = nullptr;  // of the "(expr)" text
  SourceOrigin origin;                 // where that text's tokens were moved to
};

// How an assignment target is used, for CPython's invalid-target messages.
enum class TargetsType { kStar, kDel, kFor };

class Parser {
 public:
  // `tokens` must outlive the parser. `file_lines` is the whole file (error texts and
  // EOF positions); `piece` is set for f-string expressions.
  Parser(Module* module, const SourceLines& file_lines, const TokenStream& tokens,
         const FStringPiece* piece = nullptr, int depth = 0);

  // file -> [statements] ENDMARKER
  bool ParseFile(std::vector<Stmt*>* body);
  // fstring -> star_expressions
  Expr* ParseFStringExpression();

  // Set after a failed parse.
  const SyntaxError& error() const { return *error_; }

 private:

  enum class ErrorKind { kNone, kGeneric, kSpecific, kTokenizer };

  // --- Tokens ------------------------------------------------------------------------
  // The token k ahead. Looking at the tokenizer's error token reports its error, as
  // CPython does when it fetches that token. (Inline: the parser's hottest function.)
  const Token& Peek(int k = 0) {
    size_t i = std::min(pos_ + k, tokens_.size() - 1);
    if (i > furthest_ && speculating_ == 0) furthest_ = i;
    if (i > fetched_) Fetch(i);
    return tokens_[i];
  }
  void Fetch(size_t i);
  Tok Kind(int k = 0) { return Peek(k).kind; }
  bool At(Tok t) { return Kind() == t; }
  bool AtSoftKeyword(absl::string_view word);
  // At a comprehension's `for` (or `async for`, which ForIfClauses rejects).
  bool AtComprehension() { return At(Tok::kFor) || At(Tok::kAsync); }
  const Token& Advance();
  bool Accept(Tok t);
  // Consumes `t` or fails with a generic error.
  bool Expect(Tok t);
  // CPython's forced token (&&'x'): consumes `t` or reports "expected 'x'" at the token.
  bool ExpectForced(Tok t, absl::string_view text);
  // The position from token `start` to the last token consumed.
  SourceRange Span(size_t start) const;
  SourceRange Span(const SourceRange& from, const SourceRange& to) const {
    return {from.line, from.col, to.end_line, to.end_col};
  }
  template <typename T>
  T* New(const SourceRange& loc) {
    T* node = module_->arena.New<T>();
    node->loc = loc;
    return node;
  }
  template <typename T>
  absl::Span<T* const> MakeList(const std::vector<T*>& v) {
    return module_->arena.Copy(v);
  }
  absl::string_view Intern(absl::string_view s) { return module_->arena.Copy(s); }

  // --- Errors ------------------------------------------------------------------------
  // Generic failure: "invalid syntax" at the furthest token reached, decided at the end.
  std::nullptr_t Fail();
  // CPython's RAISE_SYNTAX_ERROR: at the last token fetched.
  std::nullptr_t RaiseAtLast(std::string message,
                             SyntaxError::Type type = SyntaxError::Type::kSyntaxError);
  std::nullptr_t RaiseAtToken(const Token& t, std::string message,
                              SyntaxError::Type type = SyntaxError::Type::kSyntaxError);
  // RAISE_SYNTAX_ERROR_KNOWN_LOCATION / _KNOWN_RANGE.
  std::nullptr_t RaiseAt(const SourceRange& loc, std::string message);
  std::nullptr_t RaiseRange(const SourceRange& from, const SourceRange& to,
                            std::string message);
  // RAISE_SYNTAX_ERROR_STARTING_FROM: from `loc` to the current tokenizer position.
  std::nullptr_t RaiseStartingFrom(const SourceRange& loc, std::string message);
  // Byte columns are CPython's 1-based ones (col_offset + 1); <= 0 means none.
  void RaiseError(SyntaxError::Type type, std::string message, int line, int col,
                  int end_line, int end_col, ErrorKind kind);
  bool failed() const { return error_kind_ != ErrorKind::kNone; }
  // Builds the final error once parsing has failed (see parser.cc).
  void FinishError();
  // Wick-only: a construct outside wick's subset, named in the message.
  std::nullptr_t Unsupported(const Token& t, absl::string_view what);

  // Speculation: parse ahead, then rewind. Parser errors found on the way are dropped;
  // a tokenizer error stays (CPython would have raised it on fetching the token).
  struct Mark {
    size_t pos;
    size_t last;
    ErrorKind error_kind;
  };
  Mark Save() const { return {pos_, last_, error_kind_}; }
  // Rewinds to `m`; drops a generic error raised since (keeps specific and tokenizer
  // errors, which CPython's second pass would have raised too).
  void Rewind(const Mark& m);
  bool hard_error() const {
    return error_kind_ == ErrorKind::kSpecific || error_kind_ == ErrorKind::kTokenizer;
  }
  // Whether the emulated `invalid_*` checks are on (off while speculating for one).
  bool CheckInvalid() const { return no_invalid_ == 0; }
  // While speculating, a rule whose later part fails falls back to the part already
  // parsed, as a PEG alternative does (`a + )` is the expression `a` followed by `+`):
  // lookaheads then see what CPython's would. Outside speculation a failure is an error.
  bool Backtracking() const { return speculating_ > 0 && !hard_error(); }

  // --- Statements (parser_stmt.cc) ---------------------------------------------------
  bool Statements(std::vector<Stmt*>* out);
  bool Statement(std::vector<Stmt*>* out);
  bool SimpleStmts(std::vector<Stmt*>* out);
  Stmt* SimpleStmt();
  Stmt* ExprOrAssignment();
  Stmt* AnnotatedAssignment(size_t start, Expr* target, bool bare_tuple);
  void CheckStarNamedExpressionList(size_t start);
  Stmt* ReturnStmt();
  Stmt* RaiseStmt();
  Stmt* GlobalOrNonlocal();
  Stmt* DelStmt();
  Stmt* AssertStmt();
  Stmt* ImportName();
  Stmt* ImportFrom();
  bool DottedName(std::string* out);
  Alias* ImportAlias(bool dotted);
  bool Block(std::vector<Stmt*>* out, absl::string_view after, int line);
  Stmt* Decorated();
  Stmt* FunctionDef(size_t start, std::vector<Expr*> decorators);
  Stmt* ClassDef(size_t start, std::vector<Expr*> decorators);
  Stmt* IfStmt();
  Stmt* WhileStmt();
  Stmt* ForStmt();
  Stmt* WithStmt();
  WithItem* WithItemRule();
  Stmt* TryStmt();
  ExceptHandler* ExceptBlock();
  bool ElseBlock(std::vector<Stmt*>* out);
  enum class MatchAhead { kNo, kMatchStatement, kMissingColon };
  MatchAhead MatchStatementAhead();

  // --- Expressions (parser_expr.cc) --------------------------------------------------
  // `bare_tuple`: set if an unparenthesized tuple was built; `last_start`: the first
  // token of its last element.
  Expr* StarExpressions(bool* bare_tuple = nullptr, size_t* last_start = nullptr);
  Expr* StarExpression();
  Expr* StarNamedExpression();
  Expr* NamedExpression();
  Expr* Expression();
  Expr* ExpressionWithoutInvalid();
  // After a generic failure inside an expression that began at `entry`, parses it again
  // as CPython's second pass would (backtracking, checks on) so that the invalid_*
  // checks see the prefixes CPython's do. Returns nullptr.
  std::nullptr_t RetryForInvalid(const Mark& entry);
  Expr* Disjunction();
  Expr* Conjunction();
  Expr* Inversion();
  Expr* Comparison();
  Expr* BitwiseOr();
  Expr* BitwiseXor();
  Expr* BitwiseAnd();
  Expr* ShiftExpr();
  Expr* Sum();
  Expr* Term();
  Expr* Factor();
  Expr* Power();
  Expr* Primary();
  Expr* Atom();
  enum class ParenKind { kGroup, kTuple, kGenexp };
  Expr* ParenAtom(ParenKind* kind = nullptr);
  // Whether a list display, tuple, generator expression or True/None/False starts at
  // token `start` (the negative lookahead of invalid_named_expression).
  bool StartsWithDisplayOrSingleton(size_t start);
  Expr* ListAtom();
  Expr* BraceAtom();
  Expr* DictAfterFirst(size_t start, Expr* key, Expr* value);
  bool StarredDictValue();
  Expr* Slices();
  Expr* SliceItem();
  Expr* YieldExpr();
  Expr* LambdaDef();
  Expr* Number();

  // --- Strings and f-strings (parser_strings.cc) -------------------------------------
  // strings -> STRING+   (implicit concatenation, f-strings)
  Expr* Strings();
  struct FStringState;
  std::nullptr_t StringError(std::string message);
  // CPython's fstring_parse over t.text[*i, end): literals and replacement fields, up
  // to the end (recurse_lvl 0) or to the '}' closing a format spec (recurse_lvl 1).
  bool FStringParse(FStringState* st, const Token& t, size_t* i, size_t end, bool raw,
                    int recurse_lvl);
  // fstring_find_expr: one replacement field at the '{' at *i.
  bool FStringField(FStringState* st, const Token& t, size_t* i, size_t end, bool raw,
                    int recurse_lvl);
  // fstring_compile_expr: parses t.text[begin, end) as "(" + text + ")".
  Expr* FStringExpression(const Token& t, size_t begin, size_t end);
  bool ForIfClauses(std::vector<Comprehension*>* out);
  static bool CanStartExpression(internal::Tok t);
  // invalid_expression / invalid_legacy_expression after `a` (starting at token
  // `start`), when the next token starts an expression.
  std::nullptr_t CheckExpressionFollowsExpression(size_t start, Expr* a);
  // invalid_named_expression's `x = y` alternatives for `a` (starting at `start`).
  bool CheckAssignmentInExpression(size_t start, Expr* a, bool allow_name);
  // invalid_comprehension for a list or set display whose elements `elts` are followed
  // by `for`; `trailing_comma` is the comma before it, if any.
  std::nullptr_t CheckComprehensionInDisplay(const std::vector<Expr*>& elts,
                                             const Token* trailing_comma);
  bool ComprehensionClausesAhead();

  // --- Calls and parameters (parser_args.cc) -----------------------------------------
  Expr* CallSuffix(size_t start, Expr* func);
  // '(' [arguments] ')' of a call or class definition, at the '('.
  bool CallArguments(std::vector<Expr*>* args, std::vector<Keyword*>* keywords,
                     Expr** sole_genexp);
  Arguments* Parameters(bool lambda);
  Arg* Param(bool annotated, bool star_annotation);

  // --- Targets (parser_targets.cc) ---------------------------------------------------
  Expr* StarTargets();
  // CPython's _PyPegen_get_invalid_target: the part of `e` that cannot be assigned to
  // (or deleted), or nullptr.
  static Expr* InvalidTarget(Expr* e, TargetsType type);
  // RAISE_SYNTAX_ERROR_INVALID_TARGET: reports the invalid part of `e`, if any.
  bool RaiseInvalidTarget(TargetsType type, Expr* e);
  static void SetContext(Expr* e, ExprContext ctx);
  static bool IsSingleTarget(const Expr* e);

  Module* module_;
  const SourceLines& file_lines_;
  const std::vector<Token>& tokens_;
  const TokenStream& stream_;
  const FStringPiece* piece_;
  size_t pos_ = 0;
  size_t furthest_ = 0;  // furthest token looked at outside speculation
  size_t fetched_ = 0;   // furthest token looked at at all
  size_t last_ = 0;      // the last consumed token other than NEWLINE/INDENT/DEDENT
  int no_invalid_ = 0;
  int speculating_ = 0;
  int depth_;            // recursion depth, bounded so deep input cannot blow the stack
  // Errors CPython raises in its first pass (forced tokens, bad string literals): no
  // second pass runs after them.
  bool first_pass_error_ = false;
  // A `match x` statement without ':' was seen; CPython's second pass reports it
  // (see FinishError).
  bool match_missing_colon_ = false;
  // CPython memoizes `disjunction`: where invalid_expression has just parsed one with
  // its checks off, invalid_legacy_expression reuses it as is. The disjunction starting
  // at this token is parsed without the invalid_* checks.
  size_t plain_disjunction_at_ = static_cast<size_t>(-1);
  friend class DepthGuard;
  ErrorKind error_kind_ = ErrorKind::kNone;
  std::optional<SyntaxError> error_;
};

// Bounds the recursion of the rules that can nest without brackets (unary operators,
// `not`, lambda bodies, conditional expressions): deep input gets a SyntaxError, not a
// stack overflow. (Brackets are bounded by the tokenizer, indentation by its stack.)
class DepthGuard {
 public:
  static constexpr int kMaxDepth = 3000;
  explicit DepthGuard(Parser* p) : p_(p) { ++p_->depth_; }
  ~DepthGuard() { --p_->depth_; }
  DepthGuard(const DepthGuard&) = delete;
  DepthGuard& operator=(const DepthGuard&) = delete;
  bool too_deep() const { return p_->depth_ > kMaxDepth; }

 private:
  Parser* p_;
};

// CPython's _PyPegen_get_expr_name ("function call", "literal", ...).
absl::string_view ExprName(const Expr* e);

}  // namespace wick::lang::internal

#endif  // WICK_LANG_INTERNAL_PARSER_H_
