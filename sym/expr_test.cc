// Tests for sym/expr.h: canonical form, folding, FloorDiv/Mod simplification, Python
// floor semantics in Eval, sympy/Python printing and relations.
#include "sym/expr.h"

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace wick::sym {
namespace {

class ExprTest : public ::testing::Test {
 protected:
  ExprPtr s0 = Symbol(0, "s0");
  ExprPtr s1 = Symbol(1, "s1");
  ExprPtr s2 = Symbol(2, "s2");
};

std::string Str(const ExprPtr& e) { return ToString(*e); }

TEST_F(ExprTest, AdditionIsCanonical) {
  EXPECT_TRUE(Equal(*Add(s0, s1), *Add(s1, s0)));
  EXPECT_EQ(Str(Add(s1, s0)), "s0 + s1");
  EXPECT_TRUE(Equal(*Add(Add(s0, s1), s2), *Add(s0, Add(s2, s1))));
  EXPECT_FALSE(Equal(*Add(s0, s1), *Add(s0, s2)));
  EXPECT_EQ(Str(Add(s0, s0)), "2*s0");
}

TEST_F(ExprTest, MulDistributes) {
  ExprPtr prod = Mul(Add(s0, Int(1)), Sub(s0, Int(1)));
  EXPECT_TRUE(Equal(*prod, *Sub(Mul(s0, s0), Int(1))));
  EXPECT_EQ(Str(prod), "s0**2 - 1");
  EXPECT_EQ(Str(Mul(Add(s0, s1), Add(s0, s1))), "s0**2 + 2*s0*s1 + s1**2");
  EXPECT_TRUE(Equal(*Mul(s0, s1), *Mul(s1, s0)));
  EXPECT_EQ(Str(Mul(Mul(s0, s0), s0)), "s0**3");
}

TEST_F(ExprTest, ConstantsFold) {
  EXPECT_EQ(AsConstant(*Add(Int(2), Int(3))), 5);
  EXPECT_EQ(AsConstant(*Mul(Int(-4), Int(3))), -12);
  EXPECT_EQ(AsConstant(*Sub(s0, s0)), 0);
  EXPECT_EQ(AsConstant(*Sub(Mul(Add(s0, s1), s1), Add(Mul(s1, s1), Mul(s0, s1)))), 0);
  EXPECT_EQ(AsConstant(*Mul(s0, Int(0))), 0);
  EXPECT_EQ(AsConstant(*s0), std::nullopt);
  EXPECT_EQ(AsConstant(*Add(s0, Int(1))), std::nullopt);
  EXPECT_EQ(Str(Sub(s0, s0)), "0");
  EXPECT_TRUE(Equal(*Sub(s0, s0), *Int(0)));
  EXPECT_EQ(Str(Neg(Int(5))), "-5");
}

TEST_F(ExprTest, PrintsInSympyOrder) {
  EXPECT_EQ(Str(Add(Mul(Int(2), s0), Int(1))), "2*s0 + 1");
  EXPECT_EQ(Str(Sub(Mul(s0, s1), s0)), "s0*s1 - s0");
  EXPECT_EQ(Str(Add(Neg(s0), Int(4))), "-s0 + 4");
  EXPECT_EQ(Str(Sub(s1, s0)), "-s0 + s1");
  EXPECT_EQ(Str(Sub(s0, Mul(Int(3), s1))), "s0 - 3*s1");
  EXPECT_EQ(Str(Sub(s0, Int(3))), "s0 - 3");
  EXPECT_EQ(Str(Add(s0, Mul(s1, s1))), "s1**2 + s0");  // higher degree first
  EXPECT_EQ(Str(Mul(Int(-2), s0)), "-2*s0");
  EXPECT_EQ(Str(Add(Symbol(10, "s10"), Symbol(2, "s2"))), "s10 + s2");  // by text
  EXPECT_EQ(Str(Mul(Int(3), Symbol(0, "s77"))), "3*s77");
  EXPECT_EQ(Str(Int(0)), "0");
  EXPECT_EQ(Str(Int(std::numeric_limits<int64_t>::min())), "-9223372036854775808");
}

TEST_F(ExprTest, FloorDivSimplifiesExactDivision) {
  EXPECT_EQ(Str(FloorDiv(Mul(Int(6), s0), Int(3))), "2*s0");
  EXPECT_EQ(Str(FloorDiv(Mul(s0, s1), s1)), "s0");
  EXPECT_EQ(Str(FloorDiv(Add(Mul(Int(6), s0), Int(4)), Int(2))), "3*s0 + 2");
  EXPECT_EQ(Str(FloorDiv(Add(Mul(Int(4), Mul(s0, s1)), Mul(Int(2), s1)), Mul(Int(2), s1))),
            "2*s0 + 1");
  EXPECT_EQ(Str(FloorDiv(Mul(Int(6), s0), Int(-3))), "-2*s0");
  EXPECT_EQ(Str(FloorDiv(Mul(s0, s0), s0)), "s0");
  EXPECT_TRUE(Equal(*FloorDiv(Mul(Int(3), s0), Int(3)), *s0));
}

TEST_F(ExprTest, FloorDivConstantsUsePythonSemantics) {
  EXPECT_EQ(AsConstant(*FloorDiv(Int(-7), Int(2))), -4);
  EXPECT_EQ(AsConstant(*FloorDiv(Int(7), Int(-2))), -4);
  EXPECT_EQ(AsConstant(*FloorDiv(Int(-7), Int(-2))), 3);
  EXPECT_EQ(AsConstant(*FloorDiv(Int(7), Int(2))), 3);
  EXPECT_EQ(AsConstant(*Mod(Int(-7), Int(2))), 1);
  EXPECT_EQ(AsConstant(*Mod(Int(7), Int(-2))), -1);
  EXPECT_EQ(AsConstant(*Mod(Int(-7), Int(-2))), -1);
  EXPECT_EQ(AsConstant(*Mod(Int(7), Int(2))), 1);
}

TEST_F(ExprTest, FloorDivThatDoesNotSimplifyIsAnAtom) {
  ExprPtr half = FloorDiv(s0, Int(2));
  EXPECT_EQ(AsConstant(*half), std::nullopt);
  EXPECT_EQ(Str(half), "(s0//2)");
  EXPECT_EQ(Str(FloorDiv(Add(s0, Int(1)), Int(2))), "((s0 + 1)//2)");
  EXPECT_EQ(Str(FloorDiv(Add(Mul(Int(6), s0), Int(3)), Int(2))), "((6*s0 + 3)//2)");
  EXPECT_EQ(Str(FloorDiv(s0, s1)), "(s0//s1)");
  EXPECT_EQ(Str(FloorDiv(Int(7), Add(s0, s1))), "(7//(s0 + s1))");
  EXPECT_EQ(Str(FloorDiv(Mul(Int(2), s0), Int(3))), "((2*s0)//3)");
  EXPECT_EQ(Str(FloorDiv(s1, s0)), "(s1//s0)");
  // Atoms take part in polynomial arithmetic like symbols.
  EXPECT_TRUE(Equal(*Add(half, s0), *Add(s0, FloorDiv(s0, Int(2)))));
  EXPECT_EQ(Str(Mul(half, half)), "(s0//2)**2");
  EXPECT_EQ(Str(Add(Mul(Int(2), half), Int(1))), "2*(s0//2) + 1");
  EXPECT_EQ(Str(Sub(half, FloorDiv(s0, Int(2)))), "0");
  // Equal-degree terms order by printed text, and '(' sorts before letters.
  EXPECT_EQ(Str(Add(s1, half)), "(s0//2) + s1");
}

TEST_F(ExprTest, ModSimplifiesOrIsAnAtom) {
  EXPECT_EQ(AsConstant(*Mod(Mul(Int(6), s0), Int(3))), 0);
  EXPECT_EQ(AsConstant(*Mod(Mul(s0, s1), s1)), 0);
  EXPECT_EQ(AsConstant(*Mod(s0, Int(1))), 0);
  EXPECT_EQ(Str(Mod(s0, Int(3))), "Mod(s0, 3)");
  EXPECT_EQ(Str(Mod(Add(s0, Int(1)), s1)), "Mod(s0 + 1, s1)");
  EXPECT_EQ(Str(Add(Mod(s0, Int(3)), s0)), "Mod(s0, 3) + s0");
  EXPECT_EQ(Str(Mul(Mod(s0, Int(3)), s1)), "s1*Mod(s0, 3)");  // symbols first in a product
  EXPECT_FALSE(Equal(*Mod(s0, Int(3)), *FloorDiv(s0, Int(3))));
}

TEST_F(ExprTest, DivisionByConstantZeroIsAnAtomThatEvaluatesToZero) {
  ExprPtr d = FloorDiv(s0, Int(0));
  ExprPtr m = Mod(s0, Int(0));
  EXPECT_EQ(Str(d), "(s0//0)");
  EXPECT_EQ(Str(m), "Mod(s0, 0)");
  EXPECT_EQ(Eval(*d, {5}), 0);
  EXPECT_EQ(Eval(*m, {5}), 0);
  EXPECT_EQ(AsConstant(*FloorDiv(Int(3), Int(0))), std::nullopt);
  EXPECT_EQ(Eval(*FloorDiv(Int(3), Int(0)), {}), 0);
  EXPECT_EQ(Eval(*Mod(Int(3), Int(0)), {}), 0);
}

TEST_F(ExprTest, EvalUsesPythonFloorSemantics) {
  ExprPtr div = FloorDiv(s0, s1);
  ExprPtr mod = Mod(s0, s1);
  struct Case { int64_t a, b, q, r; };
  // Python: divmod(a, b) for each sign combination.
  for (const Case& c : std::vector<Case>{
           {7, 2, 3, 1}, {-7, 2, -4, 1}, {7, -2, -4, -1}, {-7, -2, 3, -1},
           {6, 3, 2, 0}, {-6, 3, -2, 0}, {0, -5, 0, 0}, {1, 5, 0, 1}}) {
    EXPECT_EQ(Eval(*div, {c.a, c.b}), c.q) << c.a << " // " << c.b;
    EXPECT_EQ(Eval(*mod, {c.a, c.b}), c.r) << c.a << " % " << c.b;
  }
  EXPECT_EQ(Eval(*FloorDiv(Add(s0, Int(1)), Int(2)), {-8}), -4);  // -7 // 2
  EXPECT_EQ(Eval(*Mod(Sub(s0, Int(10)), Int(3)), {0}), 2);          // -10 % 3
}

TEST_F(ExprTest, EvalPolynomials) {
  ExprPtr e = Add(Sub(Mul(Mul(Int(3), s0), s1), Mul(s2, s2)), Int(7));
  EXPECT_EQ(Str(e), "3*s0*s1 - s2**2 + 7");
  EXPECT_EQ(Eval(*e, {2, -5, 4}), 3 * 2 * -5 - 16 + 7);
  EXPECT_EQ(Eval(*Int(-9), {}), -9);
  EXPECT_EQ(Eval(*Mul(Symbol(0, "s77"), Int(3)), {4}), 12);
}

TEST_F(ExprTest, EvalWrapsOnOverflow) {
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
  EXPECT_EQ(Eval(*Mul(Int(2), s0), {kMax}), -2);
  EXPECT_EQ(Eval(*Add(s0, Int(1)), {kMax}), kMin);
  EXPECT_EQ(Eval(*FloorDiv(s0, s1), {kMin, -1}), kMin);
  EXPECT_EQ(Eval(*Mod(s0, s1), {kMin, -1}), 0);
  EXPECT_EQ(Eval(*Neg(s0), {kMin}), kMin);
}

TEST_F(ExprTest, NamerReplacesSymbolNames) {
  SymbolNamer namer = [](int32_t id) {
    return id == 0 ? std::string("L['x'].size()[0]") : std::string("L['y'].size()[1]");
  };
  EXPECT_EQ(ToString(*Add(Mul(Int(2), s0), Int(1)), namer), "2*L['x'].size()[0] + 1");
  EXPECT_EQ(ToString(*FloorDiv(s0, Int(2)), namer), "(L['x'].size()[0]//2)");
  EXPECT_EQ(ToString(*Mod(s1, s0), namer), "Mod(L['y'].size()[1], L['x'].size()[0])");
  // Term order comes from the symbols' own names, not from the namer's text.
  SymbolNamer reversed = [](int32_t id) { return id == 0 ? "b" : "a"; };
  EXPECT_EQ(ToString(*Add(s0, s1), reversed), "b + a");
}

TEST_F(ExprTest, SameNameDifferentIdsAreDistinct) {
  ExprPtr a = Symbol(3, "n");
  ExprPtr b = Symbol(4, "n");
  EXPECT_FALSE(Equal(*a, *b));
  EXPECT_EQ(Eval(*Sub(a, b), {0, 0, 0, 10, 4}), 6);
  EXPECT_EQ(FreeSymbols(*Add(a, b)), (std::vector<int32_t>{3, 4}));
}

TEST_F(ExprTest, FreeSymbols) {
  ExprPtr e = Add(Symbol(3, "s3"), FloorDiv(s1, Add(s0, s1)));
  EXPECT_EQ(FreeSymbols(*e), (std::vector<int32_t>{0, 1, 3}));
  EXPECT_EQ(FreeSymbols(*Mul(s2, s2)), (std::vector<int32_t>{2}));
  EXPECT_TRUE(FreeSymbols(*Sub(s0, s0)).empty());
  EXPECT_TRUE(FreeSymbols(*Int(4)).empty());
  EXPECT_EQ(FreeSymbols(*Mod(Int(5), s2)), (std::vector<int32_t>{2}));
}

TEST_F(ExprTest, RelationPrintsAndHolds) {
  ExprPtr s77 = Symbol(0, "s77");
  Relation r{Rel::kEq, s77, Int(3)};
  EXPECT_EQ(r.Sympy(), "Eq(s77, 3)");
  EXPECT_EQ(r.Python([](int32_t) { return "L['x'].size()[0]"; }), "L['x'].size()[0] == 3");
  EXPECT_EQ(r.Python(), "s77 == 3");
  EXPECT_TRUE(r.Holds({3}));
  EXPECT_FALSE(r.Holds({4}));

  struct Case { Rel rel; const char* sympy; const char* python; bool holds_at_4; };
  for (const Case& c : std::vector<Case>{
           {Rel::kEq, "Eq(s0, 5)", "s0 == 5", false},
           {Rel::kNe, "Ne(s0, 5)", "s0 != 5", true},
           {Rel::kLt, "s0 < 5", "s0 < 5", true},
           {Rel::kLe, "s0 <= 5", "s0 <= 5", true},
           {Rel::kGt, "s0 > 5", "s0 > 5", false},
           {Rel::kGe, "s0 >= 5", "s0 >= 5", false}}) {
    Relation rel{c.rel, s0, Int(5)};
    EXPECT_EQ(rel.Sympy(), c.sympy);
    EXPECT_EQ(rel.Python(), c.python);
    EXPECT_EQ(rel.Holds({4}), c.holds_at_4) << c.sympy;
    EXPECT_EQ(rel.Holds({5}), c.rel == Rel::kEq || c.rel == Rel::kLe || c.rel == Rel::kGe)
        << c.sympy;
  }
  Relation le{Rel::kLe, Add(s0, s1), Mul(Int(2), s1)};
  EXPECT_EQ(le.Sympy(), "s0 + s1 <= 2*s1");
  EXPECT_TRUE(le.Holds({3, 3}));
  EXPECT_FALSE(le.Holds({4, 3}));
}

TEST_F(ExprTest, NegateFlipsRelations) {
  struct Case { Rel rel, negated; };
  for (const Case& c : std::vector<Case>{{Rel::kEq, Rel::kNe}, {Rel::kNe, Rel::kEq},
                                         {Rel::kLt, Rel::kGe}, {Rel::kGe, Rel::kLt},
                                         {Rel::kLe, Rel::kGt}, {Rel::kGt, Rel::kLe}}) {
    Relation r{c.rel, s0, Int(5)};
    Relation n = Negate(r);
    EXPECT_EQ(n.rel, c.negated);
    EXPECT_TRUE(Equal(*n.lhs, *r.lhs));
    EXPECT_TRUE(Equal(*n.rhs, *r.rhs));
    for (int64_t v : {3, 4, 5, 6, 7}) EXPECT_NE(r.Holds({v}), n.Holds({v}));
  }
  EXPECT_EQ(Negate(Relation{Rel::kLt, s0, Int(5)}).Sympy(), "s0 >= 5");
}

}  // namespace
}  // namespace wick::sym
