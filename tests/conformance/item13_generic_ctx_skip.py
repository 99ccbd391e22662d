# env: TORCH_LOGS=graph_breaks
# Item 13: a break under a user-defined context manager, with nothing traced before the
# `with` -> no resumable point: fn is skipped (0 graphs), the result is right, and one
# record wraps the break in "Failed to handle graph break gracefully" plus the
# "Graph break under GenericContextWrappingVariable" block ([main]).
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
        return x + 1


opt = torch.compile(fn, backend=cnt)
x = torch.ones(3)
print(opt(x))
print("graphs:", cnt.frame_count)
print("compiled == eager:", torch.equal(opt(x), fn(x)))
