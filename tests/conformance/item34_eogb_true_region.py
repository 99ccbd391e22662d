# Item 34: in a default compiled fn, a break inside `with error_on_graph_break(True)`
# raises Unsupported (the plain graph_break text) instead of breaking; no graph.
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def fn(x):
    with torch._dynamo.error_on_graph_break(True):
        torch._dynamo.graph_break()
    return x + 1


opt = torch.compile(fn, backend=cnt)
try:
    opt(torch.ones(3))
    print("no error")
except torch._dynamo.exc.Unsupported as e:
    print(str(e), end="")
print("graphs:", cnt.frame_count)
