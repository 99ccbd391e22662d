def f():
    return [(yield) for x in y]
