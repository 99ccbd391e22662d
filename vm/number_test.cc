// int/float/bool arithmetic, comparisons, hashing, conversions and round(), against
// values and error texts printed by CPython 3.11.
#include <cmath>
#include <limits>

#include "gtest/gtest.h"
#include "vm/objects_test_util.h"

namespace wick::vm {
namespace {

using testing::F;
using testing::I;
using testing::R;

std::string Op(Runtime& rt, BinOp op, const Value& a, const Value& b) {
  return R(rt, BinaryOp(rt, op, a, b));
}

TEST(Number, IntArithmetic) {
  Runtime rt;
  EXPECT_EQ(Op(rt, BinOp::kAdd, I(2), I(3)), "5");
  EXPECT_EQ(Op(rt, BinOp::kFloorDiv, I(-7), I(2)), "-4");
  EXPECT_EQ(Op(rt, BinOp::kMod, I(-7), I(2)), "1");
  EXPECT_EQ(Op(rt, BinOp::kMod, I(7), I(-2)), "-1");
  EXPECT_EQ(Op(rt, BinOp::kTrueDiv, I(7), I(2)), "3.5");
  EXPECT_EQ(Op(rt, BinOp::kPow, I(2), I(-1)), "0.5");
  EXPECT_EQ(Op(rt, BinOp::kPow, I(3), I(4)), "81");
  EXPECT_EQ(Op(rt, BinOp::kLShift, I(1), I(10)), "1024");
  EXPECT_EQ(Op(rt, BinOp::kRShift, I(-5), I(1)), "-3");
  EXPECT_EQ(Op(rt, BinOp::kAnd, Value::Bool(true), Value::Bool(false)), "False");
  EXPECT_EQ(Op(rt, BinOp::kAdd, Value::Bool(true), Value::Bool(true)), "2");
  EXPECT_EQ(Op(rt, BinOp::kXor, I(6), Value::Bool(true)), "7");
  EXPECT_EQ(R(rt, UnaryOperation(rt, UnaryOp::kInvert, Value::Bool(true))), "-2");
  EXPECT_EQ(R(rt, UnaryOperation(rt, UnaryOp::kNeg, Value::Bool(true))), "-1");
}

TEST(Number, IntErrors) {
  Runtime rt;
  EXPECT_EQ(Op(rt, BinOp::kFloorDiv, I(1), I(0)),
            "<raised: ZeroDivisionError: integer division or modulo by zero>");
  EXPECT_EQ(Op(rt, BinOp::kMod, I(1), I(0)), "<raised: ZeroDivisionError: integer modulo by zero>");
  EXPECT_EQ(Op(rt, BinOp::kTrueDiv, I(1), I(0)), "<raised: ZeroDivisionError: division by zero>");
  EXPECT_EQ(Op(rt, BinOp::kPow, I(0), I(-1)),
            "<raised: ZeroDivisionError: 0.0 cannot be raised to a negative power>");
  EXPECT_EQ(Op(rt, BinOp::kLShift, I(1), I(-1)), "<raised: ValueError: negative shift count>");
  EXPECT_EQ(Op(rt, BinOp::kMul, I(std::numeric_limits<int64_t>::max()), I(2)).substr(0, 24),
            "<raised: OverflowError: ");
  EXPECT_EQ(Op(rt, BinOp::kPow, I(10), I(19)).substr(0, 24), "<raised: OverflowError: ");
  EXPECT_EQ(Op(rt, BinOp::kAdd, I(1), rt.NewStr("a")),
            "<raised: TypeError: unsupported operand type(s) for +: 'int' and 'str'>");
  EXPECT_EQ(Op(rt, BinOp::kPow, I(1), rt.NewStr("a")),
            "<raised: TypeError: unsupported operand type(s) for ** or pow(): 'int' and 'str'>");
  EXPECT_EQ(R(rt, InPlaceOp(rt, BinOp::kAdd, I(1), rt.NewStr("a"))),
            "<raised: TypeError: unsupported operand type(s) for +=: 'int' and 'str'>");
  EXPECT_EQ(R(rt, UnaryOperation(rt, UnaryOp::kInvert, F(1.5))),
            "<raised: TypeError: bad operand type for unary ~: 'float'>");
}

TEST(Number, FloatArithmetic) {
  Runtime rt;
  EXPECT_EQ(Op(rt, BinOp::kAdd, F(0.1), F(0.2)), "0.30000000000000004");
  EXPECT_EQ(Op(rt, BinOp::kAdd, I(1), F(0.5)), "1.5");
  EXPECT_EQ(Op(rt, BinOp::kFloorDiv, F(-7.5), I(2)), "-4.0");
  EXPECT_EQ(Op(rt, BinOp::kMod, F(-7.5), I(2)), "0.5");
  EXPECT_EQ(Op(rt, BinOp::kMod, F(7.5), F(-2)), "-0.5");
  EXPECT_EQ(Op(rt, BinOp::kMod, F(-0.0), F(1)), "0.0");
  EXPECT_EQ(Op(rt, BinOp::kTrueDiv, F(1), F(0)), "<raised: ZeroDivisionError: float division by zero>");
  EXPECT_EQ(Op(rt, BinOp::kFloorDiv, F(1), I(0)),
            "<raised: ZeroDivisionError: float floor division by zero>");
  EXPECT_EQ(Op(rt, BinOp::kMod, F(1), I(0)), "<raised: ZeroDivisionError: float modulo>");
  EXPECT_EQ(Op(rt, BinOp::kPow, F(10), F(400)),
            "<raised: OverflowError: (34, 'Numerical result out of range')>");
}

TEST(Number, ComparisonsAcrossTypes) {
  Runtime rt;
  EXPECT_EQ(R(rt, Compare(rt, I(1), F(1.0), CmpOp::kEq)), "True");
  EXPECT_EQ(R(rt, Compare(rt, Value::Bool(true), I(1), CmpOp::kEq)), "True");
  EXPECT_EQ(R(rt, Compare(rt, I(9007199254740993), F(9007199254740992.0), CmpOp::kGt)), "True");
  EXPECT_EQ(R(rt, Compare(rt, F(NAN), F(NAN), CmpOp::kEq)), "False");
  EXPECT_EQ(R(rt, Compare(rt, I(1), rt.NewStr("a"), CmpOp::kLt)),
            "<raised: TypeError: '<' not supported between instances of 'int' and 'str'>");
  EXPECT_EQ(R(rt, Compare(rt, I(1), rt.NewStr("a"), CmpOp::kEq)), "False");
  EXPECT_EQ(R(rt, Compare(rt, Value::None(), Value::None(), CmpOp::kEq)), "True");
}

TEST(Number, HashesMatchCPython) {
  Runtime rt;
  auto h = [&](const Value& v) {
    int64_t out = 0;
    EXPECT_TRUE(Hash(rt, v, &out));
    return out;
  };
  EXPECT_EQ(h(I(-1)), -2);
  EXPECT_EQ(h(I(int64_t{1} << 61)), 1);
  EXPECT_EQ(h(F(1.0)), h(I(1)));
  EXPECT_EQ(h(Value::Bool(true)), 1);
  EXPECT_EQ(h(F(1.5)), 1152921504606846977);
  EXPECT_EQ(h(F(-1.5)), -1152921504606846977);
  EXPECT_EQ(h(F(1e100)), 1822893315824342674);
  EXPECT_EQ(h(F(INFINITY)), 314159);
  EXPECT_EQ(h(testing::Tuple(rt, {I(1), I(2)})), -3550055125485641917);
  EXPECT_EQ(h(rt.empty_tuple()), 5740354900026072187);
}

TEST(Number, FloatRepr) {
  Runtime rt;
  for (auto [d, text] : std::vector<std::pair<double, const char*>>{
           {0.1, "0.1"}, {1.0, "1.0"}, {1e16, "1e+16"}, {1e15, "1000000000000000.0"},
           {1.2345678901234568e+17, "1.2345678901234568e+17"}, {INFINITY, "inf"},
           {-INFINITY, "-inf"}, {NAN, "nan"}, {-0.0, "-0.0"}, {1e-4, "0.0001"}, {1e-5, "1e-05"},
           {5e-324, "5e-324"}, {2.0 / 3, "0.6666666666666666"}, {1e22, "1e+22"}}) {
    EXPECT_EQ(R(rt, F(d)), text);
  }
}

TEST(Number, Conversions) {
  Runtime rt;
  auto int_of = [&](Value v) { return R(rt, Call(rt, Value::Borrow(rt.types().int_), {v})); };
  auto float_of = [&](Value v) { return R(rt, Call(rt, Value::Borrow(rt.types().float_), {v})); };
  EXPECT_EQ(int_of(F(-2.7)), "-2");
  EXPECT_EQ(int_of(rt.NewStr("1_000")), "1000");
  EXPECT_EQ(int_of(rt.NewStr("-0x10")), "<raised: ValueError: invalid literal for int() with base 10: '-0x10'>");
  EXPECT_EQ(int_of(F(INFINITY)), "<raised: OverflowError: cannot convert float infinity to integer>");
  EXPECT_EQ(int_of(F(NAN)), "<raised: ValueError: cannot convert float NaN to integer>");
  EXPECT_EQ(int_of(rt.NewList({})),
            "<raised: TypeError: int() argument must be a string, a bytes-like object or a real number, not 'list'>");
  EXPECT_EQ(R(rt, Call(rt, Value::Borrow(rt.types().int_), {rt.NewStr("ff"), I(16)})), "255");
  EXPECT_EQ(R(rt, Call(rt, Value::Borrow(rt.types().int_), {rt.NewStr("0b101"), I(0)})), "5");
  EXPECT_EQ(float_of(rt.NewStr(" -Infinity ")), "-inf");
  EXPECT_EQ(float_of(rt.NewStr("nan")), "nan");
  EXPECT_EQ(float_of(rt.NewStr("1e3")), "1000.0");
  EXPECT_EQ(float_of(rt.NewStr("x")), "<raised: ValueError: could not convert string to float: 'x'>");
  EXPECT_EQ(R(rt, testing::M(rt, F(2.0), "is_integer", {})), "True");
  EXPECT_EQ(R(rt, testing::M(rt, F(2.5), "is_integer", {})), "False");
}

TEST(Number, Round) {
  Runtime rt;
  auto round = [&](Value x, Value nd) { return R(rt, RoundNumber(rt, x, nd.is_none() ? nullptr : &nd)); };
  EXPECT_EQ(round(F(2.5), Value()), "2");
  EXPECT_EQ(round(F(3.5), Value()), "4");
  EXPECT_EQ(round(F(-0.5), Value()), "0");
  EXPECT_EQ(round(F(2.675), I(2)), "2.67");
  EXPECT_EQ(round(F(0.125), I(2)), "0.12");
  EXPECT_EQ(round(F(1234.5), I(-2)), "1200.0");
  EXPECT_EQ(round(F(1250.0), I(-2)), "1200.0");
  EXPECT_EQ(round(F(1350.0), I(-2)), "1400.0");
  EXPECT_EQ(round(I(1250), I(-2)), "1200");
  EXPECT_EQ(round(I(1350), I(-2)), "1400");
  EXPECT_EQ(round(F(INFINITY), Value()), "<raised: OverflowError: cannot convert float infinity to integer>");
}

}  // namespace
}  // namespace wick::vm
