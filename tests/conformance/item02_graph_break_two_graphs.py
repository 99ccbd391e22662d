# env: TORCH_LOGS=graph_breaks
# Item 2: y = x * 2; graph_break(); return y + 1 -> 2 graphs (one per side of the break)
# and one graph_breaks record at the graph_break() line, with the user traceback.
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
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
print("compiled == eager:", torch.equal(opt(x), f(x)))
