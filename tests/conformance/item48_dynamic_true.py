# env: TORCH_LOGS=recompiles,dynamic
# Item 48: dynamic=True compiles the first call with symbolic sizes: ones(3) and
# ones(4) share one graph and there is no recompile message. The dynamic log shows the
# symbol (named after its source, s77 for L['x'].size()[0], as upstream) and, for a
# second dimension of the same size, duck sizing.
import torch
from torch._dynamo.testing import CompileCounter


def fn(x):
    return x + 1


cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt, dynamic=True)
print(opt(torch.ones(3)))
print(opt(torch.ones(4)))
print("graphs:", cnt.frame_count)
torch._dynamo.reset()
opt2 = torch.compile(fn, backend=cnt, dynamic=True)
print(opt2(torch.ones(3, 3)).shape)
print(opt2(torch.ones(5, 5)).shape)
print("graphs:", cnt.frame_count)
