# env: TORCH_LOGS=graph_breaks
# Item 26 (reference section 10.2, the documentation's example): item 25's chain
# f -> inner2 -> inner1 with nested_graph_breaks=True. Every frame of the chain is
# eligible, so the break is traced once: graph 1 = x + 16, x + 4, x + 1 (3 ops);
# graph_break() runs eagerly; graph 2 = x + 2, x + 8, x + 32 (3 ops), traced from f's
# resume entry, which continues inner1, then inner2, then f. 2 graphs, 6 ops, exactly one
# full graph_breaks record (traceback <module> -> f -> inner2 -> inner1). The second call
# hits the cache: no new graph, no new record.
import torch
from torch._dynamo.testing import CompileCounter

torch._dynamo.config.nested_graph_breaks = True
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


def f(x):
    x = x + 16
    x = inner2(x)
    x = x + 32
    return x


opt = torch.compile(f, backend=cnt)
x = torch.ones(3)
print(opt(x))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
print("compiled == eager:", torch.equal(opt(x), f(x)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
