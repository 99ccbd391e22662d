# Closures: captured variables, counters, late binding, nested scopes.
def make_multiplier(n):
    def mul(x):
        return x * n
    return mul


double, triple = make_multiplier(2), make_multiplier(3)
print(double(5), triple(5))


def counter():
    count = 0

    def inc():
        nonlocal count
        count += 1
        return count
    return inc


c1, c2 = counter(), counter()
print(c1(), c1(), c1(), c2())


def compose(*fns):
    def run(x):
        for fn in reversed(fns):
            x = fn(x)
        return x
    return run


print(compose(double, triple, lambda v: v + 1)(1))


def outer():
    values = []

    def add(v):
        values.append(v)
        return len(values)
    add(1)
    add(2)
    return values


print(outer())


def late():
    fns = []
    for i in range(3):
        def f():
            return i
        fns.append(f)
    return [fn() for fn in fns]


print(late())
