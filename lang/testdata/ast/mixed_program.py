import torch
import torch.nn as nn
from torch.nn import functional as F


class Net(nn.Module):
    def __init__(self, d: int = 4):
        super().__init__()
        self.fc = nn.Linear(d, d)

    def forward(self, x):
        return F.relu(self.fc(x)) @ x.t()


@torch.compile(backend="eager", fullgraph=False)
def step(model, x, *, scale=1.0):
    y = model(x)[:, 0] * scale
    if y.sum() > 0:
        y = y.clamp(min=-1.0, max=1.0)
    else:
        y = -y
    return {"y": y, "n": len(x), **extra}


if __name__ == "__main__":
    torch.manual_seed(0)
    out = step(Net(), torch.randn(2, 4))
    print(f"{out['n']=}", sep=", ")
