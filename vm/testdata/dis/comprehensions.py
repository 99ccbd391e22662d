a = [x for x in xs]
b = {x for x in xs if x}
c = {k: v for k, v in d.items()}
e = [x * y for x in xs for y in ys if x != y]
total = sum(x * x for x in xs)
def f(n):
    return [i + n for i in range(n)]
class C:
    vals = [v for v in range(3)]
