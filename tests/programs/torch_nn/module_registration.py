# Custom nn.Module: submodule and parameter registration, parameters(), named_parameters(),
# children(), modules(), repr of nested modules.
import torch
import torch.nn as nn

# Outputs of modules with parameters would print grad_fn=<...>: run inference only.
torch.set_grad_enabled(False)


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.act = nn.ReLU()
        self.scale = nn.Parameter(torch.ones(dim))
        self.not_a_param = torch.zeros(dim)

    def forward(self, x):
        return self.act(self.proj(x)) * self.scale


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.first = Block(3)
        self.second = Block(3)
        self.head = nn.Linear(3, 1)

    def forward(self, x):
        return self.head(self.second(self.first(x)))


torch.manual_seed(1)
net = Net()
print(net)
for name, p in net.named_parameters():
    print(name, tuple(p.shape), p.requires_grad)
print(len(list(net.parameters())), sum(p.numel() for p in net.parameters()))
print([type(m).__name__ for m in net.children()])
print([type(m).__name__ for m in net.modules()])
print(net(torch.ones(2, 3)))
print(isinstance(net.first.scale, torch.Tensor), isinstance(net.first.scale, nn.Parameter))
