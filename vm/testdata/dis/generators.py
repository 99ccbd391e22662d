def count(n):
    i = 0
    while i < n:
        got = yield i
        if got:
            return got
        i += 1


def delegate(xs):
    result = yield from count(len(xs))
    yield
    return result


squares = (x * x for x in range(3) if x)
