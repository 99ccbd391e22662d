def f(a, b=1, *args, c, d=2, **kwargs):
    "Docstring."
    return a + b
def g(x, /, y):
    pass
def h():
    return
def k():
    return 42
def constant_tuple():
    return (1, 2)
