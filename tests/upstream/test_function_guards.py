# Functions passed into compiled code are matched by their code, as upstream's
# CLOSURE_MATCH guards them (torch/_dynamo/guards.py: `__code__` identity), and what the
# code reads from the function (closure cells, defaults) is guarded through the
# function: a fresh lambda or closure of the same code each call reuses the entry, and a
# closure cell or default rebound between calls is seen (before, the contents were read
# unguarded: stale values). Follows test/dynamo/test_functions.py and test_misc.py's
# closure tests. torch.compile(fn) keeps fn's __name__/__doc__ as functools.wraps does.
# Automatic dynamic: an input changing from tensor to number, and what
# set_stance("eager_then_compile") saw on its eager call.
# Under PyTorch 1.13 (no torch.compile) the file runs eagerly: its stdout is the expected
# output.
import torch

from harness import Counter, compiling


def compile_counting(fn):
    if not compiling:
        return fn, None
    torch._dynamo.reset()
    counter = Counter()
    return torch.compile(fn, backend=counter), counter


def frames(counter):
    return "-" if counter is None else counter.frames


def apply(x, fn):
    return fn(x) + 1


f, c = compile_counting(apply)
outs = [f(torch.ones(2), lambda t: t * 2).tolist() for _ in range(3)]
print("fresh lambda each call", outs, frames(c) in (1, "-"))


def make(k):
    def g(t):
        return t * k
    return g


f, c = compile_counting(apply)
outs = [f(torch.ones(2), make(k)).tolist() for k in (2, 2, 3, 4, 5)]
print("fresh closures", outs, frames(c) in (2, "-"))


def counter_closure():
    scale = 1.0

    def g(x):
        return x * scale

    def bump():
        nonlocal scale
        scale += 1

    return g, bump


g, bump = counter_closure()
f, c = compile_counting(lambda x: g(x) + 1)
first = f(torch.ones(2)).tolist()
bump()
print("closure cell rebound", first, f(torch.ones(2)).tolist())


def with_default(x, w=torch.ones(2), k=1.0):
    return x * w * k


f, c = compile_counting(lambda x: with_default(x))
first = f(torch.ones(2)).tolist()
with_default.__defaults__ = (torch.full((2,), 3.0), 2.0)
print("defaults rebound", first, f(torch.ones(2)).tolist())


def documented(x):
    "the doc"
    return x + 1


wrapped = torch.compile(documented) if compiling else documented
print("wraps", wrapped.__name__, wrapped.__doc__, wrapped.__qualname__)


# An input that was a tensor and is now a number is dynamic at once (upstream's
# frame-state merge): 4.0 after 3.0 reuses the entry 3.0 made.
def scale(x, y):
    return x * y


f, c = compile_counting(scale)
outs = [f(torch.ones(2), y).tolist() for y in (torch.tensor(2.0), 3.0, 4.0)]
print("tensor then numbers", outs, frames(c) in (2, "-"))

# set_stance("eager_then_compile") learns from its eager call: sizes 3 then 4 make the
# first compile dynamic, and 5 and 6 reuse it.
f, c = compile_counting(lambda x: x * 2)
if compiling:
    with torch.compiler.set_stance("eager_then_compile"):
        outs = [f(torch.ones(n)).sum().item() for n in (3, 4, 5, 6)]
else:
    outs = [f(torch.ones(n)).sum().item() for n in (3, 4, 5, 6)]
print("eager_then_compile", outs, frames(c) in (1, "-"))
