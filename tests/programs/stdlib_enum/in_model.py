# Enums configuring a torch model, used inside torch.compile.
from enum import Enum

import torch
import torch.nn as nn


class Act(Enum):
    RELU = "relu"
    TANH = "tanh"


class Net(nn.Module):
    def __init__(self, act):
        super().__init__()
        self.act = act
        self.lin = nn.Linear(3, 3)

    def forward(self, x):
        y = self.lin(x)
        if self.act is Act.RELU:
            return y.relu()
        return y.tanh()


torch.manual_seed(0)
x = torch.randn(2, 3)
with torch.no_grad():
    for act in Act:
        net = Net(act)
        print(act, net(x))
        print(torch.allclose(torch.compile(net)(x), net(x)))
