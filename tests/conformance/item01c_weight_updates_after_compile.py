# env: TORCH_LOGS=recompiles
# The default backend prepacks module weights; updating a weight in place after compiling,
# or assigning a new Parameter, changes the compiled result exactly as it changes eager.
import torch
import torch.nn as nn

torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(32, 64)
        self.fc2 = nn.Linear(64, 8)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


m = Net()
opt = torch.compile(m)
x = torch.randn(16, 32)
print("first:", torch.allclose(opt(x), m(x), atol=1e-5))
with torch.no_grad():
    m.fc1.weight.mul_(-2.0)
print("after fc1.weight.mul_:", torch.allclose(opt(x), m(x), atol=1e-5))
m.fc2.weight = nn.Parameter(torch.randn(8, 64))
print("after a new fc2.weight:", torch.allclose(opt(x), m(x), atol=1e-5))
with torch.no_grad():
    m.fc2.weight.zero_()
print("after fc2.weight.zero_:", torch.allclose(opt(x), m(x), atol=1e-5),
      torch.equal(opt(x), m.fc2.bias.expand(16, 8)))
