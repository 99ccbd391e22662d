# Item 32 (reference section 10.2 point 5): nested_graph_breaks=True, outer enters
# torch.no_grad() and returns inner(x); inner breaks. The context entered in the caller
# must still be active in inner's continuation, so the assertion after the break holds
# (while tracing and in eager). Graphs (as in item 16, a grad-mode context in a graph is
# _set_grad_enabled(False) ... _set_grad_enabled(True)): graph 1 = _set_grad_enabled(False),
# x + 1, _set_grad_enabled(True); graph 2 (the resume entry, which re-enters no_grad) =
# _set_grad_enabled(False), x + 2, _set_grad_enabled(True). 2 graphs, 6 ops (INF).
# After the call grad mode is enabled again, and the result does not require grad.
import torch
from torch._dynamo.testing import CompileCounter

torch._dynamo.config.nested_graph_breaks = True
cnt = CompileCounter()


def inner(x):
    x = x + 1
    torch._dynamo.graph_break()
    assert not torch.is_grad_enabled()
    return x + 2


def outer(x):
    with torch.no_grad():
        return inner(x)


opt = torch.compile(outer, backend=cnt)
x = torch.ones(3, requires_grad=True)
try:
    out = opt(x)
    print(out)
    print("requires_grad:", out.requires_grad)
except AssertionError:
    print("AssertionError")
print("grad enabled after:", torch.is_grad_enabled())
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
print("compiled == eager:", torch.equal(opt(x), outer(x)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
