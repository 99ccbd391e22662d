# Reference section 2 (Dynamo core concepts), the torch.save example, rewritten with a
# native call wick does not trace (time.perf_counter) since wick has no torch.save.
# The doc: the call is a graph break ("Attempted to call function marked as skipped");
# f runs as compiled(x ** 2 / 2), the call eagerly, then compiled(y ** 3 / 6):
# 2 graphs of [pow, div] each, and one graph_breaks record at the call.
import time

import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


@torch.compile(backend=cnt)
def f(x):
    y = x ** 2 / 2
    time.perf_counter()  # a native function wick does not trace
    z = y ** 3 / 6
    return z


print(f(torch.tensor([1.0, 2.0, 3.0])))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
