# Item 72: under set_stance("force_eager") a compiled function with a user bug raises
# the plain eager error and compiles nothing. set_stance also works as a decorator.
import torch
from torch._dynamo.testing import CompileCounter


def buggy(x):
    return torch.sin(x, x, x)


cnt = CompileCounter()
opt = torch.compile(buggy, backend=cnt)
try:
    buggy(torch.ones(2))
except TypeError as e:
    eager_error = str(e)
with torch.compiler.set_stance("force_eager"):
    try:
        opt(torch.ones(2))
    except TypeError as e:
        print("TypeError, same as eager:", str(e) == eager_error)
print("graphs:", cnt.frame_count)


def good(x):
    return x * 5


opt_good = torch.compile(good, backend=cnt)


@torch.compiler.set_stance("force_eager")
def run_eagerly(x):
    return opt_good(x)


print(run_eagerly(torch.ones(1)), "graphs:", cnt.frame_count)
print(opt_good(torch.ones(1)), "graphs:", cnt.frame_count)
