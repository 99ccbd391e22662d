# torch.finfo / torch.iinfo (folded to constants in compiled code), the legacy torch.Tensor(...)
# constructor and nn.DataParallel on a CPU-only machine.
import torch
for d in (torch.float32, torch.float64):
    f=torch.finfo(d); print(f, f.bits, f.eps, f.max, f.min, f.tiny, f.smallest_normal, f.resolution, f.dtype, type(f))
print(torch.finfo())
for d in (torch.int32, torch.int64, torch.bool):
    try: i=torch.iinfo(d); print(i, i.bits, i.max, i.min, i.dtype)
    except Exception as e: print(type(e).__name__, e)
for a in (torch.int64, torch.bool, 3):
    try: torch.finfo(a)
    except Exception as e: print(type(e).__name__, e)
try: torch.iinfo(torch.float32)
except Exception as e: print(type(e).__name__, e)
print(torch.finfo(torch.float32) == torch.finfo(torch.float32), torch.finfo(torch.float32) is torch.finfo(torch.float32))
print(torch.nn.DataParallel, torch.Tensor(2,3).shape, torch.Tensor([1,2]), torch.Tensor(), torch.Tensor(torch.Size([2])).shape)
print(torch.Tensor(torch.ones(2)), torch.Tensor(torch.ones(2, dtype=torch.int64)))
m = torch.nn.DataParallel(torch.nn.Linear(2, 2))
print(m, isinstance(m, torch.nn.DataParallel), [n for n, _ in m.named_parameters()])
def f(x):
    return x.masked_fill(x > 0, torch.finfo(x.dtype).min) + torch.iinfo(torch.int32).max
print(torch.compile(f)(torch.tensor([1.0, -1.0])), f(torch.tensor([1.0, -1.0])))
