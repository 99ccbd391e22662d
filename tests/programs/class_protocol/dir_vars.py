# dir() and vars() of instances, classes and modules, as CPython sorts them.
import math


class Base:
    base_attr = 1

    def base_method(self):
        pass


class Child(Base):
    child_attr = 2

    def __init__(self):
        self.inst = 3


c = Child()
print([n for n in dir(c) if not n.startswith("__")])
print(dir(c) == sorted(dir(c)), "__init__" in dir(c), "__dict__" in dir(c))
print([n for n in dir(Child) if not n.startswith("__")])
print(vars(c), sorted(k for k in vars(Child) if not k.startswith("__")))
print("sqrt" in dir(math), dir(math) == sorted(dir(math)))


class Custom:
    def __dir__(self):
        return ["z", "a", "m"]


print(dir(Custom()))
print(dir(Base) == sorted(set(dir(object)) | {"__dict__", "__module__", "__weakref__", "base_attr", "base_method"}))
try:
    vars(3)
except TypeError as e:
    print("TypeError:", e)
