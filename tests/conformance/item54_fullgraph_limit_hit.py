# Item 54: under fullgraph=True, hitting the recompile limit raises
# FailOnRecompileLimitHit instead of falling back to eager.
import torch

torch._dynamo.config.recompile_limit = 1


def fn(x, n):
    return x + n


opt = torch.compile(fn, backend="eager", fullgraph=True)
print(opt(torch.ones(2), 0))
try:
    opt(torch.ones(2), 1)
    print("no error")
except torch._dynamo.exc.FailOnRecompileLimitHit as e:
    print(type(e).__name__ + ":", e)
