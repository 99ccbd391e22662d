with (a as b, c as d):
    pass
with (a, b):
    pass
with (a as b,
      c):
    pass
with (a):
    pass
with (a) as b:
    pass
with (a, b) as c:
    pass
def g():
    with (yield):
        pass
