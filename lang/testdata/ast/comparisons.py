a = x < y
b = x < y <= z > w >= v == u != t
c = x is y
d = x is not y
e = x in y
f = x not in y
g = not x == y
h = a < b < c
