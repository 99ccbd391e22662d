// Runtime tests: value layout, refcounting, teardown of cycles, exceptions (hierarchy,
// str/repr, matching), isinstance, attribute access on instances and classes.
#include "vm/runtime.h"

#include "absl/strings/match.h"
#include "base/python_error.h"
#include "gtest/gtest.h"
#include "vm/objects/dict.h"
#include "vm/objects_test_util.h"
#include "vm/protocol.h"

namespace wick::vm {
namespace {

using testing::Err;
using testing::I;
using testing::R;
using testing::S;

TEST(Runtime, ValueIsSixteenBytesAndInline) {
  EXPECT_EQ(sizeof(Value), 16u);
  Value v = Value::Int(3);
  EXPECT_TRUE(v.is_int());
  EXPECT_TRUE(Value::Bool(true).is_int_like());
}

TEST(Runtime, RefcountsFollowCopiesAndMoves) {
  Runtime rt;
  Value s = rt.NewStr("hello world");
  EXPECT_EQ(s.object()->refcount(), 1);
  {
    Value t = s;
    EXPECT_EQ(s.object()->refcount(), 2);
    Value u = std::move(t);
    EXPECT_EQ(s.object()->refcount(), 2);
  }
  EXPECT_EQ(s.object()->refcount(), 1);
}

TEST(Runtime, FreesObjectsWhenUnreferenced) {
  Runtime rt;
  int64_t base = rt.LiveObjectCount();
  {
    Value l = testing::IntList(rt, {1, 2, 3});
    Value d = rt.NewDict();
    ASSERT_TRUE(d.as<Dict>()->Set(rt, rt.NewStr("k"), l));
    EXPECT_EQ(rt.LiveObjectCount(), base + 3);
  }
  EXPECT_EQ(rt.LiveObjectCount(), base);
}

TEST(Runtime, TeardownFreesCycles) {
  // ASan's leak checker verifies this at exit of the test binary.
  Runtime rt;
  Value l = rt.NewList({});
  testing::M(rt, l, "append", {l});
  EXPECT_EQ(R(rt, l), "[[...]]");
  Value d = rt.NewDict();
  ASSERT_TRUE(d.as<Dict>()->Set(rt, I(1), d));
  EXPECT_EQ(R(rt, d), "{1: {...}}");
}

TEST(Runtime, DeepNestingFreesWithoutRecursionOverflow) {
  Runtime rt;
  int64_t base = rt.LiveObjectCount();
  {
    Value v = rt.NewList({});
    for (int i = 0; i < 200000; ++i) v = rt.NewList({v});
  }
  EXPECT_EQ(rt.LiveObjectCount(), base);
}

TEST(Runtime, ExceptionHierarchy) {
  Runtime rt;
  const auto& e = rt.exc();
  EXPECT_TRUE(e.zero_division_error->IsSubtypeOf(e.arithmetic_error));
  EXPECT_TRUE(e.key_error->IsSubtypeOf(e.lookup_error));
  EXPECT_TRUE(e.recursion_error->IsSubtypeOf(e.runtime_error));
  EXPECT_TRUE(e.exception->IsSubtypeOf(e.base_exception));
  EXPECT_FALSE(e.keyboard_interrupt->IsSubtypeOf(e.exception));
  EXPECT_TRUE(rt.IsInstance(Value::Bool(true), rt.types().int_));
  EXPECT_FALSE(rt.IsInstance(I(1), rt.types().bool_));
}

TEST(Runtime, RaiseFetchMatch) {
  Runtime rt;
  EXPECT_TRUE(rt.Raise(rt.exc().key_error, "x").is_raised());
  EXPECT_TRUE(rt.ExceptionMatches(rt.exc().lookup_error));
  EXPECT_FALSE(rt.ExceptionMatches(rt.exc().type_error));
  Value e = rt.FetchException();
  EXPECT_FALSE(rt.HasPending());
  EXPECT_EQ(S(rt, e), "'x'");  // KeyError's str is the repr of the key
  EXPECT_EQ(R(rt, e), "KeyError('x')");
  Value v = rt.NewException(rt.exc().value_error, {rt.NewStr("a"), I(1)});
  EXPECT_EQ(S(rt, v), "('a', 1)");
  EXPECT_EQ(R(rt, v), "ValueError('a', 1)");
  EXPECT_EQ(R(rt, rt.NewException(rt.exc().type_error, {})), "TypeError()");
  EXPECT_EQ(S(rt, rt.NewException(rt.exc().type_error, {})), "");
  EXPECT_EQ(R(rt, GetAttr(rt, v, "args")), "('a', 1)");
  EXPECT_EQ(R(rt, GetAttr(rt, v, "__cause__")), "None");
  Value stop = rt.NewException(rt.exc().stop_iteration, {I(7)});
  EXPECT_EQ(R(rt, GetAttr(rt, stop, "value")), "7");
}

TEST(Runtime, RaiseStatusUsesPayloadType) {
  Runtime rt;
  rt.RaiseStatus(wick::IndexError("index 5 is out of bounds"));
  EXPECT_EQ(Err(rt), "IndexError: index 5 is out of bounds");
  rt.RaiseStatus(absl::InternalError("boom"));
  EXPECT_EQ(Err(rt), "RuntimeError: boom");
}

TEST(Runtime, CallingTypesConstructs) {
  Runtime rt;
  Value e = Call(rt, Value::Borrow(rt.exc().value_error), {rt.NewStr("bad")});
  EXPECT_EQ(R(rt, e), "ValueError('bad')");
  EXPECT_EQ(R(rt, Call(rt, Value::Borrow(rt.types().type), {I(1)})), "<class 'int'>");
  EXPECT_EQ(R(rt, Call(rt, Value::Borrow(rt.types().int_), {rt.NewStr(" 12 ")})), "12");
  EXPECT_EQ(R(rt, Call(rt, Value::Borrow(rt.types().int_), {rt.NewStr("x")})),
            "<raised: ValueError: invalid literal for int() with base 10: 'x'>");
  EXPECT_EQ(R(rt, Call(rt, Value::Borrow(rt.types().list), {rt.NewStr("ab")})), "['a', 'b']");
  EXPECT_EQ(R(rt, Call(rt, I(1), {})), "<raised: TypeError: 'int' object is not callable>");
}

TEST(Runtime, UserClassInstancesAndAttributes) {
  Runtime rt;
  Value ns = rt.NewDict();
  ns.as<Dict>()->SetStr(rt, rt.names().module, rt.NewStr("__main__"));
  ns.as<Dict>()->SetStr(rt, rt.Intern("x"), I(5));
  Type* foo = rt.NewClass("Foo", nullptr, ns.as<Dict>());
  ASSERT_NE(foo, nullptr);
  Value cls = Value::Steal(foo);
  EXPECT_EQ(R(rt, cls), "<class '__main__.Foo'>");
  Value obj = Call(rt, cls, {});
  ASSERT_FALSE(obj.is_raised());
  EXPECT_EQ(R(rt, GetAttr(rt, obj, "x")), "5");  // class attribute
  ASSERT_TRUE(SetAttr(rt, obj, rt.Intern("x"), I(9)));
  EXPECT_EQ(R(rt, GetAttr(rt, obj, "x")), "9");  // instance dict shadows it
  EXPECT_EQ(R(rt, GetAttr(rt, cls, "x")), "5");
  EXPECT_EQ(R(rt, GetAttr(rt, obj, "y")), "<raised: AttributeError: 'Foo' object has no attribute 'y'>");
  EXPECT_EQ(R(rt, GetAttr(rt, cls, "y")), "<raised: AttributeError: type object 'Foo' has no attribute 'y'>");
  EXPECT_EQ(R(rt, Call(rt, cls, {I(1)})), "<raised: TypeError: Foo() takes no arguments>");
  EXPECT_TRUE(absl::StartsWith(R(rt, obj), "<__main__.Foo object at 0x"));
  EXPECT_TRUE(rt.IsInstance(obj, rt.types().object));
  EXPECT_FALSE(SetAttr(rt, I(1), rt.Intern("x"), I(2)));
  EXPECT_EQ(Err(rt), "AttributeError: 'int' object has no attribute 'x'");
  EXPECT_FALSE(SetAttr(rt, Value::Borrow(rt.types().int_), rt.Intern("x"), I(2)));
  EXPECT_EQ(Err(rt), "TypeError: cannot set 'x' attribute of immutable type 'int'");
  EXPECT_EQ(rt.NewClass("B", rt.types().bool_, ns.as<Dict>()), nullptr);
  EXPECT_EQ(Err(rt), "TypeError: type 'bool' is not an acceptable base type");
}

TEST(Runtime, UserExceptionSubclass) {
  Runtime rt;
  Value ns = rt.NewDict();
  Value cls = Value::Steal(rt.NewClass("MyError", rt.exc().value_error, ns.as<Dict>()));
  Value e = Call(rt, cls, {rt.NewStr("oops")});
  EXPECT_EQ(R(rt, e), "MyError('oops')");
  EXPECT_EQ(S(rt, e), "oops");
  EXPECT_TRUE(rt.IsInstance(e, rt.exc().exception));
  rt.RaiseValue(e);
  EXPECT_TRUE(rt.ExceptionMatches(rt.exc().value_error));
  EXPECT_EQ(Err(rt), "MyError: oops");
}

TEST(Runtime, BoundBuiltinMethods) {
  Runtime rt;
  Value l = rt.NewList({});
  Value append = GetAttr(rt, l, "append");
  EXPECT_TRUE(absl::StartsWith(R(rt, append), "<built-in method append of list object at"));
  Call(rt, append, {I(3)});
  EXPECT_EQ(R(rt, l), "[3]");
  bool is_method;
  Value f = GetMethod(rt, l, rt.Intern("append"), &is_method);
  EXPECT_TRUE(is_method);
  EXPECT_EQ(R(rt, f), "<method 'append' of 'list' objects>");
  EXPECT_EQ(R(rt, Call(rt, f, {I(1), I(2)})),
            "<raised: TypeError: descriptor 'append' for 'list' objects doesn't apply to a 'int' object>");
}

}  // namespace
}  // namespace wick::vm
