# env: TORCH_LOGS=recompiles
# Item 60: compile ids are {frame_id}/{compile_id}: frame ids in first-compile order per
# code object, compile ids counting its compiles; torch._dynamo.reset() restarts at 0.
import torch


def f(x):
    return x + 1


def g(x):
    return x + 2


opt_f = torch.compile(f, backend="eager")
opt_g = torch.compile(g, backend="eager")
opt_g(torch.ones(1))
opt_f(torch.ones(1))
opt_f(torch.ones(2))
opt_g(torch.ones(2))
torch._dynamo.reset()
opt_f(torch.ones(1))
opt_f(torch.ones(2))
print("done")
