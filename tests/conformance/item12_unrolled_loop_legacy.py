# env: TORCH_LOGS=graph_breaks
# Item 12 (legacy nested graph breaks, the default): the loop unrolled into five calls of
# inner, which breaks when i == 3. The break moves to fn's call inner(x, 3): fn's graph
# has the three inlined adds; inner runs as its own frame (graph x + 1, an empty resume
# that compiles nothing); fn's resume inlines inner(x, 4) (graph x + 1) -> 3 graphs,
# 5 ops, one full record and one duplicate-suppressed record.
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def inner(x, i):
    x = x + 1
    if i == 3:
        torch._dynamo.graph_break()
    return x


def fn(x):
    x = inner(x, 0)
    x = inner(x, 1)
    x = inner(x, 2)
    x = inner(x, 3)
    x = inner(x, 4)
    return x


opt = torch.compile(fn, backend=cnt)
x = torch.ones(3)
print(opt(x))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
print("compiled == eager:", torch.equal(opt(x), fn(x)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
