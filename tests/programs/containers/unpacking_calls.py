# Unpacking into displays and calls: [*a, *b], {**a, **b}, f(*args, **kwargs).
a, b = [1, 2], (3, 4)
print([*a, *b], (*a, 0), {*a, *b} == {1, 2, 3, 4}, [*"hi"])
x, y = {"p": 1}, {"q": 2, "p": 3}
print({**x, **y}, {**y, **x}, {"z": 0, **x})


def f(*args, **kwargs):
    return args, kwargs


print(f(*a, *b, 5, **x, **{"r": 9}))
print(f(*range(3)), f(**{}), f())
print(max(*a), "{}-{}".format(*b))
