// Symbolic integers for dynamic shapes: the expressions a traced graph's sizes and
// size-derived Python ints are made of (upstream's sympy expressions over `s0`, `s77`).
//
// An expression is a polynomial with int64 coefficients whose atoms are symbols and the
// Python-semantics FloorDiv / Mod of sub-expressions that do not simplify. It is kept in
// one canonical form, so two expressions that are equal as polynomials are Equal() and
// print the same; constants fold as they are built.
//
//   ExprPtr s0 = Symbol(0, "s77");
//   ExprPtr n = Mul(s0, Int(3));                    // 3*s77
//   ExprPtr m = FloorDiv(n, Int(3));                // s77 (exact division simplifies)
//   Eval(*n, {4}) == 12;  ToString(*n) == "3*s77"
//   Relation r{Rel::kEq, s0, Int(3)};  r.Sympy() == "Eq(s77, 3)";
//   r.Python([](int32_t) { return "L['x'].size()[0]"; }) == "L['x'].size()[0] == 3"
//
// Symbols are numbered densely by whoever creates them (the tracer's shape
// environment); `values[id]` is a symbol's value in Eval. Expressions are immutable and
// shared; building never fails (FloorDiv/Mod by a constant zero make an atom that Eval
// reports as 0: callers check divisors before building, as Python would raise).
#ifndef WICK_SYM_EXPR_H_
#define WICK_SYM_EXPR_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/types/span.h"

namespace wick::sym {

class Expr;
using ExprPtr = std::shared_ptr<const Expr>;

ExprPtr Int(int64_t v);
ExprPtr Symbol(int32_t id, std::string name);
ExprPtr Add(const ExprPtr& a, const ExprPtr& b);
ExprPtr Sub(const ExprPtr& a, const ExprPtr& b);
ExprPtr Mul(const ExprPtr& a, const ExprPtr& b);
ExprPtr Neg(const ExprPtr& a);
// Python's a // b and a % b (floor semantics). FloorDiv simplifies when b divides a as a
// polynomial (every term of a is a multiple of the monomial or constant b: 6*s0 // 3 ==
// 2*s0, s0*s1 // s1 == s0); otherwise it is an atom. Mod is 0 in the same cases.
ExprPtr FloorDiv(const ExprPtr& a, const ExprPtr& b);
ExprPtr Mod(const ExprPtr& a, const ExprPtr& b);

// The value when the expression has no symbols.
std::optional<int64_t> AsConstant(const Expr& e);
bool Equal(const Expr& a, const Expr& b);
// Evaluates with symbol `id` = values[id] (Python floor semantics; wraps on overflow).
int64_t Eval(const Expr& e, absl::Span<const int64_t> values);
// Symbol ids that occur in `e`, ascending, without repeats.
std::vector<int32_t> FreeSymbols(const Expr& e);

// Printing, in sympy's str() style: terms by descending degree, then by name, the
// constant last ("2*s0 + 1", "s0*s1 - s0", "-s0 + 4"), FloorDiv as "((a)//(b))" with
// the parentheses dropped around atoms ("((s0)//2)" prints "(s0//2)"), Mod as
// "Mod(a, b)". `name` maps a symbol id to the text printed for it (default: its own
// name); the guard printer passes source names ("L['x'].size()[0]").
using SymbolNamer = std::function<std::string(int32_t id)>;
std::string ToString(const Expr& e, const SymbolNamer& name = nullptr);

enum class Rel : uint8_t { kEq, kNe, kLt, kLe, kGt, kGe };

// A fact about sizes the trace relied on, as a guard.
struct Relation {
  Rel rel = Rel::kEq;
  ExprPtr lhs;
  ExprPtr rhs;

  bool Holds(absl::Span<const int64_t> values) const;
  // sympy's form, as the `dynamic` log prints it: "Eq(s0, 3)", "Ne(s0, 3)", "s0 < 5",
  // "s0 <= 5", "s0 > 5" (sympy prints Gt/Ge as written), "s0 >= 5".
  std::string Sympy() const;
  // Python's form, as a guard prints it: "L['x'].size()[0] == 3", "!=", "<", "<=", ">",
  // ">=" with `name` for symbols.
  std::string Python(const SymbolNamer& name = nullptr) const;
};

// The same relation negated (Eq <-> Ne, Lt <-> Ge, Le <-> Gt).
Relation Negate(const Relation& r);

}  // namespace wick::sym

#endif  // WICK_SYM_EXPR_H_
