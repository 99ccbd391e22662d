"""abc for wick: ABC, ABCMeta, abstractmethod and virtual subclasses (register).

wick has no metaclasses. `metaclass=ABCMeta` is accepted because ABCMeta defines
__wick_metaclass_init__, which __build_class__ calls on the new class; it records the
class's abstract methods, gives it register() and the virtual-subclass check that
isinstance/issubclass consult (__wick_subclasscheck__), refuses instantiation while
abstract methods remain, and hands the same treatment to every subclass through
__init_subclass__. ABC is simply a class made that way. type(cls) stays `type`.
"""

__all__ = ["ABC", "ABCMeta", "abstractmethod", "abstractclassmethod",
           "abstractstaticmethod", "get_cache_token"]


def abstractmethod(funcobj):
    funcobj.__isabstractmethod__ = True
    return funcobj


def _is_abstract(value):
    if isinstance(value, (staticmethod, classmethod)):
        value = value.__func__
    elif isinstance(value, property):
        value = value.fget
    return getattr(value, "__isabstractmethod__", False) is True


def abstractclassmethod(func):
    func.__isabstractmethod__ = True
    return classmethod(func)


def abstractstaticmethod(func):
    func.__isabstractmethod__ = True
    return staticmethod(func)


def get_cache_token():
    return 0


def _own(cls, name, default=None):
    return cls.__dict__.get(name, default)


def _abc_setup(cls):
    abstracts = set()
    for name, value in list(cls.__dict__.items()):
        if _is_abstract(value):
            abstracts.add(name)
    base = cls.__base__
    for name in getattr(base, "__abstractmethods__", ()):
        if _is_abstract(getattr(cls, name, None)):
            abstracts.add(name)
    cls.__abstractmethods__ = abstracts
    cls._abc_registry = []


def _abc_init_subclass(cls, **kwargs):
    _abc_setup(cls)


def _abc_new(cls, *args, **kwargs):
    missing = getattr(cls, "__abstractmethods__", None)
    if missing:
        names = sorted(missing)
        raise TypeError("Can't instantiate abstract class %s with abstract method%s %s"
                        % (cls.__name__, "s" if len(names) > 1 else "", ", ".join(names)))
    return object.__new__(cls)


def _abc_register(cls, subclass):
    if not isinstance(subclass, type):
        raise TypeError("Can only register classes")
    if issubclass(subclass, cls):
        return subclass
    if issubclass(cls, subclass):
        raise RuntimeError("Refusing to create an inheritance cycle")
    # Registering with cls registers with every ABC above it, which is what CPython's
    # walk over cls.__subclasses__() answers for them.
    for klass in cls.__mro__:
        registry = klass.__dict__.get("_abc_registry")
        if registry is not None:
            registry.append(subclass)
    return subclass


def _abc_subclasscheck(cls, subclass):
    hook = getattr(cls, "__subclasshook__", None)
    if hook is not None:
        ok = hook(subclass)
        if ok is not NotImplemented:
            return bool(ok)
    for registered in cls.__dict__.get("_abc_registry", ()):
        if issubclass(subclass, registered):
            return True
    return False


class ABCMeta:
    """Stands in for the metaclass: `class C(metaclass=ABCMeta)` gets C set up here."""

    @staticmethod
    def __wick_metaclass_init__(cls):
        _abc_setup(cls)
        if "_abc_root" not in [k for b in cls.__mro__[1:] for k in b.__dict__]:
            cls.__init_subclass__ = classmethod(_abc_init_subclass)
            cls.__new__ = staticmethod(_abc_new)
            cls.register = classmethod(_abc_register)
            cls.__wick_subclasscheck__ = classmethod(_abc_subclasscheck)
            cls._abc_root = True

    def register(cls, subclass):
        return _abc_register(cls, subclass)


class ABC(metaclass=ABCMeta):
    """Helper class: subclass it to get ABCMeta's behaviour."""
    __slots__ = ()
