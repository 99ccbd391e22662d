// Tests of graph capture for language constructs traced through the object model:
// super(), starred unpacking, imports inside functions, operator.* and sets of
// constants (the fixture is frontend_test_util.h).
#include <string>

#include "frontend/frontend.h"
#include "frontend/frontend_test_util.h"
#include "gtest/gtest.h"

namespace wick::frontend {
namespace {

TEST_F(FrontendTest, SuperTracesIntoBaseClassMethods) {
  Run(R"(
import torch
import torch.nn as nn
class A:
    def __init__(self, k):
        self.k = k
    def scale(self, x):
        return x * self.k
class B(A):
    def __init__(self, k):
        super().__init__(k + 1)
        self.extra = 10
    def scale(self, x):
        return super().scale(x) + self.extra
class C(B):
    def scale(self, x):
        return super(B, self).scale(x) - 1
class D:
    tag = 5
class E(D):
    def __init__(self):
        super().__init__()
        self.tag2 = self.tag + 1
class Base(nn.Module):
    def forward(self, x):
        return torch.relu(x)
class Child(Base):
    def forward(self, x):
        return super().forward(x) * 2
child = Child()
def f(x):
    b = B(2)
    c = C(3)
    return b.scale(x), c.scale(x), b.k, c.k, c.extra, E().tag2, child(x)
x = torch.ones(2)
b = B(2)
scale = B.scale
eager = [t.tolist() if isinstance(t, torch.Tensor) else t for t in f(x)]
)");
  TraceResult r = TraceCall("f", {"x"});
  ASSERT_EQ(r.stop.kind, Stop::Kind::kReturn)
      << r.stop.reason.gb_type << " " << r.stop.reason.context << " "
      << r.stop.reason.explanation;
  std::vector<std::string> ops;
  for (const graph::Node& n : r.graph.nodes()) {
    if (n.kind == graph::NodeKind::kCall) ops.push_back(n.op->name());
  }
  EXPECT_EQ(absl::StrJoin(ops, " "), "mul add mul sub relu mul");
  const Rebuild& ret = r.return_value;
  ASSERT_EQ(ret.children.size(), 7u);
  // The same constants eager Python computed.
  const std::vector<vm::Value>& eager = Global("eager").as<vm::List>()->items;
  for (int i : {2, 3, 4, 5}) {
    EXPECT_EQ(ret.children[i].kind, Rebuild::Kind::kConstant) << i;
    EXPECT_EQ(ret.children[i].value.as_int(), eager[i].as_int()) << i;
  }
  EXPECT_EQ(eager[2].as_int(), 3);
  EXPECT_EQ(eager[5].as_int(), 6);
  // Class attributes read through instances made in the trace are guarded on the class.
  // Methods are matched by code; the `__class__` cell zero-argument super() reads is
  // guarded through the method's closure.
  EXPECT_EQ(Guards(r),
            "ID_MATCH G['B']\nID_MATCH G['B'].__init__.__code__\n"
            "ID_MATCH G['B'].__init__.__closure__[0].cell_contents\nID_MATCH G['C']\n"
            "ID_MATCH G['C'].__init__\nID_MATCH G['B'].scale.__code__\nTENSOR_MATCH L['x']\n"
            "ID_MATCH G['C'].scale.__code__\nID_MATCH G['C'].scale.__closure__[0].cell_contents\n"
            "ID_MATCH G['E']\nID_MATCH G['E'].__init__.__code__\n"
            "ID_MATCH G['E'].__init__.__closure__[0].cell_contents\nEQUALS_MATCH G['E'].tag\n"
            "ID_MATCH G['child']\nID_MATCH G['child'].forward.__code__\n"
            "ID_MATCH G['child'].forward.__closure__[0].cell_contents\nID_MATCH G['torch']\n"
            "GLOBAL_STATE -");

  // A method compiled as the top frame: `self` comes from the live frame, guarded.
  TraceResult m = TraceCall("scale", {"b", "x"});
  ASSERT_EQ(m.stop.kind, Stop::Kind::kReturn) << m.stop.reason.gb_type;
  EXPECT_EQ(m.graph.num_calls(), 2);
  EXPECT_EQ(Guards(m), "ID_MATCH L['__class__']\nTYPE_MATCH L['self']\n"
                       "TENSOR_MATCH L['x']\nEQUALS_MATCH L['self'].k\n"
                       "EQUALS_MATCH L['self'].extra\nGLOBAL_STATE -");
}

// What super() cannot trace stops the trace instead of guessing.
TEST_F(FrontendTest, UnsupportedSuperBreaks) {
  Run(R"(
import torch
class A:
    @property
    def p(self):
        return 1
class B(A):
    def get(self, x):
        return super().p + x
def f(x):
    return B().get(x)
class F(A):
    def get(self, x):
        return super().q + x
A.q = 3
def data(x):
    return F().get(x)
def missing(x):
    return super().foo
x = torch.ones(2)
)");
  TraceResult r = TraceCall("f", {"x"});
  ASSERT_EQ(r.stop.kind, Stop::Kind::kBreak);
  EXPECT_EQ(r.stop.reason.gb_type, "Unsupported: super()");
  EXPECT_EQ(r.stop.reason.context, "A.p");
  r = TraceCall("data", {"x"});  // a class data attribute: no guard could cover it
  ASSERT_EQ(r.stop.kind, Stop::Kind::kBreak);
  EXPECT_EQ(r.stop.reason.context, "A.q");
  r = TraceCall("missing", {"x"});
  ASSERT_EQ(r.stop.kind, Stop::Kind::kBreak);
  EXPECT_EQ(r.stop.reason.gb_type, "Unsupported: super()");
}

TEST_F(FrontendTest, StarredUnpackingTraces) {
  Run(R"(
import torch
def f(x):
    a, *mid, c = [x, x + 1, x + 2, x + 3]
    first, *rest = (1, 2)
    *init, last = "ab"
    try:
        p, *q, s = [1]
        ok = False
    except ValueError:
        ok = True
    return a, mid, c, rest, init, last, ok
x = torch.ones(2)
)");
  TraceResult r = TraceCall("f", {"x"});
  ASSERT_EQ(r.stop.kind, Stop::Kind::kReturn)
      << r.stop.reason.gb_type << " " << r.stop.reason.context;
  const Rebuild& ret = r.return_value;
  ASSERT_EQ(ret.children.size(), 7u);
  EXPECT_EQ(ret.children[0].kind, Rebuild::Kind::kSource);  // `a` is the input itself
  EXPECT_EQ(ret.children[1].kind, Rebuild::Kind::kList);
  EXPECT_EQ(ret.children[1].children.size(), 2u);
  EXPECT_EQ(ret.children[2].kind, Rebuild::Kind::kGraphOutput);
  EXPECT_EQ(ret.children[3].kind, Rebuild::Kind::kList);
  ASSERT_EQ(ret.children[3].children.size(), 1u);
  EXPECT_EQ(ret.children[3].children[0].value.as_int(), 2);
  EXPECT_EQ(ret.children[4].children.size(), 1u);
  EXPECT_EQ(ret.children[5].value.as<vm::Str>()->view(), "b");
  EXPECT_TRUE(ret.children[6].value.as_bool());  // the ValueError was raised and caught
  EXPECT_EQ(r.graph.num_calls(), 3);
}

// `import m` / `from m import a` of a module the frame's globals already bind: read
// through that global with an ID_MATCH guard; first imports still break.
TEST_F(FrontendTest, ImportsOfImportedModulesTrace) {
  Run(R"(
import torch
import math
import operator as op
def f(x):
    import math as inner
    from operator import mul
    import torch.nn
    from math import ceil
    return x * (inner.floor(2.5) * ceil(2.5)), mul is op.mul, torch.nn is not None
def first_import(x):
    import no_such_module_xyz
    return x
def relative(x):
    from . import y
    return x
x = torch.ones(2)
)");
  TraceResult r = TraceCall("f", {"x"});
  ASSERT_EQ(r.stop.kind, Stop::Kind::kReturn)
      << r.stop.reason.gb_type << " " << r.stop.reason.context;
  EXPECT_EQ(r.graph.num_calls(), 1);
  EXPECT_NE(graph::Dump(r.graph).find("mul.Tensor(%l_x_, 6)"), std::string::npos)
      << graph::Dump(r.graph);
  EXPECT_EQ(Guards(r), "ID_MATCH G['math']\nID_MATCH G['op']\nID_MATCH G['op'].mul\n"
                       "ID_MATCH G['torch']\nTENSOR_MATCH L['x']\nGLOBAL_STATE -");
  for (const char* fn : {"first_import", "relative"}) {
    TraceResult b = TraceCall(fn, {"x"});
    ASSERT_EQ(b.stop.kind, Stop::Kind::kBreak) << fn;
    EXPECT_EQ(b.stop.reason.gb_type, "Unsupported: import inside the compiled region") << fn;
  }
}

// operator.* functions trace as the operators they name (tensors included).
TEST_F(FrontendTest, OperatorModuleFunctionsTrace) {
  Run(R"(
import torch
import operator
def f(x):
    return (operator.add(x, 1), operator.mul(2, 3), operator.lt(1, 2),
            operator.getitem([4, 5], 1), operator.neg(x))
def mutate(x):
    l = [1]
    operator.setitem(l, 0, x)
    return l
x = torch.ones(2)
)");
  TraceResult r = TraceCall("f", {"x"});
  ASSERT_EQ(r.stop.kind, Stop::Kind::kReturn)
      << r.stop.reason.gb_type << " " << r.stop.reason.context;
  std::vector<std::string> ops;
  for (const graph::Node& n : r.graph.nodes()) {
    if (n.kind == graph::NodeKind::kCall) ops.push_back(n.op->name());
  }
  EXPECT_EQ(absl::StrJoin(ops, " "), "add neg");
  EXPECT_EQ(r.return_value.children[1].value.as_int(), 6);
  EXPECT_TRUE(r.return_value.children[2].value.as_bool());
  EXPECT_EQ(r.return_value.children[3].value.as_int(), 5);
  TraceResult m = TraceCall("mutate", {"x"});
  ASSERT_EQ(m.stop.kind, Stop::Kind::kBreak);
  EXPECT_EQ(m.stop.reason.context, "operator.setitem");
}

// Sets of constants fold at trace time; a set that would leave the trace (returned or
// stored) breaks, since one object would be shared by every compiled call.
TEST_F(FrontendTest, SetsOfConstantsFold) {
  Run(R"(
import torch
def f(x):
    s = {3, 1, 2}
    s.add(4)
    t = {k * 2 for k in [1, 2, 2]} | {*s, 9}
    n = len(t) + (3 in s) + (5 in s)
    return x + n, n
def escapes(x):
    return x, {1, 2}
def traced(x):
    return {x, 1}
x = torch.ones(2)
)");
  TraceResult r = TraceCall("f", {"x"});
  ASSERT_EQ(r.stop.kind, Stop::Kind::kReturn)
      << r.stop.reason.gb_type << " " << r.stop.reason.context;
  EXPECT_EQ(r.graph.num_calls(), 1);
  // t == {1, 2, 3, 4, 9}: 5 elements, plus True, plus False.
  EXPECT_NE(graph::Dump(r.graph).find("add.Tensor(%l_x_, 6, 1)"), std::string::npos)
      << graph::Dump(r.graph);
  EXPECT_EQ(r.return_value.children[1].value.as_int(), 6);
  TraceResult e = TraceCall("escapes", {"x"});
  ASSERT_EQ(e.stop.kind, Stop::Kind::kBreak);
  EXPECT_EQ(e.stop.reason.gb_type, "Unsupported: escaping value");
  TraceResult t = TraceCall("traced", {"x"});
  ASSERT_EQ(t.stop.kind, Stop::Kind::kBreak);
  EXPECT_EQ(t.stop.reason.gb_type, "Unsupported: set of traced values");
}

}  // namespace
}  // namespace wick::frontend
