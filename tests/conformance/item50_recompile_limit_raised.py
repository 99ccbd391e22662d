# Item 50: item 49 with recompile_limit = 16 -> 9 graphs and no limit warning.
import torch
from torch._dynamo.testing import CompileCounter

torch._dynamo.config.recompile_limit = 16


def fn(x):
    return x + 1


cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt, dynamic=False)
for i in range(1, 10):
    y = opt(torch.ones(i))
print("graphs:", cnt.frame_count)
print("last result == eager:", torch.equal(y, fn(torch.ones(9))))
