f = lambda: 0
g = lambda x, y=2: x * y
h = lambda *a, k=1, **kw: (a, k, kw)
def outer(n):
    return lambda m: n + m
