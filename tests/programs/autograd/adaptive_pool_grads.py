# Gradients of adaptive average pooling (uneven windows, global pooling, the 1-d form
# through unsqueeze/squeeze as upstream decomposes it) and its double backward.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(2, 3, 7, 5, requires_grad=True)
y = F.adaptive_avg_pool2d(x, (3, 2))
print(y.grad_fn.name())
w = torch.randn(2, 3, 3, 2)
(y * w).sum().backward()
print(x.grad[0, 0])
print(x.grad.sum().item() - w.sum().item() < 1e-4)

x.grad = None
F.adaptive_avg_pool2d(x, 1).sum().backward()
print(x.grad[1, 2, 0])

x1 = torch.randn(2, 4, 9, requires_grad=True)
y1 = F.adaptive_avg_pool1d(x1, 4)
print(y1.grad_fn.name())
(y1 * torch.arange(4.0)).sum().backward()
print(x1.grad[0])

# Double backward: the gradient of the gradient.
x2 = torch.randn(1, 1, 5, 4, requires_grad=True)
g, = torch.autograd.grad((F.adaptive_avg_pool2d(x2, (2, 3)) ** 2).sum(), x2, create_graph=True)
g.sum().backward()
print(x2.grad)

pool = torch.nn.AdaptiveAvgPool2d((2, 2))
m = torch.randn(1, 2, 4, 6, requires_grad=True)
pool(m).mean().backward()
print(m.grad[0, 1])
