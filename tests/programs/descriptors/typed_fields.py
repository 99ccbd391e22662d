# A validating descriptor using __set_name__, __get__, __set__ and __delete__.
class Typed:
    def __init__(self, kind):
        self.kind = kind

    def __set_name__(self, owner, name):
        print("__set_name__", owner.__name__, name)
        self.public = name
        self.private = "_" + name

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        return getattr(obj, self.private)

    def __set__(self, obj, value):
        if not isinstance(value, self.kind):
            raise TypeError(f"{self.public} must be {self.kind.__name__}, got {type(value).__name__}")
        setattr(obj, self.private, value)

    def __delete__(self, obj):
        print("deleting", self.public)
        delattr(obj, self.private)


class Person:
    name = Typed(str)
    age = Typed(int)

    def __init__(self, name, age):
        self.name = name
        self.age = age


p = Person("Ada", 36)
print(p.name, p.age, sorted(vars(p)))
p.age = 37
print(p.age, Person.age.public, type(Person.name).__name__)
try:
    p.age = "old"
except TypeError as e:
    print("TypeError:", e)
del p.age
try:
    p.age
except AttributeError as e:
    print("AttributeError:", e)
Person("Bob", "x")
