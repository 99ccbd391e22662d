# In-place variants: add_, sub_, mul_, div_, clamp_, zero_, fill_, and aliasing through views.
import torch

x = torch.arange(6, dtype=torch.float32).view(2, 3)
y = x
x.add_(1)
print(x, y is x)
x.mul_(2).sub_(1)
print(x)
x.div_(torch.tensor([1.0, 2.0, 4.0]))
print(x)
row = x[0]
row.fill_(-1)
print(x)
x.clamp_(min=0)
print(x)
x[1].zero_()
print(x)
i = torch.tensor([1, 2, 3])
i += 1
i *= 3
print(i)
try:
    i.div_(2)
except RuntimeError as e:
    print("RuntimeError:", e)
f = torch.ones(3)
f.exp_()
f.neg_()
print(f, f.abs_(), f.sqrt_())
