# wick quickstart: an ordinary PyTorch script. `./wick run examples/quickstart.py` runs it
# in wick's VM; `python3 examples/quickstart.py` runs it under PyTorch (2.x for
# torch.compile) and prints the same thing.
import torch
import torch.nn as nn


class TinyNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 8)
        self.fc2 = nn.Linear(8, 2)

    def forward(self, x):
        h = torch.relu(self.fc1(x))
        return self.fc2(h).softmax(dim=-1)


torch.manual_seed(0)
model = TinyNet()
print(model)

x = torch.randn(3, 4)
compiled = torch.compile(model)
with torch.no_grad():
    eager_out = model(x)
    compiled_out = compiled(x)
print(eager_out)
print("compiled matches eager:", torch.allclose(eager_out, compiled_out))
print("predicted classes:", compiled_out.argmax(dim=-1).tolist())
