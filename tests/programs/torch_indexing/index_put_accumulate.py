# index_put_ with and without accumulate; repeated indices.
import torch

x = torch.zeros(5)
x.index_put_((torch.tensor([0, 2, 2]),), torch.tensor([1.0, 2.0, 3.0]), accumulate=True)
print(x)
y = torch.zeros(2, 3)
y.index_put_((torch.tensor([0, 1]), torch.tensor([2, 0])), torch.tensor(7.0))
print(y)
z = torch.zeros(4, dtype=torch.int64)
z[torch.tensor([1, 3])] += 5
print(z)
