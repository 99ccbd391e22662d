# env: TORCH_LOGS=recompiles
# Item 47: after item 46's recompile (ones(3) then ones(4)), the second entry has a
# symbolic first dimension (automatic dynamic), so ones(5) and ones(9) reuse it: one
# recompile message in all, 2 graphs.
import torch
from torch._dynamo.testing import CompileCounter


def fn(x):
    return x + 1


cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
for n in (3, 4, 5, 9):
    print(opt(torch.ones(n)))
print("graphs:", cnt.frame_count)
