a = x and y
b = x or y or z
c = x and (y or z)
d = x if c else y
if x and not y:
    f()
if x or y:
    g()
