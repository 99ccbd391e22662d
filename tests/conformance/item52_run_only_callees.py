# Item 52: once fn hits the recompile limit, functions it calls are not compiled either
# (run-only: cached entries only).
import torch
from torch._dynamo.testing import CompileCounter

torch._dynamo.config.recompile_limit = 2


def g(x):
    return x * 2


def fn(x):
    return g(x) + 1


cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt, dynamic=False)
opt(torch.ones(1))
opt(torch.ones(2))
print("graphs:", cnt.frame_count)
print(opt(torch.ones(3)))
print("graphs:", cnt.frame_count)
