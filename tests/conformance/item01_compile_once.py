# env: TORCH_LOGS=graph_breaks,recompiles
# Item 1: f(x) = x + 1 called twice with same-shaped input -> 1 graph, no graph-break
# and no recompile logs.
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def f(x):
    return x + 1


opt = torch.compile(f, backend=cnt)
x = torch.ones(3)
print(opt(x))
print(opt(x))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
print("compiled == eager:", torch.equal(opt(x), f(x)))
