from abc import ABC, abstractmethod


class Plugin(ABC):
    @abstractmethod
    def load(self):
        ...


class Sized(ABC):
    @classmethod
    def __subclasshook__(cls, C):
        if cls is Sized:
            return hasattr(C, "__len__")
        return NotImplemented


class External:
    def load(self):
        return "external"


print(isinstance(External(), Plugin), issubclass(External, Plugin))
Plugin.register(External)
print(isinstance(External(), Plugin), issubclass(External, Plugin), isinstance(3, Plugin))


@Plugin.register
class Decorated:
    pass


print(Decorated.__name__, isinstance(Decorated(), Plugin))
print(isinstance([], Sized), isinstance(3, Sized), issubclass(dict, Sized))
try:
    Plugin.register(3)
except TypeError as e:
    print("TypeError:", e)
