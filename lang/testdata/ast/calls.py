f()
f(1, 2)
f(a, b=1, *args, c=2, **kwargs)
f(*a, *b, **c, **d)
f(x=1)(2)
obj.method(1).other()
f(a,)
f(
    1,
    2,
)
