# env: TORCH_LOGS=recompiles
# Item 57 (first half): an int argument c changing 1..4 with dynamic=False -> 4 graphs
# and 3 recompile messages on c's value guard.
import torch
from torch._dynamo.testing import CompileCounter


def fn(x, c):
    return x * c


cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt, dynamic=False)
x = torch.ones(2)
for c in range(1, 5):
    print(opt(x, c))
print("graphs:", cnt.frame_count)
