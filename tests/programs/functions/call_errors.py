# Argument-binding errors: messages must match CPython's TypeError text.
def f(a, b, *, c=0):
    return a + b + c


def g(x, y=1):
    return x


cases = [
    lambda: f(1),
    lambda: f(1, 2, 3),
    lambda: f(1, 2, d=4),
    lambda: f(1, 2, a=1),
    lambda: f(),
    lambda: g(),
    lambda: g(1, 2, 3),
    lambda: g(y=2),
    lambda: len(),
    lambda: len(1, 2),
]
for case in cases:
    try:
        case()
    except TypeError as e:
        print("TypeError:", e)
