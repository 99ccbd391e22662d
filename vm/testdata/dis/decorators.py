@dec
def f():
    pass
@a.b(1)
@c
def g(x):
    return x
@register
class C:
    pass
