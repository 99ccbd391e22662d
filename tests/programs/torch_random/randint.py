# randint with low/high, sizes and dtypes.
import torch

torch.manual_seed(0)
print(torch.randint(10, (5,)), torch.randint(3, 8, (2, 3)))
print(torch.randint(0, 2, (8,), dtype=torch.int32), torch.randint(100, (3,)).dtype)
torch.manual_seed(1)
print(torch.randint(-5, 5, (10,)), torch.randint(2**40, (2,)))
print(torch.randint(5, (2,), dtype=torch.float32))
