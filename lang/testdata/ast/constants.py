a = None
b = True
c = False
d = ...
x[..., 0] = 1
