# Gradients of cross_entropy (class weights, ignore_index, label_smoothing, probability
# targets, K-dimensional inputs) and nll_loss (weights, ignore_index, 2-d) with every
# reduction.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


logits = torch.randn(4, 3, dtype=torch.float64)
target = torch.tensor([0, 2, 1, 2])
weight = torch.tensor([0.2, 1.0, 3.0], dtype=torch.float64)


def run(name, fn, x=logits):
    x = x.clone().requires_grad_()
    out = fn(x)
    if out.dim() > 0:
        out = (out * torch.arange(1.0, out.numel() + 1, dtype=torch.float64).view(out.shape)).sum()
    out.backward()
    print(name, round(out.item(), 6))
    print("  ", r(x.grad.reshape(-1)[:9]))


run("ce", lambda x: F.cross_entropy(x, target))
run("ce_w", lambda x: F.cross_entropy(x, target, weight=weight))
run("ce_w_sum", lambda x: F.cross_entropy(x, target, weight=weight, reduction="sum"))
run("ce_ignore", lambda x: F.cross_entropy(x, target, ignore_index=2))
run("ce_ignore_w", lambda x: F.cross_entropy(x, target, weight=weight, ignore_index=0))
run("ce_ls", lambda x: F.cross_entropy(x, target, label_smoothing=0.1))
run("ce_ls_w", lambda x: nn.CrossEntropyLoss(weight=weight, label_smoothing=0.2)(x, target))
run("ce_ls_none", lambda x: F.cross_entropy(x, target, label_smoothing=0.3, reduction="none"))
probs = torch.softmax(torch.randn(4, 3, dtype=torch.float64), 1)
run("ce_probs", lambda x: F.cross_entropy(x, probs))
run("ce_probs_ls", lambda x: F.cross_entropy(x, probs, label_smoothing=0.1, reduction="sum"))
img = torch.randn(2, 3, 2, 2, dtype=torch.float64)
img_t = torch.tensor([[[0, 1], [2, 1]], [[2, 2], [0, 1]]])
run("ce_2d", lambda x: F.cross_entropy(x, img_t), img)
run("ce_2d_none", lambda x: F.cross_entropy(x, img_t, reduction="none", ignore_index=1), img)

logp = torch.log_softmax(logits, 1)
run("nll", lambda x: F.nll_loss(x, target), logp)
run("nll_w", lambda x: nn.NLLLoss(weight=weight)(x, target), logp)
run("nll_ignore_none", lambda x: F.nll_loss(x, target, ignore_index=1, reduction="none"), logp)
run("nll_2d", lambda x: F.nll_loss(x, img_t, weight=weight), img)
