# env: TORCH_LOGS=graph_breaks
# Item 12, nested-resumption variant (nested_graph_breaks=True, reference section 10.2):
# the loop unrolled into five calls of inner, which breaks when i == 3. fn and inner are
# both eligible, so the break is traced once and both frames resume: graph 1 = the three
# inlined adds of inner(x, 0..2) and inner(x, 3)'s own add (4 ops); graph_break() runs
# eagerly; graph 2 = the rest of inner(x, 3) (no ops) and inner(x, 4)'s add (1 op).
# 2 graphs, 5 ops, exactly one full record and no duplicate-suppressed record (INF).
import torch
from torch._dynamo.testing import CompileCounter

torch._dynamo.config.nested_graph_breaks = True
cnt = CompileCounter()


def inner(x, i):
    x = x + 1
    if i == 3:
        torch._dynamo.graph_break()
    return x


def fn(x):
    x = inner(x, 0)
    x = inner(x, 1)
    x = inner(x, 2)
    x = inner(x, 3)
    x = inner(x, 4)
    return x


opt = torch.compile(fn, backend=cnt)
x = torch.ones(3)
print(opt(x))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
print("compiled == eager:", torch.equal(opt(x), fn(x)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
