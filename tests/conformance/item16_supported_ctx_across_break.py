# Item 16: nullcontext and no_grad are resumable context managers: the break inside them
# gives 2 graphs, each _set_grad_enabled(False), add, _set_grad_enabled(True) (3 ops);
# the resume function re-enters no_grad, and grad mode is on again after the call.
import contextlib
import operator

import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()
graphs = []


def name(target):
    if target is getattr(torch._C, "_set_grad_enabled", None):
        return "_set_grad_enabled"
    if target is operator.add:
        return "add"
    return "other"


def backend(gm, example_inputs):
    graphs.append([name(n.target) for n in gm.graph.nodes if n.op == "call_function"])
    return cnt(gm, example_inputs)


def fn(x):
    with contextlib.nullcontext():
        with torch.no_grad():
            x = x + 1
            torch._dynamo.graph_break()
            return x + 1


opt = torch.compile(fn, backend=backend)
x = torch.ones(3, requires_grad=True)
out = opt(x)
print(out)
print("requires_grad:", out.requires_grad)
print("grad enabled after:", torch.is_grad_enabled())
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
for g in graphs:
    print(g)
print("compiled == eager:", torch.equal(opt(x), fn(x)))
