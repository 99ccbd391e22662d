from abc import ABC, abstractmethod


class Model(ABC):
    @property
    @abstractmethod
    def name(self):
        ...

    @staticmethod
    @abstractmethod
    def version():
        ...

    def summary(self):
        return f"{self.name} v{self.version()}"


class Linear(Model):
    @property
    def name(self):
        return "linear"

    @staticmethod
    def version():
        return 2


print(Linear().summary(), sorted(Model.__abstractmethods__))


class OnlyName(Model):
    name = "fixed"


try:
    OnlyName()
except TypeError as e:
    print("TypeError:", e)


class Mixin:
    def hello(self):
        return "hello"


class Tool(ABC):
    @abstractmethod
    def use(self):
        ...


class Hammer(Tool):
    def use(self):
        return "bang"


h = Hammer()
print(h.use(), isinstance(h, Tool), issubclass(Hammer, Tool))
