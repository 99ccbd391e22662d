# env: TORCH_LOGS=graph_breaks
# Item 33 (doc example E2): error_on_graph_break(True) around the compiled fn, with a
# `with error_on_graph_break(False)` region holding the break: no error, the break is
# logged and resumed, 2 graphs.
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


x = torch.ones(3)
print(fn(x))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
