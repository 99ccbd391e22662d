# Item 35 (test_error_on_graph_break_nonempty_checkpoint): three traced adds, then a
# break under `with error_on_graph_break(True)`: Unsupported is raised and no graph is
# compiled for the frame (no step-graph-break fallback while the flag is on).
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def fn(x):
    x = x + 1
    x = x + 1
    x = x + 1
    with torch._dynamo.error_on_graph_break(True):
        torch._dynamo.graph_break()
    return x + 1


opt = torch.compile(fn, backend=cnt)
try:
    opt(torch.ones(3))
    print("no error")
except torch._dynamo.exc.Unsupported as e:
    print("Unsupported:", str(e).splitlines()[0])
print("graphs:", cnt.frame_count)
