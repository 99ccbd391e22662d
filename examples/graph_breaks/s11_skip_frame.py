# Reference section 11 (skipped functions), torch._dynamo.skip_frame(): fn is skipped and
# runs eagerly; the skip does not apply to the functions it calls, so inner1 and inner2
# are compiled when they are called. The doc: 2 graphs (x + 1, x + 2), none for fn; a skip
# is not a graph break, so graph_breaks logs nothing.
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def inner1(x):
    return x + 1


def inner2(x):
    return x + 2


@torch.compile(backend=cnt)
def fn(x):
    x = inner1(x)
    torch._dynamo.skip_frame()
    x = inner2(x)
    return x


print(fn(torch.ones(3)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
