# env: TORCH_LOGS=recompiles
# torch._dynamo.mark_dynamic(x, 0) before the first call gives dim 0 a symbol from the
# first compile: a new size of that dim does not recompile. mark_dynamic inside a
# compiled function is an error, as upstream (forbid_in_graph: an AssertionError while
# tracing, raised as InternalTorchDynamoError), not a graph break.
import torch
from torch._dynamo.testing import CompileCounter


def fn(x):
    return x.sum(0) * 2


cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
x = torch.ones(3, 2)
torch._dynamo.mark_dynamic(x, 0)
print(opt(x))
print(opt(torch.ones(7, 2)))
print("graphs:", cnt.frame_count)


def bad(x):
    torch._dynamo.mark_dynamic(x, 0)
    return x + 1


try:
    torch.compile(bad, backend="eager")(torch.ones(2))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
