// sym/expr.cc: the canonical polynomial form behind sym/expr.h. Owns building (like
// terms combined, constants folded, exact FloorDiv/Mod simplified), evaluation with
// Python floor semantics, and sympy-style printing.
#include "sym/expr.h"

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"

namespace wick::sym {
namespace {

struct Atom;
using AtomPtr = std::shared_ptr<const Atom>;
// A product of atoms, sorted by CompareAtom, a repeated atom standing for a power
// (s0*s0 is s0**2). Empty for the constant term.
using Monomial = std::vector<AtomPtr>;

struct Term {
  int64_t coef = 0;  // never 0 in a canonical Expr
  Monomial mono;
};

enum class AtomKind : uint8_t { kSymbol, kFloorDiv, kMod };

// A symbol, or a FloorDiv / Mod of canonical operands that did not simplify.
struct Atom {
  AtomKind kind = AtomKind::kSymbol;
  int32_t id = -1;   // kSymbol only
  std::string text;  // kSymbol: its name; otherwise its printed form (default names)
  ExprPtr lhs;       // kFloorDiv / kMod only
  ExprPtr rhs;
};

// Two's-complement wrapping arithmetic without signed-overflow UB (C++20 defines the
// unsigned -> signed conversion as modular).
int64_t WrapAdd(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}
int64_t WrapMul(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
}
int64_t WrapNeg(int64_t a) { return static_cast<int64_t>(0 - static_cast<uint64_t>(a)); }

// Python's a // b and a % b; b == 0 gives 0 (Python raises; see the header).
// b == -1 is special-cased because INT64_MIN / -1 traps; it wraps instead.
int64_t PyFloorDiv(int64_t a, int64_t b) {
  if (b == 0) return 0;
  if (b == -1) return WrapNeg(a);
  int64_t q = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0))) --q;  // round toward -inf, not zero
  return q;
}
int64_t PyMod(int64_t a, int64_t b) {
  if (b == 0 || b == -1) return 0;
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;  // the result takes b's sign
  return r;
}

template <typename T>
int Cmp(const T& a, const T& b) {
  return a < b ? -1 : (b < a ? 1 : 0);
}

}  // namespace

// Defined here, not in the header: callers only hold ExprPtr. The terms are in printing
// order (see Make), so structurally equal polynomials have identical term lists.
class Expr {
 public:
  std::vector<Term> terms;
};

namespace {

int CompareExpr(const Expr& a, const Expr& b);

// A total order: symbols first (by name, then id), then FloorDiv/Mod by printed text,
// ties (same-named symbols inside) broken structurally.
int CompareAtom(const Atom& a, const Atom& b) {
  bool a_sym = a.kind == AtomKind::kSymbol, b_sym = b.kind == AtomKind::kSymbol;
  if (a_sym != b_sym) return a_sym ? -1 : 1;
  if (int c = a.text.compare(b.text)) return c < 0 ? -1 : 1;
  if (a_sym) return Cmp(a.id, b.id);
  if (a.kind != b.kind) return Cmp(a.kind, b.kind);
  if (int c = CompareExpr(*a.lhs, *b.lhs)) return c;
  return CompareExpr(*a.rhs, *b.rhs);
}

int CompareMono(const Monomial& a, const Monomial& b) {
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) {
    if (int c = CompareAtom(*a[i], *b[i])) return c;
  }
  return Cmp(a.size(), b.size());
}

int CompareExpr(const Expr& a, const Expr& b) {
  if (int c = Cmp(a.terms.size(), b.terms.size())) return c;
  for (size_t i = 0; i < a.terms.size(); ++i) {
    if (int c = Cmp(a.terms[i].coef, b.terms[i].coef)) return c;
    if (int c = CompareMono(a.terms[i].mono, b.terms[i].mono)) return c;
  }
  return 0;
}

std::string Print(const Expr& e, const SymbolNamer& name);

// An integer or a lone atom prints without parentheses as a FloorDiv operand.
bool IsBare(const Expr& e) {
  if (e.terms.empty()) return true;
  if (e.terms.size() != 1) return false;
  const Term& t = e.terms[0];
  return t.mono.empty() || (t.coef == 1 && t.mono.size() == 1);
}

std::string PrintAtom(const Atom& a, const SymbolNamer& name) {
  switch (a.kind) {
    case AtomKind::kSymbol:
      return name ? name(a.id) : a.text;
    case AtomKind::kFloorDiv: {
      auto operand = [&](const Expr& e) {
        std::string s = Print(e, name);
        return IsBare(e) ? s : absl::StrCat("(", s, ")");
      };
      return absl::StrCat("(", operand(*a.lhs), "//", operand(*a.rhs), ")");
    }
    case AtomKind::kMod:
      return absl::StrCat("Mod(", Print(*a.lhs, name), ", ", Print(*a.rhs, name), ")");
  }
  return "";
}

// "s0**2*s1": runs of an equal atom print as a power.
std::string PrintMono(const Monomial& m, const SymbolNamer& name) {
  std::string out;
  for (size_t i = 0; i < m.size();) {
    size_t j = i + 1;
    while (j < m.size() && CompareAtom(*m[i], *m[j]) == 0) ++j;
    absl::StrAppend(&out, out.empty() ? "" : "*", PrintAtom(*m[i], name));
    if (j - i > 1) absl::StrAppend(&out, "**", j - i);
    i = j;
  }
  return out;
}

std::string Print(const Expr& e, const SymbolNamer& name) {
  if (e.terms.empty()) return "0";
  std::string out;
  for (size_t i = 0; i < e.terms.size(); ++i) {
    const Term& t = e.terms[i];
    bool neg = t.coef < 0;
    // The magnitude as unsigned, so INT64_MIN prints correctly.
    uint64_t mag = neg ? 0 - static_cast<uint64_t>(t.coef) : static_cast<uint64_t>(t.coef);
    std::string body;
    if (t.mono.empty()) {
      body = absl::StrCat(mag);
    } else {
      body = PrintMono(t.mono, name);
      if (mag != 1) body = absl::StrCat(mag, "*", body);
    }
    if (i == 0) {
      absl::StrAppend(&out, neg ? "-" : "", body);
    } else {
      absl::StrAppend(&out, neg ? " - " : " + ", body);
    }
  }
  return out;
}

// The canonical form: atoms sorted within each monomial; terms by descending degree,
// then printed monomial text (default names, so the order does not depend on a namer),
// then structure; like terms combined and zero terms dropped. The constant, of degree
// 0 and empty text, comes last.
ExprPtr Make(std::vector<Term> terms) {
  struct Keyed {
    size_t degree;
    std::string text;
    Term term;
  };
  std::vector<Keyed> keyed;
  keyed.reserve(terms.size());
  for (Term& t : terms) {
    std::sort(t.mono.begin(), t.mono.end(),
              [](const AtomPtr& a, const AtomPtr& b) { return CompareAtom(*a, *b) < 0; });
    std::string text = PrintMono(t.mono, nullptr);
    keyed.push_back({t.mono.size(), std::move(text), std::move(t)});
  }
  std::sort(keyed.begin(), keyed.end(), [](const Keyed& a, const Keyed& b) {
    if (a.degree != b.degree) return a.degree > b.degree;
    if (int c = a.text.compare(b.text)) return c < 0;
    return CompareMono(a.term.mono, b.term.mono) < 0;
  });
  auto e = std::make_shared<Expr>();
  for (Keyed& k : keyed) {
    if (!e->terms.empty() && CompareMono(e->terms.back().mono, k.term.mono) == 0) {
      e->terms.back().coef = WrapAdd(e->terms.back().coef, k.term.coef);
    } else {
      e->terms.push_back(std::move(k.term));
    }
  }
  std::erase_if(e->terms, [](const Term& t) { return t.coef == 0; });
  return e;
}

ExprPtr MakeAtom(AtomKind kind, const ExprPtr& lhs, const ExprPtr& rhs) {
  auto atom = std::make_shared<Atom>();
  atom->kind = kind;
  atom->lhs = lhs;
  atom->rhs = rhs;
  atom->text = PrintAtom(*atom, nullptr);
  return Make({Term{1, {std::move(atom)}}});
}

// `m` without one occurrence of each atom of `sub`, or nullopt when `sub` is not a
// sub-multiset of `m`. Both are sorted, so one merge-like pass suffices.
std::optional<Monomial> Without(const Monomial& m, const Monomial& sub) {
  Monomial rest;
  size_t j = 0;
  for (const AtomPtr& x : m) {
    if (j < sub.size() && CompareAtom(*x, *sub[j]) == 0) {
      ++j;
    } else {
      rest.push_back(x);
    }
  }
  if (j != sub.size()) return std::nullopt;
  return rest;
}

// a / b as a polynomial when b is a single nonzero term k*M dividing every term of a
// (M divides its monomial, k its coefficient); nullopt otherwise. Then a // b == a / b
// and a % b == 0 whenever M is nonzero (when it is zero, Python raises anyway).
std::optional<std::vector<Term>> DivideExactly(const Expr& a, const Expr& b) {
  if (b.terms.size() != 1) return std::nullopt;
  const Term& d = b.terms[0];
  std::vector<Term> out;
  for (const Term& t : a.terms) {
    if (d.coef != -1 && t.coef % d.coef != 0) return std::nullopt;
    std::optional<Monomial> rest = Without(t.mono, d.mono);
    if (!rest) return std::nullopt;
    out.push_back({PyFloorDiv(t.coef, d.coef), std::move(*rest)});
  }
  return out;
}

int64_t EvalAtom(const Atom& a, absl::Span<const int64_t> values) {
  switch (a.kind) {
    case AtomKind::kSymbol:
      assert(a.id >= 0 && static_cast<size_t>(a.id) < values.size());
      return (a.id >= 0 && static_cast<size_t>(a.id) < values.size()) ? values[a.id] : 0;
    case AtomKind::kFloorDiv:
      return PyFloorDiv(Eval(*a.lhs, values), Eval(*a.rhs, values));
    case AtomKind::kMod:
      return PyMod(Eval(*a.lhs, values), Eval(*a.rhs, values));
  }
  return 0;
}

void CollectSymbols(const Expr& e, std::vector<int32_t>* out) {
  for (const Term& t : e.terms) {
    for (const AtomPtr& a : t.mono) {
      if (a->kind == AtomKind::kSymbol) {
        out->push_back(a->id);
      } else {
        CollectSymbols(*a->lhs, out);
        CollectSymbols(*a->rhs, out);
      }
    }
  }
}

}  // namespace

ExprPtr Int(int64_t v) { return Make({Term{v, {}}}); }

ExprPtr Symbol(int32_t id, std::string name) {
  auto atom = std::make_shared<Atom>();
  atom->id = id;
  atom->text = std::move(name);
  return Make({Term{1, {std::move(atom)}}});
}

ExprPtr Add(const ExprPtr& a, const ExprPtr& b) {
  std::vector<Term> terms = a->terms;
  terms.insert(terms.end(), b->terms.begin(), b->terms.end());
  return Make(std::move(terms));
}

ExprPtr Sub(const ExprPtr& a, const ExprPtr& b) { return Add(a, Neg(b)); }

// Distributes: (a1 + a2)*(b1 + b2) = a1*b1 + a1*b2 + a2*b1 + a2*b2.
ExprPtr Mul(const ExprPtr& a, const ExprPtr& b) {
  std::vector<Term> terms;
  terms.reserve(a->terms.size() * b->terms.size());
  for (const Term& x : a->terms) {
    for (const Term& y : b->terms) {
      Monomial mono = x.mono;
      mono.insert(mono.end(), y.mono.begin(), y.mono.end());
      terms.push_back({WrapMul(x.coef, y.coef), std::move(mono)});
    }
  }
  return Make(std::move(terms));
}

ExprPtr Neg(const ExprPtr& a) {
  std::vector<Term> terms = a->terms;
  for (Term& t : terms) t.coef = WrapNeg(t.coef);
  return Make(std::move(terms));
}

ExprPtr FloorDiv(const ExprPtr& a, const ExprPtr& b) {
  std::optional<int64_t> ca = AsConstant(*a), cb = AsConstant(*b);
  if (ca && cb && *cb != 0) return Int(PyFloorDiv(*ca, *cb));
  if (auto q = DivideExactly(*a, *b)) return Make(std::move(*q));
  return MakeAtom(AtomKind::kFloorDiv, a, b);
}

ExprPtr Mod(const ExprPtr& a, const ExprPtr& b) {
  std::optional<int64_t> ca = AsConstant(*a), cb = AsConstant(*b);
  if (ca && cb && *cb != 0) return Int(PyMod(*ca, *cb));
  if (DivideExactly(*a, *b)) return Int(0);
  return MakeAtom(AtomKind::kMod, a, b);
}

std::optional<int64_t> AsConstant(const Expr& e) {
  if (e.terms.empty()) return 0;
  if (e.terms.size() == 1 && e.terms[0].mono.empty()) return e.terms[0].coef;
  return std::nullopt;
}

bool Equal(const Expr& a, const Expr& b) { return CompareExpr(a, b) == 0; }

int64_t Eval(const Expr& e, absl::Span<const int64_t> values) {
  int64_t sum = 0;
  for (const Term& t : e.terms) {
    int64_t product = t.coef;
    for (const AtomPtr& a : t.mono) product = WrapMul(product, EvalAtom(*a, values));
    sum = WrapAdd(sum, product);
  }
  return sum;
}

std::vector<int32_t> FreeSymbols(const Expr& e) {
  std::vector<int32_t> ids;
  CollectSymbols(e, &ids);
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}

std::string ToString(const Expr& e, const SymbolNamer& name) { return Print(e, name); }

bool Relation::Holds(absl::Span<const int64_t> values) const {
  int64_t l = Eval(*lhs, values), r = Eval(*rhs, values);
  switch (rel) {
    case Rel::kEq: return l == r;
    case Rel::kNe: return l != r;
    case Rel::kLt: return l < r;
    case Rel::kLe: return l <= r;
    case Rel::kGt: return l > r;
    case Rel::kGe: return l >= r;
  }
  return false;
}

namespace {
const char* InfixOp(Rel rel) {
  switch (rel) {
    case Rel::kEq: return "==";
    case Rel::kNe: return "!=";
    case Rel::kLt: return "<";
    case Rel::kLe: return "<=";
    case Rel::kGt: return ">";
    case Rel::kGe: return ">=";
  }
  return "?";
}
}  // namespace

std::string Relation::Sympy() const {
  std::string l = ToString(*lhs), r = ToString(*rhs);
  if (rel == Rel::kEq) return absl::StrCat("Eq(", l, ", ", r, ")");
  if (rel == Rel::kNe) return absl::StrCat("Ne(", l, ", ", r, ")");
  return absl::StrCat(l, " ", InfixOp(rel), " ", r);
}

std::string Relation::Python(const SymbolNamer& name) const {
  return absl::StrCat(ToString(*lhs, name), " ", InfixOp(rel), " ", ToString(*rhs, name));
}

Relation Negate(const Relation& r) {
  static constexpr Rel kOpposite[] = {Rel::kNe, Rel::kEq, Rel::kGe,
                                      Rel::kGt, Rel::kLe, Rel::kLt};
  return Relation{kOpposite[static_cast<int>(r.rel)], r.lhs, r.rhs};
}

}  // namespace wick::sym
