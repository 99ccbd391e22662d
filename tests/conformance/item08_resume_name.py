# env: TORCH_LOGS=recompiles
# Item 8: a break at line L of fn continues in torch_dynamo_resume_in_fn_at_L, a frame of
# its own: it has its own frame id and cache, so a new shape recompiles fn and the resume
# function, each with its own message naming it (first line = the break line L).
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def fn(x):
    x = x * 2
    torch._dynamo.graph_break()
    return x + 1


opt = torch.compile(fn, backend=cnt, dynamic=False)
print(opt(torch.ones(3)))
print(opt(torch.ones(4)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
