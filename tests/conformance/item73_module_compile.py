# Item 73: model.compile() compiles in place (same type, same state_dict keys);
# torch.compile(model) returns a wrapper whose state_dict keys start with _orig_mod.
import torch
from torch._dynamo.testing import CompileCounter


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(3, 2)

    def forward(self, x):
        return self.fc(x).relu()


torch.manual_seed(0)
net = Net()
x = torch.ones(1, 3)
expected = net(x)
cnt = CompileCounter()
opt = torch.compile(net, backend=cnt)
print(type(opt).__name__, opt is net, opt._orig_mod is net)
print(list(opt.state_dict().keys()))
print("compiled == eager:", torch.equal(opt(x), expected), "graphs:", cnt.frame_count)
cnt2 = CompileCounter()
net.compile(backend=cnt2)
print(type(net).__name__, list(net.state_dict().keys()))
print("compiled == eager:", torch.equal(net(x), expected), "graphs:", cnt2.frame_count)
