def f(x y):
    pass
