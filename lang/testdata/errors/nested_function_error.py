def f():
    def g():
        x = (1, 2
    return g
