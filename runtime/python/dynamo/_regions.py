# torch._dynamo._regions (wick-internal): helpers shared by torch._dynamo and
# torch.compiler: a contextlib.ContextDecorator stand-in and allow_in_graph.
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
