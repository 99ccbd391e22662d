# env: TORCH_LOGS=graph_breaks
# Item 22 (reference section 9, example B): disable(recursive=False) skips only outer2's
# own frame. The call breaks in g (`Skip inlining ...`), outer2's x + 2 runs eagerly, and
# inner2, called from it, is compiled as a new top frame whose break is logged and
# resumed. 2 graphs: inner2's resume (x + 1) and g's resume (x + 4); 2 breaks.
import torch
from torch._dynamo.testing import CompileCounter
from torch._dynamo.utils import counters

cnt = CompileCounter()


def inner2(x):
    torch._dynamo.graph_break()
    return x + 1


@torch.compiler.disable(recursive=False)
def outer2(x):
    x = x + 2
    return inner2(x)


def g(x):
    x = outer2(x)
    return x + 4


opt = torch.compile(g, backend=cnt)
x = torch.ones(3)
print(opt(x))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
print("graph breaks:", sum(counters["graph_break"].values()))
print("compiled == eager:", torch.equal(opt(x), g(x)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
