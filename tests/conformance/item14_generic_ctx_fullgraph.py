# Item 14: the same break under a user-defined context manager with fullgraph=True ->
# the error raised is the original graph_break() message, not the context-manager one.
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


class CustomCtxManager:
    def __enter__(self):
        pass

    def __exit__(self, exc_type, exc_value, traceback):
        pass


def fn(x):
    with CustomCtxManager():
        x = x + 1
        torch._dynamo.graph_break()
        return x + 1


opt = torch.compile(fn, backend=cnt, fullgraph=True)
try:
    opt(torch.ones(3))
    print("no error")
except torch._dynamo.exc.Unsupported as e:
    print(str(e), end="")
print("graphs:", cnt.frame_count)
