a = x if c else y
b = x if c else y if d else z
c = (x if c else y) + 1
d = lambda: x if c else y
