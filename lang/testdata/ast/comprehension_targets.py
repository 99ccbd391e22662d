a = [a for a.b in c]
b = [1 for a[0] in c]
c = [x for *x, y in c]
d = [x for [x, y] in c]
