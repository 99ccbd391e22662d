# Function objects: __name__, __doc__, defaults, attributes, identity of calls.
def documented(a, b=3):
    """Adds things."""
    return a + b


print(documented.__name__, documented.__doc__, documented.__defaults__)
documented.tag = "custom"
print(documented.tag, callable(documented))
f = documented
print(f is documented, f(1))
print((lambda: 0).__name__)


def nested():
    def inner():
        pass
    return inner


print(nested().__name__, nested().__qualname__)
