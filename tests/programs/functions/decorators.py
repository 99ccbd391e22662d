# Decorators: plain, with arguments, stacked, functools.wraps.
import functools


def shout(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return str(fn(*args, **kwargs)).upper()
    return wrapper


def repeat(times):
    def deco(fn):
        def wrapper(*args):
            return [fn(*args) for _ in range(times)]
        return wrapper
    return deco


calls = []


def logged(fn):
    def wrapper(*args):
        calls.append(fn.__name__)
        return fn(*args)
    return wrapper


@shout
def greet(name):
    """Says hello."""
    return "hello " + name


@repeat(3)
def one():
    return 1


@logged
@shout
def both(x):
    return "x" * x


print(greet("bob"), greet.__name__, greet.__doc__)
print(one())
print(both(2), calls)
