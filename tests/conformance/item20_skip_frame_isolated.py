# env: TORCH_LOGS=graph_breaks
# Item 20: skip_frame() isolated in a nested closure. The inlined problematic_code raises
# the skip, which becomes a graph break at fn's call of it, with the bare reason
# `SKIPPED INLINING <code object ...>: Skip frame due to ...` (no Explanation/Hint).
# Graph 1 = inner1's x + 1 (inlined); problematic_code runs as its own, skipped, frame;
# the resume in fn gives graph 2 = inner2's x + 2.
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def inner1(x):
    return x + 1


def inner2(x):
    return x + 2


def fn(x):
    x = inner1(x)

    def problematic_code():
        torch._dynamo.skip_frame()

    problematic_code()
    x = inner2(x)
    return x


opt = torch.compile(fn, backend=cnt)
x = torch.ones(3)
print(opt(x))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
print("compiled == eager:", torch.equal(opt(x), fn(x)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
