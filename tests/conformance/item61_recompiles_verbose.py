# env: TORCH_LOGS=recompiles_verbose
# Item 61: recompiles_verbose lists every cache entry's failures as "guard {i}
# failures:" blocks separated by blank lines.
import torch


def fn(x):
    return x + 1


opt = torch.compile(fn, backend="eager", dynamic=False)
opt(torch.ones(1))
opt(torch.ones(2))
opt(torch.ones(3))
print("done")
