# env: TORCH_LOGS=recompiles
# Item 46: fn(ones(3)); fn(ones(4)) -> exactly one recompile message naming the failing
# size guard of entry 0/0.
import torch


def fn(x):
    return x + 1


opt = torch.compile(fn, backend="eager")
print(opt(torch.ones(3)))
print(opt(torch.ones(4)))
