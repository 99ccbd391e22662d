# cumsum, softmax, log_softmax, logsumexp along dims.
import torch

x = torch.tensor([[1.0, 2.0, 3.0], [0.5, -1.0, 4.0]])
print(x.cumsum(0), x.cumsum(dim=1), torch.cumsum(torch.arange(5), 0))
print(torch.softmax(x, dim=1), x.softmax(0), torch.log_softmax(x, dim=1))
print(x.logsumexp(1), torch.logsumexp(x, dim=0, keepdim=True))
big = torch.tensor([1000.0, 1000.0, -1000.0])
print(big.softmax(0), big.log_softmax(0), big.logsumexp(0))
print(torch.softmax(torch.tensor([1, 2, 3]).float(), 0).sum())
print(torch.cumsum(torch.tensor([True, True, False]), 0))
