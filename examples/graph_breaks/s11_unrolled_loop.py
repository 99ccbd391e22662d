# Reference section 11 (skipped functions), the loop unrolled into five calls of a
# closure (legacy nested graph breaks, the default). The doc: fn's graph has x + 1 three
# times (the break moves to the call inner(3)); inner runs as its own frame (graph x + 1;
# its resume entry has no ops and is skipped); fn's resume entry inlines inner(4) (graph
# x + 1) -> 3 graphs, 5 ops; 1 full record and 1 duplicate-suppressed record.
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    def inner(i):
        nonlocal x
        x = x + 1
        if i == 3:
            torch._dynamo.graph_break()

    inner(0)
    inner(1)
    inner(2)
    inner(3)
    inner(4)
    return x


print(fn(torch.ones(3)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
