# env: TORCH_LOGS=graph_breaks
# Item 21 (reference section 9, example A): calling a torch.compiler.disable'd function
# breaks at the call; nothing inside it is traced or logged (neither its own break nor
# inner1's). f's prefix is empty (no graph); its resume gives 1 graph (x + 4). Exactly
# one break, `Skip calling `torch.compiler.disable()`d function`.
import torch
from torch._dynamo.testing import CompileCounter
from torch._dynamo.utils import counters

cnt = CompileCounter()


def inner1(x):
    torch._dynamo.graph_break()  # not traced
    return x + 1  # not traced


@torch.compiler.disable
def outer1(x):
    x = x + 2  # not traced
    torch._dynamo.graph_break()  # not traced
    return inner1(x)


def f(x):
    x = outer1(x)
    return x + 4  # traced


opt = torch.compile(f, backend=cnt)
x = torch.ones(3)
print(opt(x))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
print("graph breaks:", sum(counters["graph_break"].values()))
print("compiled == eager:", torch.equal(opt(x), f(x)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
