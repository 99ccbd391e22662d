# Gradients of nn.Embedding (repeated indices accumulate, padding_idx gets none, a
# float32 table), F.embedding with repeated indices and a 3-d index tensor, and an
# embedding feeding a linear layer trained one SGD step.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


emb = nn.Embedding(5, 3).double()
idx = torch.tensor([[0, 2, 2], [4, 0, 1]])
out = emb(idx)
print(out.grad_fn.name(), tuple(out.shape))
(out * torch.arange(18.0, dtype=torch.float64).view(2, 3, 3)).sum().backward()
print("rep", r(emb.weight.grad))

emb = nn.Embedding(5, 2, padding_idx=1).double()
print("pad row", emb.weight[1].tolist())
out = emb(torch.tensor([1, 3, 1, 0]))
out.sum().backward()
print("padding_idx", r(emb.weight.grad))

w = torch.randn(6, 2, dtype=torch.float64, requires_grad=True)
F.embedding(torch.tensor([5, 5, 2]), w).sum().backward()
print("functional", r(w.grad))


w = torch.randn(4, 3, dtype=torch.float64, requires_grad=True)
out = F.embedding(torch.tensor([[[0, 3], [3, 3]], [[1, 0], [2, 2]]]), w)
(out * torch.arange(24.0, dtype=torch.float64).view(2, 2, 2, 3)).sum().backward()
print("3d index", tuple(out.shape), r(w.grad))

torch.manual_seed(2)
emb = nn.Embedding(6, 4, padding_idx=0)
head = nn.Linear(4, 2)
opt = torch.optim.SGD(list(emb.parameters()) + list(head.parameters()), lr=0.5)
idx = torch.tensor([[0, 1, 5], [2, 0, 5]])
before = emb.weight.detach().clone()
loss = head(emb(idx).mean(1)).pow(2).sum()
loss.backward()
opt.step()
print("float32", round(loss.item(), 5), emb.weight.grad.dtype)
print("rows changed", [bool((emb.weight[i] != before[i]).any()) for i in range(6)])
print("step", r(emb.weight[5] - before[5]))
