# env: TORCH_LOGS=graph_breaks
# Item 75: step_unsupported() forces a step graph break: the graph up to the last
# resumable point (x + 1, x + 2: 1 graph, 2 ops) is compiled, the rest of the frame
# (x + 4) runs eagerly; one record `Encountered graph break that we cannot resume
# from. ...` wrapping `Call to `torch._dynamo.step_unsupported()``.
import torch
from torch._dynamo.testing import CompileCounter
from torch._dynamo.utils import counters

cnt = CompileCounter()


def fn(x):
    x = x + 1
    x = x + 2
    torch._dynamo.step_unsupported()
    return x + 4


opt = torch.compile(fn, backend=cnt)
x = torch.ones(3)
print(opt(x))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
print("graph breaks:", sum(counters["graph_break"].values()))
print("compiled == eager:", torch.equal(opt(x), fn(x)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
