// tuple, list, dict, set, range, slice and iterators: reprs, methods, errors, hashing
// equalities, and CPython's set iteration order.
#include "gtest/gtest.h"
#include "vm/objects_test_util.h"

namespace wick::vm {
namespace {

using testing::F;
using testing::I;
using testing::IntList;
using testing::IntSet;
using testing::M;
using testing::R;

Value Sl(Runtime& rt, Value a, Value b, Value c = Value()) { return rt.NewSlice(a, b, c); }

TEST(Containers, TupleAndList) {
  Runtime rt;
  EXPECT_EQ(R(rt, testing::Tuple(rt, {I(1)})), "(1,)");
  EXPECT_EQ(R(rt, rt.empty_tuple()), "()");
  Value l = IntList(rt, {0, 1, 2, 3, 4, 5});
  EXPECT_EQ(R(rt, GetItem(rt, l, Sl(rt, I(1), Value(), I(2)))), "[1, 3, 5]");
  EXPECT_EQ(R(rt, GetItem(rt, l, Sl(rt, Value(), Value(), I(-1)))), "[5, 4, 3, 2, 1, 0]");
  EXPECT_EQ(R(rt, GetItem(rt, l, I(6))), "<raised: IndexError: list index out of range>");
  EXPECT_EQ(R(rt, GetItem(rt, l, rt.NewStr("a"))),
            "<raised: TypeError: list indices must be integers or slices, not str>");
  ASSERT_TRUE(SetItem(rt, l, Sl(rt, I(1), I(3)), IntList(rt, {9, 9, 9})));
  EXPECT_EQ(R(rt, l), "[0, 9, 9, 9, 3, 4, 5]");
  ASSERT_TRUE(DelItem(rt, l, Sl(rt, Value(), Value(), I(2))));
  EXPECT_EQ(R(rt, l), "[9, 9, 4]");
  EXPECT_FALSE(SetItem(rt, l, Sl(rt, Value(), Value(), I(2)), IntList(rt, {1})));
  EXPECT_EQ(testing::Err(rt), "ValueError: attempt to assign sequence of size 1 to extended slice of size 2");
  EXPECT_EQ(R(rt, BinaryOp(rt, BinOp::kMul, IntList(rt, {1, 2}), I(2))), "[1, 2, 1, 2]");
  EXPECT_EQ(R(rt, BinaryOp(rt, BinOp::kAdd, IntList(rt, {1}), rt.empty_tuple())),
            "<raised: TypeError: can only concatenate list (not \"tuple\") to list>");
  EXPECT_EQ(R(rt, Compare(rt, IntList(rt, {1, 2}), IntList(rt, {1, 3}), CmpOp::kLt)), "True");
  EXPECT_EQ(R(rt, Compare(rt, IntList(rt, {1, 2}), IntList(rt, {1}), CmpOp::kGt)), "True");
  int64_t h;
  EXPECT_FALSE(Hash(rt, l, &h));
  EXPECT_EQ(testing::Err(rt), "TypeError: unhashable type: 'list'");
}

TEST(Containers, ListMethods) {
  Runtime rt;
  Value l = IntList(rt, {3, 1, 2});
  M(rt, l, "append", {I(5)});
  M(rt, l, "insert", {I(-1), I(7)});
  EXPECT_EQ(R(rt, l), "[3, 1, 2, 7, 5]");
  EXPECT_EQ(R(rt, M(rt, l, "pop", {})), "5");
  EXPECT_EQ(R(rt, M(rt, l, "index", {I(2)})), "2");
  EXPECT_EQ(R(rt, M(rt, l, "index", {I(9)})), "<raised: ValueError: 9 is not in list>");
  EXPECT_EQ(R(rt, M(rt, l, "remove", {I(9)})), "<raised: ValueError: list.remove(x): x not in list>");
  M(rt, l, "sort", {});
  EXPECT_EQ(R(rt, l), "[1, 2, 3, 7]");
  Value neg = rt.NewBuiltinFunction("neg", [](Runtime& rt, Args a, const KwArgs&) {
    return UnaryOperation(rt, UnaryOp::kNeg, a[0]);
  });
  Value kwnames[] = {rt.NewStr("key")};
  Value kwvals[] = {neg};
  Value sort = GetAttr(rt, l, "sort");
  Call(rt, sort, {}, KwArgs(kwnames, kwvals));
  EXPECT_EQ(R(rt, l), "[7, 3, 2, 1]");
  Value mixed = testing::List(rt, {I(1), rt.NewStr("a")});
  EXPECT_EQ(R(rt, M(rt, mixed, "sort", {})),
            "<raised: TypeError: '<' not supported between instances of 'str' and 'int'>");
  EXPECT_EQ(R(rt, mixed), "[1, 'a']");
  EXPECT_EQ(R(rt, M(rt, rt.NewList({}), "pop", {})), "<raised: IndexError: pop from empty list>");
  // Stability: sort pairs by first element only.
  Value pairs = testing::List(rt, {testing::Tuple(rt, {I(1), I(0)}), testing::Tuple(rt, {I(0), I(1)}),
                                   testing::Tuple(rt, {I(1), I(2)}), testing::Tuple(rt, {I(0), I(3)})});
  Value first = rt.NewBuiltinFunction("first", [](Runtime& rt, Args a, const KwArgs&) {
    return GetItem(rt, a[0], Value::Int(0));
  });
  Value kv2[] = {first};
  Call(rt, GetAttr(rt, pairs, "sort"), {}, KwArgs(kwnames, kv2));
  EXPECT_EQ(R(rt, pairs), "[(0, 1), (0, 3), (1, 0), (1, 2)]");
}

TEST(Containers, Dict) {
  Runtime rt;
  Value d = rt.NewDict();
  ASSERT_TRUE(SetItem(rt, d, I(1), rt.NewStr("int")));
  ASSERT_TRUE(SetItem(rt, d, F(1.0), rt.NewStr("float")));
  ASSERT_TRUE(SetItem(rt, d, Value::Bool(true), rt.NewStr("bool")));
  ASSERT_TRUE(SetItem(rt, d, rt.NewStr("k"), testing::Tuple(rt, {I(1), I(2)})));
  EXPECT_EQ(R(rt, d), "{1: 'bool', 'k': (1, 2)}");
  EXPECT_EQ(R(rt, GetItem(rt, d, rt.NewStr("x"))), "<raised: KeyError: 'x'>");
  EXPECT_EQ(R(rt, GetItem(rt, d, testing::Tuple(rt, {I(1), I(2)}))), "<raised: KeyError: (1, 2)>");
  EXPECT_EQ(R(rt, GetItem(rt, d, rt.NewList({}))), "<raised: TypeError: unhashable type: 'list'>");
  EXPECT_EQ(R(rt, M(rt, d, "keys", {})), "dict_keys([1, 'k'])");
  EXPECT_EQ(R(rt, M(rt, d, "items", {})), "dict_items([(1, 'bool'), ('k', (1, 2))])");
  EXPECT_EQ(R(rt, M(rt, d, "get", {I(5), I(0)})), "0");
  EXPECT_EQ(R(rt, M(rt, d, "setdefault", {I(2), I(4)})), "4");
  EXPECT_EQ(R(rt, M(rt, d, "pop", {I(1)})), "'bool'");
  ASSERT_TRUE(SetItem(rt, d, I(1), I(1)));
  EXPECT_EQ(R(rt, d), "{'k': (1, 2), 2: 4, 1: 1}");  // reinsertion goes last
  EXPECT_EQ(R(rt, M(rt, d, "popitem", {})), "(1, 1)");
  EXPECT_EQ(R(rt, M(rt, rt.NewDict(), "popitem", {})), "<raised: KeyError: 'popitem(): dictionary is empty'>");
  Value it = GetIter(rt, d);
  ASSERT_TRUE(SetItem(rt, d, I(99), I(0)));
  EXPECT_EQ(R(rt, Next(rt, it)), "<raised: RuntimeError: dictionary changed size during iteration>");
  Value copy = M(rt, d, "copy", {});
  EXPECT_EQ(R(rt, Compare(rt, d, copy, CmpOp::kEq)), "True");
  // Many insertions and deletions keep order and lookups right.
  Value big = rt.NewDict();
  for (int i = 0; i < 1000; ++i) ASSERT_TRUE(SetItem(rt, big, I(i), I(i * i)));
  for (int i = 0; i < 1000; i += 2) ASSERT_TRUE(DelItem(rt, big, I(i)));
  EXPECT_EQ(Len(rt, big), 500);
  EXPECT_EQ(R(rt, GetItem(rt, big, I(999))), "998001");
  EXPECT_EQ(R(rt, GetItem(rt, big, I(998))), "<raised: KeyError: 998>");
}

TEST(Containers, SetOrderMatchesCPython) {
  Runtime rt;
  EXPECT_EQ(R(rt, IntSet(rt, {3, 1, 2})), "{1, 2, 3}");
  EXPECT_EQ(R(rt, Call(rt, Value::Borrow(rt.types().set), {rt.NewRange(0, 10, 1)})),
            "{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}");
  EXPECT_EQ(R(rt, IntSet(rt, {10, 100, 1000})), "{1000, 10, 100}");
  EXPECT_EQ(R(rt, Call(rt, Value::Borrow(rt.types().set), {rt.NewRange(100, 0, -7)})),
            "{65, 2, 100, 37, 72, 9, 44, 79, 16, 51, 86, 23, 58, 93, 30}");
  EXPECT_EQ(R(rt, rt.NewSet()), "set()");
  Value s = Call(rt, Value::Borrow(rt.types().set), {rt.NewRange(0, 20, 1)});
  M(rt, s, "discard", {I(5)});
  M(rt, s, "discard", {I(7)});
  M(rt, s, "add", {I(100)});
  M(rt, s, "add", {I(37)});
  EXPECT_EQ(R(rt, M(rt, s, "pop", {})), "0");
  EXPECT_EQ(R(rt, M(rt, s, "pop", {})), "1");
  EXPECT_EQ(R(rt, s), "{2, 3, 4, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 37, 100}");
  Value a = Call(rt, Value::Borrow(rt.types().set), {rt.NewRange(0, 30, 3)});
  Value b = Call(rt, Value::Borrow(rt.types().set), {rt.NewRange(0, 30, 2)});
  EXPECT_EQ(R(rt, BinaryOp(rt, BinOp::kOr, a, b)),
            "{0, 2, 3, 4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 22, 24, 26, 27, 28}");
  EXPECT_EQ(R(rt, BinaryOp(rt, BinOp::kAnd, a, b)), "{0, 6, 12, 18, 24}");
  EXPECT_EQ(R(rt, BinaryOp(rt, BinOp::kSub, a, b)), "{3, 9, 15, 21, 27}");
  EXPECT_EQ(R(rt, BinaryOp(rt, BinOp::kXor, a, b)), "{2, 3, 4, 8, 9, 10, 14, 15, 16, 20, 21, 22, 26, 27, 28}");
  EXPECT_EQ(R(rt, BinaryOp(rt, BinOp::kSub, b, a)), "{2, 4, 8, 10, 14, 16, 20, 22, 26, 28}");
  Value tuples = rt.NewSet();
  tuples.as<Set>()->Add(rt, testing::Tuple(rt, {I(1), I(2)}));
  tuples.as<Set>()->Add(rt, testing::Tuple(rt, {I(3), I(4)}));
  EXPECT_EQ(R(rt, tuples), "{(1, 2), (3, 4)}");
  EXPECT_EQ(R(rt, M(rt, rt.NewSet(), "pop", {})), "<raised: KeyError: 'pop from an empty set'>");
  EXPECT_EQ(R(rt, M(rt, rt.NewSet(), "remove", {I(3)})), "<raised: KeyError: 3>");
  EXPECT_EQ(R(rt, M(rt, IntSet(rt, {1, 2}), "issubset", {IntList(rt, {1, 2, 3})})), "True");
  EXPECT_EQ(Contains(rt, IntSet(rt, {1, 2}), F(2.0)), 1);
}

TEST(Containers, RangeSliceIterators) {
  Runtime rt;
  Value r = rt.NewRange(0, 10, 3);
  EXPECT_EQ(R(rt, r), "range(0, 10, 3)");
  EXPECT_EQ(Len(rt, r), 4);
  EXPECT_EQ(R(rt, GetItem(rt, r, I(-1))), "9");
  EXPECT_EQ(R(rt, GetItem(rt, r, Sl(rt, Value(), Value(), I(-1)))), "range(9, -3, -3)");
  EXPECT_EQ(Contains(rt, r, I(6)), 1);
  EXPECT_EQ(Contains(rt, r, I(7)), 0);
  EXPECT_EQ(R(rt, M(rt, r, "index", {I(5)})), "<raised: ValueError: 5 is not in range>");
  EXPECT_EQ(R(rt, Call(rt, Value::Borrow(rt.types().range), {I(0), I(1), I(0)})),
            "<raised: ValueError: range() arg 3 must not be zero>");
  Value rev = Call(rt, Value::Borrow(rt.types().reversed), {r});
  EXPECT_EQ(R(rt, Call(rt, Value::Borrow(rt.types().list), {rev})), "[9, 6, 3, 0]");
  EXPECT_EQ(R(rt, M(rt, Sl(rt, I(-3), Value(), Value()), "indices", {I(10)})), "(7, 10, 1)");
  EXPECT_EQ(R(rt, Sl(rt, I(1), I(2))), "slice(1, 2, None)");
  Value e = Call(rt, Value::Borrow(rt.types().enumerate), {rt.NewStr("ab"), I(1)});
  EXPECT_EQ(R(rt, Call(rt, Value::Borrow(rt.types().list), {e})), "[(1, 'a'), (2, 'b')]");
  Value z = Call(rt, Value::Borrow(rt.types().zip), {IntList(rt, {1, 2, 3}), rt.NewStr("ab")});
  EXPECT_EQ(R(rt, Call(rt, Value::Borrow(rt.types().list), {z})), "[(1, 'a'), (2, 'b')]");
  EXPECT_EQ(R(rt, GetIter(rt, I(1))), "<raised: TypeError: 'int' object is not iterable>");
  EXPECT_EQ(R(rt, Next(rt, rt.NewList({}))), "<raised: TypeError: 'list' object is not an iterator>");
  Value it = GetIter(rt, rt.NewList({}));
  EXPECT_TRUE(Next(rt, it).is_raised());
  EXPECT_FALSE(rt.HasPending());  // exhausted, not an error
}

}  // namespace
}  // namespace wick::vm
