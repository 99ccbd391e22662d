# env: TORCH_LOGS=graph_breaks
# Item 63: a record's user traceback starts at the caller of the compiled function
# (<module>, then run) and ends at the break line; the second break is traced in the
# resume function, which the traceback shows as fn at its current line.
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def fn(x):
    x = x + 1
    torch._dynamo.graph_break()  # first
    x = x + 2
    torch._dynamo.graph_break()  # second
    return x + 3


opt = torch.compile(fn, backend=cnt)


def run(x):
    return opt(x)


x = torch.ones(3)
print(run(x))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
