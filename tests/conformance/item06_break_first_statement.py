# env: TORCH_LOGS=graph_breaks
# Item 6: a break as the first statement -> the empty prefix produces no graph; only the
# resume function's x + 1 is compiled (1 graph).
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def f(x):
    torch._dynamo.graph_break()
    return x + 1


opt = torch.compile(f, backend=cnt)
x = torch.ones(3)
print(opt(x))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
print("compiled == eager:", torch.equal(opt(x), f(x)))
