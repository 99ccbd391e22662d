// Tests of graph capture: programs run in the VM to define functions, then each
// function's first frame is traced with concrete arguments; tests compare the graph
// dump, guard specs, the Rebuild shape, side effects and break reasons.
#include "frontend/frontend.h"

#include <string>

#include "frontend/frontend_test_util.h"
#include "gtest/gtest.h"

namespace wick::frontend {
namespace {

using guards::GuardKind;

TEST_F(FrontendTest, TensorArithmeticAndTorchCalls) {
  Run(R"(
import torch
def f(x, n):
    a = x + n
    b = torch.sin(a).view(-1)
    return a, b * 2.0, n + 1
x = torch.ones(2, 3)
n = 3
)");
  TraceResult r = TraceCall("f", {"x", "n"});
  ASSERT_EQ(r.stop.kind, Stop::Kind::kReturn) << r.stop.reason.gb_type;
  EXPECT_EQ(r.graph.num_calls(), 4);
  ASSERT_EQ(r.return_value.kind, Rebuild::Kind::kTuple);
  ASSERT_EQ(r.return_value.children.size(), 3u);
  EXPECT_EQ(r.return_value.children[0].kind, Rebuild::Kind::kGraphOutput);
  EXPECT_EQ(r.return_value.children[1].index, 1);
  EXPECT_EQ(r.return_value.children[2].kind, Rebuild::Kind::kConstant);
  EXPECT_EQ(r.return_value.children[2].value.as_int(), 4);
  ASSERT_EQ(r.graph_inputs.size(), 1u);
  EXPECT_EQ(r.graph_inputs[0]->Name(), "L['x']");
  EXPECT_EQ(Guards(r), "TENSOR_MATCH L['x']\nEQUALS_MATCH L['n']\nID_MATCH G['torch']\n"
                       "GLOBAL_STATE -");
}

TEST_F(FrontendTest, GraphDumpSpellsUserCode) {
  Run(R"(
import torch
def f(x):
    return torch.sin(x).view(-1) * 2.0
x = torch.ones(2, 3)
)");
  TraceResult r = TraceCall("f", {"x"});
  EXPECT_EQ(graph::Dump(r.graph),
            "graph __compiled_fn_0 {\n"
            "  %l_x_ = placeholder L_x_ \"L['x']\" : f32[2, 3][3, 1]cpu\n"
            "  %sin = sin(%l_x_) ~ fn torch.sin(%l_x_) @ \"prog.py\":4 \"f\" "
            "\"return torch.sin(x).view(-1) * 2.0\"  # f32[2, 3][3, 1]cpu\n"
            "  %view = view(%sin, [-1]) ~ method view(%sin, -1) @ \"prog.py\":4 \"f\" "
            "\"return torch.sin(x).view(-1) * 2.0\"  # f32[6][1]cpu\n"
            "  %mul = mul.Tensor(%view, 2.0) ~ op operator.mul(%view, 2.0) @ \"prog.py\":4 "
            "\"f\" \"return torch.sin(x).view(-1) * 2.0\"  # f32[6][1]cpu\n"
            "  return %mul\n"
            "}\n");
  ASSERT_EQ(r.guards.size(), 3u);
  EXPECT_EQ(r.guards[0].user_code, "return torch.sin(x).view(-1) * 2.0");
  EXPECT_EQ(r.guards[0].user_location, "prog.py:4 in f");
}

TEST_F(FrontendTest, ReflectedOperatorsMirrorEager) {
  Run(R"(
import torch
def f(x):
    return 1 - x, 2 / x, 2 ** x, -x, x @ x.t(), x < 1
x = torch.ones(2, 2)
)");
  TraceResult r = TraceCall("f", {"x"});
  ASSERT_EQ(r.stop.kind, Stop::Kind::kReturn) << r.stop.reason.gb_type;
  std::vector<std::string> ops;
  for (const graph::Node& n : r.graph.nodes()) {
    if (n.kind == graph::NodeKind::kCall) ops.push_back(n.op->full_name());
  }
  EXPECT_EQ(absl::StrJoin(ops, " "),
            "rsub.Tensor reciprocal mul.Tensor pow.Tensor_Tensor neg t matmul lt.Scalar");
}

TEST_F(FrontendTest, InliningClosuresLoopsAndBuiltins) {
  Run(R"(
import torch
import math
scale = 2
def helper(t, k=3):
    return t * k
def f(x, xs):
    def inner(y):
        return y + scale
    acc = x
    for i in range(len(xs)):
        acc = helper(acc) + xs[i]
    if isinstance(x, torch.Tensor) and math.sqrt(4) == 2.0:
        acc = inner(acc)
    sq = [a * a for a in xs]
    d = {"a": acc, "n": max(1, 5)}
    return d, tuple(sq), x.shape, x.size(0)
x = torch.ones(3)
xs = [torch.zeros(3), torch.ones(3)]
)");
  TraceResult r = TraceCall("f", {"x", "xs"});
  ASSERT_EQ(r.stop.kind, Stop::Kind::kReturn) << r.stop.reason.gb_type << " "
                                              << r.stop.reason.context;
  EXPECT_EQ(r.graph.num_calls(), 7);  // 2 x (mul, add), add, 2 x mul
  EXPECT_EQ(r.graph_inputs.size(), 3u);
  ASSERT_EQ(r.return_value.kind, Rebuild::Kind::kTuple);
  const Rebuild& d = r.return_value.children[0];
  ASSERT_EQ(d.kind, Rebuild::Kind::kDict);
  ASSERT_EQ(d.keys.size(), 2u);
  EXPECT_EQ(d.children[1].value.as_int(), 5);
  EXPECT_EQ(r.return_value.children[2].kind, Rebuild::Kind::kSize);
  EXPECT_EQ(r.return_value.children[3].value.as_int(), 3);
  EXPECT_EQ(Guards(r),
            "TENSOR_MATCH L['x']\nTYPE_MATCH L['xs']\nLENGTH_CHECK L['xs']\n"
            "TENSOR_MATCH L['xs'][0]\nTENSOR_MATCH L['xs'][1]\nID_MATCH G['helper'].__code__\n"
            "EQUALS_MATCH G['helper'].__defaults__[0]\n"
            "ID_MATCH G['torch']\nID_MATCH G['math']\nEQUALS_MATCH G['scale']\n"
            "GLOBAL_STATE -\nNO_TENSOR_ALIASING -");
}

TEST_F(FrontendTest, GraphBreakCall) {
  Run(R"(
import torch
import torch._compile_markers as markers
def f(x):
    y = x + 1
    markers.graph_break()
    return y
x = torch.ones(3)
)");
  TraceResult r = TraceCall("f", {"x"});
  ASSERT_EQ(r.stop.kind, Stop::Kind::kBreak);
  EXPECT_EQ(r.stop.reason.gb_type, "Call to `torch._dynamo.graph_break()`");
  EXPECT_EQ(r.stop.reason.explanation, "User-inserted graph break. Message: None");
  ASSERT_EQ(r.stop.reason.user_stack.size(), 1u);
  EXPECT_EQ(r.stop.reason.user_stack[0].line, 6);
  EXPECT_EQ(r.stop.reason.user_stack[0].source_line, "markers.graph_break()");
  EXPECT_EQ(r.graph.num_calls(), 1);
  EXPECT_EQ(r.stop.instruction, 7);  // the CALL of graph_break
}

// `assert <tensor>, "msg"` is torch._assert_async in the graph; without a message it is
// a data-dependent branch.
TEST_F(FrontendTest, TensorAssertBecomesAGraphOp) {
  Run(R"(
import torch
def f(x):
    assert x.sum() > 0, "positive"
    return x + 1
def g(x):
    assert x.sum() > 0
    return x + 1
x = torch.ones(3)
)");
  TraceResult r = TraceCall("f", {"x"});
  ASSERT_EQ(r.stop.kind, Stop::Kind::kReturn) << r.stop.reason.gb_type;
  bool found = false;
  for (const graph::Node& n : r.graph.nodes()) {
    if (n.kind == graph::NodeKind::kCall && n.spelling.target == "torch._assert_async") {
      found = true;
      ASSERT_EQ(n.args.size(), 2u);
      EXPECT_EQ(n.args[1].constant().to_string(), "positive");
    }
  }
  EXPECT_TRUE(found);
  EXPECT_EQ(r.graph.num_calls(), 4);  // sum, gt, _assert_async, add
  TraceResult g = TraceCall("g", {"x"});
  ASSERT_EQ(g.stop.kind, Stop::Kind::kBreak);
  EXPECT_EQ(g.stop.reason.gb_type, "Data-dependent branching");
}

TEST_F(FrontendTest, BreaksWithUpstreamReasons) {
  Run(R"(
import torch
def item(x):
    return x.sum().item()
def branch(x):
    if x.sum() > 0:
        return x
    return -x
def prints(x):
    print(x)
    return x
def nested(x):
    return item(x) + 1
x = torch.ones(3)
)");
  TraceResult a = TraceCall("item", {"x"});
  EXPECT_EQ(a.stop.reason.gb_type,
            "Unsupported Tensor.item() call with capture_scalar_outputs=False");
  TraceResult b = TraceCall("branch", {"x"});
  EXPECT_EQ(b.stop.reason.gb_type, "Data-dependent branching");
  TraceResult c = TraceCall("prints", {"x"});
  EXPECT_EQ(c.stop.reason.gb_type, "Failed to trace builtin operator");
  EXPECT_EQ(c.stop.reason.context, "builtin print [<class 'torch._dynamo.variables.tensor.TensorVariable'>] False");
  TraceResult d = TraceCall("nested", {"x"});
  ASSERT_EQ(d.stop.kind, Stop::Kind::kBreak);
  ASSERT_EQ(d.stop.reason.user_stack.size(), 2u);
  EXPECT_EQ(d.stop.reason.user_stack[0].function, "nested");
  EXPECT_EQ(d.stop.reason.user_stack[1].function, "item");
  EXPECT_EQ(d.stop.instruction >= 0, true);
}

TEST_F(FrontendTest, IsCompilingIsTrue) {
  Run(R"(
import torch
import torch._compile_markers as markers
def f(x):
    if markers.is_compiling():
        return x + 1
    return x - 1
x = torch.ones(3)
)");
  TraceResult r = TraceCall("f", {"x"});
  ASSERT_EQ(r.stop.kind, Stop::Kind::kReturn) << r.stop.reason.gb_type;
  EXPECT_EQ(r.graph.nodes()[1].op->name(), "add");
}

TEST_F(FrontendTest, MlpModuleTracesIntoOneGraph) {
  Run(R"(
import torch
import torch.nn as nn
class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 8)
        self.act = nn.ReLU()
        self.fc2 = nn.Linear(8, 8)
        self.norm = nn.LayerNorm(8)
        self.head = nn.Sequential(nn.Linear(8, 2), nn.ReLU())
    def forward(self, x):
        return self.head(self.norm(self.fc2(self.act(self.fc1(x)))))
m = MLP()
x = torch.ones(5, 4)
def run(x):
    return m(x)
)");
  TraceResult r = TraceCall("run", {"x"});
  ASSERT_EQ(r.stop.kind, Stop::Kind::kReturn)
      << r.stop.reason.gb_type << " " << r.stop.reason.context << " at "
      << (r.stop.reason.user_stack.empty() ? "" : r.stop.reason.user_stack.back().source_line);
  std::vector<std::string> ops;
  for (const graph::Node& n : r.graph.nodes()) {
    if (n.kind == graph::NodeKind::kCall) ops.push_back(n.op->name());
  }
  EXPECT_EQ(absl::StrJoin(ops, " "), "linear relu linear layer_norm linear relu");
  ASSERT_GE(r.graph_inputs.size(), 2u);
  EXPECT_EQ(r.graph_inputs[0]->Name(), "L['x']");
  EXPECT_EQ(r.graph_inputs[1]->Name(), "G['m']._modules['fc1']._parameters['weight']");
  EXPECT_EQ(r.return_value.kind, Rebuild::Kind::kGraphOutput);
}

TEST_F(FrontendTest, SideEffectsAreBuffered) {
  Run(R"(
import torch
class Box:
    pass
box = Box()
box.v = 1
counter = 0
def f(x, out):
    global counter
    out.append(x * 2)
    box.v = box.v + 1
    counter = counter + 1
    return out
x = torch.ones(3)
out = []
)");
  TraceResult r = TraceCall("f", {"x", "out"});
  ASSERT_EQ(r.stop.kind, Stop::Kind::kReturn) << r.stop.reason.gb_type;
  EXPECT_EQ(r.return_value.kind, Rebuild::Kind::kSource);
  ASSERT_EQ(r.side_effects.size(), 3u);
  EXPECT_EQ(r.side_effects[0].kind, SideEffect::Kind::kReplaceList);
  EXPECT_EQ(r.side_effects[0].target.source->Name(), "L['out']");
  ASSERT_EQ(r.side_effects[0].value.children.size(), 1u);
  EXPECT_EQ(r.side_effects[0].value.children[0].kind, Rebuild::Kind::kGraphOutput);
  EXPECT_EQ(r.side_effects[1].kind, SideEffect::Kind::kStoreAttr);
  EXPECT_EQ(r.side_effects[1].name, "v");
  EXPECT_EQ(r.side_effects[1].value.value.as_int(), 2);
  EXPECT_EQ(r.side_effects[2].kind, SideEffect::Kind::kStoreGlobal);
  EXPECT_EQ(r.side_effects[2].name, "counter");
  EXPECT_EQ(r.graph.output().outputs.size(), 1u);
  // Nothing was mutated while tracing.
  EXPECT_EQ(Global("out").as<vm::List>()->items.size(), 0u);
  EXPECT_EQ(Global("counter").as_int(), 0);
}

TEST_F(FrontendTest, NoGradIsTrackedAsGlobalState) {
  Run(R"(
import torch
def f(x):
    with torch.no_grad():
        y = x * 2
    return y, torch.is_grad_enabled()
x = torch.ones(3)
)");
  TraceResult r = TraceCall("f", {"x"});
  ASSERT_EQ(r.stop.kind, Stop::Kind::kReturn) << r.stop.reason.gb_type;
  EXPECT_TRUE(r.return_value.children[1].value.as_bool());
  bool has_global_state = false;
  for (const auto& g : r.guards) {
    has_global_state |= g.kind == GuardKind::kGlobalState && g.grad_enabled;
  }
  EXPECT_TRUE(has_global_state);
}

TEST_F(FrontendTest, BasicTensorIndexingAndFStrings) {
  Run(R"(
import torch
def f(x):
    name = f"rows={x.shape[0]:d}"
    return x[0], x[:, 1:], x[None, ..., 0], x.T, name
x = torch.ones(2, 3)
)");
  TraceResult r = TraceCall("f", {"x"});
  ASSERT_EQ(r.stop.kind, Stop::Kind::kReturn) << r.stop.reason.gb_type << " "
                                              << r.stop.reason.context;
  std::vector<std::string> ops;
  for (const graph::Node& n : r.graph.nodes()) {
    if (n.kind == graph::NodeKind::kCall) {
      ops.push_back(absl::StrCat(n.op->name(), n.meta[0].Annotation()));
    }
  }
  EXPECT_EQ(absl::StrJoin(ops, " "),
            "selectf32[3][1]cpu slicef32[2, 2][3, 1]cpu unsqueezef32[1, 2, 3][6, 3, 1]cpu "
            "selectf32[1, 2][6, 3]cpu tf32[3, 2][1, 3]cpu");
  EXPECT_EQ(std::string(r.return_value.children[4].value.as<vm::Str>()->view()), "rows=2");
}

TEST_F(FrontendTest, ExceptionsRaisedAndCaughtInsideTheTrace) {
  Run(R"(
import torch
def lookup(d, k):
    return d[k]
def f(x, d):
    try:
        y = lookup(d, "missing")
    except KeyError:
        y = x + 1
    try:
        raise ValueError("bad")
    except (TypeError, ValueError) as e:
        y = y * 2
    finally:
        y = y - 1
    return y
def g(x):
    raise ValueError("escapes")
x = torch.ones(3)
d = {"a": 1}
)");
  TraceResult r = TraceCall("f", {"x", "d"});
  ASSERT_EQ(r.stop.kind, Stop::Kind::kReturn) << r.stop.reason.gb_type << " "
                                              << r.stop.reason.context;
  EXPECT_EQ(r.graph.num_calls(), 3);
  TraceResult e = TraceCall("g", {"x"});
  ASSERT_EQ(e.stop.kind, Stop::Kind::kBreak);
  EXPECT_EQ(e.stop.reason.gb_type, "Observed exception");
  EXPECT_EQ(e.stop.reason.context,
            "raised exception ValueError(ConstantVariable(str: 'escapes'))");
}

TEST_F(FrontendTest, UserContextManagersAreInlined) {
  Run(R"(
import torch
class Scale:
    def __init__(self, k):
        self.k = k
    def __enter__(self):
        return self.k
    def __exit__(self, typ, val, tb):
        return False
s = Scale(3)
def f(x):
    with s as k:
        y = x * k
    return y, x.device
x = torch.ones(3)
)");
  TraceResult r = TraceCall("f", {"x"});
  ASSERT_EQ(r.stop.kind, Stop::Kind::kReturn) << r.stop.reason.gb_type << " "
                                              << r.stop.reason.context;
  EXPECT_EQ(r.graph.num_calls(), 1);
  EXPECT_EQ(r.return_value.children[1].kind, Rebuild::Kind::kConstant);
}

TEST_F(FrontendTest, ConstantAttributesAndTruthOfObjects) {
  Run(R"(
import torch
class Empty:
    def __len__(self):
        return 0
e = Empty()
def f(x):
    y = x
    if x.dtype.is_floating_point and x.shape == (3,) and x.shape[0:] == (3,) and [3] == list(x.shape) != (3,):
        y = y + 1
    if e:
        y = y * 100
    return y, "a-b".split("-")
x = torch.ones(3)
)");
  TraceResult r = TraceCall("f", {"x"});
  ASSERT_EQ(r.stop.kind, Stop::Kind::kReturn) << r.stop.reason.gb_type << " "
                                              << r.stop.reason.context;
  EXPECT_EQ(r.graph.num_calls(), 1);
  EXPECT_EQ(r.graph.nodes()[1].op->name(), "add");
}

// Class attributes read through an instance made in the trace, through the class, and
// through an existing instance are guarded where the frame reaches the class, so a later
// rebinding recompiles; a Python class the frame cannot name stops the trace.
TEST_F(FrontendTest, ClassAttributeReadsAreGuarded) {
  Run(R"(
import torch
class Base:
    tag = 2
class Cls(Base):
    scale = 3.0
    def __init__(self):
        self.k = 1
    def bump(self, x):
        return x + self.tag
obj = Cls()
def f(x):
    o = Cls()
    return o.bump(x) * o.scale + Cls.tag + obj.tag + o.k
def make():
    class Hidden:
        tag = 4
    def h(x):
        return x + Hidden().tag
    return h
h = make()
def g(x):
    return h(x)
x = torch.ones(3)
)");
  TraceResult r = TraceCall("f", {"x"});
  ASSERT_EQ(r.stop.kind, Stop::Kind::kReturn) << r.stop.reason.gb_type << " "
                                              << r.stop.reason.context;
  std::string guards = Guards(r);
  EXPECT_NE(guards.find("ID_MATCH G['Cls']\n"), std::string::npos) << guards;
  EXPECT_NE(guards.find("ID_MATCH G['Cls'].__init__"), std::string::npos) << guards;
  EXPECT_NE(guards.find("ID_MATCH G['Cls'].bump"), std::string::npos) << guards;
  EXPECT_NE(guards.find("EQUALS_MATCH G['Cls'].tag"), std::string::npos) << guards;
  EXPECT_NE(guards.find("EQUALS_MATCH G['Cls'].scale"), std::string::npos) << guards;
  // An existing instance: its attribute path resolves through the type (guards::Resolve).
  EXPECT_NE(guards.find("EQUALS_MATCH G['obj'].tag"), std::string::npos) << guards;

  // A class reached through a closure cell of a global function: guarded through the
  // function (functions are matched by code, their cells by their contents).
  TraceResult rg = TraceCall("g", {"x"});
  ASSERT_EQ(rg.stop.kind, Stop::Kind::kReturn) << rg.stop.reason.gb_type;
  std::string gguards = Guards(rg);
  EXPECT_NE(gguards.find("ID_MATCH G['h'].__code__\n"), std::string::npos) << gguards;
  EXPECT_NE(gguards.find("ID_MATCH G['h'].__closure__[0].cell_contents\n"), std::string::npos)
      << gguards;
}

// `nonlocal n; n += 1` on a free variable of the traced function is buffered as a
// kStoreCell on the frame's slot; an inner closure sharing the cell sees the write. A
// write to the closure of a function the trace calls still stops the trace.
TEST_F(FrontendTest, WritesToFreeVariablesAreBuffered) {
  Run(R"(
import torch
def make():
    n = 0
    def peek():
        return n
    def bump(x):
        nonlocal n
        n += 1
        return x + n + peek()
    return bump
bump = make()
def f(x):
    return bump(x)
x = torch.ones(2)
)");
  TraceResult r = TraceCall("bump", {"x"});
  ASSERT_EQ(r.stop.kind, Stop::Kind::kReturn) << r.stop.reason.gb_type << " "
                                              << r.stop.reason.context;
  ASSERT_EQ(r.side_effects.size(), 1u);
  const SideEffect& e = r.side_effects[0];
  EXPECT_EQ(e.kind, SideEffect::Kind::kStoreCell);
  ASSERT_EQ(e.target.kind, Rebuild::Kind::kSource);
  EXPECT_EQ(e.target.source->kind(), guards::Source::Kind::kCell);
  EXPECT_EQ(e.target.source->Name(), "L['n']");
  ASSERT_EQ(e.value.kind, Rebuild::Kind::kConstant);
  EXPECT_EQ(e.value.value.as_int(), 1);
  // x + 1 + 1: peek() read the written value.
  EXPECT_EQ(r.graph.num_calls(), 2);
  EXPECT_NE(Guards(r).find("EQUALS_MATCH L['n']"), std::string::npos) << Guards(r);

  TraceResult rf = TraceCall("f", {"x"});
  ASSERT_EQ(rf.stop.kind, Stop::Kind::kBreak);
  EXPECT_EQ(rf.stop.reason.gb_type, "Unsupported: write to a closure cell of an outer frame");
  EXPECT_TRUE(rf.side_effects.empty());
}

TEST_F(FrontendTest, LanguageConstructsTraceWithoutBreaks) {
  Run(R"(
import torch
def kwonly(x, *args, scale=1.0, **kw):
    return x * scale + len(args) + len(kw)
def f(x):
    n = 0
    def counter():
        nonlocal n
        n = n + 1
        return n
    counter()
    counter()
    sq = lambda t: t * t
    i = 0
    while i < 3:
        i += 1
    y = sq(x) if 0 < i <= 3 else x
    evens = [j for j in range(6) if j % 2 == 0]
    table = {k: k * 2 for k in evens}
    a, b = table[2], table.get(9, 7)
    del a
    y = kwonly(y, 1, 2, scale=2.0, extra=3)
    args = (y,)
    opts = {"scale": 0.5}
    y = kwonly(*args, **opts)
    return y, n, i, evens, b, " ".join(["a", "b"])
x = torch.ones(2)
)");
  TraceResult r = TraceCall("f", {"x"});
  ASSERT_EQ(r.stop.kind, Stop::Kind::kReturn) << r.stop.reason.gb_type << " "
                                              << r.stop.reason.context << " at line "
                                              << r.stop.reason.user_stack.back().line;
  const Rebuild& ret = r.return_value;
  EXPECT_EQ(ret.children[1].value.as_int(), 2);
  EXPECT_EQ(ret.children[2].value.as_int(), 3);
  EXPECT_EQ(ret.children[3].kind, Rebuild::Kind::kList);
  EXPECT_EQ(ret.children[3].children.size(), 3u);
  EXPECT_EQ(ret.children[4].value.as_int(), 7);
  EXPECT_EQ(r.graph.num_calls(), 7);  // sq: mul; each kwonly call: mul, add, add
}

TEST_F(FrontendTest, UnsupportedConstructsBreakCleanly) {
  Run(R"(
import torch
class P:
    def __init__(self, v):
        self.v = v
def gen(x):
    return sum(t for t in [x, x])
def construct(x):
    return P(x)
def use_object(x):
    p = P(x + 1)
    p.w = 2
    return p.v * p.w
def adv(x):
    return x[x > 0]
x = torch.ones(2)
)");
  {
    // A generator expression runs to exhaustion (upstream's generator inlining) and sum
    // adds its items in the graph: 0 + x, then + x.
    TraceResult g = TraceCall("gen", {"x"});
    EXPECT_EQ(g.stop.kind, Stop::Kind::kReturn);
    EXPECT_EQ(g.graph.num_calls(), 2);
  }
  {
    // A returned object made in the trace is rebuilt after the graph (object.__new__,
    // then the attributes its __init__ left), as upstream's side-effect replay does.
    TraceResult c = TraceCall("construct", {"x"});
    ASSERT_EQ(c.stop.kind, Stop::Kind::kReturn) << c.stop.reason.gb_type;
    EXPECT_EQ(c.return_value.kind, Rebuild::Kind::kNewObject);
    ASSERT_EQ(c.return_value.keys.size(), 1u);
    EXPECT_EQ(c.return_value.keys[0].as<vm::Str>()->view(), "v");
    EXPECT_EQ(c.return_value.children[0].kind, Rebuild::Kind::kSource);  // x itself
  }
  for (const char* fn : {"adv"}) {
    TraceResult r = TraceCall(fn, {"x"});
    EXPECT_EQ(r.stop.kind, Stop::Kind::kBreak) << fn;
    EXPECT_FALSE(r.stop.reason.gb_type.empty()) << fn;
    EXPECT_FALSE(r.stop.reason.user_stack.empty()) << fn;
  }
  TraceResult r = TraceCall("use_object", {"x"});
  ASSERT_EQ(r.stop.kind, Stop::Kind::kReturn) << r.stop.reason.gb_type;
  EXPECT_EQ(r.graph.num_calls(), 2);
  EXPECT_TRUE(r.side_effects.empty());
}

// A comprehension frame's `.0` argument is a live iterator of the caller: tracing must
// stop without stepping it (stepping would consume the user's values), not fail.
TEST_F(FrontendTest, ComprehensionFrameOverALiveIteratorBreaks) {
  Run(R"(
import torch
def f(xs):
    return [v * 2 for v in xs]
x = torch.ones(2)
it = iter([x, x])
)");
  vm::CodeObject* outer = Global("f").as<vm::Function>()->code_object();
  vm::CodeObject* comp = nullptr;
  for (const vm::Value& c : outer->consts) {
    if (c.is_object() && rt_.TypeOf(c) == rt_.types().code) comp = c.as<vm::CodeObject>();
  }
  ASSERT_NE(comp, nullptr);
  std::vector<vm::Value> locals(comp->varnames.size(), vm::Value::Raised());
  locals[0] = Global("it");
  vm::Frame frame;
  frame.code = comp;
  frame.globals = Global("f").as<vm::Function>()->globals.as<vm::Dict>();
  frame.builtins = interp_.builtins();
  frame.locals = locals.data();
  absl::StatusOr<TraceResult> r = Trace(interp_, frame, 0, {});
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_EQ(r->stop.kind, Stop::Kind::kBreak);
  EXPECT_EQ(r->stop.reason.gb_type, "Unsupported iteration");
  vm::Value args[] = {Global("it")};
  vm::Value rest = vm::Call(rt_, *interp_.builtins()->GetStr("list"), args);
  ASSERT_TRUE(rt_.IsList(rest));
  EXPECT_EQ(rest.as<vm::List>()->items.size(), 2u);  // the trace took nothing from it
}

// Guards cannot read a method object's __self__, so a bound method handed to the frame
// breaks instead of producing graph inputs nothing can resolve.
// A bound method passed in (or left on the stack by a graph break) is traced through
// its parts: guards reach them as m.__self__ / m.__func__, and a native tensor method
// becomes the method call LOAD_METHOD would have made.
TEST_F(FrontendTest, BoundMethodArgumentsAreTraced) {
  Run(R"(
import torch
def call(fn):
    return fn() + 1
x = torch.ones(2, 3)
m = x.sum
)");
  TraceResult r = TraceCall("call", {"m"});
  ASSERT_EQ(r.stop.kind, Stop::Kind::kReturn) << r.stop.reason.gb_type;
  EXPECT_EQ(r.graph.num_calls(), 2);
  ASSERT_EQ(r.graph_inputs.size(), 1u);
  EXPECT_EQ(r.graph_inputs[0]->Name(), "L['fn'].__self__");
  bool func_guarded = false;
  for (const guards::GuardSpec& g : r.guards) {
    if (g.source != nullptr && g.source->Name() == "L['fn'].__func__" &&
        g.kind == guards::GuardKind::kIdMatch) {
      func_guarded = true;
    }
  }
  EXPECT_TRUE(func_guarded);
}

// Zero-argument super() reads `self` and the `__class__` cell of the frame that calls
// it, inlined or top-level; super(type, obj) names both. Constructors traced inside the
// frame reach the base __init__ (or object.__init__) through it.

}  // namespace
}  // namespace wick::frontend
