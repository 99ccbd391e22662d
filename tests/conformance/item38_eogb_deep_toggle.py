# Item 38 (test_error_on_graph_break_nested_deep): the value at the leaf decides, even
# when it was set two frames above the break. error_on_graph_break(True) around f1 and
# `with error_on_graph_break(False)` in inner3 -> no error, inp + 7. Mirror: False
# around f2 and True in inner3 -> Unsupported.
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def inner1_f1(x):
    x = x + 1
    torch._dynamo.graph_break()
    return x + 2


def inner2_f1(x):
    return inner1_f1(x)


def inner3_f1(x):
    with torch._dynamo.error_on_graph_break(False):
        return inner2_f1(x)


def inner4_f1(x):
    return inner3_f1(x)


@torch._dynamo.error_on_graph_break(True)
@torch.compile(backend=cnt)
def f1(x):
    x = x + 4
    return inner4_f1(x)


def inner1_f2(x):
    x = x + 1
    torch._dynamo.graph_break()
    return x + 2


def inner2_f2(x):
    return inner1_f2(x)


def inner3_f2(x):
    with torch._dynamo.error_on_graph_break(True):
        return inner2_f2(x)


def inner4_f2(x):
    return inner3_f2(x)


@torch._dynamo.error_on_graph_break(False)
@torch.compile(backend=cnt)
def f2(x):
    x = x + 4
    return inner4_f2(x)


inp = torch.ones(3)
print("f1 equals inp + 7:", torch.equal(f1(inp), inp + 7))
try:
    f2(inp)
    print("f2: no error")
except torch._dynamo.exc.Unsupported as e:
    print("f2 Unsupported:", str(e).splitlines()[0])
