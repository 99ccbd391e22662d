# Reference section 9, Example B: torch.compiler.disable(recursive=False) skips only
# outer2's own frame; inner2, which it calls, is compiled as a new top-level frame. The
# doc: result tensor([8., 8., 8.]); 2 graph_breaks records: "Skip inlining
# `torch.compiler.disable()`d function" at g's call, then inner2's own
# `torch._dynamo.graph_break()`; 2 graphs: torch_dynamo_resume_in_inner2_at_<break>
# (x + 1) and torch_dynamo_resume_in_g_at_<call> (x + 4). outer2's x + 2 runs eagerly.
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def inner2(x):
    torch._dynamo.graph_break()
    return x + 1


@torch.compiler.disable(recursive=False)
def outer2(x):
    x = x + 2
    return inner2(x)


@torch.compile(backend=cnt)
def g(x):
    x = outer2(x)
    return x + 4


print(g(torch.ones(3)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
