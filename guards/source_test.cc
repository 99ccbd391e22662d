// Source names as upstream prints them, root names and structural equality.
#include "guards/source.h"

#include "gtest/gtest.h"

namespace wick::guards {
namespace {

TEST(SourceTest, NamesMatchUpstream) {
  SourcePtr x = Source::Local("x", 0);
  SourcePtr self = Source::Local("self", 1);
  EXPECT_EQ(x->Name(), "L['x']");
  EXPECT_EQ(Source::Global("w")->Name(), "G['w']");
  EXPECT_EQ(Source::Attr(Source::Attr(self, "fc1"), "weight")->Name(),
            "L['self'].fc1.weight");
  EXPECT_EQ(Source::Item(Source::Local("xs", 2), 0)->Name(), "L['xs'][0]");
  EXPECT_EQ(Source::StrItem(Source::Local("d", 3), "k")->Name(), "L['d']['k']");
  EXPECT_EQ(Source::StrItem(Source::Local("d", 3), "it's")->Name(), "L['d'][\"it's\"]");
  // Closure cells of the compiled frame read through f_locals upstream.
  EXPECT_EQ(Source::Cell("scale", 0)->Name(), "L['scale']");
  EXPECT_EQ(Source::Item(Source::Attr(Source::Global("m"), "layers"), -1)->Name(),
            "G['m'].layers[-1]");
}

TEST(SourceTest, RootNameAndAccessors) {
  SourcePtr s = Source::Item(Source::Attr(Source::Local("x", 4), "a"), 0);
  EXPECT_EQ(s->RootName(), "x");
  EXPECT_EQ(s->kind(), Source::Kind::kItem);
  EXPECT_EQ(s->index(), 0);
  EXPECT_FALSE(s->has_str_key());
  EXPECT_EQ(s->base()->kind(), Source::Kind::kAttr);
  EXPECT_EQ(s->base()->name(), "a");
  EXPECT_EQ(s->base()->base()->index(), 4);
  EXPECT_EQ(Source::Global("w")->RootName(), "w");
}

TEST(SourceTest, EqualityIsStructural) {
  SourcePtr a = Source::Attr(Source::Local("self", 0), "fc1");
  SourcePtr b = Source::Attr(Source::Local("self", 0), "fc1");
  EXPECT_TRUE(*a == *b);
  EXPECT_FALSE(*a == *Source::Attr(Source::Local("self", 0), "fc2"));
  EXPECT_FALSE(*a == *Source::Attr(Source::Cell("self", 0), "fc1"));
  EXPECT_FALSE(*Source::Item(a, 0) == *Source::StrItem(a, "0"));
  EXPECT_FALSE(*Source::Item(a, 0) == *Source::Item(a, 1));
  EXPECT_FALSE(*Source::Local("x", 0) == *Source::Global("x"));
}

}  // namespace
}  // namespace wick::guards
