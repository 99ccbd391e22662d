# Item 65: with suppress_errors=True a failing backend raises nothing, the result equals
# eager, and a WON'T CONVERT warning is logged.
import torch

torch._dynamo.config.suppress_errors = True


def broken_backend(gm, example_inputs):
    raise RuntimeError("boom")


def f(x):
    return x.cos()


opt = torch.compile(f, backend=broken_backend)
x = torch.ones(2)
print("compiled == eager:", torch.equal(opt(x), f(x)))
