del x
del x, y
del x.y, x[0]
del (x, y)
del [x, y]
del (x)
del x,
del x[1:2]
