# functools.wraps and partial.
import functools


def trace(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        result = fn(*args, **kwargs)
        print(f"{fn.__name__}{args} -> {result}")
        return result
    return wrapper


@trace
def area(w, h=1):
    """Area of a rectangle."""
    return w * h


area(3, 4)
area(5)
print(area.__name__, area.__doc__)
base2 = functools.partial(int, base=2)
print(base2("111"), base2("1000"))
greet = functools.partial("{} {}!".format, "Hello")
print(greet("world"))
p = functools.partial(area, h=10)
print(p(2), p.args, p.keywords)
