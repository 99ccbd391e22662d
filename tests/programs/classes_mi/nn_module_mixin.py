# nn.Module subclasses with mixins, compiled: the same results as eager.
import torch
import torch.nn as nn


class ScaleMixin:
    def scale(self, x):
        return x * self.factor


class ResidualMixin:
    def residual(self, x, y):
        return x + y


class Block(ScaleMixin, ResidualMixin, nn.Module):
    def __init__(self):
        super().__init__()
        self.factor = 0.5
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        return self.residual(x, self.scale(self.lin(x)))


class Base(nn.Module):
    def forward(self, x):
        return x + 1


class Left(Base):
    def forward(self, x):
        return super().forward(x) * 2


class Right(Base):
    def forward(self, x):
        return super().forward(x) - 3


class Diamond(Left, Right):
    def forward(self, x):
        return super().forward(x) + 10


torch.manual_seed(0)
x = torch.randn(2, 4)
with torch.no_grad():
    for m in (Block(), Diamond()):
        eager = m(x)
        compiled = torch.compile(m)(x)
        print(type(m).__name__, torch.allclose(eager, compiled))
        print(compiled)
print([k.__name__ for k in Diamond.__mro__])
