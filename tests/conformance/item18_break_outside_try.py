# env: TORCH_LOGS=graph_breaks
# Item 18: the break moved between two `try` blocks -> a regular break: 2 graphs, 1 record.
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def fn(x):
    try:
        x = x + 1
    except Exception:
        pass
    torch._dynamo.graph_break()
    try:
        return x + 1
    except Exception:
        pass


opt = torch.compile(fn, backend=cnt)
x = torch.ones(3)
print(opt(x))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
print("compiled == eager:", torch.equal(opt(x), fn(x)))
