# Gradients around NaN and infinity: the double-where trick keeps sqrt/log gradients
# finite, a plain where still propagates NaN from the unselected branch, masked_fill
# with -inf before softmax (fully masked rows), clamp at exact bounds, division by zero,
# nan_to_num, and abs / sqrt at zero.
import torch

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def show(name, t):
    print(name, [round(v, 4) if v == v else "nan" for v in t.tolist()])


x = torch.tensor([-1.0, 0.0, 4.0], requires_grad=True)
torch.where(x > 0, x.sqrt(), torch.zeros(3)).sum().backward()
show("plain where", x.grad)
x.grad = None
safe = torch.where(x > 0, x, torch.ones(3))
torch.where(x > 0, safe.sqrt(), torch.zeros(3)).sum().backward()
show("double where", x.grad)

s = torch.tensor([[1.0, 2.0, 3.0], [0.5, 0.5, 0.5]], requires_grad=True)
mask = torch.tensor([[False, True, False], [False, False, False]])
p = s.masked_fill(mask, float("-inf")).softmax(-1)
(p * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
print("masked softmax", [[round(v, 4) for v in row] for row in p.tolist()])
print("  grad", [[round(v, 4) + 0.0 for v in row] for row in s.grad.tolist()])

c = torch.tensor([-1.0, 0.0, 0.5, 1.0, 2.0], requires_grad=True)
c.clamp(0.0, 1.0).sum().backward()
show("clamp bounds", c.grad)
c.grad = None
c.clamp(min=0.5).sum().backward()
show("clamp min", c.grad)
c.grad = None
c.clamp(max=0.0).sum().backward()
show("clamp max", c.grad)

d = torch.tensor([1.0, 0.0, -2.0], requires_grad=True)
(1.0 / d).sum().backward()
show("reciprocal", d.grad)
d.grad = None
torch.nan_to_num(torch.log(d), nan=0.0, neginf=-5.0).sum().backward()
show("nan_to_num log", d.grad)
z = torch.zeros(2, requires_grad=True)
(z.abs() + z.sqrt()).sum().backward()
show("abs+sqrt at 0", z.grad)
m = torch.tensor([1.0, 1.0, 0.5], requires_grad=True)
m.max().backward()
show("max ties", m.grad)
m.grad = None
torch.relu(m - 1).sum().backward()
show("relu at 0", m.grad)
