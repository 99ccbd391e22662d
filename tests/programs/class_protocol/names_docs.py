# __qualname__, __module__, __doc__ and __name__ of classes, nested classes and methods.
class Outer:
    """Outer's docstring."""

    class Inner:
        def method(self):
            """Inner method."""

    def method(self):
        def local():
            pass
        return local


print(Outer.__name__, Outer.__qualname__, Outer.__module__, Outer.__doc__)
print(Outer.Inner.__qualname__, Outer.Inner.__doc__, Outer.Inner.method.__qualname__)
print(Outer.Inner.method.__doc__, Outer().method().__qualname__)
print(Outer().method.__name__, Outer().method.__qualname__)


class NoDoc:
    pass


print(NoDoc.__doc__, NoDoc().__module__, type(NoDoc()).__qualname__)
