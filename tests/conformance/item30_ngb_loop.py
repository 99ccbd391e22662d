# Item 30 (reference section 10.2, TEST test_nested_graph_break_in_loop and its
# interpretation paragraph): nested_graph_breaks=True, f5 -> f4 -> f3, whose for loop
# calls f2 -> f1; f1 breaks when i == 5. f3 is not eligible (the break is inside its
# loop), so the break moves out to f4's call of f3: graph 1 = f5's and f4's x + 1
# (2 ops); f3 runs as its own frame and is skipped (graph break in a loop: 0 graphs); its
# eager loop calls f2, compiled as its own frame; f5's resume entry continues f4:
# the last graph = f4's and f5's tail x + 1 (2 ops).
# The TEST compiles with dynamic=True so that f2's int argument i is dynamic: one f2
# graph serves every i != 5 (4 ops) and i == 5 gives 2 graphs (4 ops): 5 graphs, 12 ops,
# counters["frames"]["total"] 6. Dynamic shapes are not in wick yet (milestone M5), so
# this program compiles with dynamic=False, where the same rules specialise i: f2 is
# compiled once per value of i. i != 5: 7 graphs of 4 ops; i == 5: the prefix (f2's and
# f1's x + 1, 2 ops) and the resume entry of f2 continuing f1 (f1's and f2's tail x + 1,
# 2 ops). f2's code gets 8 cache entries, exactly the default recompile_limit (8), so no
# limit is hit. Total: 1 + 7 + 2 + 1 = 11 graphs, 2 + 28 + 4 + 2 = 36 ops; frames total
# = f5, f3, f2 x 8, f2's resume, f5's resume = 12. The second call compiles nothing.
import torch
from torch._dynamo.testing import CompileCounter
from torch._dynamo.utils import counters

torch._dynamo.config.nested_graph_breaks = True


def f1(x, i):
    x = x + 1
    if i == 5:
        torch._dynamo.graph_break()
    return x + 1


def f2(x, i):
    x = x + 1
    x = f1(x, i)
    return x + 1


def f3(x):
    for i in range(8):
        x = f2(x, i)
    return x


def f4(x):
    x = x + 1
    x = f3(x)
    return x + 1


def f5(x):
    x = x + 1
    x = f4(x)
    return x + 1


cnt = CompileCounter()
opt = torch.compile(f5, backend=cnt, dynamic=False)
x = torch.zeros(3)
print(opt(x))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
print("frames total:", counters["frames"]["total"])
print("compiled == eager:", torch.equal(opt(x), f5(x)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
