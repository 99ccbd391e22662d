# env: TORCH_LOGS=graph_breaks
# Item 37 (doc example E4): a default compiled fn breaks once (allowed: the graph x + 4
# is compiled and runs, the break is logged); its resume traces into
# `@error_on_graph_break(True) inner2`, whose break raises Unsupported with a
# `from user code:` chain ending in inner2.
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


@torch._dynamo.error_on_graph_break(True)
def inner2(x):
    x = x + 2
    torch._dynamo.graph_break()
    return x + 1


def inner(x):
    return inner2(x)


def fn(x):
    x = x + 4
    torch._dynamo.graph_break()
    return inner(x)


opt = torch.compile(fn, backend=cnt)
try:
    opt(torch.ones(3))
    print("no error")
except torch._dynamo.exc.Unsupported as e:
    lines = str(e).splitlines()
    print("Unsupported:", lines[0])
    chain = lines[lines.index("from user code:") + 1:]
    last = [i for i, line in enumerate(chain) if line.lstrip().startswith("File ")][-1]
    print(chain[last].strip())
    print(chain[last + 1].strip())
print("graphs:", cnt.frame_count)
