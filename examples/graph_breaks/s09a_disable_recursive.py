# Reference section 9, Example A: calling a torch.compiler.disable'd function
# (recursive=True, the default) is a graph break at the call; nothing inside it is traced
# or compiled, not even inner1's own graph break. The doc: result tensor([8., 8., 8.]),
# exactly 1 graph_breaks record ("Skip calling `torch.compiler.disable()`d function") and
# 1 graph: f before the call is empty, torch_dynamo_resume_in_f_at_<call> is [add].
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def inner1(x):
    torch._dynamo.graph_break()  # not traced
    return x + 1  # not traced


@torch.compiler.disable
def outer1(x):
    x = x + 2  # not traced
    torch._dynamo.graph_break()  # not traced
    return inner1(x)


@torch.compile(backend=cnt)
def f(x):
    x = outer1(x)
    return x + 4  # traced


print(f(torch.ones(3)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
