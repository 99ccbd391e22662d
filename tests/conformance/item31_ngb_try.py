# Item 31 (reference section 10.2, TEST test_nested_graph_break_in_try_block and its
# interpretation paragraph): nested_graph_breaks=True, f5 -> f4 -> f3, whose try block
# calls f2 -> f1; f1 breaks. f3 cannot resume inside its try block: graph 1 = f5, f4
# and f3 up to the try block (x + 1 three times, 3 ops); the rest of f3 runs eagerly
# (its three x + 1 in and after the try are not compiled); f2, called from it, is compiled
# as its own frame and resumes nested: f2's and f1's x + 1 (2 ops), then f1's and f2's
# tail x + 1 (2 ops); f5's resume entry continues f4: f4's and f5's tail x + 1 (2 ops).
# "2 frames from f5+f4+(first part of f3), 2 frames from f2+f1": 4 graphs, 9 ops,
# counters["frames"]["total"] 4. The second call compiles nothing.
import torch
from torch._dynamo.testing import CompileCounter
from torch._dynamo.utils import counters

torch._dynamo.config.nested_graph_breaks = True


def f1(x):
    x = x + 1
    torch._dynamo.graph_break()
    return x + 1


def f2(x):
    x = x + 1
    x = f1(x)
    return x + 1


def f3(x):
    x = x + 1
    try:
        x = x + 1
        x = f2(x)
        x = x + 1
    finally:
        pass
    return x + 1


def f4(x):
    x = x + 1
    x = f3(x)
    return x + 1


def f5(x):
    x = x + 1
    x = f4(x)
    return x + 1


cnt = CompileCounter()
opt = torch.compile(f5, backend=cnt)
x = torch.zeros(3)
print(opt(x))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
print("frames total:", counters["frames"]["total"])
print("compiled == eager:", torch.equal(opt(x), f5(x)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
