# Reference section 12 (toggling error_on_graph_break), example E2: the compiled function
# runs under error_on_graph_break(True), but the graph break sits in an
# error_on_graph_break(False) region, so it is allowed. The doc: no error, 1 graph break
# record, 2 graphs (x + 1, then x + 2).
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


@torch._dynamo.error_on_graph_break(True)
@torch.compile(backend=cnt)
def fn(x):
    x = x + 1
    with torch._dynamo.error_on_graph_break(False):
        torch._dynamo.graph_break()
    return x + 2


print(fn(torch.ones(3)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
