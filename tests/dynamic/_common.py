# Helpers the dynamic-shape programs share (imported from the program's directory, which
# is sys.path[0] under wick and CPython alike). Not a program: run_dynamic.py and the
# trace test pick up only NN_name.py files.
import torch
from torch._dynamo.testing import CompileCounter
from torch._dynamo.utils import counters


# Whether two results (tensors, ints, or tuples/lists of them) are equal: same shape and
# dtype, floats within 1e-6.
def same(a, b):
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all([same(p, q) for p, q in zip(a, b)])
    if isinstance(a, int):
        return type(a) == type(b) and a == b
    if a.shape != b.shape or a.dtype != b.dtype:
        return False
    if a.is_floating_point():
        return torch.allclose(a, b, atol=1e-6)
    return torch.equal(a, b)


# Compiles `fn` with `dynamic` and `backend` ("count": a CompileCounter, else the default
# backend) after a reset, checks it against eager on every argument tuple of `inputs`,
# and prints one line with the graph count.
def run(label, fn, inputs, dynamic, backend="count"):
    torch._dynamo.reset()
    counters.clear()
    cnt = CompileCounter()
    if backend == "count":
        opt = torch.compile(fn, backend=cnt, dynamic=dynamic)
    else:
        opt = torch.compile(fn, dynamic=dynamic)
    ok = True
    for args in inputs:
        if not same(opt(*args), fn(*args)):
            ok = False
    graphs = cnt.frame_count if backend == "count" else counters["stats"]["unique_graphs"]
    print(f"{label} dynamic={dynamic} backend={backend} equal: {ok} graphs: {graphs}")
