# Reference section 11 (skipped functions), graph break under a user-defined context
# manager: wick cannot resume inside it and nothing was traced before the `with`, so fn
# is skipped. The doc: 0 graphs, the result is right, and one record: the graph_break()
# block wrapped in "Failed to handle graph break gracefully" plus the "Graph break under
# GenericContextWrappingVariable" block.
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
        return x + 1


print(fn(torch.ones(3)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
