@dec
def f(): pass
@dec.attr
@dec(1, 2)
def g(): pass
@a[0]
class C: pass
@(lambda f: f)
def h(): pass
@x if y else z
def i(): pass
