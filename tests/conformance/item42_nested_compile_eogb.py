# Item 42 (test_nested_compile_error_on_graph_break): compiled functions decorated with
# error_on_graph_break, one calling the other. The inner decorator's value is the one in
# effect at the break: inner True under outer False raises; inner False under outer
# True breaks normally and returns inp + 3. (Only the exception type is printed: the
# reference does not fix the text.)
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


@torch._dynamo.error_on_graph_break(True)
@torch.compile(backend=cnt)
def inner_f1(x):
    x = x + 1
    torch._dynamo.graph_break()
    return x + 2


@torch._dynamo.error_on_graph_break(False)
@torch.compile(backend=cnt)
def f1(x):
    return inner_f1(x)


@torch._dynamo.error_on_graph_break(False)
@torch.compile(backend=cnt)
def inner_f2(x):
    x = x + 1
    torch._dynamo.graph_break()
    return x + 2


@torch._dynamo.error_on_graph_break(True)
@torch.compile(backend=cnt)
def f2(x):
    return inner_f2(x)


inp = torch.ones(3)
try:
    f1(inp)
    print("f1: no error")
except torch._dynamo.exc.Unsupported as e:
    print("f1: raised Unsupported")
out = f2(inp)
print(out)
print("f2 equals inp + 3:", torch.equal(out, inp + 3))
