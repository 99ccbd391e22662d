x = 1
a = b = x
o.attr = x
d[k] = x
d[1:2] = x
x, y = y, x
[p, q] = r
a, *rest, z = s
*head, tail = s
x: int = 5
y: int
