# isinstance, issubclass, type, callable.
class Base:
    pass


class Derived(Base):
    pass


d = Derived()
print(isinstance(d, Derived), isinstance(d, Base), isinstance(d, (int, Base)))
print(isinstance(1, int), isinstance(True, int), isinstance(1.0, int), isinstance(1, float))
print(isinstance("s", str), isinstance([], (list, tuple)), isinstance(None, object))
print(issubclass(Derived, Base), issubclass(Base, Derived), issubclass(bool, int))
print(issubclass(Derived, (str, Base)), issubclass(ValueError, Exception))
print(type(1), type(1.0), type("s"), type([]), type(()), type({}), type(set()))
print(type(None), type(True), type(d), type(Derived), type(len))
print(type(d) is Derived, type(d) == Base, type(1) is int)
print(type(d).__name__, Derived.__name__, int.__name__)
print(callable(len), callable(d), callable(Derived), callable(lambda: 0), callable(3))
