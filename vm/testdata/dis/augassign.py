x += 1
o.n -= 2
d[k] *= 3
def f(v):
    v //= 2
    v **= 2
    v @= m
    return v
