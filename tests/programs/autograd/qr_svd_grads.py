# Gradients through QR (tall, square, wide, batched; Q and R both used) and singular
# values (svdvals, the nuclear norm), and QR's refusals (mode='r', complete with m > n).
import torch

torch.manual_seed(3)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).reshape(-1)[:8].tolist()


def check(name, fn, shape):
    a = torch.randn(*shape, dtype=torch.float64, requires_grad=True)
    out = fn(a)
    w = torch.linspace(-1.0, 1.5, out.numel(), dtype=torch.float64).view(out.shape)
    (out * w).sum().backward()
    print(name, tuple(out.shape), type(out.grad_fn).__name__, r(a.grad))


check("qr_r_tall", lambda a: torch.linalg.qr(a)[1], (4, 3))
check("qr_q_tall", lambda a: torch.linalg.qr(a)[0], (4, 3))
check("qr_qr_sum", lambda a: torch.linalg.qr(a)[0].sum(0) + torch.linalg.qr(a)[1].sum(0), (3, 3))
check("qr_wide_r", lambda a: torch.linalg.qr(a)[1], (2, 4))
check("qr_wide_q", lambda a: torch.linalg.qr(a)[0], (2, 4))
check("qr_batched", lambda a: torch.linalg.qr(a)[1], (2, 3, 2))
check("qr_complete_square", lambda a: torch.linalg.qr(a, mode="complete")[0], (3, 3))
check("svdvals", torch.linalg.svdvals, (4, 3))
check("svdvals_batched", torch.linalg.svdvals, (2, 2, 3))
check("nuclear", lambda a: torch.linalg.matrix_norm(a, "nuc").reshape(1), (3, 4))

for mode, shape in (("r", (3, 3)), ("complete", (4, 2))):
    a = torch.randn(*shape, requires_grad=True)
    try:
        q, rr = torch.linalg.qr(a, mode=mode)
        rr.sum().backward()
        print(mode, "no error")
    except RuntimeError as e:
        print(mode, "RuntimeError", e)
