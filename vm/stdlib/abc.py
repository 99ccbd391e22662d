"""abc for wick: ABC, ABCMeta, abstractmethod and virtual subclasses (register).

ABCMeta is a real metaclass (a subclass of type): its __new__ records the class's
abstract methods in __abstractmethods__, which object.__new__ reads to refuse
instantiation, and its __instancecheck__/__subclasscheck__ answer for registered
virtual subclasses and __subclasshook__.

wick has no type.__subclasses__(), so register() also records the class with every ABC
above it in the MRO: that answers what CPython's walk over the subclasses would.
"""

__all__ = ["ABC", "ABCMeta", "abstractmethod", "abstractclassmethod",
           "abstractstaticmethod", "abstractproperty", "get_cache_token",
           "update_abstractmethods"]


def abstractmethod(funcobj):
    funcobj.__isabstractmethod__ = True
    return funcobj


def _is_abstract(value):
    if isinstance(value, (staticmethod, classmethod)):
        value = value.__func__
    elif isinstance(value, property):
        return any(_is_abstract(f) for f in (value.fget, value.fset, value.fdel)
                   if f is not None)
    return getattr(value, "__isabstractmethod__", False) is True


# classmethod, staticmethod and property cannot be subclassed in wick: these return
# the plain descriptor around a function marked abstract, which _is_abstract unwraps.
def abstractclassmethod(callable):
    callable.__isabstractmethod__ = True
    return classmethod(callable)


def abstractstaticmethod(callable):
    callable.__isabstractmethod__ = True
    return staticmethod(callable)


def abstractproperty(fget=None, fset=None, fdel=None, doc=None):
    if fget is not None:
        fget.__isabstractmethod__ = True
    return property(fget, fset, fdel, doc)


try:
    _frozenset = frozenset
except NameError:  # wick without frozenset: a set holds the same names
    _frozenset = set


def get_cache_token():
    return ABCMeta._abc_invalidation_counter


def _compute_abstracts(cls):
    abstracts = set()
    for name, value in list(cls.__dict__.items()):
        if _is_abstract(value):
            abstracts.add(name)
    for base in cls.__bases__:
        for name in getattr(base, "__abstractmethods__", ()):
            if _is_abstract(getattr(cls, name, None)):
                abstracts.add(name)
    return _frozenset(abstracts)


def update_abstractmethods(cls):
    if hasattr(cls, "__abstractmethods__"):
        cls.__abstractmethods__ = _compute_abstracts(cls)
    return cls


class ABCMeta(type):
    """Metaclass of abstract base classes."""

    _abc_invalidation_counter = 0

    def __new__(mcls, name, bases, namespace, /, **kwargs):
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        cls.__abstractmethods__ = _compute_abstracts(cls)
        cls._abc_registry = []
        return cls

    def register(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError("Can only register classes")
        if issubclass(subclass, cls):
            return subclass
        if issubclass(cls, subclass):
            raise RuntimeError("Refusing to create an inheritance cycle")
        for klass in cls.__mro__:
            registry = klass.__dict__.get("_abc_registry")
            if registry is not None:
                registry.append(subclass)
        ABCMeta._abc_invalidation_counter += 1
        return subclass

    def __instancecheck__(cls, instance):
        return cls.__subclasscheck__(type(instance))

    def __subclasscheck__(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError("issubclass() arg 1 must be a class")
        hook = getattr(cls, "__subclasshook__", None)
        if hook is not None:
            ok = hook(subclass)
            if ok is not NotImplemented:
                return bool(ok)
        if cls in subclass.__mro__:
            return True
        for registered in cls.__dict__.get("_abc_registry", ()):
            if issubclass(subclass, registered):
                return True
        return False

    def _dump_registry(cls, file=None):
        print(f"Class: {cls.__module__}.{cls.__qualname__}", file=file)
        print(f"Inv. counter: {get_cache_token()}", file=file)


class ABC(metaclass=ABCMeta):
    """Helper class: subclass it to get ABCMeta's behaviour."""
    __slots__ = ()
