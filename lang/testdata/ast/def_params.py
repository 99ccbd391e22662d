def f(): pass
def f(a): pass
def f(a, b=1): pass
def f(*args): pass
def f(**kwargs): pass
def f(a, *args, b, c=2, **kwargs): pass
def f(*, a): pass
def f(a, /): pass
def f(a, /, b): pass
def f(a=1, /, b=2): pass
def f(a, b, /, c, *, d): pass
def f(a,): pass
