# Gradients of F.scaled_dot_product_attention (PyTorch 2.x's math path): plain, causal,
# with a boolean and an additive attn_mask, and against the explicit
# softmax(q k^T / sqrt(d)) v formula.
import math

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


def inputs():
    torch.manual_seed(70)
    return [torch.randn(1, 2, 3, 4, dtype=torch.float64, requires_grad=True) for _ in range(3)]


def run(name, **kw):
    q, k, v = inputs()
    out = F.scaled_dot_product_attention(q, k, v, **kw)
    (out * torch.linspace(-1, 1, out.numel(), dtype=torch.float64).view(out.shape)).sum() \
        .backward()
    print(name, tuple(out.shape))
    print("  q", r(q.grad[0, 0].sum(0)), "k", r(k.grad[0, 1].sum(0)), "v", r(v.grad[0, 0, 0]))
    return q.grad, k.grad, v.grad


plain = run("plain")
run("causal", is_causal=True)
run("bool_mask", attn_mask=torch.tensor([[True, False, True], [True, True, False],
                                         [False, True, True]]))
run("add_mask", attn_mask=torch.tensor([[0.0, -1.0, 0.5], [0.0, 0.0, -2.0], [1.0, 0.0, 0.0]],
                                       dtype=torch.float64))

q, k, v = inputs()
att = torch.softmax(q @ k.transpose(-2, -1) / math.sqrt(4), -1)
out = att @ v
(out * torch.linspace(-1, 1, out.numel(), dtype=torch.float64).view(out.shape)).sum().backward()
print("explicit same", [torch.allclose(a, b) for a, b in zip(plain, (q.grad, k.grad, v.grad))])
