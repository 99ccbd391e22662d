# User objects made inside compiled code: dataclass and plain instances returned,
# stored in a global dict or a list argument, alive across a graph break, referring to
# themselves; properties read and set (the getter and setter inlined); a class's own
# __setattr__ ending in object.__setattr__; builtin setattr(). Follows upstream's
# test/dynamo/test_misc.py (test_user_property, test_object_setattr,
# test_dataclass_local_hasattr, test_setattr_mutation*) and its side-effect replay of new
# objects (torch/_dynamo/side_effects.py: made with object.__new__, attributes stored).
# Under PyTorch 1.13 (no torch.compile) the file runs eagerly: its stdout is the expected
# output.
from dataclasses import dataclass

import torch

from harness import compiling, run  # beside this file


@dataclass
class Output:
    logits: torch.Tensor
    scale: float = 1.0


def make_output(x):
    return Output(x * 2, 3.0)


run("dataclass returned", make_output, torch.ones(3), frames=1)


class Pair:
    def __init__(self, a):
        self.a = a
        self.b = a + 1

    def __repr__(self):
        return f"Pair({self.a}, {self.b})"


def pair_and_field(x):
    p = Pair(x.sin())
    return p, p.b


run("instance and its field", pair_and_field, torch.ones(2), frames=1)

STORE = {}


def store_global(x):
    STORE["p"] = Pair(x)
    return x + 1


run("stored in a global dict", store_global, torch.ones(2), frames=1)
print("stored", STORE["p"])


def append_to(xs, x):
    xs.append(Pair(x * 3))
    return len(xs)


acc = []
fn = torch.compile(append_to, backend="eager") if compiling else append_to
print("appended to an argument", fn(acc, torch.ones(1)), acc)


class Node:
    def __init__(self, v):
        self.v = v
        self.me = self


def self_ref(x):
    n = Node(x + 1)
    return n


if compiling:
    n = torch.compile(self_ref, backend="eager")(torch.ones(1))
    print("self reference", n.me is n, n.v)
else:
    n = self_ref(torch.ones(1))
    print("self reference", n.me is n, n.v)


def across_break(x):
    p = Pair(x)
    p.a = p.a * 10
    if compiling:
        torch._dynamo.graph_break()
    return p.a + p.b


run("alive across a break", across_break, torch.ones(2), frames=2)


class Celsius:
    def __init__(self, t):
        self.temperature = t

    @property
    def temperature(self):
        return self._t * 1.0

    @temperature.setter
    def temperature(self, v):
        self._t = v + 273


def kelvin(x):
    c = Celsius(x)
    c.temperature = c.temperature - 273 + 1
    return c.temperature, c._t


run("property getter and setter", kelvin, torch.zeros(2), frames=1)


class Doubling:
    def __init__(self, v):
        self.v = v

    def __setattr__(self, name, value):
        object.__setattr__(self, name, value * 2)


def doubled(x):
    d = Doubling(x)
    setattr(d, "w", x + 1)
    return d.v, d.w


run("__setattr__ and setattr()", doubled, torch.ones(2), frames=1)


class Existing:
    def __init__(self):
        self._v = 1

    @property
    def v(self):
        return self._v

    @v.setter
    def v(self, value):
        self._v = value * 100


e = Existing()


def existing_property(x):
    return x + e.v


run("property of an existing object", existing_property, torch.ones(2), frames=1)


def existing_setter(x):
    e.v = 2  # through the setter: wick breaks rather than buffer a raw store
    return x + e.v


if compiling:
    torch._dynamo.reset()
    print("setter on an existing object", torch.compile(existing_setter, backend="eager")(torch.ones(2)))
else:
    print("setter on an existing object", existing_setter(torch.ones(2)))



LOG = []


class Suppress:
    def __init__(self, tag):
        self.tag = tag

    def __enter__(self):
        LOG.append("enter " + self.tag)
        if compiling:
            torch._dynamo.graph_break()

    def __exit__(self, exc_type, exc_value, traceback):
        LOG.append("exit %s %s" % (self.tag, exc_value))
        return exc_type is ValueError


def raiser(x):
    if compiling:
        torch._dynamo.graph_break()
    if x.mean() < 0.0:
        raise ValueError("from raiser")
    return x


def suppressed(x):
    # A break inside __enter__ of a manager made in the trace, then a break and an
    # exception inside its block, under nested graph breaks: __exit__ must still see the
    # exception and swallow it (the frame runs eagerly from the break, as upstream does
    # for a break under a generic context manager).
    y = x
    with Suppress("s"):
        y = raiser(x)
    return y


if compiling:
    torch._dynamo.config.nested_graph_breaks = True
run("break in __enter__, exception in the block", suppressed, -torch.ones(2))
print(LOG[-2:])
if compiling:
    torch._dynamo.config.nested_graph_breaks = False
