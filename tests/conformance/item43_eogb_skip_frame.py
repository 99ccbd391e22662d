# Item 43 (test_error_on_graph_break f4): skip_frame() inside a
# `with error_on_graph_break(False)` region of an error_on_graph_break(True) compiled
# function skips the frame without error (a skip is not a graph break); inner_f4, then
# called from the eager frame with the flag False, breaks normally: 2 graphs (its two
# halves), result inp + 7.
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def inner_f4(x):
    x = x + 2
    torch._dynamo.graph_break()
    return x + 4


@torch._dynamo.error_on_graph_break(True)
@torch.compile(backend=cnt)
def f4(x):
    x = x + 1
    with torch._dynamo.error_on_graph_break(False):
        torch._dynamo.skip_frame()
        return inner_f4(x)


inp = torch.ones(3)
out = f4(inp)
print(out)
print("equals inp + 7:", torch.equal(out, inp + 7))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
