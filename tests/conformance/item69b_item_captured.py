# Item 69 (second half): with capture_scalar_outputs=True, Tensor.item() does not break:
# one graph, the result equals eager, and the number leaves the graph as a Python float.
import torch
from torch._dynamo.testing import CompileCounter

torch._dynamo.config.capture_scalar_outputs = True
cnt = CompileCounter()


def fn(x):
    y = x.sum()
    return x + y.item(), y.item()


out, v = torch.compile(fn, backend=cnt)(torch.ones(3))
print(out, v, type(v).__name__)
print("graphs:", cnt.frame_count)
print("compiled == eager:", torch.equal(out, fn(torch.ones(3))[0]) and v == fn(torch.ones(3))[1])
