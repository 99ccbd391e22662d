# namedtuples, classmethods/staticmethods and the globals of other modules in compiled
# code. Follows upstream's test/dynamo/test_misc.py (test_namedtuple*, test_classmethod*,
# test_staticmethod*) and test_functions.py (globals of an imported module), and the
# EfficientNet pattern (a custom autograd.Function whose apply is called from a module of
# another file, namedtuple configs). Under PyTorch 1.13 (no torch.compile) the file runs
# eagerly: its stdout is the expected output.
import collections
import typing

import torch

import swish_lib  # beside this file (the script's folder is on sys.path)

from harness import Counter, compiling, run  # beside this file


Point = collections.namedtuple("Point", ["x", "y"])


class Pair(typing.NamedTuple):
    a: float
    b: float = 2.0

    def total(self):
        return self.a + self.b


def fields(t, p, q):
    return t * p.x + p[1], t - q.total(), len(p), q.b, p._replace(x=3), tuple(p)


run("fields", fields, torch.ones(2), Point(2.0, 0.5), Pair(1.5), frames=1)


def unpack(t, p):
    x, y = p
    return t * x + y, Point(x + 1, y)


run("unpack and return", unpack, torch.ones(2), Point(3.0, 1.0), frames=1)


class Scale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.k = k
        return x * k

    @classmethod
    def twice(cls, x):
        return cls.apply(x, 2.0)


def functions(t):
    return Scale.apply(t, 3.0) + Scale.twice(t)


run("autograd.Function.apply", functions, torch.arange(3.0), frames=1)


def other_module(t):
    return swish_lib.MemoryEfficientSwish()(t) + swish_lib.DEFAULT.rate


run("another module's globals", other_module, torch.tensor([-1.0, 0.0, 2.0]), frames=1)


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.params = swish_lib.Params(0.25, False, "block")
        self.act = swish_lib.MemoryEfficientSwish()

    def forward(self, x):
        x = self.act(x)
        if self.params.top:
            x = x + 1
        return x * self.params.rate


block = Block()
x = torch.tensor([1.0, -2.0])
with torch.no_grad():
    want = block(x)
    if compiling:
        torch._dynamo.reset()
        counter = Counter()
        compiled = torch.compile(block, backend=counter)
        for _ in range(3):
            got = compiled(x)
        assert torch.equal(got, want)
        assert counter.frames == 1, counter.frames
        # Rebinding the other module's global recompiles (it is guarded) and is seen.
        swish_lib.DEFAULT = swish_lib.Params(2.0, True, "swish")
        again = compiled(x)
        assert counter.frames == 2, counter.frames
        assert torch.equal(again, block(x))
        swish_lib.DEFAULT = swish_lib.Params(0.5, True, "swish")
print("module from another file", want)


class Decorated(torch.nn.Module):
    @torch.no_grad()
    def forward(self, x):
        return x * 2 + torch.is_grad_enabled()


dec = Decorated()
with torch.no_grad():
    want = dec(torch.ones(2))
    if compiling:
        torch._dynamo.reset()
        counter = Counter()
        # Under no_grad already, the decorator changes nothing: one graph, no break.
        assert torch.equal(torch.compile(dec, backend=counter)(torch.ones(2)), want)
        assert counter.frames == 1, counter.frames
print("decorated forward", want, dec(torch.ones(2)))
