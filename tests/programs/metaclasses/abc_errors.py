# Instantiating an abstract class is an uncaught TypeError with CPython's message.
from abc import ABC, abstractmethod


class Model(ABC):
    @abstractmethod
    def forward(self, x):
        ...

    @abstractmethod
    def backward(self, g):
        ...


class Partial(Model):
    def forward(self, x):
        return x


try:
    Partial()
except TypeError as e:
    print("TypeError:", e)
Model()
