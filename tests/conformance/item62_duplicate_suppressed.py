# env: TORCH_LOGS=graph_breaks
# Item 62 (legacy key: the break's file and line): the break in inner is traced once from
# fn (full record) and once when inner runs as its own frame (duplicate record: the
# "user stack suppressed" header, the reason, no traceback). 4 graphs.
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def inner(x):
    x = x + 1
    torch._dynamo.graph_break()
    return x + 2


def fn(x):
    x = x * 3
    x = inner(x)
    return x * 5


opt = torch.compile(fn, backend=cnt)
x = torch.ones(3)
print(opt(x))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
print("compiled == eager:", torch.equal(opt(x), fn(x)))
