# torch.multinomial: the same samples as PyTorch 1.13 for a seed, with and without
# replacement, 1-D and 2-D, float32 and float64, zero probabilities, layouts and errors.
import torch

torch.manual_seed(0)
p = torch.tensor([0.1, 0.2, 0.3, 0.4])
print(torch.multinomial(p, 1))
print(torch.multinomial(p, 4))
print(torch.multinomial(p, 10, replacement=True))
print(torch.multinomial(p, 1, replacement=True))
print(p.multinomial(3))
w = torch.tensor([1.0, 0.0, 3.0, 0.0, 0.5])  # unnormalised weights
print(torch.multinomial(w, 3))
print(torch.multinomial(w, 8, True))
P = torch.rand(3, 5)
print(torch.multinomial(P, 2))
print(torch.multinomial(P, 6, True))
print(torch.multinomial(P.double(), 3))
print(torch.multinomial(P.double(), 7, True))
print(torch.multinomial(P.t(), 2))
print(torch.multinomial(torch.tensor([0.0, 0.0, 1.0]), 2))
big = torch.rand(2, 300)
print(torch.multinomial(big, 5))
print(torch.multinomial(big, 4, replacement=True))
s = torch.multinomial(P, 2)
print(s.dtype, s.shape, s.stride())
print(torch.rand(2))

for f in [lambda: torch.multinomial(p, 5), lambda: torch.multinomial(p, 0),
          lambda: torch.multinomial(torch.tensor([1, 2]), 1),
          lambda: torch.multinomial(torch.tensor(1.0), 1),
          lambda: torch.multinomial(torch.zeros(2, 2, 2), 1),
          lambda: torch.multinomial(torch.tensor([-1.0, 2.0]), 1),
          lambda: torch.multinomial(torch.tensor([-1.0, 2.0]), 2, True),
          lambda: torch.multinomial(torch.tensor([float("nan"), 2.0]), 2, True),
          lambda: torch.multinomial(torch.tensor([float("inf"), 2.0]), 2, True),
          lambda: torch.multinomial(torch.tensor([float("inf"), 2.0]), 1),
          lambda: torch.multinomial(torch.tensor([0.0, 0.0]), 1),
          lambda: torch.multinomial(torch.tensor([0.0, 0.0]), 2, True),
          lambda: torch.multinomial(torch.tensor([[1.0, 1.0], [0.0, 0.0]]), 1)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
