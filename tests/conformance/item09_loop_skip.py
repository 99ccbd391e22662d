# env: TORCH_LOGS=graph_breaks
# Item 9: a graph break inside a for loop cannot be resumed -> the frame is skipped (0
# graphs), the result equals eager (x + 5), and one record says so ([main] wording).
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def fn(x):
    for i in range(5):
        x = x + 1
        if i == 3:
            torch._dynamo.graph_break()
    return x


opt = torch.compile(fn, backend=cnt)
x = torch.ones(3)
print(opt(x))
print("graphs:", cnt.frame_count)
print("compiled == eager:", torch.equal(opt(x), fn(x)))
print("graphs:", cnt.frame_count)
