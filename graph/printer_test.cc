// The FX-style printers against texts written from upstream's printers:
// torch/fx/graph.py CodeGen._gen_python_code (verbose for print_readable),
// torch/fx/graph_module.py _print_readable and Graph.print_tabular (tabulate "simple").
#include "graph/graph.h"
#include "graph/test_util.h"
#include "gtest/gtest.h"
#include "sym/expr.h"

namespace wick::graph {
namespace {

using ::wick::graph::testing::C;
using ::wick::graph::testing::Meta;
using ::wick::graph::testing::Op;
using ::wick::graph::testing::Origin;
using ::wick::graph::testing::R;
using ::wick::graph::testing::Spell;

// def fn(x):                                                  # /tmp/prog.py
//     a = torch.sin(x) + 1                                    # line 7
//     return (a.view(4, 3) * self.w).sum(dim=1)               # line 8 (spelled torch.sum)
Graph ExampleGraph() {
  GraphBuilder b("__compiled_fn_1");
  NodeId x = b.AddPlaceholder("L_x_", "L['x']", Meta({3, 4}));
  NodeOrigin l7 = Origin(7, "a = torch.sin(x) + 1");
  NodeOrigin l8 = Origin(8, "return (a.view(4, 3) * self.w).sum(dim=1)");
  NodeId sin = *b.AddCall(Op("sin"), {R(x)}, Spell(CallStyle::kFunction, "torch.sin", {R(x)}),
                          l7);
  NodeId add = *b.AddCall(Op("add.Tensor"), {R(sin), C(1), C(1)},
                          Spell(CallStyle::kOperator, "operator.add", {R(sin), C(1)}), l7);
  NodeId w = b.AddGetAttr("L__self___w", testing::Iota({3}), l8);
  NodeId view = *b.AddCall(Op("view"), {R(add), C(std::vector<int64_t>{4, 3})},
                           Spell(CallStyle::kMethod, "view", {R(add), C(4), C(3)}), l8);
  NodeId mul = *b.AddCall(Op("mul.Tensor"), {R(view), R(w)},
                          Spell(CallStyle::kOperator, "operator.mul", {R(view), R(w)}), l8);
  NodeId sum = *b.AddCall(Op("sum"), {R(mul), C(std::vector<int64_t>{1}), C(false), C()},
                          Spell(CallStyle::kFunction, "torch.sum", {R(mul)}, {{"dim", C(1)}}),
                          l8);
  b.SetOutput({{sum, -1}});
  return *std::move(b).Finish();
}

TEST(PrinterTest, PrintReadableMatchesFx) {
  EXPECT_EQ(PrintReadable(ExampleGraph()),
            "class GraphModule(torch.nn.Module):\n"
            "    def forward(self, L_x_: \"f32[3, 4][4, 1]cpu\"):\n"
            "        l_x_ = L_x_\n"
            "        \n"
            "        # File: /tmp/prog.py:7 in fn, code: a = torch.sin(x) + 1\n"
            "        sin: \"f32[3, 4][4, 1]cpu\" = torch.sin(l_x_);  l_x_ = None\n"
            "        add: \"f32[3, 4][4, 1]cpu\" = sin + 1;  sin = None\n"
            "        \n"
            "        # File: /tmp/prog.py:8 in fn, code: return (a.view(4, 3) * self.w).sum(dim=1)\n"
            "        l__self___w: \"f32[3][1]cpu\" = self.L__self___w\n"
            "        view: \"f32[4, 3][3, 1]cpu\" = add.view(4, 3);  add = None\n"
            "        mul: \"f32[4, 3][3, 1]cpu\" = view * l__self___w;  view = l__self___w = None\n"
            "        sum_1: \"f32[4][1]cpu\" = torch.sum(mul, dim = 1);  mul = None\n"
            "        return (sum_1,)\n"
            "        ");
}

TEST(PrinterTest, PythonCodeIsFxCodeProperty) {
  EXPECT_EQ(PythonCode(ExampleGraph()),
            "\n\n\ndef forward(self, L_x_ : torch.Tensor):\n"
            "    l_x_ = L_x_\n"
            "    sin = torch.sin(l_x_);  l_x_ = None\n"
            "    add = sin + 1;  sin = None\n"
            "    l__self___w = self.L__self___w\n"
            "    view = add.view(4, 3);  add = None\n"
            "    mul = view * l__self___w;  view = l__self___w = None\n"
            "    sum_1 = torch.sum(mul, dim = 1);  mul = None\n"
            "    return (sum_1,)\n"
            "    ");
}

TEST(PrinterTest, PrintTabular) {
  EXPECT_EQ(
      PrintTabular(ExampleGraph()),
      "opcode         name         target                                args                 kwargs\n"
      "-------------  -----------  ------------------------------------  -------------------  ----------\n"
      "placeholder    l_x_         L_x_                                  ()                   {}\n"
      "call_function  sin          <built-in method sin of type object>  (l_x_,)              {}\n"
      "call_function  add          <built-in function add>               (sin, 1)             {}\n"
      "get_attr       l__self___w  L__self___w                           ()                   {}\n"
      "call_method    view         view                                  (add, 4, 3)          {}\n"
      "call_function  mul          <built-in function mul>               (view, l__self___w)  {}\n"
      "call_function  sum_1        <built-in method sum of type object>  (mul,)               {'dim': 1}\n"
      "output         output       output                                ((sum_1,),)          {}");
}

TEST(PrinterTest, GraphSizes) {
  EXPECT_EQ(GraphSizes(ExampleGraph()),
            "TRACED GRAPH TENSOR SIZES\n"
            "===== __compiled_fn_1 =====\n"
            "l_x_: (3, 4)\n"
            "sin: (3, 4)\n"
            "add: (3, 4)\n"
            "l__self___w: (3,)\n"
            "view: (4, 3)\n"
            "mul: (4, 3)\n"
            "sum_1: (4,)\n");
}

// Unused results are cleared right after they are made, list results carry no
// annotation, a missing origin prints FX's placeholder comment, in-place operators
// print as augmented assignments.
TEST(PrinterTest, UnusedListResultAndInplaceOperator) {
  GraphBuilder b("g");
  NodeId x = b.AddPlaceholder("L_x_", "L['x']", Meta({2, 3}));
  NodeId mx = *b.AddCall(Op("max.dim"), {R(x), C(1), C(false)},
                         Spell(CallStyle::kFunction, "torch.max", {R(x), C(1)}), {});
  NodeId neg = *b.AddCall(Op("neg"), {R(x)}, Spell(CallStyle::kOperator, "operator.neg", {R(x)}),
                          {});
  NodeId iadd = *b.AddCall(Op("add_.Tensor"), {R(neg), C(2.5), C(1)},
                           Spell(CallStyle::kOperator, "operator.iadd", {R(neg), C(2.5)}), {});
  (void)mx;
  b.SetOutput({{iadd, -1}});
  EXPECT_EQ(PrintReadable(*std::move(b).Finish()),
            "class GraphModule(torch.nn.Module):\n"
            "    def forward(self, L_x_: \"f32[2, 3][3, 1]cpu\"):\n"
            "        l_x_ = L_x_\n"
            "        \n"
            "        # No stacktrace found for following nodes\n"
            "        max_1 = torch.max(l_x_, 1);  max_1 = None\n"
            "        neg: \"f32[2, 3][3, 1]cpu\" = -l_x_;  l_x_ = None\n"
            "        neg += 2.5;  iadd: \"f32[2, 3][3, 1]cpu\" = neg;  neg = None\n"
            "        return (iadd,)\n"
            "        ");
}

// Spelling-only literals print verbatim: FX's repr of `x[:, 0]`'s index tuple.
TEST(PrinterTest, LiteralIndexAndRoundTrip) {
  GraphBuilder b("g");
  NodeId x = b.AddPlaceholder("L_x_", "L['x']", Meta({2, 3}));
  NodeId sel = *b.AddCall(
      Op("select.int"), {R(x), C(1), C(0)},
      Spell(CallStyle::kOperator, "operator.getitem",
            {R(x), Arg::Literal("(slice(None, None, None), 0)")}),
      Origin(2, "return x[:, 0]"));
  b.SetOutput({{sel, -1}});
  Graph g = *std::move(b).Finish();
  EXPECT_EQ(PythonCode(g),
            "\n\n\ndef forward(self, L_x_ : torch.Tensor):\n"
            "    l_x_ = L_x_\n"
            "    getitem = l_x_[(slice(None, None, None), 0)];  l_x_ = None\n"
            "    return (getitem,)\n"
            "    ");
  const std::string dump = Dump(g);
  EXPECT_NE(dump.find("~ op operator.getitem(%l_x_, py\"(slice(None, None, None), 0)\")"),
            std::string::npos)
      << dump;
  absl::StatusOr<Graph> back = Parse(dump);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(Dump(*back), dump);
  // Never a bound argument.
  g.mutable_nodes()[1].args[1] = Arg::Literal("1");
  EXPECT_EQ(Verify(g).message(),
            "graph verifier: node %1 (getitem): spelling-only literal as argument 'dim'");
}



// Dynamic shapes: size symbols are inputs of their own before their tensor, a symbolic
// int input prints as Sym(sN), symbolic sizes and arguments print as expressions.
//
// def fn(x, n):                                               # /tmp/prog.py
//     return x.view(x.size(0), -1) * n + 2 * x.size(0)        # line 2
// with `n` passed as a 0-dim int64 tensor input (symbol s1) and bound by reference;
// `int_arg` spells n's uses as the symbol instead (Arg::Sym(s1)), as the tracer does.
Graph SymbolicGraph(bool int_arg = false) {
  const sym::ExprPtr s0 = sym::Symbol(0, "s0"), s1 = sym::Symbol(1, "s1");
  GraphBuilder b("__compiled_fn_1");
  NodeId x = b.AddPlaceholder("L_x_", "L['x']", Meta({4, 3}));
  NodeId n = b.AddPlaceholder("L_n_", "L['n']", Meta({}, tensor::DType::kInt64));
  b.AddSymbol({"s0", 4, x, 0});
  b.AddSymbol({"s1", 2, n, -1});
  b.SetSymSizes(x, -1, {s0, sym::Int(3)});
  NodeOrigin l2 = Origin(2, "return x.view(x.size(0), -1) * n + 2 * x.size(0)");
  NodeId view = *b.AddCall(Op("view"), {R(x), Arg::SymList({s0, sym::Int(-1)})},
                           Spell(CallStyle::kMethod, "view", {R(x), Arg::Sym(s0), C(-1)}), l2);
  b.SetSymSizes(view, -1, {s0, sym::Int(3)});
  const Arg n_arg = int_arg ? Arg::Sym(s1) : R(n);
  NodeId mul = *b.AddCall(Op("mul.Tensor"), {R(view), n_arg},
                          Spell(CallStyle::kOperator, "operator.mul", {R(view), n_arg}), l2);
  b.SetSymSizes(mul, -1, {s0, sym::Int(3)});
  const sym::ExprPtr two_s0 = sym::Mul(sym::Int(2), s0);
  NodeId add = *b.AddCall(Op("add.Tensor"), {R(mul), Arg::Sym(two_s0), C(1)},
                          Spell(CallStyle::kOperator, "operator.add", {R(mul), Arg::Sym(two_s0)}),
                          l2);
  b.SetSymSizes(add, -1, {s0, sym::Int(3)});
  b.SetOutput({{add, -1}});
  return *std::move(b).Finish();
}

TEST(PrinterTest, SymbolicPrintReadable) {
  EXPECT_EQ(PrintReadable(SymbolicGraph()),
            "class GraphModule(torch.nn.Module):\n"
            "    def forward(self, s0: \"Sym(s0)\", L_x_: \"f32[s0, 3][3, 1]cpu\", "
            "L_n_: \"Sym(s1)\"):\n"
            "        l_x_ = L_x_\n"
            "        l_n_ = L_n_\n"
            "        \n"
            "        # File: /tmp/prog.py:2 in fn, code: return x.view(x.size(0), -1) * n + 2 * "
            "x.size(0)\n"
            "        view: \"f32[s0, 3][3, 1]cpu\" = l_x_.view(s0, -1);  l_x_ = None\n"
            "        mul: \"f32[s0, 3][3, 1]cpu\" = view * l_n_;  view = l_n_ = None\n"
            "        add: \"f32[s0, 3][3, 1]cpu\" = mul + 2*s0;  mul = None\n"
            "        return (add,)\n"
            "        ");
}

TEST(PrinterTest, SymbolicPythonCodeAndTabular) {
  Graph g = SymbolicGraph();
  EXPECT_EQ(PythonCode(g),
            "\n\n\ndef forward(self, s0 : torch.SymInt, L_x_ : torch.Tensor, "
            "L_n_ : torch.SymInt):\n"
            "    l_x_ = L_x_\n"
            "    l_n_ = L_n_\n"
            "    view = l_x_.view(s0, -1);  l_x_ = None\n"
            "    mul = view * l_n_;  view = l_n_ = None\n"
            "    add = mul + 2*s0;  mul = None\n"
            "    return (add,)\n"
            "    ");
  const std::string tabular = PrintTabular(g);
  EXPECT_NE(tabular.find("call_method    view    view                     (l_x_, s0, -1)"),
            std::string::npos)
      << tabular;
  EXPECT_NE(tabular.find("(mul, 2*s0)"), std::string::npos) << tabular;
}

// A symbolic Python-int input (SymbolInfo.dim == -1) is a parameter named L_n_ (bound to
// l_n_): Arg::Sym arguments over its symbol print that variable, as upstream refers to
// the placeholder (`view * l_n_`), not the symbol's name. Size symbols are parameters.
TEST(PrinterTest, SymbolicIntArgumentNamesABoundVariable) {
  const std::string code = PythonCode(SymbolicGraph(/*int_arg=*/true));
  EXPECT_EQ(code.find("view * s1"), std::string::npos) << code;
  EXPECT_NE(code.find("view * l_n_"), std::string::npos) << code;
  EXPECT_NE(PrintReadable(SymbolicGraph(true)).find("view * l_n_"), std::string::npos);
}

// Upstream's OutputGraph.get_graph_sizes prints tuple(size) of the FakeTensor, which
// shows the symbols, then a "(concrete)" line with the hints; a symbolic int input is a
// SymInt, not a FakeTensor, and is not listed.
TEST(PrinterTest, SymbolicGraphSizes) {
  const std::string sizes = GraphSizes(SymbolicGraph());
  EXPECT_EQ(sizes,
            "TRACED GRAPH TENSOR SIZES\n"
            "===== __compiled_fn_1 =====\n"
            "l_x_: (s0, 3)\n"
            "l_x_ (concrete): (4, 3)\n"
            "view: (s0, 3)\n"
            "view (concrete): (4, 3)\n"
            "mul: (s0, 3)\n"
            "mul (concrete): (4, 3)\n"
            "add: (s0, 3)\n"
            "add (concrete): (4, 3)\n");
}

}  // namespace
}  // namespace wick::graph
