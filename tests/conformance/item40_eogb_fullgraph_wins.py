# Item 40 (test_error_on_graph_break_fullgraph): fullgraph=True wins over
# error_on_graph_break: `with error_on_graph_break(False)` around a break inside a
# fullgraph=True function still raises Unsupported; no graph.
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


@torch.compile(backend=cnt, fullgraph=True)
def f(x):
    x = x + 1
    with torch._dynamo.error_on_graph_break(False):
        torch._dynamo.graph_break()
    return x + 2


try:
    f(torch.ones(3))
    print("no error")
except torch._dynamo.exc.Unsupported as e:
    print("Unsupported:", str(e).splitlines()[0])
print("graphs:", cnt.frame_count)
