# Gradients of KLDivLoss (batchmean, log_target), CosineEmbeddingLoss, MarginRankingLoss,
# TripletMarginLoss (swap, p=1), HingeEmbeddingLoss, SoftMarginLoss, MultiLabelSoftMargin,
# PoissonNLLLoss and GaussianNLLLoss.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


def run(name, fn, *tensors, labels=0):
    # The last `labels` tensors are targets/labels that do not require grad.
    n = len(tensors) - labels
    ins = [t.clone().requires_grad_() if i < n and t.is_floating_point() else t
           for i, t in enumerate(tensors)]
    out = fn(*ins)
    if out.dim() > 0:
        out = (out * torch.arange(1.0, out.numel() + 1, dtype=out.dtype).view(out.shape)).sum()
    out.backward()
    print(name, round(out.item(), 6))
    for t in ins:
        if t.requires_grad:
            print("  ", r(t.grad.reshape(-1)[:6]))


def rn(*shape):
    return torch.randn(*shape, dtype=torch.float64)


logp = torch.log_softmax(rn(3, 4), 1)
q = torch.softmax(rn(3, 4), 1)
run("kl_batchmean", lambda a, b: F.kl_div(a, b, reduction="batchmean"), logp, q)
run("kl_sum", nn.KLDivLoss(reduction="sum"), logp, q)
run("kl_log_target", lambda a, b: F.kl_div(a, b, reduction="batchmean", log_target=True),
    logp, q.log())
run("kl_none", lambda a, b: F.kl_div(a, b, reduction="none"), logp, q)
y = torch.tensor([1.0, -1.0, 1.0], dtype=torch.float64)
run("cosine_emb", nn.CosineEmbeddingLoss(margin=0.2), rn(3, 4), rn(3, 4), y, labels=1)
run("cosine_emb_none", nn.CosineEmbeddingLoss(reduction="none"), rn(3, 4), rn(3, 4), y,
    labels=1)
run("margin_rank", nn.MarginRankingLoss(margin=0.5), rn(5), rn(5),
    torch.tensor([1.0, -1.0, 1.0, -1.0, 1.0], dtype=torch.float64), labels=1)
run("triplet", nn.TripletMarginLoss(margin=1.0), rn(4, 3), rn(4, 3), rn(4, 3))
run("triplet_swap_p1", nn.TripletMarginLoss(margin=2.0, p=1, swap=True), rn(4, 3), rn(4, 3),
    rn(4, 3))
run("hinge", nn.HingeEmbeddingLoss(margin=1.5), rn(6),
    torch.tensor([1.0, -1.0, -1.0, 1.0, -1.0, 1.0], dtype=torch.float64), labels=1)
run("soft_margin", nn.SoftMarginLoss(), rn(2, 3),
    torch.tensor([[1.0, -1.0, 1.0], [-1.0, -1.0, 1.0]], dtype=torch.float64), labels=1)
run("multilabel_soft", nn.MultiLabelSoftMarginLoss(), rn(2, 3),
    torch.tensor([[1.0, 0.0, 1.0], [0.0, 0.0, 1.0]], dtype=torch.float64), labels=1)
run("poisson", nn.PoissonNLLLoss(), rn(5), torch.rand(5, dtype=torch.float64) * 3)
run("poisson_nolog", nn.PoissonNLLLoss(log_input=False, full=True), rn(5).abs() + 0.1,
    torch.tensor([0.0, 1.0, 2.0, 5.0, 1.0], dtype=torch.float64))
run("gaussian", nn.GaussianNLLLoss(), rn(4, 2), rn(4, 2), rn(4, 2).abs() + 0.1)
run("gaussian_full", nn.GaussianNLLLoss(full=True, reduction="sum"), rn(4, 2), rn(4, 2),
    rn(4, 1).abs() + 0.1)
