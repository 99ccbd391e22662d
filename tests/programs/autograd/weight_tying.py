# Weight tying: an embedding shared with the output projection accumulates both
# gradients into one .grad, parameters() lists it once, a module used twice in one
# forward, a parameter shared across two layers via assignment, and training a tied
# language model a few steps keeps the tie.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


class TiedLM(nn.Module):
    def __init__(self, vocab=6, dim=4):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.mix = nn.Linear(dim, dim)
        self.head = nn.Linear(dim, vocab, bias=False)
        self.head.weight = self.emb.weight

    def forward(self, idx):
        return self.head(torch.tanh(self.mix(self.emb(idx))))


torch.manual_seed(52)
lm = TiedLM().double()
print("tied", lm.head.weight is lm.emb.weight, len(list(lm.parameters())))
print(sorted(n for n, _ in lm.named_parameters()))
idx = torch.tensor([[0, 3, 5], [2, 2, 1]])
tgt = torch.tensor([[3, 5, 1], [2, 1, 4]])
loss = F.cross_entropy(lm(idx).view(-1, 6), tgt.view(-1))
loss.backward()
print("loss", round(loss.item(), 6))
print("shared grad", r(lm.emb.weight.grad[:, 0]))

emb_only = lm.emb.weight.detach().clone().requires_grad_()
head_only = lm.emb.weight.detach().clone().requires_grad_()
h = torch.tanh(lm.mix(F.embedding(idx, emb_only)))
F.cross_entropy(F.linear(h, head_only).view(-1, 6), tgt.view(-1)).backward()
print("sum of parts", torch.allclose(lm.emb.weight.grad, emb_only.grad + head_only.grad))

opt = torch.optim.Adam(lm.parameters(), lr=0.05)
losses = []
for _ in range(4):
    opt.zero_grad()
    loss = F.cross_entropy(lm(idx).view(-1, 6), tgt.view(-1))
    loss.backward()
    opt.step()
    losses.append(round(loss.item(), 6))
print("train", losses, lm.head.weight is lm.emb.weight)

torch.manual_seed(53)
block = nn.Linear(3, 3).double()
x = torch.randn(2, 3, dtype=torch.float64, requires_grad=True)
block(torch.relu(block(x))).sum().backward()
print("reused module", r(block.weight.grad), r(block.bias.grad))

shared = nn.Parameter(torch.randn(3, dtype=torch.float64))
a = nn.Module()
b = nn.Module()
a.p = shared
b.p = shared
(a.p * 2 + b.p ** 2).sum().backward()
print("shared param", r(shared.grad))
container = nn.ModuleList([a, b])
print("listed once", len(list(container.parameters())))
