# Gradients through nn.MultiheadAttention (self-attention, kdim/vdim, key padding mask,
# attn_mask, batch_first, averaged attention weights) and a TransformerEncoderLayer
# (post- and pre-norm, gelu) in eval mode so dropout is off.
import torch
import torch.nn as nn

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


def params(mod):
    for pname, p in mod.named_parameters():
        if p.grad is not None:
            print("  " + pname, round(float(p.grad.sum()), 5) + 0.0,
                  round(float(p.grad.abs().sum()), 5))


torch.manual_seed(10)
mha = nn.MultiheadAttention(4, 2).double()
x = torch.randn(3, 2, 4, dtype=torch.float64, requires_grad=True)
out, w = mha(x, x, x)
print("self", tuple(out.shape), tuple(w.shape))
(out.pow(2).sum() + w[:, 0].sum()).backward()
print("  x", r(x.grad.sum((0, 1))))
params(mha)

mha = nn.MultiheadAttention(4, 2, kdim=3, vdim=5, batch_first=True).double()
q = torch.randn(2, 3, 4, dtype=torch.float64, requires_grad=True)
k = torch.randn(2, 4, 3, dtype=torch.float64, requires_grad=True)
v = torch.randn(2, 4, 5, dtype=torch.float64, requires_grad=True)
mask = torch.tensor([[False, False, True, False], [False, False, False, True]])
out, w = mha(q, k, v, key_padding_mask=mask)
(out * out).sum().backward()
print("kv", tuple(out.shape), r(w[0].sum(0)))
print("  q", r(q.grad.sum((0, 1))), "k", r(k.grad.sum((0, 1))), "v", r(v.grad.sum((0, 1))))
params(mha)

mha = nn.MultiheadAttention(4, 1, bias=False).double()
x = torch.randn(3, 1, 4, dtype=torch.float64, requires_grad=True)
causal = torch.triu(torch.full((3, 3), float("-inf"), dtype=torch.float64), 1)
out, _ = mha(x, x, x, attn_mask=causal, need_weights=False)
out.sum().backward()
print("causal", r(x.grad[:, 0].sum(1)))
params(mha)

for norm_first in (False, True):
    torch.manual_seed(11)
    layer = nn.TransformerEncoderLayer(4, 2, dim_feedforward=8, norm_first=norm_first,
                                       activation="gelu").double().eval()
    x = torch.randn(2, 3, 4, dtype=torch.float64, requires_grad=True)
    out = layer(x)
    (out * torch.linspace(-1, 1, 4, dtype=torch.float64)).sum().backward()
    print("encoder norm_first=%s" % norm_first, r(x.grad.sum((0, 1))))
    params(layer)
