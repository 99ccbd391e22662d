# In-place random fills: normal_, uniform_ with parameters, on fresh and sliced tensors.
import torch

torch.manual_seed(0)
x = torch.empty(6)
print(x.normal_(), x.uniform_())
print(torch.empty(4).normal_(mean=2.0, std=0.5), torch.empty(4).uniform_(-1, 1))
y = torch.zeros(2, 4)
y[1].uniform_(10, 20)
print(y)
print(torch.empty(3, dtype=torch.float64).normal_())
