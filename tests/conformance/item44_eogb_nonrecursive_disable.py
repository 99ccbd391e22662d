# Item 44 (test_error_on_graph_break_nested_with_skip f9): a disable(recursive=False)
# function called from an error_on_graph_break(False) compiled function; its callee,
# compiled as a top frame, breaks under `with error_on_graph_break(True)` -> Unsupported.
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def inner2_f9(x):
    x = x + 2
    with torch._dynamo.error_on_graph_break(True):
        torch._dynamo.graph_break()
    return x + 4


@torch._dynamo.disable(recursive=False)
def inner1_f9(x):
    return inner2_f9(x)


@torch._dynamo.error_on_graph_break(False)
@torch.compile(backend=cnt)
def f9(x):
    x = x + 1
    return inner1_f9(x)


try:
    f9(torch.ones(3))
    print("no error")
except torch._dynamo.exc.Unsupported as e:
    print("Unsupported:", str(e).splitlines()[0])
