# env: TORCH_LOGS=graph_breaks
# Item 68 (wick's form: a native function without a tracing rule, time.perf_counter, in
# place of the reference's torch.save): the call is a graph break `Attempted to call
# function marked as skipped` (gb0007, C-function form of the explanation), the call
# runs eagerly between the 2 graphs. Under fullgraph=True the same text is raised.
import time

import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def fn(x):
    x = x + 1
    t = time.perf_counter()
    return x * 2


x = torch.ones(3)
print(torch.compile(fn, backend=cnt)(x))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)

torch._dynamo.reset()  # else the cached entries of fn (same backend) would run
try:
    torch.compile(fn, backend=cnt, fullgraph=True)(x)
    print("no error")
except torch._dynamo.exc.Unsupported as e:
    print("\n".join(str(e).splitlines()[:2]))
