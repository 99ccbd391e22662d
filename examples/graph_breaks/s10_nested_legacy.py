# Reference section 10.1, the worked example of legacy nested graph breaks (the default,
# nested_graph_breaks=False): the break in inner1 moves to f's call of inner2; inner2 runs
# as its own top-level frame and its break moves to its call of inner1; inner1 runs as
# its own frame and breaks there. The same break is traced 3 times (1 full record, 2
# duplicate-suppressed ones) and each of the 6 additions is its own graph: 6 graphs.
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def inner1(x):
    x = x + 1
    torch._dynamo.graph_break()
    return x + 2


def inner2(x):
    x = x + 4
    x = inner1(x)
    x = x + 8
    return x


@torch.compile(backend=cnt)
def f(x):
    x = x + 16
    x = inner2(x)
    x = x + 32
    return x


print(f(torch.ones(3)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
