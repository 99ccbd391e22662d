# torch._dynamo._regions (wick-internal): M2 EAGER STAND-IN helpers shared by the
# torch._dynamo / torch.compiler preludes. Milestone M3 replaces them with the compiler.
# Mirrors tests/programs/prelude.py, which makes the same APIs no-ops on PyTorch 1.13.
import functools


# Usable as `with region:` and as `@region`; the wrapper runs the call inside the
# region, like contextlib.ContextDecorator.
class ContextDecorator:
    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        return False

    def __call__(self, fn):
        region = self

        @functools.wraps(fn)
        def inner(*args, **kwargs):
            with region:
                return fn(*args, **kwargs)

        return inner


# A region that changes nothing (error_on_graph_break, set_stance, ...).
class NoopRegion(ContextDecorator):
    pass


def noop_region(*args, **kwargs):
    return NoopRegion()


# `@dec`, `@dec()`, `@dec(recursive=False)` and `dec(fn)` all return fn unchanged
# (disable: eager code is already "not compiled").
def decorator_with_optional_args(fn=None, *args, **kwargs):
    if fn is None or not callable(fn):
        return lambda f: f
    return fn


def noop(*args, **kwargs):
    return None


def identity(fn):
    return fn


def returns_false(*args, **kwargs):
    return False


# torch.compiler.allow_in_graph / torch._dynamo.allow_in_graph: compiled code keeps a
# call to fn as one graph node that runs fn when the graph runs (the tracer reads the
# mark). Eagerly nothing changes. Marked functions stay alive as long as the
# interpreter, since compiled graphs may call them.
_allowed_in_graph = []


def allow_in_graph(fn):
    if isinstance(fn, (list, tuple)):
        return [allow_in_graph(x) for x in fn]
    if type(fn).__name__ != "function":
        raise TypeError("allow_in_graph in wick takes Python functions, not "
                        + type(fn).__name__)
    fn._wick_allow_in_graph = True
    _allowed_in_graph.append(fn)
    return fn
