# Result dtypes of reductions for each input dtype (argmax on bool is an error in 1.13).
import torch


def dtype_of(fn):
    try:
        return fn().dtype
    except RuntimeError as e:
        return "error: " + str(e)


for dt in [torch.float32, torch.float64, torch.int32, torch.int64, torch.bool]:
    t = torch.ones(2, 3, dtype=dt)
    row = [dt, t.sum().dtype, t.prod().dtype, t.max().dtype, dtype_of(t.argmax),
           t.amax(0).dtype, t.cumsum(0).dtype, t.all().dtype]
    print(*row)
print(torch.ones(3, dtype=torch.int32).sum(dtype=torch.float32))
print(torch.ones(2, 2).mean(dtype=torch.float64).dtype)
