# Jacobians, Hessians, vector-Jacobian and Jacobian-vector products built from
# torch.autograd.grad (row by row with retain_graph, is_grads_batched-free), the
# double-vjp trick for jvp, and create_graph Hessians, against closed forms.
import torch

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


def f(x):
    return torch.stack([x[0] * x[1], x[1].sin(), x.exp().sum()])


def jacobian(fn, x):
    x = x.detach().requires_grad_()
    y = fn(x)
    rows = [torch.autograd.grad(y[i], x, retain_graph=True)[0] for i in range(y.numel())]
    return torch.stack(rows)


x = torch.tensor([0.5, -1.0], dtype=torch.float64)
J = jacobian(f, x)
print("jacobian", r(J))
closed = torch.tensor([[x[1], x[0]], [0.0, x[1].cos()], [x[0].exp(), x[1].exp()]],
                      dtype=torch.float64)
print("closed form", torch.allclose(J, closed))

xr = x.clone().requires_grad_()
u = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64)
(vjp,) = torch.autograd.grad(f(xr), xr, u)
print("vjp", r(vjp), torch.allclose(vjp, u @ J))

# jvp by the double-vjp trick: grad of (u -> J^T u) . v with respect to u.
v = torch.tensor([1.0, 0.5], dtype=torch.float64)
uu = torch.zeros(3, dtype=torch.float64, requires_grad=True)
xr = x.clone().requires_grad_()
(g,) = torch.autograd.grad(f(xr), xr, uu, create_graph=True)
(jvp,) = torch.autograd.grad(g, uu, v)
print("jvp", r(jvp), torch.allclose(jvp, J @ v))


def s(x):
    return (x ** 3).sum() + x[0] * x[1] ** 2


xr = x.clone().requires_grad_()
(gs,) = torch.autograd.grad(s(xr), xr, create_graph=True)
H = torch.stack([torch.autograd.grad(gs[i], xr, retain_graph=True)[0] for i in range(2)])
print("hessian", r(H))
Hc = torch.tensor([[6 * x[0], 2 * x[1]], [2 * x[1], 6 * x[1] + 2 * x[0]]], dtype=torch.float64)
print("closed form", torch.allclose(H, Hc))
(hvp,) = torch.autograd.grad(gs, xr, v)
print("hvp", r(hvp), torch.allclose(hvp, H @ v))


def g2(a, b):
    return a @ b + a.sum()


a = torch.randn(2, 3, dtype=torch.float64, requires_grad=True)
b = torch.randn(3, dtype=torch.float64, requires_grad=True)
out = g2(a, b)
Ja = torch.stack([torch.autograd.grad(out[i], a, retain_graph=True)[0] for i in range(2)])
Jb = torch.stack([torch.autograd.grad(out[i], b, retain_graph=True)[0] for i in range(2)])
print("two inputs", tuple(Ja.shape), r(Jb), torch.allclose(Jb, a.detach()))

w = torch.randn(3, dtype=torch.float64, requires_grad=True)
(gw,) = torch.autograd.grad((w.tanh() * w).sum(), w, create_graph=True)
(gw2,) = torch.autograd.grad(gw.sum(), w, create_graph=True)
print("second", r(gw2), gw2.requires_grad)
