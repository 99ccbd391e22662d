# types: the names of the interpreter's own types, and SimpleNamespace, as CPython's
# types module has them (what real programs use; anything else is an AttributeError).
import sys


def _f():
    pass


async_names = ()
FunctionType = type(_f)
LambdaType = FunctionType
CodeType = type(_f.__code__) if hasattr(_f, "__code__") else None
ModuleType = type(sys)
BuiltinFunctionType = type(len)
BuiltinMethodType = BuiltinFunctionType
NoneType = type(None)
EllipsisType = type(Ellipsis)
NotImplementedType = type(NotImplemented)


def _g():
    yield 1


GeneratorType = type(_g())


class _C:
    def _m(self):
        pass


MethodType = type(_C()._m)
del _f, _g, _C, async_names
if CodeType is None:
    del CodeType


class SimpleNamespace:
    """An object whose attributes are its keyword arguments (types.SimpleNamespace)."""

    def __init__(self, **kwargs):
        for key, value in kwargs.items():
            setattr(self, key, value)

    def __repr__(self):
        items = ("{}={!r}".format(k, v) for k, v in self.__dict__.items())
        name = "namespace" if type(self) is SimpleNamespace else type(self).__name__
        return "{}({})".format(name, ", ".join(items))

    def __eq__(self, other):
        if isinstance(self, SimpleNamespace) and isinstance(other, SimpleNamespace):
            return self.__dict__ == other.__dict__
        return NotImplemented
