# manual_seed then rand/randn: values bit-identical to PyTorch's CPU generator.
import torch

torch.manual_seed(0)
print(torch.rand(5))
print(torch.randn(5))
torch.manual_seed(0)
print(torch.rand(5))
torch.manual_seed(42)
print(torch.randn(2, 3), torch.rand(2, 2, dtype=torch.float64))
torch.manual_seed(123)
big = torch.randn(100)
print(big[:4], big[-4:], big.shape)
torch.manual_seed(7)
print(torch.randn(17)[-3:], torch.rand(17)[-3:])
