# env: TORCH_LOGS=graph_breaks
# Item 74: a data-dependent `if` at the top level (not in a loop) -> one record
# "Data-dependent branching"; the prefix graph (sum, gt) runs, then the resume entry of
# the branch actually taken: 2 graphs. The other branch compiles its own resume entry
# the first time it is taken (1 more graph, no new record).
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def fn(x):
    if x.sum() > 0:
        return x + 1
    return x - 1


opt = torch.compile(fn, backend=cnt)
x = torch.ones(3)
print(opt(x))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
print(opt(-x))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
print("compiled == eager:", torch.equal(opt(x), fn(x)), torch.equal(opt(-x), fn(-x)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
