from abc import ABC, ABCMeta, abstractmethod


class Shape(ABC):
    @abstractmethod
    def area(self):
        ...

    @abstractmethod
    def perimeter(self):
        ...

    def describe(self):
        return f"{type(self).__name__} with area {self.area()}"


class Square(Shape):
    def __init__(self, side):
        self.side = side

    def area(self):
        return self.side ** 2

    def perimeter(self):
        return 4 * self.side


class HalfDone(Shape):
    def area(self):
        return 1


for cls in (Shape, HalfDone):
    try:
        cls()
    except TypeError as e:
        print("TypeError:", e)
print(Square(2).describe(), isinstance(Square(2), Shape), sorted(Shape.__abstractmethods__),
      sorted(HalfDone.__abstractmethods__), len(Square.__abstractmethods__))


class Runner(metaclass=ABCMeta):
    @abstractmethod
    def run(self):
        pass

    @classmethod
    @abstractmethod
    def make(cls):
        pass


class Impl(Runner):
    def run(self):
        return "ran"

    @classmethod
    def make(cls):
        return cls()


print(Impl.make().run())
try:
    Runner()
except TypeError as e:
    print("TypeError:", e)


class WithInit(ABC):
    def __init__(self, a, b=2):
        self.a, self.b = a, b


print(WithInit(1).b, WithInit(1, b=5).b)
