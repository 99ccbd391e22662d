# Packages with __init__.py, relative imports (from . / .mod / ..), __name__ and
# __package__, submodules found on disk by `from pkg import sub`, namespace packages
# without __init__.py, and the errors CPython gives.
import relpkg
from relpkg import c
from relpkg.b import quadruple
import nspkg.m

print(relpkg.double(3), quadruple(2), c.VALUE)
print(relpkg.b.__name__, relpkg.b.__package__, relpkg.a.__package__)
print(nspkg.m.WHO, nspkg.m.__package__, nspkg.__name__)
print(__name__, __package__)
try:
    from . import anything
except ImportError as e:
    print(type(e).__name__, e)
try:
    relpkg.b.beyond()
except ImportError as e:
    print(type(e).__name__, e)
try:
    from relpkg import missing
except ImportError as e:
    print(type(e).__name__, str(e).split(" (")[0], str(e).endswith("relpkg/__init__.py)"))
try:
    import relpkg.missing
except ImportError as e:
    print(type(e).__name__, e)
