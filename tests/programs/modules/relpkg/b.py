from .a import double as twice
from . import a

LATE = "set in b"


def quadruple(x):
    return twice(a.double(x))


def beyond():
    from ... import nothing  # two levels up from relpkg: past the top-level package
