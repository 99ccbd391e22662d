# Item 45 (test_error_on_graph_break_error): error_on_graph_break with a missing, wrong
# or unknown argument, used inside compiled code, raises (the reference fixes no type).
import torch


@torch.compile(backend="eager")
def f1():
    with torch._dynamo.error_on_graph_break(foo="bar"):
        pass


@torch.compile(backend="eager")
def f2():
    with torch._dynamo.error_on_graph_break():
        pass


@torch.compile(backend="eager")
def f3():
    with torch._dynamo.error_on_graph_break("foo"):
        pass


for name, fn in [("foo='bar'", f1), ("no argument", f2), ("'foo'", f3)]:
    try:
        fn()
        print(name + ": no error")
    except Exception:
        print(name + ": raised")
