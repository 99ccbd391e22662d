# Item 10: skipping fn (break in its loop) does not skip what it calls: g runs from the
# eager fn as a new top-level frame and is compiled (1 graph, reused by every iteration).
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def g(x):
    return x * 2


def fn(x):
    for i in range(3):
        x = g(x)
        if i == 1:
            torch._dynamo.graph_break()
    return x + 1


opt = torch.compile(fn, backend=cnt)
x = torch.ones(3)
print(opt(x))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
print("compiled == eager:", torch.equal(opt(x), fn(x)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
