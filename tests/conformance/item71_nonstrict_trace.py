# Item 71: a function wrapped with torch._dynamo.nonstrict_trace that calls graph_break()
# compiles under fullgraph=True without error, its tensor work in the one graph.
import torch
from torch._dynamo.testing import CompileCounter


@torch._dynamo.nonstrict_trace
def get_magic_num(x):
    torch._dynamo.graph_break()
    return x + 42


cnt = CompileCounter()


@torch.compile(backend=cnt, fullgraph=True)
def f(x):
    return get_magic_num(x) * 2


print(f(torch.ones(3)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
