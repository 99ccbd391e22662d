# env: TORCH_LOGS=recompiles
# Item 49: dynamic=False, sizes 1..9 -> 8 graphs, 8 recompile messages (the k-th lists k
# entries, newest first), then the recompile_limit warning; the 9th call runs eagerly.
import torch
from torch._dynamo.testing import CompileCounter


def fn(x):
    return x + 1


cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt, dynamic=False)
for i in range(1, 10):
    y = opt(torch.ones(i))
print("graphs:", cnt.frame_count)
print("last result == eager:", torch.equal(y, fn(torch.ones(9))))
