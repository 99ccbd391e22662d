# env: TORCH_LOGS=graph_breaks,recompiles
# Reference section 14 (recompilation), "graph break to reduce recompiles": an int
# argument is guarded on its value, so fn recompiles for every new c (3 "Recompiling
# function fn" messages for c = 1..4, 4 graphs). In gn a graph_break() after
# very_large_function puts the c-dependent part in the resume function: gn's first
# segment compiles once and only torch_dynamo_resume_in_gn_at_<break> recompiles
# (3 messages; 1 + 4 graphs).
import torch
from torch._dynamo.testing import CompileCounter


def very_large_function(x):
    return x + 1


cnt_fn = CompileCounter()
cnt_gn = CompileCounter()


@torch.compile(backend=cnt_fn, dynamic=False)
def fn(x, c):
    y = very_large_function(x)  # recompiled every time
    return y + c


for i in range(1, 5):
    print(fn(torch.ones(3), i))
print("fn graphs:", cnt_fn.frame_count, "ops:", cnt_fn.op_count)


@torch.compile(backend=cnt_gn, dynamic=False)
def gn(x, c):
    y = very_large_function(x)  # compiled only once
    torch._dynamo.graph_break()
    return y + c  # recompiled every time


for i in range(1, 5):
    print(gn(torch.ones(3), i))
print("gn graphs:", cnt_gn.frame_count, "ops:", cnt_gn.op_count)
