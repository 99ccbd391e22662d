# F.one_hot, F.normalize and F.cosine_similarity (also torch.cosine_similarity): values,
# dtypes, broadcasting, eps, layouts and PyTorch's errors in PyTorch's order.
import torch
import torch.nn.functional as F


def t(f):
    try:
        r = f()
        print(r)
    except Exception as e:
        print(type(e).__name__, e)


torch.manual_seed(0)
a = torch.randn(5, 7)
b = torch.randn(5, 7)
t(lambda: F.cosine_similarity(a, b))
t(lambda: torch.cosine_similarity(a, b, dim=0))
t(lambda: F.cosine_similarity(a, b[0]))
t(lambda: F.cosine_similarity(a.double(), b))
t(lambda: F.cosine_similarity(torch.tensor([1, 2, 3]), torch.tensor([1., 2, 4]), dim=0))
t(lambda: F.cosine_similarity(torch.zeros(3), torch.tensor([1., 2, 4]), dim=0))
t(lambda: F.cosine_similarity(torch.tensor([1,2,3]), torch.tensor([1,2,4])))
t(lambda: F.cosine_similarity(torch.tensor([1,2,3]), torch.tensor([1.,2,4])))
t(lambda: F.cosine_similarity(torch.randn(2,3), torch.randn(2,4)))
t(lambda: F.cosine_similarity(torch.randn(2,3), torch.randn(2,4), dim=5))
t(lambda: F.cosine_similarity(torch.randn(2,3), torch.randn(2,3), dim=2))
t(lambda: F.cosine_similarity(torch.randn(4, 3, 6), torch.randn(4, 1, 6), dim=-1, eps=1e-3))
x = torch.randn(4, 6)
t(lambda: F.normalize(x))
t(lambda: F.normalize(x, dim=0))
t(lambda: F.normalize(x, p=1.0, dim=-1))
t(lambda: F.normalize(torch.zeros(2, 3)))
t(lambda: F.normalize(x.double(), p=3, eps=0.5))
t(lambda: F.normalize(torch.tensor([1, 2])))
t(lambda: F.normalize(x, dim=3))
t(lambda: F.one_hot(torch.tensor([0, 2, 1])))
t(lambda: F.one_hot(torch.tensor([[0, 2], [1, 4]]), 6))
t(lambda: F.one_hot(torch.tensor(3), 5))
t(lambda: F.one_hot(torch.tensor([], dtype=torch.int64), 4))
t(lambda: F.one_hot(torch.tensor([], dtype=torch.int64)))
t(lambda: F.one_hot(torch.tensor([1., 2.])))
t(lambda: F.one_hot(torch.tensor([1, 2], dtype=torch.int32), 3))
t(lambda: F.one_hot(torch.tensor([-1, 2])))
t(lambda: F.one_hot(torch.tensor([-1, 2]), 3))
t(lambda: F.one_hot(torch.tensor([1, 3]), 3))
t(lambda: F.one_hot(torch.tensor([0, 1]), 0))
t(lambda: F.one_hot(torch.tensor([0, 1]).t(), num_classes=2).stride())
r = F.one_hot(torch.tensor([[1], [0]]), 3)
print(r.dtype, r.shape, r.stride())
print(F.cosine_similarity(torch.randn(6, 40), torch.randn(6, 40), dim=1, eps=1e-6).dtype)
print(F.normalize(torch.randn(2, 3, 4), dim=1).sum().item())

# A 0-dim integer tensor stands for an int, as PyTorch's argument parser allows.
print(F.one_hot(torch.tensor([0, 2, 1]), num_classes=torch.tensor(4)))
print(F.one_hot(torch.tensor([0, 2, 1]), torch.tensor(3)))
t(lambda: F.one_hot(torch.tensor([0, 1]), torch.tensor(3.0)))
