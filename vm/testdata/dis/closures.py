def counter():
    count = 0
    def inc(step=1):
        nonlocal count
        count += step
        return count
    return inc
def outer(x):
    def middle():
        def inner():
            return x
        return inner
    return middle
