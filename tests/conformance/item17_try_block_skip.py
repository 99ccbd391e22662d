# env: TORCH_LOGS=graph_breaks
# Item 17: a break inside `try` with nothing traced before it -> fn is skipped (0 graphs),
# the result is right, and the record wraps the break in "Failed to handle graph break
# gracefully" ([main]).
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def fn(x):
    try:
        x = x + 1
        torch._dynamo.graph_break()
        return x + 1
    except Exception:
        pass


opt = torch.compile(fn, backend=cnt)
x = torch.ones(3)
print(opt(x))
print("graphs:", cnt.frame_count)
print("compiled == eager:", torch.equal(opt(x), fn(x)))
