# env: TORCH_LOGS=graph_breaks,recompiles
# Item 4: item 2 called a second time -> no new graph and no new log record: the entry of
# f and the entry of its resume function are both cache hits.
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def f(x):
    y = x * 2
    torch._dynamo.graph_break()
    return y + 1


opt = torch.compile(f, backend=cnt)
x = torch.ones(3)
print(opt(x))
print("after call 1: graphs:", cnt.frame_count, "ops:", cnt.op_count)
print(opt(x))
print("after call 2: graphs:", cnt.frame_count, "ops:", cnt.op_count)
print(opt(torch.zeros(3)))
print("after call 3: graphs:", cnt.frame_count, "ops:", cnt.op_count)
