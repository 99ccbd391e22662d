// complex (vm/objects/complex.cc) and frozenset (vm/objects/set_type.cc): reprs, hashes
// and arithmetic that must match CPython's exactly.
#include "gtest/gtest.h"
#include "vm/objects/objects.h"
#include "vm/objects_test_util.h"

namespace wick::vm {
namespace {

using testing::F;
using testing::I;
using testing::IntSet;
using testing::R;

Value C(Runtime& rt, double re, double im) { return NewComplex(rt, re, im); }

TEST(Complex, Repr) {
  Runtime rt;
  EXPECT_EQ(R(rt, C(rt, 1, 2)), "(1+2j)");
  EXPECT_EQ(R(rt, C(rt, 0, 1)), "1j");
  EXPECT_EQ(R(rt, C(rt, -0.0, -1)), "(-0-1j)");
  EXPECT_EQ(R(rt, C(rt, 1.5, -0.25)), "(1.5-0.25j)");
  EXPECT_EQ(R(rt, C(rt, 0, 1e20)), "1e+20j");
  EXPECT_EQ(R(rt, C(rt, INFINITY, NAN)), "(inf+nanj)");
}

TEST(Complex, Arithmetic) {
  Runtime rt;
  Value z = C(rt, 1, 2);
  EXPECT_EQ(R(rt, BinaryOp(rt, BinOp::kMul, z, z)), "(-3+4j)");
  EXPECT_EQ(R(rt, BinaryOp(rt, BinOp::kTrueDiv, z, C(rt, 3, -4))), "(-0.2+0.4j)");
  EXPECT_EQ(R(rt, BinaryOp(rt, BinOp::kAdd, I(1), z)), "(2+2j)");
  EXPECT_EQ(R(rt, BinaryOp(rt, BinOp::kPow, z, I(-1))), "(0.2-0.4j)");
  EXPECT_EQ(R(rt, BinaryOp(rt, BinOp::kTrueDiv, z, C(rt, 0, 0))),
            "<raised: ZeroDivisionError: complex division by zero>");
  EXPECT_EQ(R(rt, BinaryOp(rt, BinOp::kFloorDiv, z, I(2))),
            "<raised: TypeError: unsupported operand type(s) for //: 'complex' and 'int'>");
}

TEST(Complex, HashMatchesNumbersItEquals) {
  Runtime rt;
  int64_t hc, hi;
  ASSERT_TRUE(Hash(rt, C(rt, 2, 0), &hc));
  ASSERT_TRUE(Hash(rt, I(2), &hi));
  EXPECT_EQ(hc, hi);
  ASSERT_TRUE(Hash(rt, C(rt, 1, 2), &hc));
  EXPECT_EQ(hc, 2000007);
  EXPECT_EQ(Equal(rt, C(rt, 2, 0), F(2.0)), 1);
}

TEST(FrozenSet, ReprHashAndResultKinds) {
  Runtime rt;
  Value fs = Call(rt, Value::Borrow(rt.types().frozenset), {IntSet(rt, {3, 1, 2})});
  EXPECT_EQ(R(rt, fs), "frozenset({1, 2, 3})");
  EXPECT_EQ(R(rt, Call(rt, Value::Borrow(rt.types().frozenset), {})), "frozenset()");
  int64_t h;
  ASSERT_TRUE(Hash(rt, fs, &h));
  EXPECT_EQ(h, -272375401224217160);  // hash(frozenset([1, 2, 3])) in CPython 3.11
  EXPECT_EQ(R(rt, BinaryOp(rt, BinOp::kOr, fs, IntSet(rt, {4}))),
            "frozenset({1, 2, 3, 4})");
  EXPECT_EQ(R(rt, BinaryOp(rt, BinOp::kOr, IntSet(rt, {4}), fs)), "{1, 2, 3, 4}");
  EXPECT_EQ(Equal(rt, fs, IntSet(rt, {1, 2, 3})), 1);
}

}  // namespace
}  // namespace wick::vm
