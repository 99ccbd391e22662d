# env: TORCH_LOGS=graph_breaks
# Item 23: disable(reason="test message") puts the reason in the explanation
# (`(reason: test message)`); without one it reads `(reason: None)`. f breaks at both
# calls: 3 graphs (x + 1, x + 2, x + 3).
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


@torch.compiler.disable(reason="test message")
def a(x):
    return x * 2


@torch.compiler.disable
def b(x):
    return x * 3


def f(x):
    x = x + 1
    x = a(x)
    x = x + 2
    x = b(x)
    return x + 3


opt = torch.compile(f, backend=cnt)
x = torch.ones(3)
print(opt(x))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
print("compiled == eager:", torch.equal(opt(x), f(x)))
