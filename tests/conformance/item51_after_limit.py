# Item 51: after the limit is hit, a call matching a cached entry uses it (no new graph)
# and a new shape runs eagerly without a new compile attempt or a second warning.
import torch
from torch._dynamo.testing import CompileCounter
from torch._dynamo.utils import counters

torch._dynamo.config.recompile_limit = 2


def fn(x):
    return x * 3


cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt, dynamic=False)
for i in range(1, 4):
    opt(torch.ones(i))
print("graphs:", cnt.frame_count)
attempts = counters["frames"]["total"]
print(opt(torch.ones(1)))
print(opt(torch.ones(5)))
print("graphs:", cnt.frame_count, "new attempts:", counters["frames"]["total"] - attempts)
