# BCELoss, CosineEmbeddingLoss, MarginRankingLoss, HingeEmbeddingLoss, TripletMarginLoss,
# MultiLabelSoftMarginLoss, SoftMarginLoss, PoissonNLLLoss, GaussianNLLLoss: values for
# each reduction, weights, legacy arguments and the messages of bad inputs.
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F

warnings.simplefilter("ignore")

torch.manual_seed(0)
p = torch.rand(3, 4)
t = (torch.rand(3, 4) > 0.5).float()
w = torch.tensor([1.0, 2.0, 0.5, 0.0])
for red in ["mean", "sum", "none"]:
    print(red, nn.BCELoss(reduction=red)(p, t))
print(nn.BCELoss(weight=w)(p, t), F.binary_cross_entropy(p, t, w, reduction="sum"))
print(F.binary_cross_entropy(torch.tensor([0.0, 1.0]), torch.tensor([1.0, 0.0])))
print(nn.BCELoss(size_average=False)(p, t))

a = torch.randn(4, 5)
b = torch.randn(4, 5)
y = torch.tensor([1, -1, 1, -1])
print(nn.CosineEmbeddingLoss()(a, b, y), nn.CosineEmbeddingLoss(margin=0.2, reduction="none")(a, b, y))
print(F.cosine_embedding_loss(a[0], b[0], torch.tensor(-1)))
i1, i2 = torch.randn(6), torch.randn(6)
s = torch.tensor([1.0, -1, 1, 1, -1, -1])
print(nn.MarginRankingLoss()(i1, i2, s), nn.MarginRankingLoss(margin=0.5, reduction="sum")(i1, i2, s))
print(nn.HingeEmbeddingLoss()(i1, s), nn.HingeEmbeddingLoss(margin=2.0, reduction="none")(i1, s))
anc, pos, neg = torch.randn(3, 8), torch.randn(3, 8), torch.randn(3, 8)
print(nn.TripletMarginLoss()(anc, pos, neg), nn.TripletMarginLoss(margin=2.0, p=1, swap=True, reduction="none")(anc, pos, neg))
logits = torch.randn(3, 4)
print(nn.MultiLabelSoftMarginLoss()(logits, t), nn.MultiLabelSoftMarginLoss(weight=w, reduction="none")(logits, t))
print(nn.SoftMarginLoss()(logits, t * 2 - 1), nn.SoftMarginLoss(reduction="sum")(logits, t * 2 - 1))
rate = torch.rand(5) * 3
counts = torch.tensor([0.0, 1.0, 2.0, 5.0, 3.0])
print(nn.PoissonNLLLoss()(rate.log(), counts), nn.PoissonNLLLoss(log_input=False, full=True)(rate, counts))
print(F.poisson_nll_loss(rate, counts, log_input=False, reduction="none"))
mu, target, var = torch.randn(4, 2), torch.randn(4, 2), torch.rand(4, 2) + 0.1
print(nn.GaussianNLLLoss()(mu, target, var), nn.GaussianNLLLoss(full=True, reduction="sum")(mu, target, var))
print(F.gaussian_nll_loss(mu, target, var[:, 0]), F.gaussian_nll_loss(mu, target, var[:, :1], reduction="none"))
print(nn.BCELoss(), nn.TripletMarginLoss(), nn.GaussianNLLLoss())


def show(fn):
    try:
        fn()
    except Exception as e:
        print(type(e).__name__ + ":", e)


show(lambda: F.binary_cross_entropy(p, t[0]))
show(lambda: F.binary_cross_entropy(p + 1, t))
show(lambda: F.binary_cross_entropy(p, t, reduction="bad"))
show(lambda: F.cosine_embedding_loss(a, b, torch.ones(4, 1)))
show(lambda: F.cosine_embedding_loss(a, b, torch.tensor(1.0)))
show(lambda: F.margin_ranking_loss(i1, i2, s.view(2, 3)))
show(lambda: F.triplet_margin_loss(anc, pos[0], neg))
show(lambda: F.gaussian_nll_loss(mu, target, torch.ones(3)))
show(lambda: F.gaussian_nll_loss(mu, target, -var))
show(lambda: F.poisson_nll_loss(rate, counts, reduction="avg"))
show(lambda: F.multilabel_soft_margin_loss(logits, t, reduction="avg"))
