a = x < y
b = x <= y < z
c = x is None
d = x is not None
e = x in s
f = x not in s
g = a == b != c
if 0 < x < 10:
    ok()
h = not (x in s)
i = not (x is y)
if x is None:
    pass
if x is not None:
    pass
