# inspect: the predicates and member listing real model code uses (isfunction, isclass,
# ismethod, getmembers, ...). Names not here (signature, getsource,
# isgeneratorfunction, ...) are an
# AttributeError, never a wrong answer.
import types as _types


def isfunction(obj):
    return isinstance(obj, _types.FunctionType)


def ismethod(obj):
    # A Python function bound to an instance (wick binds builtin methods with the same
    # type; CPython's are method-wrappers, not methods).
    return isinstance(obj, _types.MethodType) and isfunction(getattr(obj, "__func__", None))


def isclass(obj):
    return isinstance(obj, type)


def ismodule(obj):
    return isinstance(obj, _types.ModuleType)


def isbuiltin(obj):
    return isinstance(obj, _types.BuiltinFunctionType)


def isroutine(obj):
    return isbuiltin(obj) or isfunction(obj) or ismethod(obj)


def isgenerator(obj):
    return isinstance(obj, _types.GeneratorType)


def isabstract(obj):
    return isinstance(obj, type) and bool(getattr(obj, "__abstractmethods__", False))


def getmembers(obj, predicate=None):
    """(name, value) pairs of obj's attributes, sorted by name, as dir() lists them."""
    results = []
    for name in _attribute_names(obj):
        try:
            value = getattr(obj, name)
        except AttributeError:
            continue
        if predicate is None or predicate(value):
            results.append((name, value))
    results.sort(key=lambda pair: pair[0])
    return results


def _attribute_names(obj):
    # What dir() lists: the instance's __dict__ and every class's along the MRO.
    names = set()
    if hasattr(obj, "__dict__"):
        names.update(obj.__dict__.keys())
    for klass in (obj if isinstance(obj, type) else type(obj)).__mro__:
        names.update(klass.__dict__.keys())
    return sorted(names)


def getmro(cls):
    return cls.__mro__
