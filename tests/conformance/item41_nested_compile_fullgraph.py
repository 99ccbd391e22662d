# Item 41 (test_nested_compile_fullgraph): a torch.compile'd function called from
# another compiled one: fullgraph=True on either side makes the inner break raise
# (fullgraph=True cannot be toggled back by an inner fullgraph=False). The reference fixes
# the exception type, not its text, so only the type is printed.
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


@torch.compile(backend=cnt, fullgraph=True)
def inner_f1(x):
    torch._dynamo.graph_break()
    return x + 1


@torch.compile(backend=cnt, fullgraph=False)
def outer_f1(x):
    return inner_f1(x)


@torch.compile(backend=cnt, fullgraph=False)
def inner_f2(x):
    torch._dynamo.graph_break()
    return x + 1


@torch.compile(backend=cnt, fullgraph=True)
def outer_f2(x):
    return inner_f2(x)


inp = torch.ones(3)
for name, fn in [("inner fullgraph=True, outer False", outer_f1),
                 ("inner fullgraph=False, outer True", outer_f2)]:
    try:
        fn(inp)
        print(name + ": no error")
    except torch._dynamo.exc.Unsupported as e:
        print(name + ": raised Unsupported")
