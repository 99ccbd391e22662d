// Resolve: locals, cells, globals then builtins, attributes through instance and type
// dicts (never descriptors), items of lists, tuples and dicts; missing paths are null.
#include "guards/guards_test_util.h"

namespace wick::guards {
namespace {

using testing::GuardsTest;
using ResolveTest = GuardsTest;

TEST_F(ResolveTest, LocalsAndCells) {
  locals_ = {vm::Value::Int(7), vm::Value::Raised()};
  cells_ = {rt_.NewCell(vm::Value::Int(9)), rt_.NewCell(vm::Value::Raised())};
  FrameView f = View();
  const vm::Value* x = Resolve(*Source::Local("x", 0), f);
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(x->as_int(), 7);
  EXPECT_EQ(x, &locals_[0]);  // borrowed from the frame, not copied
  EXPECT_EQ(Resolve(*Source::Local("y", 1), f), nullptr);   // unbound
  EXPECT_EQ(Resolve(*Source::Local("z", 5), f), nullptr);   // out of range
  ASSERT_NE(Resolve(*Source::Cell("c", 0), f), nullptr);
  EXPECT_EQ(Resolve(*Source::Cell("c", 0), f)->as_int(), 9);
  EXPECT_EQ(Resolve(*Source::Cell("e", 1), f), nullptr);    // empty cell
}

TEST_F(ResolveTest, GlobalsThenBuiltins) {
  SetGlobal("w", vm::Value::Int(1));
  builtins_.as<vm::Dict>()->SetStr(rt_, rt_.Intern("len"), vm::Value::Int(2));
  builtins_.as<vm::Dict>()->SetStr(rt_, rt_.Intern("w"), vm::Value::Int(3));
  FrameView f = View();
  EXPECT_EQ(Resolve(*Source::Global("w"), f)->as_int(), 1);  // globals shadow builtins
  EXPECT_EQ(Resolve(*Source::Global("len"), f)->as_int(), 2);
  EXPECT_EQ(Resolve(*Source::Global("nope"), f), nullptr);
}

TEST_F(ResolveTest, AttributesThroughDictsOnly) {
  vm::Value cls = Class("Mod");
  cls.as<vm::Type>()->dict()->SetStr(rt_, rt_.Intern("scale"), vm::Value::Int(5));
  vm::Value inner = Instance(cls);
  SetAttr(inner, "weight", Tensor({2}));
  vm::Value outer = Instance(cls);
  SetAttr(outer, "fc1", inner);
  locals_ = {outer};
  FrameView f = View();
  SourcePtr self = Source::Local("self", 0);
  const vm::Value* w = Resolve(*Source::Attr(Source::Attr(self, "fc1"), "weight"), f);
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(vm::TensorOfTensorObject(*w).sizes()[0], 2);
  // A class attribute (not a descriptor) is found through the type.
  EXPECT_EQ(Resolve(*Source::Attr(self, "scale"), f)->as_int(), 5);
  EXPECT_EQ(Resolve(*Source::Attr(self, "missing"), f), nullptr);
  EXPECT_EQ(Resolve(*Source::Attr(Source::Attr(self, "missing"), "x"), f), nullptr);
  // Tensor.shape is computed by the getattr slot: reading it would run code.
  EXPECT_EQ(Resolve(*Source::Attr(Source::Attr(Source::Attr(self, "fc1"), "weight"), "shape"),
                    f),
            nullptr);
}

TEST_F(ResolveTest, ClassOfAnInstance) {
  // L['self'].__class__ is the instance's type (a property's accessor is read through
  // it); two __class__ steps in one chain each see their own parent.
  vm::Value cls = Class("Mod");
  cls.as<vm::Type>()->dict()->SetStr(rt_, rt_.Intern("scale"), vm::Value::Int(5));
  vm::Value obj = Instance(cls);
  SetAttr(obj, "inner", Instance(Class("Inner")));
  locals_ = {obj};
  FrameView f = View();
  SourcePtr self = Source::Local("self", 0);
  const vm::Value* c = Resolve(*Source::Attr(self, "__class__"), f);
  ASSERT_NE(c, nullptr);
  EXPECT_TRUE(c->Is(cls));
  EXPECT_EQ(Resolve(*Source::Attr(Source::Attr(self, "__class__"), "scale"), f)->as_int(), 5);
  const vm::Value* inner_cls =
      Resolve(*Source::Attr(Source::Attr(self, "inner"), "__class__"), f);
  ASSERT_NE(inner_cls, nullptr);
  EXPECT_EQ(inner_cls->as<vm::Type>()->name(), "Inner");
  const int64_t refs = cls.object()->refcount();
  ASSERT_NE(Resolve(*Source::Attr(self, "__class__"), f), nullptr);
  EXPECT_EQ(cls.object()->refcount(), refs);  // the slot holds no reference
}

TEST_F(ResolveTest, ItemsOfListsTuplesAndDicts) {
  vm::Value d = rt_.NewDict();
  d.as<vm::Dict>()->SetStr(rt_, rt_.Intern("k"), vm::Value::Int(11));
  ASSERT_TRUE(d.as<vm::Dict>()->Set(rt_, vm::Value::Int(3), vm::Value::Int(33)));
  locals_ = {rt_.NewList({vm::Value::Int(1), vm::Value::Int(2)}),
             rt_.NewTuple({Str("a"), vm::Value::Int(4)}), d};
  FrameView f = View();
  SourcePtr xs = Source::Local("xs", 0), t = Source::Local("t", 1), dd = Source::Local("d", 2);
  EXPECT_EQ(Resolve(*Source::Item(xs, 1), f)->as_int(), 2);
  EXPECT_EQ(Resolve(*Source::Item(xs, -1), f)->as_int(), 2);
  EXPECT_EQ(Resolve(*Source::Item(xs, 2), f), nullptr);
  EXPECT_EQ(Resolve(*Source::Item(t, 1), f)->as_int(), 4);
  EXPECT_EQ(Resolve(*Source::StrItem(xs, "k"), f), nullptr);  // str key on a list
  EXPECT_EQ(Resolve(*Source::StrItem(dd, "k"), f)->as_int(), 11);
  EXPECT_EQ(Resolve(*Source::Item(dd, 3), f)->as_int(), 33);
  EXPECT_EQ(Resolve(*Source::StrItem(dd, "q"), f), nullptr);
  EXPECT_EQ(Resolve(*Source::Item(Source::Local("n", 3), 0), f), nullptr);  // no local 3
}

}  // namespace
}  // namespace wick::guards
