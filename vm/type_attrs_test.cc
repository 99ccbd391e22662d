// Attributes of builtin values and classes: int/float real, imag, numerator,
// denominator and methods; type attributes (__name__, __bases__, __mro__, __module__,
// __doc__); dict.fromkeys; the set methods isdisjoint and the *_update family.
#include "gtest/gtest.h"
#include "vm/objects_test_util.h"

namespace wick::vm {
namespace {

using testing::F;
using testing::I;
using testing::M;
using testing::R;

Value Attr(Runtime& rt, const Value& v, const char* name) { return GetAttr(rt, v, name); }

TEST(NumberAttrs, Getters) {
  Runtime rt;
  EXPECT_EQ(R(rt, Attr(rt, I(5), "real")), "5");
  EXPECT_EQ(R(rt, Attr(rt, I(5), "imag")), "0");
  EXPECT_EQ(R(rt, Attr(rt, I(-5), "numerator")), "-5");
  EXPECT_EQ(R(rt, Attr(rt, I(5), "denominator")), "1");
  EXPECT_EQ(R(rt, Attr(rt, Value::Bool(true), "real")), "1");
  EXPECT_EQ(R(rt, Attr(rt, F(2.5), "real")), "2.5");
  EXPECT_EQ(R(rt, Attr(rt, F(2.5), "imag")), "0.0");
  EXPECT_EQ(R(rt, Attr(rt, Value::Borrow(rt.types().int_), "real")),
            "<attribute 'real' of 'int' objects>");
  EXPECT_FALSE(SetAttr(rt, I(5), rt.Intern("real"), I(3)));
  EXPECT_EQ(testing::Err(rt), "AttributeError: attribute 'real' of 'int' objects is not writable");
}

TEST(NumberAttrs, Methods) {
  Runtime rt;
  EXPECT_EQ(R(rt, M(rt, I(-5), "conjugate", {})), "-5");
  EXPECT_EQ(R(rt, M(rt, I(7), "bit_count", {})), "3");
  EXPECT_EQ(R(rt, M(rt, I(3), "as_integer_ratio", {})), "(3, 1)");
  EXPECT_EQ(R(rt, M(rt, F(0.1), "as_integer_ratio", {})), "(3602879701896397, 36028797018963968)");
  EXPECT_EQ(R(rt, M(rt, F(-2.5), "as_integer_ratio", {})), "(-5, 2)");
  EXPECT_EQ(R(rt, M(rt, F(8.0), "as_integer_ratio", {})), "(8, 1)");
  EXPECT_EQ(R(rt, M(rt, F(1.5), "conjugate", {})), "1.5");
}

TEST(TypeAttrs, BuiltinTypes) {
  Runtime rt;
  Value b = Value::Borrow(rt.types().bool_);
  EXPECT_EQ(R(rt, Attr(rt, b, "__name__")), "'bool'");
  EXPECT_EQ(R(rt, Attr(rt, b, "__module__")), "'builtins'");
  EXPECT_EQ(R(rt, Attr(rt, b, "__bases__")), "(<class 'int'>,)");
  EXPECT_EQ(R(rt, Attr(rt, b, "__base__")), "<class 'int'>");
  EXPECT_EQ(R(rt, Attr(rt, b, "__mro__")), "(<class 'bool'>, <class 'int'>, <class 'object'>)");
  Value o = Value::Borrow(rt.types().object);
  EXPECT_EQ(R(rt, Attr(rt, o, "__bases__")), "()");
  EXPECT_EQ(R(rt, Attr(rt, o, "__base__")), "None");
}

TEST(TypeAttrs, UserClassDocIsNotInherited) {
  Runtime rt;
  Value ns = rt.NewDict();
  ns.as<Dict>()->SetStr(rt, rt.names().doc, rt.NewStr("doc A"));
  ns.as<Dict>()->SetStr(rt, rt.names().module, rt.NewStr("__main__"));
  Type* a = rt.NewClass("A", rt.types().object, ns.as<Dict>());
  ASSERT_NE(a, nullptr);
  Value a_v = Value::Steal(a);
  Value ns2 = rt.NewDict();
  ns2.as<Dict>()->SetStr(rt, rt.names().module, rt.NewStr("__main__"));
  Value b_v = Value::Steal(rt.NewClass("B", a, ns2.as<Dict>()));
  EXPECT_EQ(R(rt, Attr(rt, a_v, "__doc__")), "'doc A'");
  EXPECT_EQ(R(rt, Attr(rt, b_v, "__doc__")), "None");
  EXPECT_EQ(R(rt, Attr(rt, b_v, "__bases__")), "(<class '__main__.A'>,)");
  EXPECT_EQ(R(rt, Attr(rt, b_v, "__module__")), "'__main__'");
}

TEST(DictFromKeys, ClassAndInstance) {
  Runtime rt;
  Value dict_t = Value::Borrow(rt.types().dict);
  EXPECT_EQ(R(rt, M(rt, dict_t, "fromkeys", {rt.NewStr("ab"), I(0)})), "{'a': 0, 'b': 0}");
  EXPECT_EQ(R(rt, M(rt, rt.NewDict(), "fromkeys", {testing::IntList(rt, {1, 2})})),
            "{1: None, 2: None}");
  EXPECT_EQ(R(rt, M(rt, dict_t, "fromkeys", {})),
            "<raised: TypeError: fromkeys expected at least 1 argument, got 0>");
}

TEST(SetMethods, DisjointAndUpdates) {
  Runtime rt;
  Value s = testing::IntSet(rt, {1, 2, 3});
  EXPECT_EQ(R(rt, M(rt, s, "isdisjoint", {testing::IntList(rt, {9})})), "True");
  EXPECT_EQ(R(rt, M(rt, s, "isdisjoint", {testing::IntList(rt, {3})})), "False");
  EXPECT_EQ(R(rt, M(rt, s, "intersection_update", {testing::IntSet(rt, {2, 3, 4})})), "None");
  EXPECT_EQ(R(rt, s), "{2, 3}");
  EXPECT_EQ(R(rt, M(rt, s, "difference_update", {testing::IntList(rt, {3})})), "None");
  EXPECT_EQ(R(rt, s), "{2}");
  EXPECT_EQ(R(rt, M(rt, s, "symmetric_difference_update", {testing::IntList(rt, {2, 9})})),
            "None");
  EXPECT_EQ(R(rt, s), "{9}");
}

}  // namespace
}  // namespace wick::vm
