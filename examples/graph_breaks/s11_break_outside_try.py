# Reference section 11 (skipped functions), the workaround for the try block: move the
# graph break out of it. The doc: a regular graph break, 1 record, 2 graphs.
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    try:
        x = x + 1
    except Exception:
        pass
    torch._dynamo.graph_break()
    try:
        return x + 1
    except Exception:
        pass


print(fn(torch.ones(3)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
