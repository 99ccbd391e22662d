# Reference section 11 (skipped functions), graph break in a try block: it cannot be
# resumed, and nothing was traced before the `try`, so fn is skipped. The doc: 0 graphs,
# the result is right, and one record: the graph_break() block wrapped in "Failed to
# handle graph break gracefully" (no try-specific second block).
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    try:
        x = x + 1
        torch._dynamo.graph_break()
        return x + 1
    except Exception:
        pass


print(fn(torch.ones(3)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
