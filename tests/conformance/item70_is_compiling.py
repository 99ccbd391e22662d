# Item 70: `if not torch.compiler.is_compiling(): side_effect()` inside a fullgraph=True
# function compiles, and the side effect does not run while compiled.
import torch
from torch._dynamo.testing import CompileCounter

calls = []


def side_effect():
    calls.append(1)


def f(x):
    if not torch.compiler.is_compiling():
        side_effect()
    return x + 1


cnt = CompileCounter()
opt = torch.compile(f, backend=cnt, fullgraph=True)
print(opt(torch.ones(2)))
print("side effects:", len(calls), "graphs:", cnt.frame_count)
f(torch.ones(2))
print("side effects after eager call:", len(calls), torch.compiler.is_compiling())
