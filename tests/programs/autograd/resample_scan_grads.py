# Gradients of interpolate (nearest, bilinear with and without align_corners, bicubic,
# nearest-exact, linear, by scale and by size), group_norm, repeat_interleave (int,
# tensor and flattened repeats), einsum (matmul, sums, batch, ellipsis, implicit output),
# logcumsumexp, topk, lerp, pixel_shuffle, unfold/fold, and nll_loss with every target
# ignored (zero gradients).
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
# Under WICK_COMPILE_ALL every function compiles: more versions than the default 8.
torch._dynamo.config.recompile_limit = 64
def show(name, t): print(name, [round(v, 4) for v in t.reshape(-1)[:6].tolist()], round(t.sum().item(), 2))
x = torch.randn(2, 3, 4, 5, requires_grad=True)
for mode, kw in [("nearest", {}), ("bilinear", {"align_corners": False}), ("bilinear", {"align_corners": True}), ("bicubic", {"align_corners": False}), ("nearest-exact", {})]:
    x.grad = None
    y = F.interpolate(x, scale_factor=1.7, mode=mode, **kw)
    (y * torch.arange(y.numel()).view(y.shape).float().sin()).sum().backward()
    show(mode + str(kw) + " " + y.grad_fn.name(), x.grad)
    x.grad = None
    y = F.interpolate(x, size=(7, 3), mode=mode, **kw)
    (y ** 2).sum().backward(); show(mode + " size", x.grad)
x1 = torch.randn(2, 3, 6, requires_grad=True)
(F.interpolate(x1, scale_factor=2, mode="linear") ** 2).sum().backward(); show("linear1d", x1.grad)
x1.grad = None
(F.interpolate(x1, size=4) ** 2).sum().backward(); show("nearest1d", x1.grad)
gn = nn.GroupNorm(3, 6)
z = torch.randn(2, 6, 3, 3, requires_grad=True)
(gn(z) * torch.randn(2, 6, 3, 3)).sum().backward(); show("groupnorm x", z.grad); show("gn w", gn.weight.grad); show("gn b", gn.bias.grad)
print(gn(z).grad_fn.name())
r = torch.randn(3, 4, requires_grad=True)
y = torch.repeat_interleave(r, 2, dim=1); (y * torch.arange(24.).view(3, 8)).sum().backward(); show("ri " + y.grad_fn.name(), r.grad)
r.grad = None
y = r.repeat_interleave(torch.tensor([1, 0, 3]), dim=0); (y ** 2).sum().backward(); show("ri tensor", r.grad)
r.grad = None
y = r.repeat_interleave(3); (y.cumsum(0)).sum().backward(); show("ri flat", r.grad)
a = torch.randn(3, 4, requires_grad=True); b = torch.randn(4, 5, requires_grad=True)
e = torch.einsum("ij,jk->ik", a, b); (e.sin()).sum().backward(); show("einsum a", a.grad); show("einsum b", b.grad)
a.grad = None
e = torch.einsum("ij->j", a); (e ** 2).sum().backward(); show("einsum sum", a.grad)
a.grad = None; b.grad = None
c3 = torch.randn(2, 3, 4, requires_grad=True)
e = torch.einsum("bij,jk->bik", c3, b); (e ** 2).sum().backward(); show("einsum batch", c3.grad); show("einsum batch b", b.grad)
c3.grad = None
e = torch.einsum("...ij,j->...i", c3, torch.ones(4)); (e ** 2).sum().backward(); show("einsum ell", c3.grad)
c3.grad = None
e = torch.einsum("bij,bij", c3, c3); e.backward(); show("einsum implicit", c3.grad)
l = torch.randn(2, 6, requires_grad=True)
y = torch.logcumsumexp(l, 1); (y * torch.randn(2, 6)).sum().backward(); show("lcse " + y.grad_fn.name(), l.grad)
t = torch.randn(3, 7, requires_grad=True)
v, i = t.topk(3, dim=1); (v * torch.tensor([1., 2., 3.])).sum().backward(); show("topk " + v.grad_fn.name(), t.grad)
p = torch.randn(4, requires_grad=True); q = torch.randn(4, requires_grad=True); w = torch.rand(4, requires_grad=True)
(torch.lerp(p, q, 0.3) ** 2).sum().backward(); show("lerp s", p.grad); show("lerp s q", q.grad)
p.grad = None; q.grad = None
(torch.lerp(p, q, w) ** 2).sum().backward(); show("lerp t", p.grad); show("lerp t w", w.grad)
ps = torch.randn(1, 8, 2, 3, requires_grad=True)
(F.pixel_shuffle(ps, 2) * torch.arange(48.).view(1, 2, 4, 6)).sum().backward(); show("pixshuf", ps.grad)
u = torch.randn(1, 2, 5, 5, requires_grad=True)
(F.unfold(u, 3, padding=1, stride=2) ** 2).sum().backward(); show("unfold", u.grad)
fo = torch.randn(1, 8, 4, requires_grad=True)
(F.fold(fo, (3, 3), 2) ** 2).sum().backward(); show("fold", fo.grad)
lp = torch.randn(2, 3, requires_grad=True)
loss = F.nll_loss(lp.log_softmax(1), torch.tensor([0, 0]), ignore_index=0); loss.backward(); print(lp.grad)
