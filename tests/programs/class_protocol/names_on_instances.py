# Instances do not see their class's __name__/__qualname__; __doc__ is always there;
# nested classes print with their qualified name.
class A:
    pass


class B(A):
    """B's doc."""

    class Inner:
        pass


a = A()
print(hasattr(a, "__name__"), getattr(a, "__name__", "none"), getattr(a, "__qualname__", "none"))
print(hasattr(a, "__doc__"), a.__doc__, B().__doc__, "__doc__" in A.__dict__)
print(A.__name__, B.Inner.__qualname__, B.Inner.__name__, B.Inner, repr(B.Inner)[:20])
Dyn = type("Dyn", (A,), {})
print(Dyn.__qualname__, Dyn.__name__)
B.__name__ = "Renamed"
print(B.__name__, B.__qualname__, B)
try:
    B.__qualname__ = 3
except TypeError as e:
    print("TypeError:", e)
