# Gradients of var_mean/std_mean (all overloads), pow with a zero base and zero exponent
# (zero, not NaN) and logsigmoid at 0 (0.5: the smooth derivative).
import torch
torch.manual_seed(0)
x = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
s, m = torch.std_mean(x, dim=1)
(s * 2 + m * 3).sum().backward()
print(x.grad)
x.grad = None
v, m = torch.var_mean(x, 0, correction=0, keepdim=True)
(v + m).sum().backward()
print(x.grad, v.shape)
x.grad = None
s, m = torch.std_mean(x)
(s + m).backward()
print(x.grad)
b = torch.tensor([0.0, 2.0, 0.0], requires_grad=True)
e = torch.tensor([0.0, 3.0, 2.0], requires_grad=True)
torch.pow(b, e).sum().backward()
print(b.grad, e.grad)
z = torch.tensor([-30.0, -2.0, 0.0, 0.5, 25.0], requires_grad=True)
torch.nn.functional.logsigmoid(z).sum().backward()
print(z.grad)
