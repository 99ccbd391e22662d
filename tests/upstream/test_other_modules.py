# Stores to another module's globals inside compiled code (an inlined function's
# STORE_GLOBAL, `mod.x = v`, a context manager of that module counting in a global),
# replayed after the graph as upstream's side effects are (torch/_dynamo/symbolic_convert.py
# InliningInstructionTranslator.STORE_GLOBAL); dicts keyed by constant tuples; a property
# of a class made by type() at run time, read through the instance's class; builtin max of
# a tensor and an int made dynamic (upstream: torch.clamp); a tensor passed where an op
# takes a number (upstream: a "Data dependent operator" graph break). Follows the pattern
# of torch.nn.utils.parametrize.cached() as geotorch uses it. Under PyTorch 1.13 (no
# torch.compile) the file runs eagerly: its stdout is the expected output.
import torch
import torch.nn.functional as F

import globals_lib as lib  # beside this file
from harness import Counter, compiling, run


def store_through_function(x):
    y = x.sin()
    return y + lib.bump(2) + lib.calls


def reset_calls():
    lib.calls = 0


run("store through another module's function", store_through_function, torch.ones(2),
    frames=1, setup=reset_calls)
print("calls after", lib.calls)


def store_as_attribute(x):
    lib.calls = 10
    y = x * lib.bump(1)
    lib.calls += 1
    return y + lib.calls


run("store as a module attribute", store_as_attribute, torch.ones(2), frames=1,
    setup=reset_calls)
print("calls after", lib.calls)


def in_block(x):
    with lib.entered() as d:
        y = x * d * lib.depth
    return y + lib.depth


run("context manager of another module", in_block, torch.ones(2), frames=1)
print("depth after", lib.depth)


def tuple_keys(x):
    x = x.cos()
    d = {("a", 1): x, ("b", 2): x + 1}
    d[("a", 1)] = d[("a", 1)] * 3
    return d.get(("b", 2)) + d[("a", 1)], ("a", 1) in d, d.get(("c", 3), 7)


run("dict with tuple keys", tuple_keys, torch.ones(2), frames=1)

layer = lib.with_scaled_property(torch.nn.Linear(2, 2, bias=False))
with torch.no_grad():
    layer.weight.copy_(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))


def cached_property(x):
    with lib.entered():
        a = x @ layer.scaled
        b = a @ layer.scaled  # the second read comes from the cache
    return b


run("property of a generated class, cached", cached_property, torch.ones(1, 2), frames=1)
print("cache after", lib.cache)


def clamp_by_int(x, n):
    return max(x.max() + 1, n) * x


for n in (4, 5, 6):
    run("max(tensor, int) n=%d" % n, clamp_by_int, torch.arange(3.0), n, frames=1)
if compiling:
    # n changes, becomes dynamic: one graph for 4, one for every later n, no breaks.
    torch._dynamo.reset()
    counter = Counter()
    f = torch.compile(clamp_by_int, backend=counter)
    outs = [f(torch.arange(3.0), n).tolist() for n in (4, 5, 6)]
    assert counter.frames == 2, counter.frames
    assert outs == [clamp_by_int(torch.arange(3.0), n).tolist() for n in (4, 5, 6)], outs


def one_hot_of_max(idx):
    return F.one_hot(idx, idx.max() + 1) * 2


run("one_hot with a tensor num_classes", one_hot_of_max, torch.tensor([0, 2, 1]))
if compiling:
    out = torch._dynamo.explain(one_hot_of_max)(torch.tensor([0, 2, 1]))
    reason = out.break_reasons[0].reason
    assert "Data dependent operator" in reason, reason
    assert "aten._local_scalar_dense.default" in reason, reason
    print("one_hot break:", out.graph_break_count, "break")
else:
    print("one_hot break:", 1, "break")
