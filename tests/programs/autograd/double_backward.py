# Higher-order gradients with create_graph=True: second and third derivatives of
# elementwise functions, a Hessian-vector product through an MLP (checked against the
# explicit Hessian), a gradient penalty (WGAN-GP style) trained one step, and
# double backward through softmax, layer norm, conv2d-free ops and logsumexp.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


x = torch.tensor([0.5, -1.0, 2.0], dtype=torch.float64, requires_grad=True)
y = (x.sin() * x ** 3).sum()
(g1,) = torch.autograd.grad(y, x, create_graph=True)
(g2,) = torch.autograd.grad(g1.sum(), x, create_graph=True)
(g3,) = torch.autograd.grad(g2.sum(), x)
print("d1", r(g1), "d2", r(g2), "d3", r(g3))

torch.manual_seed(31)
net = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 1)).double()
inp = torch.randn(5, 3, dtype=torch.float64)
params = list(net.parameters())
loss = net(inp).pow(2).mean()
grads = torch.autograd.grad(loss, params, create_graph=True)
vec = [torch.ones_like(p) * 0.1 for p in params]
gv = sum((g * v).sum() for g, v in zip(grads, vec))
hv = torch.autograd.grad(gv, params)
print("hvp", [round(float(h.sum()), 6) for h in hv])

w = torch.randn(3, dtype=torch.float64, requires_grad=True)


def f(w):
    return (torch.tanh(inp @ w) ** 2).sum()


(gw,) = torch.autograd.grad(f(w), w, create_graph=True)
rows = [torch.autograd.grad(gw[i], w, retain_graph=True)[0] for i in range(3)]
H = torch.stack(rows)
v = torch.tensor([1.0, -2.0, 0.5], dtype=torch.float64)
(hv2,) = torch.autograd.grad(gw @ v, w)
print("H sym", torch.allclose(H, H.T), "Hv", torch.allclose(H @ v, hv2), r(hv2))

torch.manual_seed(32)
critic = nn.Sequential(nn.Linear(2, 8), nn.Softplus(), nn.Linear(8, 1)).double()
opt = torch.optim.SGD(critic.parameters(), lr=0.1)
real = torch.randn(4, 2, dtype=torch.float64)
fake = torch.randn(4, 2, dtype=torch.float64)
alpha = torch.rand(4, 1, dtype=torch.float64)
for step in range(2):
    mix = (alpha * real + (1 - alpha) * fake).requires_grad_()
    out = critic(mix)
    (gm,) = torch.autograd.grad(out.sum(), mix, create_graph=True)
    gp = ((gm.norm(dim=1) - 1) ** 2).mean()
    loss = critic(fake).mean() - critic(real).mean() + 10 * gp
    opt.zero_grad()
    loss.backward()
    opt.step()
    print("gp step", step, round(loss.item(), 6), round(gp.item(), 6))


def dd(name, fn, shape):
    t = torch.randn(*shape, dtype=torch.float64, requires_grad=True)
    out = fn(t)
    (g,) = torch.autograd.grad((out * torch.randn(out.shape, dtype=torch.float64)).sum(), t,
                               create_graph=True)
    (gg,) = torch.autograd.grad(g.pow(2).sum(), t)
    print(name, r(gg.reshape(-1)[:6]))


dd("softmax", lambda t: t.softmax(-1), (2, 3))
dd("log_softmax", lambda t: F.log_softmax(t, 0), (2, 3))
dd("layer_norm", lambda t: F.layer_norm(t, (3,)), (2, 3))
dd("logsumexp", lambda t: t.logsumexp(1), (2, 3))
dd("gelu", F.gelu, (5,))
dd("sigmoid_mul", lambda t: torch.sigmoid(t) * t, (5,))
dd("matmul", lambda t: t @ t.T, (2, 3))
dd("cross_entropy", lambda t: F.cross_entropy(t, torch.tensor([0, 2])), (2, 3))
dd("elu", F.elu, (5,))
dd("norm", lambda t: t.norm(dim=1), (2, 3))
