# Item 64: a backend raising RuntimeError("boom") -> BackendCompilerFailed reaches the
# caller, even with fullgraph=False.
import torch


def broken_backend(gm, example_inputs):
    raise RuntimeError("boom")


def f(x):
    return x.cos()


opt = torch.compile(f, backend=broken_backend)
try:
    opt(torch.ones(2))
    print("no error")
except torch._dynamo.exc.BackendCompilerFailed as e:
    print(type(e).__name__)
    print("\n".join(str(e).splitlines()[:2]))
