# Gradients of similarity and distance functions: F.cosine_similarity (dims, eps,
# broadcasting), nn.CosineSimilarity, F.pairwise_distance (p, keepdim), nn.PairwiseDistance
# and F.normalize with p=1.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


def run(name, fn, *shapes):
    ins = [torch.randn(*s, dtype=torch.float64, requires_grad=True) for s in shapes]
    y = fn(*ins)
    w = torch.linspace(-1.0, 2.0, y.numel(), dtype=torch.float64).view(y.shape)
    (y * w).sum().backward()
    print(name, tuple(y.shape), r(y.reshape(-1)[:4]))
    for t in ins:
        print("  ", r(t.grad.reshape(-1)[:6]))


run("cos", F.cosine_similarity, (3, 4), (3, 4))
run("cos_dim0", lambda a, b: F.cosine_similarity(a, b, dim=0), (3, 4), (3, 4))
run("cos_bcast", lambda a, b: F.cosine_similarity(a, b, dim=-1), (3, 4), (1, 4))
run("cos_mod", nn.CosineSimilarity(dim=1, eps=1e-6), (2, 3, 2), (2, 3, 2))
run("pdist2", F.pairwise_distance, (3, 4), (3, 4))
run("pdist1_keep", lambda a, b: F.pairwise_distance(a, b, p=1.0, keepdim=True), (3, 4), (3, 4))
run("pdist_mod", nn.PairwiseDistance(p=3.0), (3, 4), (3, 4))
run("normalize1", lambda a: F.normalize(a, p=1.0, dim=0), (3, 2))
