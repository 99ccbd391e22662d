# Item 28 (reference section 10.1 point 7, TEST test_disable_nested_graph_breaks and its
# context-manager variant): nested_graph_breaks=True, chain f5 -> f4 -> f3 -> f2 -> f1
# (f1 breaks) with f3 under torch._dynamo.disable_nested_graph_breaks. f3 is not
# eligible, so the break moves out to f4's call of f3: graph 1 = x + 256, x + 64. From
# f3 down the legacy rules apply: f3, f2 and f1 each run as their own frame and each
# compiles a graph before and a graph after the call below it (6 graphs, 1 op each);
# f5's resume entry continues f4: graph 8 = x + 128, x + 512. "2 frames from each of
# f5+f4, f3, f2, f1": 8 graphs, 10 ops.
# Context-manager form: f3 compiled, `with disable_nested_graph_breaks(): x = f2(x + 16)
# + 32`, then x + 64. The break moves to f3's call of f2 (graph x + 16); f2 and f1 run as
# their own frames under the legacy rules (4 graphs); f3's resume = x + 32, x + 64.
# 6 graphs (TEST), 7 ops (INF).
import torch
from torch._dynamo.testing import CompileCounter

torch._dynamo.config.nested_graph_breaks = True


def f1(x):
    x = x + 1
    torch._dynamo.graph_break()
    return x + 2


def f2(x):
    return f1(x + 4) + 8


@torch._dynamo.disable_nested_graph_breaks
def f3(x):
    return f2(x + 16) + 32


def f4(x):
    return f3(x + 64) + 128


def f5(x):
    return f4(x + 256) + 512


cnt = CompileCounter()
opt = torch.compile(f5, backend=cnt)
x = torch.zeros(3)
print(opt(x))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
print("compiled == eager:", torch.equal(opt(x), f5(x)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)


def g3(x):
    with torch._dynamo.disable_nested_graph_breaks():
        x = f2(x + 16) + 32
    return x + 64


torch._dynamo.reset()
cnt = CompileCounter()
opt = torch.compile(g3, backend=cnt)
print(opt(x))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
print("compiled == eager:", torch.equal(opt(x), g3(x)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
