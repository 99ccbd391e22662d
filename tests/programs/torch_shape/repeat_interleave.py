# repeat_interleave: int and Tensor repeats, with and without dim, output_size, the
# repeats-only form, dtypes, layouts and upstream's errors in upstream's order.
import torch

x = torch.tensor([[1, 2], [3, 4]])
print(torch.repeat_interleave(x, 2))
print(torch.repeat_interleave(x, 2, dim=0))
print(x.repeat_interleave(3, dim=-1))
print(x.repeat_interleave(torch.tensor([1, 2]), dim=1))
print(x.repeat_interleave(torch.tensor([2]), dim=1))
print(x.repeat_interleave(torch.tensor(3), dim=0))
print(torch.repeat_interleave(x, torch.tensor([1, 2], dtype=torch.int32), dim=0))
print(torch.repeat_interleave(x, torch.tensor([0, 1, 2, 3])))
print(torch.repeat_interleave(x, torch.tensor([1, 2]), dim=0, output_size=3))
print(torch.repeat_interleave(x, 2, dim=0, output_size=4))
print(torch.repeat_interleave(torch.tensor([1, 0, 3])))
print(torch.repeat_interleave(torch.tensor([2, 1], dtype=torch.int32)))
print(torch.repeat_interleave(torch.tensor([], dtype=torch.int64)))
print(torch.repeat_interleave(torch.tensor(5.0), 3))
print(torch.repeat_interleave(torch.tensor([True, False]), 2))
f = torch.arange(6.0).view(2, 3)
r = f.t().repeat_interleave(2, dim=1)
print(r, r.dtype, r.shape, r.stride())
print(torch.repeat_interleave(torch.zeros(2, 0), 2, dim=0).shape)
print(torch.repeat_interleave(f, 0, dim=0))

for g in [lambda: torch.repeat_interleave(torch.tensor([1.0, 2.0])),
          lambda: torch.repeat_interleave(torch.tensor([[1, 2]])),
          lambda: torch.repeat_interleave(torch.tensor([1, -1])),
          lambda: torch.repeat_interleave(x, -1),
          lambda: torch.repeat_interleave(x, torch.tensor([1, 2, 3]), dim=0),
          lambda: torch.repeat_interleave(x, torch.tensor([[1, 2]]), dim=5),
          lambda: torch.repeat_interleave(x, torch.tensor([True, False]), dim=0),
          lambda: torch.repeat_interleave(x, 2, dim=2),
          lambda: torch.repeat_interleave(torch.tensor(5.0), 3, dim=0),
          lambda: torch.repeat_interleave(x, torch.tensor([1, 2]), dim=0, output_size=4),
          lambda: torch.repeat_interleave(x, 2, dim=0, output_size=3),
          lambda: torch.repeat_interleave(torch.tensor([1, -1, 2]), output_size=2),
          lambda: torch.repeat_interleave(x, torch.tensor([1, 2, 3, 4]), output_size=-1)]:
    try:
        print(g())
    except Exception as e:
        print(type(e).__name__, e)
