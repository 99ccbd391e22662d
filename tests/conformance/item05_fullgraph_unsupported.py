# Item 5: a graph_break() under fullgraph=True raises Unsupported with upstream's text;
# no graph runs.
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def f(x):
    y = x * 2
    torch._dynamo.graph_break()
    return y + 1


opt = torch.compile(f, backend=cnt, fullgraph=True)
try:
    opt(torch.ones(3))
    print("no error")
except torch._dynamo.exc.Unsupported as e:
    print(str(e), end="")
print("graphs:", cnt.frame_count)
