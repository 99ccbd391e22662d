// Class creation with several bases and metaclasses (vm/objects/class_new.cc): C3 MRO,
// lookup and issubclass along it, and CPython's errors for bases that do not combine.
#include <vector>

#include "gtest/gtest.h"
#include "vm/objects_test_util.h"

namespace wick::vm {
namespace {

using testing::R;

Type* Class(Runtime& rt, const char* name, std::vector<Type*> bases, Type* meta = nullptr) {
  Value ns = rt.NewDict();
  return rt.NewClass(name, bases, ns.as<Dict>(), meta);
}

std::string MroNames(Type* t) {
  std::string s;
  for (Type* k : t->mro()) s += (s.empty() ? "" : " ") + k->name();
  return s;
}

TEST(ClassNew, DiamondMro) {
  Runtime rt;
  Type* a = Class(rt, "A", {});
  Type* b = Class(rt, "B", {a});
  Type* c = Class(rt, "C", {a});
  Type* d = Class(rt, "D", {b, c});
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(MroNames(d), "D B C A object");
  EXPECT_EQ(d->base(), b);
  EXPECT_EQ(d->bases().size(), 2u);
  EXPECT_TRUE(d->IsSubtypeOf(c));
  EXPECT_FALSE(c->IsSubtypeOf(b));
  // A name defined only on the second branch is found through the MRO.
  ASSERT_TRUE(c->dict()->SetStr(rt, rt.Intern("only_c"), Value::Int(7)));
  Type::InvalidateLookupCache();
  const Value* found = d->Lookup(rt.Intern("only_c"));
  ASSERT_NE(found, nullptr);
  EXPECT_EQ(found->as_int(), 7);
  EXPECT_EQ(R(rt, GetAttr(rt, Value::Borrow(d), "__bases__")),
            "(<class 'B'>, <class 'C'>)");
  for (Type* t : {d, c, b, a}) t->DecRef();
}

TEST(ClassNew, CpythonC3Example) {
  Runtime rt;
  Type* o = Class(rt, "O", {});
  Type* a = Class(rt, "A", {o});
  Type* b = Class(rt, "B", {o});
  Type* c = Class(rt, "C", {o});
  Type* d = Class(rt, "D", {o});
  Type* e = Class(rt, "E", {o});
  Type* k1 = Class(rt, "K1", {a, b, c});
  Type* k2 = Class(rt, "K2", {d, b, e});
  Type* k3 = Class(rt, "K3", {d, a});
  Type* z = Class(rt, "Z", {k1, k2, k3});
  ASSERT_NE(z, nullptr);
  EXPECT_EQ(MroNames(z), "Z K1 K2 K3 D A B C E O object");
  for (Type* t : {z, k3, k2, k1, e, d, c, b, a, o}) t->DecRef();
}

TEST(ClassNew, Errors) {
  Runtime rt;
  Type* a = Class(rt, "A", {});
  Type* b = Class(rt, "B", {a});
  EXPECT_EQ(Class(rt, "X", {a, b}), nullptr);
  EXPECT_EQ(testing::Err(rt),
            "TypeError: Cannot create a consistent method resolution\norder (MRO) for bases A, B");
  EXPECT_EQ(Class(rt, "X", {a, a}), nullptr);
  EXPECT_EQ(testing::Err(rt), "TypeError: duplicate base class A");
  EXPECT_EQ(Class(rt, "X", {rt.types().list, rt.types().dict}), nullptr);
  EXPECT_EQ(testing::Err(rt), "TypeError: multiple bases have instance lay-out conflict");
  EXPECT_EQ(Class(rt, "X", {rt.types().bool_}), nullptr);
  EXPECT_EQ(testing::Err(rt), "TypeError: type 'bool' is not an acceptable base type");
  b->DecRef();
  a->DecRef();
}

TEST(ClassNew, BuiltinBaseIsTheLayoutBase) {
  Runtime rt;
  Type* mixin = Class(rt, "Mixin", {});
  Type* d = Class(rt, "D", {mixin, rt.types().dict});
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->base(), rt.types().dict);
  EXPECT_EQ(d->layout(), Layout::kDict);
  EXPECT_EQ(MroNames(d), "D Mixin dict object");
  d->DecRef();
  mixin->DecRef();
}

TEST(ClassNew, Metaclasses) {
  Runtime rt;
  Type* m1 = Class(rt, "M1", {rt.types().type});
  Type* m2 = Class(rt, "M2", {rt.types().type});
  ASSERT_NE(m1, nullptr);
  EXPECT_EQ(m1->layout(), Layout::kType);
  Type* a = Class(rt, "A", {}, m1);
  Type* b = Class(rt, "B", {}, m2);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->type(), m1);
  // The most derived metaclass wins even when none is given.
  Type* c = Class(rt, "C", {a});
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->type(), m1);
  EXPECT_EQ(Class(rt, "X", {a, b}), nullptr);
  EXPECT_EQ(testing::Err(rt),
            "TypeError: metaclass conflict: the metaclass of a derived class must be a "
            "(non-strict) subclass of the metaclasses of all its bases");
  for (Type* t : {c, b, a, m2, m1}) t->DecRef();
}

}  // namespace
}  // namespace wick::vm
