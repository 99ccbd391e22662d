# Reference section 12 (toggling error_on_graph_break), example E6: inner2 turns the
# setting on around its call of inner, inner turns it off around its graph break; the
# innermost region wins, so the break is allowed. The doc: no error. Legacy nested graph
# breaks (the default): 2 graphs (x + 1, x + 2), 1 full record and 2 duplicate-suppressed
# ones.
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def inner(x):
    x = x + 1
    with torch._dynamo.error_on_graph_break(False):
        torch._dynamo.graph_break()
    return x + 2


def inner2(x):
    with torch._dynamo.error_on_graph_break(True):
        return inner(x)


@torch.compile(backend=cnt)
def fn(x):
    return inner2(x)


print(fn(torch.ones(3)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
