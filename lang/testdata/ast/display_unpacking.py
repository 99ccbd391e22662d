a = [*x, 1, *y]
b = (*x, *y)
c = {*x, *y}
d = {**m, 'k': 1, **n}
e = *x, y
f = [*range(3)]
