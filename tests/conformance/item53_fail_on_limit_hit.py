# Item 53: fail_on_recompile_limit_hit=True with recompile_limit=1 and a changing int
# argument raises FailOnRecompileLimitHit.
import torch

torch._dynamo.config.recompile_limit = 1
torch._dynamo.config.fail_on_recompile_limit_hit = True


def fn(x, n):
    return x + n


opt = torch.compile(fn, backend="eager")
print(opt(torch.ones(2), 0))
try:
    opt(torch.ones(2), 1)
    print("no error")
except torch._dynamo.exc.FailOnRecompileLimitHit as e:
    print(type(e).__name__ + ":", e)
