# env: TORCH_LOGS=+dynamo
# Item 19: skip_frame() in fn skips fn's own frame (no graph for fn, no graph-break
# record); inner1 and inner2, called from the eager fn, are compiled as their own
# frames: 2 graphs. The debug log gives the skip reason.
import torch
from torch._dynamo.testing import CompileCounter
from torch._dynamo.utils import counters

cnt = CompileCounter()


def inner1(x):
    return x + 1


def inner2(x):
    return x + 2


def fn(x):
    x = inner1(x)
    torch._dynamo.skip_frame()
    x = inner2(x)
    return x


opt = torch.compile(fn, backend=cnt)
x = torch.ones(3)
print(opt(x))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
print("graph breaks:", sum(counters["graph_break"].values()))
print("compiled == eager:", torch.equal(opt(x), fn(x)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
