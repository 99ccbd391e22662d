# A module of its own for test_other_modules.py: functions and classes whose code stores
# to this module's globals, as torch.nn.utils.parametrize's cached() does.
import torch

depth = 0
calls = 0
cache = {}


def bump(k):
    global calls
    calls = calls + k
    return calls


class entered:
    """A context manager counting how deep its blocks nest, in a global."""

    def __enter__(self):
        global depth
        depth += 1
        return depth

    def __exit__(self, *exc):
        global depth
        depth -= 1
        if not depth:
            cache.clear()
        return False


def cached_square(owner, name, x):
    # A dict keyed by (id, name) tuples, filled while a block of `entered` is open.
    key = (id(owner), name)
    t = cache.get(key) if depth else None
    if t is None:
        t = x * x
        if depth:
            cache[key] = t
    return t


def with_scaled_property(module):
    # The class of `module` becomes a generated subclass with a property, as
    # parametrize.register_parametrization does.
    cls = module.__class__

    def get_scaled(self):
        return cached_square(self, "scaled", self.weight) * 2

    module.__class__ = type("Scaled" + cls.__name__, (cls,), {"scaled": property(get_scaled)})
    return module
