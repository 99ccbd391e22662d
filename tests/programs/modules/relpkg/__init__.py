# A package whose modules import each other relatively (modules/relative_imports.py).
from .a import double
from . import b

print("relpkg:", __name__, __package__, __path__[0].endswith("relpkg"))
