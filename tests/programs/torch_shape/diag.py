# diag (vector -> matrix, matrix -> diagonal copy), diagflat, diag_embed and diagonal,
# with offsets, layouts, dtypes and errors.
import torch

v = torch.tensor([1.0, 2.0, 3.0])
m = torch.arange(12).view(3, 4)
print(torch.diag(v))
print(torch.diag(v, 1))
print(v.diag(-2))
print(torch.diag(m), torch.diag(m, 1), torch.diag(m, -2))
d = torch.diag(m.t(), 1)
print(d, d.stride(), d.is_contiguous())
print(torch.diag(torch.tensor([True, False])))
print(torch.diag(torch.tensor([], dtype=torch.int32)))
print(torch.diag(torch.tensor([], dtype=torch.int32), 2))
print(torch.diagflat(m[:2, :2]))
print(torch.diagflat(torch.tensor([1, 2]), -1))
e = torch.arange(6.0).view(2, 3)
print(torch.diag_embed(e))
print(torch.diag_embed(e, 1, 0, 2))
print(torch.diag_embed(e, -1).shape, torch.diag_embed(e, -1).stride())
print(torch.diagonal(m, 1), torch.diagonal(m, -1, 1, 0))
print(m.diagonal().stride(), m.diagonal().storage_offset())

for g in [lambda: torch.diag(m, 5), lambda: torch.diag(m, -5),
          lambda: torch.diag(torch.zeros(2, 2, 2)), lambda: torch.diag(torch.tensor(3.0)),
          lambda: torch.diag_embed(e, 0, 1, 1), lambda: torch.diag_embed(e, 0, -1, 2),
          lambda: torch.diag_embed(e, 0, 0, 4), lambda: torch.diag_embed(torch.tensor(2.0))]:
    try:
        print(g())
    except Exception as e:
        print(type(e).__name__, e)
