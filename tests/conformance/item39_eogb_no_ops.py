# Item 39 (test_error_on_graph_break_empty_graph): error_on_graph_break(True) on a
# compiled function that traces no ops: the frame is skipped without error, returns 1.
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


@torch._dynamo.error_on_graph_break(True)
@torch.compile(backend=cnt)
def fn(x):
    return 1


print(fn(torch.ones(3)))
print("graphs:", cnt.frame_count)
