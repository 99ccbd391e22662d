# Reference cycles are freed while the script runs, as CPython's collector frees them:
# explicitly by gc.collect() and automatically after enough allocations. Weak
# references observe when an object is freed.
import gc
import weakref

import torch

print("enabled", gc.isenabled(), "threshold", gc.get_threshold())


class Node:
    def __init__(self, n):
        self.me = self
        self.t = torch.zeros(n)


n = Node(4)
r = weakref.ref(n)
del n
print("cycle alive before collect:", r() is not None)
print("collect found garbage:", gc.collect() > 0)
print("cycle freed by collect:", r() is None)
print("nothing left:", gc.collect())

# Two objects referencing each other, and a list containing itself.
a, b = Node(2), Node(2)
a.other, b.other = b, a
ra, rb = weakref.ref(a), weakref.ref(b)
lst = []
lst.append(lst)
del a, b, lst
gc.collect()
print("pair freed:", ra() is None, rb() is None)

# A closure that refers to itself (a recursive inner function).
def make():
    def fact(k):
        return 1 if k <= 1 else k * fact(k - 1)
    holder = Node(1)
    holder.fn = fact
    return weakref.ref(holder), fact(5)


rh, v = make()
gc.collect()
print("closure cycle freed:", rh() is None, v)

# Reachable cycles survive.
keep = Node(3)
rk = weakref.ref(keep)
gc.collect()
print("reachable kept:", rk() is keep, keep.t.shape)

# A suspended generator in a cycle is finalized: its finally block runs.
def gen(box):
    try:
        yield 1
        yield 2
    finally:
        print("generator finally ran")


class Box:
    pass


box = Box()
g = gen(box)
box.g = g
print("first", next(g))
del box, g
gc.collect()
print("after collect")

# Automatic collection: many cycles holding tensors, none collected by hand.
refs = []
for i in range(30000):
    node = Node(8)
    if i < 10:
        refs.append(weakref.ref(node))
del node
print("early cycles freed automatically:", all(x() is None for x in refs))

# Disabled: no automatic collection; collect() still works.
gc.disable()
print("enabled", gc.isenabled())
refs = []
for i in range(30000):
    node = Node(1)
    if i < 10:
        refs.append(weakref.ref(node))
del node
print("kept while disabled:", all(x() is not None for x in refs))
gc.collect()
print("freed by collect:", all(x() is None for x in refs))
gc.enable()
gc.set_threshold(500)
print("threshold", gc.get_threshold())
try:
    gc.collect(3)
except ValueError as e:
    print("ValueError", e)
print("garbage", gc.garbage)

# Generations: a cycle that survived a collection is old; collect(0) leaves it, a full
# collection frees it. A cycle that dies young goes with collect(0).
old = Node(1)
ro = weakref.ref(old)
gc.collect(0)
del old
young = Node(1)
ry = weakref.ref(young)
del young
gc.collect(0)
print("young cycle freed by collect(0):", ry() is None)
print("old cycle kept by collect(0):", ro() is not None)
gc.collect()
print("old cycle freed by collect():", ro() is None)

# Cycles that grew old are freed automatically too, while a large live structure (a
# dict of 200,000 tuples) and many atomic tuples stay alive and unharmed.
big = {i: (i, str(i)) for i in range(200000)}
refs = []
for i in range(30000):
    node = Node(1)
    node.pair = (i, "x")
    if i < 10:
        refs.append(weakref.ref(node))
        gc.collect(0)  # these ten survive a young collection first
del node
print("old cycles freed automatically:", all(x() is None for x in refs))
print("big intact:", len(big), big[199999], sum(v[0] for v in big.values()))
