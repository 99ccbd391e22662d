# torch.autograd.Function (save_for_backward, needs_input_grad, non-differentiable
# outputs, non-tensor arguments), torch.utils.checkpoint and torch.autograd.grad.
import torch
from torch.utils.checkpoint import checkpoint


class Swish(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, beta):
        ctx.save_for_backward(x)
        ctx.beta = beta
        return x * torch.sigmoid(beta * x)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        s = torch.sigmoid(ctx.beta * x)
        print("needs", ctx.needs_input_grad)
        return grad * (s + ctx.beta * x * s * (1 - s)), None


x = torch.tensor([-1.0, 0.5, 2.0], requires_grad=True)
y = Swish.apply(x, 1.5)
print(y.grad_fn.name(), y.requires_grad)
y.sum().backward()
print(x.grad)
ref = x.detach().clone().requires_grad_()
(ref * torch.sigmoid(1.5 * ref)).sum().backward()
print(torch.allclose(x.grad, ref.grad))

with torch.no_grad():
    print(Swish.apply(x, 1.0).requires_grad)


class SortWithIndex(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        values, idx = x.sort()
        ctx.mark_non_differentiable(idx)
        ctx.save_for_backward(idx)
        return values, idx

    @staticmethod
    def backward(ctx, grad_values, grad_idx):
        (idx,) = ctx.saved_tensors
        out = torch.zeros_like(grad_values)
        out[idx] = grad_values
        return out


v, i = SortWithIndex.apply(x)
print(v.requires_grad, i.requires_grad)
x.grad = None
(v * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
print(x.grad)

# checkpoint: same gradients as the plain computation.
lin = torch.nn.Linear(3, 3)
inp = torch.randn(2, 3, requires_grad=True)
out = checkpoint(lambda t: torch.tanh(lin(t)), inp)
print(out.grad_fn.name())
out.sum().backward()
g_ckpt, w_ckpt = inp.grad.clone(), lin.weight.grad.clone()
inp.grad = None
lin.weight.grad = None
torch.tanh(lin(inp)).sum().backward()
print(torch.allclose(inp.grad, g_ckpt), torch.allclose(lin.weight.grad, w_ckpt))

# torch.autograd.grad: outputs, grad_outputs, allow_unused, retain_graph, the messages.
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0], requires_grad=True)
u = torch.tensor([1.0], requires_grad=True)
out = (a * b).sum()
ga, gb = torch.autograd.grad(out, (a, b), retain_graph=True)
print(ga, gb, a.grad)
(gu,) = torch.autograd.grad(out, u, allow_unused=True, retain_graph=True)
print(gu)
try:
    torch.autograd.grad(out, u)
except RuntimeError as e:
    print("RuntimeError:", e)
(g,) = torch.autograd.grad(a * b, a, grad_outputs=torch.tensor([1.0, 0.5]))
print(g)
torch.autograd.backward([(a * 2).sum(), (b * 3).sum()])
print(a.grad, b.grad)
