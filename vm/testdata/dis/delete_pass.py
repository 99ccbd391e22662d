x = 1
del x
del a.b, c[0]
del (d, e)
def f():
    y = 1
    del y
    pass
