# env: TORCH_LOGS=graph_breaks
# Item 11: a data-dependent `if` inside a for loop -> the frame is skipped (0 graphs) and
# one record carries "Data-dependent branching", then "graph break in loop".
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def gn(x):
    for i in range(2):
        if x.sum() > 0:
            x = x + 1
        else:
            x = x + 2
    return x + 4


opt = torch.compile(gn, backend=cnt)
x = torch.ones(3)
print(opt(x))
print("graphs:", cnt.frame_count)
print("compiled == eager:", torch.equal(opt(-x), gn(-x)))
