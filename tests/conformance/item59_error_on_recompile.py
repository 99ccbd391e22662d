# Item 59: config.error_on_recompile=True -> a call needing a recompile raises
# RecompileError whose message is the "Recompiling function ..." text.
import torch

torch._dynamo.config.error_on_recompile = True


def fn(x):
    return x - 1


opt = torch.compile(fn, backend="eager")
print(opt(torch.ones(3)))
try:
    opt(torch.ones(4))
    print("no error")
except torch._dynamo.exc.RecompileError as e:
    print(type(e).__name__ + ":", e)
