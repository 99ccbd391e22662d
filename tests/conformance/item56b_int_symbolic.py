# env: TORCH_LOGS=recompiles,dynamic
# An int argument that changes becomes a symbol after one recompile (automatic dynamic,
# specialize_int=False): `x * n` and `x.view(n, -1)` then take it as an argument, and
# the view's divisibility is a guard. 4 calls, 2 graphs, one recompile message.
import torch
from torch._dynamo.testing import CompileCounter


def gn(x, n):
    return x * n, x.view(n, -1)


cnt = CompileCounter()
opt = torch.compile(gn, backend=cnt)
for n in (2, 3, 4, 6):
    a, b = opt(torch.ones(12), n)
    print(a.sum().item(), b.shape)
print("graphs:", cnt.frame_count)
