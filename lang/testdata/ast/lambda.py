f = lambda: 0
g = lambda x: x + 1
h = lambda x, y=2, *args, z, w=3, **kw: x
i = lambda *, k: k
j = lambda a, /, b: a
k = lambda *a: a
l = lambda x=lambda: 1: x
