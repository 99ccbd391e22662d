f(a, *b, c=1, *d, **e, f=2)
print(*items, sep=", ", end="")
