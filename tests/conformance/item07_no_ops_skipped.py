# Item 7: a function with no tensor ops produces no graph (the frame is skipped).
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def f(x):
    pass


opt = torch.compile(f, backend=cnt)
print(opt(torch.ones(3)))
print(opt(torch.ones(3)))
print("graphs:", cnt.frame_count)
