# Reference section 11 (skipped functions), the workaround for the custom context
# manager: move the graph break outside the `with` block. The doc: a regular graph
# break, 1 record, 2 graphs (x + 1 each).
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


class CustomCtxManager:
    def __enter__(self):
        pass

    def __exit__(self, exc_type, exc_value, traceback):
        pass


@torch.compile(backend=cnt)
def fn(x):
    with CustomCtxManager():
        x = x + 1
    torch._dynamo.graph_break()
    with CustomCtxManager():
        return x + 1


print(fn(torch.ones(3)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
