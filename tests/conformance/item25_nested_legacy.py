# env: TORCH_LOGS=graph_breaks
# Item 25 (legacy nested graph breaks, the default): f -> inner2 -> inner1, which breaks.
# The break moves to f's call of inner2; inner2 runs as its own frame and its break moves
# to its call of inner1; inner1 runs as its own frame and breaks there. Each of the six
# adds is its own graph (6 graphs, 6 ops); the same break is traced three times: one full
# record, then two duplicate-suppressed records.
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def inner1(x):
    x = x + 1
    torch._dynamo.graph_break()
    return x + 2


def inner2(x):
    x = x + 4
    x = inner1(x)
    x = x + 8
    return x


def f(x):
    x = x + 16
    x = inner2(x)
    x = x + 32
    return x


opt = torch.compile(f, backend=cnt)
x = torch.ones(3)
print(opt(x))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
print("compiled == eager:", torch.equal(opt(x), f(x)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
