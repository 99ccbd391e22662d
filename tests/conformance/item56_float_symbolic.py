# env: TORCH_LOGS=recompiles
# Item 56: a float argument that changes becomes a graph input after one recompile
# (specialize_float=False), and a size that changes becomes symbolic after another:
# 5 calls, 3 graphs, exactly 2 recompile messages, the second listing both entries
# newest first.
import torch
from torch._dynamo.testing import CompileCounter


def fn(x, c):
    return x + c


cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
for i in range(5):
    print(opt(torch.ones(i), 0.5 + i))
print("graphs:", cnt.frame_count)
