# abc.ABCMeta as a real metaclass: abstract methods, properties, registration.
import abc


class Shape(abc.ABC):
    @abc.abstractmethod
    def area(self):
        ...

    @property
    @abc.abstractmethod
    def name(self):
        ...

    def describe(self):
        return f"{self.name}: {self.area():.2f}"


class Square(Shape):
    def __init__(self, s):
        self.s = s

    def area(self):
        return self.s ** 2

    @property
    def name(self):
        return "square"


class Half(Shape):
    def area(self):
        return 0.5


print(type(Shape).__name__, type(Square) is abc.ABCMeta, isinstance(Shape, abc.ABCMeta))
print(sorted(Shape.__abstractmethods__), sorted(Half.__abstractmethods__), sorted(Square.__abstractmethods__))
print(Square(3).describe())
for cls in (Shape, Half):
    try:
        cls()
    except TypeError as e:
        print("TypeError:", e)


class Sized(metaclass=abc.ABCMeta):
    @classmethod
    def __subclasshook__(cls, C):
        if cls is Sized:
            return any("__len__" in B.__dict__ for B in C.__mro__)
        return NotImplemented


print(isinstance([], Sized), isinstance(3, Sized), issubclass(dict, Sized))


class Registered(abc.ABC):
    pass


Registered.register(int)
print(isinstance(5, Registered), issubclass(bool, Registered), isinstance("x", Registered))
