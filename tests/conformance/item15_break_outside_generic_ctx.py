# env: TORCH_LOGS=graph_breaks
# Item 15: the break moved between two user-defined `with` blocks -> a regular break:
# 2 graphs (x + 1 each), 1 record.
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


class CustomCtxManager:
    def __enter__(self):
        pass

    def __exit__(self, exc_type, exc_value, traceback):
        pass


def fn(x):
    with CustomCtxManager():
        x = x + 1
    torch._dynamo.graph_break()
    with CustomCtxManager():
        return x + 1


opt = torch.compile(fn, backend=cnt)
x = torch.ones(3)
print(opt(x))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
print("compiled == eager:", torch.equal(opt(x), fn(x)))
