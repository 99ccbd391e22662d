# addcmul / addcdiv: values (float32 addcmul rounds as upstream's fused kernel does),
# promotion across all three operands, value=, in-place forms, broadcasting and errors.
import torch

torch.manual_seed(0)
a = torch.randn(4)
b = torch.randn(4)
c = torch.randn(4)
print(torch.addcmul(a, b, c, value=0.1))
print(torch.addcdiv(a, b, c, value=0.1))
print(a.addcmul(b, c), a.addcdiv(b, c, value=-2))
x = torch.randn(1000)
y = torch.randn(1000)
z = torch.randn(1000)
r = torch.addcmul(x, y, z, value=0.37)
print(r[:6])
print(r.sum().item(), torch.addcdiv(x, y, z, value=0.37).sum().item())
print(torch.addcmul(x.double(), y.double(), z.double(), value=0.37).sum().item())

i = torch.tensor([1, 2, 3])
j = torch.tensor([4, 5, 6], dtype=torch.int32)
print(torch.addcmul(i, i, j, value=2))
print(torch.addcmul(i, i, j, value=0.5))
print(torch.addcmul(i, i, j.float(), value=0.5))
print(torch.addcmul(i.float(), i, j))
print(torch.addcdiv(i, i.float(), j))
print(torch.addcdiv(a, a, torch.zeros(4)))
print(torch.addcmul(torch.tensor(1.0), b, c.double()))
print(torch.addcmul(a.double(), b, torch.tensor(2.0, dtype=torch.float64)))
m = torch.addcmul(torch.ones(2, 1), torch.arange(3.0), torch.full((2, 3), 2.0))
print(m, m.shape)
t = a.clone()
print(t.addcmul_(b, c, value=3) is t, t)
t = a.clone()
t.addcdiv_(b, c, value=-1)
print(t)
print(torch.addcmul(a.view(2, 2).t(), b.view(2, 2), c.view(2, 2)).stride())

for f in [lambda: torch.addcdiv(i, i, j), lambda: torch.addcdiv(i.float(), i, j),
          lambda: torch.addcmul(a, b, torch.randn(3)),
          lambda: torch.addcmul(torch.tensor([True]), torch.tensor([True]), torch.tensor([False])),
          lambda: i.clone().addcmul_(i, j.float())]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
