# ABCs mixed with nn.Module and plain bases: the metaclass wins over type.
import abc

import torch
import torch.nn as nn


class Head(abc.ABC):
    @abc.abstractmethod
    def head(self, x):
        ...


class Model(nn.Module, Head):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 2)

    def head(self, x):
        return x.relu()

    def forward(self, x):
        return self.head(self.lin(x))


class Broken(nn.Module, Head):
    pass


print(type(Model).__name__, [k.__name__ for k in Model.__mro__])
torch.manual_seed(0)
m = Model()
x = torch.randn(2, 3)
with torch.no_grad():
    print(m(x))
    print(torch.allclose(torch.compile(m)(x), m(x)))
try:
    Broken()
except TypeError as e:
    print("TypeError:", e)
