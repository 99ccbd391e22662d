# Class attributes set by a metaclass, __setattr__ on a metaclass, and type.__call__.
class Frozen(type):
    def __setattr__(cls, name, value):
        if getattr(cls, "_frozen", False):
            raise AttributeError(f"{cls.__name__} is frozen; cannot set {name}")
        super().__setattr__(name, value)


class Constants(metaclass=Frozen):
    PI = 3.14


Constants.E = 2.71
Constants._frozen = True
print(Constants.PI, Constants.E)
try:
    Constants.TAU = 6.28
except AttributeError as e:
    print("AttributeError:", e)
print(hasattr(Constants, "TAU"))
obj = type.__call__(Constants)
print(type(obj).__name__, type.__call__(int, "12") + 1)
print(type(Constants).__name__, Frozen.mro())
