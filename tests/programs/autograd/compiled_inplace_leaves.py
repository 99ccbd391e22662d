# Compiled graphs that AOT autograd leaves to recorded execution: an in-place write on a
# value that needs grad (a checkpoint's output, an intermediate), and a leaf made with
# requires_grad=True inside the compiled function; plus checkpointing with dropout (the
# recomputation draws the forward's masks). Gradients equal eager's.
import torch
import torch.utils.checkpoint as cp

torch.manual_seed(0)
w = torch.randn(4, 4, requires_grad=True)
x = torch.randn(2, 4, requires_grad=True)


def f(t):
    return cp.checkpoint(lambda u: u @ w, t).relu_()


torch.compile(f)(x).sum().backward()
g1, gw1 = x.grad.clone(), w.grad.clone()
x.grad = None
w.grad = None
f(x).sum().backward()
print(torch.allclose(g1, x.grad), torch.allclose(gw1, w.grad))


def h(a):
    b = a * 2
    b.add_(1)
    return b.sin()


a = torch.randn(3, requires_grad=True)
torch.compile(h)(a).sum().backward()
print(torch.allclose(a.grad, 2 * (a * 2 + 1).cos()))


def leaf():
    y = torch.zeros(2, requires_grad=True)
    z = (y + 1).pow(2).sum()
    return y, z


y, z = torch.compile(leaf)()
z.backward()
print(y.grad, y.is_leaf)

lin = torch.nn.Linear(4, 4)
drop = torch.nn.Dropout(0.5)


def block(t):
    return drop(lin(t)).relu()


x.grad = None
torch.manual_seed(5)
out = cp.checkpoint(block, x)
out.sum().backward()
gx, gl = x.grad.clone(), lin.weight.grad.clone()
x.grad = None
lin.weight.grad = None
torch.manual_seed(5)
block(x).sum().backward()
print(torch.allclose(gx, x.grad), torch.allclose(gl, lin.weight.grad), torch.rand(1))
