# torch.compile'd training: a compiled model's loss, gradients and parameters after a
# few SGD and Adam steps equal eager's; a graph break inside the forward and a compiled
# function of leaf tensors give the same gradients too.
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(8, 6)
y = torch.randint(0, 3, (8,))


class Net(nn.Module):
    def __init__(self, graph_break=False):
        super().__init__()
        self.fc1 = nn.Linear(6, 12)
        self.ln = nn.LayerNorm(12)
        self.fc2 = nn.Linear(12, 3)
        self.graph_break = graph_break

    def forward(self, t):
        h = F.gelu(self.ln(self.fc1(t)))
        if self.graph_break:
            print("break")
        return self.fc2(h)


def run(graph_break, opt_cls, **kw):
    torch.manual_seed(1)
    eager = Net(graph_break)
    compiled_model = copy.deepcopy(eager)
    compiled = torch.compile(compiled_model)
    opt_e = opt_cls(eager.parameters(), **kw)
    opt_c = opt_cls(compiled_model.parameters(), **kw)
    for step in range(3):
        losses = []
        for model, opt in ((eager, opt_e), (compiled, opt_c)):
            opt.zero_grad()
            loss = F.cross_entropy(model(x), y)
            loss.backward()
            opt.step()
            losses.append(round(loss.item(), 5))
        print(step, losses[0] == losses[1], losses[0])
    same = all(torch.allclose(a, b, atol=1e-6)
               for a, b in zip(eager.parameters(), compiled_model.parameters()))
    print("params equal:", same)


run(False, torch.optim.SGD, lr=0.1, momentum=0.9)
run(True, torch.optim.Adam, lr=0.01)


@torch.compile
def f(a, b):
    return (a.sin() * b).sum() + (a @ b.t()).relu().mean()


a = torch.randn(3, 4, requires_grad=True)
b = torch.randn(3, 4, requires_grad=True)
out = f(a, b)
out.backward()
ga, gb = a.grad.clone(), b.grad.clone()
a.grad = b.grad = None
ref = (a.sin() * b).sum() + (a @ b.t()).relu().mean()
ref.backward()
print(round(out.item(), 5) == round(ref.item(), 5), torch.allclose(ga, a.grad),
      torch.allclose(gb, b.grad))
with torch.no_grad():
    print(f(a, b).requires_grad)
print(f(a.detach(), b.detach()).requires_grad, f(a, b).requires_grad)
